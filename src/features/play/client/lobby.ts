/**
 * The lobby's popups (spec 2.8): the game search and the game popup listing one vendor's games.
 * They sit apart from the accounts popup ($popup of ui.ts) so that a login asked for from a search
 * result opens above the search, which is still there once the player is logged in. The room
 * picker (a PVP game's rooms) is one more, and the e-game menu.
 */
import { atom } from 'nanostores';

/** The search modal: open with the search bar's text, or closed (null). */
export const $searchOpen = atom<{ initial: string } | null>(null);

export interface VendorPopup {
  vassalage: string;
  /** The vendor item's name, the popup's title. */
  title: string;
}
/** The vendor popup (isGame VASSALAGE items that have no category page). */
export const $vendorPopup = atom<VendorPopup | null>(null);

export function openSearch(initial = ''): void {
  $searchOpen.set({ initial });
}
export function closeSearch(): void {
  $searchOpen.set(null);
}
export function openVendor(v: VendorPopup): void {
  $vendorPopup.set(v);
}
export function closeVendor(): void {
  $vendorPopup.set(null);
}

/** The room picker: a PVP game played for real money, before its launch. */
export interface RoomPopup {
  nodeId: number;
  vassalage: string;
  /** The game's name (the popup's title). */
  name: string;
}
export const $roomPopup = atom<RoomPopup | null>(null);

export function openRooms(r: RoomPopup): void {
  $roomPopup.set(r);
}
export function closeRooms(): void {
  $roomPopup.set(null);
}

/** The e-game menu (spec 2.8): the RNG centre's vendors and their kinds of games, over the page. */
export const $egameMenu = atom<boolean>(false);

export function openEgameMenu(): void {
  $egameMenu.set(true);
}
export function closeEgameMenu(): void {
  $egameMenu.set(false);
}
