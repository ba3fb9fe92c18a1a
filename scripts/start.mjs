// npm start: build when needed, migrate, seed demo data on the first start, and serve.
import './lib/node-check.mjs';
import { buildIfNeeded } from './lib/build-if-needed.mjs';

buildIfNeeded();
const { startServer } = await import('../src/app/server.ts');
let running;
try {
  running = await startServer();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    await running.close();
    process.exit(0);
  });
}
