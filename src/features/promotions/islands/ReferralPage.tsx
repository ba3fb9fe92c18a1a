/**
 * The referral page of the member centre (issue 15; spec 2.14, the avatar menu's Invite of 2.4):
 * the player's invite link and code to copy, the rule, how many friends were rewarded this month,
 * and each friend's way to the reward (masked names). Listed only while the brand runs invite
 * friends (spec 3's REFERRAL entry), and not for agents, who recruit with their team code.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api, $status } from '../../accounts/client.ts';
import { fill, localPath, useLabels } from '../../../shell/labels.tsx';
import { copyText } from '../../../ui/clipboard.ts';
import { dateTime } from '../../../ui/dates.ts';
import { RecordTable } from '../../../ui/lists.tsx';
import { useLoad, WhenLoaded } from '../../../ui/loaded.tsx';
import { money } from '../../wallet/client.ts';
import { referralStatus, type ReferralStatus } from '../contract.ts';
import { usePromotionLabels } from './labels.ts';

export default function ReferralPage() {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.referral;
  const status = useStore($status);
  const symbol = status?.info.currencySymbol ?? '';
  const fmt = (amount: string) => money(amount, symbol, labels.lang);
  const loaded = useLoad(() => api().call(referralStatus), 'referral');
  const [copied, setCopied] = useState<'link' | 'code' | null>(null);
  if (!l) return null;
  const copy = async (what: 'link' | 'code', text: string) => {
    await copyText(text);
    setCopied(what);
    window.setTimeout(() => setCopied(null), 2000);
  };
  return (
    <div className="wl-page referral-page">
      <WhenLoaded loaded={loaded}>
        {(r: ReferralStatus) => {
          const link = `${location.origin}${localPath(labels, '/register')}?referralCode=${encodeURIComponent(r.code)}`;
          return (
            <>
              <section className="wl-block" aria-labelledby="ref-invite">
                <div className="wl-block-head">
                  <h4 id="ref-invite">{l.title}</h4>
                  {r.claimable > 0 && (
                    <a className="btn btn-primary btn-sm" href={localPath(labels, '/member?page=rewards')}>
                      {fill(l.claim, { count: r.claimable })}
                    </a>
                  )}
                </div>
                <p className="wl-note">{fill(l.lead, { minDeposit: fmt(r.minDeposit), validBets: fmt(r.validBets), referrer: fmt(r.referrerReward), friend: fmt(r.friendReward) })}</p>
                <div className="ref-copy">
                  <div className="field">
                    <label htmlFor="ref-link">{l.link}</label>
                    <div className="control">
                      <input id="ref-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
                      <button type="button" className="addon-btn" aria-label={l.copyLink} onClick={() => void copy('link', link)}>
                        {l.copy}
                      </button>
                    </div>
                  </div>
                  <div className="field">
                    <label htmlFor="ref-code">{l.code}</label>
                    <div className="control">
                      <input id="ref-code" className="ref-code" readOnly value={r.code} onFocus={(e) => e.currentTarget.select()} />
                      <button type="button" className="addon-btn" aria-label={l.copyCode} onClick={() => void copy('code', r.code)}>
                        {l.copy}
                      </button>
                    </div>
                  </div>
                  <p role="status" className="ref-copied">
                    {copied ? l.copied : ''}
                  </p>
                </div>
                <dl className="wl-facts">
                  <div>
                    <dt>{l.thisMonth}</dt>
                    <dd>{fill(l.ofCap, { count: r.rewardedThisMonth, cap: r.monthlyCap })}</dd>
                  </div>
                </dl>
              </section>
              <section className="wl-block" aria-labelledby="ref-friends">
                <div className="wl-block-head">
                  <h4 id="ref-friends">{l.friends}</h4>
                </div>
                {r.friends.length === 0 ? (
                  <p className="wl-note">{l.none}</p>
                ) : (
                  <RecordTable
                    rows={r.friends.map((f, i) => ({ ...f, i }))}
                    rowKey={(f) => f.i}
                    columns={[
                      { label: l.friend, cell: (f) => f.name },
                      { label: l.joined, cell: (f) => dateTime(f.registeredAt, labels.lang) },
                      { label: l.deposit, cell: (f) => (f.deposited ? l.done : l.notYet) },
                      { label: l.validBets, num: true, cell: (f) => fill(l.progress, { done: fmt(f.validBets), target: fmt(r.validBets) }) },
                      { label: l.status, cell: (f) => l.states[f.status] },
                    ]}
                  />
                )}
                <p>
                  <a href={localPath(labels, `/promotions#${r.promotionId}`)}>{l.more}</a>
                </p>
              </section>
            </>
          );
        }}
      </WhenLoaded>
    </div>
  );
}
