/**
 * The production server (src/app/server.ts startServer: database, migrations, the API
 * pipeline, the ops endpoint and lock file on PGlite), without the built pages, as a child process
 * for src/features/wallet/tests/api/wallet-crash.test.ts, which kills it with SIGKILL. Settings come from the
 * environment as for `npm start`; prints `LISTENING <url>` once it serves.
 */
import { startServer } from '../../src/app/server.ts';

const running = await startServer({
  astro: (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no pages in this test server');
  },
});
console.log(`LISTENING ${running.url}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void running.close().then(() => process.exit(0));
  });
}
