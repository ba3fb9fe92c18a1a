/**
 * Operator commands for agent contracts and their settlements (`npm run ops -- contract ...`,
 * `npm run ops -- settle ...`): grant a top agent its contract from the house, end one, list them;
 * list settled periods, and settle or check a period again by hand (a dry run prints what would be
 * paid; a run pays only what is not paid yet, so a rerun pays nothing twice).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { findByUsername, isAgentType } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { OpsAnswer, OpsCommand } from '../../../kernel/feature.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { periodAt, periodKey } from '../../../kernel/periods.ts';
import { termsOf, grantContract, endByOperator } from './contracts.ts';
import { CONTRACT_KINDS, type ContractKind } from './economics.ts';
import { computePeriod, correctOne, settleOne, STREAMS } from './settle.ts';
import { agentContract, agentPeriod, agentSettlement } from './tables.ts';
import { termsInput } from '../contract.ts';

const CONTRACT_USAGE = `  contract grant --agent USERNAME --kind daily|hourly|realtime|dividend --terms JSON
      (terms as the offer call takes them, e.g. '{"tiers":[{"minValidBet":1000,"rate":1.5}]}')
  contract list [--kind K] [--agent USERNAME] | contract end --id N`;
const SETTLE_USAGE = `  settle list --stream daily|hourly|realtime|dividend:D|W|H|M [--limit N]
  settle run --stream S --at ISO-TIME [--dry-run]   (the period holding that instant)`;

const money = (v: bigint | string) => formatMinor(BigInt(v), brand().currencyDecimals);

async function contractCommand(db: Db, verb: string | undefined, flags: Record<string, string>): Promise<OpsAnswer> {
  if (verb === 'grant') {
    const kind = flags.kind as ContractKind;
    if (!CONTRACT_KINDS.includes(kind)) return { ok: false, output: `--kind is one of ${CONTRACT_KINDS.join(', ')}` };
    const agent = flags.agent ? await findByUsername(db, flags.agent) : undefined;
    if (!agent || !isAgentType(agent.type)) return { ok: false, output: `--agent must name an agent account` };
    let parsed;
    try {
      parsed = termsInput.safeParse(JSON.parse(flags.terms ?? ''));
    } catch {
      return { ok: false, output: '--terms must be JSON' };
    }
    if (!parsed.success) return { ok: false, output: `--terms: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
    let terms;
    try {
      terms = termsOf(kind, parsed.data);
    } catch (err) {
      return { ok: false, output: `--terms: ${JSON.stringify((err as { fieldErrors?: unknown }).fieldErrors ?? String(err))}` };
    }
    const id = await grantContract(db, agent.id, kind, terms);
    return { ok: true, changed: true, output: `Contract ${id} (${kind}) granted to ${agent.username} by the house.` };
  }
  if (verb === 'list') {
    const agent = flags.agent ? await findByUsername(db, flags.agent) : undefined;
    if (flags.agent && !agent) return { ok: false, output: `No member ${flags.agent}.` };
    const rows = await db
      .select()
      .from(agentContract)
      .where(and(flags.kind ? eq(agentContract.kind, flags.kind) : undefined, agent ? eq(agentContract.agentId, agent.id) : undefined))
      .orderBy(desc(agentContract.id))
      .limit(200);
    return {
      ok: true,
      output:
        rows
          .map(
            (r) =>
              `${r.id}  ${r.kind.padEnd(8)}  ${r.status.padEnd(9)}  agent ${r.agentId}  from ${r.uplineId ?? 'house'}  rate ${(r.rate / 100).toFixed(2)}%${r.endReason ? `  (${r.endReason})` : ''}`,
          )
          .join('\n') || 'No contracts.',
    };
  }
  if (verb === 'end') {
    const id = Number(flags.id);
    if (!Number.isInteger(id) || id <= 0) return { ok: false, output: '--id is a contract id' };
    return (await endByOperator(db, id)) ? { ok: true, changed: true, output: `Contract ${id} ended.` } : { ok: false, output: `No active contract ${id}.` };
  }
  return { ok: false, output: CONTRACT_USAGE };
}

async function settleCommand(db: Db, verb: string | undefined, flags: Record<string, string>): Promise<OpsAnswer> {
  const stream = STREAMS.find((s) => s.key === flags.stream);
  if (!stream) return { ok: false, output: `--stream is one of ${STREAMS.map((s) => s.key).join(', ')}\n${SETTLE_USAGE}` };
  if (verb === 'list') {
    const limit = Math.min(Number(flags.limit ?? 20) || 20, 500);
    const rows = await db
      .select({
        start: agentPeriod.periodStart,
        end: agentPeriod.periodEnd,
        settledAt: agentPeriod.settledAt,
        corrections: agentPeriod.corrections,
        paid: sql<string>`(select coalesce(sum(s.amount), 0)::text from ${agentSettlement} s where s.kind = ${stream.key} and s.period_start = "agent_period"."period_start")`,
        lines: sql<number>`(select count(*)::int from ${agentSettlement} s where s.kind = ${stream.key} and s.period_start = "agent_period"."period_start")`,
      })
      .from(agentPeriod)
      .where(eq(agentPeriod.kind, stream.key))
      .orderBy(desc(agentPeriod.periodStart))
      .limit(limit);
    return {
      ok: true,
      output:
        rows.map((r) => `${r.start.toISOString()} .. ${r.end.toISOString()}  settled ${r.settledAt.toISOString()}  lines ${r.lines}  paid ${money(r.paid)}  corrections ${r.corrections}`).join('\n') ||
        'No settled periods.',
    };
  }
  if (verb === 'run') {
    const at = Date.parse(flags.at ?? '');
    if (Number.isNaN(at)) return { ok: false, output: '--at is an instant inside the period (ISO time)' };
    const p = periodAt(stream.code, at, brand().timeZone);
    if (p.end > Date.now()) return { ok: false, output: `The period ${periodKey(p)} has not closed yet.` };
    if (flags['dry-run'] !== undefined) {
      const { settled } = await computePeriod(db, stream, p);
      const paid = new Map(
        (
          await db
            .select({ contractId: agentSettlement.contractId, due: agentSettlement.due, seq: agentSettlement.seq })
            .from(agentSettlement)
            .where(and(eq(agentSettlement.kind, stream.key), eq(agentSettlement.periodStart, new Date(p.start))))
            .orderBy(agentSettlement.seq)
        ).map((r) => [r.contractId, r.due]),
      );
      const lines = settled.map((x) => {
        const before = paid.get(x.contractId);
        const change = before === undefined ? x.pay : x.pay - before;
        return `contract ${x.contractId}  agent ${x.agentId}  team valid bets ${money(x.figures.validBet)}  tier ${x.figures.tier + 1}  rate ${(x.figures.effectiveRate / 100).toFixed(2)}%  due ${money(x.pay)}  ${before === undefined ? 'to pay' : 'change'} ${money(change)}`;
      });
      return { ok: true, output: [`Dry run of ${stream.key} ${periodKey(p)} (nothing paid):`, ...lines].join('\n') || 'Nothing in force.' };
    }
    const outcome = await settleOne(db, stream, p);
    if (outcome !== 'already') return { ok: true, changed: true, output: `Period ${periodKey(p)} of ${stream.key}: ${outcome}.` };
    const corrections = await correctOne(db, stream, p);
    return { ok: true, changed: corrections > 0, output: `Period ${periodKey(p)} of ${stream.key} was settled already; ${corrections} correction line(s) written.` };
  }
  return { ok: false, output: SETTLE_USAGE };
}

export const agentCommands: OpsCommand[] = [
  { name: 'contract', consoleRoles: ['agents'], usage: CONTRACT_USAGE, options: ['agent', 'kind', 'terms', 'id'], run: (db, { verb, flags }) => contractCommand(db, verb, flags) },
  { name: 'settle', consoleRoles: ['agents'], usage: SETTLE_USAGE, options: ['stream', 'limit', 'at'], switches: ['dry-run'], run: (db, { verb, flags }) => settleCommand(db, verb, flags) },
];
