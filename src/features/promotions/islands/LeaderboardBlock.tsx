/**
 * The mission leaderboards (issue 32; spec 2.5's cash-back tile opens them), at the top of the
 * missions page: each board's top 20 of the period (names masked), the member's own rank, the
 * prizes, the time until the period ends, the sealed seed that breaks ties, and the last period's
 * winners with its revealed seed.
 */
import { useEffect, useState } from 'react';
import { api } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { missionLeaderboard, type LeaderboardsValue, type LeaderboardView } from '../contract.ts';
import { timeLeft } from '../client/missions.ts';
import { prizeText } from '../client/reward-centre.ts';
import { usePromotionLabels, type PromotionLabels } from './labels.ts';

type Words = PromotionLabels['leaderboard'];

/** The boards, read when the page opens (their time left counts down with `now`). */
export default function LeaderboardBlocks({ fmt, now }: { fmt: (a: string) => string; now: number }) {
  const labels = useLabels();
  const words = usePromotionLabels(labels.lang);
  const [data, setData] = useState<LeaderboardsValue | null>(null);
  useEffect(() => {
    let live = true;
    api()
      .call(missionLeaderboard)
      .then((d) => live && setData(d))
      .catch(() => live && setData(null));
    return () => {
      live = false;
    };
  }, []);
  if (!words || !data) return null;
  return (
    <>
      {data.boards.map((b) => (
        <Board key={b.id} b={b} l={words.leaderboard} left={words.missions} pw={words.prize} fmt={fmt} now={now} lang={labels.lang} />
      ))}
    </>
  );
}

function measureOf(b: LeaderboardView, l: Words): string {
  if (b.goal.kind === 'deposit') return b.unit === 'money' ? l.measures.depositAmount : l.measures.depositCount;
  return l.measures[b.goal.kind];
}

function Board({
  b,
  l,
  left,
  pw,
  fmt,
  now,
  lang,
}: {
  b: LeaderboardView;
  l: Words;
  left: PromotionLabels['missions'];
  pw: PromotionLabels['prize'];
  fmt: (a: string) => string;
  now: number;
  lang: string;
}) {
  const shown = (v: string) => (b.unit === 'money' ? fmt(v) : v);
  const t = timeLeft(b.endsAt, now);
  const head = `lb-${b.id}`;
  return (
    <section className="wl-block lb-board" id={`leaderboard-${b.id}`} aria-labelledby={head}>
      <div className="wl-block-head">
        <h4 id={head}>{fill(l.heading, { title: b.title })}</h4>
        <span className="wl-badge wl-info">{fill(left.endsIn, { time: fill(left[t.unit], t) })}</span>
      </div>
      <p className="wl-note">{fill(b.prizes.length === 1 ? l.lead_one : l.lead, { measure: measureOf(b, l), count: b.prizes.length })}</p>
      <p className="lb-prizes">
        <strong>{l.prizes}:</strong> {b.prizes.map((p, i) => fill(l.prize, { rank: i + 1, prize: prizeText(p, pw, fmt, lang) })).join(' · ')}
      </p>
      {b.me && (
        <p className="wl-note" role="status">
          {b.me.rank !== null ? fill(l.yourRank, { rank: b.me.rank, score: shown(b.me.score) }) : fill(l.notRanked, { min: shown(b.minScore) })}
        </p>
      )}
      {b.top.length === 0 ? (
        <p className="wl-empty">{l.empty}</p>
      ) : (
        <ol className="lb-top" aria-label={fill(l.top, { count: b.top.length })}>
          {b.top.map((r, i) => (
            <li key={i} className={r.mine ? 'lb-mine' : undefined}>
              <span className="lb-rank">{`#${r.rank}`}</span>
              <span className="lb-name">{r.mine ? `${r.account} (${l.you})` : r.account}</span>
              <span className="lb-score money">{shown(r.score)}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="rw-hash">
        {l.sealed} <code>{b.seedHash}</code>
      </p>
      {b.me?.entrant && (
        <p className="rw-hash">
          {l.entrant} <code>{b.me.entrant}</code>
        </p>
      )}
      {b.last && (
        <details className="lb-last">
          <summary>{fill(l.last, { from: b.last.from, to: b.last.to })}</summary>
          {b.last.winners.length === 0 ? (
            <p>{l.noWinners}</p>
          ) : (
            <ol className="lb-winners">
              {b.last.winners.map((w) => (
                <li key={w.rank}>{`#${w.rank} ${w.account}${w.mine ? ` (${l.you})` : ''}: ${shown(w.score)} → ${prizeText(w.prize, pw, fmt, lang)}`}</li>
              ))}
            </ol>
          )}
          <p className="rw-hash">
            {l.revealed} <code>{b.last.seed}</code>
          </p>
        </details>
      )}
    </section>
  );
}
