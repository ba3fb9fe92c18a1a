/**
 * The reward centre (spec 2.14, issue 15): the rewards the member may claim now, first, each with
 * a Claim button (paid into the main wallet at once), then the latest claimed and expired ones.
 * The member centre's badge follows the count.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { api, $status } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { dateTime, money, refreshBalance } from '../../wallet/client.ts';
import { Field } from '../../accounts/client.ts';
import { bonusCode, claimRafflePromotion, rewardClaim, rewardList, signinStatus, signinToday, type RewardItem, type SigninCalendar } from '../contract.ts';
import { $availableRewards } from '../client.ts';
import { usePromotionLabels } from './labels.ts';
import RaffleBlocks from './RaffleBlock.tsx';
import FreeSpinsBlocks from './FreeSpinsBlock.tsx';
import { intlLocale } from '../../../kernel/intl.ts';

export default function RewardCentre() {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.rewards;
  const status = useStore($status);
  const symbol = status?.info.currencySymbol ?? '';
  const fmt = (amount: string) => money(amount, symbol, labels.lang);
  const when = (ms: number) => dateTime(ms, labels.lang);
  const [items, setItems] = useState<RewardItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    api()
      .call(rewardList)
      .then((d) => {
        if (!live) return;
        setItems(d.items);
        $availableRewards.set(d.available);
      })
      .catch((err: unknown) => live && setError(err instanceof ApiFailure ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [tick]);

  async function claim(r: RewardItem) {
    setBusy(r.id);
    setNotice(null);
    try {
      // A raffle prize is claimed with spec 7's MCS2_claimRafflePromotion.
      const out =
        r.kind === 'raffle'
          ? await api()
              .call(claimRafflePromotion, { body: { id: r.id } })
              .then((o) => ({ item: o.claimed[0]!, available: o.available }))
          : await api().call(rewardClaim, { body: { id: r.id } });
      $availableRewards.set(out.available);
      setItems((list) => list?.map((x) => (x.id === r.id ? out.item : x)) ?? null);
      // The raffle's block shows the prize too: bring it up to date.
      if (r.kind === 'raffle') setTick((n) => n + 1);
      if (l) setNotice(fill(Number(out.item.turnover) > 0 ? l.claimedWager : l.claimed, { amount: fmt(out.item.amount), turnover: fmt(out.item.turnover) }));
      void refreshBalance();
    } catch (err) {
      setNotice(err instanceof ApiFailure ? err.message : String(err));
      setTick((n) => n + 1);
    } finally {
      setBusy(null);
    }
  }

  if (!l) return null;
  return (
    <div className="wl-page rw-page">
      <SigninBlock fmt={fmt} onSigned={() => setTick((n) => n + 1)} />
      <FreeSpinsBlocks fmt={fmt} />
      <BonusCodeForm fmt={fmt} />
      <RaffleBlocks fmt={fmt} tick={tick} onClaimed={() => setTick((n) => n + 1)} />
      <p className="wl-note">{l.lead}</p>
      {notice && (
        <p className="wl-note wl-note-warn" role="status">
          {notice}
        </p>
      )}
      {error ? (
        <div className="wl-failed" role="alert">
          <p>{error}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setTick((n) => n + 1)}>
            {l.retry}
          </button>
        </div>
      ) : items === null ? (
        <p className="wl-loading" role="status">
          {l.loading}
        </p>
      ) : items.length === 0 ? (
        <p className="wl-empty">{l.none}</p>
      ) : (
        <ul className="wl-cards">
          {items.map((r) => (
            <li key={r.id} className="wl-card" aria-labelledby={`rw-${r.id}`}>
              <div className="wl-card-head">
                <strong id={`rw-${r.id}`}>{r.title || l.kinds[r.kind]}</strong>
                <span className={`wl-badge wl-${r.status === 'claimable' ? 'ok' : r.status === 'claimed' ? 'info' : 'bad'}`}>{l.status[r.status]}</span>
              </div>
              <dl className="wl-facts">
                <div>
                  <dt>{l.kinds[r.kind]}</dt>
                  <dd className="money">{fmt(r.amount)}</dd>
                </div>
                {r.period && (
                  <div>
                    <dt>{l.period}</dt>
                    <dd>{r.period}</dd>
                  </div>
                )}
                {Number(r.turnover) > 0 && (
                  <div>
                    <dt>{l.wagering}</dt>
                    <dd className="money">{fmt(r.turnover)}</dd>
                  </div>
                )}
                {r.status === 'claimed' && r.claimedAt !== null ? (
                  <div>
                    <dt>{l.claimedAt}</dt>
                    <dd>{when(r.claimedAt)}</dd>
                  </div>
                ) : (
                  <div>
                    <dt>{l.until}</dt>
                    <dd>{when(r.expiresAt)}</dd>
                  </div>
                )}
              </dl>
              {r.status === 'claimable' && (
                <div className="wl-actions">
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    aria-label={fill(l.claimNamed, { title: r.title || l.kinds[r.kind] })}
                    disabled={busy !== null}
                    onClick={() => void claim(r)}
                  >
                    {l.claim}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A bonus code (spec 2.5, issue 15): refusals under the field, the bonus and its wagering said once paid. */
function BonusCodeForm({ fmt }: { fmt: (amount: string) => string }) {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.rewards;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!l) return null;

  async function apply(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!l) return;
    setDone(null);
    if (!code.trim()) {
      setError(l.codeRequired);
      return;
    }
    setBusy(true);
    try {
      const r = await api().call(bonusCode, { body: { code } });
      setError(null);
      setCode('');
      setDone(fill(/^0+(\.0+)?$/.test(r.turnover) ? l.codeDoneFree : l.codeDone, { amount: fmt(r.amount), title: r.title, turnover: fmt(r.turnover) }));
      void refreshBalance();
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="wl-block" aria-labelledby="rw-code">
      <div className="wl-block-head">
        <h4 id="rw-code">{l.codeTitle}</h4>
      </div>
      <form className="auth-form rw-code" onSubmit={(e) => void apply(e)} noValidate>
        <Field name="bonusCode" label={l.codeLabel} value={code} onChange={setCode} error={error} maxLength={40} autoComplete="off" />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {l.codeApply}
        </button>
      </form>
      {done && (
        <p className="wl-note wl-note-warn" role="status">
          {done}
        </p>
      )}
    </section>
  );
}

/** A weekday's short name for a brand day (YYYY-MM-DD) in the page's language. */
function weekday(day: string, lang: string): string {
  try {
    return new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  } catch {
    return day;
  }
}

/** The daily sign-in (issue 15): the period's calendar, the run so far, and today's sign-in. */
function SigninBlock({ fmt, onSigned }: { fmt: (amount: string) => string; onSigned: () => void }) {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.rewards;
  const [cal, setCal] = useState<SigninCalendar | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    api()
      .call(signinStatus)
      .then((c) => live && setCal(c))
      .catch(() => live && setCal(null));
    return () => {
      live = false;
    };
  }, [tick]);

  if (!l || !cal) return null;

  async function sign() {
    if (!l) return;
    setBusy(true);
    try {
      const r = await api().call(signinToday);
      setNote(fill(l.signinDone, { amount: fmt(r.reward.amount) }));
      setTick((n) => n + 1);
      onSigned();
    } catch (err) {
      setNote(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="wl-block rw-signin" aria-labelledby="rw-signin">
      <div className="wl-block-head">
        <h4 id="rw-signin">{l.signinTitle}</h4>
        {cal.streak > 0 && <span className="wl-badge wl-ok">{fill(cal.streak === 1 ? l.streak_one : l.streak, { count: cal.streak })}</span>}
      </div>
      <p className="wl-note">{l.signinLead}</p>
      <ol className="rw-days">
        {cal.days.map((d) => (
          <li key={d.day} className={`rw-day${d.signed ? ' is-signed' : ''}${d.today ? ' is-today' : ''}`} aria-current={d.today ? 'date' : undefined}>
            <span className="rw-day-name">{weekday(d.day, labels.lang)}</span>
            <span className="rw-day-amount">{d.reward === null ? '—' : fmt(d.reward)}</span>
            <span className="rw-day-mark">{d.signed ? `✓ ${l.signed}` : d.day < cal.today ? l.missed : ''}</span>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-primary" disabled={busy || cal.signedToday} onClick={() => void sign()}>
        {cal.signedToday ? l.signedToday : l.signinButton}
      </button>
      {note && (
        <p className="wl-note wl-note-warn" role="status">
          {note}
        </p>
      )}
    </section>
  );
}
