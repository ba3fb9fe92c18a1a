/**
 * The reward centre (spec 2.14, issue 15): the rewards the member may claim now, first, each with
 * a Claim button (paid into the main wallet at once), then the latest claimed and expired ones.
 * The member centre's badge follows the count. The steps live in the page's store
 * (src/features/promotions/client/reward-centre.ts); this component and its blocks render it.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { api, $status } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { dateTime } from '../../../ui/dates.ts';
import { money } from '../../wallet/client.ts';
import { Field } from '../../accounts/client.ts';
import { claimedText, createRewardCentre, hasWagering, prizeText, type RewardCentreStore } from '../client/reward-centre.ts';
import PlayPrize from './PlayPrize.tsx';
import { usePromotionLabels } from './labels.ts';
import RaffleBlocks from './RaffleBlock.tsx';
import FreeSpinsBlocks from './FreeSpinsBlock.tsx';
import { intlLocale } from '../../../kernel/intl.ts';

export default function RewardCentre() {
  const labels = useLabels();
  const all = usePromotionLabels(labels.lang);
  const l = all?.rewards;
  const status = useStore($status);
  const symbol = status?.info.currencySymbol ?? '';
  const fmt = (amount: string) => money(amount, symbol, labels.lang);
  const when = (ms: number) => dateTime(ms, labels.lang);
  // The page's store (src/features/promotions/client/reward-centre.ts): state and steps; this component renders.
  const [centre] = useState(() => createRewardCentre({ client: api() }));
  const { items, error, notice, busy, version } = useStore(centre.$rewards);

  useEffect(() => centre.open(), [centre]);

  if (!all || !l) return null;
  return (
    <div className="wl-page rw-page">
      <SigninBlock centre={centre} fmt={fmt} />
      <FreeSpinsBlocks fmt={fmt} />
      <BonusCodeForm centre={centre} fmt={fmt} />
      <RaffleBlocks fmt={fmt} tick={version} onClaimed={centre.reload} />
      <p className="wl-note">{l.lead}</p>
      {notice && (
        <p className="wl-note wl-note-warn" role="status">
          {notice.kind === 'refused' ? notice.text : claimedText(notice.value, l, all.prize, fmt, labels.lang)}
          {notice.kind === 'done' && <PlayPrize prize={notice.value.prize} label={all.freeSpins.play} />}
        </p>
      )}
      {error ? (
        <div className="wl-failed" role="alert">
          <p>{error}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={centre.reload}>
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
                  <dd className={r.prize.kind === 'money' ? 'money' : undefined}>{prizeText(r.prize, all.prize, fmt, labels.lang)}</dd>
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
                    onClick={() => void centre.claim(r)}
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
function BonusCodeForm({ centre, fmt }: { centre: RewardCentreStore; fmt: (amount: string) => string }) {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.rewards;
  const { code, error, paid, busy } = useStore(centre.$code);
  if (!l) return null;

  function apply(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    void centre.applyCode();
  }

  return (
    <section className="wl-block" aria-labelledby="rw-code">
      <div className="wl-block-head">
        <h4 id="rw-code">{l.codeTitle}</h4>
      </div>
      <form className="auth-form rw-code" onSubmit={apply} noValidate>
        <Field
          name="bonusCode"
          label={l.codeLabel}
          value={code}
          onChange={centre.typeCode}
          error={error === null ? null : error.kind === 'required' ? l.codeRequired : error.text}
          maxLength={40}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {l.codeApply}
        </button>
      </form>
      {paid && (
        <p className="wl-note wl-note-warn" role="status">
          {fill(hasWagering(paid.turnover) ? l.codeDone : l.codeDoneFree, { amount: fmt(paid.amount), title: paid.title, turnover: fmt(paid.turnover) })}
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
function SigninBlock({ centre, fmt }: { centre: RewardCentreStore; fmt: (amount: string) => string }) {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.rewards;
  const { calendar: cal, note, busy } = useStore(centre.$signin);
  if (!l || !cal) return null;

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
      <button type="button" className="btn btn-primary" disabled={busy || cal.signedToday} onClick={() => void centre.sign()}>
        {cal.signedToday ? l.signedToday : l.signinButton}
      </button>
      {note && (
        <p className="wl-note wl-note-warn" role="status">
          {note.kind === 'refused' ? note.text : fill(l.signinDone, { amount: fmt(note.value.amount) })}
        </p>
      )}
    </section>
  );
}
