/**
 * A separate process that handles one batch of an outbox consumer (the crash test of issue 15
 * kills it midway): `node tests/support/consume-once.ts <database url> <consumer name>`.
 */
import { openDb } from '../../src/kernel/db/client.ts';
import { useDb } from '../../src/kernel/db/index.ts';
import { consumeOnce } from '../../src/kernel/events.ts';
import { FEATURES } from '../../src/app/features.ts';

const [url, name] = process.argv.slice(2);
const consumer = FEATURES.flatMap((f) => f.consumers ?? []).find((c) => c.name === name);
if (!consumer) throw new Error(`No consumer ${name}`);
const handle = await openDb({ url: url!, poolSize: 2 });
useDb(handle);
process.stdout.write('started\n');
const n = await consumeOnce(handle.db, consumer);
process.stdout.write(`handled ${n}\n`);
await handle.close();
