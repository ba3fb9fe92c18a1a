/**
 * Report exports as streamed files, bounded. A CSV is sent a page of rows at a time (read by
 * keyset, export-report.ts), the event loop free between pages, so that no export holds the
 * process (on the embedded database a query runs on the event loop's thread) and none is built
 * in memory. Exports are bounded per process: one at a time per agent, EXPORT_LIMITS.total in
 * all; beyond, 429 `agent.export.busy` at once (try again shortly), never a queue.
 */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Member } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { FileAnswer } from '../../../kernel/contract.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { keyedSlots } from '../../../kernel/slots.ts';
import { log } from '../../../kernel/log.ts';
import type { agentExport } from '../contract.ts';
import { csv, csvRows } from './export.ts';
import { exportPages } from './export-report.ts';
import type { Subject } from './reports.ts';

/** How exports are bounded and paged (tests page smaller with `configureExports`). */
export const EXPORT_LIMITS = {
  /** Exports one agent may run at once. */
  perAgent: 1,
  /** Exports this process runs at once, for everyone. */
  total: 2,
  /** Rows read and sent per page. */
  pageRows: 500,
  /** An export not finished by then (a client that stopped reading) is ended, and its slot freed. */
  maxSeconds: 600,
};

const slotsFor = () => keyedSlots({ perKey: EXPORT_LIMITS.perAgent, total: EXPORT_LIMITS.total });
let slots = slotsFor();

/** Changes the bounds and page size (tests); slots already held keep counting against the old bounds until released. */
export function configureExports(o: Partial<typeof EXPORT_LIMITS>): void {
  Object.assign(EXPORT_LIMITS, o);
  slots = slotsFor();
}

/** Lets the event loop run what is waiting (other requests) before the next page. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Starts an export for the agent: takes its slot (or refuses with 429 agent.export.busy), checks
 * the filter and reads the first page before answering, so that every refusal is still an
 * envelope; then answers the file, streamed page by page. The slot is freed when the file is
 * sent, fails, is cancelled by the client, or runs past maxSeconds.
 */
export async function streamExport(d: Db, t: TFunction, agent: Member, subject: Subject, q: z.output<typeof agentExport.query>): Promise<FileAnswer> {
  const release = slots.take(String(agent.id));
  if (!release) throw new ApiError(429, 'agent.export.busy');
  let pages: AsyncGenerator<unknown[][]>;
  let head: string;
  let fileName: string;
  try {
    const e = await exportPages(d, t, agent, subject, q, EXPORT_LIMITS.pageRows);
    pages = e.pages;
    fileName = e.fileName;
    const first = await pages.next();
    head = csv(e.headings, first.done ? [] : first.value);
    if (first.done) pages = (async function* () {})();
  } catch (err) {
    release();
    throw err;
  }
  const encoder = new TextEncoder();
  let timer: NodeJS.Timeout | undefined;
  const end = () => {
    clearTimeout(timer);
    release();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(head));
        timer = setTimeout(() => {
          log.warn('agent.export.timeout', { agentId: agent.id, report: q.report });
          controller.error(new Error('export took too long'));
          void pages.return(undefined);
          end();
        }, EXPORT_LIMITS.maxSeconds * 1000);
        timer.unref();
      },
      // Called when the client has taken what was sent: the next page, after other work.
      async pull(controller) {
        try {
          await breathe();
          const next = await pages.next();
          if (next.done) {
            controller.close();
            end();
          } else controller.enqueue(encoder.encode(csvRows(next.value)));
        } catch (err) {
          log.error('agent.export.failed', { agentId: agent.id, report: q.report, error: err instanceof Error ? err.message : String(err) });
          controller.error(err);
          end();
        }
      },
      cancel() {
        void pages.return(undefined);
        end();
      },
    },
    // One page waits ready at most: the next is read only once the client has taken it.
    { highWaterMark: 1 },
  );
  return new FileAnswer(body, fileName, 'text/csv; charset=utf-8');
}
