/** Each report's CSV: the report's own query, every row, the caller's words (export.ts says how the file is written). */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Member } from '../../accounts/index.ts';
import { dayRange } from '../../wallet/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { agentExport } from '../contract.ts';
import { amount, categoryName, csv, EXPORT_MAX_ROWS, wallClock } from './export.ts';
import { myIncome, overview, teamBets, teamMemberNamed, teamTransactions, userLoss, type Subject } from './reports.ts';

type ExportQuery = z.output<typeof agentExport.query>;

const all = { pageNo: 1, pageSize: EXPORT_MAX_ROWS };

export async function exportReport(d: Db, t: TFunction, agent: Member, subject: Subject, q: ExportQuery) {
  const r = dayRange(q);
  const h = (key: string) => t(`agent:csv.${key}`);
  const named = async () => (q.username ? (await teamMemberNamed(d, subject, q.username)).id : undefined);
  let headings: string[];
  let rows: unknown[][];
  let total: number;
  switch (q.report) {
    case 'overview': {
      const o = await overview(d, subject, r);
      headings = ['day', 'betCount', 'validBet', 'payout', 'profitLoss', 'depositCount', 'deposit', 'withdrawalCount', 'withdrawal'].map(h);
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
      rows = [...o.days.map((x) => line(x.day, x)), line(h('total'), o.all)];
      total = o.days.length;
      break;
    }
    case 'bets': {
      const b = await teamBets(d, subject, r, { memberId: await named(), category: q.category, vendor: q.vendor }, all);
      headings = ['betTime', 'username', 'level', 'category', 'vendor', 'gameName', 'roundId', 'validBet', 'payout', 'profitLoss'].map(h);
      rows = b.content.map((x) => [
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
      total = b.totalCount;
      break;
    }
    case 'loss': {
      const l = await userLoss(d, subject, r, q.order, all);
      headings = ['rank', 'username', 'type', 'level', 'betCount', 'validBet', 'payout', 'profitLoss'].map(h);
      rows = l.content.map((x) => [
        x.rank,
        x.username,
        t(x.type === 0 ? 'agent:register.types.0' : 'agent:register.types.agent'),
        x.level,
        x.betCount,
        amount(x.validBet),
        amount(x.payout),
        amount(x.profitLoss),
      ]);
      total = l.totalCount;
      break;
    }
    case 'transactions': {
      const x = await teamTransactions(d, subject, r, q.kind, await named(), all);
      headings = ['time', 'kind', 'username', 'level', 'amount', 'counterpart'].map(h);
      rows = x.content.map((y) => [wallClock(y.time), t(`agent:tx.kinds.${y.kind}`), y.username, y.level, amount(y.amount), y.counterpart ?? '']);
      total = x.totalCount;
      break;
    }
    case 'income': {
      const i = await myIncome(d, agent, r, all);
      headings = ['time', 'kind', 'from', 'amount', 'memo'].map(h);
      rows = i.content.map((y) => [wallClock(y.time), t(`agent:income.kinds.${y.kind}`), y.fromUsername ?? '', amount(y.amount), y.memo ?? '']);
      total = i.totalCount;
      break;
    }
  }
  const fileName = `${t(`agent:csv.file.${q.report}`)}_${r.from}_${r.to}.csv`.replace(/[^\p{L}\p{N}_.-]+/gu, '-');
  return {
    fileName,
    csv: csv(headings, rows),
    rows: rows.length,
    truncated: total > EXPORT_MAX_ROWS,
  };
}
