/**
 * The provably-fair inputs of recorded sandbox rounds, for a verify link (/play/verify) from
 * anywhere that lists rounds: the operator console's member page. The server seed is given only
 * once revealed (its pair rotated), as the player's own history gives it.
 */
import { eq, inArray } from 'drizzle-orm';
import { formatMinor } from '../../../../kernel/money.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import type { Db } from '../../../../kernel/db/index.ts';
import { gameSeed, sandboxRound } from '../tables.ts';

export interface RoundFairness {
  nodeId: number;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  bet: string;
}

/** The fairness inputs of those of `roundIds` that the sandbox played, by round id. */
export async function fairnessOfRounds(db: Db, roundIds: readonly string[]): Promise<Map<string, RoundFairness>> {
  if (!roundIds.length) return new Map();
  const rows = await db
    .select({
      roundId: sandboxRound.roundId,
      nodeId: sandboxRound.nodeId,
      nonce: sandboxRound.nonce,
      bet: sandboxRound.betAmount,
      serverSeed: gameSeed.serverSeed,
      serverSeedHash: gameSeed.serverSeedHash,
      clientSeed: gameSeed.clientSeed,
      revealedAt: gameSeed.revealedAt,
    })
    .from(sandboxRound)
    .innerJoin(gameSeed, eq(gameSeed.id, sandboxRound.seedId))
    .where(inArray(sandboxRound.roundId, [...roundIds]));
  const decimals = brand().currencyDecimals;
  return new Map(
    rows.map((r) => [
      r.roundId,
      { nodeId: r.nodeId, serverSeedHash: r.serverSeedHash, serverSeed: r.revealedAt ? r.serverSeed : null, clientSeed: r.clientSeed, nonce: r.nonce, bet: formatMinor(r.bet, decimals) },
    ]),
  );
}
