/** Structured one-line JSON logs on stderr; the request id ties a 500 to its fault. */
import { env } from './env.ts';

const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof levels;

function write(level: Level, event: string, fields: Record<string, unknown>): void {
  if (levels[level] < levels[env().LOG_LEVEL]) return;
  process.stderr.write(`${JSON.stringify({ t: new Date().toISOString(), level, event, ...fields })}\n`);
}

export const log = {
  debug: (event: string, fields: Record<string, unknown> = {}) => write('debug', event, fields),
  info: (event: string, fields: Record<string, unknown> = {}) => write('info', event, fields),
  warn: (event: string, fields: Record<string, unknown> = {}) => write('warn', event, fields),
  error: (event: string, fields: Record<string, unknown> = {}) => write('error', event, fields),
};
