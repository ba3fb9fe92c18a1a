/**
 * Each report's CSV in pages: the headings, then the report's rows a page at a time, each page
 * read by keyset (after the last row of the one before: an index range, however deep), in the
 * caller's words, up to EXPORT_MAX_ROWS (export.ts says how cells are written, export-stream.ts
 * how the pages are sent).
 */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Member } from '../../accounts/index.ts';
import { dayRange } from '../../wallet/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { agentExport } from '../contract.ts';
import { amount, categoryName, EXPORT_MAX_ROWS, wallClock } from './export.ts';
import { betRows, incomeRows, lossRows, overview, teamMemberNamed, transactionRows, type LossCursor, type Subject, type TimeCursor } from './reports.ts';

type ExportQuery = z.output<typeof agentExport.query>;

export interface ExportPages {
  fileName: string;
  headings: string[];
  /** The rows, a page at a time (at most `pageRows` each, EXPORT_MAX_ROWS in all). */
  pages: AsyncGenerator<unknown[][]>;
}

/**
 * Pages of a list read after a cursor until a short page or the row cap; `read` answers a page
 * (its rows already as cells) and the cursor of its last row.
 */
async function* keyset<C>(pageRows: number, read: (limit: number, after: C | undefined) => Promise<{ cells: unknown[][]; last: C | undefined }>) {
  let after: C | undefined;
  let sent = 0;
  while (sent < EXPORT_MAX_ROWS) {
    const limit = Math.min(pageRows, EXPORT_MAX_ROWS - sent);
    const page = await read(limit, after);
    if (page.cells.length) yield page.cells;
    sent += page.cells.length;
    if (page.cells.length < limit || page.last === undefined) return;
    after = page.last;
  }
}

/**
 * The export of one report with the caller's filter: its file name, headings and pages. Input
 * errors (a username outside the team) are thrown here, before any page is read.
 */
export async function exportPages(d: Db, t: TFunction, agent: Member, subject: Subject, q: ExportQuery, pageRows: number): Promise<ExportPages> {
  const r = dayRange(q);
  const h = (key: string) => t(`agent:csv.${key}`);
  // The lists that filter by member name it first (404 agent.member.unknown outside the team).
  const named = q.username && (q.report === 'bets' || q.report === 'transactions');
  const memberId = named ? (await teamMemberNamed(d, subject, q.username!)).id : undefined;
  const fileName = `${t(`agent:csv.file.${q.report}`)}_${r.from}_${r.to}.csv`.replace(/[^\p{L}\p{N}_.-]+/gu, '-');
  switch (q.report) {
    case 'overview': {
      // One row per day of at most 31 and the total: one page.
      const headings = ['day', 'betCount', 'validBet', 'payout', 'profitLoss', 'depositCount', 'deposit', 'withdrawalCount', 'withdrawal'].map(h);
      async function* pages() {
        const o = await overview(d, subject, r);
        const line = (label: string, f: (typeof o.days)[number] | typeof o.all) => [
          label,
          f.betCount,
          amount(f.validBet),
          amount(f.payout),
          amount(f.profitLoss),
          f.depositCount,
          amount(f.deposit),
          f.withdrawalCount,
          amount(f.withdrawal),
        ];
        yield [...o.days.map((x) => line(x.day, x)), line(h('total'), o.all)];
      }
      return { fileName, headings, pages: pages() };
    }
    case 'bets': {
      const headings = ['betTime', 'username', 'level', 'category', 'vendor', 'gameName', 'roundId', 'validBet', 'payout', 'profitLoss'].map(h);
      const pages = keyset<TimeCursor>(pageRows, async (limit, after) => {
        const rows = await betRows(d, subject, r, { memberId, category: q.category, vendor: q.vendor }, { limit, after });
        const cells = rows.map((x) => [
          wallClock(x.betTime),
          x.username,
          x.level,
          categoryName(t, x.category),
          x.vendor,
          x.gameName,
          x.roundId,
          amount(x.validBet),
          amount(x.payout),
          amount(x.profitLoss),
        ]);
        return { cells, last: rows.at(-1)?.cursor };
      });
      return { fileName, headings, pages };
    }
    case 'loss': {
      const headings = ['rank', 'username', 'type', 'level', 'betCount', 'validBet', 'payout', 'profitLoss'].map(h);
      let rank = 0;
      const pages = keyset<LossCursor>(pageRows, async (limit, after) => {
        const rows = await lossRows(d, subject, r, q.order, { limit, after });
        const cells = rows.map((x) => [
          ++rank,
          x.username,
          t(x.type === 0 ? 'agent:register.types.0' : 'agent:register.types.agent'),
          x.level,
          x.betCount,
          amount(x.validBet),
          amount(x.payout),
          amount(x.profitLoss),
        ]);
        return { cells, last: rows.at(-1)?.cursor };
      });
      return { fileName, headings, pages };
    }
    case 'transactions': {
      const headings = ['time', 'kind', 'username', 'level', 'amount', 'counterpart'].map(h);
      const pages = keyset<TimeCursor>(pageRows, async (limit, after) => {
        const rows = await transactionRows(d, subject, r, q.kind, memberId, { limit, after });
        const cells = rows.map((y) => [wallClock(y.time), t(`agent:tx.kinds.${y.kind}`), y.username, y.level, amount(y.amount), y.counterpart ?? '']);
        return { cells, last: rows.at(-1)?.cursor };
      });
      return { fileName, headings, pages };
    }
    case 'income': {
      const headings = ['time', 'kind', 'from', 'amount', 'memo'].map(h);
      const pages = keyset<TimeCursor>(pageRows, async (limit, after) => {
        const rows = await incomeRows(d, agent, r, { limit, after });
        const cells = rows.map((y) => [wallClock(y.time), t(`agent:income.kinds.${y.kind}`), y.fromUsername ?? '', amount(y.amount), y.memo ?? '']);
        return { cells, last: rows.at(-1)?.cursor };
      });
      return { fileName, headings, pages };
    }
  }
}
