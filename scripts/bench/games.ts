/**
 * The games' figures for `npm run bench -- games` (issue 34), on a fresh PostgreSQL database:
 * - a live table round with 500 bettors: each places bets on the round through the same code as
 *   the API (`placeLiveBet`: the round in share mode, the bet, the wallet round and its stake
 *   transfer, the announcement), 50 at a time, then the job's draw of the round (its draws, every
 *   bet settled through the wallet, the next round opened) is timed: the target is under a second.
 *   Beside it, the same number of rounds settled one transaction each (settleRound), as a draw
 *   without the batch settlement would; and the bets' rate beside nothing (reported).
 * - the sports book's settlement of 10,000 open bets on one fixture: the bets placed through the
 *   API's code (`placeSportsBet`: the fixtures in share mode, the bet and its legs, the wallet round
 *   and its stake), four singles in five and a parlay with a second fixture in five, 50 at a time;
 *   then the fixture's result and its settlement (`finishFixture` + `settleFixture`: every single
 *   settled through the wallet in one transaction, every parlay lost there or left open for its
 *   other leg) are timed: the target is under 5 s. Beside it, settleRound one transaction a round
 *   for 1,000 rounds, times ten.
 */
import { randomBytes } from 'node:crypto';
import { useDb } from '../../src/kernel/db/index.ts';
import { member } from '../../src/features/accounts/server/tables.ts';
import { HOUSE, gameAccount } from '../../src/features/wallet/server/accounts.ts';
import { auditLedger, postTransfer } from '../../src/features/wallet/server/ledger.ts';
import { placeBet, settleRound } from '../../src/features/wallet/server/game-play.ts';
import { game, vendor } from '../../src/features/games/server/tables.ts';
import { drawLiveRound, ensureRound } from '../../src/features/play/server/sandbox/live-tables.ts';
import { placeLiveBet } from '../../src/features/play/server/sandbox/live-tables.ts';
import { liveRound, sportFixture } from '../../src/features/play/server/tables.ts';
import { ensureSchedule, finishFixture, placeSportsBet, settleFixture } from '../../src/features/play/server/sandbox/sports-book.ts';
import { pricesAt, type SportParams } from '../../src/features/play/contract/sports.ts';
import { and, asc, eq } from 'drizzle-orm';
import { openMigrated } from './spins.ts';

export interface LiveRoundFigures {
  bettors: number;
  betsPerSecond: number;
  settleSeconds: number;
  /** settleRound one transaction per bettor, for the same number of rounds. */
  perRoundSeconds: number;
  auditOk: boolean;
}

const VENDOR = 'BENCHLIVE';

export async function measureLiveRound(url: string, bettors = 500): Promise<LiveRoundFigures> {
  const handle = await openMigrated({ url });
  useDb(handle);
  try {
    const db = handle.db;
    await db.insert(vendor).values({ code: VENDOR, displayName: 'Bench Live', gameType: 'LIVE' }).onConflictDoNothing();
    const [g] = await db
      .insert(game)
      .values({ gameCode: 'bench-bac', gameName: 'Speed Baccarat', searchName: 'speed baccarat', gameType: 'LIVE', vassalage: VENDOR, gameClassify: 'BACCARAT', minBet: 100n, supportPlay: 1, seed: 1 })
      .returning({ nodeId: game.nodeId, gameName: game.gameName, minBet: game.minBet, seed: game.seed });
    const tag = randomBytes(3).toString('hex');
    const members = await db
      .insert(member)
      .values(Array.from({ length: bettors }, (_, i) => ({ username: `live_${tag}_${i}`, passwordHash: 'x', passwordChangedAt: new Date() })))
      .returning({ id: member.id });
    for (const { id } of members) {
      await db.transaction((tx) =>
        postTransfer(tx, { kind: 'adjustment', memberId: id, memo: 'bench funding', legs: [{ from: HOUSE.adjustments, to: gameAccount(id, VENDOR), amount: 10_000_000n }] }),
      );
    }
    // A round that takes bets from a fixed instant, far from the real clock.
    const opens = Date.parse('2030-06-01T00:00:00Z');
    await ensureRound(db, { nodeId: g!.nodeId, room: '' }, opens);
    const [round] = await db.select().from(liveRound).where(eq(liveRound.nodeId, g!.nodeId));
    const spots = ['banker', 'player', 'tie', 'playerPair', 'bankerPair'];
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let i = next++; i < bettors; i = next++) {
          const session = {
            id: i + 1,
            memberId: members[i]!.id,
            demo: false,
            demoBalance: null,
            roomId: null,
            game: { nodeId: g!.nodeId, gameName: g!.gameName, vassalage: VENDOR, seed: g!.seed, minBet: g!.minBet },
            wallet: gameAccount(members[i]!.id, VENDOR),
            fromGameWallet: true,
          };
          const bets = [{ spot: spots[i % spots.length]!, amount: 500n }, ...(i % 2 ? [{ spot: 'tie', amount: 100n }] : [])].filter((b, k, all) => all.findIndex((x) => x.spot === b.spot) === k);
          await placeLiveBet(db, session, { nodeId: g!.nodeId, room: '' }, { kind: 'baccarat' }, round!.roundNo, bets, `bench-${tag}-${i}`, opens + 1000);
        }
      }),
    );
    const betsPerSecond = bettors / ((performance.now() - t0) / 1000);
    const t1 = performance.now();
    const drawn = await drawLiveRound(db, round!.id, round!.closesAt.getTime());
    const settleSeconds = (performance.now() - t1) / 1000;
    if (!drawn) throw new Error('the bench round was not drawn');

    // The baseline: the same number of rounds, each settled in its own transaction.
    const roundIds: string[] = [];
    for (let i = 0; i < bettors; i++) {
      const roundId = `bench-live-${i}-${randomBytes(4).toString('hex')}`;
      await placeBet(db, { memberId: members[i]!.id, roundId, vendor: VENDOR, gameName: 'bench', amount: 500n, fromGameWallet: true });
      roundIds.push(roundId);
    }
    const t2 = performance.now();
    for (let i = 0; i < bettors; i++) await settleRound(db, roundIds[i]!, i % 2 ? 0n : 975n);
    const perRoundSeconds = (performance.now() - t2) / 1000;
    const a = await auditLedger(db);
    return {
      bettors,
      betsPerSecond,
      settleSeconds,
      perRoundSeconds,
      auditOk: a.total === 0n && a.drifted.length === 0 && a.unbalanced.length === 0 && a.negative.length === 0 && a.misrouted.length === 0,
    };
  } finally {
    await handle.close();
  }
}

export interface SportsSettlementFigures {
  bets: number;
  betsPerSecond: number;
  settleSeconds: number;
  /** Bets the settlement settled (the singles and the parlays that lost on the fixture). */
  settled: number;
  /** settleRound one transaction per round, for 1,000 rounds, times bets / 1,000. */
  perRoundSeconds: number;
  auditOk: boolean;
}

const SPORTS_VENDOR = 'BENCHSB';

export async function measureSportsSettlement(url: string, bets = 10_000): Promise<SportsSettlementFigures> {
  const handle = await openMigrated({ url });
  useDb(handle);
  try {
    const db = handle.db;
    await db.insert(vendor).values({ code: SPORTS_VENDOR, displayName: 'Bench Sports', gameType: 'SPORTS' }).onConflictDoNothing();
    const [g] = await db
      .insert(game)
      .values({
        gameCode: 'bench-book',
        gameName: 'Bench Sportsbook',
        searchName: 'bench sportsbook',
        gameType: 'SPORTS',
        vassalage: SPORTS_VENDOR,
        gameClassify: 'SPORTSBOOK',
        minBet: 100n,
        supportPlay: 0,
        seed: 1,
      })
      .returning({ nodeId: game.nodeId, gameName: game.gameName, minBet: game.minBet, seed: game.seed });
    const tag = randomBytes(3).toString('hex');
    // Five bets a member, as a busy fixture sees: 2,000 members for 10,000 bets.
    const members = await db
      .insert(member)
      .values(Array.from({ length: Math.ceil(bets / 5) }, (_, i) => ({ username: `sb_${tag}_${i}`, passwordHash: 'x', passwordChangedAt: new Date() })))
      .returning({ id: member.id });
    for (const { id } of members) {
      await db.transaction((tx) =>
        postTransfer(tx, { kind: 'adjustment', memberId: id, memo: 'bench funding', legs: [{ from: HOUSE.adjustments, to: gameAccount(id, SPORTS_VENDOR), amount: 10_000_000n }] }),
      );
    }
    // The book at a fixed instant far from the real clock; the two football fixtures of the next slot.
    const at = Date.parse('2030-06-01T00:01:00Z');
    await ensureSchedule(db, 'sports', at);
    const [f, second] = await db
      .select()
      .from(sportFixture)
      .where(and(eq(sportFixture.book, 'sports'), eq(sportFixture.sport, 'football'), eq(sportFixture.startsAt, new Date(Date.parse('2030-06-01T00:10:00Z')))))
      .orderBy(asc(sportFixture.lane));
    const priced = (x: typeof f) => pricesAt(x!.id, x!.params as unknown as SportParams, x!.chances, at);
    const pf = priced(f);
    const ps = priced(second);
    const picks = ['1x2:home', '1x2:draw', '1x2:away', 'hcp:home', 'hcp:away', 'total:over', 'total:under'] as const;
    const legOf = (fx: typeof f, prices: Record<string, number>, k: string) => {
      const [market, selection] = k.split(':') as ['1x2', 'home'];
      return { fixtureId: fx!.id, market, selection, price: prices[k]! };
    };
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let i = next++; i < bets; i = next++) {
          const m = members[Math.floor(i / 5)]!;
          const session = {
            id: i + 1,
            memberId: m.id,
            demo: false,
            demoBalance: null,
            roomId: null,
            game: { nodeId: g!.nodeId, gameName: g!.gameName, vassalage: SPORTS_VENDOR, seed: g!.seed, minBet: g!.minBet },
            wallet: gameAccount(m.id, SPORTS_VENDOR),
            fromGameWallet: true,
          };
          const pick = picks[i % picks.length]!;
          const legs = i % 5 === 4 ? [legOf(f, pf, pick), legOf(second, ps, picks[(i * 3) % picks.length]!)] : [legOf(f, pf, pick)];
          await placeSportsBet(db, session, 'sports', legs, 500n + BigInt(i % 7) * 100n, 'any', `bench-${tag}-${i}`, at);
        }
      }),
    );
    const betsPerSecond = bets / ((performance.now() - t0) / 1000);
    const t1 = performance.now();
    const finished = await finishFixture(db, f!.id, f!.endsAt.getTime());
    if (!finished) throw new Error('the bench fixture did not finish');
    const settlement = await settleFixture(db, f!.id);
    const settleSeconds = (performance.now() - t1) / 1000;
    if (!settlement) throw new Error('the bench fixture was not settled');

    // The baseline: 1,000 rounds, each settled in its own transaction, scaled to the bets.
    const sample = 1_000;
    const roundIds: string[] = [];
    for (let i = 0; i < sample; i++) {
      const roundId = `bench-sb-${i}-${randomBytes(4).toString('hex')}`;
      await placeBet(db, { memberId: members[i % members.length]!.id, roundId, vendor: SPORTS_VENDOR, gameName: 'bench', amount: 500n, fromGameWallet: true });
      roundIds.push(roundId);
    }
    const t2 = performance.now();
    for (let i = 0; i < sample; i++) await settleRound(db, roundIds[i]!, i % 2 ? 0n : 950n);
    const perRoundSeconds = ((performance.now() - t2) / 1000) * (bets / sample);
    const a = await auditLedger(db);
    return {
      bets,
      betsPerSecond,
      settleSeconds,
      settled: settlement.settled,
      perRoundSeconds,
      auditOk: a.total === 0n && a.drifted.length === 0 && a.unbalanced.length === 0 && a.negative.length === 0 && a.misrouted.length === 0,
    };
  } finally {
    await handle.close();
  }
}
