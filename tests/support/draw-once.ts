/**
 * A separate process that runs the lottery's draw job once (the crash test of issue 16 kills it
 * midway): `node tests/support/draw-once.ts <database url> <instant ms>`.
 */
import { openDb } from '../../src/kernel/db/client.ts';
import { useDb } from '../../src/kernel/db/index.ts';
import { runDraws } from '../../src/features/lottery/server/draws.ts';

const [url, at] = process.argv.slice(2);
const handle = await openDb({ url: url!, poolSize: 2 });
useDb(handle);
process.stdout.write('started\n');
const outcome = await runDraws(handle.db, Number(at));
process.stdout.write(`drawn ${outcome.drawn}\n`);
await handle.close();
