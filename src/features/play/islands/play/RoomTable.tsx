/**
 * A PVP room on the game page (issue 34, contract/rooms.ts): the room's round as every player in
 * it sees it (the live bar with its countdown and committed seed hash, the seats taken with their
 * stakes), the join with one of the room's stakes, and the last deal: every seat's cards and hand,
 * the best hand marked, what each seat took back. The deal is read from the round's record (its
 * cards and seats) with the shared rules, as the server paid it. Loaded only for room games, in
 * its own chunk.
 */
import { useMemo } from 'react';
import { formatMinor, parseMinor } from '../../../../kernel/money.ts';
import { fill } from '../../client/game-logic.ts';
import { ROOM_SEATS, roomHand, roomHands, roomResult, seatOfSpot, type RoomGame, type SeatResult } from '../../contract/rooms.ts';
import type { LiveRoundView } from '../../contract/live.ts';
import type { PlayedRound } from '../../contract/play.ts';
import { Card, LiveBar, useLivePhase, type BoardProps, type LiveBoard } from './TableBoard.tsx';
import { Chips } from './Chips.tsx';
import type { PlayLabels } from './PlayGame.tsx';
import './table.css';

type RoomLabels = PlayLabels['room'];

interface Props extends BoardProps {
  R: RoomLabels;
  live: LiveBoard;
  history: PlayedRound[];
  onJoin: () => void;
}

/** A hand's name in the player's language ('bull7' reads "Bull 7"). */
export function handLabel(R: RoomLabels, name: string): string {
  const bull = /^bull(\d)$/.exec(name);
  if (bull) return fill(R.hands.bull, { n: bull[1]! });
  return R.hands[name as keyof RoomLabels['hands']] ?? name;
}

/** A drawn round's deal for its seats, or null for a record the rules cannot read. */
function dealOf(game: RoomGame, r: LiveRoundView): SeatResult[] | null {
  if (!r.stops || !r.seats) return null;
  try {
    return roomResult(
      game,
      r.stops,
      r.seats.map((s) => ({ seat: s.seat, house: s.house, stake: parseMinor(s.stake, 2) ?? 0n })),
    ).seats;
  } catch {
    return null;
  }
}

export default function RoomTable(p: Props) {
  const { R, T, fmt, live, rules } = p;
  const game = rules.kind as RoomGame;
  const phase = useLivePhase(live);
  const current = live.view.current;
  const last = live.view.last;
  const mineNow = current ? p.history.find((r) => r.open && r.nonce === current.roundNo) : undefined;
  const mySeat = seatOfSpot(mineNow?.table?.bets[0]?.spot ?? '');
  const seatsNow = current?.seats ?? [];
  const full = seatsNow.length >= ROOM_SEATS;
  const betting = phase?.kind === 'betting';
  const canJoin = betting && !mineNow && !full;
  const deal = useMemo(() => (last ? dealOf(game, last) : null), [game, last]);
  const mineLast = last ? p.history.find((r) => !r.open && r.nonce === last.roundNo) : undefined;
  const myLastSeat = seatOfSpot(mineLast?.table?.bets[0]?.spot ?? '');
  const who = (seat: number, house: boolean, mine: number | null) => (house ? R.house : seat === mine ? R.you : R.player);

  return (
    <div className="tb rm" data-testid="room">
      <LiveBar
        live={live}
        T={T}
        placed={mineNow ? fmt(mineNow.bet) : null}
        words={{ badge: rules.roomName ?? R.badge, betting: R.betting, bettors_one: R.bettors_one, bettors_other: R.bettors_other, shared: R.shared }}
      />

      <section className="rm-seats" aria-label={current ? fill(R.seats, { n: current.roundNo }) : R.badge}>
        <ol className="rm-row">
          {Array.from({ length: ROOM_SEATS }, (_, i) => {
            const n = i + 1;
            const s = seatsNow.find((x) => x.seat === n);
            return (
              <li key={n} className={`rm-seat${s ? ' is-taken' : ''}${n === mySeat ? ' is-mine' : ''}`} data-testid="room-seat" data-seat={n}>
                <span className="rm-seat-n">{fill(R.seat, { n })}</span>
                <strong>{s ? who(n, s.house, mySeat) : R.free}</strong>
                {s && <span className="muted pl-small">{fill(R.stake, { amount: fmt(s.stake) })}</span>}
              </li>
            );
          })}
        </ol>
      </section>

      <p className="pl-result" role="status" aria-live="polite" aria-atomic="true">
        {p.announce}
      </p>
      {p.error}

      <div className="rm-join">
        <Chips chips={rules.bets} chosen={p.chip} label={R.stakeLabel} chipLabel={T.chip} fmt={fmt} onChip={p.onChip} />
        <button type="button" className="btn btn-primary tb-deal" data-action="join" aria-disabled={!canJoin || p.disabled} onClick={() => canJoin && !p.disabled && p.onJoin()}>
          {p.busy ? R.joining : p.retrying ? p.retryLabel : fill(R.join, { amount: fmt(p.chip) })}
        </button>
      </div>
      <p className="muted pl-small" data-testid="room-note">
        {mineNow && mySeat ? fill(R.seated, { n: mySeat, amount: fmt(mineNow.bet) }) : full && betting ? R.full : !betting ? R.closedNote : ''}
        {(mineNow || canJoin) && seatsNow.length <= 1 ? ` ${R.houseNote}` : ''}
      </p>

      <section className="rm-deal" aria-label={last ? fill(R.last, { n: last.roundNo }) : R.noLast} data-testid="room-deal" data-round={last?.roundNo ?? ''}>
        {last && <h3>{fill(R.last, { n: last.roundNo })}</h3>}
        {!last ? (
          <p className="muted pl-small">{R.noLast}</p>
        ) : !deal || deal.length === 0 ? (
          <p className="muted pl-small">{fill(R.empty, { n: last.roundNo })}</p>
        ) : (
          <ul className="rm-hands">
            {deal.map((s) => {
              const name = `${fill(R.seat, { n: s.seat })} · ${who(s.seat, s.house, myLastSeat)}`;
              return (
                <li key={s.seat} className={`rm-hand${s.winner ? ' is-winner' : ''}${s.seat === myLastSeat ? ' is-mine' : ''}`} data-testid="room-hand" data-seat={s.seat}>
                  <p className="rm-hand-head">
                    <span>{name}</span>
                    {s.winner && <strong className="rm-badge">{R.winner}</strong>}
                  </p>
                  <div className="bj-cards">
                    {s.cards.map((c) => (
                      <Card key={c} card={c} T={T} />
                    ))}
                  </div>
                  <p className="rm-hand-foot">
                    <strong data-testid="room-hand-name">{handLabel(R, s.hand.name)}</strong>
                    <span className="muted">
                      {fill(R.stake, { amount: fmt(formatMinor(s.stake)) })} ·{' '}
                      {s.returned > 0n ? fill(R.returned, { amount: fmt(formatMinor(s.returned)) }) : fill(R.lost, { amount: fmt(formatMinor(s.stake)) })}
                    </span>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        {mineLast && myLastSeat && (
          <p className="pl-small" data-testid="room-mine">
            {fill(R.mine, { n: myLastSeat, bet: fmt(mineLast.bet), amount: fmt(mineLast.win) })}
          </p>
        )}
      </section>
    </div>
  );
}

/** The room's rules, for the side panel. */
export function RoomRules({ R, game, title, rtpLine }: { R: RoomLabels; game: RoomGame; title: string; rtpLine: string }) {
  return (
    <>
      <h2>{title}</h2>
      <p className="pl-rtp">{rtpLine}</p>
      <p className="pl-small">
        <strong>{R.games[game]}.</strong> {R.rules[game]}
      </p>
      <p className="muted pl-small">{R.rules.ties}</p>
      <p className="muted pl-small">{R.rules.house}</p>
      <p className="muted pl-small">{R.rules.pot}</p>
      <p className="muted pl-small">{R.rules.return}</p>
    </>
  );
}

/**
 * A room round's deal as the verify page recomputes it from the seeds: every seat's cards and
 * hand, seat 1 first. Who sat (and so who won) is the round's record: the player's history shows
 * their seat, and the room showed every seat.
 */
export function VerifiedDeal({ game, stops, T, R }: { game: RoomGame; stops: number[]; T: PlayLabels['table']; R: RoomLabels }) {
  let hands: number[][];
  try {
    hands = roomHands(game, stops);
  } catch {
    return null;
  }
  return (
    <div className="tb rm" data-testid="verify-room">
      <ul className="rm-hands">
        {hands.map((cards, i) => {
          const hand = roomHand(game, cards);
          const seat = fill(R.seat, { n: i + 1 });
          return (
            <li key={i} className="rm-hand" data-testid="room-hand">
              <p className="rm-hand-head">{seat}</p>
              <div className="bj-cards">
                {cards.map((c) => (
                  <Card key={c} card={c} T={T} />
                ))}
              </div>
              <p className="rm-hand-foot">
                <strong data-testid="room-hand-name">{handLabel(R, hand.name)}</strong>
              </p>
            </li>
          );
        })}
      </ul>
      <p className="muted pl-small">{R.verifyNote}</p>
    </div>
  );
}
