/**
 * A separate process that settles one period (the crash test of issue 14 kills it midway):
 * `node tests/support/settle-once.ts <database url> <stream key> <instant ms>`.
 */
import { openDb } from '../../src/kernel/db/client.ts';
import { useDb } from '../../src/kernel/db/index.ts';
import { brand } from '../../src/kernel/brand/index.ts';
import { periodAt } from '../../src/kernel/periods.ts';
import { settleOne, STREAMS } from '../../src/features/agent/server/settle.ts';

const [url, key, at] = process.argv.slice(2);
const stream = STREAMS.find((s) => s.key === key)!;
const handle = await openDb({ url: url!, poolSize: 2 });
useDb(handle);
process.stdout.write('started\n');
const outcome = await settleOne(handle.db, stream, periodAt(stream.code, Number(at), brand().timeZone));
process.stdout.write(`${outcome}\n`);
await handle.close();
