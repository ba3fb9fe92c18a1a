/**
 * Operator commands of player protection (issue 28): `rg show|limits|exclude|import` and the
 * significant-event log (`events`). The operator sees a member's state and can exclude (on a
 * regulator's or a register's request), never lift or shorten a block nor raise a limit.
 */
import { readFile } from 'node:fs/promises';
import { findById, findByUsername } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { OpsAnswer, OpsCommand } from '../../../kernel/feature.ts';
import { significantEvents } from '../../../kernel/significant.ts';
import { limitsOf } from './limits.ts';
import { blockOf, importRegister, operatorExclude, sessionMinutesToday } from './state.ts';

const RG_USAGE = `  rg show USERNAME
  rg limits USERNAME
  rg exclude USERNAME (--until YYYY-MM-DD | --permanent) --reason TEXT
  rg import FILE.csv --source NAME [--hashed]   (one identifier per line: e-mail, phone or id number)`;
const EVENTS_USAGE = `  events [--member USERNAME] [--kind KIND] [--limit N]`;

const iso = (ms: number | null) => (ms === null ? 'never' : new Date(ms).toISOString());

async function rgCommand(db: Db, verb: string | undefined, rest: string[], flags: Record<string, string>, actor: string): Promise<OpsAnswer> {
  if (verb === 'import') {
    const file = rest[0];
    if (!file || !flags.source) return { ok: false, output: RG_USAGE };
    const ids = (await readFile(file, 'utf8'))
      .split(/\r?\n/)
      .map((l) => l.split(',')[0]!.trim())
      .filter((l) => l && !/^(id|identifier|hash)$/i.test(l));
    const { added, excluded } = await importRegister(db, ids, flags.source, flags.hashed !== undefined, actor);
    const members = excluded.length ? `\n${excluded.length} member(s) on it excluded now, their sessions ended: ${excluded.join(', ')}` : '';
    return { ok: true, changed: added > 0 || excluded.length > 0, output: `${ids.length} identifiers read, ${added} new on the register (${flags.source}).${members}` };
  }
  const name = rest[0];
  if (!name || !['show', 'limits', 'exclude'].includes(verb ?? '')) return { ok: false, output: RG_USAGE };
  const m = await findByUsername(db, name);
  if (!m) return { ok: false, output: `No member ${name}.` };
  if (verb === 'exclude') {
    if (!flags.reason?.trim()) return { ok: false, output: `--reason is required\n${RG_USAGE}` };
    let until: Date | null = null;
    if (flags.permanent === undefined) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(flags.until ?? '')) return { ok: false, output: `--until YYYY-MM-DD or --permanent\n${RG_USAGE}` };
      until = new Date(`${flags.until}T00:00:00Z`);
      if (!(until.getTime() > Date.now())) return { ok: false, output: '--until must be in the future' };
    }
    try {
      const b = await operatorExclude(db, m.id, until, actor, flags.reason.trim());
      return { ok: true, changed: true, output: `${m.username} excluded until ${iso(b.until)}; every session ended.` };
    } catch (err) {
      return { ok: false, output: `Not excluded: ${(err as Error).message === 'protection.block.shorter' ? 'a block in force ends later (a block is never shortened)' : (err as Error).message}` };
    }
  }
  const [{ limits }, block, minutes] = await Promise.all([limitsOf(db, m.id), blockOf(db, m.id), sessionMinutesToday(db, m.id)]);
  const lines = limits.map(
    (l) =>
      `  ${l.kind.padEnd(8)} ${l.period.padEnd(6)} limit ${l.amount ?? 'none'}  used ${l.kind === 'session' ? minutes : l.used}  resets ${iso(l.resetsAt)}${l.pending ? `  pending ${l.pending.amount ?? 'removal'} from ${iso(l.pending.at)}` : ''}`,
  );
  if (verb === 'limits') return { ok: true, output: lines.join('\n') || `${m.username} has no limits.` };
  const state = !block
    ? 'open'
    : `${block.kind}${block.holds ? '' : ' (ended)'} from ${iso(block.from)} until ${block.until === null ? (block.kind === 'closed' ? 'reopened' : 'permanent') : iso(block.until)}${block.lapsed ? `, ended; return ${block.reopenAt ? `from ${iso(block.reopenAt)}` : 'not asked'}` : ''}`;
  return { ok: true, output: [`${m.username} (${m.id}): ${state}`, `session time today: ${minutes} min`, 'limits:', ...(lines.length ? lines : ['  none'])].join('\n') };
}

async function eventsCommand(db: Db, flags: Record<string, string>): Promise<OpsAnswer> {
  let memberId: number | undefined;
  if (flags.member) {
    const m = await findByUsername(db, flags.member);
    if (!m) return { ok: false, output: `No member ${flags.member}.` };
    memberId = m.id;
  }
  const limit = Math.min(1000, Math.max(1, Number(flags.limit ?? 100) || 100));
  const rows = await significantEvents(db, { memberId, kind: flags.kind, limit });
  const names = new Map<number, string>();
  for (const r of rows) if (r.memberId !== null && !names.has(r.memberId)) names.set(r.memberId, (await findById(db, r.memberId))?.username ?? String(r.memberId));
  return {
    ok: true,
    output:
      rows
        .map((r) => `${r.at.toISOString()}  ${(r.memberId === null ? '-' : names.get(r.memberId)!).padEnd(16)} ${r.kind.padEnd(20)} ${r.actor.padEnd(12)} ${r.ip ?? '-'}  ${JSON.stringify(r.detail)}`)
        .join('\n') || 'No significant events.',
  };
}

export const protectionCommands: OpsCommand[] = [
  {
    name: 'rg',
    consoleRoles: ['risk'],
    cliOnlyVerbs: ['import'],
    usage: RG_USAGE,
    options: ['until', 'reason', 'source'],
    switches: ['permanent', 'hashed'],
    run: (db, i) => rgCommand(db, i.verb, i.rest, i.flags, i.actor),
  },
  { name: 'events', consoleRoles: ['risk'], usage: EVENTS_USAGE, options: ['member', 'kind', 'limit'], run: (db, i) => eventsCommand(db, i.flags) },
];
