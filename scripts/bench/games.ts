/**
 * The games' figures for `npm run bench -- games` (issue 34), on a fresh PostgreSQL database:
 * - a live table round with 500 bettors: each places bets on the round through the same code as
 *   the API (`placeLiveBet`: the round in share mode, the bet, the wallet round and its stake
 *   transfer, the announcement), 50 at a time, then the job's draw of the round (its draws, every
 *   bet settled through the wallet, the next round opened) is timed: the target is under a second.
 *   Beside it, the same number of rounds settled one transaction each (settleRound), as a draw
 *   without the batch settlement would; and the bets' rate beside nothing (reported).
 * The sports book's settlement of 10,000 open bets is not measured: the book is not built yet.
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
import { liveRound } from '../../src/features/play/server/tables.ts';
import { eq } from 'drizzle-orm';
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
    await ensureRound(db, g!.nodeId, opens);
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
          await placeLiveBet(db, session, { kind: 'baccarat' }, round!.roundNo, bets, `bench-${tag}-${i}`, opens + 1000);
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
