/**
 * Betting record (spec 2.14, 2.16): the member's game rounds in a period, with the period's
 * totals; paged by 20 (spec 9). Amounts with 2 decimals; profit from the player's side.
 */
import { betRecords } from '../../contract.ts';
import { api } from '../../../accounts/client.ts';
import { RecordTable } from '../../../../ui/lists.tsx';
import { RangeFilter } from '../../../../ui/RangeFilter.tsx';
import { RecordList, useRecords } from '../records.tsx';
import { Badge, Facts, Money, useDateTime, useWallet } from '../ui.tsx';

export default function BettingPage() {
  const w = useWallet();
  const when = useDateTime();
  const { range, setRange, setPage, list } = useRecords((query) => api().call(betRecords, { query }));
  return (
    <div className="wl-page">
      <RangeFilter value={range} onChange={setRange} />
      <RecordList
        list={list}
        empty={w.betting.empty}
        onPage={setPage}
        before={({ summary }) => (
          <Facts
            label={w.betting.summary}
            facts={[
              { label: w.betting.rounds, value: summary.rounds },
              { label: w.betting.bet, value: <Money amount={summary.bet} /> },
              { label: w.betting.win, value: <Money amount={summary.win} /> },
              { label: w.betting.profit, value: <Money amount={summary.profit} signed /> },
            ]}
          />
        )}
      >
        {(rows) => (
          <RecordTable
            rows={rows}
            rowKey={(r) => r.roundId}
            columns={[
              { label: w.common.time, cell: (r) => when(r.time) },
              {
                label: w.betting.game,
                cell: (r) => (
                  <>
                    {r.gameName} <span className="muted">({r.vendor})</span>
                  </>
                ),
              },
              { label: w.betting.bet, cell: (r) => <Money amount={r.bet} />, num: true },
              { label: w.betting.win, cell: (r) => (r.win !== null ? <Money amount={r.win} /> : '—'), num: true },
              { label: w.betting.profit, cell: (r) => (r.profit !== null ? <Money amount={r.profit} signed /> : '—'), num: true },
              {
                label: w.common.status,
                cell: (r) => <Badge tone={r.status === 'settled' ? 'ok' : r.status === 'open' ? 'warn' : 'info'}>{w.betting.status[r.status]}</Badge>,
              },
            ]}
          />
        )}
      </RecordList>
    </div>
  );
}
