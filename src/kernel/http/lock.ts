/**
 * DATA_DIR/server.json: the lock a server on the embedded PGlite writes (pid, port, a random
 * secret, mode 0600) so that `npm run ops` reaches the process that holds the database. Kept in a
 * module of its own so that the ops command can read it without loading the server's modules.
 */
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { dataDir } from '../env.ts';

export interface ServerLock {
  pid: number;
  port: number;
  host: string;
  secret: string;
}

export const lockPath = () => path.join(dataDir(), 'server.json');

/** Reads the lock of a live server on DATA_DIR, or null. */
export function readLiveLock(): ServerLock | null {
  const p = lockPath();
  if (!existsSync(p)) return null;
  try {
    const lock = JSON.parse(readFileSync(p, 'utf8')) as ServerLock;
    process.kill(lock.pid, 0);
    return lock;
  } catch {
    return null;
  }
}
