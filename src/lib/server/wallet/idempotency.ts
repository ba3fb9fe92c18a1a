/**
 * Idempotent operations. Every call that moves money (or opens an order) carries a key. The first
 * call claims the key inside its own transaction, so a concurrent retry waits on the claim and
 * then replays the committed answer; a retry after a refusal (insufficient balance, say) runs
 * again, because a refused operation rolled back its claim with everything else. The same key
 * with a different request is refused ('wallet.idempotency.conflict'), as Stripe does.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { idempotencyRecord } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { Tx } from './ledger.ts';

/** The shape a client's idempotency key must have: 8 to 64 of letters, digits, '-' and '_'. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export interface Operation {
  /** Name of the operation (deposit, transfer, bet, ...): keys are scoped by it and the member. */
  name: string;
  memberId: number | null;
  key: string;
  /** The request as the operation understood it; a retry must send the same. */
  request: unknown;
}

export interface Outcome<T> {
  value: T;
  /** This answer is the replay of an earlier call with the same key. */
  replayed: boolean;
}

/** Transaction failures worth a new attempt (PostgreSQL deadlock, serialization failure). */
const RETRYABLE = new Set(['40001', '40P01']);
const UNIQUE_VIOLATION = '23505';

/**
 * Runs `work` once per key, in one transaction with its claim: replays the stored answer for a
 * retried key, refuses a key reused for another request. `work`'s answer must be JSON-safe
 * (amounts as strings).
 */
export async function once<T>(db: Db, op: Operation, work: (tx: Tx) => Promise<T>): Promise<Outcome<T>> {
  if (!IDEMPOTENCY_KEY.test(op.key)) throw new ApiError(400, 'wallet.idempotency.key.invalid');
  const key = `${op.name}:${op.memberId ?? '-'}:${op.key}`;
  const requestHash = hashRequest(op.request);
  for (let attempt = 1; ; attempt++) {
    const earlier = await replay<T>(db, key, requestHash);
    if (earlier) return earlier;
    try {
      const value = await db.transaction(async (tx) => {
        await tx.insert(idempotencyRecord).values({ key, memberId: op.memberId, requestHash });
        const answer = await work(tx);
        await tx
          .update(idempotencyRecord)
          .set({ answer: sql`${JSON.stringify(answer ?? null)}::jsonb` })
          .where(eq(idempotencyRecord.key, key));
        return answer;
      });
      return { value, replayed: false };
    } catch (err) {
      const code = pgCode(err);
      // Another call with this key committed first: loop to replay its answer.
      if (code === UNIQUE_VIOLATION && attempt < 5) continue;
      if (code && RETRYABLE.has(code) && attempt < 8) {
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw err;
    }
  }
}

async function replay<T>(db: Db, key: string, requestHash: string): Promise<Outcome<T> | null> {
  const rows = await db
    .select({ requestHash: idempotencyRecord.requestHash, answer: idempotencyRecord.answer })
    .from(idempotencyRecord)
    .where(eq(idempotencyRecord.key, key));
  const row = rows[0];
  if (!row) return null;
  if (row.requestHash !== requestHash) throw new ApiError(409, 'wallet.idempotency.conflict');
  return { value: row.answer as T, replayed: true };
}

/** SHA-256 of a request in canonical JSON (sorted keys, bigints as strings). */
export function hashRequest(request: unknown): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

function canonical(v: unknown): string {
  if (typeof v === 'bigint') return JSON.stringify(v.toString());
  if (v === undefined) return 'null';
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
}

/** The SQLSTATE of a database error, through Drizzle's wrapping. */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
