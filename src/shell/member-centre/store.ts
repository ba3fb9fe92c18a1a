/**
 * The member centre (spec 2.14, 2.1 'overlays with a remembered selected page'): which of its
 * pages is open, if any. The selected page is remembered in session storage, so the centre
 * opens again where the player left it during the session. Its address is
 * `/member?page=<page>` (docs/architecture.md, 'The member centre').
 */
import { atom } from 'nanostores';
import type { MemberCentrePage } from './pages.ts';

export type { MemberCentrePage } from './pages.ts';

/** Session storage: the last selected page. */
export const MEMBER_PAGE_KEY = 'memberCentrePage';
export const DEFAULT_MEMBER_PAGE: MemberCentrePage = 'wallet';

/** The open page of the overlay; null while it is closed. */
export const $memberCentre = atom<MemberCentrePage | null>(null);

/** The page the player selected last in this session (the default when none; the overlay shows its first page for a name it does not know). */
export function rememberedPage(): MemberCentrePage {
  try {
    const p = sessionStorage.getItem(MEMBER_PAGE_KEY);
    return p || DEFAULT_MEMBER_PAGE;
  } catch {
    return DEFAULT_MEMBER_PAGE;
  }
}

/** Opens the overlay on `page` (or the remembered page) and remembers it. */
export function openMemberCentre(page?: MemberCentrePage): void {
  const p = page ?? rememberedPage();
  try {
    sessionStorage.setItem(MEMBER_PAGE_KEY, p);
  } catch {
    /* storage unavailable */
  }
  $memberCentre.set(p);
}

/** Closes the overlay; the selected page stays remembered. */
export function closeMemberCentre(): void {
  $memberCentre.set(null);
}
