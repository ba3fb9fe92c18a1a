/**
 * `npm start`'s WORKERS=N path (src/app/cluster.ts) without the built pages, for
 * src/app/tests/api/lifecycle.test.ts: the primary migrates and seeds once and forks the workers,
 * each of which runs tests/support/wallet-server-child.ts; prints `LISTENING <url>` once every
 * worker listens (they share one port).
 */
import cluster from 'node:cluster';

if (cluster.isPrimary) {
  const { checkWorkers, runPrimary, workerCount } = await import('../../src/app/cluster.ts');
  const { prepareDatabase } = await import('../../src/app/server.ts');
  const n = workerCount();
  checkWorkers(n);
  await prepareDatabase();
  let listening = 0;
  cluster.on('listening', (_w, address) => {
    listening += 1;
    if (listening === n) console.log(`LISTENING http://127.0.0.1:${address.port}`);
  });
  runPrimary(n);
} else {
  await import('./wallet-server-child.ts');
}
