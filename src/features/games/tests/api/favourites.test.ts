/** Favourites (spec 4): ids and list, add and remove with their refusals, trial and guest callers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { walletUser } from '../../../../../tests/support/wallet.ts';
import { game, vendor } from '../../../../app/schema.ts';

const IDS = '/wps/relay/MCSFE_getFavoriteGames';
const LIST = '/wps/relay/MCSFE_getFavoriteGamesList';
const ADD = '/wps/relay/MCSFE_addFavoriteGameV2';
const REMOVE = '/wps/relay/MCSFE_removeFavoriteGameV2';

let t: TestDb;
const ids: number[] = [];
let disabledGame: number;
let offVendorGame: number;

beforeAll(async () => {
  t = await openTestDb();
  await t.db.insert(vendor).values([
    { code: 'FV', displayName: 'Fav Vendor', gameType: 'RNG' },
    { code: 'FL', displayName: 'Fish Vendor', gameType: 'FISH' },
    { code: 'FO', displayName: 'Off Vendor', gameType: 'RNG', enabled: false },
  ]);
  const row = (i: number, o: Partial<typeof game.$inferInsert> = {}) => ({
    gameCode: `fav-${i}`,
    gameName: `Fav Game ${i}`,
    searchName: `fav game ${i}`,
    gameType: 'RNG',
    vassalage: 'FV',
    gameClassify: 'SLOT',
    minBet: 10n,
    seed: i,
    ...o,
  });
  const inserted = await t.db
    .insert(game)
    .values([...Array.from({ length: 25 }, (_, i) => row(i)), row(100, { gameType: 'FISH', vassalage: 'FL' })])
    .returning({ nodeId: game.nodeId });
  ids.push(...inserted.map((r) => r.nodeId));
  [{ nodeId: disabledGame }] = (await t.db
    .insert(game)
    .values(row(200, { enabled: false }))
    .returning({ nodeId: game.nodeId })) as [{ nodeId: number }];
  [{ nodeId: offVendorGame }] = (await t.db
    .insert(game)
    .values(row(300, { vassalage: 'FO' }))
    .returning({ nodeId: game.nodeId })) as [{ nodeId: number }];
});
afterAll(() => t.dispose());

const body = (nodeId: number, o: Record<string, unknown> = {}) => ({ nodeId, vendor: 'FV', gameType: 'RNG', ...o });

describe('favourites of a player', () => {
  it('starts empty, adds, answers ids as strings newest first, and the list in the game-item shape', async () => {
    const u = await walletUser();
    expect((await u.call(IDS)).json).toEqual({ success: true, value: [] });
    expect((await u.call(LIST)).json.value).toEqual({ content: [], pageNum: 1, totalPages: 0 });

    const a = await u.call(ADD, { method: 'POST', body: body(ids[0]!) });
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    expect(a.json).toEqual({ success: true, value: null });
    // A string nodeId (as clients keep them) is accepted too.
    expect((await u.call(ADD, { method: 'POST', body: body(ids[1]!, { nodeId: String(ids[1]) }) })).status).toBe(200);

    expect((await u.call(IDS)).json.value).toEqual([String(ids[1]), String(ids[0])]);
    const list = (await u.call(LIST)).json.value;
    expect(list.pageNum).toBe(1);
    expect(list.totalPages).toBe(1);
    expect(list.content.map((g: { nodeId: number }) => g.nodeId)).toEqual([ids[1], ids[0]]);
    expect(list.content[0]).toMatchObject({ gameName: 'Fav Game 1', vassalage: 'FV', vendorName: 'Fav Vendor', gameType: 'RNG', minBet: '0.10' });
  });

  it('is idempotent: adding twice keeps one, removing an absent one succeeds', async () => {
    const u = await walletUser();
    for (let i = 0; i < 2; i++) expect((await u.call(ADD, { method: 'POST', body: body(ids[2]!) })).status).toBe(200);
    expect((await u.call(IDS)).json.value).toEqual([String(ids[2])]);
    for (let i = 0; i < 2; i++) {
      const r = await u.call(REMOVE, { method: 'DELETE', body: body(ids[2]!) });
      expect(r.json).toEqual({ success: true, value: null });
    }
    expect((await u.call(IDS)).json.value).toEqual([]);
    // Concurrent adds of the same game (a double click that beat the throttle) leave one row.
    await Promise.all(Array.from({ length: 5 }, () => u.call(ADD, { method: 'POST', body: body(ids[3]!) })));
    expect((await u.call(IDS)).json.value).toEqual([String(ids[3])]);
  });

  it('pages the list by 20 by default, and filters by gameType and vendor', async () => {
    const u = await walletUser();
    for (const id of ids.slice(0, 25)) await u.call(ADD, { method: 'POST', body: body(id) });
    await u.call(ADD, { method: 'POST', body: { nodeId: ids[25], vendor: 'FL', gameType: 'FISH' } });
    const p1 = (await u.call(LIST)).json.value;
    expect(p1.content).toHaveLength(20);
    expect(p1.totalPages).toBe(2);
    expect(p1.content[0].nodeId).toBe(ids[25]);
    const p2 = (await u.call(LIST, { query: { pageNo: 2 } })).json.value;
    expect(p2).toMatchObject({ pageNum: 2, totalPages: 2 });
    expect(p2.content).toHaveLength(6);
    const past = (await u.call(LIST, { query: { pageNo: 5 } })).json.value;
    expect(past).toEqual({ content: [], pageNum: 5, totalPages: 2 });
    const fish = (await u.call(LIST, { query: { gameType: 'FISH' } })).json.value;
    expect(fish.content.map((g: { nodeId: number }) => g.nodeId)).toEqual([ids[25]]);
    const fv = (await u.call(LIST, { query: { vendor: 'fv', pageSize: 100 } })).json.value;
    expect(fv.content).toHaveLength(25);
    // Another player's favourites are their own.
    const other = await walletUser();
    expect((await other.call(IDS)).json.value).toEqual([]);
  });

  it('refuses unknown and disabled games and a mismatched vendor or type, with a message in EN and ES', async () => {
    const u = await walletUser();
    const unknown = await u.call(ADD, { method: 'POST', body: body(99_999_999) });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ success: false, errorCode: 'game.not.found', message: 'This game does not exist' });
    const es = await u.call(ADD, { method: 'POST', body: body(99_999_999), headers: { language: 'ES' } });
    expect(es.json.message).toBe('Este juego no existe');

    const off = await u.call(ADD, { method: 'POST', body: body(disabledGame) });
    expect(off.status).toBe(409);
    expect(off.json).toMatchObject({ errorCode: 'game.disabled', message: 'This game is not available at the moment' });
    const offEs = await u.call(ADD, { method: 'POST', body: body(offVendorGame, { vendor: 'FO' }), headers: { language: 'ES' } });
    expect(offEs.json).toMatchObject({ errorCode: 'game.disabled', message: 'Este juego no está disponible en este momento' });

    const mismatch = await u.call(ADD, { method: 'POST', body: body(ids[0]!, { vendor: 'PG' }) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.errorCode).toBe('game.mismatch');
    expect((await u.call(ADD, { method: 'POST', body: body(ids[0]!, { gameType: 'FISH' }) })).json.errorCode).toBe('game.mismatch');

    const bad = await u.call(ADD, { method: 'POST', body: { nodeId: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errorCode).toBe('request.invalid');
    expect((await u.call(IDS)).json.value).toEqual([]);
  });

  it('hides a favourite whose game is later disabled from the list, but keeps its id and lets it be removed', async () => {
    const u = await walletUser();
    await u.call(ADD, { method: 'POST', body: body(ids[4]!) });
    await t.db.update(game).set({ enabled: false }).where(eq(game.nodeId, ids[4]!));
    try {
      expect((await u.call(LIST)).json.value.content).toEqual([]);
      expect((await u.call(IDS)).json.value).toEqual([String(ids[4])]);
      expect((await u.call(REMOVE, { method: 'DELETE', body: body(ids[4]!) })).status).toBe(200);
      expect((await u.call(IDS)).json.value).toEqual([]);
    } finally {
      await t.db.update(game).set({ enabled: true }).where(eq(game.nodeId, ids[4]!));
    }
  });
});

describe('callers without a real account', () => {
  it('answers a guest 401 login.not.session on every call', async () => {
    for (const [path, method] of [
      [IDS, 'GET'],
      [LIST, 'GET'],
      [ADD, 'POST'],
      [REMOVE, 'DELETE'],
    ] as const) {
      const r = await callApi(path, { method, body: method === 'GET' ? undefined : body(ids[0]!) });
      expect(r.status, path).toBe(401);
      expect(r.json).toMatchObject({ success: false, errorCode: 'login.not.session' });
    }
  });

  it('lets a trial account read (empty) favourites but refuses add and remove with account.trial', async () => {
    const u = await walletUser({ type: 4 });
    expect((await u.call(IDS)).json).toEqual({ success: true, value: [] });
    expect((await u.call(LIST)).json.value.content).toEqual([]);
    const add = await u.call(ADD, { method: 'POST', body: body(ids[0]!) });
    expect(add.status).toBe(403);
    expect(add.json.errorCode).toBe('account.trial');
    expect((await u.call(REMOVE, { method: 'DELETE', body: body(ids[0]!) })).json.errorCode).toBe('account.trial');
    expect((await u.call(IDS)).json.value).toEqual([]);
  });
});
