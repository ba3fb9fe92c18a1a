/**
 * The member centre's points page (issue 32; spec 3: points' current figure, details and redeem
 * history): the member's points, what each type earned or spent, the latest movements, and the
 * redeem history with each redemption's status, amount and points required; the mall is a link.
 */
import { api } from '../../accounts/client.ts';
import { fill, localPath, useLabels } from '../../../shell/labels.tsx';
import { RecordTable } from '../../../ui/lists.tsx';
import { useLoad, WhenLoaded } from '../../../ui/loaded.tsx';
import { dateTime } from '../../../ui/dates.ts';
import { money } from '../../wallet/client.ts';
import { pointsBalance, pointsDetails, redemptions } from '../contract.ts';
import { usePointsLabels } from './labels.ts';
import { useStore } from '@nanostores/react';
import { $status } from '../../accounts/client.ts';

export default function PointsPage() {
  const labels = useLabels();
  const l = usePointsLabels(labels.lang);
  const symbol = useStore($status)?.info.currencySymbol ?? '';
  const loaded = useLoad(
    () => Promise.all([api().call(pointsBalance), api().call(pointsDetails, { query: { pageNo: 1, pageSize: 20 } }), api().call(redemptions, { query: { pageNo: 1, pageSize: 20 } })]),
    'points',
  );
  if (!l) return null;
  const count = (n: number) => fill(Math.abs(n) === 1 ? l.pointsCount_one : l.pointsCount, { count: n.toLocaleString(labels.lang) });
  return (
    <div className="wl-page pt-page">
      <WhenLoaded loaded={loaded}>
        {([balance, details, history]) => (
          <>
            <section className="wl-block" aria-labelledby="pt-now">
              <div className="wl-block-head">
                <h4 id="pt-now">{l.yourPoints}</h4>
                <a className="btn btn-primary btn-sm" href={localPath(labels, '/pointMall')}>
                  {l.title}
                </a>
              </div>
              <p className="pt-points">{count(balance.points)}</p>
              {balance.byType.length > 0 && (
                <dl className="wl-facts">
                  {balance.byType.map((t) => (
                    <div key={t.type}>
                      <dt>{l.typeNames[t.type]}</dt>
                      <dd>{count(t.points)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              <p className="wl-note">{l.intro}</p>
            </section>
            <section className="wl-block" aria-labelledby="pt-details">
              <div className="wl-block-head">
                <h4 id="pt-details">{l.detailsTitle}</h4>
              </div>
              {details.content.length === 0 ? (
                <p className="wl-empty">{l.detailsEmpty}</p>
              ) : (
                <RecordTable
                  rows={details.content}
                  rowKey={(r) => r.id}
                  columns={[
                    { label: l.when, cell: (r) => dateTime(r.time, labels.lang) },
                    { label: l.type, cell: (r) => l.typeNames[r.type] },
                    { label: l.change, num: true, cell: (r) => (r.points > 0 ? `+${r.points.toLocaleString(labels.lang)}` : r.points.toLocaleString(labels.lang)) },
                    { label: l.after, num: true, cell: (r) => r.balanceAfter.toLocaleString(labels.lang) },
                  ]}
                />
              )}
            </section>
            <section className="wl-block" aria-labelledby="pt-history">
              <div className="wl-block-head">
                <h4 id="pt-history">{l.historyTitle}</h4>
              </div>
              {history.content.length === 0 ? (
                <p className="wl-empty">{l.historyEmpty}</p>
              ) : (
                <RecordTable
                  rows={history.content}
                  rowKey={(r) => r.id}
                  columns={[
                    { label: l.when, cell: (r) => dateTime(r.createdAt, labels.lang) },
                    { label: l.item, cell: (r) => r.title },
                    { label: l.status, cell: (r) => l.statuses[r.status] + (r.note ? ` · ${r.note}` : '') },
                    { label: l.amount, num: true, cell: (r) => (r.amount ? money(r.amount, symbol, labels.lang) : '—') },
                    { label: l.pointsRequired, num: true, cell: (r) => r.points.toLocaleString(labels.lang) },
                  ]}
                />
              )}
            </section>
          </>
        )}
      </WhenLoaded>
    </div>
  );
}
