import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { game, vendor, winner } from '../../../../app/schema.ts';
import { seedCatalogue, seedDemoWinners } from '../../server/seed.ts';
import { categoriesWithVendors, listGames } from '../../server/queries.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { CATEGORY_ORDER } from '../../../../kernel/categories.ts';
import { GET as gameIconGet } from '../../endpoints/game-icon.ts';
import { GET as vendorLogoGet } from '../../endpoints/vendor-logo.ts';

const SIZE = 600;
const LIST = '/wps/relay/GCSGAME_gameList';
const ODD_NAME = '100% Wild_Card';
let t: TestDb;
let total: number;

type Item = {
  nodeId: number;
  gameName: string;
  gameType: string;
  vassalage: string;
  gameClassify: string;
  isNew: number;
  isHot: number;
  minBet: string;
  lineNum: number;
  iconUrl: string;
  isGame: string;
};

const list = async (query: Record<string, string | number> = {}) => {
  const r = await callApi(LIST, { query });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.value as { games: Item[]; pageNum: number; totalPages: number; totalCount: number };
};

/** Every game of a filtered list, page by page. */
async function all(query: Record<string, string | number> = {}): Promise<Item[]> {
  const out: Item[] = [];
  for (let page = 1; ; page++) {
    const v = await list({ ...query, pageSize: 100, pageNo: page });
    out.push(...v.games);
    if (page >= v.totalPages) return out;
  }
}

async function countWhere(where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(game)
    .where(where);
  return row!.n;
}

beforeAll(async () => {
  t = await openTestDb();
  expect(await seedCatalogue(t.db, { size: SIZE })).toEqual({ vendors: 29, games: SIZE });
  await seedDemoWinners(t.db, 60);
  // One game whose name holds LIKE wildcards, to prove they are matched literally.
  await t.db.insert(game).values({
    gameCode: 'pg_odd',
    gameName: ODD_NAME,
    searchName: ODD_NAME.toLowerCase(),
    gameType: 'RNG',
    vassalage: 'PG',
    gameClassify: 'SLOT',
    minBet: 10n,
    lineNum: 20,
    sort: 199_999, // last of the PG slots (category 0, vendor rank 1)
    seed: 7,
  });
  total = SIZE + 1;
});
afterAll(async () => {
  await t.dispose();
});

describe('seeding', () => {
  it('writes nothing the second time', async () => {
    expect(await seedCatalogue(t.db, { size: SIZE })).toEqual({ vendors: 0, games: 0 });
    expect(await countWhere(sql`true`)).toBe(total);
  });

  it('marks every vendor and winner as demo data', async () => {
    expect((await t.db.select().from(vendor)).every((v) => v.isDemo)).toBe(true);
    const winners = await t.db.select().from(winner);
    expect(winners).toHaveLength(60);
    expect(winners.every((w) => w.isDemo && /^[a-z]{2}\*\*\*\d{2}$/.test(w.customerName) && w.winAmount > 0n)).toBe(true);
  });
});

describe('game list', () => {
  it('answers 20 games by default, ordered by category, vendor-map order and sort', async () => {
    const v = await list();
    expect(v.games).toHaveLength(20);
    expect(v).toMatchObject({ pageNum: 1, totalCount: total, totalPages: Math.ceil(total / 20) });
    const games = await all();
    expect(games).toHaveLength(total);
    expect(new Set(games.map((g) => g.nodeId)).size).toBe(total);
    const typeRank = games.map((g) => CATEGORY_ORDER.indexOf(g.gameType as never));
    expect(typeRank).toEqual([...typeRank].sort((a, b) => a - b));
    const rngVendors = games.filter((g) => g.gameType === 'RNG').map((g) => brand().vendorMap.RNG!.indexOf(g.vassalage));
    expect(rngVendors).toEqual([...rngVendors].sort((a, b) => a - b));
  });

  it('presents games with 2-decimal money and a generated icon address', async () => {
    const [g] = (await list({ pageSize: 1 })).games;
    expect(g!.minBet).toMatch(/^\d+\.\d{2}$/);
    expect(g!.iconUrl).toMatch(/^\/img\/game\/RNG-\d+\.svg$/);
    expect(g).toMatchObject({ gameType: 'RNG', vassalage: 'JL', vendorName: 'JILI', isGame: 'GAME' });
  });

  it('pages to the last partial page, and past it answers no games with the same totals', async () => {
    const last = Math.ceil(total / 20);
    const v = await list({ pageNo: last });
    expect(v.games).toHaveLength(total - (last - 1) * 20);
    expect(v).toMatchObject({ pageNum: last, totalPages: last, totalCount: total });
    const past = await list({ pageNo: last + 5 });
    expect(past).toMatchObject({ games: [], pageNum: last + 5, totalPages: last, totalCount: total });
  });

  it('answers a page of 100 games at most: a bigger page size is taken as 100, a size below 1 is refused', async () => {
    expect((await list({ pageSize: 100 })).games).toHaveLength(100);
    // Real clients ask for 3000 to mean "all there is" (wire notes): clamped, with the true page count.
    const big = await list({ pageSize: 3000 });
    expect(big.games).toHaveLength(100);
    expect(big.totalPages).toBe(Math.ceil(total / 100));
    const r = await callApi(LIST, { query: { pageSize: 0 } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, errorCode: 'request.invalid' });
    expect(r.json.fieldErrors.pageSize).toBe('Must be at least 1');
  });

  it('filters by category, and a category total matches its games', async () => {
    for (const type of ['FISH', 'LIVE', 'ESPORTS']) {
      const games = await all({ gameType: type });
      expect(games.length).toBeGreaterThan(0);
      expect(games.every((g) => g.gameType === type)).toBe(true);
      expect((await list({ gameType: type })).totalCount).toBe(await countWhere(sql`${game.gameType} = ${type}`));
    }
  });

  it('lists every e-sports vendor under ESPORTS', async () => {
    const vendors = new Set((await all({ gameType: 'ESPORTS' })).map((g) => g.vassalage));
    expect(vendors).toEqual(new Set(brand().vendorMap.ESPORTS));
  });

  it('filters by vendor, also when the code comes in lower case', async () => {
    const upper = await all({ vassalage: 'PG' });
    expect(upper.length).toBeGreaterThan(10);
    expect(upper.every((g) => g.vassalage === 'PG')).toBe(true);
    expect((await list({ vassalage: 'pg' })).totalCount).toBe(upper.length);
    expect((await list({ vassalage: 'NOPE' })).totalCount).toBe(0);
  });

  it('filters by classification', async () => {
    const fishing = await all({ gameClassify: 'FISHING' });
    expect(fishing.length).toBeGreaterThan(0);
    expect(fishing.every((g) => g.gameClassify === 'FISHING' && g.gameType === 'FISH')).toBe(true);
  });

  it('filters new and hot games with 1 and ignores 0', async () => {
    const fresh = await all({ isNew: '1' });
    expect(fresh.length).toBe(await countWhere(sql`${game.isNew}`));
    expect(fresh.every((g) => g.isNew === 1)).toBe(true);
    const hot = await all({ isHot: 'true' });
    expect(hot.length).toBe(await countWhere(sql`${game.isHot}`));
    expect(hot.every((g) => g.isHot === 1)).toBe(true);
    expect((await list({ isNew: '0' })).totalCount).toBe(total);
  });

  it('keeps games playable with the given stake, and games with at least the given lines', async () => {
    const cheap = await all({ minBet: '0.05' });
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((g) => Number(g.minBet) <= 0.05)).toBe(true);
    expect(cheap.length).toBe(await countWhere(sql`${game.minBet} <= 5`));
    const wide = await all({ minLineNum: 243 });
    expect(wide.length).toBeGreaterThan(0);
    expect(wide.every((g) => g.lineNum >= 243)).toBe(true);
  });

  it('combines filters', async () => {
    const v = await list({ gameType: 'RNG', vassalage: 'PP', gameClassify: 'SLOT', minLineNum: 20 });
    expect(v.totalCount).toBe(await countWhere(sql`${game.gameType} = 'RNG' and ${game.vassalage} = 'PP' and ${game.gameClassify} = 'SLOT' and ${game.lineNum} >= 20`));
  });
});

describe('name search', () => {
  it('answers 32 games per page by default', async () => {
    const v = await list({ gameName: 'a' });
    expect(v.totalCount).toBeGreaterThan(32);
    expect(v.games).toHaveLength(32);
  });

  it('trims the text and ignores case', async () => {
    const plain = await list({ gameName: 'dragon' });
    expect(plain.totalCount).toBeGreaterThan(0);
    expect(await list({ gameName: '  dragon \t' })).toEqual(plain);
    expect(await list({ gameName: 'DrAgOn' })).toEqual(plain);
    expect(plain.games.every((g) => g.gameName.toLowerCase().includes('dragon'))).toBe(true);
  });

  it('matches anywhere in the name, and puts names that start with the text first', async () => {
    const [first] = (await list({ pageSize: 1 })).games;
    const middle = first!.gameName.slice(2, 8);
    expect((await all({ gameName: middle })).map((g) => g.nodeId)).toContain(first!.nodeId);

    const games = await all({ gameName: 'ma' });
    const starts = games.map((g) => g.gameName.toLowerCase().startsWith('ma'));
    expect(starts.includes(true) && starts.includes(false)).toBe(true);
    expect(starts).toEqual([...starts].sort((a, b) => Number(b) - Number(a)));
  });

  it('counts every match, including those past the first page', async () => {
    const games = await all({ gameName: 'e' });
    expect(games.length).toBe((await list({ gameName: 'e' })).totalCount);
    expect(games.length).toBe(await countWhere(sql`${game.searchName} like '%e%'`));
  });

  it('matches % and _ literally', async () => {
    for (const text of ['%', '_', '0% w', 'wild_card']) {
      const v = await list({ gameName: text });
      expect(
        v.games.map((g) => g.gameName),
        text,
      ).toEqual([ODD_NAME]);
    }
    expect((await list({ gameName: '10_%' })).totalCount).toBe(0);
    expect((await list({ gameName: 'wild\\' })).totalCount).toBe(0);
  });

  it('treats a blank search as no search', async () => {
    expect((await list({ gameName: '   ' })).totalCount).toBe(total);
  });

  it('finds nothing for a name no game has', async () => {
    expect(await list({ gameName: 'zzqx' })).toEqual({ games: [], pageNum: 1, totalPages: 0, totalCount: 0 });
  });
});

describe('refused input', () => {
  it.each([
    ['gameType', 'BINGO'],
    ['pageNo', '0'],
    ['pageNo', 'abc'],
    ['pageSize', '0'],
    ['pageSize', '1.5'],
    ['minBet', '1.234'],
    ['minBet', '-1'],
    ['isNew', 'yes'],
    ['minLineNum', '-3'],
    ['gameName', 'x'.repeat(65)],
  ])('refuses %s=%s with 400 and a field message', async (field, value) => {
    const r = await callApi(LIST, { query: { [field]: value } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, errorCode: 'request.invalid' });
    expect(typeof r.json.fieldErrors[field]).toBe('string');
  });

  it('refuses a bad rank-list limit or category, and never answers 500', async () => {
    const bad: Record<string, string | number>[] = [{ limitNum: 0 }, { limitNum: 51 }, { gameCategory: 'rng' }, { limitNum: "1'; drop table game;--" }];
    for (const query of bad) {
      const r = await callApi('/wps/relay/GCSGAME_getRankList', { query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(r.json.fieldErrors)).toHaveLength(1);
    }
  });
});

describe('hot games', () => {
  it('lists hot games by hot rank', async () => {
    const r = await callApi('/wps/relay/GCSGAME_hotGamesV2', { method: 'POST', body: {} });
    expect(r.status).toBe(200);
    const list = r.json.value.list as Item[];
    expect(list.length).toBe(await countWhere(sql`${game.isHot}`));
    expect(list.every((g) => g.isHot === 1)).toBe(true);
    const ranks = await t.db.select({ nodeId: game.nodeId }).from(game).where(eq(game.isHot, true)).orderBy(game.hotRank);
    expect(list.map((g) => g.nodeId)).toEqual(ranks.map((x) => x.nodeId));
  });

  it('filters hot games by the vendor in the body or the query', async () => {
    const vendorOfFirst = (await callApi('/wps/relay/GCSGAME_hotGamesV2', { method: 'POST' })).json.value.list[0].vassalage;
    const fromBody = await callApi('/wps/relay/GCSGAME_hotGamesV2', { method: 'POST', body: { vassalage: vendorOfFirst } });
    const fromQuery = await callApi('/wps/relay/GCSGAME_hotGamesV2', { method: 'POST', query: { vassalage: vendorOfFirst } });
    expect(fromBody.json.value.list.length).toBeGreaterThan(0);
    expect(fromBody.json.value.list.every((g: Item) => g.vassalage === vendorOfFirst)).toBe(true);
    expect(fromQuery.json.value).toEqual(fromBody.json.value);
  });
});

describe('vendor lanes and menus', () => {
  it('answers one lane per category in navigation order, vendors in vendor-map order, with counts', async () => {
    const r = await callApi('/wps/relay/GCSGAME_newGameVendor');
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    const lanes = r.json.value.data.lanes as {
      title: string;
      gameClassify: { key: string; vendors: string[] };
      cards: { vassalage: string; smallIcon: string; gameCount: number; gameType: string }[];
    }[];
    expect(lanes.map((l) => l.gameClassify.key)).toEqual([...CATEGORY_ORDER]);
    // The title is the game-type code the existing API's clients compare; the label is for people.
    expect(lanes.map((l) => l.title)).toEqual([...CATEGORY_ORDER]);
    expect((lanes[0] as unknown as { label: string }).label).toBe('Slots');
    for (const lane of lanes) {
      expect(lane.gameClassify.vendors).toEqual(brand().vendorMap[lane.gameClassify.key]);
      expect(lane.cards.map((c) => c.vassalage)).toEqual(lane.gameClassify.vendors);
      expect(lane.cards.every((c) => c.gameType === lane.gameClassify.key && c.smallIcon === `/img/vendor/${c.vassalage}.svg`)).toBe(true);
    }
    const counted = lanes.flatMap((l) => l.cards).reduce((n, c) => n + c.gameCount, 0);
    expect(counted).toBe(total);
  });

  it('labels lanes in the caller language', async () => {
    const r = await callApi('/wps/relay/GCSGAME_newGameVendor', { headers: { language: 'ES' } });
    expect(r.json.value.data.lanes[0].label).toBe('Tragamonedas');
  });

  it('lists the classifications each vendor offers per category', async () => {
    const r = await callApi('/wps/relay/GCSGAME_getVassGameType');
    const content = r.json.value.content;
    expect(Object.keys(content)).toEqual([...CATEGORY_ORDER]);
    expect(content.RNG.JL).toContain('SLOT');
    expect(content.FISH.JL).toEqual(['FISHING']);
    expect(content.ESPORTS.IMES).toEqual(['ESPORTS']);
  });

  it('answers the game menus bare, without the envelope', async () => {
    const r = await callApi('/lgw/games/game_menus');
    expect(r.status).toBe(200);
    expect(r.json.success).toBeUndefined();
    expect(r.json.menus.map((m: { route: string }) => m.route)).toEqual(['/rng', '/fish', '/pvp', '/live', '/lott', '/elott', '/sports', '/esports', '/cockfight']);
    expect(r.json.menus.find((m: { gameType: string }) => m.gameType === 'COCKFIGHT').vendors.map((v: { vassalage: string }) => v.vassalage)).toEqual(['SV3', 'WS168']);
  });

  it('answers a bare error, without success, on a gateway call', async () => {
    const r = await callApi('/lgw/games/game_menus', { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.json.success).toBeUndefined();
    expect(r.json.errorCode).toBe('request.method.invalid');
  });
});

describe('disabled vendors and games', () => {
  it('hides a disabled vendor from lists, lanes, menus and navigation, and shows it again', async () => {
    const before = (await list({ gameType: 'COCKFIGHT' })).totalCount;
    expect(before).toBeGreaterThan(0);
    await t.db
      .update(vendor)
      .set({ enabled: false })
      .where(sql`${vendor.code} in ('SV3', 'WS168')`);
    try {
      expect((await list({ gameType: 'COCKFIGHT' })).totalCount).toBe(0);
      expect((await list({ vassalage: 'SV3' })).totalCount).toBe(0);
      expect((await list({ gameName: 'sv388' })).totalCount).toBe(0);
      expect(await categoriesWithVendors(t.db)).toEqual(CATEGORY_ORDER.filter((c) => c !== 'COCKFIGHT'));
      const menus = (await callApi('/lgw/games/game_menus')).json.menus;
      expect(menus.some((m: { gameType: string }) => m.gameType === 'COCKFIGHT')).toBe(false);
      const sports = menus.find((m: { gameType: string }) => m.gameType === 'SPORTS');
      expect(sports.vendors.some((v: { vassalage: string }) => v.vassalage === 'SV3')).toBe(false);
    } finally {
      await t.db
        .update(vendor)
        .set({ enabled: true })
        .where(sql`${vendor.code} in ('SV3', 'WS168')`);
    }
    expect((await list({ gameType: 'COCKFIGHT' })).totalCount).toBe(before);
    expect(await categoriesWithVendors(t.db)).toEqual([...CATEGORY_ORDER]);
  });

  it('hides a disabled game', async () => {
    const [first] = (await list({ pageSize: 1 })).games;
    await t.db.update(game).set({ enabled: false }).where(eq(game.nodeId, first!.nodeId));
    try {
      expect((await list()).totalCount).toBe(total - 1);
      expect((await listGames(t.db, { name: first!.gameName, pageNo: 1, pageSize: 50 })).rows.map((g) => g.nodeId)).not.toContain(first!.nodeId);
    } finally {
      await t.db.update(game).set({ enabled: true }).where(eq(game.nodeId, first!.nodeId));
    }
  });
});

describe('rank list', () => {
  it('answers the 20 biggest wins, largest first, labelled as demo', async () => {
    const r = await callApi('/wps/relay/GCSGAME_getRankList');
    const list = r.json.value.list as { vo: { winAmount: string; demo: boolean; customerName: string; gameName: string; iconUrl: string } }[];
    expect(list).toHaveLength(20);
    const amounts = list.map((x) => Number(x.vo.winAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const [top] = await t.db.select({ w: sql<string>`max(${winner.winAmount})::text` }).from(winner);
    expect(list[0]!.vo.winAmount).toBe((Number(top!.w) / 100).toFixed(2));
    for (const { vo } of list) {
      expect(vo.demo).toBe(true);
      expect(vo.winAmount).toMatch(/^\d+\.\d{2}$/);
      expect(vo.customerName).toMatch(/^[a-z]{2}\*\*\*\d{2}$/);
      expect(vo.gameName.length).toBeGreaterThan(0);
      expect(vo.iconUrl).toMatch(/^\/img\/game\/[A-Z]+-\d+\.svg$/);
    }
  });

  it('honours limitNum and the category', async () => {
    expect((await callApi('/wps/relay/GCSGAME_getRankList', { query: { limitNum: 5 } })).json.value.list).toHaveLength(5);
    const fish = (await callApi('/wps/relay/GCSGAME_getRankList', { query: { gameCategory: 'FISH', limitNum: 50 } })).json.value.list;
    const fishWins = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(winner)
      .innerJoin(game, eq(game.nodeId, winner.nodeId))
      .where(eq(game.gameType, 'FISH'));
    expect(fish).toHaveLength(Math.min(50, fishWins[0]!.n));
    for (const { vo } of fish) {
      const [g] = await t.db.select({ type: game.gameType }).from(game).where(eq(game.nodeId, vo.nodeId));
      expect(g!.type).toBe('FISH');
    }
  });
});

describe('generated images', () => {
  const call = (handler: typeof gameIconGet, file: string) => handler({ params: { file } } as never) as Promise<Response> | Response;

  it('serves a game icon as a cacheable SVG, the same bytes every time', async () => {
    const res = await call(gameIconGet, 'FISH-42.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await res.text();
    expect(body).toMatch(/^<svg /);
    expect(await (await call(gameIconGet, 'FISH-42.svg')).text()).toBe(body);
  });

  it('answers 404 for a game icon name that is not canonical', async () => {
    for (const file of ['fish-42.svg', 'FISH-042.svg', 'NOPE-1.svg', 'FISH-42.png', 'FISH-42']) {
      expect((await call(gameIconGet, file)).status, file).toBe(404);
    }
  });

  it('serves the logo of a known vendor and 404 for an unknown or malformed code', async () => {
    const res = await call(vendorLogoGet, 'PG.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('PG Soft');
    for (const file of ['NOPE.svg', 'pg.svg', 'PG.png', '..%2FPG.svg']) expect((await call(vendorLogoGet, file)).status, file).toBe(404);
  });
});
