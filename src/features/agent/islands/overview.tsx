/**
 * The team overview (issue 13): members per level, the team's figures direct and whole, the
 * day-by-day chart (uPlot, loaded only here; its figures also in a table) and the figures per
 * game category, over the period picked; with its CSV export. The state is the report's store
 * (client/reports.ts); this renders it.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo } from 'react';
import type { TeamFigures } from '../contract.ts';
import { dayLabel } from '../../../ui/dates.ts';
import { RecordTable } from '../../../ui/lists.tsx';
import { Empty, WhenLoaded } from '../../../ui/loaded.tsx';
import { RangeFilter } from '../../../ui/RangeFilter.tsx';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { intlLocale } from '../../../kernel/intl.ts';
import type { Profile } from '../client/back-office.ts';
import { plClass } from '../client/format.ts';
import type { AgentLabels } from '../client/labels.ts';
import { createOverview } from '../client/reports.ts';
import { ExportButton, Head, useLoaded, useMoney, useReportStore } from './report-parts.tsx';

const DailyChart = lazy(() => import('../../../ui/DailyChart.tsx').then((m) => ({ default: m.DailyChart })));

/** The figures' rows, in the tables' and the chart's order. */
const ROWS = ['deposit', 'withdrawal', 'betCount', 'validBet', 'payout', 'profitLoss'] as const;

export function TeamOverview({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const { lang } = useLabels();
  const money = useMoney(profile);
  const report = useReportStore(createOverview);
  const { range } = useStore(report.$period);
  const exportQuery = useStore(report.$exportQuery);
  const data = useLoaded(report.$list, report.retry);
  const cell = (f: TeamFigures, k: (typeof ROWS)[number]) => (k === 'betCount' ? new Intl.NumberFormat(intlLocale(lang)).format(f.betCount) : money(f[k]));
  const categories = a.categories as Record<string, string>;
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.overview.title} />
      <RangeFilter value={range} onChange={report.setRange} />
      <ExportButton a={a} report="overview" query={exportQuery} />
      <WhenLoaded loaded={data}>
        {(o) => (
          <div className="agent-overview">
            <section aria-labelledby="ov-members">
              <h3 id="ov-members">{a.overview.members}</h3>
              <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="ov-members">
                <table className="agent-table agent-figures">
                  <thead>
                    <tr>
                      <th scope="col">{a.overview.level}</th>
                      <th scope="col" className="num">
                        {a.overview.total}
                      </th>
                      <th scope="col" className="num">
                        {a.overview.new}
                      </th>
                      <th scope="col" className="num">
                        {a.overview.active}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(['direct', 'all'] as const).map((k) => (
                      <tr key={k}>
                        <th scope="row">{a.overview[k]}</th>
                        <td className="num">{o.members[k].total}</td>
                        <td className="num">{o.members[k].new}</td>
                        <td className="num">{o.members[k].active}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <section aria-labelledby="ov-figures">
              <h3 id="ov-figures">{a.overview.figures}</h3>
              <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="ov-figures">
                <table className="agent-table agent-figures">
                  <thead>
                    <tr>
                      <th scope="col">
                        <span className="sr-only">{a.overview.figures}</span>
                      </th>
                      <th scope="col" className="num">
                        {a.overview.direct}
                      </th>
                      <th scope="col" className="num">
                        {a.overview.all}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {ROWS.map((k) => (
                      <tr key={k}>
                        <th scope="row">{a.overview.rows[k]}</th>
                        <td className={`num ${k === 'profitLoss' ? (plClass(o.direct.profitLoss) ?? '') : ''}`}>{cell(o.direct, k)}</td>
                        <td className={`num ${k === 'profitLoss' ? (plClass(o.all.profitLoss) ?? '') : ''}`}>{cell(o.all, k)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="muted small">{a.reports.pl}</p>
            </section>
            <section aria-labelledby="ov-chart" className="agent-wide">
              <h3 id="ov-chart">{a.overview.chart}</h3>
              <Suspense fallback={<p className="muted">{a.overview.chartLoading}</p>}>
                <Chart a={a} days={o.days} money={money} label={fill(a.overview.chartLabel, { from: dayLabel(o.from, lang), to: dayLabel(o.to, lang) })} />
              </Suspense>
              <details className="agent-daily">
                <summary>{a.overview.dailyTable}</summary>
                <div className="table-wrap" tabIndex={0} role="region" aria-label={a.overview.dailyTable}>
                  <table className="agent-table">
                    <thead>
                      <tr>
                        <th scope="col">{a.overview.day}</th>
                        {ROWS.map((k) => (
                          <th scope="col" className="num" key={k}>
                            {a.overview.rows[k]}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {o.days.map((d) => (
                        <tr key={d.day}>
                          <th scope="row">{dayLabel(d.day, lang)}</th>
                          {ROWS.map((k) => (
                            <td className="num" key={k}>
                              {cell(d, k)}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </section>
            <section aria-labelledby="ov-categories" className="agent-wide">
              <h3 id="ov-categories">{a.overview.byCategory}</h3>
              {o.categories.length === 0 ? (
                <Empty>{a.reports.empty}</Empty>
              ) : (
                <RecordTable
                  rows={o.categories}
                  rowKey={(c) => c.category}
                  columns={[
                    { label: a.bets.cols.category, cell: (c) => categories[c.category] ?? c.category },
                    { label: a.overview.rows.betCount, cell: (c) => new Intl.NumberFormat(intlLocale(lang)).format(c.betCount), num: true },
                    { label: a.overview.rows.validBet, cell: (c) => money(c.validBet), num: true },
                    { label: a.overview.rows.payout, cell: (c) => money(c.payout), num: true },
                    { label: a.overview.rows.profitLoss, cell: (c) => <span className={plClass(c.profitLoss)}>{money(c.profitLoss)}</span>, num: true },
                  ]}
                />
              )}
            </section>
          </div>
        )}
      </WhenLoaded>
    </>
  );
}

/** The overview's chart of valid bets, payouts and the result, day by day. */
function Chart({ a, days, money, label }: { a: AgentLabels; days: (TeamFigures & { day: string })[]; money: (n: number) => string; label: string }) {
  const x = useMemo(() => days.map((d) => d.day), [days]);
  const series = useMemo(
    () => [
      { label: a.overview.rows.validBet, values: days.map((d) => d.validBet), stroke: '#3b82f6' },
      { label: a.overview.rows.payout, values: days.map((d) => d.payout), stroke: '#f59e0b' },
      { label: a.overview.rows.profitLoss, values: days.map((d) => d.profitLoss), stroke: '#10b981' },
    ],
    [days, a],
  );
  const { lang } = useLabels();
  const dayName = useMemo(() => {
    const f = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', month: 'short', day: 'numeric' });
    return (day: string) => f.format(new Date(`${day}T00:00:00Z`));
  }, [lang]);
  return <DailyChart days={x} series={series} label={label} loading={a.overview.chartLoading} format={money} dayName={dayName} />;
}
