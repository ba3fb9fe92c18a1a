/**
 * Report exports as streamed files, bounded. A CSV is sent a page of rows at a time (read by
 * keyset, export-report.ts; streamed by kernel/csv-stream.ts), the event loop free between pages,
 * so that no export holds the process and none is built in memory. Exports are bounded per process: one at a time per agent, EXPORT_LIMITS.total in
 * all; beyond, 429 `agent.export.busy` at once (try again shortly), never a queue.
 */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Member } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { FileAnswer } from '../../../kernel/contract.ts';
import { streamCsv } from '../../../kernel/csv-stream.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { keyedSlots } from '../../../kernel/slots.ts';
import type { agentExport } from '../contract.ts';
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

/**
 * Starts an export for the agent: takes its slot (or refuses with 429 agent.export.busy), checks
 * the filter and reads the first page before answering, so that every refusal is still an
 * envelope; then answers the file, streamed page by page (kernel/csv-stream.ts). The slot is freed
 * when the file is sent, fails, is cancelled by the client, or runs past maxSeconds.
 */
export async function streamExport(d: Db, t: TFunction, agent: Member, subject: Subject, q: z.output<typeof agentExport.query>): Promise<FileAnswer> {
  const release = slots.take(String(agent.id));
  if (!release) throw new ApiError(429, 'agent.export.busy');
  let e: Awaited<ReturnType<typeof exportPages>>;
  try {
    e = await exportPages(d, t, agent, subject, q, EXPORT_LIMITS.pageRows);
  } catch (err) {
    release();
    throw err;
  }
  return streamCsv({ headings: e.headings, pages: e.pages, fileName: e.fileName, maxSeconds: EXPORT_LIMITS.maxSeconds, done: release, label: { agentId: agent.id, report: q.report } });
}
