/**
 * The deposit page's promotions (audit 11), put in the wallet's page through its slot
 * (src/shell/member-centre/slots.tsx): what the next deposit can still start (Join first) or
 * earn, and what the member's first deposit closed, with why, so that a bonus is never lost
 * without a word. Asked again after each order and after a join.
 */
import { useEffect, useId, useState } from 'react';
import { api } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { money } from '../../wallet/client.ts';
import { intlLocale } from '../../../kernel/intl.ts';
import { depositOffers, promotionJoin, type DepositOffer } from '../contract.ts';
import type { CentreSlotProps } from '../../../shell/member-centre/slots.tsx';
import { usePromotionLabels, type PromotionLabels } from './labels.ts';
import type { ValueOf } from '../../../kernel/contract.ts';

type Offers = ValueOf<typeof depositOffers>;

/** The weekdays (0 Sunday) in the page's language: "Saturday and Sunday". */
function weekdayNames(days: number[], lang: string): string {
  const locale = intlLocale(lang);
  // 2023-01-01 was a Sunday.
  const names = days.map((d) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + d))));
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}

/** The terms of an offer in one line: its reward, its minimum, first deposit only, its days. */
function terms(o: DepositOffer, l: PromotionLabels['deposit'], fmt: (a: string) => string, lang: string): string {
  const parts = [o.percent !== null && o.cap !== null ? fill(l.percent, { percent: String(o.percent), cap: fmt(o.cap) }) : o.amount !== null ? fill(l.fixed, { amount: fmt(o.amount) }) : ''];
  if (o.minDeposit !== null) parts.push(fill(l.min, { min: fmt(o.minDeposit) }));
  if (o.firstDeposit) parts.push(l.firstOnly);
  if (o.weekdays) parts.push(fill(l.days, { days: weekdayNames(o.weekdays, lang) }));
  return parts.filter(Boolean).join(' · ');
}

export default function DepositOffers({ version, returned }: CentreSlotProps['deposit.offers']) {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.deposit;
  const ids = useId();
  const [data, setData] = useState<Offers | null>(null);
  const [tick, setTick] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api()
      .call(depositOffers)
      .then((d) => live && setData(d))
      // The deposit form works without it: a failure here hides the block rather than the page.
      .catch(() => live && setData(null));
    return () => {
      live = false;
    };
  }, [version, tick]);

  if (!l || !data || (data.offers.length === 0 && data.missed.length === 0)) return null;
  const fmt = (amount: string) => money(amount, data.symbol, labels.lang);

  async function join(o: DepositOffer) {
    if (!l) return;
    setBusy(o.id);
    setNotice(null);
    try {
      await api().call(promotionJoin, { body: { id: o.id } });
      setNotice(fill(l.joined, { title: o.title }));
    } catch (err) {
      setNotice(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(null);
      setTick((n) => n + 1);
    }
  }

  return (
    <section className="wl-block po-deposit" aria-labelledby={`${ids}-t`}>
      <div className="wl-block-head">
        <h4 id={`${ids}-t`}>{l.title}</h4>
      </div>
      {data.missed.map((m) => (
        <p key={m.id} className="wl-note wl-note-warn" role={m.orderId === returned ? 'alert' : 'status'} data-missed={m.id}>
          {fill(m.reason === 'notJoined' ? l.missed.notJoined : l.missed.belowMinimum, { title: m.title, deposit: fmt(m.deposit), min: m.minDeposit ? fmt(m.minDeposit) : '' })}
        </p>
      ))}
      {notice && (
        <p className="wl-note" role="status">
          {notice}
        </p>
      )}
      {data.offers.length > 0 && (
        <ul className="wl-cards">
          {data.offers.map((o) => (
            <li key={o.id} className="wl-card" aria-labelledby={`${ids}-${o.id}`} data-offer={o.id}>
              <strong id={`${ids}-${o.id}`}>{fill(o.action === 'join' ? l.join : l.ready, { title: o.title })}</strong>
              <span className="wl-note">{terms(o, l, fmt, labels.lang)}</span>
              <div className="wl-actions">
                {o.action === 'join' && (
                  <button type="button" className="btn btn-primary btn-sm" disabled={busy !== null} aria-label={fill(l.joinNamed, { title: o.title })} onClick={() => void join(o)}>
                    {l.joinButton}
                  </button>
                )}
                <a className="btn btn-ghost btn-sm" href={o.href} aria-label={fill(l.detailsNamed, { title: o.title })}>
                  {l.details}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
