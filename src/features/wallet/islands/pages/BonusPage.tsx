/** Bonus details (spec 2.14): bonuses credited to the member in a period, paged by 20 (spec 9). */
import { bonusRecords } from '../../contract.ts';
import { api } from '../../../accounts/client.ts';
import { RangeFilter, RecordList, RecordTable, useRecords } from '../records.tsx';
import { Money, useDateTime, useWallet } from '../ui.tsx';

export default function BonusPage() {
  const w = useWallet();
  const when = useDateTime();
  const { range, setRange, setPage, list } = useRecords((query) => api().call(bonusRecords, { query }));
  return (
    <div className="wl-page">
      <RangeFilter value={range} onChange={setRange} />
      <RecordList list={list} empty={w.bonus.empty} onPage={setPage}>
        {(rows) => (
          <RecordTable
            rows={rows}
            rowKey={(r) => r.transferId}
            columns={[
              { label: w.common.time, cell: (r) => when(r.time) },
              { label: w.common.amount, cell: (r) => <Money amount={r.amount} signed />, num: true },
              { label: w.bonus.memo, cell: (r) => r.memo ?? '—' },
            ]}
          />
        )}
      </RecordList>
    </div>
  );
}
