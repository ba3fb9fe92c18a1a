/**
 * Limits (issue 28; GLI-19 and the UKGC's RTS 12): deposit, loss and wager limits per day, week
 * and month, and a session-time limit per day. Setting or lowering a limit holds at once; raising
 * or removing one waits for the cooling-off, then for the player's confirmation.
 *
 * Every time here is the database's (`now()`), never a process's clock: a process whose clock runs
 * ahead cannot start a new period early (and give a player fresh room) nor apply a raise before its
 * time. Periods are the brand's days, ISO weeks (from Monday) and months, in its time zone, as
 * PostgreSQL's `at time zone` reads them (daylight-saving changes included); `periodStartSql` is
 * the one expression of them, and kernel/periods.ts says the same in TypeScript (a test holds the
 * two together).
 *
 * The doors count with one conditional UPDATE of the member's limit rows (tables.ts says why that
 * holds under concurrency): `stakeGuardCtes` inside the wallet's one-statement bets, `charge`
 * inside a transaction (lottery tickets, deposits).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { rgLimit } from './tables.ts';
import { protectionSettings } from './settings.ts';

export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof PERIODS)[number];

/** The periods a kind may be set for (the session limit is per day). */
export const periodsOf = (kind: LimitKind): readonly LimitPeriod[] => (kind === 'session' ? ['day'] : PERIODS);

/** Largest money limit (minor units) and session limit (minutes). */
export const MAX_MONEY_LIMIT = 10n ** 13n;
export const MAX_SESSION_MINUTES = 24 * 60;

/**
 * SQL of the first day (a date) of the period `period` (SQL text: 'day', 'week' or 'month') that
 * holds the instant `at`, in the time zone `tz` (SQL text).
 * @example periodStartSql(`'week'`, 'now()', `'America/Mexico_City'`)
 */
export const periodStartSql = (period: string, at: string, tz: string) =>
  `(case ${period} when 'day' then (${at} at time zone ${tz})::date when 'week' then date_trunc('week', ${at} at time zone ${tz})::date else date_trunc('month', ${at} at time zone ${tz})::date end)`;

/** What is used of a limit row in the period current at `at`: `used` when its period is current, else nothing. */
const usedNow = (row: string, at: string, tz: string) => `(case when ${row}.period_start = ${periodStartSql(`${row}.period`, at, tz)} then ${row}.used else 0 end)`;

/**
 * SQL of "the member is blocked now" for an rg_member row `m`: a time-out running; an exclusion
 * not ended, or ended and not yet returned from (asked and the cooling-off passed); a closure not
 * yet reopened (asked and the cooling-off passed).
 */
export const blockedSql = (m: string) =>
  `((${m}.block_kind = 'timeout' and ${m}.block_until > now()) or (${m}.block_kind in ('self', 'operator') and (${m}.block_until is null or ${m}.block_until > now() or ${m}.reopen_at is null or ${m}.reopen_at > now())) or (${m}.block_kind = 'closed' and (${m}.reopen_at is null or ${m}.reopen_at > now())))`;

/**
 * A member's protection state as their upline agents see it (issue 28: they see it, never the
 * reason, and cannot lift it), as a correlated subquery on the member id `memberId` (SQL):
 * json `{ state: 'timeout' | 'excluded' | 'closed', until: yyyy-MM-dd | null }` while a block
 * holds, else null. A self-exclusion and an operator's exclusion both read 'excluded', and the end
 * is only the brand's day: an exact end would tell a length the player chose from one an operator
 * set.
 */
export const uplineViewSql = (memberId: SQL) =>
  sql<{ state: 'timeout' | 'excluded' | 'closed'; until: string | null } | null>`(select json_build_object(
    'state', case m.block_kind when 'timeout' then 'timeout' when 'closed' then 'closed' else 'excluded' end,
    'until', case when m.block_until > now() then to_char(m.block_until at time zone ${sql.raw(zoneLiteral())}, 'YYYY-MM-DD') end)
    from rg_member m where m.member_id = ${memberId} and m.block_kind is not null and (${sql.raw(blockedSql('m'))}))`;

/**
 * CTEs that count a stake against the member's loss and wager limits, for the wallet's
 * one-statement bets: `pl` adds to each limit that still has room (and touches none that has
 * not), `plc` counts the member's limits, `pb` finds a block. `ok` is the SQL condition the
 * statement's debit must meet: every limit had room and no block holds. A bet that fails it writes
 * nothing (the wallet's statement aborts: round-statements.ts). `gate` names a CTE that must
 * answer a row for anything to be counted (the round was written).
 *
 * `lossDelta` is what the round adds to the loss: the stake for a bet whose win is not known,
 * the stake less the win for a round played whole. The room asked is always the stake.
 */
export function stakeGuardCtes(o: { member: string; stake: string; lossDelta: string; tz: string; gate: string }): { ctes: string; ok: string } {
  const used = usedNow('l', 'now()', o.tz);
  const ctes = `pl as (
    update rg_limit l set used = ${used} + (case when l.kind = 'wager' then ${o.stake} else ${o.lossDelta} end),
      period_start = ${periodStartSql('l.period', 'now()', o.tz)}, updated_at = now()
    where l.member_id = ${o.member} and l.kind in ('loss', 'wager') and l.amount is not null
      and ${used} + ${o.stake} <= l.amount and exists (select 1 from ${o.gate})
    returning 1
  ), plc as (
    select count(*) as n from rg_limit where member_id = ${o.member} and kind in ('loss', 'wager') and amount is not null
  ), pb as (
    select 1 from rg_member m where m.member_id = ${o.member} and m.block_kind is not null and (${blockedSql('m')})
  )`;
  return { ctes, ok: `(select count(*) from pl) = (select n from plc) and not exists (select 1 from pb)` };
}

/**
 * CTEs that give back to the member's limits of `kinds` what rounds counted (a win off the loss, a
 * refunded stake off the loss and the wager), each in the period it was counted in while that is
 * still the limit's current one, and only what the limit counted (rounds since it was set). `source` is a CTE of rows with member_id and created_at, `amount`
 * SQL over its row `s`. `${name}_lk` locks the limit rows first, in key order, so that two batches
 * (two draws) never lock them in opposite orders; `${name}` answers a row per limit changed.
 */
export function limitCreditCtes(name: string, source: string, amount: string, kinds: readonly ('loss' | 'wager')[], tz: string): string {
  const list = kinds.map((k) => `'${k}'`).join(', ');
  return `${name}_lk as (
    select l.member_id, l.kind, l.period, l.period_start, l.since from rg_limit l
    where l.kind in (${list}) and l.amount is not null and l.member_id in (select member_id from ${source})
    order by l.member_id, l.kind, l.period for update
  ), ${name} as (
    update rg_limit l set used = l.used - c.amount
    from (
      select k.member_id, k.kind, k.period, sum(${amount}) as amount
      from ${name}_lk k join ${source} s on s.member_id = k.member_id
      where ${amount} > 0 and s.created_at >= k.since and k.period_start = ${periodStartSql('k.period', 's.created_at', tz)}
      group by k.member_id, k.kind, k.period
    ) c
    where l.member_id = c.member_id and l.kind = c.kind and l.period = c.period
    returning 1
  )`;
}

/** The brand's time zone as an SQL literal (an IANA name, checked: it is written into the statement's text). */
export function zoneLiteral(): string {
  const z = brand().timeZone;
  if (!/^[A-Za-z0-9_+/-]+$/.test(z)) throw new Error(`brand time zone ${z} is not an IANA name`);
  return `'${z}'`;
}
const kindList = (kinds: readonly string[]) => sql.raw(`(${kinds.map((k) => `'${k.replace(/[^a-z]/g, '')}'`).join(', ')})`);

/**
 * Counts `amount` against the member's limits of `kinds` in the caller's transaction; refuses with
 * the limit that has no room (and counts nothing: the caller's transaction rolls back).
 */
export async function charge(tx: Tx, memberId: number, kinds: readonly ('deposit' | 'loss' | 'wager')[], amount: bigint): Promise<void> {
  const z = zoneLiteral();
  let passed = true;
  try {
    // In a savepoint: a refusal rolls back what the limits with room counted, before it is explained.
    await tx.transaction(async (sp) => {
      const rows = await sp.execute(sql`
        with pl as (
          update rg_limit l set used = ${sql.raw(usedNow('l', 'now()', z))} + ${amount.toString()}::bigint,
            period_start = ${sql.raw(periodStartSql('l.period', 'now()', z))}, updated_at = now()
          where l.member_id = ${memberId} and l.kind in ${kindList(kinds)} and l.amount is not null
            and ${sql.raw(usedNow('l', 'now()', z))} + ${amount.toString()}::bigint <= l.amount
          returning 1
        )
        select (select count(*) from pl)::int as passed,
          (select count(*) from rg_limit where member_id = ${memberId} and kind in ${kindList(kinds)} and amount is not null)::int as limits`);
      const row = rowsOf(rows)[0]!;
      if (Number(row.passed) !== Number(row.limits)) throw new NoRoom();
    });
  } catch (err) {
    if (!(err instanceof NoRoom)) throw err;
    passed = false;
  }
  if (!passed) throw (await limitRefusal(tx, memberId, kinds, amount)) ?? new ApiError(400, 'protection.limit.reached');
}

class NoRoom extends Error {}

/**
 * Counts money that has already moved against the limits of `kinds`, room or not: a deposit the
 * provider says was paid after its order expired (and gave its room back). The limit cannot
 * refuse money the player has paid; it is full or over for the rest of its period.
 */
export async function countAnyway(tx: Tx, memberId: number, kinds: readonly ('deposit' | 'loss' | 'wager')[], amount: bigint): Promise<void> {
  const z = zoneLiteral();
  await tx.execute(sql`
    update rg_limit l set used = ${sql.raw(usedNow('l', 'now()', z))} + ${amount.toString()}::bigint,
      period_start = ${sql.raw(periodStartSql('l.period', 'now()', z))}, updated_at = now()
    where l.member_id = ${memberId} and l.kind in ${kindList(kinds)} and l.amount is not null`);
}

/**
 * Moves what a round counted on the member's limits of `kinds` by `delta` (signed, no floor), in
 * the period its bet was counted in and on the limits in force then, as the settle's own credit of
 * a win does (limitCreditCtes): a vendor's correction of a settled round (issue 34), so that a
 * correction and its reverse cancel out exactly.
 */
export async function adjustCounted(tx: Db | Tx, memberId: number, kinds: readonly ('loss' | 'wager')[], delta: bigint, countedAt: Date): Promise<void> {
  if (delta === 0n) return;
  await tx.execute(sql`
    update rg_limit l set used = l.used + ${delta.toString()}::bigint
    where l.member_id = ${memberId} and l.kind in ${kindList(kinds)} and l.amount is not null and l.since <= ${countedAt.toISOString()}::timestamptz
      and l.period_start = ${sql.raw(periodStartSql('l.period', `'${countedAt.toISOString()}'::timestamptz`, zoneLiteral()))}`);
}

/**
 * Gives back what a cancelled stake or a failed deposit counted (in the period it was counted in,
 * while current; never what was before the limit). Answers how many limits got room back.
 */
export async function release(tx: Db | Tx, memberId: number, kinds: readonly ('deposit' | 'loss' | 'wager')[], amount: bigint, countedAt: Date): Promise<number> {
  // Never below zero: a release that did not match a count must not make room others counted.
  const r = await tx.execute(sql`
    update rg_limit l set used = greatest(l.used - ${amount.toString()}::bigint, 0)
    where l.member_id = ${memberId} and l.kind in ${kindList(kinds)} and l.amount is not null and l.since <= ${countedAt.toISOString()}::timestamptz
      and l.period_start = ${sql.raw(periodStartSql('l.period', `'${countedAt.toISOString()}'::timestamptz`, zoneLiteral()))}
    returning 1`);
  return rowsOf(r).length;
}

/** Which of `memberIds` have a limit of `kind` in force. */
export async function membersWithLimit(db: Db | Tx, kind: LimitKind, memberIds: readonly number[]): Promise<number[]> {
  if (!memberIds.length) return [];
  const rows = await db
    .selectDistinct({ id: rgLimit.memberId })
    .from(rgLimit)
    .where(and(eq(rgLimit.kind, kind), sql`${rgLimit.amount} is not null`, inArray(rgLimit.memberId, [...memberIds])));
  return rows.map((r) => r.id);
}

/** A limit row as the player sees it. */
export interface LimitView {
  kind: LimitKind;
  period: LimitPeriod;
  /** Minor units (minutes for session); null: none in force. */
  amount: bigint | null;
  /** Used in the current period. */
  used: bigint;
  /** When the current period ends (ms). */
  resetsAt: number;
  pending: { amount: bigint | null; at: number; confirmable: boolean } | null;
}

/** The member's limits with what is used of each now (the session limit's use is `sessionMinutesToday`'s). */
export async function limitsOf(db: Db | Tx, memberId: number): Promise<{ now: number; limits: LimitView[] }> {
  const z = zoneLiteral();
  const rows = rowsOf(
    await db.execute(sql`
      select l.kind, l.period, l.amount::text as amount, ${sql.raw(usedNow('l', 'now()', z))}::text as used,
        extract(epoch from ((${sql.raw(periodStartSql('l.period', 'now()', z))} + case l.period when 'day' then interval '1 day' when 'week' then interval '7 days' else interval '1 month' end)::timestamp at time zone ${sql.raw(z)})) * 1000 as resets_at,
        l.pending_amount::text as pending_amount, extract(epoch from l.pending_at) * 1000 as pending_at, l.pending_at <= now() as confirmable,
        extract(epoch from now()) * 1000 as now
      from rg_limit l where l.member_id = ${memberId}
      order by l.kind, l.period`),
  );
  const now = rows.length ? Number(rows[0]!.now) : await dbNow(db);
  return {
    now,
    limits: rows.map((r) => ({
      kind: r.kind as LimitKind,
      period: r.period as LimitPeriod,
      amount: r.amount === null ? null : BigInt(String(r.amount)),
      used: BigInt(String(r.used)),
      resetsAt: Math.round(Number(r.resets_at)),
      pending:
        r.pending_at === null ? null : { amount: r.pending_amount === null ? null : BigInt(String(r.pending_amount)), at: Math.round(Number(r.pending_at)), confirmable: r.confirmable === true },
    })),
  };
}

/** The database's clock (ms). */
export async function dbNow(db: Db | Tx): Promise<number> {
  return Number(rowsOf(await db.execute(sql`select extract(epoch from now()) * 1000 as now`))[0]!.now);
}

/** The refusal for a stake or deposit of `amount` that one of the member's `kinds` limits has no room for; null when all have room. */
export async function limitRefusal(db: Db | Tx, memberId: number, kinds: readonly ('deposit' | 'loss' | 'wager')[], amount: bigint): Promise<ApiError | null> {
  const { limits } = await limitsOf(db, memberId);
  for (const l of limits) {
    if (!(kinds as readonly string[]).includes(l.kind) || l.amount === null) continue;
    if (l.used + amount <= l.amount) continue;
    const left = l.amount - l.used > 0n ? l.amount - l.used : 0n;
    const b = brand();
    return new ApiError(400, `protection.limit.${l.kind}`, { period: l.period, left: `${b.currencySymbol}${formatMinor(left, b.currencyDecimals)}`, resetsAt: l.resetsAt }, undefined, {
      messageKey: `protection.limit.${l.kind}.${l.period}`,
      value: { kind: l.kind, period: l.period, left: formatMinor(left, b.currencyDecimals), resetsAt: l.resetsAt },
    });
  }
  return null;
}

export type SetLimitResult = { state: 'set' | 'lowered' | 'pending' | 'unchanged'; at?: number };

/**
 * Sets, lowers, raises or removes (amount null) one limit. Setting a first limit and lowering one
 * hold at once (a pending raise of the same limit is dropped); a raise or a removal waits for the
 * brand's cooling-off (from the database's now) and the player's confirmation then.
 */
export async function setLimit(db: Db, memberId: number, kind: LimitKind, period: LimitPeriod, amount: bigint | null): Promise<SetLimitResult> {
  if (!periodsOf(kind).includes(period)) throw new ApiError(400, 'protection.limit.period');
  const hours = protectionSettings().coolingOffHours;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(rgLimit)
      .where(and(eq(rgLimit.memberId, memberId), eq(rgLimit.kind, kind), eq(rgLimit.period, period)))
      .for('update');
    const current = row?.amount ?? null;
    if (amount !== null && (current === null || amount <= current)) {
      if (current !== null && amount === current && !row?.pendingAt) return { state: 'unchanged' };
      await tx
        .insert(rgLimit)
        .values({ memberId, kind, period, amount })
        .onConflictDoUpdate({
          target: [rgLimit.memberId, rgLimit.kind, rgLimit.period],
          // A limit set where there was none counts from now (its row may have held only a pending change).
          set: { amount, pendingAmount: null, pendingAt: null, updatedAt: sql`now()`, ...(current === null ? { since: sql`now()`, used: 0n, periodStart: null } : {}) },
        });
      return { state: current === null ? 'set' : 'lowered' };
    }
    if (current === null) {
      // Removing a limit there is none of: only a pending raise to drop.
      if (row) await tx.delete(rgLimit).where(and(eq(rgLimit.memberId, memberId), eq(rgLimit.kind, kind), eq(rgLimit.period, period)));
      return { state: 'unchanged' };
    }
    const [p] = await tx
      .update(rgLimit)
      .set({ pendingAmount: amount, pendingAt: sql`now() + make_interval(hours => ${hours})`, updatedAt: sql`now()` })
      .where(and(eq(rgLimit.memberId, memberId), eq(rgLimit.kind, kind), eq(rgLimit.period, period)))
      .returning({ at: rgLimit.pendingAt });
    return { state: 'pending', at: p!.at!.getTime() };
  });
}

/**
 * Applies a pending raise or removal once its cooling-off has passed by the database's clock;
 * refuses before (`protection.limit.cooling`) or when nothing is pending.
 */
export async function confirmLimit(db: Db, memberId: number, kind: LimitKind, period: LimitPeriod): Promise<{ amount: bigint | null }> {
  const applied = rowsOf(
    await db.execute(sql`
      update rg_limit set amount = pending_amount, pending_amount = null, pending_at = null, updated_at = now()
      where member_id = ${memberId} and kind = ${kind} and period = ${period} and pending_at is not null and pending_at <= now()
      returning amount::text as amount`),
  );
  if (applied.length) {
    const amount = applied[0]!.amount === null ? null : BigInt(String(applied[0]!.amount));
    if (amount === null)
      await db.delete(rgLimit).where(and(eq(rgLimit.memberId, memberId), eq(rgLimit.kind, kind), eq(rgLimit.period, period), sql`${rgLimit.amount} is null`, sql`${rgLimit.pendingAt} is null`));
    return { amount };
  }
  const [row] = await db
    .select({ at: rgLimit.pendingAt })
    .from(rgLimit)
    .where(and(eq(rgLimit.memberId, memberId), eq(rgLimit.kind, kind), eq(rgLimit.period, period)));
  if (!row?.at) throw new ApiError(409, 'protection.limit.nothingPending');
  throw new ApiError(409, 'protection.limit.cooling', { at: row.at.getTime() });
}

/** Drops a pending raise or removal (the limit in force stays). */
export async function cancelPending(db: Db, memberId: number, kind: LimitKind, period: LimitPeriod): Promise<void> {
  await db
    .update(rgLimit)
    .set({ pendingAmount: null, pendingAt: null, updatedAt: sql`now()` })
    .where(and(eq(rgLimit.memberId, memberId), eq(rgLimit.kind, kind), eq(rgLimit.period, period)));
  await db.delete(rgLimit).where(and(eq(rgLimit.memberId, memberId), eq(rgLimit.kind, kind), eq(rgLimit.period, period), sql`${rgLimit.amount} is null`));
}
