/**
 * The betting board of one game: bet type, the pick (grid, typed numbers, quick pick, position
 * or side), the stake and the potential win, and bulk entry. Its store (client/board-flow.ts) is
 * made for the game it is keyed by; this component renders it.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { fill } from '../../../kernel/i18n/browser.ts';
import { padded } from '../shapes.ts';
import { positionLabel } from '../client/board-logic.ts';
import { createBoard } from '../client/board-flow.ts';
import { betLabel, useLotteryPage } from './page.ts';

export function Board() {
  const { flow, labels: L, lang, money } = useLotteryPage();
  const ids = useId();
  const [board] = useState(() => createBoard({ $info: flow.$info, lang, words: L.board, format: money, add: flow.addToSlip }));
  const info = useStore(flow.$info);
  const disabled = useStore(flow.$draw) === null;
  const slipFull = useStore(flow.$slipFull);
  const { betType, pick, slots, stake, problem, bulk, bulkError } = useStore(board.$board);
  const shape = useStore(board.$shape);
  const grid = useStore(board.$grid);
  const win = useStore(board.$win);
  const range = useStore(board.$range);
  if (!info) return null;

  return (
    <section className="card lt-board" aria-labelledby={`${ids}-board`}>
      <h2 id={`${ids}-board`} className="sr-only">
        {L.board.betType}
      </h2>
      <fieldset className="lt-fieldset" disabled={disabled}>
        <legend className="lt-legend">{L.board.betType}</legend>
        <div className="lt-chips" role="radiogroup" aria-label={L.board.betType}>
          {info.betTypes.map((b) => (
            <label key={b.code} className={`lt-chip${b.code === betType ? ' is-on' : ''}`}>
              <input type="radio" name={`${ids}-bet`} value={b.code} checked={b.code === betType} onChange={() => board.chooseBetType(b.code)} />
              {betLabel(L, b.code).name}
            </label>
          ))}
        </div>
        <p className="muted lt-help">{betLabel(L, betType, info.betTypes.find((b) => b.code === betType)?.pay, lang).help}</p>

        {shape.positions && (
          <label className="lt-field">
            <span>{L.board.position}</span>
            <select value={pick.position ?? ''} onChange={(e) => board.setPosition(e.target.value === '' ? undefined : Number(e.target.value))}>
              <option value="">–</option>
              {Array.from({ length: shape.positions.max - shape.positions.min + 1 }, (_, i) => shape.positions!.min + i).map((n) => (
                <option key={n} value={n}>
                  {positionLabel(shape.positions!, n, L.board)}
                </option>
              ))}
            </select>
          </label>
        )}

        {shape.sides && (
          <div className="lt-chips" role="radiogroup" aria-label={L.board.side}>
            {shape.sides.map((s) => (
              <label key={s} className={`lt-chip${pick.side === s ? ' is-on' : ''}`}>
                <input type="radio" name={`${ids}-side`} value={s} checked={pick.side === s} onChange={() => board.setSide(s)} />
                {L.sides[s]}
              </label>
            ))}
          </div>
        )}

        {shape.count > 0 && (
          <div className="lt-pick">
            <div className="lt-pick-head">
              <span id={`${ids}-nums`} className="lt-legend">
                {L.board.numbers} <span className="muted">({fill(L.board.pickCount, { count: shape.count })})</span>
              </span>
              <span className="lt-pick-actions">
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => board.quick()}>
                  {L.board.quickPick}
                </button>
                <button type="button" className="btn btn-ghost btn-sm" onClick={board.clear}>
                  {L.board.clear}
                </button>
              </span>
            </div>
            {grid ? (
              <div className={`lt-grid${shape.max - shape.min >= 40 ? ' is-dense' : ''}`} role="group" aria-labelledby={`${ids}-nums`}>
                {Array.from({ length: shape.max - shape.min + 1 }, (_, i) => shape.min + i).map((n) => (
                  <button key={n} type="button" className="lt-ball" aria-pressed={pick.numbers.includes(n)} onClick={() => board.toggle(n)}>
                    {padded(n, shape.digits)}
                  </button>
                ))}
              </div>
            ) : (
              <div className="lt-typed">
                {Array.from({ length: shape.count }, (_, k) => (
                  <input
                    key={k}
                    className="lt-input"
                    inputMode="numeric"
                    aria-label={`${fill(L.board.typeNumber, { min: padded(shape.min, shape.digits), max: padded(shape.max, shape.digits) })} ${shape.count > 1 ? k + 1 : ''}`.trim()}
                    placeholder={padded(0, shape.digits)}
                    maxLength={shape.digits}
                    value={slots[k] ?? ''}
                    onChange={(e) => board.typeNumber(k, e.target.value)}
                  />
                ))}
              </div>
            )}
            <p className="muted lt-picked" aria-live="polite">
              {fill(L.board.picked, { numbers: pick.numbers.length ? pick.numbers.map((n) => padded(n, shape.digits)).join(' ') : L.board.none })}
            </p>
          </div>
        )}

        <div className="lt-stake-row">
          <label className="lt-field">
            <span>{L.board.stake}</span>
            <input className="lt-input" inputMode="decimal" value={stake} onChange={(e) => board.setStake(e.target.value)} aria-describedby={`${ids}-range`} />
          </label>
          <p id={`${ids}-range`} className="muted lt-small">
            {range}
          </p>
          <p className="lt-potential">
            {L.board.potential}: <strong data-testid="potential-win">{win === null ? '–' : `${info.family === '4d' ? `${L.board.upTo} ` : ''}${money(win)}`}</strong>
            {shape.perHit && <span className="muted"> {L.board.perHit}</span>}
          </p>
        </div>
        {problem && (
          <p className="lt-error" role="alert">
            {problem}
          </p>
        )}
        <button type="button" className="btn btn-primary" onClick={board.add} disabled={slipFull}>
          {L.board.add}
        </button>

        {shape.count > 0 && (
          <details className="lt-bulk">
            <summary>{L.board.bulk}</summary>
            <label className="lt-field">
              <span>{L.board.bulkHint}</span>
              <textarea rows={3} value={bulk} onChange={(e) => board.setBulk(e.target.value)} />
            </label>
            {bulkError && (
              <p className="lt-error" role="alert">
                {bulkError}
              </p>
            )}
            <button type="button" className="btn btn-ghost btn-sm" onClick={board.addBulk} disabled={slipFull}>
              {L.board.bulkAdd}
            </button>
          </details>
        )}
      </fieldset>
    </section>
  );
}
