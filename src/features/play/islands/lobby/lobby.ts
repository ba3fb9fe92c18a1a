/**
 * The lobby in the browser, loaded with the shell (boot.ts), never on a visitor's first paint:
 * - the launch rules of spec 4 and 2.13 (src/features/games/client/launch.ts) for a logged-in player: every
 *   tile's Play, Demo and vendor Open link (`[data-launch]`, also in tiles added later) becomes a
 *   button, and a click on it (or on the tile's image) follows the rules; a visitor keeps the
 *   server's links to /login, which boot.ts turns into the login popup, except a free demo, which
 *   boot.ts launches as a guest's (launchGuestDemo);
 * - a launch (launcher.ts) opens the window at once, on the click (popup blockers allow only
 *   that), asks the server (launchGame) and then sends the window to the game's address; a blocked
 *   window or a refusal is said in a dialog and the blank window is closed; Play on a PVP game
 *   first opens the room picker (RoomPopup.tsx), whose room buttons launch with that room;
 * - the /recent page (components/games/RecentList.astro), filled from GCS_recentGame;
 * - the search modal, the vendor popup, the room picker and the e-game menu (a React root of
 *   their own, LobbyHost.tsx, loaded when one first opens).
 */
import { launchStep, type LaunchGame } from '../../../games/client.ts';
import { PENDING_LAUNCH_KEY } from '../../client/pending-launch.ts';
import { $egameMenu, $roomPopup, $searchOpen, $vendorPopup, openRooms, openVendor } from '../../client/lobby.ts';
import { clearRecent, loadRecent, moreRecent, recentGames } from '../../client/recent.ts';
import { $isLogin, $isTrial } from '../../../accounts/client.ts';
import { $popup, openPopup, showDialog } from '../../../../ui/stores/ui.ts';
import { refuseTrial } from '../../../accounts/client.ts';
import { fill, loadLabels, pageLang } from '../../../../shell/labels.tsx';
import { loadLobbyLabels } from './labels.ts';
import { launch } from './launcher.ts';
import { tilesFor } from '../../../games/client.ts';

export { openEgameMenu, openSearch } from '../../client/lobby.ts';

const prefix = () => (pageLang() === 'en' ? '' : `/${pageLang()}`);

// ---- Play / Demo / Open buttons ----

/** Each button and the link it replaced, to put back on logout. */
const links = new Map<HTMLButtonElement, HTMLAnchorElement>();
let observer: MutationObserver | null = null;

/** Buttons, not links: the image link (hidden from assistive technology) is only intercepted. */
const UPGRADE = 'a[data-launch]:not(.thumb)';

function upgrade(a: HTMLAnchorElement): void {
  const b = document.createElement('button');
  b.type = 'button';
  for (const attr of Array.from(a.attributes)) if (attr.name !== 'href') b.setAttribute(attr.name, attr.value);
  b.append(...Array.from(a.childNodes));
  a.replaceWith(b);
  links.set(b, a);
}

function upgradeAll(root: ParentNode = document): void {
  root.querySelectorAll<HTMLAnchorElement>(UPGRADE).forEach(upgrade);
}

function downgradeAll(): void {
  for (const [b, a] of links) {
    a.append(...Array.from(b.childNodes));
    if (b.isConnected) b.replaceWith(a);
  }
  links.clear();
}

/** The game a tile shows (its data-* attributes, see GameTile.astro). */
function tileGame(tile: HTMLElement): LaunchGame & { name: string; vendorName: string } {
  const d = tile.dataset;
  return {
    nodeId: Number(d.nodeId),
    vassalage: d.vassalage ?? '',
    gameType: (d.gameType ?? 'RNG') as LaunchGame['gameType'],
    gameCode: d.gameCode ?? '',
    isGame: d.isGame === 'VASSALAGE' ? 'VASSALAGE' : 'GAME',
    name: tile.querySelector('.name')?.textContent?.trim() ?? '',
    vendorName: tile.querySelector('.vendor')?.textContent?.trim() ?? '',
  };
}

/** A click on a tile's Play, Demo, Open or image, for a logged-in player. */
function onClick(e: MouseEvent): void {
  if (!$isLogin.get() || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const el = (e.target as Element | null)?.closest?.('[data-launch]') as HTMLElement | null;
  const tile = el?.closest<HTMLElement>('.tile[data-node-id]');
  if (!el || !tile) return;
  // Before boot.ts's handler (bubbling) would open /login's popup.
  e.preventDefault();
  const game = tileGame(tile);
  const demo = el.dataset.launch === '0';
  const step = launchStep(game, { login: $isLogin.get(), trial: $isTrial.get() }, demo);
  switch (step.kind) {
    case 'login':
      openPopup('login');
      return;
    case 'trial':
      void loadLabels(pageLang()).then(refuseTrial);
      return;
    case 'go':
      window.location.assign(`${prefix()}${step.path}`);
      return;
    case 'vendor':
      openVendor({ vassalage: game.vassalage, title: game.vendorName || game.name });
      return;
    case 'rooms':
      openRooms({ nodeId: game.nodeId, vassalage: game.vassalage, name: game.name });
      return;
    case 'launch':
      launch(game, { accountType: demo ? '0' : '1' });
  }
}

// ---- /recent ----

function renderRecent(): void {
  const section = document.querySelector<HTMLElement>('[data-recent-list]');
  if (!section) return;
  const s = recentGames.$state.get();
  const grid = section.querySelector<HTMLElement>('[data-recent-grid]')!;
  const show = (name: string, on: boolean) => {
    const el = section.querySelector<HTMLElement>(`[data-recent-state="${name}"]`);
    if (el) el.hidden = !on;
  };
  show('loading', s.status === 'loading' || s.status === 'idle');
  show('empty', s.status === 'ready' && s.list?.length === 0);
  show('error', s.status === 'error');
  const error = section.querySelector<HTMLElement>('[data-recent-error]');
  if (error) error.textContent = s.error ?? '';
  const more = section.querySelector<HTMLButtonElement>('[data-recent-more]')!;
  more.hidden = !recentGames.hasMore() || s.status === 'error';
  more.disabled = s.status === 'more';
  more.setAttribute('aria-busy', String(s.status === 'more'));
  // Pages are appended: only the tiles not shown yet are made.
  const list = s.list ?? [];
  const shown = grid.children.length;
  const same = shown <= list.length && Array.from(grid.children).every((li, i) => li.querySelector<HTMLElement>('.tile')?.dataset.nodeId === String(list[i]!.nodeId));
  if (same) grid.append(...tilesFor(list.slice(shown)));
  else grid.replaceChildren(...tilesFor(list));
  if ($isLogin.get()) upgradeAll(grid);
}

function startRecent(): void {
  const section = document.querySelector<HTMLElement>('[data-recent-list]');
  if (!section) return;
  recentGames.$state.subscribe(renderRecent);
  section.querySelector('[data-recent-more]')?.addEventListener('click', () => void moreRecent());
  section.querySelector('[data-recent-retry]')?.addEventListener('click', () => void recentGames.retry());
}

/** The navigation's Recent item leads a visitor to /login and a player to /recent. */
function pointNav(logged: boolean): void {
  document.querySelectorAll<HTMLAnchorElement>('a[data-nav="RECENT"][data-page]').forEach((a) => {
    a.dataset.loginHref ??= a.getAttribute('href') ?? '';
    a.setAttribute('href', logged ? a.dataset.page! : a.dataset.loginHref);
  });
}

// ---- the popups ----

let host: Promise<unknown> | null = null;
function mountHost(): void {
  host ??= Promise.all([import('./LobbyHost.tsx'), loadLobbyLabels()]).then(([m, labels]) => m.mountLobbyHost(labels));
  host.catch(() => (host = null));
}

let started = false;

/**
 * A visitor's click on a tile's free demo (boot.ts, which opened the window in the click): the
 * demo is for everyone (issue 17), launched as a guest's demo.
 */
export function launchGuestDemo(tile: HTMLElement, w: Window | null): void {
  const game = tileGame(tile);
  // The launch rules still decide: a lottery's or a vendor's demo is not a guest's to open.
  if (launchStep(game, { login: false, trial: false }, true).kind !== 'launch') {
    w?.close();
    openPopup('login');
    return;
  }
  launch(game, { accountType: '0', window: w });
}

/** A pending game is offered for 10 minutes after its Play. */
const PENDING_LAUNCH_MS = 10 * 60_000;

/**
 * Logged in after a Play asked for it (issue 17): the game is offered at once, with a Play
 * button (the game's window opens in that click, which popup blockers allow). A trial account is
 * not offered real play.
 */
function offerPendingLaunch(): void {
  let pending: { nodeId: number; vassalage: string; name: string; at: number } | null = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(PENDING_LAUNCH_KEY) ?? 'null');
  } catch {
    return;
  }
  const forget = () => {
    try {
      sessionStorage.removeItem(PENDING_LAUNCH_KEY);
    } catch {
      /* storage unavailable */
    }
  };
  if (!pending || !Number.isInteger(pending.nodeId) || Date.now() - pending.at > PENDING_LAUNCH_MS || $isTrial.get()) return forget();
  const game = pending;
  // After the login's own popups (the welcome, a new address's check) are done with; kept until
  // answered, so that the home page the login leads to (spec 4) offers it when this page is left.
  const offer = () =>
    void loadLobbyLabels().then((l) =>
      showDialog({ kind: 'confirm', text: fill(l.launch.afterLogin, { name: game.name }), confirmLabel: l.launch.play }).then((play) => {
        forget();
        if (play) launch({ nodeId: game.nodeId, vassalage: game.vassalage }, { accountType: '1' });
      }),
    );
  if (!$popup.get()) return offer();
  const stop = $popup.listen((p) => {
    if (p) return;
    stop();
    offer();
  });
}

/** Starts the lobby's browser parts; called once by the shell's boot. */
export function enhanceLobby(): void {
  if (started) return;
  started = true;
  document.addEventListener('click', onClick, true);
  const watch = (v: unknown) => v && mountHost();
  $egameMenu.subscribe(watch);
  $searchOpen.subscribe(watch);
  $vendorPopup.subscribe(watch);
  $roomPopup.subscribe(watch);
  startRecent();
  $isLogin.subscribe((logged) => {
    pointNav(logged);
    if (!logged) {
      observer?.disconnect();
      observer = null;
      downgradeAll();
      clearRecent();
      return;
    }
    upgradeAll();
    offerPendingLaunch();
    observer = new MutationObserver((records) => {
      for (const r of records) {
        r.addedNodes.forEach((n) => n instanceof Element && (n.matches(UPGRADE) ? upgrade(n as HTMLAnchorElement) : upgradeAll(n)));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    if (document.querySelector('[data-recent-list]')) void loadRecent().catch(() => undefined);
  });
}
