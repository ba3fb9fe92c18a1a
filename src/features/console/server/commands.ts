/**
 * The console's command panel (issue 29): the operator commands of every feature, run by the
 * staff roles each command declares (`consoleRoles`; the owner runs them all), through the very
 * function `npm run ops` uses. The app hands that function over (the console may not import the
 * app): `provideCommands` in src/app/api.ts.
 */
import { db, type Db } from '../../../kernel/db/index.ts';
import type { OpsCommand } from '../../../kernel/feature.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import type { StaffSession } from './staff.ts';

type Runner = (argv: string[], actor: string, ip: string) => Promise<{ ok: boolean; output: string }>;

let provided: { commands: ReadonlyMap<string, OpsCommand>; run: Runner } | null = null;

/** The app gives the console the commands and their runner. */
export function provideCommands(commands: ReadonlyMap<string, OpsCommand>, run: (handle: Db, argv: string[], actor: string, ip: string) => Promise<{ ok: boolean; output: string }>): void {
  provided = { commands, run: async (argv, actor, ip) => run(await db(), argv, actor, ip) };
}

function commandsOf(): { commands: ReadonlyMap<string, OpsCommand>; run: Runner } {
  if (!provided) throw new Error('The app has not provided the operator commands to the console');
  return provided;
}

const mayRun = (c: OpsCommand, roles: readonly string[]) => !!c.consoleRoles && (roles.includes('owner') || c.consoleRoles.some((r) => roles.includes(r)));

/** The commands the caller may run, with their usage. */
export function commandsFor(s: StaffSession): { name: string; usage: string }[] {
  return [...commandsOf().commands.values()].filter((c) => mayRun(c, s.roles)).map((c) => ({ name: c.name, usage: c.usage }));
}

/** Runs one command for the caller, or refuses it (unknown, not for the caller's roles, or the command line's only). */
export async function runFor(s: StaffSession, argv: string[], ip: string): Promise<{ ok: boolean; output: string }> {
  const { commands, run } = commandsOf();
  const c = commands.get(argv[0] ?? '');
  if (!c) throw new ApiError(400, 'console.command.unknown');
  if (!mayRun(c, s.roles)) throw new ApiError(403, 'console.role.denied');
  const verb = argv.slice(1).find((w) => !w.startsWith('--'));
  if (verb && c.cliOnlyVerbs?.includes(verb)) throw new ApiError(403, 'console.command.cliOnly');
  return run(argv, `staff:${s.username}`, ip);
}
