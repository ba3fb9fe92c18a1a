/**
 * The bet slip: its tickets (each can be taken off), the total, and the purchase in one call on
 * the draw taking bets; then what was bought, or why not.
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { fill } from '../../../kernel/i18n/browser.ts';
import { BET_SHAPES } from '../shapes.ts';
import { describePick } from '../client/board-logic.ts';
import { betLabel, useLotteryPage } from './page.ts';

export function Slip() {
  const { flow, labels: L, money } = useLotteryPage();
  const ids = useId();
  const info = useStore(flow.$info);
  const draw = useStore(flow.$draw);
  const slip = useStore(flow.$slip);
  const total = useStore(flow.$slipTotal);
  const full = useStore(flow.$slipFull);
  const { placing, placed, error } = useStore(flow.$purchase);
  if (!info) return null;
  return (
    <section className="card lt-slip" aria-labelledby={`${ids}-slip`}>
      <h2 id={`${ids}-slip`} className="lt-h2">
        {L.slip.title}
      </h2>
      {slip.length === 0 ? (
        <p className="muted">{L.slip.empty}</p>
      ) : (
        <ol className="lt-slip-list">
          {slip.map((x, i) => (
            <li key={i} className="lt-slip-item">
              <span>
                <strong>{betLabel(L, x.betType).name}</strong> {describePick(x, BET_SHAPES[x.betType]!, L)}
              </span>
              <span className="lt-slip-stake">{money(x.stake)}</span>
              <button type="button" className="lt-remove" aria-label={fill(L.slip.remove, { n: i + 1 })} onClick={() => flow.removeFromSlip(i)}>
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
      {full && <p className="muted">{fill(L.slip.full, { max: info.maxTickets })}</p>}
      <div className="lt-slip-foot">
        <span>
          {fill(L.slip.tickets, { count: slip.length })} · {L.slip.total}: <strong data-testid="slip-total">{money(total)}</strong>
        </span>
        <div className="lt-slip-actions">
          {slip.length > 0 && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={flow.clearSlip}>
              {L.slip.clear}
            </button>
          )}
          <button type="button" className="btn btn-primary" disabled={!draw || slip.length === 0 || placing} onClick={() => void flow.buy()}>
            {placing ? L.slip.placing : L.slip.place}
          </button>
        </div>
      </div>
      {error && (
        <p role="alert" className="lt-error">
          {error}
        </p>
      )}
      <p role="status" className="lt-ok">
        {placed}
      </p>
    </section>
  );
}
