/**
 * The lottery pages' island (issue 16): the game menu (`/lgw/vn/games/game_menu`, and the
 * player's recent games), the selected game's board (bet type, numbers by grid, typed or quick
 * pick, bulk entry, position or side, the stake and the potential win, the countdown to the close),
 * the bet slip (bought in one call, keyed by an idempotency key kept while the same slip is
 * retried), the player's tickets with their outcome, and the results of past draws with their
 * verification. What each bet picks comes from `shapes.ts`; the server checks everything again.
 *
 * Time: the server's clock (each game info carries `now`), ticked every second; when a draw
 * closes or is drawn, the board, results and tickets are read again.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiFailure, pageApiClient } from '../../../kernel/http/client.ts';
import { formatMinor, formatMoney, parseMinor } from '../../../kernel/money.ts';
import { formatDateTime, formatTime, intlLocale } from '../../../kernel/intl.ts';
import { fill } from '../../../kernel/i18n/browser.ts';
import { fromInput, refreshBalance, submission, toInput, walletAmount, walletBalance, type BalanceValue } from '../../wallet/client.ts';
import { GameWallet, launchGame, type GameWalletLabels } from '../../play/client.ts';
import {
  lotteryBet,
  lotteryGameInfo,
  lotteryGameMenu,
  lotteryRecentMenu,
  lotteryTickets,
  lotteryVerify,
  openedNumbers,
  type DrawValue,
  type GameMenuItem,
  type TicketValue,
} from '../contract.ts';
import { betLabel as labelOfBet, type BetTypeLabels } from '../bet-labels.ts';
import { BET_SHAPES, padded, parseBulk, quickPick, type BetShape, type Side } from '../shapes.ts';
import { byTier, type Family } from '../tiers.ts';
import type lotteryCatalogue from '../i18n/en/lottery.json';
import './lottery.css';

export type LotteryLabels = typeof lotteryCatalogue;
type Area = 'vn' | 'sea' | 'lotto';

export interface LotteryAppProps {
  labels: LotteryLabels;
  walletLabels: GameWalletLabels;
  opensNew: string;
  area: Area;
  /** BCP 47 language of the page. */
  lang: string;
  symbol: string;
  timeZone: string;
  singleWallet: boolean;
  /** The brand's rule for a game wallet that cannot pay a ticket (brand wallet.gameTransfer). */
  gameTransfer: 'ask' | 'all';
  /** With 'ask': the brand's default amount to offer (2-decimal string). */
  gameTransferAmount: string;
  vendorNames: Record<string, string>;
  walletHref: string;
}

type GameInfo = Awaited<ReturnType<typeof loadInfo>>;
interface Pick {
  numbers: number[];
  position?: number;
  side?: Side;
}
interface SlipTicket extends Pick {
  betType: string;
  /** API amount ('2.00'). */
  stake: string;
}


const api = () => pageApiClient();
const loadInfo = (gameCode: string) => api().call(lotteryGameInfo, { query: { gameCode } });

/** Games whose vendor lobby was asked for (once per page). */
const asked = new Set<string>();

/**
 * Opens a real lottery vendor's lobby for a game this server does not draw (its vendor switched to
 * the game gateway): launchGame's lottery form answers the vendor's address. An unknown game, or
 * one that leads back here, stays on this page (the menu's first game is shown).
 */
async function openVendorLobby(gameCode: string, area: Area): Promise<void> {
  try {
    const v = await api().call(launchGame, {
      query: { lottoGameCode: gameCode, lottoArea: area === 'sea' ? 'SEA' : 'VN', launchMode: 'LOTT', lottoView: 'betting', device: 'WEB', accountType: '1' },
    });
    const url = new URL(v.content.game_url);
    if (url.origin !== window.location.origin) window.location.assign(url.href);
  } catch {
    /* not a game of any lottery vendor: the page shows its own games */
  }
}

/** A bet type's name and help, the help's pay written in the page's locale (bet-labels.ts). */
function betLabel(L: LotteryLabels, code: string, payMilli?: number, lang = 'en'): { name: string; help: string } {
  return labelOfBet(L.betTypes as unknown as BetTypeLabels, code, payMilli, lang);
}

/** The first game of the page's area, when the address names none. */
const AREA_GROUP: Record<Area, string> = { vn: 'VN', sea: 'SEA', lotto: 'SSC' };

function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}

export default function LotteryApp(p: LotteryAppProps) {
  const L = p.labels;
  const ids = useId();
  const [menu, setMenu] = useState<Record<string, { groupCode: string; gameMenus: GameMenuItem[] }> | null>(null);
  const [recent, setRecent] = useState<GameMenuItem[]>([]);
  const [menuError, setMenuError] = useState('');
  const [gameCode, setGameCode] = useState<string | null>(() => (typeof window === 'undefined' ? null : new URL(window.location.href).searchParams.get('gameCode')));
  const [info, setInfo] = useState<GameInfo | null>(null);
  const [infoError, setInfoError] = useState('');
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [balance, setBalance] = useState<BalanceValue | null>(null);
  const [slip, setSlip] = useState<SlipTicket[]>([]);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState('');
  const [slipError, setSlipError] = useState('');
  const [tickets, setTickets] = useState<{ total: number; list: TicketValue[] } | null>(null);
  const [ticketPage, setTicketPage] = useState(10);
  const [results, setResults] = useState<DrawValue[] | null>(null);
  const [needMoney, setNeedMoney] = useState(0);
  const slipSub = useRef(submission());
  const groupsRef = useRef<HTMLDivElement>(null);
  const refreshedAt = useRef(0);

  const money = useCallback((amount: string) => formatMoney(amount, p.lang, p.symbol), [p.lang, p.symbol]);
  // One clock: the brand's zone, labelled (src/kernel/intl.ts), as in the header.
  const time = useCallback((ms: number, withDay = false) => (withDay ? formatDateTime(ms, p.lang) : formatTime(ms, p.lang)), [p.lang]);

  // The menu (read again every 30 seconds: its draws move on) and the recent games.
  useEffect(() => {
    const prizeMode = p.area === 'sea' ? 'SEA' : undefined;
    const load = () =>
      api()
        .call(lotteryGameMenu, { query: { prizeMode, device: 'WEB' } })
        .then((m) => {
          setMenu(m);
          setMenuError('');
          setGameCode((code) => {
            const all = Object.values(m).flatMap((g) => g.gameMenus);
            if (code && all.some((g) => g.gameCode === code)) return code;
            // A game this server does not draw: a real lottery vendor serves it in its own lobby.
            if (code && !asked.has(code)) {
              asked.add(code);
              void openVendorLobby(code, p.area);
            }
            return (m[AREA_GROUP[p.area]] ?? Object.values(m)[0])?.gameMenus[0]?.gameCode ?? null;
          });
        })
        .catch((err: unknown) => setMenuError(err instanceof Error ? err.message : String(err)));
    void load();
    const t = window.setInterval(() => void load(), 30_000);
    api()
      .call(lotteryRecentMenu, { query: { device: 'WEB' } })
      .then((r) => setRecent(r.gameMenus))
      .catch(() => setRecent([]));
    return () => window.clearInterval(t);
  }, [p.area]);

  const loadBalance = useCallback(async () => {
    try {
      setBalance(await api().call(walletBalance));
    } catch {
      /* the header says when the wallet cannot be read */
    }
  }, []);

  const refresh = useCallback(
    async (code: string) => {
      refreshedAt.current = Date.now() + offset;
      try {
        const i = await loadInfo(code);
        setInfo(i);
        setOffset(i.now - Date.now());
        setInfoError('');
      } catch (err) {
        setInfoError(err instanceof Error ? err.message : String(err));
      }
      api()
        .call(openedNumbers, { query: { gameCode: code, pageSize: 10 } })
        .then((r) => setResults(r.list))
        .catch(() => setResults([]));
      api()
        .call(lotteryTickets, { query: { gameCode: code, pageSize: ticketPage } })
        .then(setTickets)
        .catch(() => setTickets({ total: 0, list: [] }));
      // A drawn ticket may have paid into the wallet.
      void loadBalance();
      void refreshBalance();
    },
    [offset, ticketPage, loadBalance],
  );

  // A game chosen: its board, results and tickets; the address keeps its code.
  useEffect(() => {
    if (!gameCode) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get('gameCode') !== gameCode) {
      url.searchParams.set('gameCode', gameCode);
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
    setInfo(null);
    setSlip([]);
    setPlaced('');
    setSlipError('');
    void refresh(gameCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gameCode]);

  useEffect(() => {
    void loadBalance();
  }, [loadBalance]);

  // On a phone the menu is a row that scrolls sideways: the chosen game is brought into it.
  useEffect(() => {
    const row = groupsRef.current;
    const on = row?.querySelector<HTMLElement>('.lt-game[aria-pressed="true"]');
    if (row && on && row.scrollWidth > row.clientWidth) row.scrollLeft = Math.max(0, on.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft - 16);
  }, [menu, gameCode]);

  // The clock; a draw that closes or is drawn brings the next one and its results.
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  const serverNow = now + offset;
  useEffect(() => {
    if (!info || !gameCode) return;
    // A draw is made by the server's job within seconds of its time: look twice.
    const drawTimes = [...info.draws.map((d) => d.drawAt), ...(tickets?.list ?? []).filter((x) => x.status === 'open').map((x) => x.drawAt)];
    const events = [...info.draws.map((d) => d.closesAt), ...drawTimes.flatMap((t) => [t + 3000, t + 8000])];
    if (events.some((e) => refreshedAt.current < e && e <= serverNow)) void refresh(gameCode);
  }, [serverNow, info, gameCode, refresh, tickets]);

  const draw = info?.draws.find((d) => d.opensAt <= serverNow && serverNow < d.closesAt) ?? null;
  const upcoming = info?.draws.find((d) => d.opensAt > serverNow) ?? null;
  const closing = !draw ? (info?.draws.find((d) => d.closesAt <= serverNow && serverNow < d.drawAt) ?? null) : null;
  const selected = useMemo(() => (menu ? Object.values(menu).flatMap((g) => g.gameMenus) : []).find((g) => g.gameCode === gameCode) ?? null, [menu, gameCode]);
  const vendor = info?.vendor ?? selected?.vendor ?? '';
  const walletCode = p.singleWallet ? 'MAIN' : vendor;

  async function buy() {
    if (!info || !draw || slip.length === 0 || placing) return;
    setPlacing(true);
    setSlipError('');
    setPlaced('');
    const payload = { gameCode: info.gameCode, drawNo: draw.drawNo, tickets: slip };
    try {
      const r = await api().call(lotteryBet, { body: { ...payload, idempotencyKey: slipSub.current.keyFor(payload) } });
      slipSub.current.done();
      setSlip([]);
      setPlaced(fill(L.slip.placed, { count: r.tickets.length, drawNo: r.drawNo, total: money(r.total) }));
      void loadBalance();
      void refreshBalance();
      void refresh(info.gameCode);
      api()
        .call(lotteryRecentMenu, { query: { device: 'WEB' } })
        .then((x) => setRecent(x.gameMenus))
        .catch(() => undefined);
    } catch (err) {
      setSlipError(err instanceof Error ? err.message : String(err));
      // Short of money in the game wallet: the wallet line's form takes focus.
      if (err instanceof ApiFailure && err.errorCode === 'wallet.balance.insufficient') setNeedMoney((n) => n + 1);
    } finally {
      setPlacing(false);
    }
  }

  const groups = menu ? Object.values(menu) : [];
  const gameName = (code: string) => (L.games as Record<string, string>)[code] ?? code;

  return (
    <div className="lt-app">
      <nav className="lt-menu card" aria-labelledby={`${ids}-menu`}>
        <h2 id={`${ids}-menu`} className="lt-h2">{L.menu.heading}</h2>
        {menuError && <p role="alert" className="lt-error">{menuError}</p>}
        <div className="lt-menu-groups" ref={groupsRef}>
          {recent.length > 0 && (
            <MenuGroup title={L.menu.recent} items={recent} selected={gameCode} onSelect={setGameCode} labels={L} gameName={gameName} now={serverNow} lang={p.lang} />
          )}
          {groups.map((g) => (
            <MenuGroup
              key={g.groupCode}
              title={(L.menu.groups as Record<string, string>)[g.groupCode] ?? g.groupCode}
              items={g.gameMenus}
              selected={gameCode}
              onSelect={setGameCode}
              labels={L}
              gameName={gameName}
              now={serverNow}
              lang={p.lang}
            />
          ))}
        </div>
      </nav>

      <div className="lt-main">
        {!info && !infoError && <p className="muted" role="status">{L.board.loading}</p>}
        {infoError && <p role="alert" className="lt-error">{infoError}</p>}
        {info && (
          <>
            <section className="card lt-head" aria-labelledby={`${ids}-game`}>
              <div className="lt-head-top">
                <h2 id={`${ids}-game`} className="lt-game-name">{gameName(info.gameCode)}</h2>
                {draw && <span className="lt-drawno">{fill(L.board.draw, { drawNo: draw.drawNo })}</span>}
              </div>
              {draw ? (
                <div className="lt-clock">
                  <span className="muted">{L.board.closesIn}</span>{' '}
                  <strong className="lt-countdown" data-testid="lottery-countdown" data-duration aria-live="off">
                    {countdown(draw.closesAt - serverNow)}
                  </strong>
                  <span className="muted lt-drawat">{fill(L.board.drawAt, { time: time(draw.drawAt, info.everyMinutes === null) })}</span>
                </div>
              ) : closing ? (
                <p className="lt-closed" role="status">{fill(L.board.closed, { time: time(closing.drawAt, info.everyMinutes === null) })}</p>
              ) : (
                <p className="lt-closed" role="status">{fill(L.board.noDraw, { time: upcoming ? time(upcoming.opensAt, true) : '–' })}</p>
              )}
              {(draw ?? closing) && (
                <p className="lt-hash">
                  <span className="muted">{L.board.hash}:</span> <code>{(draw ?? closing)!.serverSeedHash}</code>
                </p>
              )}
            </section>

            <WalletLine
              {...p}
              walletCode={walletCode}
              vendor={vendor}
              balance={balance}
              money={money}
              needMoney={needMoney}
              minStake={info.stake.min}
              onMoved={async () => {
                await loadBalance();
                void refreshBalance();
              }}
            />

            <Board
              key={info.gameCode}
              info={info}
              labels={L}
              lang={p.lang}
              money={money}
              disabled={!draw}
              slipFull={slip.length >= info.maxTickets}
              onAdd={(tickets) => {
                setPlaced('');
                setSlipError('');
                setSlip((s) => [...s, ...tickets].slice(0, info.maxTickets));
              }}
            />

            <section className="card lt-slip" aria-labelledby={`${ids}-slip`}>
              <h2 id={`${ids}-slip`} className="lt-h2">{L.slip.title}</h2>
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
                      <button type="button" className="lt-remove" aria-label={fill(L.slip.remove, { n: i + 1 })} onClick={() => setSlip((s) => s.filter((_, k) => k !== i))}>
                        ×
                      </button>
                    </li>
                  ))}
                </ol>
              )}
              {slip.length >= info.maxTickets && <p className="muted">{fill(L.slip.full, { max: info.maxTickets })}</p>}
              <div className="lt-slip-foot">
                <span>
                  {fill(L.slip.tickets, { count: slip.length })} · {L.slip.total}:{' '}
                  <strong data-testid="slip-total">{money(formatMinor(slip.reduce((s, x) => s + (parseMinor(x.stake) ?? 0n), 0n)))}</strong>
                </span>
                <div className="lt-slip-actions">
                  {slip.length > 0 && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSlip([])}>
                      {L.slip.clear}
                    </button>
                  )}
                  <button type="button" className="btn btn-primary" disabled={!draw || slip.length === 0 || placing} onClick={() => void buy()}>
                    {placing ? L.slip.placing : L.slip.place}
                  </button>
                </div>
              </div>
              {slipError && <p role="alert" className="lt-error">{slipError}</p>}
              <p role="status" className="lt-ok">{placed}</p>
            </section>

            <TicketList labels={L} tickets={tickets} money={money} time={time} onMore={() => setTicketPage((n) => n + 10)} />
            <Results labels={L} results={results} family={info.family as Family} time={time} gameCode={info.gameCode} />
          </>
        )}
      </div>
    </div>
  );
}

/** A weekday's short name (0 Sunday) in the page's language. */
function weekday(day: number, lang: string): string {
  // 4 January 1970 was a Sunday.
  return new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(1970, 0, 4 + day)));
}

function MenuGroup(props: { title: string; items: GameMenuItem[]; selected: string | null; onSelect: (code: string) => void; labels: LotteryLabels; gameName: (c: string) => string; now: number; lang: string }) {
  const L = props.labels;
  return (
    <div className="lt-group">
      <h3 className="lt-group-title">{props.title}</h3>
      <ul className="lt-games">
        {props.items.map((g) => {
          const when =
            g.everyMinutes !== null
              ? fill(L.menu.every, { minutes: g.everyMinutes })
              : (g.weekdays?.length ?? 7) === 7
                ? L.menu.daily
                : fill(L.menu.days, { days: g.weekdays!.map((d) => weekday(d, props.lang)).join(', ') });
          const status = g.nextDraw && g.nextDraw.closesAt > props.now ? fill(L.menu.closesIn, { time: countdown(g.nextDraw.closesAt - props.now) }) : L.menu.closed;
          return (
            <li key={g.gameCode}>
              <button type="button" className="lt-game" aria-pressed={props.selected === g.gameCode} onClick={() => props.onSelect(g.gameCode)}>
                <span className="lt-game-name-sm">{props.gameName(g.gameCode)}</span>
                <span className="lt-game-meta" data-duration>
                  {when} · {status}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A selection as the slip and the tickets write it. */
function describePick(x: Pick, shape: BetShape, L: LotteryLabels): string {
  const parts: string[] = [];
  if (shape.positions && x.position !== undefined) parts.push(shape.positions.min === 0 ? fill(L.board.sscPosition, { n: x.position + 1 }) : fill(L.board.rank, { n: x.position }));
  if (x.side) parts.push(L.sides[x.side]);
  if (x.numbers.length) parts.push(x.numbers.map((n) => padded(n, shape.digits)).join(' '));
  return parts.join(' · ');
}

function WalletLine(p: LotteryAppProps & { walletCode: string; vendor: string; balance: BalanceValue | null; money: (a: string) => string; needMoney: number; minStake: string; onMoved: () => Promise<void> }) {
  const client = useMemo(() => {
    const cfg = JSON.parse(document.getElementById('client-config')?.textContent || '{}') as { merchant: string; language: string; messages: { network: string; timeout: string; unknown: string } };
    return cfg;
  }, []);
  if (!p.vendor) return null;
  if (p.singleWallet) {
    return (
      <p className="card lt-wallet" data-testid="lottery-wallet">
        {fill(p.labels.slip.paysFrom, { wallet: p.labels.slip.mainWallet, balance: p.balance ? p.money(walletAmount(p.balance, 'MAIN')) : '–' })}
      </p>
    );
  }
  return (
    <GameWallet
      key={p.vendor}
      labels={p.walletLabels}
      opensNew={p.opensNew}
      vendor={p.vendor}
      vendorName={p.vendorNames[p.vendor] ?? p.vendor}
      gameBalance={p.balance ? walletAmount(p.balance, p.vendor) : '0.00'}
      fmt={p.money}
      lang={p.lang}
      merchant={client.merchant}
      language={client.language}
      messages={client.messages}
      walletHref={p.walletHref}
      onMoved={p.onMoved}
      needMoney={p.needMoney}
      transfer={p.gameTransfer}
      transferAmount={p.gameTransferAmount}
      minBet={p.minStake}
    />
  );
}

/** The betting board of one game: bet type, the pick, the stake and the potential win. */
function Board(props: { info: GameInfo; labels: LotteryLabels; lang: string; money: (a: string) => string; disabled: boolean; slipFull: boolean; onAdd: (t: SlipTicket[]) => void }) {
  const { info, labels: L } = props;
  const ids = useId();
  const [betType, setBetType] = useState(info.betTypes[0]!.code);
  const shape = BET_SHAPES[betType]!;
  const [pick, setPick] = useState<Pick>({ numbers: [] });
  /** The typed numbers (bets whose numbers are typed, not picked on a grid), one per slot. */
  const [slots, setSlots] = useState<string[]>([]);
  const [stake, setStake] = useState(() => toInput(info.stake.min, props.lang));
  const [problem, setProblem] = useState('');
  const [bulk, setBulk] = useState('');
  const [bulkError, setBulkError] = useState('');
  const pay = info.betTypes.find((b) => b.code === betType)!.pay;

  const setNumbers = (numbers: number[]) => {
    setPick((x) => ({ ...x, numbers }));
    setSlots(numbers.map((n) => padded(n, shape.digits)));
  };
  const choose = (code: string) => {
    setBetType(code);
    setPick({ numbers: [] });
    setSlots([]);
    setProblem('');
    setBulkError('');
  };
  const stakeMinor = parseMinor(fromInput(stake, props.lang));
  const stakeOk = stakeMinor !== null && stakeMinor >= (parseMinor(info.stake.min) ?? 0n) && stakeMinor <= (parseMinor(info.stake.max) ?? 0n);
  const win = stakeOk ? formatMinor((stakeMinor! * BigInt(pay)) / 1000n) : null;
  const grid = shape.distinct && shape.count > 0 && shape.max - shape.min < 100;

  function missing(x: Pick): string {
    if (x.numbers.length !== shape.count) return fill(L.board.needNumbers, { count: shape.count });
    if (shape.positions && x.position === undefined) return L.board.needPosition;
    if (shape.sides && !x.side) return L.board.needSide;
    return '';
  }
  function add() {
    const issue = missing(pick) || (stakeOk ? '' : fill(L.board.stakeRange, { min: props.money(info.stake.min), max: props.money(info.stake.max) }));
    setProblem(issue);
    if (issue) return;
    props.onAdd([{ betType, ...pick, stake: formatMinor(stakeMinor!) }]);
    setPick((x) => ({ numbers: [], ...(x.position !== undefined ? { position: x.position } : {}) }));
    setSlots([]);
  }
  function addBulk() {
    const parsed = parseBulk(shape, bulk);
    if ('bad' in parsed) return setBulkError(fill(L.board.bulkBad, { n: parsed.bad }));
    if (!stakeOk) return setBulkError(fill(L.board.stakeRange, { min: props.money(info.stake.min), max: props.money(info.stake.max) }));
    if (shape.positions && pick.position === undefined) return setBulkError(L.board.needPosition);
    setBulkError('');
    props.onAdd(parsed.selections.map((numbers) => ({ betType, numbers, ...(pick.position !== undefined ? { position: pick.position } : {}), stake: formatMinor(stakeMinor!) })));
    setBulk('');
  }
  const toggle = (n: number) => {
    setProblem('');
    setPick((x) => {
      if (x.numbers.includes(n)) return { ...x, numbers: x.numbers.filter((k) => k !== n) };
      if (x.numbers.length >= shape.count) return shape.count === 1 ? { ...x, numbers: [n] } : x;
      return { ...x, numbers: [...x.numbers, n].sort((a, b) => a - b) };
    });
  };

  return (
    <section className="card lt-board" aria-labelledby={`${ids}-board`}>
      <h2 id={`${ids}-board`} className="sr-only">{L.board.betType}</h2>
      <fieldset className="lt-fieldset" disabled={props.disabled}>
        <legend className="lt-legend">{L.board.betType}</legend>
        <div className="lt-chips" role="radiogroup" aria-label={L.board.betType}>
          {info.betTypes.map((b) => (
            <label key={b.code} className={`lt-chip${b.code === betType ? ' is-on' : ''}`}>
              <input type="radio" name={`${ids}-bet`} value={b.code} checked={b.code === betType} onChange={() => choose(b.code)} />
              {betLabel(L, b.code).name}
            </label>
          ))}
        </div>
        <p className="muted lt-help">{betLabel(L, betType, info.betTypes.find((b) => b.code === betType)?.pay, props.lang).help}</p>

        {shape.positions && (
          <label className="lt-field">
            <span>{L.board.position}</span>
            <select
              value={pick.position ?? ''}
              onChange={(e) => setPick((x) => ({ ...x, position: e.target.value === '' ? undefined : Number(e.target.value) }))}
            >
              <option value="">–</option>
              {Array.from({ length: shape.positions.max - shape.positions.min + 1 }, (_, i) => shape.positions!.min + i).map((n) => (
                <option key={n} value={n}>
                  {shape.positions!.min === 0 ? fill(L.board.sscPosition, { n: n + 1 }) : fill(L.board.rank, { n })}
                </option>
              ))}
            </select>
          </label>
        )}

        {shape.sides && (
          <div className="lt-chips" role="radiogroup" aria-label={L.board.side}>
            {shape.sides.map((s) => (
              <label key={s} className={`lt-chip${pick.side === s ? ' is-on' : ''}`}>
                <input type="radio" name={`${ids}-side`} value={s} checked={pick.side === s} onChange={() => setPick((x) => ({ ...x, side: s }))} />
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
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => {
                    const q = quickPick(shape);
                    setProblem('');
                    setSlots(q.numbers.map((n) => padded(n, shape.digits)));
                    setPick((x) => ({ ...q, ...(x.position !== undefined && shape.positions ? { position: x.position } : {}) }));
                  }}
                >
                  {L.board.quickPick}
                </button>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setNumbers([])}>
                  {L.board.clear}
                </button>
              </span>
            </div>
            {grid ? (
              <div className={`lt-grid${shape.max - shape.min >= 40 ? ' is-dense' : ''}`} role="group" aria-labelledby={`${ids}-nums`}>
                {Array.from({ length: shape.max - shape.min + 1 }, (_, i) => shape.min + i).map((n) => (
                  <button key={n} type="button" className="lt-ball" aria-pressed={pick.numbers.includes(n)} onClick={() => toggle(n)}>
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
                    onChange={(e) => {
                      const v = e.target.value.replace(/\D/g, '').slice(0, shape.digits);
                      setProblem('');
                      const next = Array.from({ length: shape.count }, (_, i) => (i === k ? v : (slots[i] ?? '')));
                      setSlots(next);
                      // Complete only when every slot holds a number (a ticket's numbers keep their order).
                      setPick((x) => ({ ...x, numbers: next.every((t) => t !== '') ? next.map((t) => Math.min(shape.max, Number(t))) : next.filter((t) => t !== '').map(Number).slice(0, shape.count - 1) }));
                    }}
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
            <input className="lt-input" inputMode="decimal" value={stake} onChange={(e) => setStake(e.target.value)} aria-describedby={`${ids}-range`} />
          </label>
          <p id={`${ids}-range`} className="muted lt-small">{fill(L.board.stakeRange, { min: props.money(info.stake.min), max: props.money(info.stake.max) })}</p>
          <p className="lt-potential">
            {L.board.potential}: <strong data-testid="potential-win">{win === null ? '–' : `${info.family === '4d' ? `${L.board.upTo} ` : ''}${props.money(win)}`}</strong>
            {shape.perHit && <span className="muted"> {L.board.perHit}</span>}
          </p>
        </div>
        {problem && <p className="lt-error" role="alert">{problem}</p>}
        <button type="button" className="btn btn-primary" onClick={add} disabled={props.slipFull}>
          {L.board.add}
        </button>

        {shape.count > 0 && (
          <details className="lt-bulk">
            <summary>{L.board.bulk}</summary>
            <label className="lt-field">
              <span>{L.board.bulkHint}</span>
              <textarea rows={3} value={bulk} onChange={(e) => setBulk(e.target.value)} />
            </label>
            {bulkError && <p className="lt-error" role="alert">{bulkError}</p>}
            <button type="button" className="btn btn-ghost btn-sm" onClick={addBulk} disabled={props.slipFull}>
              {L.board.bulkAdd}
            </button>
          </details>
        )}
      </fieldset>
    </section>
  );
}

function TicketList(props: { labels: LotteryLabels; tickets: { total: number; list: TicketValue[] } | null; money: (a: string) => string; time: (ms: number, d?: boolean) => string; onMore: () => void }) {
  const L = props.labels;
  const ids = useId();
  return (
    <section className="card lt-tickets" aria-labelledby={`${ids}-t`}>
      <h2 id={`${ids}-t`} className="lt-h2">{L.tickets.title}</h2>
      {props.tickets === null ? null : props.tickets.list.length === 0 ? (
        <p className="muted">{L.tickets.empty}</p>
      ) : (
        <ul className="lt-ticket-list" data-testid="lottery-tickets">
          {props.tickets.list.map((x) => {
            const shape = BET_SHAPES[x.betType]!;
            return (
              <li key={x.ticketId} className={`lt-ticket is-${x.status}`}>
                <span className="lt-ticket-main">
                  <strong>{betLabel(L, x.betType).name}</strong> {describePick(x.selection as Pick, shape, L)}
                  <span className="muted lt-small"> · {fill(L.board.draw, { drawNo: x.drawNo })}</span>
                </span>
                <span className="lt-ticket-money">
                  {L.tickets.stake} {props.money(x.stake)}
                  {x.win !== null && x.status !== 'refunded' && (
                    <>
                      {' · '}
                      {L.tickets.win} <strong>{props.money(x.win)}</strong>
                    </>
                  )}
                </span>
                <span className={`lt-status is-${x.status}`}>{L.tickets.status[x.status]}</span>
              </li>
            );
          })}
        </ul>
      )}
      {props.tickets && props.tickets.total > props.tickets.list.length && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={props.onMore}>
          {L.tickets.more}
        </button>
      )}
    </section>
  );
}

function Results(props: { labels: LotteryLabels; results: DrawValue[] | null; family: Family; time: (ms: number, d?: boolean) => string; gameCode: string }) {
  const L = props.labels;
  const ids = useId();
  const verify = (drawNo: string) => api().call(lotteryVerify, { query: { gameCode: props.gameCode, drawNo } });
  const [open, setOpen] = useState<string | null>(null);
  const [check, setCheck] = useState<{ drawNo: string; v?: Awaited<ReturnType<typeof verify>>; error?: string } | null>(null);
  async function run(drawNo: string) {
    setOpen(drawNo);
    setCheck({ drawNo });
    try {
      setCheck({ drawNo, v: await verify(drawNo) });
    } catch (err) {
      setCheck({ drawNo, error: err instanceof ApiFailure || err instanceof Error ? err.message : String(err) });
    }
  }
  const tiered = props.family === 'vnNorth' || props.family === 'vnSouth' || props.family === '4d';
  const prizes = L.results.prize as Record<string, string>;
  return (
    <section className="card lt-results" aria-labelledby={`${ids}-r`}>
      <h2 id={`${ids}-r`} className="lt-h2">{L.results.title}</h2>
      {props.results === null ? null : props.results.length === 0 ? (
        <p className="muted">{L.results.empty}</p>
      ) : (
        <ul className="lt-result-list" data-testid="lottery-results">
          {props.results.map((d) => (
            <li key={d.drawNo} className="lt-result">
              <div className="lt-result-head">
                <strong>{fill(L.board.draw, { drawNo: d.drawNo })}</strong>
                <span className="muted lt-small">{props.time(d.drawAt, true)}</span>
                <button type="button" className="pl-link-btn lt-verify-btn" aria-expanded={open === d.drawNo} onClick={() => (open === d.drawNo ? setOpen(null) : void run(d.drawNo))}>
                  {fill(L.results.verify, { drawNo: d.drawNo })}
                </button>
              </div>
              {tiered ? (
                <dl className="lt-tiers">
                  {byTier(props.family as 'vnNorth' | 'vnSouth' | '4d', d.numbers ?? []).map(({ tier, numbers }) => (
                    <div key={tier.name} className="lt-tier">
                      <dt>{prizes[tier.name] ?? tier.name}</dt>
                      <dd>{numbers.join(' ')}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="lt-balls" aria-label={(d.numbers ?? []).join(' ')}>
                  {(d.numbers ?? []).map((n, i) => (
                    <span key={i} className={`lt-ball-sm${props.family === 'lhc' && i === 6 ? ' is-special' : ''}`}>
                      {props.family === 'ssc' ? n : padded(n, 2)}
                    </span>
                  ))}
                </p>
              )}
              {open === d.drawNo && check?.drawNo === d.drawNo && (
                <div className="lt-verify" role="region" aria-label={fill(L.results.verifyTitle, { drawNo: d.drawNo })}>
                  {check.error && <p className="lt-error" role="alert">{check.error}</p>}
                  {check.v && (
                    <>
                      <p className={check.v.seedMatchesHash ? 'lt-ok' : 'lt-error'}>{check.v.seedMatchesHash ? L.results.hashOk : L.results.hashBad}</p>
                      <p className={check.v.matches ? 'lt-ok' : 'lt-error'} data-testid="verify-numbers">{check.v.matches ? L.results.numbersOk : L.results.numbersBad}</p>
                      <dl className="lt-verify-list">
                        <dt>{L.results.seed}</dt>
                        <dd><code>{check.v.serverSeed}</code></dd>
                        <dt>{L.results.hash}</dt>
                        <dd><code>{check.v.serverSeedHash}</code></dd>
                        <dt>{L.results.message}</dt>
                        <dd><code>{check.v.message}</code></dd>
                      </dl>
                      <p className="muted lt-small">{L.results.how}</p>
                    </>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
