/**
 * The member centre's manual rebate (issue 36; spec 2.14): the rebate on today's valid bets not
 * claimed yet, per game category at the rebate promotion's rates, read again while the page stays
 * open; a Claim button from the minimum (paid into the main wallet at once, with the promotion's
 * wagering if any); the day's cap and what claims took of it; what is left when the day closes is
 * the daily rebate in the reward centre; the latest claims. The steps live in the page's store
 * (../client/manual-rebate.ts).
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api, $status } from '../../accounts/client.ts';
import { fill, localPath, useLabels } from '../../../shell/labels.tsx';
import { useUiWords } from '../../../ui/words.tsx';
import { RecordTable } from '../../../ui/lists.tsx';
import { dateTime } from '../../../ui/dates.ts';
import { money } from '../../wallet/client.ts';
import { createManualRebate } from '../client/manual-rebate.ts';
import { timeLeft } from '../client/missions.ts';
import { usePromotionLabels } from './labels.ts';

const percent = (bp: number, lang: string) => new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 2 }).format(bp / 10_000);

export default function ManualRebatePage() {
  const labels = useLabels();
  const all = usePromotionLabels(labels.lang);
  const cat = useUiWords().common.cat as Record<string, string>;
  const symbol = useStore($status)?.info.currencySymbol ?? '';
  const fmt = (amount: string) => money(amount, symbol, labels.lang);
  const [store] = useState(() => createManualRebate({ client: api() }));
  const { data, error, notice, busy } = useStore(store.$rebate);
  useEffect(() => store.open(), [store]);

  const l = all?.rebate;
  if (!all || !l) return null;
  if (error && !data)
    return (
      <div className="wl-failed" role="alert">
        <p>{error}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void store.reload()}>
          {l.retry}
        </button>
      </div>
    );
  if (!data)
    return (
      <p className="wl-loading" role="status">
        {l.loading}
      </p>
    );
  if (!data.enabled) return <p className="wl-empty">{l.off}</p>;
  const capped = Number(data.claimedToday) >= Number(data.max);
  const enough = !capped && Number(data.claimable) > 0 && Number(data.claimable) >= Number(data.min);
  const left = timeLeft(data.resetsAt, Date.now());
  return (
    <div className="wl-page mr-page">
      <p className="wl-note">{fill(l.lead, { title: data.title ?? '' })}</p>
      <section className="wl-block" aria-labelledby="mr-now">
        <div className="wl-block-head">
          <h4 id="mr-now">{l.today}</h4>
          <span className="wl-badge wl-info">{fill(l.closesIn, { time: fill(all.missions[left.unit], left) })}</span>
        </div>
        {data.categories.length === 0 ? (
          <p className="wl-empty">{l.noBets}</p>
        ) : (
          <RecordTable
            rows={data.categories}
            rowKey={(r) => r.category}
            columns={[
              { label: l.category, cell: (r) => cat[r.category] ?? r.category },
              { label: l.validBet, num: true, cell: (r) => fmt(r.validBet) },
              { label: l.rate, num: true, cell: (r) => percent(r.rate, labels.lang) },
              { label: l.amount, num: true, cell: (r) => fmt(r.amount) },
            ]}
          />
        )}
        <dl className="wl-facts">
          <div>
            <dt>{l.claimable}</dt>
            <dd className="money mr-claimable">{fmt(data.claimable)}</dd>
          </div>
          <div>
            <dt>{l.minimum}</dt>
            <dd className="money">{fmt(data.min)}</dd>
          </div>
          <div>
            <dt>{l.cap}</dt>
            <dd>{fill(l.capUsed, { claimed: fmt(data.claimedToday), max: fmt(data.max) })}</dd>
          </div>
          {data.wagering && (
            <div>
              <dt>{l.wagering}</dt>
              <dd>{fill(l.wageringTimes, { multiple: data.wagering.multiple, days: data.wagering.days })}</dd>
            </div>
          )}
        </dl>
        <div className="wl-actions">
          <button type="button" className="btn btn-primary" disabled={busy || !enough} aria-describedby="mr-why" onClick={() => void store.claim()}>
            {enough ? fill(l.claim, { amount: fmt(data.claimable) }) : l.claimNow}
          </button>
        </div>
        <p id="mr-why" className="field-hint">
          {capped ? l.capHint : enough ? l.afterClose : fill(l.notYet, { min: fmt(data.min) })}
        </p>
        {notice && (
          <p className={notice.kind === 'paid' ? 'wl-note' : 'field-error'} role={notice.kind === 'paid' ? 'status' : 'alert'}>
            {notice.kind === 'paid' ? fill(Number(notice.turnover) > 0 ? l.paidWager : l.paid, { amount: fmt(notice.paid), turnover: fmt(notice.turnover) }) : notice.text}
          </p>
        )}
        <p className="wl-note">
          <a href={localPath(labels, '/member?page=rewards')}>{l.toRewards}</a>
        </p>
      </section>
      <section className="wl-block" aria-labelledby="mr-history">
        <div className="wl-block-head">
          <h4 id="mr-history">{l.history}</h4>
        </div>
        {data.history.length === 0 ? (
          <p className="wl-empty">{l.historyEmpty}</p>
        ) : (
          <RecordTable
            rows={data.history}
            rowKey={(r) => r.id}
            columns={[
              { label: l.when, cell: (r) => dateTime(r.at, labels.lang) },
              { label: l.validBet, num: true, cell: (r) => fmt(r.validBet) },
              { label: l.amount, num: true, cell: (r) => fmt(r.amount) },
            ]}
          />
        )}
      </section>
    </div>
  );
}
