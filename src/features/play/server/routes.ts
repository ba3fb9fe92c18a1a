/** Handlers of the play calls (contract: src/features/play/contract/play.ts). */
import { refuseLaunch } from '../../protection/index.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { ownAddressPath, pageOrigin, siteOrigin } from '../../../kernel/http/origins.ts';
import {
  gameLaunchFB,
  gameTrialLaunch,
  isLotteryLaunch,
  launchGame,
  recentGame,
  roomList,
  sandboxRounds,
  sandboxSeed,
  sandboxSpin,
  sandboxState,
  sandboxTable,
  sandboxBlackjack,
  tableGameOf,
  tableLimits,
  tableSpots,
  spotTerms,
  type TableGame,
  sandboxVerify,
  sandboxReality,
  sandboxStop,
  liveBet,
  liveState,
  liveStream,
  liveTableOf,
  sportBookOf,
  sportsBet,
  sportsBook,
  sportsVerify,
  MAX_RETURN_MAJOR,
  type SportBook,
} from '../contract.ts';
import { bookNow, placeSportsBet, verifyFixture } from './sandbox/sports-book.ts';
import { eventStreamOf } from '../../../kernel/http/sse.ts';
import { clock } from '../../../kernel/clock.ts';
import { liveHistory, liveTableNow, placeLiveBet, tableAtOf, watchTables } from './sandbox/live-tables.ts';
import { pvpPlayOf, ROOM_RTP, SEAT_SPOT, type LivePlay } from '../contract/rooms.ts';
import type { TableAt } from '../contract/live.ts';
import { followTable } from './sandbox/live-hub.ts';
import { realityOf, stopGame } from './reality.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { callerSession, requireRealAccount, sessionOf } from '../../accounts/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { game, LOTTERY_PAGES } from '../../games/index.ts';
import { localizePath } from '../../../kernel/locales.ts';
import { gameProviderFor } from '../../../providers/games/index.ts';
import type { LottoLaunch } from '../../../providers/games/types.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { hit, LIMITS } from '../../../kernel/rate-limit.ts';
import type { z } from 'zod';
import { route, type HandlerContext } from '../../../kernel/http/dispatch.ts';
import * as sandbox from './sandbox/provider.ts';
import { playTable } from './sandbox/table-play.ts';
import { actOnHand, blackjackRules, dealHand, verifyBlackjack } from './sandbox/blackjack.ts';
import { isBlackjackGame } from '../contract/blackjack.ts';
import { balancesOf } from '../../wallet/index.ts';
import { gameIconUrl } from '../../games/index.ts';
import { forgetSessionForSpin, launch, LOTTERY_VENDORS, nodeIdOfGameId, recentGames, resolveSession, resolveSessionForSpin, sessionStillLive } from './play.ts';
import { activeGrant, freeSpinsView } from './free-spins.ts';

/** The free spins a real session's member holds on its game. */
async function freeSpinsOf(d: Awaited<ReturnType<typeof db>>, s: { demo: boolean; memberId: number | null; game: { nodeId: number } }) {
  if (s.demo || s.memberId === null) return null;
  const g = await activeGrant(d, s.memberId, s.game.nodeId);
  return g ? freeSpinsView(g) : null;
}

const HISTORY_SIZE = 10;

type LaunchQuery = z.output<typeof launchGame.query>;

/**
 * Opens a game for the caller: a member's session (real or demo), or none, for a guest's free
 * demo, counted per address (LIMITS.guestDemosPerIp).
 */
async function launchFor(query: LaunchQuery, ctx: HandlerContext, s: { memberId: number; sessionId: number } | null, demo: boolean, lotto?: LottoLaunch) {
  const database = await db();
  const nodeId = query.nodeId ?? (query.gameId !== undefined ? await nodeIdOfGameId(database, query.gameId, query.vassalage) : nodeIdOfRoom(query.roomId));
  const request = {
    memberId: s?.memberId ?? null,
    memberSessionId: s?.sessionId ?? null,
    nodeId,
    vassalage: query.vassalage,
    demo,
    roomId: query.roomId,
    backPath: query.backUrl === undefined ? null : ownAddressPath(query.backUrl),
    locale: ctx.locale,
    origin: siteOrigin(),
    publicOrigin: pageOrigin(ctx, ctx.url),
    ...(lotto ? { lotto } : {}),
  };
  if (!s) {
    const made = await hit(database, `guest-demo:ip:${ctx.ip}`, LIMITS.guestDemoWindowMs);
    if (made.count > LIMITS.guestDemosPerIp) throw new ApiError(429, 'game.guest.rate.limited');
  }
  const url = await launch(database, request);
  return { content: { game_url: url }, gameUrl: url };
}

/**
 * The lottery form of launchGame (wire notes): the lottery page of the game's vendor with its code
 * (spec 4: TCG_LOTTO_VN /vnLottery, TCG_SEA /seaLottery, LOTT and ELOTT /lottery), in the
 * caller's language; without a game code (or with lottoView=lobby) the page of the area, where the
 * player picks a game. The pages themselves take a real account's session, as every lottery call.
 */
async function lotteryLaunch(query: LaunchQuery, ctx: HandlerContext, s: { memberId: number; sessionId: number }) {
  await refuseLaunch(await db(), s.memberId);
  let path = query.lottoArea === 'SEA' ? LOTTERY_PAGES.TCG_SEA! : query.lottoArea === 'VN' || query.lottoArea === undefined ? LOTTERY_PAGES.TCG_LOTTO_VN! : LOTTERY_PAGES.LOTT!;
  let code: string | null = null;
  if (query.lottoGameCode) {
    const [g] = await (
      await db()
    )
      .select({ nodeId: game.nodeId, vassalage: game.vassalage, gameCode: game.gameCode, enabled: game.enabled })
      .from(game)
      .where(and(eq(game.gameCode, query.lottoGameCode), inArray(game.vassalage, [...LOTTERY_VENDORS])));
    if (!g) throw new ApiError(404, 'game.not.found');
    if (!g.enabled) throw new ApiError(409, 'game.disabled');
    // A lottery vendor switched to a real provider serves its own lobby: a launch like any game's
    // (real money only: the lottery has no free play).
    if (gameProviderFor(g.vassalage).code !== 'sandbox') {
      if (query.accountType === '0') throw new ApiError(409, 'game.demo.unavailable');
      const lotto = { area: query.lottoArea, prizeMode: query.lottoPrizeMode, view: query.lottoView };
      return launchFor({ ...query, nodeId: g.nodeId }, ctx, s, false, lotto);
    }
    path = LOTTERY_PAGES[g.vassalage]!;
    if (query.lottoView !== 'lobby') code = g.gameCode;
  }
  const url = new URL(localizePath(path, ctx.locale), pageOrigin(ctx, ctx.url));
  if (code) url.searchParams.set('gameCode', code);
  return { content: { game_url: url.toString() }, gameUrl: url.toString() };
}

/** The game a launch by roomId alone names ('1234-r2'); a room id without its game names none. */
function nodeIdOfRoom(roomId: string | undefined): number {
  const nodeId = roomId ? sandbox.parseRoomId(roomId)?.nodeId : null;
  if (!nodeId) throw new ApiError(400, 'game.room.invalid');
  return nodeId;
}

/** A typed stake in minor units, or a field error in the caller's language. */
function stake(text: string, ctx: HandlerContext): bigint {
  const v = parseMinor(text, brand().currencyDecimals);
  if (v === null || v <= 0n) throw new ApiError(400, 'request.invalid', {}, { bet: ctx.t('errors:field.invalid') });
  return v;
}

/** A table bet's stake in minor units, or an error under its field (`bets.<i>.amount`). */
function tableStake(text: string, ctx: HandlerContext, i: number): bigint {
  const v = parseMinor(text, brand().currencyDecimals);
  if (v === null || v <= 0n) throw new ApiError(400, 'request.invalid', {}, { [`bets.${i}.amount`]: ctx.t('errors:field.invalid') });
  return v;
}

/** A table game's rules for the game page (contract/tables.ts). */
function tableRulesOf(t: TableGame, minBet: bigint) {
  const decimals = brand().currencyDecimals;
  const limits = tableLimits(minBet);
  const spots = tableSpots(t).map((spot) => ({ spot, ...spotTerms(t, spot) }));
  return {
    kind: t.kind,
    wheel: t.kind === 'roulette' ? t.wheel : null,
    spots,
    bets: limits.chips.map((c) => formatMinor(c, decimals)),
    maxSpot: formatMinor(limits.maxSpot, decimals),
    rtp: Math.max(...spots.map((x) => x.rtp)),
    ...(t.kind === 'baccarat' && t.noCommission ? { noCommission: true } : {}),
  };
}

/**
 * A sandbox call's session; a session of another provider's game is not the sandbox's to serve.
 * The game page sends its tab's login too: a tab logged in as another member than the one who
 * launched the game is refused, so the page never mixes one member's bets with another's wallet.
 */
async function sandboxSession(token: string, ctx: HandlerContext, forSpin = false) {
  const s = forSpin ? await resolveSessionForSpin(await db(), token) : await resolveSession(await db(), token);
  if (s.provider !== 'sandbox') throw new ApiError(401, 'game.session.invalid');
  // A guest's demo belongs to no member: any tab may play it.
  const page = s.memberId === null ? null : await callerSession(ctx);
  if (page && page.memberId !== s.memberId) throw new ApiError(403, 'game.session.otherMember');
  return s;
}

/** The table a session's game plays: a single player's (RNG), a shared live one, or none (a slot). */
function tableOfSession(s: { gameType: string; game: { gameName: string } }): { table: TableGame; live: boolean } | null {
  const g = { gameType: s.gameType, gameName: s.game.gameName };
  const rng = tableGameOf(g);
  if (rng) return { table: rng, live: false };
  const live = liveTableOf(g);
  return live ? { table: live, live: true } : null;
}

const LIVE_HISTORY = 20;

type SessionLike = Parameters<typeof tableAtOf>[0] & { demo: boolean };

/** A shared table's session: a live table's, or a PVP game's room's (contract/rooms.ts); null for other games. */
function sharedOf(s: SessionLike): { play: LivePlay; at: TableAt } | null {
  const g = { gameType: s.gameType, gameName: s.game.gameName };
  const live = liveTableOf(g);
  if (live) return { play: live, at: { nodeId: s.game.nodeId, room: '' } };
  const pvp = pvpPlayOf(g);
  return pvp ? { play: pvp, at: tableAtOf(s) } : null;
}

/** A shared table's session, or 409 `game.live.notLive`; shared tables are played for real money only (409 `game.demo.unavailable`). */
function liveOf(s: SessionLike): { play: LivePlay; at: TableAt } {
  const shared = sharedOf(s);
  if (!shared) throw new ApiError(409, 'game.live.notLive');
  if (s.demo) throw new ApiError(409, 'game.demo.unavailable');
  return shared;
}

/** A PVP room's rules as the page draws them: its game, the room's stakes, the published return (contract/rooms.ts). */
function roomRulesOf(kind: 'bullBull' | 'teenPatti', room: string, roomName: string, bets: bigint[]) {
  const decimals = brand().currencyDecimals;
  return {
    kind,
    wheel: null,
    spots: [{ spot: SEAT_SPOT, pays: '', rtp: ROOM_RTP }],
    bets: bets.map((b) => formatMinor(b, decimals)),
    maxSpot: formatMinor(bets[bets.length - 1] ?? 0n, decimals),
    rtp: ROOM_RTP,
    live: true,
    room,
    roomName,
  };
}

/** A sports game's book (contract/sports.ts), or 409 `sports.notBook`; books take real money only (409 `game.demo.unavailable`). */
function bookOf(s: { gameType: string; demo: boolean; game: { gameName: string } }): SportBook {
  const book = sportBookOf({ gameType: s.gameType, gameName: s.game.gameName });
  if (!book) throw new ApiError(409, 'sports.notBook');
  if (s.demo) throw new ApiError(409, 'game.demo.unavailable');
  return book;
}

export const playRoutes = [
  route(launchGame, async ({ query }, ctx) => {
    const s = requireRealAccount(ctx);
    return isLotteryLaunch(query) ? lotteryLaunch(query, ctx, s) : launchFor(query, ctx, s, query.accountType === '0');
  }),

  route(gameTrialLaunch, async ({ query }, ctx) => {
    const s = await callerSession(ctx);
    // The lottery has no free play.
    if (isLotteryLaunch(query)) throw new ApiError(409, 'game.demo.unavailable');
    return launchFor(query, ctx, s, true);
  }),

  route(gameLaunchFB, async ({ query }, ctx) => {
    const s = await callerSession(ctx);
    const demo = query.accountType === '0';
    if (!s && !demo) throw new ApiError(401, 'login.not.session');
    if (s?.isTrial && !demo) throw new ApiError(403, 'account.trial');
    if (isLotteryLaunch(query)) {
      if (!s) throw new ApiError(401, 'login.not.session');
      if (s.isTrial) throw new ApiError(403, 'account.trial');
      return lotteryLaunch(query, ctx, s);
    }
    return launchFor(query, ctx, s, demo);
  }),

  route(roomList, async ({ query }, ctx) => {
    sessionOf(ctx);
    const [g] = await (await db()).select({ seed: game.seed, minBet: game.minBet, gameType: game.gameType, vassalage: game.vassalage }).from(game).where(eq(game.nodeId, query.nodeId));
    if (!g) throw new ApiError(404, 'game.not.found');
    if (query.vassalage && query.vassalage.trim().toUpperCase() !== g.vassalage) throw new ApiError(400, 'game.mismatch');
    // Only PVP games have rooms; others answer none.
    if (g.gameType !== 'PVP') return { list: [] };
    const decimals = brand().currencyDecimals;
    return {
      list: sandbox.roomsFor(sandbox.gameConfig(g.seed), g.minBet).map((r) => ({
        roomId: sandbox.roomIdOf(query.nodeId, r.roomId),
        roomName: ctx.t(`games:room.${r.roomId}`),
        minBet: formatMinor(r.bets[0]!, decimals),
        maxBet: formatMinor(r.bets.at(-1)!, decimals),
      })),
    };
  }),

  route(recentGame, async ({ query }, ctx) => {
    const s = sessionOf(ctx);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    // Trial accounts may not start games, so they have none: an empty list, as for favourites.
    if (s.isTrial) return { list: [], pageNum: page, totalPages: 0 };
    return recentGames(await db(), s.memberId, { page, pageSize, gameType: query.gameType, vassalage: query.vassalage });
  }),

  route(sandboxReality, async ({ query }, ctx) => realityOf(await db(), await sandboxSession(query.launch, ctx))),
  route(sandboxStop, async ({ body }, ctx) => ({ ended: await stopGame(await db(), (await sandboxSession(body.launch, ctx)).id) })),
  route(sandboxState, async ({ query }, ctx) => {
    const d = await db();
    const s = await sandboxSession(query.launch, ctx);
    const at = tableOfSession(s);
    const table = at?.table;
    const shared = sharedOf(s);
    // A PVP game's room: a showdown, or a shared table whose chips are the room's stakes.
    const room = shared?.at.room ? shared : null;
    const roomBets = room ? sandbox.sessionBets({ game: s.game, roomId: room.at.room }) : [];
    // A sports game's page reads its book (sportsBook); its member's seed pair plays no part in it.
    const book = sportBookOf({ gameType: s.gameType, gameName: s.game.gameName });
    const blackjack = isBlackjackGame({ gameType: s.gameType, gameName: s.game.gameName });
    const config = sandbox.gameConfig(s.game.seed);
    const decimals = brand().currencyDecimals;
    const balance = s.demo ? s.demoBalance! : (await balancesOf(d, [s.wallet])).get(s.wallet)!;
    return {
      game: { nodeId: s.game.nodeId, gameName: s.game.gameName, vendorName: s.vendorName, vassalage: s.game.vassalage, iconUrl: gameIconUrl(s.gameType, s.game.seed), gameType: s.gameType },
      demo: s.demo,
      balance: formatMinor(balance, decimals),
      wallet: s.demo ? null : { kind: s.fromGameWallet ? ('game' as const) : ('main' as const), vendor: s.game.vassalage },
      currency: brand().currency,
      rules: book
        ? { kind: 'book' as const, book, bets: [formatMinor(s.game.minBet, decimals)] }
        : blackjack
          ? blackjackRules(s.game.minBet)
          : room
            ? room.play.kind === 'room'
              ? roomRulesOf(room.play.game, room.at.room, ctx.t(`games:room.${room.at.room}`), roomBets)
              : { ...tableRulesOf(room.play, roomBets[0]!), live: true, room: room.at.room, roomName: ctx.t(`games:room.${room.at.room}`) }
            : table
              ? { ...tableRulesOf(table, s.game.minBet), ...(at.live ? { live: true } : {}) }
              : {
                  kind: config.kind,
                  reels: config.reels,
                  rows: config.rows,
                  symbols: [...config.symbols],
                  lines: config.lines.map((l) => [...l]),
                  minCount: config.minCount,
                  pays: config.pays.map((p) => [...p]),
                  strips: config.strips.map((st) => [...st]),
                  rtp: config.rtp,
                  bets: sandbox.sessionBets(s).map((b) => formatMinor(b, decimals)),
                },
      fairness: await sandbox.fairness(d, sandbox.seedOwnerOf(s), s.demo),
      history: book ? [] : shared ? (s.demo ? [] : await liveHistory(d, s.memberId!, shared.at, shared.play, s.game.gameName, HISTORY_SIZE)) : (await sandbox.rounds(d, s, 1, HISTORY_SIZE)).list,
      freeSpins: table || book || blackjack || room ? null : await freeSpinsOf(d, s),
    };
  }),

  route(sandboxSpin, async ({ body }, ctx) => {
    const s = await sandboxSession(body.launch, ctx, true);
    if (tableOfSession(s) || sharedOf(s) || isBlackjackGame({ gameType: s.gameType, gameName: s.game.gameName })) throw new ApiError(409, 'game.table.isTable');
    if (sportBookOf({ gameType: s.gameType, gameName: s.game.gameName })) throw new ApiError(409, 'sports.isBook');
    const bet = stake(body.bet, ctx);
    try {
      return await sandbox.spin(await db(), s, bet, body.idempotencyKey);
    } catch (err) {
      // A session not read for this spin whose statement wrote nothing: read it, play it so.
      if (!(err instanceof sandbox.SessionRecheck)) throw err;
      forgetSessionForSpin(body.launch);
      return sandbox.spin(await db(), await sandboxSession(body.launch, ctx), bet, body.idempotencyKey);
    }
  }),

  route(sandboxTable, async ({ body }, ctx) => {
    const s = await sandboxSession(body.launch, ctx);
    const at = tableOfSession(s);
    if (!at) throw new ApiError(409, 'game.table.notTable');
    if (at.live) throw new ApiError(409, 'game.live.shared');
    const table = at.table;
    const bets = body.bets.map((b, i) => ({ spot: b.spot, amount: tableStake(b.amount, ctx, i) }));
    const { round, fairness, balance } = await playTable(await db(), s, table, bets, body.idempotencyKey);
    return { round, fairness, balance };
  }),

  route(sandboxBlackjack, async ({ body }, ctx) => {
    const s = await sandboxSession(body.launch, ctx);
    if (!isBlackjackGame({ gameType: s.gameType, gameName: s.game.gameName })) throw new ApiError(409, 'game.blackjack.notBlackjack');
    if (body.action === 'deal') {
      if (body.bet === undefined) throw new ApiError(400, 'request.invalid', {}, { bet: ctx.t('errors:field.required') });
      const { round, fairness, balance } = await dealHand(await db(), s, stake(body.bet, ctx), body.idempotencyKey);
      return { round, fairness, balance };
    }
    if (body.roundId === undefined || body.step === undefined)
      throw new ApiError(
        400,
        'request.invalid',
        {},
        { ...(body.roundId === undefined ? { roundId: ctx.t('errors:field.required') } : {}), ...(body.step === undefined ? { step: ctx.t('errors:field.required') } : {}) },
      );
    const { round, fairness, balance } = await actOnHand(await db(), s, body.roundId, body.action, body.step, body.idempotencyKey);
    return { round, fairness, balance };
  }),

  route(sandboxSeed, async ({ body }, ctx) => {
    const s = await sandboxSession(body.launch, ctx);
    return sandbox.rotateSeed(await db(), sandbox.seedOwnerOf(s), s.demo, body.clientSeed);
  }),

  route(sandboxRounds, async ({ query }, ctx) => {
    const s = await sandboxSession(query.launch, ctx);
    const shared = sharedOf(s);
    if (shared) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      if (s.memberId === null) return { list: [], pageNum: pageNo, totalPages: pageNo };
      // One more than asked says whether another page follows.
      const list = await liveHistory(await db(), s.memberId, shared.at, shared.play, s.game.gameName, pageSize + 1, (pageNo - 1) * pageSize);
      return { list: list.slice(0, pageSize), pageNum: pageNo, totalPages: list.length > pageSize ? pageNo + 1 : pageNo };
    }
    return sandbox.rounds(await db(), s, query.pageNo ?? 1, query.pageSize ?? 20);
  }),

  route(sandboxVerify, async ({ query }, ctx) => {
    const [g] = await (await db()).select({ seed: game.seed, gameType: game.gameType, gameName: game.gameName }).from(game).where(eq(game.nodeId, query.nodeId));
    if (!g) throw new ApiError(404, 'game.not.found');
    if (query.engine !== 'slot' && isBlackjackGame(g)) return verifyBlackjack(query, query.actions, query.bet === undefined ? undefined : stake(query.bet, ctx));
    const pvp = pvpPlayOf(g);
    const table = query.engine === 'slot' ? null : (tableGameOf(g) ?? liveTableOf(g) ?? (pvp?.kind === 'room' ? { kind: pvp.game } : pvp));
    // A table round's draws need no stake: its bets are on the round (the history shows them).
    if (table) return sandbox.verifyTable(table, query);
    return sandbox.verify(g, { ...query, bet: query.bet === undefined ? undefined : stake(query.bet, ctx) });
  }),

  route(liveState, async ({ query }, ctx) => {
    const s = await sandboxSession(query.launch, ctx);
    const { play, at } = liveOf(s);
    const d = await db();
    // Looking at the table marks it watched (and opens a round when it rests).
    await watchTables(d, [at]);
    const [table, history, balances] = await Promise.all([liveTableNow(d, at), liveHistory(d, s.memberId!, at, play, s.game.gameName, LIVE_HISTORY), balancesOf(d, [s.wallet])]);
    return { table, history, balance: formatMinor(balances.get(s.wallet)!, brand().currencyDecimals) };
  }),

  route(liveBet, async ({ body }, ctx) => {
    const s = await sandboxSession(body.launch, ctx);
    const { play, at } = liveOf(s);
    const bets = body.bets.map((b, i) => ({ spot: b.spot, amount: tableStake(b.amount, ctx, i) }));
    return placeLiveBet(await db(), s, at, play, body.roundNo, bets, body.idempotencyKey);
  }),

  route(liveStream, async ({ query }, ctx) => {
    const s = await sandboxSession(query.launch, ctx);
    const { at } = liveOf(s);
    const d = await db();
    let latest: string | null = null;
    let sent: string | null = null;
    return eventStreamOf({
      name: 'play.live',
      follow: ({ wake }) =>
        followTable(at, (v) => {
          latest = JSON.stringify(v);
          wake();
        }),
      async catchUp(send) {
        if (latest !== null && latest !== sent) {
          sent = latest;
          // The view may have been read a while ago (a quiet window): the server's time is now.
          send('table', { ...(JSON.parse(latest) as object), serverNow: new Date(clock.now()).toISOString() });
        }
      },
      // The stream ends with the game session (a logout, the reality check's stop, its expiry).
      alive: () => sessionStillLive(d, query.launch),
    });
  }),

  route(sportsBook, async ({ query }, ctx) => {
    const s = await sandboxSession(query.launch, ctx);
    const book = bookOf(s);
    const d = await db();
    const now = clock.now();
    const decimals = brand().currencyDecimals;
    const [view, balances] = await Promise.all([bookNow(d, book, s.memberId!, now), balancesOf(d, [s.wallet])]);
    return {
      book,
      serverNow: new Date(now).toISOString(),
      ...view,
      balance: formatMinor(balances.get(s.wallet)!, decimals),
      minStake: formatMinor(s.game.minBet, decimals),
      maxReturn: formatMinor(BigInt(MAX_RETURN_MAJOR) * 10n ** BigInt(decimals), decimals),
    };
  }),

  route(sportsBet, async ({ body }, ctx) => {
    const s = await sandboxSession(body.launch, ctx);
    const book = bookOf(s);
    const v = parseMinor(body.stake, brand().currencyDecimals);
    if (v === null || v <= 0n) throw new ApiError(400, 'request.invalid', {}, { stake: ctx.t('errors:field.invalid') });
    return placeSportsBet(await db(), s, book, body.legs, v, body.acceptOdds, body.idempotencyKey);
  }),

  route(sportsVerify, async ({ query }) => {
    const v = await verifyFixture(await db(), query.fixtureId, query.serverSeed);
    if (!v) throw new ApiError(404, 'sports.fixture.unknown');
    return v;
  }),
];
