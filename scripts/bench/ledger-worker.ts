/**
 * One driver process of the PostgreSQL ledger bench (scripts/bench/ledger.ts): opens its own pool
 * on the database named by argv[2], runs `players` betting loops for `seconds` after a warm-up,
 * and prints its LedgerLoad as one JSON line. The bench starts two of these, as pgbench -j 2
 * drives its clients from two threads.
 */
import { openDb } from '../../src/kernel/db/client.ts';
import { measureLedger } from './ledger.ts';

const [url, players, seconds] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
const handle = await openDb({ url, poolSize: players });
try {
  const load = await measureLedger(handle, { players, seconds, audit: false });
  process.stdout.write(`${JSON.stringify(load)}\n`);
} finally {
  await handle.close();
}
