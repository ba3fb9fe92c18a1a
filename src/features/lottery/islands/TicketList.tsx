/** The player's tickets on the chosen game, newest first, with their outcome; ten more at a time. */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { fill } from '../../../kernel/i18n/browser.ts';
import { BET_SHAPES } from '../shapes.ts';
import { describePick } from '../client/board-logic.ts';
import { betLabel, useLotteryPage } from './page.ts';

export function TicketList() {
  const { flow, labels: L, money } = useLotteryPage();
  const ids = useId();
  const tickets = useStore(flow.$tickets);
  return (
    <section className="card lt-tickets" aria-labelledby={`${ids}-t`}>
      <h2 id={`${ids}-t`} className="lt-h2">
        {L.tickets.title}
      </h2>
      {tickets === null ? null : tickets.list.length === 0 ? (
        <p className="muted">{L.tickets.empty}</p>
      ) : (
        <ul className="lt-ticket-list" data-testid="lottery-tickets">
          {tickets.list.map((x) => (
            <li key={x.ticketId} className={`lt-ticket is-${x.status}`}>
              <span className="lt-ticket-main">
                <strong>{betLabel(L, x.betType).name}</strong> {describePick(x.selection, BET_SHAPES[x.betType]!, L)}
                <span className="muted lt-small"> · {fill(L.board.draw, { drawNo: x.drawNo })}</span>
              </span>
              <span className="lt-ticket-money">
                {L.tickets.stake} {money(x.stake)}
                {x.win !== null && x.status !== 'refunded' && (
                  <>
                    {' · '}
                    {L.tickets.win} <strong>{money(x.win)}</strong>
                  </>
                )}
              </span>
              <span className={`lt-status is-${x.status}`}>{L.tickets.status[x.status]}</span>
            </li>
          ))}
        </ul>
      )}
      {tickets && tickets.total > tickets.list.length && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={flow.moreTickets}>
          {L.tickets.more}
        </button>
      )}
    </section>
  );
}
