/**
 * The console's tables as CSV (issue 29: every table exports), with the filters the staff member
 * sees: the same list functions as the screens, a page of 500 rows at a time, streamed by the
 * kernel (csv-stream.ts), up to CONSOLE_EXPORT_MAX_ROWS. Headings in the caller's language, times
 * as the brand's wall clock, amounts as plain numbers. Bounded like the agents' exports: one at a
 * time per staff member and two per process, refused at once beyond (429 console.export.busy).
 */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Db } from '../../../kernel/db/index.ts';
import type { FileAnswer } from '../../../kernel/contract.ts';
import { streamCsv } from '../../../kernel/csv-stream.ts';
import { wallClock } from '../../../kernel/csv.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { keyedSlots } from '../../../kernel/slots.ts';
import { clock } from '../../../kernel/clock.ts';
import { dayIn } from '../../../kernel/days.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { CONSOLE_EXPORT_MAX_ROWS, EXPORT_TABLES, type consoleExport, type ExportTable } from '../contract.ts';
import { listAdjustments } from './adjustments.ts';
import { auditLog, listWithdrawals, searchMembers } from './desk.ts';
import { listDeposits } from './deposits.ts';
import { listDraws } from './lottery.ts';
import { listContracts } from '../../agent/index.ts';
import { DEPOSIT_STATUSES, DRAW_STATUSES } from '../contract.ts';
import type { StaffSession } from './staff.ts';

const PAGE_ROWS = 500;
const MAX_SECONDS = 600;
const slots = keyedSlots({ perKey: 1, total: 2 });

type Query = z.output<typeof consoleExport.query>;

/** May these roles read the table? An owner reads everything. */
export const mayExport = (roles: readonly string[], table: ExportTable) => roles.includes('owner') || (EXPORT_TABLES[table] as readonly string[]).some((r) => roles.includes(r));

/** Pages of rows from a paged list function, until it runs out or the bound is reached. */
async function* paged<T>(load: (page: number) => Promise<{ items: T[] }>, row: (item: T) => unknown[]): AsyncGenerator<unknown[][]> {
  let sent = 0;
  for (let page = 1; sent < CONSOLE_EXPORT_MAX_ROWS; page++) {
    const { items } = await load(page);
    if (!items.length) return;
    const rows = items.slice(0, CONSOLE_EXPORT_MAX_ROWS - sent).map(row);
    sent += rows.length;
    yield rows;
    if (items.length < PAGE_ROWS) return;
  }
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

function tableOf(db: Db, t: TFunction, q: Query, lang: string): { headings: string[]; pages: AsyncGenerator<unknown[][]> } {
  const w = (k: string) => t(`console:${k}`);
  switch (q.table) {
    case 'withdrawals':
      return {
        headings: [
          w('withdrawals.id'),
          w('withdrawals.member'),
          w('withdrawals.amount'),
          w('withdrawals.state'),
          w('withdrawals.requested'),
          w('withdrawals.payee'),
          w('withdrawals.reviewedBy'),
          w('withdrawals.note'),
        ],
        pages: paged(
          (page) => listWithdrawals(db, { status: q.status, username: q.username, page, pageSize: PAGE_ROWS }),
          (r) => [r.id, r.username, r.amount, t(`console:withdrawals.statuses.${r.status}`, { defaultValue: r.status }), wallClock(r.requestedAt), r.payeeName ?? '', r.reviewedBy ?? '', r.note ?? ''],
        ),
      };
    case 'deposits': {
      const status = (DEPOSIT_STATUSES as readonly string[]).includes(q.status ?? '') ? (q.status as (typeof DEPOSIT_STATUSES)[number]) : undefined;
      return {
        headings: [
          w('deposits.id'),
          w('deposits.member'),
          w('deposits.amount'),
          w('deposits.channel'),
          w('deposits.provider'),
          w('deposits.state'),
          w('deposits.created'),
          w('deposits.settled'),
          w('deposits.providerRef'),
          w('deposits.callbacks'),
          w('deposits.lastCallback'),
        ],
        pages: paged(
          (page) => listDeposits(db, { status, username: q.username, page, pageSize: PAGE_ROWS }, lang),
          (r) => [
            r.id,
            r.username,
            r.amount,
            r.channel,
            r.provider,
            t(`console:members.depositStatuses.${r.status}`),
            wallClock(r.at),
            wallClock(r.settledAt),
            r.providerRef ?? '',
            r.callbacks,
            r.lastCallback ?? '',
          ],
        ),
      };
    }
    case 'draws': {
      const status = (DRAW_STATUSES as readonly string[]).includes(q.status ?? '') ? (q.status as (typeof DRAW_STATUSES)[number]) : undefined;
      return {
        headings: [w('lottery.game'), w('lottery.draw'), w('lottery.drawAt'), w('lottery.state'), w('lottery.numbers'), w('lottery.tickets'), w('lottery.stakes'), 'server seed hash'],
        pages: paged(
          (page) => listDraws(db, { game: q.game, status, page, pageSize: PAGE_ROWS }),
          (r) => [r.gameName, r.drawNo, wallClock(r.drawAt), t(`console:lottery.phases.${r.phase}`), r.numbers?.join(' ') ?? '', r.tickets, r.stakes, r.serverSeedHash],
        ),
      };
    }
    case 'contracts':
      return {
        headings: [w('agents.id'), w('agents.agent'), w('agents.from'), w('agents.kind'), w('agents.rate'), w('agents.status'), w('agents.started'), 'terms'],
        pages: paged(
          (page) => listContracts(db, { kind: q.kind, agent: q.agent, status: q.status, page, pageSize: PAGE_ROWS }),
          (r) => [
            r.id,
            r.agent,
            r.upline ?? t('console:agents.house'),
            t(`console:agents.kinds.${r.kind}`),
            r.rate,
            t(`console:agents.statuses.${r.status}`, { defaultValue: r.status }),
            wallClock(r.startedAt),
            json(r.terms),
          ],
        ),
      };
    case 'members':
      return {
        headings: ['id', w('members.username'), w('members.status'), w('members.contact'), w('members.upline'), w('members.balance'), w('members.lastLogin'), w('members.created')],
        pages: paged(
          (page) => searchMembers(db, { q: q.q, upline: q.upline, page, pageSize: PAGE_ROWS }),
          (r) => [
            r.id,
            r.username,
            t(`console:members.statuses.${r.status}`, { defaultValue: r.status }),
            [r.mobile, r.email].filter(Boolean).join(' '),
            r.upline ?? '',
            r.balance,
            wallClock(r.lastLoginAt),
            wallClock(r.createdAt),
          ],
        ),
      };
    case 'audit':
      return {
        headings: [w('audit.at'), w('audit.actor'), w('audit.command'), w('audit.ip'), 'args', w('audit.before'), w('audit.after')],
        pages: paged(
          (page) => auditLog(db, { actor: q.actor, command: q.command, page, pageSize: PAGE_ROWS }),
          (r) => [wallClock(r.at), r.actor, r.command, r.ip ?? '', json(r.args), json(r.before), json(r.after)],
        ),
      };
    case 'adjustments':
      // The adjustments screen lists at most 200 (its function's bound): one page.
      return {
        headings: ['id', w('adjust.username'), w('adjust.amount'), w('adjust.reason'), w('adjust.by'), w('audit.at'), w('withdrawals.state')],
        pages: (async function* () {
          const rows = await listAdjustments(db, { status: q.status });
          if (rows.length) yield rows.map((r) => [r.id, r.username, r.amount, r.reason, r.requestedBy, wallClock(r.requestedAt), r.status]);
        })(),
      };
  }
}

/** Starts a download of a console table for `staff`, or refuses it (role, busy) with an envelope. */
export async function exportTable(db: Db, t: TFunction, staff: StaffSession, q: Query, lang: string): Promise<FileAnswer> {
  if (!mayExport(staff.roles, q.table)) throw new ApiError(403, 'console.role.denied');
  const release = slots.take(String(staff.staffId));
  if (!release) throw new ApiError(429, 'console.export.busy');
  const { headings, pages } = tableOf(db, t, q, lang);
  // Named by the brand's day, as the rows' times are its wall clock.
  const day = dayIn(clock.now(), brand().timeZone);
  return streamCsv({ headings, pages, fileName: `${q.table}-${day}.csv`, maxSeconds: MAX_SECONDS, done: release, label: { staffId: staff.staffId, table: q.table } });
}
