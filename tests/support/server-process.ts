/**
 * Another process of the production server (tests/support/wallet-server-child.ts runs
 * startServer) on a PostgreSQL database, for the tests and benches of work across processes
 * (the live chat, a publish seen elsewhere): answers its address once it prints `LISTENING`.
 * The caller kills it (SIGKILL) when done; `children` collects it for that.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function startServerProcess(databaseUrl: string, children: ChildProcess[], env: Record<string, string> = {}, script = 'tests/support/wallet-server-child.ts'): Promise<string> {
  const all = { ...(process.env as Record<string, string>), PORT: '0', HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'error', DATABASE_URL: databaseUrl, DATA_DIR: '', ...env };
  const child = spawn(process.execPath, [script], { cwd: root, env: all, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no LISTENING within 120 s:\n${out.slice(-2000)}`)), 120_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /LISTENING (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (d) => (out += d));
  });
}

/** Kills the processes (SIGKILL) and waits until each has gone. */
export async function stopServerProcesses(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }),
  );
}
