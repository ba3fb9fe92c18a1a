/** The servers the benchmark measures: the platform itself, and a plain Node static server. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export interface Running {
  url: string;
  child: ChildProcess;
  /** Everything the process printed, for an error message. */
  output(): string;
  stop(): Promise<void>;
}

/** Waits until GET `url` answers (any HTTP status), or fails after `ms`. */
async function waitForHttp(url: string, child: ChildProcess, ms: number, output: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`server at ${url} did not answer within ${ms / 1000} s:\n${output()}`);
}

function launch(args: string[], env: Record<string, string>, readyUrl: string, url: string, ms: number): Promise<Running> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const output = () => log.slice(-4000);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return waitForHttp(readyUrl, child, ms, output).then(
    () => ({ url, child, output, stop }),
    async (err) => {
      await stop();
      throw err;
    },
  );
}

/** Starts `npm start` on a fresh PGlite folder with the demo seed (migrate and seed included). */
export function startPlatform(port: number, dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  return launch(
    ['scripts/start.mjs'],
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    `${url}/wps/system/status`,
    url,
    150_000,
  );
}

/** Starts the plain Node server that answers every request with the bytes of `file`. */
export function startStatic(port: number, file: string, contentType: string, contentEncoding?: string): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  return launch([path.join(import.meta.dirname, 'static-server.ts'), String(port), file, contentType, ...(contentEncoding ? [contentEncoding] : [])], {}, url, url, 15_000);
}

/**
 * Starts the API alone (scripts/bench/api-server.ts: startServer without the built pages, so no
 * build is needed) on `port`, with the demo seed; `env` adds settings (DATABASE_URL for PostgreSQL).
 */
export function startApiServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  return launch(
    [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), path.join(import.meta.dirname, 'api-server.ts')],
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    `${url}/wps/system/status`,
    url,
    150_000,
  );
}
