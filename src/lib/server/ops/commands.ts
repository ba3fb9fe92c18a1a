/**
 * Operator commands (`npm run ops -- ...`). They run in-process against a database: directly
 * when it can be opened, or inside the running server when the embedded PGlite is held by it.
 */
import type { Db } from '../db/index.ts';
import { opsAudit } from '../db/schema.ts';
import { readSetting } from '../system/settings.ts';
import {
  MAINTENANCE_KEY,
  REGIONS_KEY,
  setMaintenance,
  setRegionBlock,
  type Maintenance,
  type RegionBlock,
} from '../system/status.ts';
import { ACCOUNT_USAGE, createUserCommand, emailOutboxCommand, smsOutboxCommand } from '../accounts/ops.ts';
import { agentDomainCommand } from '../accounts/affiliate-domains.ts';
import { WALLET_USAGE, adjustCommand, ledgerAuditCommand, withdrawalsCommand } from '../wallet/ops.ts';
import { refundStaleRounds } from '../wallet/game-play.ts';
import { env } from '../env.ts';

export interface OpsResult {
  ok: boolean;
  output: string;
}

const USAGE = `Usage: npm run ops -- <command>
  maintenance on [--end <ISO time>] [--notice <text>]   switch maintenance on
  maintenance off                                      switch it off
  maintenance status                                   show it
  regions block <CIDR> [<CIDR> ...]                    block visitors from these subnets
  regions unblock <CIDR> [<CIDR> ...]                  lift blocks
  regions clear                                        lift every block
  regions list                                         show the blocked subnets
${ACCOUNT_USAGE}
${WALLET_USAGE}
  rounds:sweep [--minutes <N>]                         refund game rounds left open longer than N minutes
                                                       (default GAME_ROUND_TIMEOUT_MINUTES, 10)`;

const SECRET_FLAGS = new Set(['password']);

/** Splits argv into positional words and --flags. */
export function parseArgs(argv: string[]): { words: string[]; flags: Record<string, string> } {
  const words: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [k, v] = a.slice(2).split('=', 2);
      if (v !== undefined) flags[k!] = v;
      else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) flags[k!] = argv[++i]!;
      else flags[k!] = 'true';
    } else words.push(a);
  }
  return { words, flags };
}

/** Runs one operator command and records it in the audit log when it changed something. */
export async function runOps(db: Db, argv: string[], actor: string): Promise<OpsResult> {
  const { words, flags } = parseArgs(argv);
  const [area, verb, ...rest] = words;
  try {
    const result = await dispatch(db, area, verb, rest, flags, actor);
    if (result.ok && result.changed) {
      // Secrets given on the command line never reach the audit log.
      const logged = Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, SECRET_FLAGS.has(k) ? '(redacted)' : v]));
      await db.insert(opsAudit).values({ actor, command: [area, verb].filter(Boolean).join(' '), args: { rest, flags: logged } });
    }
    return { ok: result.ok, output: result.output };
  } catch (err) {
    return { ok: false, output: err instanceof Error ? err.message : String(err) };
  }
}

async function dispatch(
  db: Db,
  area: string | undefined,
  verb: string | undefined,
  rest: string[],
  flags: Record<string, string>,
  actor: string,
): Promise<OpsResult & { changed?: boolean }> {
  if (area === 'user:create') return createUserCommand(db, flags);
  if (area === 'withdrawals') return withdrawalsCommand(db, verb, rest, flags, actor);
  if (area === 'adjust') return adjustCommand(db, flags, actor);
  if (area === 'ledger:audit') return ledgerAuditCommand(db);
  if (area === 'rounds:sweep') {
    const minutes = flags.minutes === undefined ? env().GAME_ROUND_TIMEOUT_MINUTES : Number(flags.minutes);
    if (!Number.isInteger(minutes) || minutes < 1) return { ok: false, output: '--minutes must be a whole number of minutes, at least 1' };
    let total = 0;
    // In batches of 200 until none is left.
    for (let n = -1; n !== 0; total += n) n = await refundStaleRounds(db, Date.now(), minutes * 60_000);
    return { ok: true, changed: total > 0, output: `Refunded ${total} round(s) left open longer than ${minutes} minute(s).` };
  }
  if (area === 'agent:domain') return agentDomainCommand(db, verb, flags);
  if (area === 'sms-outbox') return smsOutboxCommand(db, flags);
  if (area === 'email-outbox') return emailOutboxCommand(db, flags);
  if (area === 'maintenance') {
    if (verb === 'on') {
      let end: number | null = null;
      if (flags.end) {
        end = Date.parse(flags.end);
        if (Number.isNaN(end)) return { ok: false, output: `Not a time: ${flags.end} (use ISO 8601, e.g. 2026-12-01T10:00:00Z)` };
      }
      await setMaintenance(db, { on: true, end, notice: flags.notice ?? null });
      return { ok: true, changed: true, output: `Maintenance is on${end ? ` until ${new Date(end).toISOString()}` : ''}.` };
    }
    if (verb === 'off') {
      await setMaintenance(db, { on: false, end: null, notice: null });
      return { ok: true, changed: true, output: 'Maintenance is off.' };
    }
    if (verb === 'status') {
      const m = await readSetting<Maintenance>(db, MAINTENANCE_KEY, { on: false, end: null, notice: null });
      return { ok: true, output: JSON.stringify(m) };
    }
  }
  if (area === 'regions') {
    const current = (await readSetting<RegionBlock>(db, REGIONS_KEY, { cidrs: [] })).cidrs;
    if (verb === 'list') return { ok: true, output: current.length ? current.join('\n') : '(no region is blocked)' };
    if (verb === 'clear') {
      await setRegionBlock(db, []);
      return { ok: true, changed: true, output: 'No region is blocked.' };
    }
    if ((verb === 'block' || verb === 'unblock') && rest.length) {
      const next = verb === 'block' ? [...new Set([...current, ...rest])] : current.filter((c) => !rest.includes(c));
      await setRegionBlock(db, next);
      return { ok: true, changed: true, output: `Blocked subnets: ${next.length ? next.join(', ') : '(none)'}` };
    }
  }
  return { ok: false, output: USAGE };
}
