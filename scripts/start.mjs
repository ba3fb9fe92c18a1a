// npm start: build when needed, migrate, seed demo data on the first start, and serve.
// WORKERS=N (or auto) serves from N processes on one port (src/app/cluster.ts): the primary
// builds, migrates and seeds once, then forks the workers, which run the branch below.
import cluster from 'node:cluster';
import './lib/node-check.mjs';
import { buildIfNeeded } from './lib/build-if-needed.mjs';

if (cluster.isPrimary) {
  const { checkWorkers, runPrimary, workerCount } = await import('../src/app/cluster.ts');
  let n;
  try {
    n = workerCount();
    checkWorkers(n);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  if (n > 1) {
    buildIfNeeded();
    const { prepareDatabase } = await import('../src/app/server.ts');
    try {
      await prepareDatabase();
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    }
    runPrimary(n);
  } else {
    await serve(true);
  }
} else {
  await serve(false);
}

async function serve(build) {
  if (build) buildIfNeeded();
  const { startServer, stopOnSignals } = await import('../src/app/server.ts');
  let running;
  try {
    running = await startServer();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  // SIGTERM or SIGINT: a graceful stop (STOP_TIMEOUT_SECONDS); a second one stops at once.
  stopOnSignals(running);
}
