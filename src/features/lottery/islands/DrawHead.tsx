/**
 * The head of the chosen game: its name, the draw taking bets with the countdown to its close and
 * its draw time (or that betting has closed, or when the next draw opens), and the seed hash the
 * draw committed to before any bet.
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { fill } from '../../../kernel/i18n/browser.ts';
import { Countdown } from './Countdown.tsx';
import { useLotteryPage } from './page.ts';

export function DrawHead() {
  const { flow, labels: L, time, gameName } = useLotteryPage();
  const ids = useId();
  const info = useStore(flow.$info);
  const draw = useStore(flow.$draw);
  const closing = useStore(flow.$closing);
  const upcoming = useStore(flow.$upcoming);
  if (!info) return null;
  const daily = info.everyMinutes === null;
  const committed = draw ?? closing;
  return (
    <section className="card lt-head" aria-labelledby={`${ids}-game`}>
      <div className="lt-head-top">
        <h2 id={`${ids}-game`} className="lt-game-name">
          {gameName(info.gameCode)}
        </h2>
        {draw && <span className="lt-drawno">{fill(L.board.draw, { drawNo: draw.drawNo })}</span>}
      </div>
      {draw ? (
        <div className="lt-clock">
          <span className="muted">{L.board.closesIn}</span> <Countdown closesAt={draw.closesAt} />
          <span className="muted lt-drawat">{fill(L.board.drawAt, { time: time(draw.drawAt, daily) })}</span>
        </div>
      ) : closing ? (
        <p className="lt-closed" role="status">
          {fill(L.board.closed, { time: time(closing.drawAt, daily) })}
        </p>
      ) : (
        <p className="lt-closed" role="status">
          {fill(L.board.noDraw, { time: upcoming ? time(upcoming.opensAt, true) : '–' })}
        </p>
      )}
      {committed && (
        <p className="lt-hash">
          <span className="muted">{L.board.hash}:</span> <code>{committed.serverSeedHash}</code>
        </p>
      )}
    </section>
  );
}
