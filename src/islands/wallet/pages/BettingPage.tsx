/**
 * Betting record (spec 2.14, 2.16): the member's game rounds in a period, with the period's
 * totals; paged by 20 (spec 9). Amounts with 2 decimals; profit from the player's side.
 */
import { betRecords } from '../../../lib/contract/wallet.ts';
import { api } from '../../../lib/client/stores/session.ts';
import { useLabels } from '../../shell/labels.tsx';
import { dateTime } from '../format.ts';
import { brandTimeZone } from '../labels.ts';
import { Badge, Empty, LoadFailed, Loading, Money, Pager, RangeFilter, useLoad, useRecordFilter, useWallet } from '../ui.tsx';

export default function BettingPage() {
  const w = useWallet();
  const { lang } = useLabels();
  const tz = brandTimeZone();
  const f = useRecordFilter();
  const list = useLoad(() => api().call(betRecords, { query: f.query }), JSON.stringify(f.query));
  const data = list.data;
  return (
    <div className="wl-page">
      <RangeFilter value={f.range} onChange={f.setRange} />
      {list.error ? (
        <LoadFailed message={list.error} onRetry={list.reload} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <dl className="wl-summary" aria-label={w.betting.summary}>
            <div>
              <dt>{w.betting.rounds}</dt>
              <dd>{data.summary.rounds}</dd>
            </div>
            <div>
              <dt>{w.betting.bet}</dt>
              <dd>
                <Money amount={data.summary.bet} />
              </dd>
            </div>
            <div>
              <dt>{w.betting.win}</dt>
              <dd>
                <Money amount={data.summary.win} />
              </dd>
            </div>
            <div>
              <dt>{w.betting.profit}</dt>
              <dd>
                <Money amount={data.summary.profit} signed />
              </dd>
            </div>
          </dl>
          {data.content.length === 0 ? (
            <Empty>{w.betting.empty}</Empty>
          ) : (
            <>
              <table className="wl-table">
                <thead>
                  <tr>
                    <th scope="col">{w.common.time}</th>
                    <th scope="col">{w.betting.game}</th>
                    <th scope="col" className="num">
                      {w.betting.bet}
                    </th>
                    <th scope="col" className="num">
                      {w.betting.win}
                    </th>
                    <th scope="col" className="num">
                      {w.betting.profit}
                    </th>
                    <th scope="col">{w.common.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.content.map((r) => (
                    <tr key={r.roundId}>
                      <td data-label={w.common.time}>{dateTime(r.time, lang, tz)}</td>
                      <td data-label={w.betting.game}>
                        {r.gameName} <span className="muted">({r.vendor})</span>
                      </td>
                      <td data-label={w.betting.bet} className="num">
                        <Money amount={r.bet} />
                      </td>
                      <td data-label={w.betting.win} className="num">
                        {r.win !== null ? <Money amount={r.win} /> : '—'}
                      </td>
                      <td data-label={w.betting.profit} className="num">
                        {r.profit !== null ? <Money amount={r.profit} signed /> : '—'}
                      </td>
                      <td data-label={w.common.status}>
                        <Badge tone={r.status === 'settled' ? 'ok' : r.status === 'open' ? 'warn' : 'info'}>{w.betting.status[r.status]}</Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={data.pageNum} pages={data.totalPages} count={data.totalCount} onPage={f.setPage} />
            </>
          )}
        </>
      )}
    </div>
  );
}
