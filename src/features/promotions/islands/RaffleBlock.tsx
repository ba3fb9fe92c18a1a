/**
 * The raffles in the reward centre (issue 15): this period's tickets and the SHA-256 of the
 * draw's sealed seed, the prizes, the last draw's winners with the revealed seed, a Verify button
 * that recomputes the draw on the server's public call, and the member's prize claimed with
 * MCS2_claimRafflePromotion.
 */
import { useEffect, useState } from 'react';
import { api } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { dateTime, dayLabel } from '../../../ui/dates.ts';
import { refreshBalance } from '../../wallet/client.ts';
import { claimRafflePromotion, raffleStatus, raffleVerify, type RaffleStatus, type RaffleVerification } from '../contract.ts';
import { $availableRewards } from '../client.ts';
import { usePromotionLabels } from './labels.ts';

export default function RaffleBlocks({ fmt, tick, onClaimed }: { fmt: (amount: string) => string; tick: number; onClaimed: () => void }) {
  const [list, setList] = useState<RaffleStatus[] | null>(null);
  useEffect(() => {
    let live = true;
    api()
      .call(raffleStatus, { query: {} })
      .then((r) => live && setList(r))
      .catch(() => live && setList(null));
    return () => {
      live = false;
    };
  }, [tick]);
  if (!list) return null;
  return (
    <>
      {list.map((r) => (
        <Raffle key={r.promotionId} r={r} fmt={fmt} onClaimed={onClaimed} />
      ))}
    </>
  );
}

function Raffle({ r, fmt, onClaimed }: { r: RaffleStatus; fmt: (amount: string) => string; onClaimed: () => void }) {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.raffle;
  const [note, setNote] = useState<string | null>(null);
  const [check, setCheck] = useState<RaffleVerification | null>(null);
  const [busy, setBusy] = useState(false);
  if (!l) return null;
  const when = (ms: number) => dateTime(ms, labels.lang);
  const id = `rw-raffle-${r.promotionId}`;
  const mine = r.last?.winners.find((w) => w.mine && w.status === 'claimable');

  async function claim(rewardId: number) {
    if (!l) return;
    setBusy(true);
    try {
      const out = await api().call(claimRafflePromotion, { body: { id: rewardId } });
      $availableRewards.set(out.available);
      const item = out.claimed[0];
      if (item) setNote(fill(l.claimed, { amount: fmt(item.amount), turnover: fmt(item.turnover) }));
      void refreshBalance();
      onClaimed();
    } catch (err) {
      setNote(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function verify(start: number) {
    setBusy(true);
    try {
      setCheck(await api().call(raffleVerify, { query: { promotionId: r.promotionId, start } }));
    } catch (err) {
      setNote(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="wl-block rw-raffle" aria-labelledby={id}>
      <div className="wl-block-head">
        <h4 id={id}>{r.title}</h4>
        {r.current && <span className="wl-badge wl-ok">{fill(r.current.tickets === 1 ? l.tickets_one : l.tickets, { count: r.current.tickets })}</span>}
      </div>
      <p className="wl-note">{fill(l.lead, { per: fmt(r.ticketPer), max: r.maxTickets })}</p>
      <ol className="rw-raffle-prizes" aria-label={l.prizes}>
        {r.prizes.map((p, i) => (
          <li key={i}>{fill(l.prize, { rank: i + 1, amount: fmt(p) })}</li>
        ))}
      </ol>
      {r.current && (
        <dl className="rw-hash">
          <dt>{fill(l.drawAfter, { when: when(r.current.drawAfter) })}</dt>
          <dt>{l.sealed}</dt>
          <dd className="wl-mono">{r.current.seedHash}</dd>
        </dl>
      )}
      {r.last && (
        <div className="rw-raffle-last">
          <h5>{fill(l.lastDraw, { from: dayLabel(r.last.from, labels.lang), to: dayLabel(r.last.to, labels.lang) })}</h5>
          <p className="wl-note">
            {fill(l.lastTickets, { count: r.last.tickets })}
            {r.last.myTickets && <> {fill(l.yourTickets, { from: r.last.myTickets.first, to: r.last.myTickets.first + r.last.myTickets.count - 1 })}</>}
          </p>
          {r.last.winners.length > 0 ? (
            <ol className="rw-raffle-winners">
              {r.last.winners.map((w) => (
                <li key={w.rank} className={w.mine ? 'is-mine' : undefined}>
                  {fill(l.winner, { ticket: w.ticket, account: w.account, amount: fmt(w.amount) })}
                  {w.mine && <> — {l.you}</>}
                </li>
              ))}
            </ol>
          ) : (
            <p className="wl-empty">{l.noWinners}</p>
          )}
          <dl className="rw-hash">
            <dt>{l.revealed}</dt>
            <dd className="wl-mono">{r.last.seed}</dd>
          </dl>
          <div className="wl-actions">
            {mine?.rewardId != null && (
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void claim(mine.rewardId!)}>
                {fill(l.claim, { amount: fmt(mine.amount) })}
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void verify(r.last!.start)}>
              {l.verify}
            </button>
          </div>
          {check && (
            <p className={`wl-note${check.seedMatchesHash && check.matches ? '' : ' wl-note-warn'}`} role="status">
              {check.seedMatchesHash && check.matches ? fill(l.verified, { message: check.message, tickets: check.tickets }) : l.notVerified}
            </p>
          )}
        </div>
      )}
      {note && (
        <p className="wl-note wl-note-warn" role="status">
          {note}
        </p>
      )}
    </section>
  );
}
