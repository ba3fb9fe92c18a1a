/**
 * Personal loss/profit (spec 2.14): by day in a period, bets, wins and the profit from the
 * player's side, with deposits, withdrawals and bonuses beside them, and the period's totals.
 */
import { profitReport } from '../../../lib/contract/wallet.ts';
import { api } from '../../../lib/client/stores/session.ts';
import { useLabels } from '../../shell/labels.tsx';
import { dayLabel } from '../format.ts';
import { Empty, LoadFailed, Loading, Money, RangeFilter, useLoad, useRecordFilter, useWallet } from '../ui.tsx';

const COLUMNS = ['bet', 'win', 'profit', 'deposit', 'withdrawal', 'bonus'] as const;

export default function ProfitPage() {
  const w = useWallet();
  const { lang } = useLabels();
  const f = useRecordFilter();
  const query = { from: f.range.from, to: f.range.to };
  const report = useLoad(() => api().call(profitReport, { query }), JSON.stringify(query));
  const data = report.data;
  return (
    <div className="wl-page">
      <RangeFilter value={f.range} onChange={f.setRange} />
      {report.error ? (
        <LoadFailed message={report.error} onRetry={report.reload} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <dl className="wl-summary" aria-label={w.profit.total}>
            {COLUMNS.map((c) => (
              <div key={c} className={c === 'profit' ? 'wl-total' : undefined}>
                <dt>{w.profit[c]}</dt>
                <dd>
                  <Money amount={data.total[c]} signed={c === 'profit'} />
                </dd>
              </div>
            ))}
          </dl>
          {data.days.length === 0 ? (
            <Empty>{w.profit.empty}</Empty>
          ) : (
            <table className="wl-table">
              <thead>
                <tr>
                  <th scope="col">{w.profit.date}</th>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="num">
                      {w.profit[c]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.days.map((d) => (
                  <tr key={d.date}>
                    <td data-label={w.profit.date}>{dayLabel(d.date, lang)}</td>
                    {COLUMNS.map((c) => (
                      <td key={c} data-label={w.profit[c]} className="num">
                        <Money amount={d[c]} signed={c === 'profit'} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
