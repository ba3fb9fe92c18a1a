/**
 * What operators do with agent contracts and settlements (the `contract` and `settle` commands
 * and the console's agents screen, one code path for both): contracts listed with their parties,
 * a grant from the house, an end; the settled periods of a stream, a dry run of a period (what it
 * would pay now, beside what it paid) and a run (settles a closed period once, or writes the
 * corrections a settled one needs). Refusals are ApiErrors naming the field.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { findByUsername, isAgentType } from '../../accounts/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { periodAt, periodKey, type Period } from '../../../kernel/periods.ts';
import type { ContractView, TermsInput } from '../contract.ts';
import { endByOperator, grantContract, termsOf, viewsOf } from './contracts.ts';
import { CONTRACT_KINDS, type ContractKind } from './economics.ts';
import { computePeriod, correctOne, settleOne, STREAMS, type Stream } from './settle.ts';
import { agentContract, agentPeriod, agentSettlement } from './tables.ts';

const money = (v: bigint | string | number) => formatMinor(BigInt(v), brand().currencyDecimals);
const fieldError = (t: TFunction | undefined, code: string, field: string, params: Record<string, string> = {}) => new ApiError(400, code, params, { [field]: t ? t(`errors:${code}`, params) : code });

export async function listContracts(
  db: Db,
  q: { kind?: string; agent?: string; status?: string; page: number; pageSize: number },
): Promise<{ items: ContractView[]; total: number; page: number; pageSize: number }> {
  const agent = q.agent ? await findByUsername(db, q.agent) : undefined;
  if (q.agent && !agent) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  const where = and(q.kind ? eq(agentContract.kind, q.kind) : undefined, agent ? eq(agentContract.agentId, agent.id) : undefined, q.status ? eq(agentContract.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(agentContract)
      .where(where)
      .orderBy(desc(agentContract.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(agentContract).where(where),
  ]);
  return { items: await viewsOf(db, rows), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/** A contract from the house to an agent (its terms checked as an offer's are); answers its id. */
export async function grantByOperator(db: Db, agentName: string, kind: ContractKind, terms: TermsInput, t?: TFunction): Promise<number> {
  if (!CONTRACT_KINDS.includes(kind)) throw fieldError(t, 'agent.operator.kind', 'kind');
  const agent = await findByUsername(db, agentName);
  if (!agent || !isAgentType(agent.type)) throw fieldError(t, 'agent.operator.notAgent', 'agent', { username: agentName });
  return grantContract(db, agent.id, kind, termsOf(kind, terms, t));
}

/** Ends an active contract; false when there is none with that id. */
export const endContractByOperator = (db: Db, id: number) => endByOperator(db, id);

export function streamOf(key: string, t?: TFunction): Stream {
  const s = STREAMS.find((x) => x.key === key);
  if (!s) throw fieldError(t, 'agent.operator.stream', 'stream', { streams: STREAMS.map((x) => x.key).join(', ') });
  return s;
}
export const STREAM_KEYS = STREAMS.map((s) => s.key);

/** The closed period of the stream that holds `at`; one still open is refused. */
function closedPeriodAt(s: Stream, at: number, t?: TFunction): Period {
  const p = periodAt(s.code, at, brand().timeZone);
  if (p.end > clock.now()) throw fieldError(t, 'agent.operator.open', 'at', { period: periodKey(p) });
  return p;
}

/** The settled periods of a stream, newest first, with their lines and what they paid. */
export async function settledPeriods(db: Db, key: string, limit: number, t?: TFunction) {
  const s = streamOf(key, t);
  const rows = await db
    .select({
      start: agentPeriod.periodStart,
      end: agentPeriod.periodEnd,
      settledAt: agentPeriod.settledAt,
      corrections: agentPeriod.corrections,
      paid: sql<string>`(select coalesce(sum(s.amount), 0)::text from ${agentSettlement} s where s.kind = ${s.key} and s.period_start = "agent_period"."period_start")`,
      lines: sql<number>`(select count(*)::int from ${agentSettlement} s where s.kind = ${s.key} and s.period_start = "agent_period"."period_start")`,
    })
    .from(agentPeriod)
    .where(eq(agentPeriod.kind, s.key))
    .orderBy(desc(agentPeriod.periodStart))
    .limit(limit);
  return rows.map((r) => ({ start: r.start.getTime(), end: r.end.getTime(), settledAt: r.settledAt.getTime(), corrections: r.corrections, lines: Number(r.lines), paid: money(r.paid) }));
}

/** What settling the period holding `at` would pay now, per contract, beside what it paid already (nothing is written). */
export async function dryRunPeriod(db: Db, key: string, at: number, t?: TFunction) {
  const s = streamOf(key, t);
  const p = closedPeriodAt(s, at, t);
  const { settled } = await computePeriod(db, s, p);
  const paid = new Map(
    (
      await db
        .select({ contractId: agentSettlement.contractId, due: agentSettlement.due })
        .from(agentSettlement)
        .where(and(eq(agentSettlement.kind, s.key), eq(agentSettlement.periodStart, new Date(p.start))))
        .orderBy(agentSettlement.seq)
    ).map((r) => [r.contractId, r.due]),
  );
  return {
    period: periodKey(p),
    start: p.start,
    end: p.end,
    lines: settled.map((x) => {
      const before = paid.get(x.contractId);
      return {
        contractId: x.contractId,
        agentId: x.agentId,
        validBet: money(x.figures.validBet),
        tier: x.figures.tier + 1,
        rate: x.figures.effectiveRate / 100,
        due: money(x.pay),
        settled: before !== undefined,
        change: money(before === undefined ? x.pay : x.pay - before),
      };
    }),
  };
}

/** Settles the period holding `at` (once), or, settled already, writes the corrections it needs. */
export async function runPeriod(db: Db, key: string, at: number, t?: TFunction): Promise<{ period: string; outcome: string; corrections: number }> {
  const s = streamOf(key, t);
  const p = closedPeriodAt(s, at, t);
  const outcome = await settleOne(db, s, p);
  if (outcome !== 'already') return { period: periodKey(p), outcome, corrections: 0 };
  return { period: periodKey(p), outcome, corrections: await correctOne(db, s, p) };
}
