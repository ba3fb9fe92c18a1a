/**
 * A blackjack table on the game page (issue 34, RNG tables): the dealer's cards (the hole card
 * face down while the hand is played), the player's hand or split hands with their totals and
 * stakes, the actions the hand takes now (hit, stand, double, split, insurance: the server's
 * `allowed`), and, between hands, the chips and the deal. It renders the page's store
 * (game-session.ts `blackjack`); the hand's view comes from the server, read from its record with
 * the shared rules (contract/blackjack.ts). Loaded only for blackjack games, in its own chunk.
 */
import { useEffect, useRef } from 'react';
import type { BlackjackAction, BlackjackView } from '../../contract/blackjack.ts';
import { fill } from '../../client/game-logic.ts';
import type { BoardProps } from './TableBoard.tsx';
import { Card } from './TableBoard.tsx';
import { Chips } from './Chips.tsx';
import type { PlayLabels } from './PlayGame.tsx';
import './table.css';

type BlackjackLabels = PlayLabels['blackjack'];

interface Props extends BoardProps {
  B: BlackjackLabels;
  onAct: (action: 'deal' | BlackjackAction) => void;
}

const ORDER: BlackjackAction[] = ['insurance', 'noInsurance', 'hit', 'stand', 'double', 'split'];

function totalText(B: BlackjackLabels, h: { total: number; soft: boolean }) {
  return h.soft && h.total < 21 ? fill(B.soft, { total: h.total }) : String(h.total);
}

export default function BlackjackTable(p: Props) {
  const { B, T, fmt } = p;
  const view: BlackjackView | null = p.round?.table?.blackjack ?? null;
  const open = !!(view && p.round?.open);
  const actionsRef = useRef<HTMLDivElement>(null);
  // Focus follows the hand: to its first action when one is asked, to the deal when it ends.
  const stepKey = `${p.round?.roundId ?? ''}:${view?.step ?? -1}:${open}`;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actionsRef.current?.querySelector<HTMLButtonElement>(open ? 'button:not([aria-disabled="true"])' : '[data-action="deal"]')?.focus();
  }, [stepKey, open]);

  // A double or a split costs the hand's stake again (the hand played is never doubled yet); insurance half a stake.
  const cost = (a: BlackjackAction) => (a === 'insurance' ? view?.insurance?.stake : a === 'double' || a === 'split' ? view?.hands[Math.max(0, view.active)]?.stake : undefined);
  const label = (a: BlackjackAction) => {
    const c = cost(a);
    return c ? fill(B.actions[`${a}Cost` as 'doubleCost'], { amount: fmt(c) }) : B.actions[a];
  };
  const dealer = view?.dealer;
  const status = !view
    ? ''
    : open
      ? view.phase === 'insurance'
        ? `${fill(B.status, { total: totalText(B, view.hands[0]!), dealer: totalText(B, dealer!) })} ${fill(B.insuranceAsk, { amount: fmt(view.insurance?.stake ?? '0') })}`
        : fill(B.status, { total: totalText(B, view.hands[view.active] ?? view.hands[0]!), dealer: totalText(B, dealer!) })
      : fill(B.over, { dealer: dealer!.total > 21 ? B.dealerBust : totalText(B, dealer!) });

  return (
    <div className="tb bj" data-testid="blackjack">
      <div className="bj-felt">
        <section className="bj-side" aria-label={B.dealer}>
          <h3>
            {B.dealer}
            {dealer && <span className="bj-total">{dealer.total > 21 ? B.dealerBust : totalText(B, dealer)}</span>}
          </h3>
          <div className="bj-cards" data-testid="bj-dealer">
            {dealer?.cards.map((c, i) => (
              <Card key={i} card={c} T={T} />
            ))}
            {open && (
              <span className="tb-card bj-back" role="img" aria-label={B.hidden}>
                <span aria-hidden="true">?</span>
              </span>
            )}
            {!view && <p className="muted">{B.empty}</p>}
          </div>
        </section>
        <div className="bj-hands">
          {view?.hands.map((h, i) => {
            const playing = open && view.phase === 'player' && view.active === i;
            const title = view.hands.length > 1 ? fill(B.handN, { n: i + 1 }) : B.you;
            return (
              <section key={i} className={`bj-side bj-hand${playing ? ' is-active' : ''}`} aria-label={title} aria-current={playing ? 'true' : undefined} data-testid="bj-hand">
                <h3>
                  {title}
                  <span className="bj-total">{h.total > 21 ? B.results.bust : totalText(B, h)}</span>
                </h3>
                <div className="bj-cards">
                  {h.cards.map((c, j) => (
                    <Card key={j} card={c} T={T} />
                  ))}
                </div>
                <p className="bj-stake muted">
                  {fill(B.stake, { amount: fmt(h.stake) })}
                  {h.doubled && ` · ${B.doubled}`}
                </p>
                {h.result && (
                  <p className={`bj-result is-${h.result}`}>{h.result === 'lose' || h.result === 'bust' ? B.results[h.result] : fill(B.results[h.result], { amount: fmt(h.payout ?? '0') })}</p>
                )}
              </section>
            );
          })}
        </div>
        {view?.insurance && view.insurance.state !== 'offered' && (
          <p className="bj-insurance muted">
            {view.insurance.state === 'declined'
              ? B.insuranceDeclined
              : view.insurance.payout === null
                ? fill(B.insuranceTaken, { amount: fmt(view.insurance.stake) })
                : Number(view.insurance.payout) > 0
                  ? fill(B.insuranceWon, { amount: fmt(view.insurance.payout) })
                  : B.insuranceLost}
          </p>
        )}
      </div>

      <p className="bj-status" role="status" aria-live="polite" aria-atomic="true" data-testid="bj-status">
        {status}
        {!open && p.announce ? ` ${p.announce}` : ''}
      </p>
      {p.error}

      {open && view ? (
        <div className="bj-actions" role="group" aria-label={B.actionsLabel} ref={actionsRef}>
          {ORDER.filter((a) => view.allowed.includes(a)).map((a) => (
            <button
              key={a}
              type="button"
              className={`btn ${a === 'hit' || a === 'insurance' ? 'btn-primary' : 'btn-ghost'}`}
              data-action={a}
              aria-disabled={p.disabled}
              onClick={() => !p.disabled && p.onAct(a)}
            >
              {p.retrying ? `${p.retryLabel}: ${label(a)}` : label(a)}
            </button>
          ))}
        </div>
      ) : (
        <div className="bj-deal" ref={actionsRef}>
          <Chips chips={p.rules.bets} chosen={p.chip} label={B.stakeLabel} chipLabel={T.chip} fmt={fmt} onChip={p.onChip} />
          <button type="button" className="btn btn-primary tb-deal" data-action="deal" aria-disabled={p.disabled} onClick={() => !p.disabled && p.onAct('deal')}>
            {p.busy ? T.dealing : p.retrying ? p.retryLabel : fill(B.deal, { amount: fmt(p.chip) })}
          </button>
        </div>
      )}
      {view && !open && <p className="muted pl-small">{fill(B.lastHand, { bet: fmt(p.round!.bet), win: fmt(p.round!.win) })}</p>}
    </div>
  );
}
