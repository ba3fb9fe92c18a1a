/**
 * The missions page of the member centre (issue 32; spec 2.14): each mission of the current
 * period with its progress bar, the time left until it resets or ends, and its steps; a reached
 * step's reward is claimed here or in the reward centre. The mission leaderboards (the side menu's
 * cash-back tile opens this page) come first. The member centre's red badge counts
 * the rewards to claim. The steps live in the page's store (../client/missions.ts).
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api, $status } from '../../accounts/client.ts';
import { fill, localPath, useLabels } from '../../../shell/labels.tsx';
import { useUiWords } from '../../../ui/words.tsx';
import { money } from '../../wallet/client.ts';
import type { MissionView } from '../contract.ts';
import { createMissions, timeLeft, type MissionsStore } from '../client/missions.ts';
import { claimedText, hasWagering, prizeText } from '../client/reward-centre.ts';
import PlayPrize from './PlayPrize.tsx';
import { usePromotionLabels, type PromotionLabels } from './labels.ts';
import LeaderboardBlocks from './LeaderboardBlock.tsx';

type Words = PromotionLabels['missions'];

/** Progress of `done` toward `target` (decimal strings), as a whole percent in 0..100. */
function percentOf(done: string, target: string): number {
  const t = Number(target);
  if (!(t > 0)) return 100;
  return Math.max(0, Math.min(100, Math.floor((Number(done) / t) * 100)));
}

export default function MissionsPage() {
  const labels = useLabels();
  const all = usePromotionLabels(labels.lang);
  const l = all?.missions;
  const status = useStore($status);
  const symbol = status?.info.currencySymbol ?? '';
  const fmt = (amount: string) => money(amount, symbol, labels.lang);
  const [store] = useState(() => createMissions({ client: api() }));
  const { data, error, notice } = useStore(store.$missions);
  // The time left is counted on the page; a minute is its finest step.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    void store.reload();
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [store]);

  if (!all || !l) return null;
  return (
    <div className="wl-page ms-page">
      <LeaderboardBlocks fmt={fmt} now={now} />
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
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void store.reload()}>
            {l.retry}
          </button>
        </div>
      ) : data === null ? (
        <p className="wl-loading" role="status">
          …
        </p>
      ) : data.missions.length === 0 ? (
        <p className="wl-empty">{l.none}</p>
      ) : (
        <>
          <ul className="wl-cards">
            {data.missions.map((m) => (
              <MissionCard key={m.id} m={m} l={l} pw={all.prize} fmt={fmt} now={now} store={store} lang={labels.lang} />
            ))}
          </ul>
          <p>
            <a href={localPath(labels, '/member?page=rewards')}>{l.toRewards}</a>
          </p>
        </>
      )}
    </div>
  );
}

/** What a step asks, in words: "Wager $1,000.00 on Slots". */
function goalText(m: MissionView, target: string, l: Words, fmt: (a: string) => string, cat: Record<string, string>): string {
  const g = m.goal;
  const shown = m.unit === 'money' ? fmt(target) : target;
  const one = m.unit === 'count' && target === '1';
  const pick = (key: keyof Words['goals']) => (one && `${key}_one` in l.goals ? l.goals[`${key}_one` as keyof Words['goals']] : l.goals[key]);
  let text: string;
  switch (g.kind) {
    case 'deposit':
      text = g.measure === 'count' ? pick('depositCount') : l.goals.depositAmount;
      break;
    case 'loginDays':
      text = g.consecutive && !one ? l.goals.loginDaysInRow : pick('loginDays');
      break;
    default:
      text = pick(g.kind);
  }
  text = fill(text, { target: shown, multiple: g.multiple ?? undefined });
  const games = [...g.categories.map((c) => cat[c] ?? c), ...g.vendors];
  if (games.length) text = fill(l.on, { goal: text, games: games.join(', ') });
  if (g.minBet) text = `${text} (${fill(l.minBet, { amount: fmt(g.minBet) })})`;
  return text;
}

function MissionCard({ m, l, pw, fmt, now, store, lang }: { m: MissionView; l: Words; pw: PromotionLabels['prize']; fmt: (a: string) => string; now: number; store: MissionsStore; lang: string }) {
  const cat = useUiWords().common.cat as Record<string, string>;
  const { busy } = useStore(store.$missions);
  // The bar shows the way to the next step not yet reached (the last one once all are).
  const next = m.steps.find((s) => s.state === 'open') ?? m.steps[m.steps.length - 1]!;
  const percent = percentOf(m.progress, next.target);
  const shown = (v: string) => (m.unit === 'money' ? fmt(v) : v);
  const progressText = fill(l.progress, { done: shown(m.progress), target: shown(next.target) });
  const left = m.endsAt === null ? null : timeLeft(m.endsAt, now);
  const leftText = left === null ? l.noEnd : fill(m.period === 'once' ? l.endsIn : l.resetsIn, { time: fill(l[left.unit], left) });
  const head = `ms-${m.id}`;
  return (
    <li className="wl-card ms-card" aria-labelledby={head}>
      <div className="wl-card-head">
        <strong id={head}>{m.title}</strong>
        <span className="wl-badge wl-info">{l.periods[m.period]}</span>
      </div>
      <div className="wl-progress">
        <div className="wl-progress-label">
          <span>{goalText(m, next.target, l, fmt, cat)}</span>
          <span>{progressText}</span>
        </div>
        <div
          className="wl-progress-bar"
          role="progressbar"
          aria-label={fill(l.progressLabel, { title: m.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={progressText}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="field-hint">{leftText}</p>
      </div>
      <ol className="ms-steps">
        {m.steps.map((s, i) => (
          <li key={i} className={`ms-step ms-${s.state}`}>
            <span className="ms-goal">{goalText(m, s.target, l, fmt, cat)}</span>
            <span className="ms-reward">
              {l.reward} <strong className={s.reward.kind === 'money' ? 'money' : undefined}>{prizeText(s.reward, pw, fmt, lang)}</strong>
              {hasWagering(s.turnover) && <small> · {fill(l.wagering, { turnover: fmt(s.turnover) })}</small>}
            </span>
            {s.state === 'claimable' && s.rewardId !== null ? (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                aria-label={fill(l.claimNamed, { prize: prizeText(s.reward, pw, fmt, lang), title: m.title })}
                disabled={busy !== null}
                onClick={() => void store.claim(s.rewardId!)}
              >
                {l.claim}
              </button>
            ) : (
              <span className={`wl-badge wl-${s.state === 'claimed' ? 'ok' : s.state === 'expired' ? 'bad' : 'info'}`}>{l.state[s.state]}</span>
            )}
          </li>
        ))}
      </ol>
    </li>
  );
}
