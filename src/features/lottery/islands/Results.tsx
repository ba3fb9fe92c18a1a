/**
 * The chosen game's latest draws: their numbers (by prize tier for the Vietnamese and 4D draws),
 * each with an inline verification recomputed from its revealed seed.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { fill } from '../../../kernel/i18n/browser.ts';
import { padded } from '../shapes.ts';
import { byTier } from '../tiers.ts';
import { useLotteryPage } from './page.ts';

export function Results() {
  const { flow, labels: L, time } = useLotteryPage();
  const ids = useId();
  const info = useStore(flow.$info);
  const results = useStore(flow.$results);
  const check = useStore(flow.$verification);
  /** The draw whose verification is shown. */
  const [open, setOpen] = useState<string | null>(null);
  if (!info) return null;
  const family = info.family;
  const tiered = family === 'vnNorth' || family === 'vnSouth' || family === '4d';
  const prizes = L.results.prize as Record<string, string>;
  const toggle = (drawNo: string) => {
    if (open === drawNo) return setOpen(null);
    setOpen(drawNo);
    void flow.verify(drawNo);
  };
  return (
    <section className="card lt-results" aria-labelledby={`${ids}-r`}>
      <h2 id={`${ids}-r`} className="lt-h2">
        {L.results.title}
      </h2>
      {results === null ? null : results.length === 0 ? (
        <p className="muted">{L.results.empty}</p>
      ) : (
        <ul className="lt-result-list" data-testid="lottery-results">
          {results.map((d) => (
            <li key={d.drawNo} className="lt-result">
              <div className="lt-result-head">
                <strong>{fill(L.board.draw, { drawNo: d.drawNo })}</strong>
                <span className="muted lt-small">{time(d.drawAt, true)}</span>
                <button type="button" className="pl-link-btn lt-verify-btn" aria-expanded={open === d.drawNo} onClick={() => toggle(d.drawNo)}>
                  {fill(L.results.verify, { drawNo: d.drawNo })}
                </button>
              </div>
              {tiered ? (
                <dl className="lt-tiers">
                  {byTier(family, d.numbers ?? []).map(({ tier, numbers }) => (
                    <div key={tier.name} className="lt-tier">
                      <dt>{prizes[tier.name] ?? tier.name}</dt>
                      <dd>{numbers.join(' ')}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="lt-balls" aria-label={(d.numbers ?? []).join(' ')}>
                  {(d.numbers ?? []).map((n, i) => (
                    <span key={i} className={`lt-ball-sm${family === 'lhc' && i === 6 ? ' is-special' : ''}`}>
                      {family === 'ssc' ? n : padded(n, 2)}
                    </span>
                  ))}
                </p>
              )}
              {open === d.drawNo && check?.drawNo === d.drawNo && (
                <div className="lt-verify" role="region" aria-label={fill(L.results.verifyTitle, { drawNo: d.drawNo })}>
                  {check.error && (
                    <p className="lt-error" role="alert">
                      {check.error}
                    </p>
                  )}
                  {check.value && (
                    <>
                      <p className={check.value.seedMatchesHash ? 'lt-ok' : 'lt-error'}>{check.value.seedMatchesHash ? L.results.hashOk : L.results.hashBad}</p>
                      <p className={check.value.matches ? 'lt-ok' : 'lt-error'} data-testid="verify-numbers">
                        {check.value.matches ? L.results.numbersOk : L.results.numbersBad}
                      </p>
                      <dl className="lt-verify-list">
                        <dt>{L.results.seed}</dt>
                        <dd>
                          <code>{check.value.serverSeed}</code>
                        </dd>
                        <dt>{L.results.hash}</dt>
                        <dd>
                          <code>{check.value.serverSeedHash}</code>
                        </dd>
                        <dt>{L.results.message}</dt>
                        <dd>
                          <code>{check.value.message}</code>
                        </dd>
                      </dl>
                      <p className="muted lt-small">{L.results.how}</p>
                    </>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
