/**
 * The sandbox provider's game page (/play?launch=<token>, issue 5): it renders the page's store
 * (`createGameSession`, src/features/play/client/game-session.ts), which speaks to the provider's
 * calls with the launch token (and the tab's login, so that a tab of another member is refused).
 * Demo play is labelled as play money. Strings come as props (the `play` catalogue, raw; placeholders are filled here).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { createApiClient, type ClientMessages } from '../../../../kernel/http/client.ts';
import { storedToken } from '../../../../kernel/http/session-keys.ts';
import { formatMinor, parseMinor } from '../../../../kernel/money.ts';
import { createGameSession } from '../../client/game-session.ts';
import type { Locale } from '../../../../kernel/locales.ts';
import { money } from '../../../wallet/client.ts';
import type playCatalogue from '../../i18n/en/play.json';
import { GameWallet } from './GameWallet.tsx';
import { announceWallet } from '../../../wallet/client.ts';
import { Reels } from './Reels.tsx';
import { RealityCheck } from './RealityCheck.tsx';
import './play.css';
import { SymbolGlyph } from './SymbolGlyph.tsx';
import { fill, multipleLabel, paytableRows, percent, symbolFor, verifyHref } from '../../client/game-logic.ts';
import { formatDateTime } from '../../../../kernel/intl.ts';

// Table games' board and rules (issue 34): a chunk of their own, loaded only by a table game's page.
const TableBoard = lazy(() => import('./TableBoard.tsx'));
const FishTank = lazy(() => import('./FishTank.tsx'));
const CrashGame = lazy(() => import('./CrashGame.tsx'));
const KenoBoard = lazy(() => import('./KenoBoard.tsx'));
const DiceGame = lazy(() => import('./DiceGame.tsx'));
const PlinkoBoard = lazy(() => import('./PlinkoBoard.tsx'));
const BlackjackTable = lazy(() => import('./BlackjackTable.tsx'));
const RoomTable = lazy(() => import('./RoomTable.tsx'));
const RoomRules = lazy(() => import('./RoomTable.tsx').then((m) => ({ default: m.RoomRules })));
const TableRulesPanel = lazy(() => import('./TableBoard.tsx').then((m) => ({ default: m.TableRulesPanel })));
const SportsBook = lazy(() => import('./SportsBook.tsx'));

export type PlayLabels = typeof playCatalogue;

export interface Props {
  labels: PlayLabels;
  locale: Locale;
  /** BCP 47 language of the page, for numbers and dates. */
  lang: string;
  merchant: string;
  language: string;
  messages: ClientMessages;
  brandCurrency: string;
  brandSymbol: string;
  timeZone?: string;
  lobbyHref: string;
  depositHref: string;
  /** The transfer page (/member?page=wallet), for moving money into a game wallet from elsewhere. */
  walletHref: string;
  /** Bonus details (/member?page=bonus), where free spins' winnings land. */
  bonusHref: string;
  /** Responsible gaming (/member?page=protection): the reality check's "My limits". */
  limitsHref: string;
  /** The brand's rule when the game wallet cannot pay a bet as the page opens (brand wallet.gameTransfer). */
  gameTransfer?: 'ask' | 'all';
  /** With 'ask': the brand's default amount to offer (2-decimal string). */
  gameTransferAmount?: string;
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function PlayGame(props: Props) {
  const { labels: L, lang, locale } = props;
  // The page's store (src/features/play/client/game-session.ts): state and actions; this component renders.
  const [client] = useState(() => createApiClient({ merchant: props.merchant, language: props.language, messages: props.messages, token: storedToken }));
  const [session] = useState(() => {
    const symbolOf = (currency: string) => symbolFor(currency, { currency: props.brandCurrency, currencySymbol: props.brandSymbol });
    return createGameSession({
      client,
      words: {
        spinning: L.spinning,
        resultWin: L.resultWin,
        resultNone: L.resultNone,
        rotated: L.fairness.rotated,
        clientSeedRequired: L.fairness.clientSeedRequired,
        clientSeedTooLong: L.fairness.clientSeedTooLong,
        clientSeedChars: L.fairness.clientSeedChars,
        liveDrawn: L.liveDrawn,
        livePlaced: L.table.live.placed,
      },
      format: (amount, currency) => money(amount, symbolOf(currency), lang),
      animate: () => !reducedMotion(),
    });
  });
  const view = useStore(session.$game);
  const { launch, phase, loadError, state, balance, fairness, history, hasMore, moreBusy, moreError, bet, round, spinningFrom, busy, spinError, announce } = view;
  const { seedInput, seedError, seedBusy, seedMessage, revealed, needMoney, freeSpins, freeSpinsEnded, tableStakes, stakeCapped, live, liveOffset, liveConnected } = view;
  const ids = useId();

  useEffect(() => {
    session.start(window.location.search);
    return () => session.stop();
  }, [session]);
  // The launch's way back (launchGame's backUrl, a path of this site the server checked); checked
  // again here, since anyone can write an address: only a path of this site is followed.
  const [lobbyHref, setLobbyHref] = useState(props.lobbyHref);
  useEffect(() => {
    const back = new URLSearchParams(window.location.search).get('back');
    if (!back?.startsWith('/')) return;
    // Parsed as the browser will follow it (tabs and newlines dropped, dot segments resolved).
    const u = new URL(back, window.location.origin);
    const path = `${u.pathname}${u.search}${u.hash}`;
    if (u.origin === window.location.origin && !/^\/[/\\]/.test(path)) setLobbyHref(path);
  }, []);
  useEffect(() => {
    if (state) document.title = `${state.game.gameName} | ${document.title.split(' | ').pop()}`;
    // The title follows the game's name, not every new state of a spin.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state?.game.gameName]);
  // Real money moved (a spin's bet and win): the site's other tabs show the same money in their header.
  const realGame = state !== null && state !== undefined && !state.demo;
  useEffect(() => {
    if (realGame) announceWallet({ type: 'moved' });
  }, [balance, realGame]);

  const fmt = useCallback(
    (amount: string) => money(amount, symbolFor(state?.currency ?? '', { currency: props.brandCurrency, currencySymbol: props.brandSymbol }), lang),
    [state?.currency, props.brandCurrency, props.brandSymbol, lang],
  );
  const when = useCallback(
    (iso: string) => {
      try {
        return formatDateTime(Date.parse(iso), lang, { dateStyle: 'short', seconds: true });
      } catch {
        return iso;
      }
    },
    // formatDateTime reads the brand's zone itself (kernel/intl.ts).
    [lang],
  );

  const rules = state?.rules;
  const spin = session.spin;
  const more = session.more;
  const refreshBalance = session.refreshBalance;
  const changeBet = session.stepStake;
  const onBetSelect = (e: ChangeEvent<HTMLSelectElement>) => session.chooseBet(e.target.value);
  async function rotate(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!(await session.rotateSeed())) document.getElementById(`${ids}-seed`)?.focus();
  }
  const load = session.load;

  if (phase === 'loading' && !state) {
    return (
      <div className="pl-app">
        <p className="pl-state" role="status">
          {L.loading}
        </p>
      </div>
    );
  }
  if (phase === 'ended') {
    return (
      <div className="pl-app">
        <div className="pl-ended card" role="alert">
          <p>{L.ended}</p>
          <a className="btn btn-primary" href={lobbyHref} target="_top">
            {L.toLobby}
          </a>
        </div>
      </div>
    );
  }
  if (phase === 'otherMember') {
    return (
      <div className="pl-app">
        <div className="pl-ended card" role="alert" data-testid="game-other-member">
          <p>{loadError}</p>
          <a className="btn btn-primary" href={lobbyHref} target="_top">
            {L.toLobby}
          </a>
        </div>
      </div>
    );
  }
  if (phase === 'failed' || !state || !rules || !fairness) {
    return (
      <div className="pl-app">
        <div className="pl-ended card" role="alert">
          <p>{L.loadFailed}</p>
          {loadError && <p className="muted">{loadError}</p>}
          <button type="button" className="btn btn-primary" onClick={() => launch && void load(launch)}>
            {L.retry}
          </button>
        </div>
      </div>
    );
  }

  const names = L.symbols as Record<string, string>;
  const demo = state.demo;
  // A slot's reels, or a table game's board (its rules have no reels).
  const slot = 'reels' in rules ? rules : null;
  // A sports game's book (issue 34): its own page part, with its bets and results in place of the history and seeds.
  const bookRules = !('reels' in rules) && rules.kind === 'book' ? rules : null;
  const tableRules = 'reels' in rules || rules.kind === 'book' ? null : rules;
  // What a table's board and a fish game's sea both take from the page.
  const boardProps = (r: NonNullable<typeof tableRules>) => ({
    rules: r,
    T: L.table,
    round,
    chip: bet,
    busy,
    disabled: busy || seedBusy,
    retrying,
    announce,
    winLabel: L.win,
    noWinLabel: L.noWin,
    retryLabel: L.retrySpin,
    fmt,
    onChip: (c: string) => session.chooseBet(c),
    error: errorBox,
  });
  const lineCount = slot?.lines.length ?? 0;
  const betMinor = parseMinor(bet) ?? 0n;
  const lineBet = lineCount > 0 ? formatMinor(betMinor / BigInt(lineCount)) : bet;
  const settled = spinningFrom >= (slot?.reels ?? 0);
  const shown = round && settled ? round : null;
  const lastWin = shown ? shown.win : null;
  const won = lastWin !== null && (parseMinor(lastWin) ?? 0n) > 0n;
  const betIndex = rules.bets.indexOf(bet);
  const retrying = session.retryingNow();
  // A one-spot game's lost round: its spot, while the chosen stake is still the one it was played with (another stake is a new bet).
  const pendingOne = (() => {
    const [spot, more] = Object.keys(tableStakes);
    return spot !== undefined && more === undefined && tableStakes[spot] === bet ? spot : null;
  })();
  const table = slot ? paytableRows(slot) : [];
  const counts = slot ? Array.from({ length: slot.reels - slot.minCount + 1 }, (_, i) => slot.minCount + i) : [];
  const hiddenSeeds = history.some((r) => r.serverSeed === null);
  const gameWallet = !demo && state.wallet?.kind === 'game' ? state.wallet : null;
  const errorBox = spinError && (
    <div className="pl-error" role="alert">
      {spinError.kind === 'insufficient' ? (
        <>
          <span>{demo ? L.insufficientDemo : gameWallet ? fill(L.wallet.insufficient, { vendor: state.game.vendorName }) : L.insufficient}</span>
          {!demo && (
            <a className="btn btn-sm btn-primary" href={props.depositHref} target="_blank" rel="noopener">
              {L.deposit}
              <span className="sr-only"> {L.opensNew}</span>
            </a>
          )}
        </>
      ) : spinError.kind === 'network' ? (
        <span>{L.network}</span>
      ) : (
        <span>{spinError.text}</span>
      )}
    </div>
  );

  return (
    <div className={`pl-app${demo ? ' is-demo' : ''}`}>
      {!demo && launch && <RealityCheck client={client} launch={launch} words={L.reality} fmt={fmt} limitsHref={props.limitsHref} onStopped={() => void load(launch)} />}
      <header className="pl-top">
        <img className="pl-icon" src={state.game.iconUrl} alt="" width="56" height="56" />
        <div className="pl-title">
          <h1>
            {state.game.gameName}
            {demo && <span className="pl-demo-tag">{L.demoBadge}</span>}
          </h1>
          <p className="muted">{fill(L.vendor, { vendor: state.game.vendorName })}</p>
        </div>
        <div className="pl-balance">
          <span className="pl-balance-label">{demo ? L.demoBalance : L.balance}</span>
          <strong className="pl-balance-amount" data-testid="play-balance">
            {fmt(balance)}
          </strong>
        </div>
        <a className="pl-lobby" href={lobbyHref} target="_top">
          {L.toLobby}
        </a>
      </header>

      {demo && (
        <div className="pl-demo" role="note">
          <strong>{L.demoBanner}</strong>
          <span>{L.demoNote}</span>
        </div>
      )}

      {gameWallet && (
        <GameWallet
          labels={L.wallet}
          opensNew={L.opensNew}
          vendor={gameWallet.vendor}
          vendorName={state.game.vendorName}
          gameBalance={balance}
          fmt={fmt}
          lang={lang}
          merchant={props.merchant}
          language={props.language}
          messages={props.messages}
          walletHref={props.walletHref}
          onMoved={refreshBalance}
          needMoney={needMoney}
          transfer={props.gameTransfer}
          transferAmount={props.gameTransferAmount}
          minBet={rules.bets[0]}
        />
      )}

      {!demo && freeSpins && (
        <div className="pl-free" role="note" data-testid="free-spins">
          <strong>{fill(L.free.banner, { left: freeSpins.left, spins: freeSpins.spins })}</strong>
          <span>{fill(L.free.note, { bet: fmt(freeSpins.bet), winnings: fmt(freeSpins.winnings), wagering: freeSpins.wagering })}</span>
        </div>
      )}
      {!demo && !freeSpins && freeSpinsEnded && (
        <div className="pl-free is-ended" role="status" data-testid="free-spins-ended">
          <span>{(parseMinor(freeSpinsEnded.winnings) ?? 0n) > 0n ? fill(L.free.endedWon, { winnings: fmt(freeSpinsEnded.winnings), wagering: freeSpinsEnded.wagering }) : L.free.endedNothing}</span>
          {(parseMinor(freeSpinsEnded.winnings) ?? 0n) > 0n && (
            <a href={props.bonusHref} target="_blank" rel="noopener">
              {L.free.bonusLink}
              <span className="sr-only"> {L.opensNew}</span>
            </a>
          )}
        </div>
      )}

      {bookRules && launch ? (
        <section className="pl-machine pl-book card" aria-labelledby={`${ids}-machine`}>
          <h2 id={`${ids}-machine`}>{L.sports.books[bookRules.book]}</h2>
          <Suspense fallback={<p className="pl-state">{L.loading}</p>}>
            <SportsBook client={client} launch={launch} S={L.sports} lang={lang} fmt={fmt} onBalance={session.showBalance} onEnded={() => void load(launch)} loading={L.loading} />
          </Suspense>
        </section>
      ) : (
        <div className="pl-main">
          {slot ? (
            <section className="pl-machine card" aria-labelledby={`${ids}-machine`}>
              <h2 id={`${ids}-machine`} className="sr-only">
                {L.reels}
              </h2>
              <Reels
                reels={slot.reels}
                rows={slot.rows}
                grid={round?.grid ?? []}
                lines={slot.lines}
                lineWins={shown?.lineWins ?? []}
                symbols={slot.symbols}
                spinningFrom={spinningFrom}
                names={names}
                labels={{ reels: L.reels, cell: L.cell, cellWin: L.cellWin }}
              />
              <div className={`pl-winbar${won ? ' won' : ''}`}>
                <span>{L.win}</span>
                <strong data-testid="play-win">{lastWin === null ? '–' : won ? fmt(lastWin) : L.noWin}</strong>
              </div>
              <p className="pl-result" role="status" aria-live="polite" aria-atomic="true">
                {announce}
              </p>
              {shown && shown.lineWins.length > 0 && (
                <ul className="pl-linewins">
                  {shown.lineWins.map((w) => (
                    <li key={w.line}>{fill(L.lineWin, { line: w.line + 1, count: w.count, symbol: names[w.symbol] ?? w.symbol, amount: fmt(w.payout) })}</li>
                  ))}
                </ul>
              )}
              {errorBox}
              <div className="pl-controls">
                <div className="pl-bet" role="group" aria-labelledby={`${ids}-bet`}>
                  <span id={`${ids}-bet`} className="pl-bet-label">
                    {L.bet}
                  </span>
                  <button type="button" className="pl-step" aria-label={L.betDown} onClick={() => changeBet(-1)} disabled={busy || betIndex <= 0}>
                    −
                  </button>
                  <select aria-label={L.bet} value={bet} onChange={onBetSelect} disabled={busy}>
                    {rules.bets.map((b) => (
                      <option key={b} value={b}>
                        {fmt(b)}
                      </option>
                    ))}
                  </select>
                  <button type="button" className="pl-step" aria-label={L.betUp} onClick={() => changeBet(1)} disabled={busy || betIndex >= rules.bets.length - 1}>
                    +
                  </button>
                </div>
                <button type="button" className="btn btn-primary pl-spin" onClick={() => void spin()} disabled={busy || seedBusy || !bet} aria-describedby={`${ids}-lines`}>
                  {busy ? L.spinning : retrying ? L.retrySpin : !demo && freeSpins ? fill(L.free.spin, { left: freeSpins.left }) : L.spin}
                </button>
              </div>
              <p id={`${ids}-lines`} className="pl-lines-note muted">
                {fill(L.lines, { lines: lineCount, amount: fmt(lineBet) })}
              </p>
            </section>
          ) : (
            tableRules && (
              <section className="pl-machine card" aria-labelledby={`${ids}-machine`}>
                <h2 id={`${ids}-machine`} className="sr-only">
                  {L.table.board}
                </h2>
                <Suspense fallback={<p className="pl-state">{L.loading}</p>}>
                  {/* A shared table (a live table or a PVP room) waits for its table: it is never played alone. */}
                  {tableRules.live && !live ? (
                    <p className="pl-state">{L.loading}</p>
                  ) : (tableRules.kind === 'bullBull' || tableRules.kind === 'teenPatti') && live ? (
                    <RoomTable
                      {...boardProps(tableRules)}
                      R={L.room}
                      history={history}
                      onJoin={() => void session.join()}
                      live={{ view: live, offset: liveOffset, connected: liveConnected, lang, lightning: false }}
                    />
                  ) : tableRules.kind === 'blackjack' ? (
                    <BlackjackTable {...boardProps(tableRules)} B={L.blackjack} onAct={(a) => void session.blackjack(a)} />
                  ) : tableRules.kind === 'crash' ? (
                    <CrashGame {...boardProps(tableRules)} history={history} pendingSpot={retrying ? pendingOne : null} onBet={(spot) => void session.playOne(spot)} />
                  ) : tableRules.kind === 'plinko' ? (
                    <PlinkoBoard {...boardProps(tableRules)} pendingSpot={retrying ? pendingOne : null} onBet={(spot) => void session.playOne(spot)} />
                  ) : tableRules.kind === 'dice' ? (
                    <DiceGame {...boardProps(tableRules)} pendingSpot={retrying ? pendingOne : null} onBet={(spot) => void session.playOne(spot)} />
                  ) : tableRules.kind === 'keno' ? (
                    <KenoBoard {...boardProps(tableRules)} pendingSpot={retrying ? pendingOne : null} onBet={(spot) => void session.playOne(spot)} />
                  ) : tableRules.kind === 'fish' ? (
                    <FishTank {...boardProps(tableRules)} pendingFish={retrying ? pendingOne : null} onShoot={(fish) => void session.playOne(fish)} />
                  ) : (
                    <TableBoard
                      {...boardProps(tableRules)}
                      history={history}
                      stakes={tableStakes}
                      stakeCapped={stakeCapped}
                      onSpot={(spot) => session.placeChip(spot)}
                      onClear={() => session.clearStakes()}
                      onDeal={() => void session.deal()}
                      live={
                        live
                          ? {
                              view: live,
                              offset: liveOffset,
                              connected: liveConnected,
                              lang,
                              lightning: /\bLightning\b/.test(state.game.gameName),
                              ...(tableRules.roomName ? { badge: tableRules.roomName } : {}),
                            }
                          : undefined
                      }
                    />
                  )}
                </Suspense>
              </section>
            )
          )}

          <div className="pl-side">
            <section className="card pl-panel" aria-labelledby={`${ids}-history`}>
              <h2 id={`${ids}-history`}>{L.history.title}</h2>
              {history.length === 0 ? (
                <p className="muted">{L.history.empty}</p>
              ) : (
                <table className="pl-history">
                  <thead>
                    <tr>
                      <th scope="col">{L.history.time}</th>
                      <th scope="col" className="num">
                        {L.history.bet}
                      </th>
                      <th scope="col" className="num">
                        {L.history.win}
                      </th>
                      <th scope="col">
                        <span className="sr-only">{L.history.check}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {history.map((r) => {
                      const time = when(r.createdAt);
                      const rw = (parseMinor(r.win) ?? 0n) > 0n;
                      return (
                        <tr key={r.roundId} data-round={r.roundId}>
                          <td>{time}</td>
                          <td className="num">
                            {r.freeSpin && <span className="pl-free-tag">{L.free.tag}</span>} {fmt(r.bet)}
                          </td>
                          <td className={`num${rw ? ' won' : ''}`}>{fmt(r.win)}</td>
                          <td>
                            <a href={verifyHref(r, locale)} target="_blank" rel="noopener" aria-label={`${fill(L.history.verifyRound, { time })} ${L.opensNew}`}>
                              {L.history.verify}
                              {r.serverSeed === null && <span aria-hidden="true">*</span>}
                            </a>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
              {hiddenSeeds && <p className="pl-foot muted">* {live ? L.history.hiddenLive : L.history.hidden}</p>}
              {moreError && (
                <p className="pl-error" role="alert">
                  {moreError}
                </p>
              )}
              {hasMore && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => void more()} disabled={moreBusy}>
                  {moreBusy ? L.history.loading : L.history.more}
                </button>
              )}
            </section>

            {/* A live table's rounds are drawn from each round's own seed (shown on the table), not the member's pair. */}
            {!live && (
              <section className="card pl-panel" aria-labelledby={`${ids}-fair`}>
                <h2 id={`${ids}-fair`}>{L.fairness.title}</h2>
                <p className="muted pl-small">{L.fairness.intro}</p>
                <dl className="pl-facts">
                  <div>
                    <dt>{L.fairness.serverSeedHash}</dt>
                    <dd className="mono" data-testid="server-seed-hash">
                      {fairness.serverSeedHash}
                    </dd>
                  </div>
                  <div>
                    <dt>{L.fairness.nonce}</dt>
                    <dd className="mono" data-testid="nonce">
                      {fairness.nonce}
                    </dd>
                  </div>
                </dl>
                <form className="pl-seed" onSubmit={(e) => void rotate(e)} noValidate>
                  <label htmlFor={`${ids}-seed`}>{L.fairness.clientSeed}</label>
                  <input
                    id={`${ids}-seed`}
                    name="clientSeed"
                    className="mono"
                    value={seedInput}
                    maxLength={64}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={seedError ? true : undefined}
                    aria-describedby={`${ids}-seed-hint${seedError ? ` ${ids}-seed-err` : ''}`}
                    onChange={(e) => {
                      session.typeSeed(e.target.value);
                    }}
                  />
                  <p id={`${ids}-seed-hint`} className="muted pl-small">
                    {L.fairness.clientSeedHint}
                  </p>
                  {seedError && (
                    <p id={`${ids}-seed-err`} className="pl-field-error">
                      {seedError}
                    </p>
                  )}
                  <button type="submit" className="btn btn-brand btn-sm" disabled={seedBusy || busy}>
                    {seedBusy ? L.fairness.rotating : L.fairness.rotate}
                  </button>
                </form>
                <p className="pl-small" role="status">
                  {seedMessage}
                </p>
                {revealed && (
                  <div className="pl-revealed">
                    <h3>{L.fairness.revealed}</h3>
                    <dl className="pl-facts">
                      <div>
                        <dt>{L.fairness.revealedSeed}</dt>
                        <dd className="mono" data-testid="revealed-seed">
                          {revealed.serverSeed}
                        </dd>
                      </div>
                      <div>
                        <dt>{L.fairness.revealedHash}</dt>
                        <dd className="mono">{revealed.serverSeedHash}</dd>
                      </div>
                      <div>
                        <dt>{L.fairness.revealedClient}</dt>
                        <dd className="mono">{revealed.clientSeed}</dd>
                      </div>
                      <div>
                        <dt>{L.fairness.lastNonce}</dt>
                        <dd className="mono">{revealed.lastNonce}</dd>
                      </div>
                    </dl>
                  </div>
                )}
              </section>
            )}

            {slot ? (
              <section className="card pl-panel" aria-labelledby={`${ids}-pay`}>
                <h2 id={`${ids}-pay`}>{L.paytable.title}</h2>
                <p className="pl-rtp">{fill(L.paytable.rtp, { rtp: percent(slot.rtp, lang) })}</p>
                <p className="muted pl-small">{fill(L.paytable.rules, { lines: lineCount, min: slot.minCount })}</p>
                <div className="pl-scroll">
                  <table className="pl-paytable">
                    <thead>
                      <tr>
                        <th scope="col">{L.paytable.symbol}</th>
                        {counts.map((c) => (
                          <th scope="col" key={c} className="num">
                            {fill(L.paytable.count, { count: c })}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {table.map((row) => (
                        <tr key={row.symbol}>
                          <th scope="row">
                            <span className="pl-pay-symbol">
                              <SymbolGlyph symbol={row.symbol} />
                              <span>{names[row.symbol] ?? row.symbol}</span>
                            </span>
                          </th>
                          {counts.map((c) => {
                            const p = row.pays.find((x) => x.count === c);
                            return (
                              <td key={c} className="num">
                                {p ? multipleLabel(p.multiple, lang) : L.paytable.none}
                              </td>
                            );
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <p className="muted pl-small">{fill(L.paytable.lineBet, { amount: fmt(lineBet) })}</p>
              </section>
            ) : (
              tableRules && (
                <section className="card pl-panel" aria-label={L.paytable.title}>
                  <Suspense fallback={null}>
                    {tableRules.kind === 'bullBull' || tableRules.kind === 'teenPatti' ? (
                      <RoomRules R={L.room} game={tableRules.kind} title={L.paytable.title} rtpLine={fill(L.paytable.rtp, { rtp: percent(tableRules.rtp, lang) })} />
                    ) : (
                      <TableRulesPanel rules={tableRules} T={L.table} fmt={fmt} lang={lang} title={L.paytable.title} rtpLabel={L.paytable.rtp} />
                    )}
                  </Suspense>
                </section>
              )
            )}
          </div>
        </div>
      )}
    </div>
  );
}
