/**
 * Operator commands for agent contracts and their settlements (`npm run ops -- contract ...`,
 * `npm run ops -- settle ...`): grant a top agent its contract from the house, end one, list them;
 * list settled periods, and settle or check a period again by hand (a dry run prints what would be
 * paid; a run pays only what is not paid yet, so a rerun pays nothing twice).
 */
import { findByUsername } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { OpsAnswer, OpsCommand } from '../../../kernel/feature.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { getT } from '../../../kernel/i18n/server.ts';
import type { ContractKind } from './economics.ts';
import { dryRunPeriod, endContractByOperator, grantByOperator, listContracts, runPeriod, settledPeriods, STREAM_KEYS } from './operator.ts';
import { termsInput } from '../contract.ts';

const CONTRACT_USAGE = `  contract grant --agent USERNAME --kind daily|hourly|realtime|dividend --terms JSON
      (terms as the offer call takes them, e.g. '{"tiers":[{"minValidBet":1000,"rate":1.5}]}')
  contract list [--kind K] [--agent USERNAME] | contract end --id N`;
const SETTLE_USAGE = `  settle list --stream daily|hourly|realtime|dividend:D|W|H|M [--limit N]
  settle run --stream S --at ISO-TIME [--dry-run]   (the period holding that instant)`;

const en = () => getT('en');
/** A refusal of the shared functions (operator.ts) as the command's answer, in English. */
function refused(err: unknown): OpsAnswer {
  if (!(err instanceof ApiError)) throw err;
  const fields = err.fieldErrors ? Object.entries(err.fieldErrors).map(([k, v]) => `${k}: ${v}`) : [];
  const message = en()(`errors:${err.errorCode}`, { ...err.params, defaultValue: err.errorCode });
  return { ok: false, output: err.errorCode === 'request.invalid' && fields.length ? `--terms: ${fields.join('; ')}` : message };
}

async function contractCommand(db: Db, verb: string | undefined, flags: Record<string, string>): Promise<OpsAnswer> {
  try {
    if (verb === 'grant') {
      let parsed;
      try {
        parsed = termsInput.safeParse(JSON.parse(flags.terms ?? ''));
      } catch {
        return { ok: false, output: '--terms must be JSON' };
      }
      if (!parsed.success) return { ok: false, output: `--terms: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
      const id = await grantByOperator(db, flags.agent ?? '', flags.kind as ContractKind, parsed.data, en());
      return { ok: true, changed: true, output: `Contract ${id} (${flags.kind}) granted to ${flags.agent} by the house.` };
    }
    if (verb === 'list') {
      if (flags.agent && !(await findByUsername(db, flags.agent))) return { ok: false, output: `No member ${flags.agent}.` };
      const { items } = await listContracts(db, { kind: flags.kind, agent: flags.agent, page: 1, pageSize: 200 });
      return {
        ok: true,
        output:
          items
            .map((r) => `${r.id}  ${r.kind.padEnd(8)}  ${r.status.padEnd(9)}  agent ${r.agentId}  from ${r.upline ?? 'house'}  rate ${r.rate.toFixed(2)}%${r.endReason ? `  (${r.endReason})` : ''}`)
            .join('\n') || 'No contracts.',
      };
    }
    if (verb === 'end') {
      const id = Number(flags.id);
      if (!Number.isInteger(id) || id <= 0) return { ok: false, output: '--id is a contract id' };
      return (await endContractByOperator(db, id)) ? { ok: true, changed: true, output: `Contract ${id} ended.` } : { ok: false, output: `No active contract ${id}.` };
    }
    return { ok: false, output: CONTRACT_USAGE };
  } catch (err) {
    return refused(err);
  }
}

async function settleCommand(db: Db, verb: string | undefined, flags: Record<string, string>): Promise<OpsAnswer> {
  if (!STREAM_KEYS.includes(flags.stream ?? '')) return { ok: false, output: `--stream is one of ${STREAM_KEYS.join(', ')}\n${SETTLE_USAGE}` };
  const key = flags.stream!;
  try {
    if (verb === 'list') {
      const rows = await settledPeriods(db, key, Math.min(Number(flags.limit ?? 20) || 20, 500));
      const iso = (ms: number) => new Date(ms).toISOString();
      return {
        ok: true,
        output: rows.map((r) => `${iso(r.start)} .. ${iso(r.end)}  settled ${iso(r.settledAt)}  lines ${r.lines}  paid ${r.paid}  corrections ${r.corrections}`).join('\n') || 'No settled periods.',
      };
    }
    if (verb === 'run') {
      const at = Date.parse(flags.at ?? '');
      if (Number.isNaN(at)) return { ok: false, output: '--at is an instant inside the period (ISO time)' };
      if (flags['dry-run'] !== undefined) {
        const dry = await dryRunPeriod(db, key, at);
        const lines = dry.lines.map(
          (x) =>
            `contract ${x.contractId}  agent ${x.agentId}  team valid bets ${x.validBet}  tier ${x.tier}  rate ${x.rate.toFixed(2)}%  due ${x.due}  ${x.settled ? 'change' : 'to pay'} ${x.change}`,
        );
        return { ok: true, output: [`Dry run of ${key} ${dry.period} (nothing paid):`, ...lines].join('\n') };
      }
      const r = await runPeriod(db, key, at);
      if (r.outcome !== 'already') return { ok: true, changed: true, output: `Period ${r.period} of ${key}: ${r.outcome}.` };
      return { ok: true, changed: r.corrections > 0, output: `Period ${r.period} of ${key} was settled already; ${r.corrections} correction line(s) written.` };
    }
    return { ok: false, output: SETTLE_USAGE };
  } catch (err) {
    return refused(err);
  }
}

export const agentCommands: OpsCommand[] = [
  { name: 'contract', consoleRoles: ['agents'], usage: CONTRACT_USAGE, options: ['agent', 'kind', 'terms', 'id'], run: (db, { verb, flags }) => contractCommand(db, verb, flags) },
  { name: 'settle', consoleRoles: ['agents'], usage: SETTLE_USAGE, options: ['stream', 'limit', 'at'], switches: ['dry-run'], run: (db, { verb, flags }) => settleCommand(db, verb, flags) },
];
