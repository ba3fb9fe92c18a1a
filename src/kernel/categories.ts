/**
 * Game categories and the routes that show them (spec 2.1 and 2.6). Shared by the server pages
 * and the browser, so both agree on which path means which category.
 */
export const CATEGORY_ORDER = ['RNG', 'FISH', 'PVP', 'LIVE', 'LOTT', 'ELOTT', 'SPORTS', 'ESPORTS', 'COCKFIGHT'] as const;
export type Category = (typeof CATEGORY_ORDER)[number];

/** Route segment of each category page. */
export const CATEGORY_ROUTE: Record<Category, string> = {
  RNG: 'rng',
  FISH: 'fish',
  PVP: 'pvp',
  LIVE: 'live',
  LOTT: 'lott',
  ELOTT: 'elott',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  COCKFIGHT: 'cockfight',
};

/** Game-list pages that are not one category. */
export const LIST_PAGES = ['hot', 'new', 'all', 'recommend'] as const;
export type ListPage = (typeof LIST_PAGES)[number];

/** Every game page route segment and what it lists; /inhouse is the spec's alias of RNG. */
export const GAME_PAGES: Record<string, { category?: Category; list?: ListPage }> = {
  ...Object.fromEntries(CATEGORY_ORDER.map((c) => [CATEGORY_ROUTE[c], { category: c }])),
  inhouse: { category: 'RNG' },
  hot: { list: 'hot' },
  new: { list: 'new' },
  all: { list: 'all' },
  recommend: { list: 'recommend' },
};

/** Page sizes of spec section 9. */
export const PAGE_SIZE = { search: 32, homeSection: 14, list: 20 } as const;

/** Tile colour style of spec 3: nodeId modulo 5 plus 1. */
export const tileStyle = (nodeId: number): number => (nodeId % 5) + 1;
