/** The browser's favourites store (spec 4, 9): throttle, skip when present, removal updates ids and list at once. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import type { CallDef } from '../../../kernel/contract.ts';

const sent: { name: string; body?: unknown; query?: unknown }[] = [];
const answers: Record<string, unknown> = {};
const login = atom(true);

vi.mock('../../accounts/client/session.ts', () => ({
  $isLogin: login,
  api: () => ({
    call: async (def: CallDef, input: { body?: unknown; query?: unknown } = {}) => {
      sent.push({ name: def.name, ...input });
      return answers[def.name] ?? null;
    },
  }),
}));

const store = await import('../client/favourites.ts');
const game = (nodeId: number) => ({ nodeId, vendor: 'JL', gameType: 'RNG' });
const item = (nodeId: number) => ({ nodeId }) as never;
let clock = 1_000_000;

beforeEach(() => {
  sent.length = 0;
  login.set(true);
  store.clearFavourites();
  clock += 10_000;
});

describe('favourites store', () => {
  it('loads nothing when not logged in', async () => {
    login.set(false);
    await store.loadFavouriteIds();
    await store.loadFavouriteList();
    expect(sent).toEqual([]);
    expect(store.$favouriteList.get()).toBeNull();
  });

  it('loads ids and the first page of 20 once logged in', async () => {
    answers.getFavoriteGames = ['7', '3'];
    answers.getFavoriteGamesList = { content: [item(7), item(3)], pageNum: 1, totalPages: 1 };
    await store.loadFavouriteIds();
    await store.loadFavouriteList();
    expect(store.$favouriteIds.get()).toEqual(['7', '3']);
    expect(store.$favouriteList.get()).toEqual([item(7), item(3)]);
    expect(sent[1]).toMatchObject({ name: 'getFavoriteGamesList', query: { pageNo: 1, pageSize: 20 } });
  });

  it('toggles: adds a non-favourite, removes a favourite, and keeps ids as strings', async () => {
    expect(await store.toggleFavourite(game(5), clock)).toBe('added');
    expect(sent).toEqual([{ name: 'addFavoriteGame', body: { nodeId: 5, vendor: 'JL', gameType: 'RNG' } }]);
    expect(store.$favouriteIds.get()).toEqual(['5']);
    expect(await store.toggleFavourite(game(5), clock + 1000)).toBe('removed');
    expect(sent[1]).toMatchObject({ name: 'removeFavoriteGame', body: { nodeId: 5 } });
    expect(store.$favouriteIds.get()).toEqual([]);
  });

  it('takes one action a second, leading call only', async () => {
    expect(await store.toggleFavourite(game(8), clock)).toBe('added');
    expect(await store.toggleFavourite(game(8), clock + 999)).toBe('skipped');
    expect(await store.toggleFavourite(game(9), clock + 500)).toBe('skipped');
    expect(sent.map((s) => s.name)).toEqual(['addFavoriteGame']);
    expect(await store.toggleFavourite(game(8), clock + 1000)).toBe('removed');
  });

  it('removal updates ids and the shown list at once', async () => {
    store.$favouriteIds.set(['4', '6']);
    store.$favouriteList.set([item(4), item(6)]);
    await store.toggleFavourite(game(4), clock);
    expect(store.$favouriteIds.get()).toEqual(['6']);
    expect(store.$favouriteList.get()).toEqual([item(6)]);
  });
});
