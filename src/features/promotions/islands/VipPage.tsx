/**
 * The VIP page of the member centre (issue 15; spec 1, 2.4): the member's level, what is left to
 * reach the next (valid bets and deposits, both needed), and the brand's levels with their
 * level-up and monthly bonuses. Listed only while the brand's VIP is on (member info's label).
 */
import { useStore } from '@nanostores/react';
import { api, $status } from '../../accounts/client.ts';
import { fill, localPath, useLabels } from '../../../shell/labels.tsx';
import { RecordTable } from '../../../ui/lists.tsx';
import { useLoad, WhenLoaded } from '../../../ui/loaded.tsx';
import { money } from '../../wallet/client.ts';
import { vipStatus, type VipStatus } from '../contract.ts';
import { usePromotionLabels } from './labels.ts';

/** Progress of `done` toward `target` (decimal strings), as a whole percent in 0..100. */
function percentOf(done: string, target: string): number {
  const t = Number(target);
  if (!(t > 0)) return 100;
  return Math.max(0, Math.min(100, Math.floor((Number(done) / t) * 100)));
}

export default function VipPage() {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.vip;
  const status = useStore($status);
  const symbol = status?.info.currencySymbol ?? '';
  const fmt = (amount: string) => money(amount, symbol, labels.lang);
  const loaded = useLoad(() => api().call(vipStatus), 'vip');
  if (!l) return null;
  return (
    <div className="wl-page vip-page">
      <WhenLoaded loaded={loaded}>
        {(v: VipStatus) => (
          <>
            <section className="wl-block" aria-labelledby="vip-now">
              <div className="wl-block-head">
                <h4 id="vip-now">{fill(l.current, { label: v.label })}</h4>
                {v.claimable > 0 && (
                  <a className="btn btn-primary btn-sm" href={localPath(labels, '/member?page=rewards')}>
                    {fill(l.claim, { count: v.claimable })}
                  </a>
                )}
              </div>
              <dl className="wl-facts">
                <div>
                  <dt>{l.validBets}</dt>
                  <dd className="money">{fmt(v.validBets)}</dd>
                </div>
                <div>
                  <dt>{l.deposits}</dt>
                  <dd className="money">{fmt(v.deposits)}</dd>
                </div>
              </dl>
              {v.next ? (
                <>
                  <p className="wl-note">{fill(l.toNext, { label: v.next.label })}</p>
                  <Progress label={l.validBets} done={v.validBets} target={v.next.validBets} left={v.next.validBetsLeft} fmt={fmt} l={l} />
                  <Progress label={l.deposits} done={v.deposits} target={v.next.deposits} left={v.next.depositsLeft} fmt={fmt} l={l} />
                </>
              ) : (
                <p className="wl-note">{l.top}</p>
              )}
            </section>
            <section className="wl-block" aria-labelledby="vip-levels">
              <div className="wl-block-head">
                <h4 id="vip-levels">{l.levels}</h4>
              </div>
              <RecordTable
                rows={v.levels.map((x, i) => ({ ...x, i }))}
                rowKey={(x) => x.i}
                rowClass={(x) => (x.i === v.level ? 'wl-current' : undefined)}
                columns={[
                  { label: l.level, cell: (x) => (x.i === v.level ? <strong aria-current="true">{fill(l.yours, { label: x.label })}</strong> : x.label) },
                  { label: l.validBets, num: true, cell: (x) => fmt(x.validBets) },
                  { label: l.deposits, num: true, cell: (x) => fmt(x.deposits) },
                  { label: l.levelUp, num: true, cell: (x) => fmt(x.levelUp) },
                  { label: l.monthly, num: true, cell: (x) => fmt(x.monthly) },
                ]}
              />
              <ul className="wl-rules">
                <li>{l.ruleBoth}</li>
                <li>{l.ruleLevelUp}</li>
                <li>{fill(l.ruleMonthly, { percent: v.keepPercent })}</li>
              </ul>
              <p>
                <a href={localPath(labels, `/promotions#${v.promotionId}`)}>{l.more}</a>
              </p>
            </section>
          </>
        )}
      </WhenLoaded>
    </div>
  );
}

function Progress(p: { label: string; done: string; target: string; left: string; fmt: (a: string) => string; l: NonNullable<ReturnType<typeof usePromotionLabels>>['vip'] }) {
  const percent = percentOf(p.done, p.target);
  const text = fill(p.l.progress, { done: p.fmt(p.done), target: p.fmt(p.target) });
  return (
    <div className="wl-progress">
      <div className="wl-progress-label">
        <span>{p.label}</span>
        <span>{text}</span>
      </div>
      <div className="wl-progress-bar" role="progressbar" aria-label={p.label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <span style={{ width: `${percent}%` }} />
      </div>
      {Number(p.left) > 0 && <p className="field-hint">{fill(p.l.left, { amount: p.fmt(p.left) })}</p>}
    </div>
  );
}
