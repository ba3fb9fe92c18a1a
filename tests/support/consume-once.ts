/**
 * A separate process that handles one batch of the promotions' deposit consumer (the crash test
 * of issue 15 kills it midway): `node tests/support/consume-once.ts <database url>`. It loads the
 * engine alone, not the whole app, so that it starts quickly on a busy machine.
 */
import { openDb } from '../../src/kernel/db/client.ts';
import { useDb } from '../../src/kernel/db/index.ts';
import { consumeOnce } from '../../src/kernel/events.ts';
import { depositConsumer } from '../../src/features/promotions/server/engine.ts';
import { refreshContent } from '../../src/features/content/server/live.ts';

const [url] = process.argv.slice(2);
const handle = await openDb({ url: url!, poolSize: 2 });
useDb(handle);
// The promotions' words are read from the database, as the server's jobs read them.
await refreshContent();
process.stdout.write('started\n');
const n = await consumeOnce(handle.db, depositConsumer);
process.stdout.write(`handled ${n}\n`);
await handle.close();
