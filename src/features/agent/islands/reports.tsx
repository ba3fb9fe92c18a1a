/**
 * The back office's list reports (issue 13): team betting, user loss, team transactions and my
 * income, each with the period picker of the member's records (7 and 30 days, previous and next,
 * or two dates), its filters, load states and a CSV export. Their state is the reports' stores
 * (client/reports.ts); these render them with the wallet's record pieces.
 */
import { useStore } from '@nanostores/react';
import type { agentBets, agentIncome, agentLoss, agentTransactions } from '../contract.ts';
import { dateTime } from '../../../ui/dates.ts';
import { RecordTable, type Column } from '../../../ui/lists.tsx';
import { RangeFilter } from '../../../ui/RangeFilter.tsx';
import { fill, useLabels } from '../../../shell/labels.tsx';
import type { ValueOf } from '../../../kernel/contract.ts';
import type { Profile } from '../client/back-office.ts';
import { plClass } from '../client/format.ts';
import type { AgentLabels } from '../client/labels.ts';
import { createMyIncome, createTeamBetting, createTeamTransactions, createUserLoss } from '../client/reports.ts';
import { betTotals, ExportButton, Head, ListOf, SelectFilter, TextFilter, useLoaded, useMoney, useReportStore } from './report-parts.tsx';

export function TeamBetting({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const { lang } = useLabels();
  const money = useMoney(profile);
  const report = useReportStore(createTeamBetting);
  const { range } = useStore(report.$period);
  const draft = useStore(report.$draft);
  const exportQuery = useStore(report.$exportQuery);
  const issue = useStore(report.$issue);
  const loaded = useLoaded<ValueOf<typeof agentBets>>(report.$list, report.retry);
  const categories = a.categories as Record<string, string>;
  const columns: Column<ValueOf<typeof agentBets>['content'][number]>[] = [
    { label: a.bets.cols.time, cell: (r) => dateTime(r.betTime, lang) },
    { label: a.bets.cols.member, cell: (r) => r.username },
    { label: a.bets.cols.level, cell: (r) => r.level, num: true },
    { label: a.bets.cols.game, cell: (r) => `${r.gameName} · ${r.vendor}` },
    { label: a.bets.cols.category, cell: (r) => categories[r.category] ?? r.category },
    { label: a.bets.cols.validBet, cell: (r) => money(r.validBet), num: true },
    { label: a.bets.cols.payout, cell: (r) => money(r.payout), num: true },
    { label: a.bets.cols.profitLoss, cell: (r) => <span className={plClass(r.profitLoss)}>{money(r.profitLoss)}</span>, num: true },
  ];
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.bets.title} lead={a.bets.lead} />
      <RangeFilter value={range} onChange={report.setRange} />
      <form
        className="agent-filters"
        onSubmit={(ev) => {
          ev.preventDefault();
          report.apply();
        }}
        noValidate
      >
        <TextFilter id="bets-user" label={a.reports.username} value={draft.username} error={issue.field} onChange={(v) => report.type('username', v)} />
        <SelectFilter id="bets-category" label={a.reports.category} value={draft.category} options={{ '': a.reports.all, ...categories }} onChange={(v) => report.type('category', v)} />
        <TextFilter id="bets-vendor" label={a.reports.vendor} value={draft.vendor} onChange={(v) => report.type('vendor', v)} />
        <button type="submit" className="btn btn-ghost btn-sm">
          {a.reports.filter}
        </button>
      </form>
      <ExportButton a={a} report="bets" query={exportQuery} />
      <ListOf loaded={loaded} a={a} onPage={report.setPage} fieldError={issue.field}>
        {(d) => (
          <>
            <p className="agent-totals">{betTotals(a, money, d.totals)}</p>
            <RecordTable rows={d.content} rowKey={(r) => r.roundId} columns={columns} />
          </>
        )}
      </ListOf>
    </>
  );
}

export function UserLoss({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const money = useMoney(profile);
  const report = useReportStore(createUserLoss);
  const { range } = useStore(report.$period);
  const { order } = useStore(report.$applied);
  const exportQuery = useStore(report.$exportQuery);
  const loaded = useLoaded<ValueOf<typeof agentLoss>>(report.$list, report.retry);
  const columns: Column<ValueOf<typeof agentLoss>['content'][number]>[] = [
    { label: a.loss.cols.rank, cell: (r) => r.rank, num: true },
    { label: a.loss.cols.member, cell: (r) => `${r.username}${r.type !== 0 ? ` (${a.register.types.agent})` : ''}` },
    { label: a.loss.cols.level, cell: (r) => r.level, num: true },
    { label: a.loss.cols.bets, cell: (r) => r.betCount, num: true },
    { label: a.loss.cols.validBet, cell: (r) => money(r.validBet), num: true },
    { label: a.loss.cols.payout, cell: (r) => money(r.payout), num: true },
    { label: a.loss.cols.profitLoss, cell: (r) => <span className={plClass(r.profitLoss)}>{money(r.profitLoss)}</span>, num: true },
  ];
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.loss.title} lead={a.loss.lead} />
      <RangeFilter value={range} onChange={report.setRange} />
      <div className="agent-filters">
        <SelectFilter id="loss-order" label={a.reports.order} value={order} options={a.reports.orders} onChange={(v) => report.choose('order', v)} />
      </div>
      <ExportButton a={a} report="loss" query={exportQuery} />
      <ListOf loaded={loaded} a={a} onPage={report.setPage}>
        {(d) => (
          <>
            <p className="agent-totals">{betTotals(a, money, d.totals)}</p>
            <RecordTable rows={d.content} rowKey={(r) => r.memberId} columns={columns} />
          </>
        )}
      </ListOf>
    </>
  );
}

export function TeamTransactions({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const { lang } = useLabels();
  const money = useMoney(profile);
  const report = useReportStore(createTeamTransactions);
  const { range } = useStore(report.$period);
  const draft = useStore(report.$draft);
  const exportQuery = useStore(report.$exportQuery);
  const issue = useStore(report.$issue);
  const loaded = useLoaded<ValueOf<typeof agentTransactions>>(report.$list, report.retry);
  const kinds = a.txList.kinds as Record<string, string>;
  const columns: Column<ValueOf<typeof agentTransactions>['content'][number]>[] = [
    { label: a.txList.cols.time, cell: (r) => dateTime(r.time, lang) },
    { label: a.txList.cols.kind, cell: (r) => (a.tx.kinds as Record<string, string>)[r.kind] ?? r.kind },
    { label: a.txList.cols.member, cell: (r) => r.username },
    { label: a.txList.cols.level, cell: (r) => r.level, num: true },
    { label: a.txList.cols.amount, cell: (r) => money(r.amount), num: true },
    { label: a.txList.cols.to, cell: (r) => r.counterpart ?? '' },
  ];
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.txList.title} lead={a.txList.lead} />
      <RangeFilter value={range} onChange={report.setRange} />
      <form
        className="agent-filters"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          report.apply();
        }}
      >
        <SelectFilter id="tx-kind" label={a.reports.kind} value={draft.kind} options={kinds} onChange={(v) => report.choose('kind', v)} />
        <TextFilter id="tx-user" label={a.reports.username} value={draft.username} error={issue.field} onChange={(v) => report.type('username', v)} />
        <button type="submit" className="btn btn-ghost btn-sm">
          {a.reports.filter}
        </button>
      </form>
      <ExportButton a={a} report="transactions" query={exportQuery} />
      <ListOf loaded={loaded} a={a} onPage={report.setPage} fieldError={issue.field}>
        {(d) => (
          <>
            <p className="agent-totals">{fill(a.txList.totals, { deposit: money(d.totals.deposit), withdrawal: money(d.totals.withdrawal), transfer: money(d.totals.transfer) })}</p>
            <RecordTable rows={d.content} rowKey={(r) => r.id} columns={columns} />
          </>
        )}
      </ListOf>
    </>
  );
}

export function MyIncome({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const { lang } = useLabels();
  const money = useMoney(profile);
  const report = useReportStore(createMyIncome);
  const { range } = useStore(report.$period);
  const exportQuery = useStore(report.$exportQuery);
  const loaded = useLoaded<ValueOf<typeof agentIncome>>(report.$list, report.retry);
  const columns: Column<ValueOf<typeof agentIncome>['content'][number]>[] = [
    { label: a.myIncome.cols.time, cell: (r) => dateTime(r.time, lang) },
    { label: a.myIncome.cols.kind, cell: (r) => (a.income.kinds as Record<string, string>)[r.kind] ?? r.kind },
    { label: a.myIncome.cols.from, cell: (r) => r.fromUsername ?? '' },
    { label: a.myIncome.cols.amount, cell: (r) => money(r.amount), num: true },
  ];
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.myIncome.title} lead={a.myIncome.lead} />
      <RangeFilter value={range} onChange={report.setRange} />
      <ExportButton a={a} report="income" query={exportQuery} />
      <ListOf loaded={loaded} a={a} onPage={report.setPage}>
        {(d) => (
          <>
            <p className="agent-totals">
              {fill(a.myIncome.totals, { all: money(d.totals.all), transfer: money(d.totals.transfer), salary: money(d.totals.salary), dividend: money(d.totals.dividend) })}
            </p>
            <RecordTable rows={d.content} rowKey={(r) => r.id} columns={columns} />
          </>
        )}
      </ListOf>
    </>
  );
}
