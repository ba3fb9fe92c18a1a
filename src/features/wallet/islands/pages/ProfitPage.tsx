/**
 * Personal loss/profit (spec 2.14): by day in a period, bets, wins and the profit from the
 * player's side, with deposits, withdrawals and bonuses beside them, and the period's totals.
 */
import { profitReport } from '../../contract.ts';
import { api } from '../../../accounts/client.ts';
import { useLabels } from '../../../../shell/labels.tsx';
import { dayLabel } from '../../../../ui/dates.ts';
import { RecordTable } from '../../../../ui/lists.tsx';
import { Empty, WhenLoaded } from '../../../../ui/loaded.tsx';
import { RangeFilter } from '../../../../ui/RangeFilter.tsx';
import { useRecords } from '../records.tsx';
import { Facts, Money, useWallet } from '../ui.tsx';

const COLUMNS = ['bet', 'win', 'profit', 'deposit', 'withdrawal', 'bonus'] as const;

export default function ProfitPage() {
  const w = useWallet();
  const { lang } = useLabels();
  // The report is by day, not paged: only the period goes with the call.
  const { range, setRange, list } = useRecords(({ from, to }) => api().call(profitReport, { query: { from, to } }));
  return (
    <div className="wl-page">
      <RangeFilter value={range} onChange={setRange} />
      <WhenLoaded loaded={list}>
        {(data) => (
          <>
            <Facts label={w.profit.total} facts={COLUMNS.map((c) => ({ label: w.profit[c], value: <Money amount={data.total[c]} signed={c === 'profit'} />, total: c === 'profit' }))} />
            {data.days.length === 0 ? (
              <Empty>{w.profit.empty}</Empty>
            ) : (
              <RecordTable
                rows={data.days}
                rowKey={(d) => d.date}
                columns={[
                  { label: w.profit.date, cell: (d) => dayLabel(d.date, lang) },
                  ...COLUMNS.map((c) => ({
                    label: w.profit[c],
                    cell: (d: (typeof data.days)[number]) => <Money amount={d[c]} signed={c === 'profit'} />,
                    num: true,
                  })),
                ]}
              />
            )}
          </>
        )}
      </WhenLoaded>
    </div>
  );
}
