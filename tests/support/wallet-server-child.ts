/**
 * The production server (src/app/server.ts startServer: database, migrations, the API
 * pipeline, the ops endpoint and lock file on PGlite), without the built pages, as a child process
 * for src/features/wallet/tests/api/wallet-crash.test.ts, which kills it with SIGKILL. Settings come from the
 * environment as for `npm start`; prints `LISTENING <url>` once it serves.
 */
import cluster from 'node:cluster';
import { startServer, stopOnSignals } from '../../src/app/server.ts';

const running = await startServer({
  astro: (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no pages in this test server');
  },
});
// The signals are handled before the server says it listens (a test may stop it at once).
stopOnSignals(running);
// Under tests/support/cluster-child.ts the primary says LISTENING once every worker does.
console.log(`${cluster.isWorker ? 'worker serving on' : 'LISTENING'} ${running.url}`);
