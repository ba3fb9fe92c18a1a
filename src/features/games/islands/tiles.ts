/**
 * Game tiles made in the browser (search results, the vendor popup, favourites, recent games)
 * from the page's template tiles (components/games/TileTemplates.astro, rendered by the main
 * navigation): the same markup and styles as the server's tiles, so hearts, Play and Demo behave
 * the same (src/features/games/islands/favourites.ts and launch.ts act on them by their data-* attributes).
 */
import type { GameItem } from '../contract/catalogue.ts';
import { CATEGORY_VENDOR_TYPES } from '../client/launch.ts';
import { CATEGORY_ROUTE, tileStyle, type Category } from '../../../kernel/categories.ts';
import { pageLang } from '../../../shell/labels.tsx';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One tile (in an <li>) for `g`; null when the page has no template tile. */
export function tileFor(g: GameItem): HTMLLIElement | null {
  const kind = g.isGame === 'VASSALAGE' ? 'VASSALAGE' : 'GAME';
  const template = document.querySelector<HTMLTemplateElement>(`template[data-tile-template="${kind}"]`);
  if (!template) return null;
  const prefix = pageLang() === 'en' ? '' : `/${pageLang()}`;
  const html = template.innerHTML
    .replaceAll('%NAME%', escapeHtml(g.gameName))
    .replaceAll('%ICON%', escapeHtml(g.iconUrl))
    .replaceAll('%VENDORNAME%', escapeHtml(g.vendorName))
    .replaceAll('%VENDOR%', escapeHtml(g.vassalage))
    .replaceAll('%CODE%', escapeHtml(g.gameCode));
  const li = document.createElement('li');
  li.innerHTML = html;
  const tile = li.querySelector<HTMLElement>('.tile')!;
  Object.assign(tile.dataset, { nodeId: String(g.nodeId), vassalage: g.vassalage, gameType: g.gameType, gameCode: g.gameCode, isGame: g.isGame });
  tile.className = tile.className.replace(/\bstyle-\d\b/, `style-${tileStyle(g.nodeId)}`);
  const heart = li.querySelector<HTMLElement>('[data-fav]');
  if (heart) Object.assign(heart.dataset, { fav: String(g.nodeId), gameType: g.gameType });
  if (g.isHot !== 1) li.querySelector('.badge.hot')?.remove();
  if (g.isNew !== 1) li.querySelector('.badge.new')?.remove();
  if (g.supportPlay !== 0) li.querySelector('[data-launch="0"]')?.remove();
  const vendorPage = `${prefix}/${CATEGORY_ROUTE[g.gameType as Category] ?? 'all'}?vassalage=${encodeURIComponent(g.vassalage)}`;
  const name = li.querySelector<HTMLAnchorElement>('.name a');
  if (name) name.href = vendorPage;
  if (kind === 'VASSALAGE' && CATEGORY_VENDOR_TYPES.includes(g.gameType)) {
    // A vendor item with a category page is a plain link to it (spec 2.13).
    li.querySelectorAll<HTMLAnchorElement>('a[data-launch="vendor"]').forEach((a) => {
      a.href = vendorPage;
      a.removeAttribute('data-launch');
    });
  }
  return li;
}

/** Tiles for `games`, in order. */
export function tilesFor(games: readonly GameItem[]): HTMLLIElement[] {
  return games.map(tileFor).filter((li): li is HTMLLIElement => li !== null);
}
