/**
 * Launching games and the game sessions they open (contract: src/features/play/contract/play.ts).
 *
 * A launch checks the game (known, listed, not under maintenance, not a lottery, demo offered),
 * opens a game session named by a fresh 256-bit token (only its SHA-256 is stored), remembers the
 * game as recent, and asks the game's provider for the address the player's window opens.
 */
import { refuseLaunch } from '../../protection/index.ts';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { GameType } from '../../games/index.ts';
import { localizePath, type Locale } from '../../../kernel/locales.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { preparedPerDb } from '../../../kernel/db/statement.ts';
import { game, vendor } from '../../games/index.ts';
import { keepSessionAlive, member, memberSession, sessionTouchDue } from '../../accounts/index.ts';
import { freeSpinGrant, gameSeed, gameSession, memberRecentGame, sandboxRound } from './tables.ts';
import { forgetOperations } from '../../../kernel/idempotency.ts';
import { clock } from '../../../kernel/clock.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { gameProviderFor } from '../../../providers/games/index.ts';
import type { LottoLaunch } from '../../../providers/games/types.ts';
import { DEMO_START_BALANCE, gameConfig, parseRoomId, roomsFor, type PlaySession } from './sandbox/provider.ts';
import { gameAccount, mainAccount } from '../../wallet/index.ts';
import { LOTTERY_PAGES, presentGame, type GameRowView } from '../../games/index.ts';
import { gameColumns } from '../../games/index.ts';

/** Vendors whose games are launched from the lottery pages (spec 4 Game launch). */
export const LOTTERY_VENDORS = new Set(Object.keys(LOTTERY_PAGES));
/** A game session ends after this long without a call. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;

const hashLaunchToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LaunchRequest {
  /** The member launching; null: a guest's free demo (no login, play money only). */
  memberId: number | null;
  /** The login session launching: the game session lives only while it does (null for a guest). */
  memberSessionId: number | null;
  nodeId: number;
  vassalage?: string;
  demo: boolean;
  /** A PVP room as roomList names it ('1234-r2', or 'r2'); null or absent: every stake. */
  roomId?: string | null;
  /** Where the game's way back leads: a path on this site (ownAddressPath); null: the home page. */
  backPath?: string | null;
  locale: Locale;
  /** The site's origin as the caller reached it (a real vendor's wallet calls come back there). */
  origin?: string;
  /** The site's public address for this caller (SITE_URL, else the request's own): where the sandbox's page is. */
  publicOrigin?: string;
  /** launchGame's lottery form, for a lottery vendor served by a real provider. */
  lotto?: LottoLaunch;
  now?: number;
}

/**
 * The game a launch names by gameId alone (clients of the existing API): a nodeId in digits, or a
 * vendor's game code, with the vendor when the code alone is not enough.
 */
export async function nodeIdOfGameId(db: Db, gameId: string | undefined, vassalage?: string): Promise<number> {
  const id = gameId?.trim() ?? '';
  const vendorCode = vassalage?.trim().toUpperCase();
  // Digits alone are a nodeId, unless a vendor is named: many vendors' own codes are digits.
  if (/^\d{1,9}$/.test(id) && !vendorCode) return Number(id);
  const found = id
    ? await db
        .select({ nodeId: game.nodeId })
        .from(game)
        .where(and(eq(game.gameCode, id), vendorCode ? eq(game.vassalage, vendorCode) : undefined))
        .limit(2)
    : [];
  if (!found.length) {
    if (/^\d{1,9}$/.test(id)) return Number(id);
    throw new ApiError(404, 'game.not.found');
  }
  if (found.length > 1) throw new ApiError(400, 'game.mismatch');
  return found[0]!.nodeId;
}

/** Checks and opens a game session; answers the game_url. */
export async function launch(db: Db, req: LaunchRequest): Promise<string> {
  const [g] = await db
    .select({
      nodeId: game.nodeId,
      gameName: game.gameName,
      gameCode: game.gameCode,
      vassalage: game.vassalage,
      isGame: game.isGame,
      supportPlay: game.supportPlay,
      gameType: game.gameType,
      seed: game.seed,
      minBet: game.minBet,
      listed: sql<boolean>`${game.enabled} and ${vendor.enabled}`,
      maintenance: vendor.maintenance,
    })
    .from(game)
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .where(eq(game.nodeId, req.nodeId));
  if (!g) throw new ApiError(404, 'game.not.found');
  if (req.vassalage && req.vassalage.trim().toUpperCase() !== g.vassalage) throw new ApiError(400, 'game.mismatch');
  if (!g.listed) throw new ApiError(409, 'game.disabled');
  if (g.maintenance) throw new ApiError(503, 'game.maintenance');
  const provider = gameProviderFor(g.vassalage);
  // The sandbox's lottery games are played on the lottery pages; a real lottery vendor (switched on
  // as any vendor, GAME_HTTP_VENDORS) serves its own lobby, launched here like its other games.
  if (LOTTERY_VENDORS.has(g.vassalage) && provider.code === 'sandbox') throw new ApiError(409, 'game.launch.lottery');
  if (g.isGame === 'VASSALAGE') throw new ApiError(409, 'game.launch.vendor');
  if (req.demo && g.supportPlay !== 0) throw new ApiError(409, 'game.demo.unavailable');
  if (req.memberId === null && !req.demo) throw new ApiError(401, 'login.not.session');
  // Player protection: no real-money game while blocked or once the day's play time is used up.
  if (req.memberId !== null && !req.demo) await refuseLaunch(db, req.memberId);
  const room = req.roomId ? parseRoomId(req.roomId) : null;
  if (req.roomId) {
    const known = room && (room.nodeId === null || room.nodeId === g.nodeId) && roomsFor(gameConfig(g.seed), g.minBet).some((r) => r.roomId === room.room);
    if (g.gameType !== 'PVP' || !known) throw new ApiError(400, 'game.room.invalid');
  }

  const token = randomBytes(32).toString('base64url');
  const now = req.now ?? clock.now();
  await db.transaction(async (tx) => {
    await tx.insert(gameSession).values({
      tokenHash: hashLaunchToken(token),
      memberId: req.memberId,
      memberSessionId: req.memberSessionId,
      nodeId: g.nodeId,
      provider: provider.code,
      demo: req.demo,
      demoBalance: req.demo ? DEMO_START_BALANCE : null,
      roomId: room?.room ?? null,
      expiresAt: new Date(now + SESSION_IDLE_MS),
    });
    if (req.memberId === null) return;
    await tx
      .insert(memberRecentGame)
      .values({ memberId: req.memberId, nodeId: g.nodeId, lastLaunchedAt: new Date(now) })
      .onConflictDoUpdate({ target: [memberRecentGame.memberId, memberRecentGame.nodeId], set: { lastLaunchedAt: new Date(now) } });
  });
  return provider.launchUrl({
    token,
    demo: req.demo,
    gameCode: g.gameCode,
    vassalage: g.vassalage,
    locale: req.locale,
    playPath: (p) => localizePath(p, req.locale),
    origin: req.origin,
    publicOrigin: req.publicOrigin,
    backPath: req.backPath ?? null,
    ...(req.lotto ? { lotto: req.lotto } : {}),
  });
}

/** What resolving a launch token reads of its session, game and vendor (member and guest forms alike). */
const sessionColumns = {
  id: gameSession.id,
  provider: gameSession.provider,
  memberId: gameSession.memberId,
  demo: gameSession.demo,
  demoBalance: gameSession.demoBalance,
  roomId: gameSession.roomId,
  nodeId: game.nodeId,
  gameName: game.gameName,
  vassalage: game.vassalage,
  seed: game.seed,
  minBet: game.minBet,
  gameType: game.gameType,
  vendorName: vendor.displayName,
};

/** The live session of a launch token with its game, vendor, login session and member (prepared once: every spin reads it). */
const liveSessionQuery = preparedPerDb((db) =>
  db
    .select({
      ...sessionColumns,
      expiresAt: gameSession.expiresAt,
      memberSessionId: memberSession.id,
      memberSeenAt: memberSession.lastSeenAt,
      // Whether a paid spin must look at free spins first (free-spins.ts activeGrant's question, asked here to save a spin a round trip).
      hasFreeSpins: sql<boolean>`exists (select 1 from ${freeSpinGrant} f where f.member_id = ${gameSession.memberId} and f.node_id = ${gameSession.nodeId}
        and f.status = 'active' and f.spins_left > 0 and f.expires_at > ${sql.placeholder('now')})`,
    })
    .from(gameSession)
    .innerJoin(game, eq(game.nodeId, gameSession.nodeId))
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .innerJoin(memberSession, eq(memberSession.id, gameSession.memberSessionId))
    .innerJoin(member, eq(member.id, memberSession.memberId))
    .where(
      and(
        eq(gameSession.tokenHash, sql.placeholder('tokenHash')),
        gt(gameSession.expiresAt, sql.placeholder('now')),
        isNull(memberSession.revokedAt),
        gt(memberSession.expiresAt, sql.placeholder('now')),
        eq(member.status, 'active'),
      ),
    )
    .prepare('play.session.live'),
);

/**
 * The live session a launch token names, with its game; slides its expiry. Refuses an unknown or
 * expired token with 401 `game.session.invalid` (the page tells the player to launch again), and
 * so a token whose login session has ended (logout, expiry, a password change) or whose member an
 * operator froze: a game acts only while the login that launched it does. Playing keeps that
 * login alive, as any call with its token would.
 */
export async function resolveSession(db: Db, token: string, now = clock.now()): Promise<ResolvedSession> {
  return (await readSession(db, token, now)).session;
}

/** Whether a launch token's session is live now (asked by a stream's heartbeat): read only, so watching alone slides no expiry. */
export async function sessionStillLive(db: Db, token: string, now = clock.now()): Promise<boolean> {
  const [found] = await liveSessionQuery(db).execute({ tokenHash: hashLaunchToken(token), now: new Date(now).toISOString() });
  return !!found;
}

type ResolvedSession = PlaySession & { gameType: GameType; vendorName: string; provider: string };

/** resolveSession's read, with the live row it found (null for a guest's session). */
async function readSession(db: Db, token: string, now: number) {
  // One read: the session with its game, vendor, login session and member. Its expiry slides only
  // when it has moved on by a minute (below): a spin then reads and writes no session row, where
  // it used to rewrite it every time (issue 35).
  const at = new Date(now).toISOString();
  const [found] = await liveSessionQuery(db).execute({ tokenHash: hashLaunchToken(token), now: at });
  if (found) await slideExpiry(db, found.id, found.expiresAt, now);
  if (found) await keepSessionAlive(db, found.memberSessionId, found.memberSeenAt, now);
  const row = found ?? (await resolveGuestSession(db, token, now));
  if (!row) throw new ApiError(401, 'game.session.invalid');
  const fromGameWallet = !brand().wallet.singleWallet;
  const memberId = row.memberId;
  const session: ResolvedSession = {
    id: row.id,
    provider: row.provider,
    memberId,
    demo: row.demo,
    demoBalance: row.demoBalance,
    roomId: row.roomId,
    game: { nodeId: row.nodeId, gameName: row.gameName, vassalage: row.vassalage, seed: row.seed, minBet: row.minBet },
    gameType: row.gameType as GameType,
    vendorName: row.vendorName,
    // A guest has no wallet: its demo's play money is on the session.
    wallet: memberId === null ? '' : fromGameWallet ? gameAccount(memberId, row.vassalage) : mainAccount(memberId),
    fromGameWallet,
    hasFreeSpins: 'hasFreeSpins' in row ? Boolean(row.hasFreeSpins) : undefined,
  };
  return { session, found: found ?? null };
}

/**
 * Sessions this process read for spins lately, by token hash (bounded, oldest dropped first), with
 * the expiry and last-seen time they have now. A spin within READ_FOR_SPINS_MS of the read, when
 * neither would be written again (slideExpiry's and keepSessionAlive's rules), skips the read: the
 * spin's statement checks the session instead (PlaySession.unchecked), so a logout, a ban or an
 * expiry in any process stops the next spin all the same (issue 33: a round trip of a spin's two).
 * Only real-money sandbox sessions without free spins; anything else is read every time.
 */
const readForSpins = new Map<string, { session: ResolvedSession; expiresAt: number; seenAt: number; readAt: number }>();
const READ_FOR_SPINS_MAX = 10_000;
const READ_FOR_SPINS_MS = 20_000;

/** resolveSession for a paid spin: the session as lately read, unchecked (see readForSpins), or read now. */
export async function resolveSessionForSpin(db: Db, token: string, now = clock.now()): Promise<ResolvedSession> {
  const hash = hashLaunchToken(token);
  const hit = readForSpins.get(hash);
  if (hit && now - hit.readAt < READ_FOR_SPINS_MS && !slideDue(hit.expiresAt, now) && !sessionTouchDue(new Date(hit.seenAt), now)) {
    return { ...hit.session, unchecked: true };
  }
  readForSpins.delete(hash);
  const { session, found } = await readSession(db, token, now);
  if (found && session.provider === 'sandbox' && !session.demo && session.hasFreeSpins === false) {
    if (readForSpins.size >= READ_FOR_SPINS_MAX) readForSpins.delete(readForSpins.keys().next().value!);
    readForSpins.set(hash, {
      session,
      // As the read left them: slid or touched just now when they were due.
      expiresAt: slideDue(found.expiresAt.getTime(), now) ? now + SESSION_IDLE_MS : found.expiresAt.getTime(),
      seenAt: sessionTouchDue(found.memberSeenAt, now) ? now : found.memberSeenAt.getTime(),
      readAt: now,
    });
  }
  return session;
}

/** Drops what resolveSessionForSpin remembers of a token (its statement found the session changed). */
export function forgetSessionForSpin(token: string): void {
  readForSpins.delete(hashLaunchToken(token));
}

/**
 * The game session a launch token named, live or ended (its member, vendor and mode), for a
 * vendor's credit or refund of a round opened while it was live: the round's money must land even
 * after the player logged out or took a break. Null for an unknown token.
 */
export async function gameSessionEvenEnded(db: Db, token: string) {
  const [row] = await db
    .select({ id: gameSession.id, memberId: gameSession.memberId, provider: gameSession.provider, demo: gameSession.demo, vassalage: game.vassalage })
    .from(gameSession)
    .innerJoin(game, eq(game.nodeId, gameSession.nodeId))
    .where(eq(gameSession.tokenHash, hashLaunchToken(token)));
  return row ? { id: row.id, memberId: row.memberId, provider: row.provider, demo: row.demo, game: { vassalage: row.vassalage } } : null;
}

/** A guest's demo session (no member, no login session behind it); slides its expiry. */
async function resolveGuestSession(db: Db, token: string, now: number) {
  const [found] = await db
    .select({ ...sessionColumns, expiresAt: gameSession.expiresAt })
    .from(gameSession)
    .innerJoin(game, eq(game.nodeId, gameSession.nodeId))
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .where(and(eq(gameSession.tokenHash, hashLaunchToken(token)), isNull(gameSession.memberId), eq(gameSession.demo, true), gt(gameSession.expiresAt, new Date(now))));
  if (found) await slideExpiry(db, found.id, found.expiresAt, now);
  return found ?? null;
}

/** How far a session's expiry may lag behind 'idle time from now' before it is written again. */
const SLIDE_EVERY_MS = 60_000;
const slideDue = (expiresAt: number, now: number) => now + SESSION_IDLE_MS - expiresAt >= SLIDE_EVERY_MS;

/**
 * Moves a session's expiry to SESSION_IDLE_MS from now, once it lags by a minute or more: the
 * session stays alive while it is used (its idle limit is kept to the minute), and a spin writes
 * no session row in between.
 */
async function slideExpiry(db: Db, id: number, expiresAt: Date, now: number): Promise<void> {
  if (!slideDue(expiresAt.getTime(), now)) return;
  await db
    .update(gameSession)
    .set({ expiresAt: new Date(now + SESSION_IDLE_MS) })
    .where(and(eq(gameSession.id, id), gt(gameSession.expiresAt, new Date(now))));
}

/** The member's recently launched games that are still listed, newest first, one page. */
export async function recentGames(db: Db, memberId: number, o: { page: number; pageSize: number; gameType?: GameType; vassalage?: string }) {
  const where = and(
    eq(memberRecentGame.memberId, memberId),
    eq(game.enabled, true),
    eq(vendor.enabled, true),
    o.gameType ? eq(game.gameType, o.gameType) : undefined,
    o.vassalage ? eq(game.vassalage, o.vassalage.trim().toUpperCase()) : undefined,
  );
  const rows = await db
    .select({ ...gameColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(memberRecentGame)
    .innerJoin(game, eq(game.nodeId, memberRecentGame.nodeId))
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .where(where)
    .orderBy(desc(memberRecentGame.lastLaunchedAt), desc(memberRecentGame.nodeId))
    .limit(o.pageSize)
    .offset((o.page - 1) * o.pageSize);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && o.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(memberRecentGame)
      .innerJoin(game, eq(game.nodeId, memberRecentGame.nodeId))
      .innerJoin(vendor, eq(vendor.code, game.vassalage))
      .where(where);
    total = c!.n;
  }
  return { list: rows.map((r) => presentGame(r as GameRowView)), pageNum: o.page, totalPages: Math.ceil(total / o.pageSize) };
}

/** How long a guest's demo stays after its session expired, before the sweeper removes it. */
export const GUEST_DEMO_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Removes guests' demos whose session expired more than GUEST_DEMO_KEEP_MS ago, with their rounds,
 * seed pairs and replay records (nothing of a guest's is money or anyone's history), at most 500
 * sessions a run. Several processes may run it at once: each only deletes what is there.
 */
export async function sweepGuestDemos(db: Db, now = clock.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .select({ id: gameSession.id })
      .from(gameSession)
      .where(and(isNull(gameSession.memberId), lt(gameSession.expiresAt, new Date(now - GUEST_DEMO_KEEP_MS))))
      .limit(500);
    if (!gone.length) return 0;
    const ids = gone.map((g) => g.id);
    await tx.delete(sandboxRound).where(inArray(sandboxRound.sessionId, ids));
    await tx.delete(gameSeed).where(inArray(gameSeed.guestSessionId, ids));
    // The spins' replay records, in each guest session's own key space (sandbox/provider.ts spin).
    await forgetOperations(
      tx,
      ids.map((id) => `demo-play-guest-${id}`),
    );
    await tx.delete(gameSession).where(inArray(gameSession.id, ids));
    return ids.length;
  });
}
