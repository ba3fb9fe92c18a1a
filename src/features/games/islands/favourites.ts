/**
 * Favourite hearts and lists in the browser (spec 2.13, 4 Favourites). Loaded with the shell
 * (boot.ts), never on a visitor's first paint, so the home page's JavaScript budget is untouched:
 * a visitor's heart stays the server's link to /login, which boot.ts turns into the login popup.
 *
 * Once the session store says logged in, every heart (`a.fav[data-fav]`, also in tiles added
 * later) becomes a toggle button with aria-pressed, the ids are loaded into $favouriteIds, and
 * the /favorite page and the home section (FavouriteList.astro) are filled with tiles made from
 * the page's template tiles (tiles.ts). Logging out turns
 * the buttons back into links.
 */
import { ApiFailure } from '../../../kernel/http/client.ts';
import { $favouriteIds, $favouriteList, clearFavourites, loadFavouriteIds, loadFavouriteList, toggleFavourite } from '../client/favourites.ts';
import { $isLogin } from '../../accounts/client.ts';
import { showDialog } from '../../../ui/stores/ui.ts';
import type { GameItem } from '../contract/catalogue.ts';
import { refuseTrial } from '../../accounts/client.ts';
import { loadLabels, pageLang, type Labels } from '../../../shell/labels.tsx';
import { tilesFor } from './tiles.ts';

/** Each toggle button and the link it replaced, to put back on logout. */
const links = new Map<HTMLButtonElement, HTMLAnchorElement>();
let observer: MutationObserver | null = null;
let labels: Promise<Labels> | null = null;

function upgrade(a: HTMLAnchorElement): void {
  const b = document.createElement('button');
  b.type = 'button';
  // Copies class, data-* (with Astro's scoped-style attribute) and the labels; drops href.
  for (const attr of Array.from(a.attributes)) if (attr.name !== 'href') b.setAttribute(attr.name, attr.value);
  b.dataset.labelAdd = a.getAttribute('aria-label') ?? '';
  b.append(...Array.from(a.childNodes));
  a.replaceWith(b);
  links.set(b, a);
  paint(b, $favouriteIds.get());
}

function upgradeAll(root: ParentNode = document): void {
  root.querySelectorAll<HTMLAnchorElement>('a.fav[data-fav]').forEach(upgrade);
}

function downgradeAll(): void {
  for (const [b, a] of links) {
    a.append(...Array.from(b.childNodes));
    if (b.isConnected) b.replaceWith(a);
  }
  links.clear();
}

function paint(b: HTMLButtonElement, ids: readonly string[]): void {
  const on = ids.includes(b.dataset.fav ?? '');
  b.setAttribute('aria-pressed', String(on));
  const label = (on ? b.dataset.labelRemove : b.dataset.labelAdd) ?? '';
  b.setAttribute('aria-label', label);
  b.title = label;
}

async function onClick(e: MouseEvent): Promise<void> {
  const b = (e.target as Element | null)?.closest?.('button.fav[data-fav]') as HTMLButtonElement | null;
  if (!b) return;
  e.preventDefault();
  try {
    await toggleFavourite({ nodeId: Number(b.dataset.fav), vendor: b.dataset.vendor ?? '', gameType: b.dataset.gameType ?? '' });
  } catch (err) {
    if (err instanceof ApiFailure && err.errorCode === 'account.trial') await refuseTrial(await (labels ??= loadLabels(pageLang())));
    else await showDialog({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
  }
}

function renderLists(list: readonly GameItem[] | null): void {
  document.querySelectorAll<HTMLElement>('[data-fav-list]').forEach((section) => {
    const grid = section.querySelector<HTMLElement>('[data-fav-grid]')!;
    const loading = section.querySelector<HTMLElement>('[data-fav-state="loading"]');
    const empty = section.querySelector<HTMLElement>('[data-fav-state="empty"]');
    if (loading) loading.hidden = list !== null;
    if (empty) empty.hidden = list === null || list.length > 0;
    if (section.dataset.favList === 'section') section.hidden = !list?.length;
    grid.replaceChildren(...tilesFor(list ?? []));
    upgradeAll(grid);
  });
}

/** The navigation's Favourites item leads a visitor to /login and a player to /favorite. */
function pointNav(logged: boolean): void {
  document.querySelectorAll<HTMLAnchorElement>('a[data-nav="FAV"][data-page]').forEach((a) => {
    a.dataset.loginHref ??= a.getAttribute('href') ?? '';
    a.setAttribute('href', logged ? a.dataset.page! : a.dataset.loginHref);
  });
}

/** Starts the hearts and lists; called once by the shell's boot. */
export function enhanceFavourites(): void {
  document.addEventListener('click', (e) => void onClick(e));
  $favouriteIds.subscribe((ids) => links.forEach((_a, b) => paint(b, ids)));
  $favouriteList.subscribe(renderLists);
  $isLogin.subscribe((logged) => {
    pointNav(logged);
    if (!logged) {
      observer?.disconnect();
      observer = null;
      downgradeAll();
      clearFavourites();
      return;
    }
    upgradeAll();
    observer = new MutationObserver((records) => {
      for (const r of records) r.addedNodes.forEach((n) => n instanceof Element && (n.matches('a.fav[data-fav]') ? upgrade(n as HTMLAnchorElement) : upgradeAll(n)));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    void loadFavouriteIds().catch(() => undefined);
    if (document.querySelector('[data-fav-list]')) void loadFavouriteList().catch(() => renderLists([]));
  });
}
