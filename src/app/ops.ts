/**
 * Operator commands (`npm run ops -- ...`), from the features' manifests. They run in-process
 * against a database: directly when it can be opened, or inside the running server when the
 * embedded PGlite is held by it. Arguments are parsed by node:util parseArgs with the options
 * each command declares; an unknown command or option answers the usage.
 */
import { parseArgs as parseNodeArgs } from 'node:util';
import type { Db } from '../kernel/db/index.ts';
import { recordAudit } from '../kernel/db/audit.ts';
import type { OpsAnswer, OpsCommand } from '../kernel/feature.ts';
import { FEATURES } from './features.ts';

export interface OpsResult {
  ok: boolean;
  output: string;
}

/** Every command, by name. */
import { checkBrand } from './brand.ts';
import { brand } from '../kernel/brand/index.ts';
import { refreshContent } from '../features/content/index.ts';

export const COMMANDS: ReadonlyMap<string, OpsCommand> = new Map(FEATURES.flatMap((f) => f.ops ?? []).map((c) => [c.name, c]));

export const USAGE = `Usage: npm run ops -- <command>\n${[...COMMANDS.values()].map((c) => c.usage).join('\n')}`;

/** The options of `commands` for node:util parseArgs: declared options take a value, switches none. */
function optionsOf(commands: Iterable<OpsCommand>) {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const c of commands) {
    for (const o of c.options ?? []) options[o] = { type: 'string' };
    for (const o of c.switches ?? []) options[o] = { type: 'boolean' };
  }
  return options;
}

/**
 * Splits argv into positional words and --flags (values as strings; a switch, or an option given
 * no value, is 'true'). Non-strict, so that a value may start with a dash (`--amount -3.00`);
 * unknown options are refused by runOps against the command's own list.
 */
export function parseArgs(argv: string[], commands: Iterable<OpsCommand> = COMMANDS.values()): { words: string[]; flags: Record<string, string> } {
  const { values, positionals } = parseNodeArgs({ args: argv, options: optionsOf(commands), allowPositionals: true, strict: false });
  const flags = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
  return { words: positionals, flags };
}

/** Runs one operator command and records it in the audit log when it changed something. */
export async function runOps(db: Db, argv: string[], actor: string, ip?: string): Promise<OpsResult> {
  const command = COMMANDS.get(argv[0] ?? '');
  if (!command) return { ok: false, output: USAGE };
  const { words, flags } = parseArgs(argv, [command]);
  const known = new Set([...(command.options ?? []), ...(command.switches ?? [])]);
  const unknown = Object.keys(flags).filter((k) => !known.has(k));
  if (unknown.length) return { ok: false, output: `Unknown option ${unknown.map((u) => `--${u}`).join(', ')}\n${USAGE}` };
  const [name, verb, ...rest] = words;
  try {
    // The same check as the server's start: a brand file with a key nobody declares, or a bad
    // part, is said here too rather than acted on.
    checkBrand(brand());
    // Commands read the published content (promotions' words) as the server does.
    await refreshContent();
    const result: OpsAnswer = await command.run(db, { verb, rest, flags, actor });
    if (!result.ok && !result.output) return { ok: false, output: USAGE };
    if (result.ok && result.changed) {
      // Secrets given on the command line never reach the audit log.
      const secret = new Set(command.secretOptions ?? []);
      const logged = Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, secret.has(k) ? '(redacted)' : v]));
      await recordAudit(db, { actor, command: [name, verb].filter(Boolean).join(' '), args: { rest, flags: logged }, ...(ip ? { ip } : {}) });
    }
    return { ok: result.ok, output: result.output };
  } catch (err) {
    return { ok: false, output: err instanceof Error ? err.message : String(err) };
  }
}
