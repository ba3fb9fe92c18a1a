/**
 * Shared by the wallet concurrency and crash tests: a seeded random source, the model of what
 * acknowledged operations imply (balances, transfers, idempotency keys), and the check of a
 * database against that model and the ledger's own invariants.
 */
import { sql } from 'drizzle-orm';
import { prng } from '../../src/kernel/prng.ts';
import type { Db } from '../../src/kernel/db/index.ts';
import { auditLedger, rowsOf, type Leg, type LedgerAudit } from '../../src/features/wallet/server/ledger.ts';
import { POINTS_CURRENCY } from '../../src/features/wallet/server/accounts.ts';

/** The project's seeded generator (shared/prng.ts: the same sequence for a seed on every run), plus bigints. */
export function seeded(seed: number) {
  const r = prng(seed);
  return {
    ...r,
    /** A bigint in [min, max] (both small enough for a double). */
    big: (min: bigint, max: bigint) => (max <= min ? min : min + BigInt(Math.floor(r.next() * Number(max - min + 1n)))),
  };
}
export type Rng = ReturnType<typeof seeded>;

/**
 * What the acknowledged operations imply. Each acknowledged movement is posted here as the
 * clients understood it (from what they asked, not from what the server answered), so that the
 * database can be compared with it afterwards.
 */
export class LedgerModel {
  readonly balances = new Map<string, bigint>();
  readonly transfersByKind = new Map<string, number>();
  /** Expected transfers per `${kind}|${reference}`, for movements whose reference is known. */
  readonly transfersByRef = new Map<string, number>();
  /** Full idempotency keys (`${name}:${memberId}:${key}`) of acknowledged operations, by operation name. */
  readonly keys = new Map<string, Set<string>>();

  /** One transfer of `kind` with these legs took effect. */
  post(kind: string, legs: Leg[], reference?: string | null): void {
    this.transfersByKind.set(kind, (this.transfersByKind.get(kind) ?? 0) + 1);
    if (reference) this.transfersByRef.set(`${kind}|${reference}`, (this.transfersByRef.get(`${kind}|${reference}`) ?? 0) + 1);
    for (const l of legs) {
      this.balances.set(l.from, this.balance(l.from) - l.amount);
      this.balances.set(l.to, this.balance(l.to) + l.amount);
    }
  }

  balance(code: string): bigint {
    return this.balances.get(code) ?? 0n;
  }

  /** An operation with this key was acknowledged (it took effect once, or answered a replay). */
  ack(name: string, memberId: number | null, key: string): void {
    const set = this.keys.get(name) ?? new Set<string>();
    set.add(`${name}:${memberId ?? '-'}:${key}`);
    this.keys.set(name, set);
  }

  get transferCount(): number {
    let n = 0;
    for (const v of this.transfersByKind.values()) n += v;
    return n;
  }
}

export interface Verdict {
  audit: LedgerAudit;
  /** Every disagreement found; empty when the database holds exactly what the model implies. */
  problems: string[];
}

/**
 * Checks the database: the ledger's invariants (total 0, no drift, no unbalanced transfer, no
 * negative member balance), every account's balance against the model, the transfers by kind and
 * by reference (each keyed movement exactly once), and the idempotency records by operation name
 * (exactly the acknowledged keys, each with its stored answer).
 */
export async function verifyLedger(db: Db, model: LedgerModel): Promise<Verdict> {
  const problems: string[] = [];
  const audit = await auditLedger(db);
  if (audit.total !== 0n) problems.push(`sum over all accounts is ${audit.total}, not 0`);
  for (const d of audit.drifted) problems.push(`${d.code}: balance ${d.balance} but its entries sum to ${d.entries}`);
  if (audit.unbalanced.length) problems.push(`unbalanced transfers: ${audit.unbalanced.slice(0, 10).join(', ')}`);
  if (audit.negative.length) problems.push(`negative member accounts: ${audit.negative.join(', ')}`);
  if (audit.mixed.length) problems.push(`transfers mixing currencies: ${audit.mixed.slice(0, 10).join(', ')}`);
  for (const [currency, total] of Object.entries(audit.byCurrency)) if (total !== 0n) problems.push(`sum over the ${currency} accounts is ${total}, not 0`);

  // Money only: the points the server earns by itself meanwhile (deposits' points, issue 32) are
  // not operations of the load; the audit above holds them to the ledger's rules.
  const accounts = rowsOf(await db.execute(sql`select code, balance::text as balance from ledger_account where currency <> ${POINTS_CURRENCY}`));
  const seen = new Set<string>();
  for (const a of accounts) {
    const code = String(a.code);
    seen.add(code);
    const want = model.balance(code);
    if (BigInt(String(a.balance)) !== want) problems.push(`${code}: balance ${a.balance}, acknowledged operations imply ${want}`);
  }
  for (const [code, want] of model.balances) {
    if (!seen.has(code) && want !== 0n) problems.push(`${code}: no account, acknowledged operations imply ${want}`);
  }

  const kinds = rowsOf(await db.execute(sql`select kind, count(*)::int as n from ledger_transfer where kind not like 'points\_%' group by kind`));
  const kindSeen = new Set<string>();
  for (const k of kinds) {
    kindSeen.add(String(k.kind));
    const want = model.transfersByKind.get(String(k.kind)) ?? 0;
    if (Number(k.n) !== want) problems.push(`${Number(k.n)} transfers of kind ${k.kind}, acknowledged operations imply ${want}`);
  }
  for (const [kind, want] of model.transfersByKind) if (!kindSeen.has(kind) && want) problems.push(`no transfer of kind ${kind}, expected ${want}`);

  const refs = rowsOf(await db.execute(sql`select kind, reference, count(*)::int as n from ledger_transfer where reference is not null group by kind, reference`));
  const refCount = new Map(refs.map((r) => [`${r.kind}|${r.reference}`, Number(r.n)]));
  for (const [ref, want] of model.transfersByRef) {
    const got = refCount.get(ref) ?? 0;
    if (got !== want) problems.push(`transfer ${ref} found ${got} times, expected ${want}`);
  }

  const records = rowsOf(await db.execute(sql`select key, (answer is not null) as answered from idempotency_record`));
  const byName = new Map<string, Set<string>>();
  for (const r of records) {
    const key = String(r.key);
    if (r.answered !== true) problems.push(`idempotency record ${key} has no answer`);
    const name = key.slice(0, key.indexOf(':'));
    const set = byName.get(name) ?? new Set<string>();
    set.add(key);
    byName.set(name, set);
  }
  for (const [name, want] of model.keys) {
    const got = byName.get(name) ?? new Set<string>();
    const missing = [...want].filter((k) => !got.has(k));
    const extra = [...got].filter((k) => !want.has(k));
    if (missing.length) problems.push(`${missing.length} acknowledged '${name}' keys have no record, e.g. ${missing.slice(0, 3).join(', ')}`);
    if (extra.length) problems.push(`${extra.length} '${name}' keys took effect without an acknowledgement, e.g. ${extra.slice(0, 3).join(', ')}`);
  }
  return { audit, problems };
}

/** The errorCode of an ApiError (or of an error envelope), else undefined. */
export function errorCodeOf(err: unknown): string | undefined {
  const code = (err as { errorCode?: unknown } | null)?.errorCode;
  return typeof code === 'string' ? code : undefined;
}

/** Lets timers and I/O run: PGlite answers through microtasks only, which would starve them. */
export const turn = () => new Promise<void>((r) => setImmediate(r));
