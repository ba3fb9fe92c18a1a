/**
 * A table game's board on the game page (issue 34, RNG tables): roulette's layout, baccarat's and
 * dragon tiger's spots, the chips, the stakes placed, the last round's draw with what each bet
 * returned, and the last results (roulette's numbers, the bead road of baccarat and dragon
 * tiger). It renders the page's store (game-session.ts); the draw is read from the round's record
 * with the shared rules (contract/tables.ts), as the server settled it. Loaded only for table games.
 */
import { useEffect, useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import {
  cardRank,
  cardSuit,
  DOUBLE_ZERO,
  CRASH_SPAN,
  crashTarget,
  crashText,
  kenoPicks,
  diceBet,
  diceText,
  DICE_ROLLS,
  FISH,
  FISH_ROLLS,
  fishHit,
  pocketColour,
  pocketLabel,
  RANKS,
  spotReturn,
  tableOutcome,
  type TableGame,
  type TableKind,
  type TableOutcome,
} from '../../contract/tables.ts';
import type { PlayedRound } from '../../contract/play.ts';
import { fill } from '../../client/game-logic.ts';
import { stakesTotal, type TableStakes } from '../../client/table-logic.ts';
import { bigRoad, liveOutcomes, livePhase, type LivePhase, type RoadWinner } from '../../client/live-logic.ts';
import type { LiveTableView } from '../../contract/live.ts';
import type { BlackjackView } from '../../contract/blackjack.ts';
import type { PlayLabels } from './PlayGame.tsx';
import { Chips } from './Chips.tsx';
import './table.css';

type TableLabels = PlayLabels['table'];
export interface TableRulesView {
  kind: TableKind;
  wheel: 'european' | 'american' | null;
  spots: { spot: string; pays: string; rtp: number }[];
  bets: string[];
  maxSpot: string;
  rtp: number;
  live?: boolean;
  /** No Commission baccarat. */
  noCommission?: boolean;
  /** A PVP game's room ('r2') and its name. */
  room?: string;
  roomName?: string;
}

export const tableOf = (r: Pick<TableRulesView, 'kind' | 'wheel'>): TableGame => {
  // A blackjack hand is played in turns, not drawn at once: BlackjackTable.tsx shows it.
  if (r.kind === 'blackjack') throw new Error('blackjack is not a drawn table');
  // A PVP room's round is a showdown of its seats: RoomTable.tsx shows it.
  if (r.kind === 'bullBull' || r.kind === 'teenPatti') throw new Error('a room is not a drawn table');
  return r.kind === 'roulette' ? { kind: 'roulette', wheel: r.wheel ?? 'european' } : { kind: r.kind };
};

/** The fish a roll hits (every fish whose chance the roll is within), smallest multiple first. */
export const fishHitBy = (roll: number) => FISH.filter((f) => fishHit(f.id, roll)).map((f) => f.id);

/** A crash multiplier (hundredths) as the player's language writes it: '2.50', '2,50'. */
export const multiplierText = (T: TableLabels, hundredths: number) => {
  const [whole, cents] = crashText(hundredths).split('.');
  return `${groupDigits(T, Number(whole))}${T.crash.decimal}${cents}`;
};
/** A multiple of the stake given in tenths (18 -> '1.8', 100000 -> '10,000') as the language writes it. */
export const factorText = (T: TableLabels, tenths: number) => `${groupDigits(T, Math.floor(tenths / 10))}${tenths % 10 ? `${T.crash.decimal}${tenths % 10}` : ''}`;
/** A whole number with the language's thousands separator: 100,000,000 / 100.000.000. */
export const groupDigits = (T: TableLabels, n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, T.crash.group);

/** A dice bet's winning side as the language says it: 'Under 50.00', '75,00 o más'. */
export const diceSideText = (T: TableLabels, bet: { side: 'under' | 'over'; chance: number }) =>
  fill(T.diceGame[bet.side], { line: diceText(bet.side === 'under' ? bet.chance * 100 : DICE_ROLLS - bet.chance * 100).replace('.', T.crash.decimal) });

/** A spot's name in the player's language. */
export function spotName(T: TableLabels, spot: string): string {
  const target = crashTarget(spot);
  if (target !== null) return fill(T.crash.spot, { x: multiplierText(T, target) });
  const picks = kenoPicks(spot);
  if (picks) return fill(T.keno.spot, { numbers: picks.join(', ') });
  const dice = diceBet(spot);
  if (dice) return diceSideText(T, dice);
  if (spot.startsWith('n')) return fill(T.spots.straight, { n: spot.slice(1) });
  // Sic bo's numbered spots: triple3, double5, total11, single4, combo26.
  const numbered = /^(triple|double|total|single|combo)(\d+)$/.exec(spot);
  if (numbered) {
    const [, kind, n] = numbered as unknown as [string, 'triple' | 'double' | 'total' | 'single' | 'combo', string];
    return kind === 'combo' ? fill(T.spots.combo, { a: n[0]!, b: n[1]! }) : fill(T.spots[kind], { n });
  }
  return (T.spots as Record<string, string>)[spot] ?? spot;
}

const SUIT_GLYPH = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' } as const;
export function cardName(T: TableLabels, card: number): string {
  const rank = RANKS[cardRank(card)]!;
  return fill(T.card, { rank: (T.ranks as Record<string, string>)[rank] ?? rank, suit: T.suits[cardSuit(card)] });
}
export function Card({ card, T }: { card: number; T: TableLabels }) {
  const suit = cardSuit(card);
  return (
    <span className={`tb-card${suit === 'hearts' || suit === 'diamonds' ? ' is-red' : ''}`} role="img" aria-label={cardName(T, card)}>
      <span aria-hidden="true">
        {RANKS[cardRank(card)]}
        {SUIT_GLYPH[suit]}
      </span>
    </span>
  );
}

/** The outcome of a table round, or null for a round of another table (or a slot). */
export function roundOutcome(table: TableGame, r: PlayedRound | null): TableOutcome | null {
  if (!r?.table || r.table.kind !== table.kind) return null;
  return outcomeOf(table, r.stops);
}

/** What a record of draws shows at a table, or null for one its rules could not have dealt. */
function outcomeOf(table: TableGame, stops: number[]): TableOutcome | null {
  try {
    return tableOutcome(table, stops);
  } catch {
    return null;
  }
}

/** One line saying what a round drew, for the result and for screen readers. */
export function outcomeText(T: TableLabels, o: TableOutcome): string {
  switch (o.kind) {
    case 'roulette':
      return fill(T.landed, { pocket: fill(T.pocket, { n: pocketLabel(o.pocket), colour: T.colours[pocketColour(o.pocket)] }) });
    case 'baccarat':
      return `${T.winner[o.winner]}: ${fill(T.hand, { side: T.spots.player, cards: o.player.map((c) => cardName(T, c)).join(', '), total: o.playerTotal })}; ${fill(T.hand, { side: T.spots.banker, cards: o.banker.map((c) => cardName(T, c)).join(', '), total: o.bankerTotal })}.`;
    case 'dragonTiger':
      return `${T.winner[o.winner]}: ${T.spots.dragon} ${cardName(T, o.dragon)}, ${T.spots.tiger} ${cardName(T, o.tiger)}.`;
    case 'sicBo':
      return `${fill(T.dice, { dice: o.dice.join(', '), total: o.total })} ${T.sicBo.side[o.triple ? 'triple' : o.total <= 10 ? 'small' : 'big']}`;
    case 'andarBahar':
      return `${T.winner[o.winner]}: ${fill(T.andarBahar.dealt, { joker: cardName(T, o.joker), count: o.andar.length + o.bahar.length })}`;
    case 'fish': {
      const hit = fishHitBy(o.roll);
      return `${fill(T.fish.roll, { roll: o.roll, of: FISH_ROLLS })} ${hit.length ? fill(T.fish.hits, { fish: hit.map((f) => T.fish.names[f]).join(', ') }) : T.fish.hitsNone}`;
    }
    case 'crash':
      return fill(T.crash.point, { point: multiplierText(T, o.point), roll: groupDigits(T, o.roll), of: groupDigits(T, CRASH_SPAN) });
    case 'keno':
      return fill(T.keno.drawn, { numbers: o.drawn.join(', ') });
    case 'plinko':
      return `${fill(T.plinko.fell, { bucket: o.bucket + 1 })} ${fill(T.plinko.path, { path: o.path.map((b) => (b ? T.plinko.right : T.plinko.left)).join(', ') })}`;
    case 'dice':
      return fill(T.diceGame.roll, { roll: diceText(o.roll).replace('.', T.crash.decimal) });
  }
}

/** What a table's board and a fish game's sea both take from the game page. */
export interface BoardProps {
  rules: TableRulesView;
  T: TableLabels;
  /** The member's last round. */
  round: PlayedRound | null;
  /** The chosen chip. */
  chip: string;
  busy: boolean;
  disabled: boolean;
  /** The last round's answer was lost: the action retries it. */
  retrying: boolean;
  announce: string;
  winLabel: string;
  noWinLabel: string;
  retryLabel: string;
  fmt: (amount: string) => string;
  onChip: (chip: string) => void;
  /** The refusal of the last round, if any (the game page's box). */
  error: ReactNode;
}

interface Props extends BoardProps {
  history: PlayedRound[];
  stakes: TableStakes;
  stakeCapped: boolean;
  onSpot: (spot: string) => void;
  onClear: () => void;
  onDeal: () => void;
  /** A live table (shared rounds): the table as its stream tells it. */
  live?: LiveBoard;
}

export interface LiveBoard {
  view: LiveTableView;
  /** The server's clock minus the page's, ms. */
  offset: number;
  connected: boolean;
  /** The page's language, for plurals. */
  lang: string;
  /** The roulette is a Lightning one (played without its multipliers, said on the table). */
  lightning: boolean;
  /** A PVP game's room playing the table ("Room 2"): the live bar's badge. */
  badge?: string;
}

/** The server's time now, ticking while a live table shows (null otherwise). */
function useServerNow(offset: number | null): number | null {
  const [now, setNow] = useState(() => (offset === null ? null : Date.now() + offset));
  useEffect(() => {
    if (offset === null) return;
    setNow(Date.now() + offset);
    const t = setInterval(() => setNow(Date.now() + offset), 250);
    return () => clearInterval(t);
  }, [offset]);
  return offset === null ? null : (now ?? Date.now() + offset);
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * The live round's phase, read from the server's clock four times a second but changing the
 * board only when the phase itself changes (bets open, close, the result): the countdown ticks in
 * LiveBar alone, so the cloth is not drawn again four times a second.
 */
export function useLivePhase(live: LiveBoard | undefined): LivePhase | null {
  const read = () => (live ? livePhase(live.view, Date.now() + live.offset) : null);
  const [phase, setPhase] = useState(read);
  useEffect(() => {
    if (!live) return setPhase(null);
    const same = (a: LivePhase | null, b: LivePhase | null) => a?.kind === b?.kind && (a && 'roundNo' in a ? a.roundNo : -1) === (b && 'roundNo' in b ? b.roundNo : -1);
    const update = () =>
      setPhase((before) => {
        const now = livePhase(live.view, Date.now() + live.offset);
        return same(before, now) ? before : now;
      });
    update();
    const t = setInterval(update, 250);
    return () => clearInterval(t);
  }, [live?.view, live?.offset]); // eslint-disable-line react-hooks/exhaustive-deps
  return phase;
}

export default function TableBoard(p: Props) {
  const { rules, T, fmt, live } = p;
  const table = tableOf(rules);
  const phase = useLivePhase(live);
  // A live table shows its last draw; the member's own round only when it is that draw's.
  const drawnLast = live?.view.last?.stops ? live.view.last : null;
  const mineDrawn = live ? (p.round && !p.round.open && drawnLast && p.round.nonce === drawnLast.roundNo ? p.round : null) : p.round;
  const outcome = live ? (drawnLast ? outcomeOf(table, drawnLast.stops!) : null) : roundOutcome(table, p.round);
  // Bets already placed on the live round taking bets (one confirmation per round).
  const placedOn = live && phase && phase.kind !== 'resting' ? p.history.find((r) => r.open && r.nonce === live.view.current?.roundNo) : undefined;
  const canBet = !live || (phase?.kind === 'betting' && !placedOn);
  const total = stakesTotal(p.stakes);
  const staked = Object.keys(p.stakes).length > 0;
  const won = mineDrawn ? Number(mineDrawn.win) > 0 : false;
  const results = useMemo(() => (live ? liveOutcomes(tableOf(rules), live.view.results) : null), [live?.view.results, rules]); // eslint-disable-line react-hooks/exhaustive-deps
  const spotButton = (spot: string, label: ReactNode, className = '', style?: CSSProperties) => {
    const amount = p.stakes[spot];
    const hit = outcome ? mineDrawn?.table?.bets.some((b) => b.spot === spot && Number(b.payout) > 0) : false;
    // The pocket the ball landed in is marked on the cloth, bet on or not.
    const drawn = (outcome?.kind === 'roulette' && spot === `n${pocketLabel(outcome.pocket)}`) || (outcome?.kind === 'sicBo' && spotReturn(outcome, spot, 1n) > 0n);
    // The name holds what the spot shows (a column's '2:1' beside its name).
    const named = typeof label === 'string' && !spotName(T, spot).includes(label) ? `${spotName(T, spot)}, ${label}` : spotName(T, spot);
    return (
      <button
        key={spot}
        type="button"
        className={`tb-spot ${className}${amount ? ' has-stake' : ''}${hit ? ' is-hit' : ''}${drawn ? ' is-drawn' : ''}`}
        data-spot={spot}
        style={style}
        onClick={() => p.onSpot(spot)}
        disabled={p.busy || !canBet}
        aria-label={amount ? fill(T.staked, { spot: named, amount: fmt(amount) }) : named}
      >
        <span className="tb-spot-label">{label}</span>
        {amount && (
          <span className="tb-stake" aria-hidden="true">
            {fmt(amount)}
          </span>
        )}
      </button>
    );
  };

  return (
    <div className={`tb is-${table.kind}${live ? ' is-live' : ''}`}>
      {live && <LiveBar live={live} T={T} placed={placedOn ? fmt(placedOn.bet) : null} words={live.badge ? { badge: live.badge } : undefined} />}
      <div className="tb-result" aria-hidden={outcome ? undefined : true}>
        {outcome ? <Drawn o={outcome} T={T} /> : <p className="muted">{T.noRound}</p>}
      </div>
      <div className={`pl-winbar${won ? ' won' : ''}`}>
        <span>{p.winLabel}</span>
        <strong data-testid="play-win">{mineDrawn ? (won ? fmt(mineDrawn.win) : p.noWinLabel) : '–'}</strong>
      </div>
      <p className="pl-result" role="status" aria-live="polite" aria-atomic="true">
        {p.announce}
        {outcome && !p.busy && p.announce && !placedOn ? ` ${outcomeText(T, outcome)}` : ''}
      </p>
      {outcome && mineDrawn?.table && (
        <ul className="tb-returns" data-testid="table-returns">
          {mineDrawn.table.bets.map((b) => (
            <li key={b.spot} className={Number(b.payout) > 0 ? 'won' : ''}>
              {Number(b.payout) > 0 ? fill(T.returned, { spot: spotName(T, b.spot), amount: fmt(b.payout) }) : fill(T.lost, { spot: spotName(T, b.spot) })}
            </li>
          ))}
        </ul>
      )}
      {p.error}

      <h3 className="sr-only">{T.board}</h3>
      {table.kind === 'roulette' ? (
        <RouletteLayout american={table.wheel === 'american'} spotButton={spotButton} T={T} />
      ) : table.kind === 'baccarat' ? (
        <div className="tb-spots tb-bac">
          {spotButton('playerPair', T.spots.playerPair, 'is-side')}
          {spotButton('tie', T.spots.tie, 'is-tie')}
          {spotButton('bankerPair', T.spots.bankerPair, 'is-side')}
          {spotButton('player', T.spots.player, 'is-player')}
          {spotButton('banker', T.spots.banker, 'is-banker')}
        </div>
      ) : table.kind === 'sicBo' ? (
        <SicBoLayout spotButton={spotButton} T={T} />
      ) : table.kind === 'andarBahar' ? (
        <div className="tb-spots tb-ab">
          {spotButton('andar', T.spots.andar, 'is-banker')}
          {spotButton('bahar', T.spots.bahar, 'is-player')}
        </div>
      ) : (
        <div className="tb-spots tb-dt">
          {spotButton('dragon', T.spots.dragon, 'is-banker')}
          {spotButton('tie', T.spots.tie, 'is-tie')}
          {spotButton('tiger', T.spots.tiger, 'is-player')}
        </div>
      )}

      <Chips chips={rules.bets} chosen={p.chip} label={T.chips} chipLabel={T.chip} fmt={fmt} onChip={p.onChip} />
      {p.stakeCapped && (
        <p className="pl-small" role="status">
          {fill(T.capped, { amount: fmt(rules.maxSpot) })}
        </p>
      )}
      <div className="tb-actions">
        <span className="tb-total" data-testid="table-total">
          {staked ? fill(T.total, { amount: fmt(total) }) : T.noBets}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={p.onClear} disabled={p.busy || !staked || !canBet}>
          {T.clear}
        </button>
        <button type="button" className="btn btn-primary pl-spin" onClick={p.onDeal} disabled={p.disabled || !staked || !canBet} data-testid="table-deal">
          {live
            ? p.busy
              ? T.live.placing
              : p.retrying
                ? p.retryLabel
                : T.live.place
            : p.busy
              ? T.dealing
              : p.retrying
                ? p.retryLabel
                : table.kind === 'roulette'
                  ? T.spinWheel
                  : table.kind === 'sicBo'
                    ? T.sicBo.throw
                    : T.deal}
        </button>
      </div>
      <p className="muted pl-small">{live && !canBet && !placedOn ? `${T.live.closedNote} ${T.keep}` : T.keep}</p>
      {results ? <LiveResults table={table} outcomes={results} T={T} /> : <LastResults table={table} history={p.history} T={T} />}
    </div>
  );
}

/** Sic bo's cloth, in its groups: small and big with odd and even, triples and doubles, totals, single numbers, combinations. */
function SicBoLayout({ spotButton, T }: { spotButton: (spot: string, label: ReactNode, className?: string) => ReactNode; T: TableLabels }) {
  const ids = useId();
  const dice = [1, 2, 3, 4, 5, 6];
  const face = (n: number, times: number) => (
    <span className="tb-faces" aria-hidden="true">
      {DIE_FACES[n - 1]!.repeat(times)}
    </span>
  );
  const group = (key: string, title: string, spots: [string, ReactNode][], className: string) => (
    <div className="tb-sb-group" role="group" aria-labelledby={`${ids}-${key}`}>
      <h4 id={`${ids}-${key}`}>{title}</h4>
      <div className={`tb-spots ${className}`}>{spots.map(([spot, label]) => spotButton(spot, label))}</div>
    </div>
  );
  return (
    <div className="tb-sb">
      {group(
        'main',
        T.sicBo.main,
        [
          ['small', T.spots.small],
          ['odd', T.spots.odd],
          ['anyTriple', T.spots.anyTriple],
          ['even', T.spots.even],
          ['big', T.spots.big],
        ],
        'tb-sb-main',
      )}
      {group(
        'doubles',
        T.sicBo.doubles,
        dice.map((n) => [`double${n}`, face(n, 2)]),
        'tb-sb-six',
      )}
      {group(
        'triples',
        T.sicBo.triples,
        dice.map((n) => [`triple${n}`, face(n, 3)]),
        'tb-sb-six',
      )}
      {group(
        'totals',
        T.sicBo.totals,
        Array.from({ length: 14 }, (_, i) => [`total${i + 4}`, String(i + 4)]),
        'tb-sb-totals',
      )}
      {group(
        'singles',
        T.sicBo.singles,
        dice.map((n) => [`single${n}`, face(n, 1)]),
        'tb-sb-six',
      )}
      {group(
        'combos',
        T.sicBo.combos,
        dice.flatMap((a) => dice.filter((b) => b > a).map((b) => [`combo${a}${b}`, `${a}·${b}`] as [string, ReactNode])),
        'tb-sb-combos',
      )}
    </div>
  );
}

/**
 * Where each spot of the roulette cloth sits, as grid lines: across (`h`: zeros on the left, the
 * numbers in three rows, dozens and even chances below) for a wide board, and down (`v`: zeros on
 * top, the numbers in three columns, dozens and even chances at the side) for a narrow one, as
 * phone roulettes lay it out. The board's own width picks (a container query in table.css).
 */
function rouletteCells(american: boolean): { spot: string; h: [string, string]; v: [string, string] }[] {
  const cells: { spot: string; h: [string, string]; v: [string, string] }[] = [];
  // Each number spans two sub-rows across (two sub-columns down), so that two zeros can split three.
  for (let n = 1; n <= 36; n++) {
    const k = Math.ceil(n / 3);
    const place = n % 3 === 0 ? 0 : n % 3 === 2 ? 1 : 2; // across: top, middle, bottom row
    const down = n % 3 === 1 ? 0 : n % 3 === 2 ? 1 : 2; // down: left, middle, right column
    cells.push({ spot: `n${n}`, h: [`${k + 1}`, `${place * 2 + 1} / span 2`], v: [`${down * 2 + 3} / span 2`, `${k + 1}`] });
  }
  if (american) {
    cells.unshift({ spot: 'n0', h: ['1', '1 / span 3'], v: ['3 / span 3', '1'] }, { spot: 'n00', h: ['1', '4 / span 3'], v: ['6 / span 3', '1'] });
  } else {
    cells.unshift({ spot: 'n0', h: ['1', '1 / span 6'], v: ['3 / span 6', '1'] });
  }
  ['column3', 'column2', 'column1'].forEach((c, i) => cells.push({ spot: c, h: ['14', `${i * 2 + 1} / span 2`], v: [`${(2 - i) * 2 + 3} / span 2`, '14'] }));
  ['dozen1', 'dozen2', 'dozen3'].forEach((d, i) => cells.push({ spot: d, h: [`${i * 4 + 2} / span 4`, '7'], v: ['2', `${i * 4 + 2} / span 4`] }));
  ['low', 'even', 'red', 'black', 'odd', 'high'].forEach((e, i) => cells.push({ spot: e, h: [`${i * 2 + 2} / span 2`, '8'], v: ['1', `${i * 2 + 2} / span 2`] }));
  return cells;
}

function RouletteLayout({ american, spotButton, T }: { american: boolean; spotButton: (spot: string, label: ReactNode, className?: string, style?: CSSProperties) => ReactNode; T: TableLabels }) {
  return (
    <div className="tb-cloth">
      <div className="tb-roulette">
        {rouletteCells(american).map(({ spot, h, v }) => {
          const style = { '--hc': h[0], '--hr': h[1], '--vc': v[0], '--vr': v[1] } as CSSProperties;
          if (spot.startsWith('n')) {
            const n = spot.slice(1);
            return spotButton(spot, n, `is-${pocketColour(n === '00' ? DOUBLE_ZERO : Number(n))}`, style);
          }
          if (spot.startsWith('column')) return spotButton(spot, '2:1', 'is-column', style);
          return spotButton(spot, T.spots[spot as keyof typeof T.spots], spot === 'red' || spot === 'black' ? `is-${spot}` : 'is-outside', style);
        })}
      </div>
    </div>
  );
}

function Drawn({ o, T }: { o: TableOutcome; T: TableLabels }) {
  switch (o.kind) {
    case 'roulette':
      return (
        <div className="tb-drawn">
          <span className={`tb-pocket is-${pocketColour(o.pocket)}`} data-testid="table-pocket">
            {pocketLabel(o.pocket)}
          </span>
          <span>{T.colours[pocketColour(o.pocket)]}</span>
        </div>
      );
    case 'baccarat':
      return (
        <div className="tb-drawn tb-hands" data-testid="table-hands">
          <Hand side={T.spots.player} cards={o.player} total={o.playerTotal} T={T} win={o.winner === 'player'} />
          <strong className="tb-winner">{T.winner[o.winner]}</strong>
          <Hand side={T.spots.banker} cards={o.banker} total={o.bankerTotal} T={T} win={o.winner === 'banker'} />
        </div>
      );
    case 'dragonTiger':
      return (
        <div className="tb-drawn tb-hands" data-testid="table-hands">
          <Hand side={T.spots.dragon} cards={[o.dragon]} T={T} win={o.winner === 'dragon'} />
          <strong className="tb-winner">{T.winner[o.winner]}</strong>
          <Hand side={T.spots.tiger} cards={[o.tiger]} T={T} win={o.winner === 'tiger'} />
        </div>
      );
    case 'andarBahar':
      return (
        <div className="tb-drawn tb-hands" data-testid="table-hands">
          <Hand side={T.andarBahar.joker} cards={[o.joker]} T={T} win={false} />
          <strong className="tb-winner">{T.winner[o.winner]}</strong>
          <Hand side={T.spots.andar} cards={o.andar} T={T} win={o.winner === 'andar'} />
          <Hand side={T.spots.bahar} cards={o.bahar} T={T} win={o.winner === 'bahar'} />
        </div>
      );
    case 'sicBo':
      return (
        <div className="tb-drawn" data-testid="table-dice">
          {o.dice.map((d, i) => (
            <Die key={i} n={d} T={T} />
          ))}
          <strong className="tb-winner">{o.total}</strong>
        </div>
      );
    case 'fish':
      return (
        <div className="tb-drawn" data-testid="fish-roll">
          <span>{fill(T.fish.roll, { roll: o.roll, of: FISH_ROLLS })}</span>
        </div>
      );
    case 'crash':
      return (
        <div className="tb-drawn" data-testid="crash-point">
          <strong className="tb-winner">×{multiplierText(T, o.point)}</strong>
        </div>
      );
    case 'plinko':
      return (
        <div className="tb-drawn" data-testid="plinko-bucket">
          <strong className="tb-winner">{o.bucket + 1} / 13</strong>
        </div>
      );
    case 'dice':
      return (
        <div className="tb-drawn" data-testid="dice-roll">
          <strong className="tb-winner">{diceText(o.roll).replace('.', T.crash.decimal)}</strong>
        </div>
      );
    case 'keno':
      return (
        <ol className="tb-drawn kn-drawn" data-testid="keno-drawn">
          {o.drawn.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ol>
      );
  }
}

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
function Die({ n, T }: { n: number; T: TableLabels }) {
  return (
    <span className="tb-die" role="img" aria-label={fill(T.die, { n })}>
      <span aria-hidden="true">{DIE_FACES[n - 1]}</span>
    </span>
  );
}

/** Sic bo's last throws, newest first: the total, big or small (or a triple). */
function DiceRoad({ outcomes, T }: { outcomes: TableOutcome[]; T: TableLabels }) {
  return (
    <div className="tb-last">
      <h3>{T.last}</h3>
      <ol className="tb-last-numbers">
        {outcomes.slice(0, 48).map((o, i) => {
          if (o.kind !== 'sicBo') return null;
          const side = o.triple ? 'triple' : o.total <= 10 ? 'small' : 'big';
          return (
            <li key={i} className={`tb-pocket is-${side}`} aria-label={`${fill(T.dice, { dice: o.dice.join(', '), total: o.total })} ${T.sicBo.side[side]}`}>
              <span aria-hidden="true">
                {o.total}
                <small className="tb-side-mark">{T.sicBo.side[side][0]}</small>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Hand({ side, cards, total, T, win }: { side: string; cards: number[]; total?: number; T: TableLabels; win: boolean }) {
  return (
    <div className={`tb-hand${win ? ' is-win' : ''}`}>
      <span className="tb-side">
        {side}
        {total !== undefined && <span className="tb-hand-total"> {total}</span>}
      </span>
      <span className="tb-cards">
        {cards.map((c, i) => (
          <Card key={i} card={c} T={T} />
        ))}
      </span>
    </div>
  );
}

/** Roulette's last numbers, or the bead road (one mark per round, oldest first, six to a column), of the member's rounds. */
function LastResults({ table, history, T }: { table: TableGame; history: PlayedRound[]; T: TableLabels }) {
  const outcomes = history
    .map((r) => roundOutcome(table, r))
    .filter((o): o is TableOutcome => o !== null)
    .slice(0, 48);
  if (outcomes.length === 0) return null;
  if (table.kind === 'roulette') return <NumbersRoad outcomes={outcomes} T={T} />;
  if (table.kind === 'sicBo') return <DiceRoad outcomes={outcomes} T={T} />;
  return <BeadRoad outcomes={outcomes} T={T} title={T.road} name={(w) => (w === 'tie' ? T.spots.tie : (T.spots as Record<string, string>)[w]!)} />;
}

/** Roulette's last numbers, newest first. */
function NumbersRoad({ outcomes, T }: { outcomes: TableOutcome[]; T: TableLabels }) {
  return (
    <div className="tb-last">
      <h3>{T.last}</h3>
      <ol className="tb-last-numbers">
        {outcomes.slice(0, 48).map((o, i) => {
          const pocket = o.kind === 'roulette' ? o.pocket : 0;
          return (
            <li key={i} className={`tb-pocket is-${pocketColour(pocket)}`} aria-label={fill(T.pocket, { n: pocketLabel(pocket), colour: T.colours[pocketColour(pocket)] })}>
              {pocket === DOUBLE_ZERO ? '00' : pocket}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The bead road: one mark per round, oldest first, six to a column. */
function BeadRoad({ outcomes, T, title, name }: { outcomes: TableOutcome[]; T: TableLabels; title: string; name: (winner: string) => string }) {
  const beads = [...outcomes.slice(0, 48)].reverse();
  return (
    <div className="tb-last">
      <h3>{title}</h3>
      <ol className="tb-road">
        {beads.map((o, i) => {
          const winner = o.kind === 'baccarat' || o.kind === 'dragonTiger' || o.kind === 'andarBahar' ? o.winner : 'tie';
          return (
            <li key={i} className={`tb-bead is-${winner}`} aria-label={fill(T.roadCell, { n: i + 1, result: T.winner[winner] })}>
              <span aria-hidden="true">{name(winner)[0]}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * A live table's round: its number and phase with the countdown, who bet, the committed seed's
 * hash. A PVP room (RoomTable.tsx) shows it with its own words for the badge, the window and who sits.
 */
export function LiveBar({
  live,
  T,
  placed,
  words,
}: {
  live: LiveBoard;
  T: TableLabels;
  placed: string | null;
  words?: Partial<Pick<TableLabels['live'], 'badge' | 'betting' | 'bettors_one' | 'bettors_other' | 'shared'>>;
}) {
  const L = { ...T.live, ...words };
  const serverNow = useServerNow(live.offset);
  const phase = livePhase(live.view, serverNow ?? Date.now());
  const r = live.view.current;
  const bettors = r?.bettors ?? 0;
  const plural = new Intl.PluralRules(live.lang).select(bettors) === 'one' ? L.bettors_one : L.bettors_other;
  const text =
    phase.kind === 'betting'
      ? fill(L.betting, { seconds: seconds(phase.ms) })
      : phase.kind === 'drawing'
        ? L.drawing
        : phase.kind === 'result'
          ? fill(L.result, { seconds: seconds(phase.ms) })
          : L.resting;
  return (
    <div className={`tb-live is-${phase.kind}`} data-testid="live-bar" data-phase={phase.kind} data-round={r?.roundNo ?? ''}>
      <p className="tb-live-head">
        <span className="tb-live-badge">{L.badge}</span>
        {r && <strong>{fill(L.round, { n: r.roundNo })}</strong>}
        <span className="tb-live-phase">{text}</span>
      </p>
      {phase.kind === 'betting' && (
        <div className="tb-live-meter" aria-hidden="true">
          <span style={{ inlineSize: `${Math.min(100, (phase.ms / (Date.parse(r!.closesAt) - Date.parse(r!.opensAt))) * 100)}%` }} />
        </div>
      )}
      <p className="muted pl-small" data-testid="live-bettors">
        {fill(plural, { count: bettors })}
        {placed && (
          <>
            {' · '}
            <strong data-testid="live-placed">{fill(T.total, { amount: placed })}</strong>
          </>
        )}
      </p>
      {r && (
        <p className="muted pl-small tb-live-hash">
          {fill(L.hash, { n: r.roundNo })}: <code>{r.serverSeedHash}</code>
        </p>
      )}
      {!live.connected && (
        <p className="pl-small" role="status">
          {L.reconnecting}
        </p>
      )}
      <p className="muted pl-small">
        {L.shared}
        {live.lightning ? ` ${L.lightning}` : ''}
      </p>
    </div>
  );
}

const ROAD_ROWS = 6;

/** A live table's roads from its last results: roulette's numbers, or the big road and the bead road. */
function LiveResults({ table, outcomes, T }: { table: TableGame; outcomes: TableOutcome[]; T: TableLabels }) {
  const winners = useMemo(
    () => [...outcomes].reverse().map((o) => (o.kind === 'baccarat' || o.kind === 'dragonTiger' || o.kind === 'andarBahar' ? o.winner : 'tie')) as (RoadWinner | 'tie')[],
    [outcomes],
  );
  const cells = useMemo(() => bigRoad(winners, ROAD_ROWS), [winners]);
  if (outcomes.length === 0) return <p className="muted pl-small">{T.live.noResults}</p>;
  if (table.kind === 'roulette') return <NumbersRoad outcomes={outcomes} T={T} />;
  if (table.kind === 'sicBo') return <DiceRoad outcomes={outcomes} T={T} />;
  const cols = Math.max(12, ...cells.map((c) => c.col + 1));
  const name = (w: string) => (w === 'tie' ? T.spots.tie : (T.spots as Record<string, string>)[w]!);
  const pluralTies = (n: number) => fill(n === 1 ? T.live.ties_one : T.live.ties_other, { count: n });
  return (
    <>
      <div className="tb-last">
        <h3>{T.live.bigRoad}</h3>
        <div className="pl-scroll">
          <ol className="tb-bigroad" style={{ '--cols': cols } as CSSProperties}>
            {cells.length === 0 && (
              // Only ties so far: they wait on the first cell for the first win.
              <li className="tb-big is-tie" style={{ gridColumn: 1, gridRow: 1 }} aria-label={fill(T.live.roadCell, { col: 1, row: 1, result: pluralTies(winners.length) })}>
                <span aria-hidden="true">{winners.length}</span>
              </li>
            )}
            {cells.map((c, i) => (
              <li
                key={i}
                className={`tb-big is-${c.winner}`}
                style={{ gridColumn: c.col + 1, gridRow: c.row + 1 }}
                aria-label={fill(T.live.roadCell, { col: c.col + 1, row: c.row + 1, result: `${T.winner[c.winner]}${c.ties ? ` ${pluralTies(c.ties)}` : ''}` })}
              >
                {c.ties > 0 && <span aria-hidden="true">{c.ties}</span>}
              </li>
            ))}
          </ol>
        </div>
      </div>
      <BeadRoad outcomes={outcomes} T={T} title={T.live.beadRoad} name={name} />
    </>
  );
}

/** The table's rules and what each spot pays (the side panel). */
export function TableRulesPanel({ rules, T, fmt, lang, title, rtpLabel }: { rules: TableRulesView; T: TableLabels; fmt: (a: string) => string; lang: string; title: string; rtpLabel: string }) {
  const pct = (x: number) => new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);
  // Blackjack's spots are the hand, a blackjack and insurance: no drawn table behind them.
  const table = rules.kind === 'blackjack' ? null : tableOf(rules);
  // Roulette's 38 straight-up spots pay alike: one row for them; so do sic bo's six triples, doubles and numbers, and its fifteen pairs.
  const rows =
    table?.kind === 'roulette'
      ? [rules.spots.find((s) => s.spot === 'n17')!, ...rules.spots.filter((s) => !s.spot.startsWith('n'))]
      : table?.kind === 'sicBo'
        ? rules.spots.filter((s) => !/^(triple|double|single)[2-6]$|^combo(1[3-6]|[2-5]\d)$/.test(s.spot))
        : rules.spots;
  const rowName = (spot: string) => {
    if (table?.kind === 'sicBo') {
      const kind = /^(triple|double|single)1$/.exec(spot)?.[1] as 'triple' | 'double' | 'single' | undefined;
      if (kind) return fill(T.spots[kind], { n: '1–6' });
      if (spot === 'combo12') return fill(T.spots.combo, { a: '1–6', b: '1–6' });
    }
    return spotName(T, spot);
  };
  const rulesText =
    table === null
      ? T.rules.blackjack
      : table.kind === 'fish'
        ? T.rules.fish
        : table.kind === 'crash'
          ? T.rules.crash
          : table.kind === 'keno'
            ? T.rules.keno
            : table.kind === 'dice'
              ? T.rules.diceGame
              : table.kind === 'plinko'
                ? T.rules.plinko
                : table.kind === 'roulette'
                  ? table.wheel === 'american'
                    ? T.rules.rouletteAmerican
                    : T.rules.roulette
                  : table.kind === 'sicBo'
                    ? `${T.rules.sicBo} ${rules.live ? T.rules.diceLive : T.rules.dice}`
                    : table.kind === 'baccarat'
                      ? `${rules.noCommission ? T.rules.baccaratNoCommission : T.rules.baccarat} ${rules.live ? T.rules.deckLive : T.rules.deck}`
                      : table.kind === 'andarBahar'
                        ? `${T.rules.andarBahar} ${rules.live ? T.rules.deckLive : T.rules.deck}`
                        : `${T.rules.dragonTiger} ${rules.live ? T.rules.deckLive : T.rules.deck}`;
  return (
    <>
      <h2>{title}</h2>
      <p className="pl-rtp">{fill(rtpLabel, { rtp: pct(rules.rtp) })}</p>
      <p className="muted pl-small">{rulesText}</p>
      <div className="pl-scroll">
        <table className="pl-paytable">
          <thead>
            <tr>
              <th scope="col">{T.spotColumn}</th>
              <th scope="col" className="num">
                {T.pays}
              </th>
              <th scope="col" className="num">
                {T.rtp}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.spot}>
                <th scope="row">
                  {table?.kind === 'fish'
                    ? T.fish.names[s.spot as keyof typeof T.fish.names]
                    : table?.kind === 'keno'
                      ? fill(T.keno.pickN, { n: kenoPicks(s.spot)?.length ?? 0 })
                      : s.spot.startsWith('n')
                        ? fill(T.spots.straight, { n: rules.wheel === 'american' ? '0–36, 00' : '0–36' })
                        : rowName(s.spot)}
                </th>
                <td className={table?.kind === 'keno' ? 'num tb-pays-list' : 'num'}>
                  {table?.kind === 'crash'
                    ? `×${multiplierText(T, crashTarget(s.spot) ?? 0)}`
                    : table?.kind === 'keno' || table?.kind === 'dice' || table?.kind === 'plinko'
                      ? s.pays.replaceAll('.', T.crash.decimal).replace(/\d{4,}/g, (d) => groupDigits(T, Number(d)))
                      : s.pays}
                </td>
                <td className="num">{pct(s.rtp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted pl-small">{fill(table === null ? T.limitHand : T.limit, { chip: fmt(rules.bets[0]!), max: fmt(rules.maxSpot) })}</p>
    </>
  );
}

/** A table round's draw recomputed by the verify page: what it shows, in pictures and in words. */
export function VerifiedDraw({
  table,
  stops,
  T,
  B,
  fmt,
}: {
  table: Pick<TableRulesView, 'kind' | 'wheel'> & { blackjack?: BlackjackView };
  stops: number[];
  T: TableLabels;
  B: PlayLabels['blackjack'];
  fmt: (amount: string) => string;
}) {
  if (table.kind === 'blackjack') return <VerifiedHand hand={table.blackjack ?? null} stops={stops} T={T} B={B} fmt={fmt} />;
  let o: TableOutcome;
  try {
    o = tableOutcome(tableOf(table), stops);
  } catch {
    return null;
  }
  return (
    <div className="tb" data-testid="verify-table">
      <div className="tb-result">
        <Drawn o={o} T={T} />
      </div>
      <p>{outcomeText(T, o)}</p>
    </div>
  );
}

/** A blackjack hand replayed by the verify page: the dealer's cards and each hand's, with results; without its actions, the stream's cards in order. */
function VerifiedHand({ hand, stops, T, B, fmt }: { hand: BlackjackView | null; stops: number[]; T: TableLabels; B: PlayLabels['blackjack']; fmt: (amount: string) => string }) {
  const side = (title: string, cards: number[], total: number, result?: string) => (
    <div className="tb-hand" key={title}>
      <h4>
        {title}: {total}
        {result ? ` · ${result}` : total > 21 ? ` · ${B.dealerBust}` : ''}
      </h4>
      <div className="bj-cards">
        {cards.map((c, i) => (
          <Card key={i} card={c} T={T} />
        ))}
      </div>
    </div>
  );
  if (!hand)
    return (
      <div className="tb" data-testid="verify-table">
        <div className="bj-cards">
          {stops.map((c, i) => (
            <Card key={i} card={c} T={T} />
          ))}
        </div>
      </div>
    );
  return (
    <div className="tb" data-testid="verify-table">
      <div className="tb-result">
        {side(B.dealer, hand.dealer.cards, hand.dealer.total)}
        {hand.hands.map((h, i) =>
          side(
            hand.hands.length > 1 ? fill(B.handN, { n: i + 1 }) : B.you,
            h.cards,
            h.total,
            h.result ? (h.result === 'lose' || h.result === 'bust' ? B.results[h.result] : fill(B.results[h.result], { amount: fmt(h.payout ?? '0') })) : undefined,
          ),
        )}
      </div>
    </div>
  );
}
