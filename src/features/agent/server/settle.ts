/**
 * Settlements of agent contracts (issue 14): each closed period of each kind is settled once, in
 * one transaction that computes every contract in force at the period's close (economics.ts),
 * pays each agent through the ledger and writes the period's row (agent_period). That row's
 * primary key lets one transaction settle a period, whatever the number of processes; a crash
 * before the commit leaves nothing, and the next run (every minute, and at start) settles it.
 * An advisory lock per period makes a second process wait instead of computing it for nothing.
 * This is the 'period-row design' the issue allows, chosen over a job queue (pg-boss,
 * graphile-worker) because neither serves PGlite, the embedded default, and because the
 * period's row commits with its payments: exactly once holds by the database, not by a queue's
 * delivery (docs/architecture.md, 'Contracts and settlements').
 *
 * Late rounds (settled after their period was) count in the period of their bet: for a while
 * after it closed (LATE_MS), the job recomputes settled periods; a contract whose due changed gets
 * a correction line (seq 1, 2...) paying the difference, and an overpayment is kept back from the
 * contract's next payments (owed), never taken from the wallet.
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { payFromHouse } from '../../wallet/index.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { closedPeriods, periodDays, periodKey, type Period, type PeriodCode } from '../../../kernel/periods.ts';
import { log } from '../../../kernel/log.ts';
import { settlePeriod, type ContractKind, type DividendTerms, type InForce, type PeriodFigures, type RealtimeTerms, type Settled, type Terms } from './economics.ts';
import { agentContract, agentPeriod, agentSettlement } from './tables.ts';
import { kindEnabled } from './contracts.ts';

/** A settlement stream: a kind, and for dividends its period (contracts of one stream settle together). */
export interface Stream {
  kind: ContractKind;
  code: PeriodCode;
  /** agent_period.kind: the kind, or dividend:<period>. */
  key: string;
}

export const STREAMS: Stream[] = [
  { kind: 'daily', code: 'D', key: 'daily' },
  { kind: 'hourly', code: 'hour', key: 'hourly' },
  { kind: 'realtime', code: '5min', key: 'realtime' },
  ...(['D', 'W', 'H', 'M'] as const).map((p) => ({ kind: 'dividend' as const, code: p, key: `dividend:${p}` })),
];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How long after its end a period waits before it is settled (rounds in flight settle meanwhile). */
const GRACE_MS: Record<PeriodCode, number> = { '5min': MINUTE, hour: 5 * MINUTE, D: 15 * MINUTE, W: 15 * MINUTE, H: 15 * MINUTE, M: 15 * MINUTE };
/** How long after its end a settled period is checked again for late rounds. */
export const LATE_MS: Record<PeriodCode, number> = { '5min': 2 * 60 * MINUTE, hour: 2 * DAY, D: 3 * DAY, W: 3 * DAY, H: 3 * DAY, M: 3 * DAY };
/** How often a settled period inside LATE_MS is checked again. */
const RECHECK_MS: Record<PeriodCode, number> = { '5min': 5 * MINUTE, hour: 30 * MINUTE, D: 60 * MINUTE, W: 60 * MINUTE, H: 60 * MINUTE, M: 60 * MINUTE };
/** How far back a (re)started server looks for periods never settled. */
const LOOK_BACK_MS: Record<PeriodCode, number> = { '5min': DAY, hour: 7 * DAY, D: 62 * DAY, W: 180 * DAY, H: 400 * DAY, M: 400 * DAY };

interface ContractRow {
  id: number;
  agentId: number;
  uplineId: number | null;
  terms: Terms;
}

/** Contracts of a stream in force at the period's close: started before it, not ended before it. */
async function inForce(db: Db | Tx, s: Stream, p: Period): Promise<ContractRow[]> {
  const end = new Date(p.end).toISOString();
  const rows = await db
    .select({ id: agentContract.id, agentId: agentContract.agentId, uplineId: agentContract.uplineId, terms: agentContract.terms })
    .from(agentContract)
    .where(
      and(
        eq(agentContract.kind, s.kind),
        inArray(agentContract.status, ['active', 'ended']),
        lt(agentContract.startedAt, sql`${end}::timestamptz`),
        sql`(${agentContract.endedAt} is null or ${agentContract.endedAt} >= ${end}::timestamptz)`,
      ),
    );
  const out = rows.map((r) => ({ ...r, terms: r.terms as Terms }));
  return s.kind === 'dividend' ? out.filter((r) => (r.terms as DividendTerms).period === s.code) : out;
}

/**
 * The teams' figures over a period for the given agents (each agent's whole team, at any depth):
 * day-based periods from the members' daily figures (wallet member_day), hours and five minutes
 * from the settled rounds themselves, by the time of the bet. Real-time salary also sums the
 * stakes at or above each agent's minimum single bet, lost and won.
 */
async function teamFigures(db: Db | Tx, s: Stream, p: Period, contracts: ContractRow[]): Promise<Map<number, PeriodFigures>> {
  const ids = contracts.map((c) => c.agentId);
  const out = new Map<number, PeriodFigures>();
  if (ids.length === 0) return out;
  const idList = sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::int[]`;
  let rows: Record<string, unknown>[];
  if (s.code === 'hour' || s.code === '5min') {
    const start = new Date(p.start).toISOString();
    const end = new Date(p.end).toISOString();
    const mins =
      s.kind === 'realtime'
        ? sql`(values ${sql.join(
            contracts.map((c) => sql`(${c.agentId}::int, ${(c.terms as RealtimeTerms).minSingleBet}::bigint)`),
            sql`, `,
          )}) as k(agent_id, min_bet)`
        : sql`(select unnest(${idList}) as agent_id, 0::bigint as min_bet) as k`;
    rows = rowsOf(
      await db.execute(sql`
        select k.agent_id, sum(r.bet_amount)::text as vb, sum(coalesce(r.win_amount, 0))::text as po, count(distinct r.member_id)::int as active,
          coalesce(sum(r.bet_amount) filter (where r.bet_amount >= k.min_bet and coalesce(r.win_amount, 0) < r.bet_amount), 0)::text as lost,
          coalesce(sum(r.bet_amount) filter (where r.bet_amount >= k.min_bet and coalesce(r.win_amount, 0) >= r.bet_amount), 0)::text as won
        from game_round r
        join member m on m.id = r.member_id
        cross join lateral unnest(string_to_array(trim(both '/' from m.tree_path), '/')) with ordinality as a(id, ord)
        join ${mins} on k.agent_id = a.id::int
        where r.created_at >= ${start}::timestamptz and r.created_at < ${end}::timestamptz and r.status = 'settled' and a.ord <= m.depth
        group by k.agent_id`),
    );
  } else {
    const { from, to } = periodDays(p, brand().timeZone);
    rows = rowsOf(
      await db.execute(sql`
        select a.id::int as agent_id, sum(d.valid_bet)::text as vb, sum(d.payout)::text as po,
          count(distinct d.member_id) filter (where d.bet_count > 0)::int as active, '0' as lost, '0' as won
        from member_day d
        cross join lateral unnest(string_to_array(trim(both '/' from d.tree_path), '/')) with ordinality as a(id, ord)
        where d.day between ${from} and ${to} and d.vendor <> '' and a.ord <= d.depth and a.id::int = any(${idList})
        group by 1`),
    );
  }
  for (const r of rows) {
    out.set(Number(r.agent_id), {
      validBet: BigInt(String(r.vb ?? 0)),
      payout: BigInt(String(r.po ?? 0)),
      active: Number(r.active ?? 0),
      lostBet: BigInt(String(r.lost ?? 0)),
      wonBet: BigInt(String(r.won ?? 0)),
    });
  }
  return out;
}

/** Dividends: each contract's loss carried from its last settled period before this one. */
async function carriedIn(db: Db | Tx, p: Period, contracts: ContractRow[]): Promise<Map<number, bigint>> {
  if (contracts.length === 0) return new Map();
  const rows = rowsOf(
    await db.execute(sql`
      select distinct on (contract_id) contract_id, carry::text as carry from agent_settlement
      where contract_id in (${sql.join(
        contracts.map((c) => sql`${c.id}`),
        sql`, `,
      )}) and seq = 0 and period_start < ${new Date(p.start).toISOString()}::timestamptz
      order by contract_id, period_start desc`),
  );
  return new Map(rows.map((r) => [Number(r.contract_id), BigInt(String(r.carry))]));
}

/** What each contract owes back from earlier overpayments (after its latest line). */
async function owedOf(db: Db | Tx, ids: number[]): Promise<Map<number, bigint>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([agentSettlement.contractId], { contractId: agentSettlement.contractId, owed: agentSettlement.owed })
    .from(agentSettlement)
    .where(inArray(agentSettlement.contractId, ids))
    .orderBy(agentSettlement.contractId, sql`${agentSettlement.id} desc`);
  return new Map(rows.map((r) => [r.contractId, r.owed]));
}

/** The period computed: every contract in force, what it is due (pure economics over the teams' figures). */
export async function computePeriod(db: Db | Tx, s: Stream, p: Period, carry?: Map<number, bigint>): Promise<{ contracts: ContractRow[]; settled: Settled[] }> {
  const contracts = await inForce(db, s, p);
  if (contracts.length === 0) return { contracts, settled: [] };
  const figures = await teamFigures(db, s, p, contracts);
  const carries = s.kind === 'dividend' ? (carry ?? (await carriedIn(db, p, contracts))) : new Map<number, bigint>();
  const byAgent = new Map(contracts.map((c) => [c.agentId, c.id]));
  const input: InForce[] = contracts.map((c) => ({
    contractId: c.id,
    agentId: c.agentId,
    uplineContractId: c.uplineId === null ? null : (byAgent.get(c.uplineId) ?? -1),
    kind: s.kind,
    terms: c.terms,
    carryIn: carries.get(c.id) ?? 0n,
  }));
  return { contracts, settled: settlePeriod(input, (id) => figures.get(id)) };
}

const lockPeriod = (tx: Tx, s: Stream, p: Period) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'agent.settle:' + s.key}), ${Math.floor(p.start / MINUTE)}::int)`);

/** Pays a line: what is due less what the contract owes back; answers the amount and what stays owed. */
function payable(due: bigint, owed: bigint): { amount: bigint; owed: bigint } {
  return due >= owed ? { amount: due - owed, owed: 0n } : { amount: 0n, owed: owed - due };
}

async function pay(tx: Tx, s: Stream, p: Period, line: { contractId: number; agentId: number; seq: number }, amount: bigint): Promise<number | null> {
  if (amount <= 0n) return null;
  const kind = s.kind === 'dividend' ? 'dividend' : 'salary';
  const posted = await payFromHouse(tx, {
    kind,
    memberId: line.agentId,
    amount,
    reference: `contract:${line.contractId}:${periodKey(p)}:${line.seq}`,
    memo: `${s.key} ${periodKey(p)}${line.seq ? ` #${line.seq}` : ''}`,
  });
  return posted.transferId;
}

/** Pays `amount` of a contract's period (line `seq`) and answers the settlement line to write. */
async function payLine(tx: Tx, s: Stream, p: Period, x: Settled, seq: number, amount: bigint, owed: bigint): Promise<typeof agentSettlement.$inferInsert> {
  const transferId = await pay(tx, s, p, { contractId: x.contractId, agentId: x.agentId, seq }, amount);
  return {
    contractId: x.contractId,
    agentId: x.agentId,
    kind: s.key,
    periodStart: new Date(p.start),
    periodEnd: new Date(p.end),
    seq,
    figures: x.figures,
    due: x.pay,
    amount,
    owed,
    carry: x.carryOut,
    transferId,
  };
}

export type SettleOutcome = 'settled' | 'already' | 'empty';

/** Settles one closed period of a stream, once (see the module's comment). */
export async function settleOne(db: Db, s: Stream, p: Period): Promise<SettleOutcome> {
  return db.transaction(async (tx) => {
    await lockPeriod(tx, s, p);
    const [done] = await tx
      .select({ k: agentPeriod.kind })
      .from(agentPeriod)
      .where(and(eq(agentPeriod.kind, s.key), eq(agentPeriod.periodStart, new Date(p.start))));
    if (done) return 'already';
    const { settled } = await computePeriod(tx, s, p);
    const owed = await owedOf(
      tx,
      settled.map((x) => x.contractId),
    );
    const lines: (typeof agentSettlement.$inferInsert)[] = [];
    for (const x of settled) {
      const { amount, owed: after } = payable(x.pay, owed.get(x.contractId) ?? 0n);
      lines.push(await payLine(tx, s, p, x, 0, amount, after));
    }
    if (lines.length) await tx.insert(agentSettlement).values(lines);
    await tx.insert(agentPeriod).values({ kind: s.key, periodStart: new Date(p.start), periodEnd: new Date(p.end) });
    return settled.length ? 'settled' : 'empty';
  });
}

/**
 * Checks a settled period again (late rounds): each contract whose due changed gets a correction
 * line paying the difference, or keeping an overpayment back. Answers how many lines it wrote.
 */
export async function correctOne(db: Db, s: Stream, p: Period): Promise<number> {
  return db.transaction(async (tx) => {
    await lockPeriod(tx, s, p);
    const [row] = await tx
      .select()
      .from(agentPeriod)
      .where(and(eq(agentPeriod.kind, s.key), eq(agentPeriod.periodStart, new Date(p.start))))
      .for('update');
    if (!row) return 0;
    const prior = await tx
      .select()
      .from(agentSettlement)
      .where(and(eq(agentSettlement.kind, s.key), eq(agentSettlement.periodStart, new Date(p.start))))
      .orderBy(agentSettlement.seq);
    // The carried losses the period was first settled with (a correction does not move them).
    const carry = new Map(prior.filter((l) => l.seq === 0).map((l) => [l.contractId, BigInt(String((l.figures as { carryIn?: string }).carryIn ?? '0'))]));
    const { settled } = await computePeriod(tx, s, p, carry);
    const latest = new Map<number, (typeof prior)[number]>();
    for (const l of prior) latest.set(l.contractId, l);
    const owed = await owedOf(
      tx,
      settled.map((x) => x.contractId),
    );
    const seq = row.corrections + 1;
    const lines: (typeof agentSettlement.$inferInsert)[] = [];
    for (const x of settled) {
      const before = latest.get(x.contractId)?.due ?? 0n;
      if (x.pay === before) continue;
      const owedBefore = owed.get(x.contractId) ?? 0n;
      const delta = x.pay - before;
      const { amount, owed: after } = delta > 0n ? payable(delta, owedBefore) : { amount: 0n, owed: owedBefore - delta };
      lines.push(await payLine(tx, s, p, x, seq, amount, after));
    }
    if (lines.length) await tx.insert(agentSettlement).values(lines);
    await tx
      .update(agentPeriod)
      .set({ checkedAt: sql`now()`, corrections: lines.length ? seq : row.corrections })
      .where(and(eq(agentPeriod.kind, s.key), eq(agentPeriod.periodStart, new Date(p.start))));
    return lines.length;
  });
}

/** Closed periods of a stream past their grace and never settled, oldest first (back to the first contract or the look-back). */
export async function pendingPeriods(db: Db, s: Stream, now: number): Promise<Period[]> {
  const [first] = rowsOf(await db.execute(sql`select (extract(epoch from min(started_at)) * 1000)::bigint::text as ms from agent_contract where kind = ${s.kind} and started_at is not null`));
  if (!first?.ms) return [];
  const since = Math.max(now - LOOK_BACK_MS[s.code], Number(first.ms));
  const closed = closedPeriods(s.code, now - GRACE_MS[s.code], brand().timeZone, since, 10_000);
  if (closed.length === 0) return [];
  const done = await db
    .select({ start: agentPeriod.periodStart })
    .from(agentPeriod)
    .where(and(eq(agentPeriod.kind, s.key), gte(agentPeriod.periodStart, new Date(closed[closed.length - 1]!.start))));
  const settled = new Set(done.map((d) => d.start.getTime()));
  return closed.filter((p) => !settled.has(p.start)).reverse();
}

/** Settled periods of a stream still inside their late window and not checked for a while. */
async function periodsToCheck(db: Db, s: Stream, now: number): Promise<Period[]> {
  const rows = await db
    .select({ start: agentPeriod.periodStart, end: agentPeriod.periodEnd })
    .from(agentPeriod)
    .where(
      and(eq(agentPeriod.kind, s.key), sql`${agentPeriod.periodEnd} > ${new Date(now - LATE_MS[s.code]).toISOString()}::timestamptz`, lt(agentPeriod.checkedAt, new Date(now - RECHECK_MS[s.code]))),
    );
  return rows.map((r) => ({ code: s.code, start: r.start.getTime(), end: r.end.getTime() }));
}

/** The job (every minute and at start, in every process): settles what is due, then checks recent periods again. */
export async function runSettlements(db: Db, now = Date.now()): Promise<{ settled: number; corrections: number }> {
  let settled = 0;
  let corrections = 0;
  for (const s of STREAMS) {
    if (!kindEnabled(s.kind)) continue;
    for (const p of await pendingPeriods(db, s, now)) {
      if ((await settleOne(db, s, p)) === 'settled') settled++;
    }
    for (const p of await periodsToCheck(db, s, now)) corrections += await correctOne(db, s, p);
  }
  if (settled || corrections) log.info('agent.settlements', { settled, corrections });
  return { settled, corrections };
}
