/**
 * A CSV file streamed a page of rows at a time (the agents' report exports, the console's
 * tables): the first page is read before answering, so that every refusal is still an envelope;
 * each next page is read only once the client has taken the last (the event loop free between
 * pages: on the embedded database a query runs on its thread), and none is built in memory. A
 * file not finished within `maxSeconds` (a client that stopped reading) is ended. `done` runs
 * once however it ends (sent, failed, cancelled, timed out): the caller frees its slot there.
 */
import { FileAnswer } from './contract.ts';
import { csv, csvRows } from './csv.ts';
import { log } from './log.ts';

/** Lets the event loop run what is waiting (other requests) before the next page. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface CsvStream {
  headings: string[];
  pages: AsyncGenerator<unknown[][]>;
  fileName: string;
  maxSeconds: number;
  done: () => void;
  /** Names the file in the log when it fails or times out. */
  label: Record<string, unknown>;
}

export async function streamCsv(o: CsvStream): Promise<FileAnswer> {
  let finished = false;
  const done = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    o.done();
  };
  let timer: NodeJS.Timeout | undefined;
  let pages = o.pages;
  let head: string;
  try {
    const first = await pages.next();
    head = csv(o.headings, first.done ? [] : first.value);
    if (first.done) pages = (async function* () {})();
  } catch (err) {
    done();
    throw err;
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(head));
        timer = setTimeout(() => {
          log.warn('csv.export.timeout', o.label);
          controller.error(new Error('export took too long'));
          void pages.return(undefined);
          done();
        }, o.maxSeconds * 1000);
        timer.unref();
      },
      // Called when the client has taken what was sent: the next page, after other work.
      async pull(controller) {
        try {
          await breathe();
          const next = await pages.next();
          if (next.done) {
            controller.close();
            done();
          } else controller.enqueue(encoder.encode(csvRows(next.value)));
        } catch (err) {
          log.error('csv.export.failed', { ...o.label, error: err instanceof Error ? err.message : String(err) });
          controller.error(err);
          done();
        }
      },
      cancel() {
        void pages.return(undefined);
        done();
      },
    },
    // One page waits ready at most: the next is read only once the client has taken it.
    { highWaterMark: 1 },
  );
  return new FileAnswer(body, o.fileName, 'text/csv; charset=utf-8');
}
