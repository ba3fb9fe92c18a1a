/** Structured one-line JSON logs on stderr; the request id ties a 500 to its fault. */
import { env } from './env.ts';

const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof levels;

/**
 * Takes the values out of a failed query's message: drizzle writes the SQL and then
 * `params: a,b,c`, and those are a player's data (token hashes, names, amounts). The SQL stays,
 * to find the fault.
 * @example redact('Failed query: select 1 where x = $1\nparams: secret') // 'Failed query: select 1 where x = $1\nparams: (redacted)'
 */
export function redact(text: string): string {
  return text.replace(/^(\s*params:).*$/gm, '$1 (redacted)');
}

function write(level: Level, event: string, fields: Record<string, unknown>): void {
  if (levels[level] < levels[env().LOG_LEVEL]) return;
  const clean = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? redact(v) : v]));
  process.stderr.write(`${JSON.stringify({ t: new Date().toISOString(), level, event, ...clean })}\n`);
}

export const log = {
  debug: (event: string, fields: Record<string, unknown> = {}) => write('debug', event, fields),
  info: (event: string, fields: Record<string, unknown> = {}) => write('info', event, fields),
  warn: (event: string, fields: Record<string, unknown> = {}) => write('warn', event, fields),
  error: (event: string, fields: Record<string, unknown> = {}) => write('error', event, fields),
};
