/**
 * The server the e2e suite runs against (started by playwright.config.ts), and the operator
 * command pointed at it: `scripts/ops.ts` with DATA_DIR set to the e2e data folder finds the
 * running server through DATA_DIR/server.json and has it apply the change at once.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');

/** Port of the e2e server (E2E_PORT, default 4410). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4410);

/** The e2e server's PGlite folder, one per port; owned by the tests and deleted before every run. */
export const E2E_DATA_DIR = path.resolve(root, process.env.E2E_DATA_DIR ?? `.e2e-data/${E2E_PORT}`);

/**
 * The build the e2e server loads: dist/ in CI (npm test has just built it), else a folder of its
 * own per port, so that a run never loads files another run or a developer is rebuilding.
 */
export const E2E_DIST_DIR = process.env.E2E_DIST_DIR ?? (process.env.CI ? 'dist' : `.e2e-dist/${E2E_PORT}`);

const run = promisify(execFile);

/**
 * Runs `npm run ops -- ...args` against the e2e server and returns what it printed.
 * @example await ops('maintenance', 'on', '--notice', 'Back soon')
 */
export async function ops(...args: string[]): Promise<string> {
  // The e2e server is running: send the command to its /_ops door as `npm run ops` would, without
  // starting a Node process per call (each loads the whole server's modules: seconds under load).
  const lockFile = path.join(E2E_DATA_DIR, 'server.json');
  if (existsSync(lockFile)) {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { host: string; port: number; secret: string };
    const host = lock.host.includes(':') ? `[${lock.host}]` : lock.host;
    const res = await fetch(`http://${host}:${lock.port}/_ops`, {
      method: 'POST',
      headers: { 'x-ops-secret': lock.secret, 'content-type': 'application/json' },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(30_000),
    });
    const result = (await res.json()) as { ok: boolean; output: string };
    if (!result.ok) throw new Error(`ops ${args.join(' ')} failed: ${result.output}`);
    return result.output.trim();
  }
  try {
    const { stdout } = await run(path.join(root, 'node_modules/.bin/node'), ['scripts/ops.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      timeout: 30_000,
    });
    return stdout.trim();
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`ops ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}
