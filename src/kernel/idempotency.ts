/**
 * Idempotent operations. Every call that moves money (or opens an order) carries a key. The first
 * call claims the key inside its own transaction, so a concurrent retry waits on the claim and
 * then replays the committed answer; a retry after a refusal (insufficient balance, say) runs
 * again, because a refused operation rolled back its claim with everything else. The same key
 * with a different request is refused ('wallet.idempotency.conflict'), as Stripe does.
 *
 * Operations whose work is all in the database and guarded by a row of its own (the game-play
 * calls: a round's primary key, its open status) may write their record last instead (`claim:
 * 'last'`): one statement less per call, which is a bet's main cost. Exactly once still holds,
 * because the record's primary key lets only one transaction with the key commit; a concurrent
 * or later retry fails on the guard or on the record, rolls back, and replays the stored answer.
 */
import { createHash } from 'node:crypto';
import { eq, like, or, sql } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { idempotencyRecord } from './db/tables.ts';
import { ApiError } from './http/errors.ts';
import type { Tx } from './db/index.ts';

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

export interface OnceOptions {
  /**
   * 'first' (default): claim the key before the work, so a concurrent retry waits and does no work
   * (needed when the work calls the outside world, such as a payment provider). 'last': write the
   * record with the answer after the work, for work that touches only the database.
   */
  claim?: 'first' | 'last';
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
export async function once<T>(db: Db, op: Operation, work: (tx: Tx) => Promise<T>, options: OnceOptions = {}): Promise<Outcome<T>> {
  if (!IDEMPOTENCY_KEY.test(op.key)) throw new ApiError(400, 'wallet.idempotency.key.invalid');
  const key = `${op.name}:${op.memberId ?? '-'}:${op.key}`;
  const requestHash = hashRequest(op.request);
  if (options.claim === 'last') return recordLast(db, key, op.memberId, requestHash, work);
  for (let attempt = 1; ; attempt++) {
    try {
      const value = await db.transaction(async (tx) => {
        // The claim: a concurrent call with this key waits here until the first one ends; a key
        // already committed claims nothing, and its answer is replayed below. No read before the
        // claim, so a first call costs no extra round-trip.
        const claimed = await tx
          .insert(idempotencyRecord)
          .values({ key, memberId: op.memberId, requestHash })
          .onConflictDoNothing({ target: idempotencyRecord.key })
          .returning({ key: idempotencyRecord.key });
        if (!claimed.length) throw TAKEN;
        const answer = await work(tx);
        await tx
          .update(idempotencyRecord)
          .set({ answer: sql`${JSON.stringify(answer ?? null)}::jsonb` })
          .where(eq(idempotencyRecord.key, key));
        return answer;
      });
      return { value, replayed: false };
    } catch (err) {
      if (err === TAKEN) {
        const earlier = await replay<T>(db, key, requestHash);
        if (earlier) return earlier;
        if (attempt < 5) continue;
        throw new Error(`idempotency key ${key} is claimed but has no record`);
      }
      const code = pgCode(err);
      // Another call with this key committed first: loop to replay its answer.
      if (code === UNIQUE_VIOLATION && attempt < 5) {
        const earlier = await replay<T>(db, key, requestHash);
        if (earlier) return earlier;
        continue;
      }
      if (code && RETRYABLE.has(code) && attempt < 8) {
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw err;
    }
  }
}

/**
 * A money operation sent without a key, which only the `compatible` protocol profile allows (real
 * clients of the existing API send none; docs/protocol.md). It runs in one transaction with the
 * same retries on deadlock, so it is still all-or-nothing and conserves every total; what it
 * cannot do is recognise a retry: a client that sends the same request twice moves money twice.
 * That is the weaker guarantee the profile accepts, and the reason `strict` refuses it.
 */
export async function unkeyed<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<Outcome<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { value: await db.transaction(work), replayed: false };
    } catch (err) {
      const code = pgCode(err);
      if (code && RETRYABLE.has(code) && attempt < 8) {
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw err;
    }
  }
}

/** once() with the record written after the work, in the same transaction (see the header). */
async function recordLast<T>(db: Db, key: string, memberId: number | null, requestHash: string, work: (tx: Tx) => Promise<T>): Promise<Outcome<T>> {
  return retried(db, key, requestHash, () =>
    db.transaction(async (tx) => {
      const answer = await work(tx);
      await tx.insert(idempotencyRecord).values({ key, memberId, requestHash, answer: sql`${JSON.stringify(answer ?? null)}::jsonb` });
      return answer;
    }),
  );
}

/** The record a statement of `onceInStatement` writes: its key (`idempotency_record.key`) and request hash. */
export interface RecordKey {
  key: string;
  requestHash: string;
}

/**
 * once() for work that is one SQL statement, run outside any transaction of ours (the statement is
 * its own): the statement writes the idempotency record itself, last, as `claim: 'last'` work does
 * (`insert into idempotency_record (key, member_id, request_hash, answer) ...` without ON
 * CONFLICT), so one round trip does the work, the record and the commit. A statement that throws
 * (its guard, the record's key, a refusal) wrote nothing; a call with this key that committed first
 * wins, and its answer is the answer. The game-play calls run this way (wallet/server/game-play.ts).
 */
export async function onceInStatement<T>(db: Db, op: Operation, work: (record: RecordKey) => Promise<T>): Promise<Outcome<T>> {
  if (!IDEMPOTENCY_KEY.test(op.key)) throw new ApiError(400, 'wallet.idempotency.key.invalid');
  const key = `${op.name}:${op.memberId ?? '-'}:${op.key}`;
  const requestHash = hashRequest(op.request);
  return retried(db, key, requestHash, () => work({ key, requestHash }));
}

/** Runs `attempt` until it commits, replaying the answer of a call with the key that committed first; retries deadlocks. */
async function retried<T>(db: Db, key: string, requestHash: string, attempt: () => Promise<T>): Promise<Outcome<T>> {
  for (let n = 1; ; n++) {
    try {
      return { value: await attempt(), replayed: false };
    } catch (err) {
      // Whatever stopped this call (the round's guard, the record's key, a refusal), a call with
      // this key that committed first wins: its answer is the answer.
      const earlier = await replay<T>(db, key, requestHash);
      if (earlier) return earlier;
      const code = pgCode(err);
      if (code && RETRYABLE.has(code) && n < 8) {
        await new Promise((r) => setTimeout(r, 5 * n + Math.random() * 20));
        continue;
      }
      throw err;
    }
  }
}

/**
 * Forgets every stored answer of these operation names (all members' keys): for operations whose
 * subject is gone, such as a swept guest's demo spins ('demo-play-guest-<session>').
 */
export async function forgetOperations(db: Db | Tx, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  await db.delete(idempotencyRecord).where(or(...names.map((n) => like(idempotencyRecord.key, `${n.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`))));
}

/** Thrown inside the transaction when the key was claimed already: rolls it back, then replays. */
const TAKEN = Symbol('idempotency key taken');

async function replay<T>(db: Db, key: string, requestHash: string): Promise<Outcome<T> | null> {
  const rows = await db.select({ requestHash: idempotencyRecord.requestHash, answer: idempotencyRecord.answer }).from(idempotencyRecord).where(eq(idempotencyRecord.key, key));
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
