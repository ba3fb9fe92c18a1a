/**
 * The platform's server without the built pages (src/app/server.ts startServer with a stub for
 * Astro): the whole API pipeline (site handler, dispatcher, sessions, zod, envelope, jobs) on the
 * database the environment names, for `npm run bench -- money`, which needs no build. Prints
 * `LISTENING <url>` once it serves.
 */
import { startServer } from '../../src/app/server.ts';

const running = await startServer({
  astro: (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no pages in the API bench server');
  },
});
console.log(`LISTENING ${running.url}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void running.close().then(() => process.exit(0));
  });
}
