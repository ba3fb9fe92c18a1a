/**
 * A contract kind's settlement records (issue 14): the period picker, the totals, the records
 * (team figures, tier, rate applied, gross, passed to sub-agents, paid) and their pages. The
 * state is the report's store (client/reports.ts createSettlements).
 */
import { useStore } from '@nanostores/react';
import type { agentSettlements, ContractKindName } from '../contract.ts';
import { Pager, RecordTable, type Column } from '../../../ui/lists.tsx';
import { Empty, WhenLoaded } from '../../../ui/loaded.tsx';
import { RangeFilter } from '../../../ui/RangeFilter.tsx';
import { fill, useLabels } from '../../../shell/labels.tsx';
import type { ValueOf } from '../../../kernel/contract.ts';
import type { Profile } from '../client/back-office.ts';
import { percent, periodLabel } from '../client/format.ts';
import type { AgentLabels } from '../client/labels.ts';
import { createSettlements, type ReportOptions } from '../client/reports.ts';
import { useLoaded, useMoney, useReportStore } from './report-parts.tsx';

export function Settlements({ a, profile, kind }: { a: AgentLabels; profile: Profile | null; kind: ContractKindName }) {
  const c = a.contracts;
  const { lang } = useLabels();
  const money = useMoney(profile);
  const records = useReportStore((o: ReportOptions) => createSettlements({ ...o, kind }));
  const { range } = useStore(records.$period);
  const data = useLoaded<ValueOf<typeof agentSettlements>>(records.$list, records.retry);
  const tz = profile?.timeZone;
  const columns: Column<ValueOf<typeof agentSettlements>['content'][number]>[] = [
    { label: c.cols.period, cell: (r) => `${periodLabel(r.periodStart, r.periodEnd, lang, tz)}${r.seq ? ` · ${fill(c.correction, { n: r.seq })}` : ''}` },
    { label: c.cols.validBet, cell: (r) => money(kind === 'realtime' ? (r.lostBet ?? 0) + (r.wonBet ?? 0) : r.validBet), num: true },
    ...(kind === 'dividend' ? [{ label: c.cols.base, cell: (r: { base: number | null }) => money(r.base ?? 0), num: true }] : []),
    { label: c.cols.active, cell: (r) => r.active, num: true },
    { label: c.cols.tier, cell: (r) => (kind === 'realtime' ? '' : r.tier || c.noTier) },
    { label: c.cols.rate, cell: (r) => (r.effectiveWinRate === null ? percent(r.effectiveRate, lang) : `${percent(r.effectiveRate, lang)} / ${percent(r.effectiveWinRate, lang)}`), num: true },
    { label: c.cols.gross, cell: (r) => money(r.gross), num: true },
    { label: c.cols.granted, cell: (r) => money(r.granted), num: true },
    { label: c.cols.paid, cell: (r) => money(r.amount), num: true },
  ];
  return (
    <section aria-labelledby="contract-records">
      <h3 id="contract-records">{c.records}</h3>
      <RangeFilter value={range} onChange={records.setRange} />
      <WhenLoaded loaded={data}>
        {(d) =>
          d.content.length === 0 ? (
            <Empty>{c.noRecords}</Empty>
          ) : (
            <>
              <p className="agent-totals">{fill(c.totals, { amount: money(d.totals.amount), validBet: money(d.totals.validBet) })}</p>
              <RecordTable rows={d.content} rowKey={(r) => r.id} columns={columns} />
              <Pager page={d.pageNum} pages={d.totalPages} count={d.totalCount} onPage={records.setPage} />
            </>
          )
        }
      </WhenLoaded>
    </section>
  );
}
