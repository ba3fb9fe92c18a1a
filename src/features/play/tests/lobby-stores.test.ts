/**
 * The lobby's browser stores and rules (spec 4 Search and Game launch, 5, 7, 9): paged lists that
 * append with More and drop stale answers; the search debounced 500 ms, trimmed, pages of 32,
 * clearing empties and reloads every game; recent games in pages of 20, nothing when logged out;
 * the launch rules in the spec's order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import type { CallDef } from '../../../kernel/contract.ts';
import type { Page } from '../../../ui/stores/paged.ts';

const sent: { name: string; query?: Record<string, unknown> }[] = [];
let answer: (name: string, query: Record<string, unknown>) => unknown = () => null;
const login = atom(true);

vi.mock('../../accounts/client/session.ts', () => ({
  $isLogin: login,
  api: () => ({
    call: async (def: CallDef, input: { query?: Record<string, unknown> } = {}) => {
      sent.push({ name: def.name, query: input.query });
      return answer(def.name, input.query ?? {});
    },
  }),
}));

const { pagedList } = await import('../../../ui/stores/paged.ts');
const search = await import('../client/search.ts');
const recent = await import('../client/recent.ts');
const { launchStep } = await import('../../games/client/launch.ts');

const game = (nodeId: number) => ({ nodeId }) as never;
/** A catalogue of `total` games answered in pages. */
const pages = (total: number) => (name: string, q: Record<string, unknown>) => {
  const size = Number(q.pageSize);
  const page = Number(q.pageNo ?? q.page);
  const list = Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) => game((page - 1) * size + i + 1));
  const totalPages = Math.ceil(total / size);
  return name === 'recentGame' ? { list, pageNum: page, totalPages } : { games: list, pageNum: page, totalPages, totalCount: total };
};

beforeEach(() => {
  sent.length = 0;
  login.set(true);
});

describe('paged list', () => {
  it('appends the next page with More and stops at the last', async () => {
    const l = pagedList((page) => Promise.resolve({ list: [game(page * 10), game(page * 10 + 1)], pageNum: page, totalPages: 2 }));
    await l.reload();
    expect(l.$state.get()).toMatchObject({ page: 1, totalPages: 2, status: 'ready' });
    expect(l.hasMore()).toBe(true);
    await l.more();
    expect(l.$state.get().list).toEqual([game(10), game(11), game(20), game(21)]);
    expect(l.hasMore()).toBe(false);
    await l.more();
    expect(l.$state.get().list).toHaveLength(4);
  });

  it('drops an answer that arrives after a newer load', async () => {
    const resolvers: ((v: Page<unknown>) => void)[] = [];
    const l = pagedList(() => new Promise<Page<unknown>>((r) => resolvers.push(r)));
    const first = l.reload();
    const second = l.reload();
    resolvers[1]!({ list: [game(2)], pageNum: 1, totalPages: 1 });
    resolvers[0]!({ list: [game(1)], pageNum: 1, totalPages: 1 });
    await Promise.all([first, second]);
    expect(l.$state.get().list).toEqual([game(2)]);
  });

  it('keeps the list on a failed More and retries that page', async () => {
    let fail = false;
    const l = pagedList((page) => (fail ? Promise.reject(new Error('Network link is abnormal')) : Promise.resolve({ list: [game(page)], pageNum: page, totalPages: 3 })));
    await l.reload();
    fail = true;
    await l.more();
    expect(l.$state.get()).toMatchObject({ status: 'error', error: 'Network link is abnormal', list: [game(1)] });
    fail = false;
    await l.retry();
    expect(l.$state.get()).toMatchObject({ status: 'ready', page: 2, list: [game(1), game(2)] });
  });
});

describe('search', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    answer = pages(70);
    search.stopSearch();
  });
  afterEach(() => vi.useRealTimers());

  it('searches the trimmed name 500 ms after the last keystroke, pages of 32', async () => {
    search.typeSearch('b');
    search.typeSearch('bo');
    await vi.advanceTimersByTimeAsync(499);
    search.typeSearch('  book ');
    await vi.advanceTimersByTimeAsync(499);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ name: 'gameList', query: { gameName: 'book', pageNo: 1, pageSize: 32 } }]);
    expect(search.$searchQuery.get()).toBe('book');
    expect(search.searchResults.$state.get().list).toHaveLength(32);
    // The same name with spaces around it searches nothing again.
    search.typeSearch('book  ');
    await vi.advanceTimersByTimeAsync(600);
    expect(sent).toHaveLength(1);
  });

  it('More appends the next page of the same name', async () => {
    await search.startSearch('book');
    await search.searchResults.more();
    expect(sent[1]).toEqual({ name: 'gameList', query: { gameName: 'book', pageNo: 2, pageSize: 32 } });
    expect(search.searchResults.$state.get().list).toHaveLength(64);
    await search.searchResults.more();
    expect(search.searchResults.$state.get().list).toHaveLength(70);
    expect(search.searchResults.hasMore()).toBe(false);
  });

  it('clearing empties the list at once and reloads the first page of every game', async () => {
    await search.startSearch('book');
    search.typeSearch('book x');
    search.typeSearch('   ');
    expect(search.searchResults.$state.get()).toMatchObject({ list: null, status: 'loading' });
    await vi.advanceTimersByTimeAsync(600);
    expect(sent.slice(1)).toEqual([{ name: 'gameList', query: { gameName: undefined, pageNo: 1, pageSize: 32 } }]);
    expect(search.$searchQuery.get()).toBe('');
    // Spaces in the empty field search nothing again.
    search.typeSearch('  ');
    await vi.advanceTimersByTimeAsync(600);
    expect(sent).toHaveLength(2);
  });
});

describe('recent games', () => {
  beforeEach(() => {
    answer = pages(25);
    recent.clearRecent();
  });

  it('loads nothing when not logged in', async () => {
    login.set(false);
    await recent.loadRecent();
    await recent.moreRecent();
    expect(sent).toEqual([]);
    expect(recent.recentGames.$state.get().list).toBeNull();
  });

  it('loads pages of 20 and appends More', async () => {
    await recent.loadRecent();
    expect(sent).toEqual([{ name: 'recentGame', query: { page: 1, pageSize: 20 } }]);
    await recent.moreRecent();
    expect(sent[1]).toEqual({ name: 'recentGame', query: { page: 2, pageSize: 20 } });
    expect(recent.recentGames.$state.get().list).toHaveLength(25);
    expect(recent.recentGames.hasMore()).toBe(false);
  });

  it('an empty history is an empty list, not a loading one', async () => {
    answer = () => ({ list: [], pageNum: 1, totalPages: 0 });
    await recent.loadRecent();
    expect(recent.recentGames.$state.get()).toMatchObject({ list: [], status: 'ready' });
    expect(recent.recentGames.hasMore()).toBe(false);
  });
});

describe('launch rules (spec 4, in order)', () => {
  const slot = { nodeId: 7, vassalage: 'JL', gameType: 'RNG', gameCode: 'jl_0007', isGame: 'GAME' } as const;
  const player = { login: true, trial: false };
  it('asks a visitor to log in, refuses a trial account, then routes', () => {
    expect(launchStep({ ...slot, vassalage: 'TCG_SEA' }, { login: false, trial: false })).toEqual({ kind: 'login' });
    expect(launchStep({ ...slot, vassalage: 'TCG_SEA' }, { login: true, trial: true })).toEqual({ kind: 'trial' });
    expect(launchStep(slot, player)).toEqual({ kind: 'launch' });
  });
  it('sends lottery vendors to their pages with the game code', () => {
    expect(launchStep({ ...slot, vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT' }, player)).toEqual({ kind: 'go', path: '/vnLottery?gameCode=jl_0007' });
    expect(launchStep({ ...slot, vassalage: 'TCG_SEA', gameType: 'LOTT' }, player)).toEqual({ kind: 'go', path: '/seaLottery?gameCode=jl_0007' });
    expect(launchStep({ ...slot, vassalage: 'LOTT', gameType: 'LOTT' }, player)).toEqual({ kind: 'go', path: '/lottery?gameCode=jl_0007' });
    expect(launchStep({ ...slot, vassalage: 'ELOTT', gameType: 'ELOTT' }, player)).toEqual({ kind: 'go', path: '/lottery?gameCode=jl_0007' });
  });
  it('sends vendor items to their category page or the vendor popup', () => {
    expect(launchStep({ ...slot, isGame: 'VASSALAGE', gameType: 'LIVE', vassalage: 'EVO' }, player)).toEqual({ kind: 'go', path: '/live?vassalage=EVO' });
    expect(launchStep({ ...slot, isGame: 'VASSALAGE', gameType: 'SPORTS', vassalage: 'SABA' }, player)).toEqual({ kind: 'vendor' });
  });
});
