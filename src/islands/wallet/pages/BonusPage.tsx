/** Bonus details (spec 2.14): bonuses credited to the member in a period, paged by 20 (spec 9). */
import { bonusRecords } from '../../../lib/contract/wallet.ts';
import { api } from '../../../lib/client/stores/session.ts';
import { useLabels } from '../../shell/labels.tsx';
import { dateTime } from '../format.ts';
import { brandTimeZone } from '../labels.ts';
import { Empty, LoadFailed, Loading, Money, Pager, RangeFilter, useLoad, useRecordFilter, useWallet } from '../ui.tsx';

export default function BonusPage() {
  const w = useWallet();
  const { lang } = useLabels();
  const tz = brandTimeZone();
  const f = useRecordFilter();
  const list = useLoad(() => api().call(bonusRecords, { query: f.query }), JSON.stringify(f.query));
  const data = list.data;
  return (
    <div className="wl-page">
      <RangeFilter value={f.range} onChange={f.setRange} />
      {list.error ? (
        <LoadFailed message={list.error} onRetry={list.reload} />
      ) : !data ? (
        <Loading />
      ) : data.content.length === 0 ? (
        <Empty>{w.bonus.empty}</Empty>
      ) : (
        <>
          <table className="wl-table">
            <thead>
              <tr>
                <th scope="col">{w.common.time}</th>
                <th scope="col" className="num">
                  {w.common.amount}
                </th>
                <th scope="col">{w.bonus.memo}</th>
              </tr>
            </thead>
            <tbody>
              {data.content.map((r) => (
                <tr key={r.transferId}>
                  <td data-label={w.common.time}>{dateTime(r.time, lang, tz)}</td>
                  <td data-label={w.common.amount} className="num">
                    <Money amount={r.amount} signed />
                  </td>
                  <td data-label={w.bonus.memo}>{r.memo ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={data.pageNum} pages={data.totalPages} count={data.totalCount} onPage={f.setPage} />
        </>
      )}
    </div>
  );
}
