// npm run ops -- <command>: operator commands (see `npm run ops -- help`).
// With PostgreSQL (DATABASE_URL) it opens the database directly. With the embedded PGlite, a
// running server holds the data folder, so the command is sent to that server; when none runs,
// the folder is opened directly.
// Only the small env module is loaded before we know a server runs: the database and the
// commands (the whole server's modules, a second or more to load) only when the folder is opened
// here.
import './lib/node-check.mjs';
import { dataDir, env } from '../src/kernel/env.ts';
import { readLiveLock } from '../src/kernel/http/lock.ts';
import type { OpsResult } from '../src/app/ops.ts';

const argv = process.argv.slice(2);
let result: OpsResult;
const lock = env().DATABASE_URL ? null : readLiveLock();
if (lock) {
  const res = await fetch(`http://${lock.host.includes(':') ? `[${lock.host}]` : lock.host}:${lock.port}/_ops`, {
    method: 'POST',
    headers: { 'x-ops-secret': lock.secret, 'content-type': 'application/json' },
    body: JSON.stringify(argv),
  });
  result = (await res.json()) as OpsResult;
} else {
  const [{ openDb }, { migrate }, { useDb }, { runOps }] = await Promise.all([
    import('../src/kernel/db/client.ts'),
    import('../src/kernel/db/migrate.ts'),
    import('../src/kernel/db/index.ts'),
    import('../src/app/ops.ts'),
  ]);
  const e = env();
  const handle = await openDb(e.DATABASE_URL ? { url: e.DATABASE_URL, poolSize: 2 } : { dataDir: dataDir() });
  await migrate(handle);
  useDb(handle);
  result = await runOps(handle.db, argv, 'ops-cli');
  await handle.close();
}
(result.ok ? console.log : console.error)(result.output);
process.exit(result.ok ? 0 : 1);
