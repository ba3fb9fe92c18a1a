// npm run bench: the figures of issue section 5, each beside a baseline measured in the same run.
//   a. the public pages (/, /es/, /rng, /promotions, /help): HTML and the JS each loads before any
//      interaction, in bytes as sent to a browser that accepts brotli and gzip, each beside the
//      same bytes uncompressed (scripts/bench/page-weight.ts);
//   b. home page requests/s and p99 latency under 50 connections, compressed, beside the same
//      compressed bytes served by a plain Node http server;
//   h. Lighthouse (mobile preset, median of 3 runs, Debian's Chromium) on the same pages: the four
//      category scores, first and largest contentful paint, beside the minimal page served by the
//      plain Node server (scripts/bench/lighthouse.ts);
//   c. gameList name search p95 (prefix and infix queries over the 10,000 demo games), beside
//      the p95 of /wps/system/status;
//   d. logins per second (encrypted, scrypt at OWASP cost), and the p99 of /wps/member/info while
//      those logins run, beside the same p99 with no logins running; and an ordinary login
//      while 200 password guesses arrive at once from another address, beside the same login
//      alone (scripts/bench/login-burst.ts);
//   e. ledger throughput: rounds per second (a bet debited and its win credited, placeBet +
//      settleRound) with 50 concurrent players, on PGlite (a data folder) and on PostgreSQL (a fresh
//      database on BENCH_DATABASE_URL's server, else TEST_DATABASE_URL's, dropped after), beside
//      pgbench's built-in tpcb-like transactions per second at the same client count (-s 50 -c 50 -j 2: the scale at least the clients, as pgbench's documentation asks)
//      on that PostgreSQL, in its own fresh database (scripts/bench/ledger.ts). Databases are named
//      BENCH_DB_PREFIX (casino_bench) + _ledger_ / _pgbench_ + random. pgbench is not installed by
//      the bench: without it the row says 'pgbench missing'.
//   f. spins per second end to end through the API (launchGame, then the sandbox slot's spin call:
//      nonce, engine, round record, bet and win in one transaction) with 50 players on the running
//      server, on PGlite and on PostgreSQL, each beside the ledger rounds/s of (e) on the same kind
//      of database (scripts/bench/spins.ts).
//   g. the proof of work before a login (16 bits): the project's single-block solver beside
//      awaiting WebCrypto's SHA-256 per try, median ms per challenge (scripts/bench/pow.ts).
//   i. agent reports on PostgreSQL: a generated team of 100,000 members on four levels with
//      5,000,000 rounds over 30 days; team overview, team betting and user loss for 30 days, p95
//      through the API for the top agent (< 200 ms) and a sub-agent of 1,000 (< 50 ms), beside one
//      sequential scan of the rounds table (scripts/bench/agent-reports.ts). `npm run bench --
//      agents` measures only this.
//   k. the status call while agents export (scripts/bench/export-load.ts): /wps/system/status p99
//      while 10 clients export 30 days of team betting (the demo agent and nine sub-agents, over
//      and over), beside its p99 idle in the same run, on PGlite (< 250 ms, the stated bound) and
//      on PostgreSQL (< 100 ms). `npm run bench -- exports` measures only this.
//   j. the lottery (scripts/bench/lottery.ts): tickets accepted per second through the API (one
//      ticket per slip) with 50 players on the servers of (f), each beside the ledger rounds/s of
//      (e) on the same kind of database (>= 0.5 x); and one draw of 100,000 tickets drawn and
//      settled in its transaction on a fresh PostgreSQL database (< 10 s), beside settleRound one
//      transaction per round, extrapolated. `npm run bench -- lottery` measures only these, with
//      the ledger figures they stand beside.
//   l. the operator console on PostgreSQL (scripts/bench/console-desk.ts): a generated brand of
//      100,000 members with 5,000,000 rounds, every bet and win in the ledger (16,000,000 entries),
//      deposits, withdrawals, sessions and events; the console's searchMembers (by a username
//      prefix, an e-mail prefix, an id, an upline) and memberDetail (a player's page) called
//      in-process, one at a time, p95 of 300 calls each (< 200 ms) with the p50 beside it, beside
//      one sequential scan of member (the searches) or of ledger_entry (the page). `npm run bench
//      -- console` measures only this (no build needed).
//   m. the live chat across two server processes on PostgreSQL (scripts/bench/chat.ts): an
//      answer's p95 from support's process to the member's stream on the other, with 200
//      conversations open, beside the answer call's own p95. `npm run bench -- chat` only.
//   n. missions and the mission leaderboard on PostgreSQL (scripts/bench/engagement.ts): 100,000
//      players with this week's daily figures; the leaderboard call (top 20 and the player's rank)
//      p95 (< 50 ms) beside one scan of the scores, the leaderboard job's runs, and a closed day's
//      mission settlement in rounds counted per second beside the ledger's rounds/s in the same
//      run (>= 0.5 x). `npm run bench -- engagement` only.
//   o. the games (scripts/bench/games.ts), on a fresh PostgreSQL database: a live table round
//      with 500 bettors, its bets placed 50 at a time through the API's code, then its draw timed
//      (every bet settled through the wallet, < 1 s) beside settleRound one transaction per
//      bettor; and the sports book's settlement of 10,000 open bets on one fixture (< 5 s) beside
//      settleRound one transaction per bet. `npm run bench -- games` only; also in the full run.
// It starts its own server on a fresh PGlite folder under the system temp dir (ports 4710, 4711,
// or BENCH_PORT and the next one), talks only to 127.0.0.1, prints a table with PASS/FAIL per
// target and writes the same to bench-results.json. Exit code 1 when a target is missed.
import './lib/node-check.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './lib/build-if-needed.mjs';
import { BROWSER_ENCODINGS, MINIMAL_PAGE, fetchAsSent, gzipSize, weighPage, type PageWeight } from './bench/page-weight.ts';
import { auditPages, type PageAudit } from './bench/lighthouse.ts';
import { root, startApiServer, startPlatform, startStatic, type Running } from './bench/processes.ts';
import { load, percentile, timeRequests } from './bench/timing.ts';
import { measureLogins } from './bench/logins.ts';
import { measureLoginDuringBurst } from './bench/login-burst.ts';
import { measurePow } from './bench/pow.ts';
import { auditOk, measureSpins, openMigrated, preparePlayers as prepareSpinPlayers, setLimits, type SpinLoad } from './bench/spins.ts';
import { measureCluster, type ClusterRun } from './bench/cluster.ts';
import { measureAgentReports, type ReportTimes } from './bench/agent-reports.ts';
import { measureConsole, type ConsoleTimes } from './bench/console-desk.ts';
import { measureChat, type ChatTimes } from './bench/chat.ts';
import { measureEngagement, type EngagementTimes } from './bench/engagement.ts';
import { measureExportLoadPglite, measureExportLoadPostgres, type ExportLoad } from './bench/export-load.ts';
import { measureLiveRound, measureSportsSettlement, type LiveRoundFigures } from './bench/games.ts';
import { measureDrawSettlement, measureTickets, prepareTicketPlayers, type DrawSettlement, type TicketLoad } from './bench/lottery.ts';
import { benchServerUrl, freshDatabase, findPgbench, measureLedgerPglite, measureLedgerPostgres, postgresUnreachable, runPgbench, type LedgerLoad, type PgbenchRun } from './bench/ledger.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4710);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SEARCHES = 200; // of each kind
const API_HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web' };
const KB = 1024;
/** The public pages measured as sent and by Lighthouse (issue 11). */
const FRONT_PAGES = ['/', '/es/', '/rng', '/promotions', '/help'];
/** The pages whose first visit must block the main thread under 150 ms in all (issue 26). */
const TBT_PAGES = ['/', '/es/', '/rng'];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Status p99 while 10 clients export (section k): the target on PostgreSQL, and the bound stated for PGlite (docs/architecture.md, 'Exports'). */
const EXPORT_STATUS_POSTGRES_MS = 100;
const EXPORT_STATUS_PGLITE_MS = 250;

interface Row {
  figure: string;
  value: number;
  unit: string;
  baseline: number | null;
  baselineLabel: string;
  target: string;
  pass: boolean | null;
}

const rows: Row[] = [];
let started = Date.now();
const work = mkdtempSync(path.join(tmpdir(), 'casino-bench-'));
const running: Running[] = [];

let watchdog: NodeJS.Timeout | undefined;

async function cleanup(): Promise<void> {
  await Promise.all(running.map((r) => r.stop()));
  rmSync(work, { recursive: true, force: true });
}

/** One search query string per game name: its beginning, or a piece from its middle. */
function queriesFrom(names: string[], kind: 'prefix' | 'infix'): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const letters = name.replace(/\s+/g, ' ').trim();
    if (letters.length < 6) continue;
    if (kind === 'prefix') out.add(letters.slice(0, 4));
    else {
      const mid = Math.floor(letters.length / 2) - 2;
      const piece = letters.slice(mid, mid + 4).trim();
      if (piece.length >= 3) out.add(piece);
    }
  }
  return [...out];
}

/** Repeats `list` until it holds `n` items. */
const cycle = <T>(list: T[], n: number): T[] => Array.from({ length: n }, (_, i) => list[i % list.length]!);

/** The agent reports' rows (section i); answers the figures, or null when PostgreSQL is unreachable. */
async function agentReportRows(spinRate?: number): Promise<ReportTimes | null> {
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    console.log(`PostgreSQL is not reachable (${unreachable}): no agent report figures.`);
    return null;
  }
  console.log('Agent reports on PostgreSQL (100,000 members, 5,000,000 rounds)...');
  const a = await measureAgentReports(PORT, work, (line) => console.log(line), spinRate);
  console.log(`  ${a.members} members, ${a.rounds} rounds, ${a.memberDays} member-days, set up in ${a.setupSeconds} s; sub-agent team ${a.subTeamSize}`);
  for (const f of a.failures) console.log(`  failure: ${f}`);
  for (const report of ['overview', 'bets', 'loss'] as const) {
    for (const [who, max] of [
      ['top', 200],
      ['sub', 50],
    ] as const) {
      rows.push({
        figure: `agent ${report} p95, ${who === 'top' ? 'top agent of 100,000' : `sub-agent of ${a.subTeamSize}`}`,
        value: a.p95[report][who],
        unit: 'ms',
        baseline: a.seqScanMs,
        baselineLabel: 'one sequential scan of game_round',
        target: `< ${max} ms`,
        pass: a.failures.length === 0 && a.p95[report][who] < max,
      });
    }
  }
  const st = a.settlements;
  if (st) {
    console.log(
      `  settlements: ${st.contracts} contracts; daily ${st.dailySeconds.toFixed(1)} s (${st.dailyPaid} paid), recheck ${st.recheckSeconds.toFixed(1)} s; real time ${st.realtimeRounds} rounds in ${st.realtimeSeconds.toFixed(1)} s`,
    );
    rows.push({
      figure: `daily settlement, ${st.contracts} contracts over the team of 100,000 (one day of 5,000,000 rounds / 30)`,
      value: st.dailySeconds,
      unit: 's',
      baseline: a.seqScanMs / 1000,
      baselineLabel: 'one sequential scan of game_round',
      target: '< 60 s',
      pass: st.dailySeconds < 60,
    });
    rows.push({
      figure: `real-time salary: lag of a five-minute period's payment behind its end (${st.realtimeRounds.toLocaleString('en')} rounds = 5 min at ${Math.round(st.spinRate)} spins/s)`,
      value: st.realtimeLagSeconds,
      unit: 's',
      baseline: a.seqScanMs / 1000,
      baselineLabel: 'one sequential scan of game_round',
      target: 'settles faster than the next period fills (< 300 s of work)',
      pass: st.realtimeSeconds < 300,
    });
  }
  return a;
}

/** The live chat's row (section m): an answer's latency across two processes; null when PostgreSQL is unreachable. */
async function chatRows(): Promise<ChatTimes | null> {
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    console.log(`PostgreSQL is not reachable (${unreachable}): no chat figures.`);
    return null;
  }
  console.log('The live chat across two processes on PostgreSQL (200 open conversations)...');
  const c = await measureChat((line) => console.log(line));
  console.log(`  ${c.answers} answers to ${c.conversations} conversations; p50 ${c.p50.toFixed(1)} ms; ${c.lost} lost`);
  rows.push({
    figure: `chat answer to the member's stream on another process, p95 (${c.conversations} conversations; ${c.lost} lost)`,
    value: c.p95,
    unit: 'ms',
    baseline: c.sendP95,
    baselineLabel: 'p95 of the answer call itself',
    target: '< 300 ms, none lost',
    pass: c.p95 < 300 && c.lost === 0,
  });
  return c;
}

/** Missions and the leaderboard (section n); null when PostgreSQL is unreachable. */
async function engagementRows(): Promise<EngagementTimes | null> {
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    console.log(`PostgreSQL is not reachable (${unreachable}): no engagement figures.`);
    return null;
  }
  console.log('Missions and the mission leaderboard on PostgreSQL (100,000 players)...');
  const e = await measureEngagement((line) => console.log(line));
  rows.push({
    figure: `leaderboard call (top 20 and own rank), p95 (${e.scores.toLocaleString('en')} on the board)`,
    value: e.boardP95,
    unit: 'ms',
    baseline: e.scoreScanMs,
    baselineLabel: 'one scan of the scores',
    target: '< 50 ms',
    pass: e.boardP95 < 50,
  });
  rows.push({
    figure: `leaderboard job, every score set (${e.scores.toLocaleString('en')}); again unchanged ${e.jobAgainSeconds.toFixed(1)} s`,
    value: e.jobFirstSeconds,
    unit: 's',
    baseline: null,
    baselineLabel: '',
    target: '< 60 s (it runs each minute)',
    pass: e.jobAgainSeconds < 60,
  });
  rows.push({
    figure: `mission progress: rounds counted/s settling a closed day (${e.roundsCounted.toLocaleString('en')} rounds, ${e.rewards.toLocaleString('en')} rewards)`,
    value: e.countedPerSecond,
    unit: '/s',
    baseline: e.ledger.roundsPerSecond,
    baselineLabel: 'ledger rounds/s, PostgreSQL, 50 players',
    target: '>= 0.5 x the ledger',
    pass: e.countedPerSecond >= 0.5 * e.ledger.roundsPerSecond,
  });
  rows.push({
    figure: 'missions page for one player (8 missions), p95',
    value: e.missionsP95,
    unit: 'ms',
    baseline: e.boardP95,
    baselineLabel: 'the leaderboard call',
    target: '< 100 ms',
    pass: e.missionsP95 < 100,
  });
  return e;
}

/** The console's rows (section l); answers the figures, or null when PostgreSQL is unreachable. */
async function consoleRows(): Promise<ConsoleTimes | null> {
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    console.log(`PostgreSQL is not reachable (${unreachable}): no console figures.`);
    return null;
  }
  console.log('The console on PostgreSQL (100,000 members, 5,000,000 rounds in the ledger)...');
  const c = await measureConsole((line) => console.log(line));
  console.log(`  set up in ${c.setupSeconds} s`);
  for (const f of c.failures) console.log(`  failure: ${f}`);
  const figures = [
    ['username', `member search by a username prefix (2-5 letters, ${c.meanTotal.username} found on average)`],
    ['email', `member search by an e-mail prefix (3-6 characters, ${c.meanTotal.email} found on average)`],
    ['id', 'member search by an id'],
    ['upline', `member search by upline (an agent of ${c.meanTotal.upline})`],
    ['member', "a player's member page (50 ledger entries, 20 rounds...)"],
    ['deposits', "deposit list page (newest first: all, paid, failed, a member's, deeper pages)"],
  ] as const;
  for (const [figure, label] of figures) {
    rows.push({
      figure: `console ${label} p95 (p50 ${c.p50[figure].toFixed(1)} ms)`,
      value: c.p95[figure],
      unit: 'ms',
      baseline: figure === 'member' ? c.entryScanMs : figure === 'deposits' ? c.depositScanMs : c.memberScanMs,
      baselineLabel: figure === 'member' ? 'one sequential scan of ledger_entry' : figure === 'deposits' ? 'one sequential scan of payment_order' : 'one sequential scan of member',
      target: '< 200 ms',
      pass: c.failures.length === 0 && c.p95[figure] < 200,
    });
  }
  return c;
}

/**
 * The status call while agents export (section k, audit item 3): its p99 under 10 exporting
 * clients beside its p99 idle, on PGlite and on PostgreSQL. The bound on PGlite is wider: its
 * queries run on the server's own thread (docs/architecture.md, 'Exports').
 */
async function exportRows(): Promise<void> {
  const row = (kind: string, l: ExportLoad, max: number) => {
    console.log(`  ${kind}: ${l.exportsDone} exports of up to ${l.rows} rows done, ${l.refused} refused as busy, ${l.statusCalls} status calls timed`);
    for (const f of l.failures) console.log(`  failure: ${f}`);
    rows.push({
      figure: `status p99 during 10 parallel exports, ${kind}`,
      value: l.loadP99,
      unit: 'ms',
      baseline: l.idleP99,
      baselineLabel: 'status p99 idle, same run',
      target: `< ${max} ms`,
      pass: l.failures.length === 0 && l.exportsDone > 0 && l.loadP99 < max,
    });
  };
  console.log('Status while 10 clients export 30 days of team betting, on PGlite...');
  row('PGlite', await measureExportLoadPglite(PORT, path.join(work, 'data-exports'), running), EXPORT_STATUS_PGLITE_MS);
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    console.log(`PostgreSQL is not reachable (${unreachable}): no PostgreSQL export figures.`);
    return;
  }
  console.log('Status while 10 clients export 30 days of team betting, on PostgreSQL...');
  row('PostgreSQL', await measureExportLoadPostgres(PORT, path.join(work, 'data-exports-pg'), running), EXPORT_STATUS_POSTGRES_MS);
}

/** The row of lottery tickets/s through the API (section j), beside the ledger rounds/s on the same kind of database. */
function ticketRow(kind: string, l: TicketLoad & { auditOk: boolean }, ledgerLoad: LedgerLoad | undefined): void {
  console.log(
    `  ${kind}: ${l.tickets} tickets on ${l.gameCode} in ${l.seconds} s, p50 ${l.p50Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms` +
      `${l.failures ? `, ${l.failures} failures (first: ${l.firstFailure})` : ''}${l.auditOk ? '' : ', LEDGER AUDIT FAILED'}`,
  );
  const ratio = ledgerLoad ? l.ticketsPerSecond / ledgerLoad.roundsPerSecond : null;
  rows.push({
    figure: `lottery tickets/s through the API, ${kind} (50 players)`,
    value: l.ticketsPerSecond,
    unit: '/s',
    baseline: ledgerLoad?.roundsPerSecond ?? null,
    baselineLabel: `ledger rounds/s in process, ${kind}`,
    target: ratio === null ? '' : `>= 0.5 x baseline (${ratio.toFixed(2)} x)`,
    pass: l.failures === 0 && l.auditOk && (ratio === null || ratio >= 0.5),
  });
}

/** A live table round of 500 bettors drawn and settled (section o); answers the figures, or null without PostgreSQL. */
async function gamesRows(): Promise<LiveRoundFigures | null> {
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    console.log(`PostgreSQL is not reachable (${unreachable}): no games figures.`);
    return null;
  }
  console.log('Placing 500 bettors on one live baccarat round (PostgreSQL), then drawing it...');
  const fresh = await freshDatabase('games');
  let f: LiveRoundFigures;
  try {
    f = await measureLiveRound(fresh.url);
  } finally {
    await fresh.drop();
  }
  console.log(`  ${f.betsPerSecond.toFixed(0)} bets/s; drawn and settled in ${f.settleSeconds.toFixed(3)} s${f.auditOk ? '' : ', LEDGER AUDIT FAILED'}`);
  rows.push({
    figure: `live table round of ${f.bettors} bettors drawn and settled, PostgreSQL`,
    value: f.settleSeconds,
    unit: 's',
    baseline: f.perRoundSeconds,
    baselineLabel: `settleRound one transaction per bettor, ${f.bettors} rounds`,
    target: '< 1 s',
    pass: f.settleSeconds < 1 && f.auditOk,
  });
  rows.push({
    figure: `live table bets placed/s, 50 at a time, PostgreSQL`,
    value: f.betsPerSecond,
    unit: '/s',
    baseline: null,
    baselineLabel: '',
    target: '',
    pass: f.auditOk ? null : false,
  });
  console.log('Placing 10,000 bets on one fixture of the sports book (PostgreSQL), then publishing its result...');
  const sportsDb = await freshDatabase('sports');
  let sb: Awaited<ReturnType<typeof measureSportsSettlement>>;
  try {
    sb = await measureSportsSettlement(sportsDb.url);
  } finally {
    await sportsDb.drop();
  }
  console.log(`  ${sb.betsPerSecond.toFixed(0)} bets/s; ${sb.settled} settled in ${sb.settleSeconds.toFixed(3)} s${sb.auditOk ? '' : ', LEDGER AUDIT FAILED'}`);
  rows.push({
    figure: `sports fixture with ${sb.bets} open bets: result and settlement, PostgreSQL`,
    value: sb.settleSeconds,
    unit: 's',
    baseline: sb.perRoundSeconds,
    baselineLabel: `settleRound one transaction per bet (1,000 timed, x ${sb.bets / 1000})`,
    target: '< 5 s',
    pass: sb.settleSeconds < 5 && sb.auditOk,
  });
  rows.push({
    figure: `sports bets placed/s, 50 at a time, PostgreSQL`,
    value: sb.betsPerSecond,
    unit: '/s',
    baseline: null,
    baselineLabel: '',
    target: '',
    pass: sb.auditOk ? null : false,
  });
  return f;
}

/** Buys 100,000 tickets on one draw of a fresh PostgreSQL database and times its settlement (section j); answers the figures. */
async function settlementRow(): Promise<DrawSettlement> {
  console.log('Buying 100,000 lottery tickets on one draw (PostgreSQL), then drawing it...');
  const drawDb = await freshDatabase('lottery');
  let st: DrawSettlement;
  try {
    st = await measureDrawSettlement(drawDb.url);
  } finally {
    await drawDb.drop();
  }
  console.log(`  bought in ${st.buySeconds.toFixed(1)} s; drawn and settled in ${st.settleSeconds.toFixed(2)} s (${st.paidTickets} winning tickets)${st.auditOk ? '' : ', LEDGER AUDIT FAILED'}`);
  rows.push({
    figure: `lottery draw of ${st.tickets.toLocaleString('en')} tickets settled, PostgreSQL`,
    value: st.settleSeconds,
    unit: 's',
    baseline: st.perRoundSeconds,
    baselineLabel: `settleRound per round, extrapolated from ${st.sampled.toLocaleString('en')}`,
    target: '< 10 s',
    pass: st.settleSeconds < 10 && st.auditOk,
  });
  return st;
}

/** The lottery's rows (section j), with the ledger rows they stand beside: `npm run bench -- lottery`. */
async function lotteryOnlyRows(): Promise<void> {
  const ledgerRow = (kind: string, l: LedgerLoad) =>
    rows.push({
      figure: `ledger rounds/s, ${kind} (50 players)`,
      value: l.roundsPerSecond,
      unit: '/s',
      baseline: null,
      baselineLabel: '',
      target: '',
      pass: l.failures === 0 && l.auditOk ? null : false,
    });
  console.log(`Betting with ${CONNECTIONS} players on PGlite for ${LOAD_SECONDS} s...`);
  const pgliteLedger = await measureLedgerPglite(path.join(work, 'ledger-pglite'), { players: CONNECTIONS, seconds: LOAD_SECONDS });
  ledgerRow('PGlite', pgliteLedger);
  {
    const dataDir = path.join(work, 'data');
    const first = await startPlatform(PORT, dataDir);
    await first.stop();
    let handle = await openMigrated({ dataDir });
    const tokens = await prepareTicketPlayers(handle, CONNECTIONS);
    await handle.close();
    const server = await startPlatform(PORT, dataDir);
    running.push(server);
    console.log(`Buying lottery tickets with ${CONNECTIONS} players through the API on PGlite for ${LOAD_SECONDS} s...`);
    const load = await measureTickets(server.url, tokens, LOAD_SECONDS);
    await server.stop();
    handle = await openMigrated({ dataDir });
    const audited = await auditOk(handle);
    await handle.close();
    ticketRow('PGlite', { ...load, auditOk: audited }, pgliteLedger);
  }
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    console.log(`PostgreSQL is not reachable (${unreachable}): no PostgreSQL lottery figures.`);
    return;
  }
  console.log(`Betting with ${CONNECTIONS} players on PostgreSQL for ${LOAD_SECONDS} s...`);
  const pgLedger = await measureLedgerPostgres({ players: CONNECTIONS, seconds: LOAD_SECONDS });
  ledgerRow('PostgreSQL', pgLedger);
  const fresh = await freshDatabase('tickets');
  try {
    const server = await startPlatform(PORT, path.join(work, 'data-pg'), { DATABASE_URL: fresh.url });
    running.push(server);
    const handle = await openMigrated({ url: fresh.url });
    const tokens = await prepareTicketPlayers(handle, CONNECTIONS);
    console.log(`Buying lottery tickets with ${CONNECTIONS} players through the API on PostgreSQL for ${LOAD_SECONDS} s...`);
    const load = await measureTickets(server.url, tokens, LOAD_SECONDS);
    await server.stop();
    const audited = await auditOk(handle);
    await handle.close();
    ticketRow('PostgreSQL', { ...load, auditOk: audited }, pgLedger);
  } finally {
    await fresh.drop();
  }
  await settlementRow();
}

/**
 * Section h: Lighthouse on the public pages (mobile preset, median of LIGHTHOUSE_RUNS), each run a
 * first-time visitor's (a fresh Chromium profile: cold cache, no popup-closed flag, so the
 * announcement popup opens as it does for a new visitor), beside the minimal page served by the
 * plain Node server: the best this machine and Chromium allow. `npm run bench -- front` runs it alone.
 */
async function lighthouseRows(origin: string): Promise<{ audits: PageAudit[]; minimalAudit: PageAudit }> {
  // h. Lighthouse on the public pages (mobile preset, median of LIGHTHOUSE_RUNS), beside the
  //    minimal page served by the plain Node server: the best this machine and Chromium allow.
  console.log(`Lighthouse on ${FRONT_PAGES.join(' ')} (${LIGHTHOUSE_RUNS} runs each), and on a minimal page...`);
  const audits: PageAudit[] = await auditPages(origin, FRONT_PAGES, LIGHTHOUSE_RUNS);
  const minimalFile = path.join(work, 'minimal.html');
  writeFileSync(minimalFile, MINIMAL_PAGE);
  const minimalServer = await startStatic(PORT + 1, minimalFile, 'text/html; charset=utf-8');
  running.push(minimalServer);
  const minimalAudit: PageAudit = { ...(await auditPages(minimalServer.url, ['/'], LIGHTHOUSE_RUNS))[0]!, path: 'minimal page' };
  await minimalServer.stop();
  for (const a of audits) {
    const floor = (name: string, value: number, min: number, base: number) =>
      rows.push({ figure: `${a.path} Lighthouse ${name}`, value, unit: '', baseline: base, baselineLabel: 'minimal page', target: `>= ${min}`, pass: value >= min });
    floor('performance', a.performance, 98, minimalAudit.performance);
    floor('accessibility', a.accessibility, 100, minimalAudit.accessibility);
    floor('best practices', a.bestPractices, 100, minimalAudit.bestPractices);
    floor('SEO', a.seo, 100, minimalAudit.seo);
    rows.push({
      figure: `${a.path} first / largest contentful paint`,
      value: a.fcpMs,
      unit: 'ms',
      baseline: minimalAudit.fcpMs,
      baselineLabel: `minimal page; LCP ${a.lcpMs} ms`,
      target: '',
      pass: null,
    });
  }

  // Issue 26: a first visit to the home page, its Spanish copy and the slots lobby blocks the main
  // thread for under 150 ms in all (the popup's work included).
  for (const a of audits.filter((x) => TBT_PAGES.includes(x.path))) {
    rows.push({
      figure: `${a.path} total blocking time (first visit)`,
      value: a.tbtMs,
      unit: 'ms',
      baseline: minimalAudit.tbtMs,
      baselineLabel: 'minimal page',
      target: '< 150 ms',
      pass: a.tbtMs < 150,
    });
  }
  return { audits, minimalAudit };
}

/** Player protection's cost on a spin (issue 28): spins/s of players with six loss and wager limits beside players without, same server and run. */
function limitedSpinsRow(limited: Omit<SpinLoad, 'auditOk'>, plain: Omit<SpinLoad, 'auditOk'>): void {
  const ratio = limited.spinsPerSecond / plain.spinsPerSecond;
  console.log(`  with limits: ${limited.spins} spins, p50 ${limited.p50Ms.toFixed(1)} ms, p99 ${limited.p99Ms.toFixed(1)} ms, ${limited.failures} failures`);
  rows.push({
    figure: 'spins/s with loss and wager limits set, PostgreSQL',
    value: limited.spinsPerSecond,
    unit: '/s',
    baseline: plain.spinsPerSecond,
    baselineLabel: 'spins/s without limits, same run',
    target: `>= 0.9 x baseline (${ratio.toFixed(2)} x)`,
    pass: limited.failures === 0 && ratio >= 0.9,
  });
}

/**
 * The money path alone (`npm run bench -- money`, no build needed): ledger rounds/s on PostgreSQL
 * (section e) beside pgbench tpcb-like, and spins/s through the API (section f, the API server
 * without pages) on a fresh PostgreSQL database beside both; each as a ratio. Targets of issue 27:
 * ledger >= 0.5 x pgbench; spins >= 0.5 x the ledger and >= 0.25 x pgbench.
 */
async function moneyRows(): Promise<boolean> {
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    console.log(`PostgreSQL is not reachable (${unreachable}): no money figures.`);
    return false;
  }
  const bin = findPgbench();
  console.log(`Betting with ${CONNECTIONS} players on PostgreSQL for ${LOAD_SECONDS} s...`);
  const ledgerLoad = await measureLedgerPostgres({ players: CONNECTIONS, seconds: LOAD_SECONDS });
  console.log(
    `  ${ledgerLoad.rounds} rounds, p50 ${ledgerLoad.roundP50Ms.toFixed(1)} ms, p99 ${ledgerLoad.roundP99Ms.toFixed(1)} ms, ${ledgerLoad.failures} failures${ledgerLoad.firstFailure ? ` (${ledgerLoad.firstFailure})` : ''}`,
  );
  let pgb: PgbenchRun | null = null;
  if (bin) {
    console.log(`pgbench tpcb-like, -s ${CONNECTIONS} -c ${CONNECTIONS} -j 2 -T ${LOAD_SECONDS}...`);
    pgb = await runPgbench(bin, { clients: CONNECTIONS, seconds: LOAD_SECONDS });
  } else console.log('pgbench missing: no baseline for the ledger.');
  const fresh = await freshDatabase('spins');
  let spinLoad: SpinLoad;
  let limitedLoad: Omit<SpinLoad, 'auditOk'> | null = null;
  try {
    const server = await startApiServer(PORT, path.join(work, 'data-pg'), { DATABASE_URL: fresh.url });
    running.push(server);
    const handle = await openMigrated({ url: fresh.url });
    const players = await prepareSpinPlayers(handle, CONNECTIONS);
    const limited = await prepareSpinPlayers(handle, CONNECTIONS);
    await setLimits(handle, limited);
    // The players with limits first: the server is coldest then, so the ratio errs against them.
    console.log(`Spinning with ${CONNECTIONS} players who set loss and wager limits, for ${LOAD_SECONDS} s...`);
    limitedLoad = await measureSpins(server.url, limited, LOAD_SECONDS);
    console.log(`Spinning with ${CONNECTIONS} players through the API on PostgreSQL for ${LOAD_SECONDS} s...`);
    const load = await measureSpins(server.url, players, LOAD_SECONDS);
    await server.stop();
    spinLoad = { ...load, auditOk: await auditOk(handle) };
    await handle.close();
  } finally {
    await fresh.drop();
  }
  console.log(
    `  ${spinLoad.spins} spins, p50 ${spinLoad.p50Ms.toFixed(1)} ms, p99 ${spinLoad.p99Ms.toFixed(1)} ms, ${spinLoad.failures} failures${spinLoad.firstFailure ? ` (${spinLoad.firstFailure})` : ''}`,
  );
  const ledgerRatio = pgb ? ledgerLoad.roundsPerSecond / pgb.tps : null;
  const spinLedger = spinLoad.spinsPerSecond / ledgerLoad.roundsPerSecond;
  const spinPgbench = pgb ? spinLoad.spinsPerSecond / pgb.tps : null;
  const sound = (ok: boolean) => ok && ledgerLoad.failures === 0 && ledgerLoad.auditOk;
  if (pgb) rows.push({ figure: 'pgbench tpcb-like tps (-s 50 -c 50 -j 2)', value: pgb.tps, unit: '/s', baseline: null, baselineLabel: '', target: '', pass: null });
  rows.push({
    figure: 'ledger rounds/s, PostgreSQL (50 players)',
    value: ledgerLoad.roundsPerSecond,
    unit: '/s',
    baseline: pgb?.tps ?? null,
    baselineLabel: 'pgbench tpcb-like tps',
    target: ledgerRatio === null ? '>= 0.5 x pgbench' : `>= 0.5 x baseline (${ledgerRatio.toFixed(2)} x)`,
    pass: sound(ledgerRatio === null || ledgerRatio >= 0.5),
  });
  rows.push({
    figure: 'spins/s through the API, PostgreSQL (50 players)',
    value: spinLoad.spinsPerSecond,
    unit: '/s',
    baseline: ledgerLoad.roundsPerSecond,
    baselineLabel: 'ledger rounds/s',
    target: `>= 0.5 x baseline (${spinLedger.toFixed(2)} x)`,
    pass: spinLoad.failures === 0 && spinLoad.auditOk && spinLedger >= 0.5,
  });
  if (limitedLoad) limitedSpinsRow(limitedLoad, spinLoad);
  if (pgb) {
    rows.push({
      figure: 'spins/s through the API, PostgreSQL, beside pgbench',
      value: spinLoad.spinsPerSecond,
      unit: '/s',
      baseline: pgb.tps,
      baselineLabel: 'pgbench tpcb-like tps',
      target: `>= 0.25 x baseline (${spinPgbench!.toFixed(2)} x)`,
      pass: spinPgbench! >= 0.25,
    });
  }
  return true;
}

/**
 * One and two server processes (`npm run bench -- cluster`, issue 33): the home page and spins
 * through the API on PostgreSQL with WORKERS=1 and 2, beside a plain Node server and pgbench in
 * the same run; the scaling ratio of each.
 */
async function clusterRows(): Promise<boolean> {
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    console.log(`PostgreSQL is not reachable (${unreachable}): no cluster figures.`);
    return false;
  }
  const f = await measureCluster({ port: PORT, work, seconds: LOAD_SECONDS, connections: CONNECTIONS, running, log: (line) => console.log(line) });
  const [one, two] = f.runs as [ClusterRun, ClusterRun];
  const sound = (r: ClusterRun) => r.homeErrors === 0;
  const spinsSound = (r: ClusterRun) => r.spinFailures === 0 && r.auditOk;
  rows.push({
    figure: 'home requests/s, WORKERS=1 (50 connections)',
    value: one.homePerSecond,
    unit: 'req/s',
    baseline: f.plainHomePerSecond,
    baselineLabel: 'same bytes, plain Node server',
    target: '',
    pass: sound(one) ? null : false,
  });
  rows.push({
    figure: 'home requests/s, WORKERS=2 (50 connections)',
    value: two.homePerSecond,
    unit: 'req/s',
    baseline: one.homePerSecond,
    baselineLabel: 'WORKERS=1, same run',
    target: `scaling ${(two.homePerSecond / one.homePerSecond).toFixed(2)} x`,
    pass: sound(two) ? null : false,
  });
  rows.push({
    figure: 'spins/s through the API, WORKERS=1 (50 players)',
    value: one.spinsPerSecond,
    unit: '/s',
    baseline: f.pgbenchTps,
    baselineLabel: 'pgbench tpcb-like tps',
    target: '',
    pass: spinsSound(one) ? null : false,
  });
  rows.push({
    figure: 'spins/s through the API, WORKERS=2 (50 players)',
    value: two.spinsPerSecond,
    unit: '/s',
    baseline: one.spinsPerSecond,
    baselineLabel: 'WORKERS=1, same run',
    target: `scaling ${(two.spinsPerSecond / one.spinsPerSecond).toFixed(2)} x`,
    pass: spinsSound(two) ? null : false,
  });
  if (f.pgbenchTps !== null) {
    const best = Math.max(one.spinsPerSecond, two.spinsPerSecond);
    rows.push({
      figure: 'spins/s through the API, the better of the two, beside pgbench',
      value: best,
      unit: '/s',
      baseline: f.pgbenchTps,
      baselineLabel: 'pgbench tpcb-like tps',
      target: `>= 0.5 x baseline (${(best / f.pgbenchTps).toFixed(2)} x)`,
      pass: best / f.pgbenchTps >= 0.5,
    });
  }
  return true;
}

try {
  if (process.argv.includes('money')) {
    const ok = await moneyRows();
    for (const r of rows)
      console.log(
        `${r.figure.padEnd(52)} ${r.value.toFixed(1).padStart(8)} ${r.unit}  ${r.baseline === null ? '' : `(baseline ${r.baseline.toFixed(1)} ${r.unit}: ${r.baselineLabel})`}  ${r.target}  ${r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL'}`,
      );
    await cleanup();
    process.exit(ok && rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  if (process.argv.includes('chat')) {
    const measured = await chatRows();
    for (const r of rows)
      console.log(`${r.figure.padEnd(90)} ${r.value.toFixed(1).padStart(7)} ${r.unit}  (baseline ${r.baseline?.toFixed(1)} ${r.unit}: ${r.baselineLabel})  ${r.target}  ${r.pass ? 'PASS' : 'FAIL'}`);
    await cleanup();
    process.exit(measured && rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  if (process.argv.includes('engagement')) {
    const measured = await engagementRows();
    for (const r of rows)
      console.log(
        `${r.figure.padEnd(100)} ${r.value.toFixed(1).padStart(9)} ${r.unit}  ${r.baseline === null ? '' : `(baseline ${r.baseline.toFixed(1)} ${r.unit}: ${r.baselineLabel})`}  ${r.target}  ${r.pass ? 'PASS' : 'FAIL'}`,
      );
    await cleanup();
    process.exit(measured && rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  if (process.argv.includes('games')) {
    const measured = await gamesRows();
    for (const r of rows)
      console.log(
        `${r.figure.padEnd(70)} ${r.value.toFixed(3).padStart(9)} ${r.unit}  ${r.baseline === null ? '' : `(baseline ${r.baseline.toFixed(3)} ${r.unit}: ${r.baselineLabel})`}  ${r.target}  ${r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL'}`,
      );
    await cleanup();
    process.exit(measured && rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  if (process.argv.includes('console')) {
    const measured = await consoleRows();
    for (const r of rows)
      console.log(`${r.figure.padEnd(100)} ${r.value.toFixed(1).padStart(7)} ${r.unit}  (baseline ${r.baseline?.toFixed(1)} ${r.unit}: ${r.baselineLabel})  ${r.target}  ${r.pass ? 'PASS' : 'FAIL'}`);
    await cleanup();
    process.exit(measured && rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  buildIfNeeded();
  started = Date.now();
  if (process.argv.includes('cluster')) {
    const ok = await clusterRows();
    for (const r of rows)
      console.log(
        `${r.figure.padEnd(60)} ${r.value.toFixed(1).padStart(8)} ${r.unit}  ${r.baseline === null ? '' : `(baseline ${r.baseline.toFixed(1)} ${r.unit}: ${r.baselineLabel})`}  ${r.target}  ${r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL'}`,
      );
    await cleanup();
    process.exit(ok && rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  if (process.argv.includes('lottery')) {
    await lotteryOnlyRows();
    for (const r of rows)
      console.log(
        `${r.figure.padEnd(56)} ${r.value.toFixed(2).padStart(9)} ${r.unit}  ${r.baseline === null ? '' : `(baseline ${r.baseline.toFixed(2)} ${r.unit}: ${r.baselineLabel})`}  ${r.target}  ${r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL'}`,
      );
    await cleanup();
    process.exit(rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  if (process.argv.includes('front')) {
    const platform = await startPlatform(PORT, path.join(work, 'data'));
    running.push(platform);
    await lighthouseRows(platform.url);
    for (const r of rows)
      console.log(
        `${r.figure.padEnd(48)} ${r.value.toFixed(0).padStart(8)} ${r.unit}  (baseline ${r.baseline?.toFixed(0)} ${r.unit}: ${r.baselineLabel})  ${r.target}  ${r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL'}`,
      );
    await cleanup();
    process.exit(rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  if (process.argv.includes('exports')) {
    await exportRows();
    for (const r of rows)
      console.log(`${r.figure.padEnd(48)} ${r.value.toFixed(1).padStart(8)} ${r.unit}  (baseline ${r.baseline?.toFixed(1)} ${r.unit}: ${r.baselineLabel})  ${r.target}  ${r.pass ? 'PASS' : 'FAIL'}`);
    await cleanup();
    process.exit(rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  if (process.argv.includes('agents')) {
    const agents = await agentReportRows();
    const digits = (unit: string) => (unit === 's' ? 2 : 1);
    for (const r of rows)
      console.log(
        `${r.figure.padEnd(44)} ${r.value.toFixed(digits(r.unit)).padStart(8)} ${r.unit}  (baseline ${r.baseline?.toFixed(digits(r.unit))} ${r.unit}: ${r.baselineLabel})  ${r.target}  ${r.pass ? 'PASS' : 'FAIL'}`,
      );
    await cleanup();
    process.exit(agents && rows.every((r) => r.pass !== false) ? 0 : 1);
  }
  // Bounded in time whatever happens: stop the servers and give up after 5 minutes of measuring.
  watchdog = setTimeout(() => {
    console.error('bench: took longer than 1800 s, giving up');
    void cleanup().then(() => process.exit(2));
  }, 1_800_000);
  console.log(`Starting the platform on 127.0.0.1:${PORT} with a fresh PGlite folder and the demo seed...`);
  const t0 = Date.now();
  // TRUST_PROXY: the login-burst figure speaks from an attacker's address besides the bench's own.
  const platform = await startPlatform(PORT, path.join(work, 'data'), { TRUST_PROXY: '1' });
  running.push(platform);
  console.log(`  ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // a. the public pages as sent (Accept-Encoding: br, gzip), each beside its size before
  //    compression, and the JS each loads before interaction; the minimal page as sent by the
  //    plain Node server (gzip) is the floor.
  const pages: { path: string; weight: PageWeight }[] = [];
  for (const p of FRONT_PAGES) pages.push({ path: p, weight: await weighPage(`${platform.url}${p}`) });
  const home = pages[0]!.weight;
  const minimalGzip = gzipSize(MINIMAL_PAGE);
  for (const { path: p, weight } of pages) {
    const isHome = p === '/';
    rows.push({
      figure: `${p} HTML as sent (${weight.html.encoding || 'identity'})`,
      value: weight.html.sent / KB,
      unit: 'KB',
      baseline: weight.html.raw / KB,
      baselineLabel: 'same page uncompressed',
      target: isHome ? '<= 25 KB' : '',
      pass: isHome ? weight.html.sent <= 25 * KB && weight.html.encoding !== '' : weight.html.encoding === '' ? false : null,
    });
    rows.push({
      figure: `${p} JS before interaction as sent`,
      value: weight.jsSent / KB,
      unit: 'KB',
      baseline: weight.jsRaw / KB,
      baselineLabel: 'same files uncompressed',
      target: '<= 40 KB',
      pass: weight.jsSent <= 40 * KB,
    });
  }
  rows.push({ figure: 'minimal page (gzip)', value: minimalGzip / KB, unit: 'KB', baseline: null, baselineLabel: '', target: '', pass: null });

  // b. throughput against a plain Node server sending the same compressed bytes
  const homeFile = path.join(work, 'home.html.br');
  const asSent = await fetchAsSent(`${platform.url}/`, { 'accept-encoding': 'br' });
  writeFileSync(homeFile, asSent.sent);
  const brHeaders = { 'accept-encoding': BROWSER_ENCODINGS };
  console.log(`Loading the home page (brotli) with ${CONNECTIONS} connections for ${LOAD_SECONDS} s...`);
  const site = await load(`${platform.url}/`, CONNECTIONS, LOAD_SECONDS, brHeaders);
  const staticServer = await startStatic(PORT + 1, homeFile, 'text/html; charset=utf-8', asSent.headers['content-encoding'] as string | undefined);
  running.push(staticServer);
  console.log(`Loading the same bytes from a plain Node server for ${LOAD_SECONDS} s...`);
  const baseline = await load(`${staticServer.url}/`, CONNECTIONS, LOAD_SECONDS, brHeaders);
  await staticServer.stop();
  const ratio = site.requestsPerSecond / baseline.requestsPerSecond;
  rows.push({
    figure: 'home requests/s, compressed (50 connections)',
    value: site.requestsPerSecond,
    unit: 'req/s',
    baseline: baseline.requestsPerSecond,
    baselineLabel: 'same bytes, plain Node server',
    target: `>= 0.5 x baseline (${ratio.toFixed(2)} x)`,
    pass: ratio >= 0.5 && site.non2xx === 0 && site.errors === 0,
  });
  rows.push({
    figure: 'home p99 latency (50 connections)',
    value: site.p99Ms,
    unit: 'ms',
    baseline: baseline.p99Ms,
    baselineLabel: 'same bytes, plain Node server',
    target: '',
    pass: null,
  });
  if (site.non2xx || site.errors) console.log(`  home page under load: ${site.non2xx} non-2xx answers, ${site.errors} errors`);

  const { audits, minimalAudit } = await lighthouseRows(platform.url);

  // c. name search p95 through HTTP, beside a trivial call
  const names: string[] = [];
  for (let page = 1; page <= 6; page++) {
    const r = await fetch(`${platform.url}/wps/relay/GCSGAME_gameList?pageNo=${page * 7}&pageSize=100`, { headers: API_HEADERS });
    const body = (await r.json()) as { success: boolean; value?: { games: { gameName: string }[]; totalCount: number } };
    if (!body.success || !body.value) throw new Error(`gameList answered ${r.status}: ${JSON.stringify(body).slice(0, 300)}`);
    if (page === 1) console.log(`The catalogue holds ${body.value.totalCount} games.`);
    names.push(...body.value.games.map((g) => g.gameName));
  }
  const searchUrl = (q: string) => `${platform.url}/wps/relay/GCSGAME_gameList?gameName=${encodeURIComponent(q)}&pageNo=1&pageSize=32`;
  const expectHits = (status: number, text: string, url: string) => {
    const body = JSON.parse(text) as { success: boolean; value?: { totalCount: number } };
    if (status !== 200 || !body.success) throw new Error(`${url} answered ${status}: ${text.slice(0, 300)}`);
    if (!body.value || body.value.totalCount < 1) throw new Error(`${url} found nothing for a piece of a real game name`);
  };
  const prefixes = cycle(queriesFrom(names, 'prefix'), SEARCHES);
  const infixes = cycle(queriesFrom(names, 'infix'), SEARCHES);
  // Warm-up: the first queries compile plans and fill caches.
  await timeRequests(cycle([...prefixes.slice(0, 10), ...infixes.slice(0, 10)], 40).map(searchUrl), API_HEADERS, expectHits);
  const prefixTimes = await timeRequests(prefixes.map(searchUrl), API_HEADERS, expectHits);
  const infixTimes = await timeRequests(infixes.map(searchUrl), API_HEADERS, expectHits);
  const statusUrls = cycle([`${platform.url}/wps/system/status`], SEARCHES);
  await timeRequests(statusUrls.slice(0, 20), API_HEADERS, () => {});
  const statusTimes = await timeRequests(statusUrls, API_HEADERS, (status, _t, url) => {
    if (status !== 200) throw new Error(`${url} answered ${status}`);
  });
  const statusP95 = percentile(statusTimes, 95);
  for (const [kind, times] of [
    ['prefix', prefixTimes],
    ['infix', infixTimes],
  ] as const) {
    const p95 = percentile(times, 95);
    rows.push({
      figure: `search modal: gameList name search p95 (${kind})`,
      value: p95,
      unit: 'ms',
      baseline: statusP95,
      baselineLabel: '/wps/system/status p95',
      target: '< 15 ms',
      pass: p95 < 15,
    });
  }
  // d. logins, and a cheap token call while they run
  console.log(`Logging in as the demo player for ${LOAD_SECONDS} s (3 at a time), timing member info meanwhile...`);
  const logins = await measureLogins(platform.url, API_HEADERS, { username: 'demoplayer', password: 'Demo1234' }, LOAD_SECONDS);
  rows.push({
    figure: 'logins/s (enc + scrypt N=2^17)',
    value: logins.loginsPerSecond,
    unit: 'logins/s',
    baseline: null,
    baselineLabel: '',
    target: '',
    pass: logins.loginFailures === 0 ? null : false,
  });
  rows.push({
    figure: 'member info p99 during logins',
    value: logins.infoP99Ms,
    unit: 'ms',
    baseline: logins.idleInfoP99Ms,
    baselineLabel: 'member info p99, no logins',
    target: '< 20 ms',
    pass: logins.infoP99Ms < 20,
  });
  if (logins.loginFailures) console.log(`  ${logins.loginFailures} logins were refused, the first: ${logins.firstFailure}`);
  // d2. an ordinary login while 200 guesses arrive at once from one address
  console.log('Logging in as the demo player while 200 password guesses arrive at once from another address...');
  const burst = await measureLoginDuringBurst(platform.url, API_HEADERS, { username: 'demoplayer', password: 'Demo1234' });
  console.log(`  the burst was answered in ${burst.burstSeconds.toFixed(1)} s: ${JSON.stringify(burst.answers)}`);
  rows.push({
    figure: `ordinary login during a ${burst.burst}-guess burst`,
    value: burst.duringMs,
    unit: 'ms',
    baseline: burst.aloneMs,
    baselineLabel: 'the same login alone (median of 5)',
    // Issue 10: 'within a few seconds'. Measured 3.2 s beside 0.5 s alone on PGlite: of the 200
    // guesses only the captcha's allowance reach the hash; the rest is their counting writes,
    // which wait their turn on the embedded database's one connection.
    target: '< 5000 ms',
    pass: burst.duringMs < 5000 && !burst.answers.ok,
  });
  await platform.stop();

  // g. proof of work: the single-block solver beside WebCrypto per try
  console.log('Solving 16-bit proof-of-work challenges with both solvers...');
  const pow = await measurePow(16, 12);
  rows.push({
    figure: 'proof of work 16 bits, median',
    value: pow.solverMs,
    unit: 'ms',
    baseline: pow.webCryptoMs,
    baselineLabel: 'WebCrypto digest per try',
    target: '< 1/3 of WebCrypto (else drop the solver)',
    pass: pow.solverMs < pow.webCryptoMs / 3,
  });

  // e. ledger throughput, beside pgbench on the same PostgreSQL
  const ledger: { pglite?: LedgerLoad; postgres?: LedgerLoad; pgbench?: PgbenchRun; skipped: string[] } = { skipped: [] };
  const ledgerOk = (l: LedgerLoad) => l.failures === 0 && l.auditOk;
  const ledgerNote = (label: string, l: LedgerLoad) =>
    console.log(
      `  ${label}: ${l.rounds} rounds in ${l.seconds.toFixed(1)} s (${l.operationsPerSecond.toFixed(0)} ledger operations/s), round p50 ${l.roundP50Ms.toFixed(1)} ms, ` +
        `p99 ${l.roundP99Ms.toFixed(1)} ms${l.failures ? `, ${l.failures} failures (first: ${l.firstFailure})` : ''}${l.auditOk ? '' : ', LEDGER AUDIT FAILED'}`,
    );
  console.log(`Betting with ${CONNECTIONS} players on PGlite for ${LOAD_SECONDS} s...`);
  ledger.pglite = await measureLedgerPglite(path.join(work, 'ledger-pglite'), { players: CONNECTIONS, seconds: LOAD_SECONDS });
  ledgerNote('PGlite', ledger.pglite);
  rows.push({
    figure: 'ledger rounds/s, PGlite (50 players)',
    value: ledger.pglite.roundsPerSecond,
    unit: '/s',
    baseline: null,
    baselineLabel: '',
    target: '',
    pass: ledgerOk(ledger.pglite) ? null : false,
  });
  const unreachable = await postgresUnreachable(benchServerUrl());
  if (unreachable) {
    ledger.skipped.push(`PostgreSQL unreachable: ${unreachable}`);
    console.log(`PostgreSQL is not reachable (${unreachable}): no PostgreSQL ledger figure, no pgbench.`);
  } else {
    console.log(`Betting with ${CONNECTIONS} players on PostgreSQL for ${LOAD_SECONDS} s...`);
    ledger.postgres = await measureLedgerPostgres({ players: CONNECTIONS, seconds: LOAD_SECONDS });
    ledgerNote('PostgreSQL', ledger.postgres);
    const pgbench = findPgbench();
    if (pgbench) {
      console.log(`pgbench tpcb-like, -s ${CONNECTIONS} -c ${CONNECTIONS} -j 2 -T ${LOAD_SECONDS}, on the same PostgreSQL...`);
      ledger.pgbench = await runPgbench(pgbench, { clients: CONNECTIONS, seconds: LOAD_SECONDS });
    } else {
      ledger.skipped.push('pgbench missing');
      console.log('pgbench missing (Debian: postgresql-contrib or the postgresql client package): no baseline for the ledger.');
    }
    const ratio = ledger.pgbench ? ledger.postgres.roundsPerSecond / ledger.pgbench.tps : null;
    rows.push({
      figure: 'ledger rounds/s, PostgreSQL (50 players)',
      value: ledger.postgres.roundsPerSecond,
      unit: '/s',
      baseline: ledger.pgbench?.tps ?? null,
      baselineLabel: ledger.pgbench ? `pgbench tpcb-like tps (-s ${CONNECTIONS} -c ${CONNECTIONS} -j 2)` : 'pgbench missing',
      target: ratio === null ? '>= 0.5 x pgbench' : `>= 0.5 x baseline (${ratio.toFixed(2)} x)`,
      pass: ratio === null ? (ledgerOk(ledger.postgres) ? null : false) : ratio >= 0.5 && ledgerOk(ledger.postgres),
    });
  }

  // f. spins through the API, on the server's PGlite folder and on a fresh PostgreSQL database
  const spins: { pglite?: SpinLoad; postgres?: SpinLoad } = {};
  const spinNote = (label: string, l: SpinLoad) =>
    console.log(
      `  ${label}: ${l.spins} spins in ${l.seconds} s, p50 ${l.p50Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms` +
        `${l.failures ? `, ${l.failures} failures (first: ${l.firstFailure})` : ''}${l.auditOk ? '' : ', LEDGER AUDIT FAILED'}`,
    );
  const tickets: { pglite?: TicketLoad & { auditOk: boolean }; postgres?: TicketLoad & { auditOk: boolean } } = {};
  let settlement: DrawSettlement | undefined;
  const spinRow = (kind: string, l: SpinLoad, ledgerLoad: LedgerLoad | undefined) => {
    const ratio = ledgerLoad ? l.spinsPerSecond / ledgerLoad.roundsPerSecond : null;
    rows.push({
      figure: `spins/s through the API, ${kind} (50 players)`,
      value: l.spinsPerSecond,
      unit: '/s',
      baseline: ledgerLoad?.roundsPerSecond ?? null,
      baselineLabel: `ledger rounds/s in process, ${kind}`,
      target: ratio === null ? '' : `>= 0.5 x baseline (${ratio.toFixed(2)} x)`,
      pass: l.failures === 0 && l.auditOk && (ratio === null || ratio >= 0.5),
    });
  };
  {
    console.log(`Spinning with ${CONNECTIONS} players through the API on PGlite for ${LOAD_SECONDS} s...`);
    const dataDir = path.join(work, 'data');
    let handle = await openMigrated({ dataDir });
    const players = await prepareSpinPlayers(handle, CONNECTIONS);
    const ticketPlayers = await prepareTicketPlayers(handle, CONNECTIONS);
    await handle.close();
    const server = await startPlatform(PORT, dataDir);
    running.push(server);
    const load = await measureSpins(server.url, players, LOAD_SECONDS);
    console.log(`Buying lottery tickets with ${CONNECTIONS} players through the API on PGlite for ${LOAD_SECONDS} s...`);
    const ticketLoad = await measureTickets(server.url, ticketPlayers, LOAD_SECONDS);
    await server.stop();
    handle = await openMigrated({ dataDir });
    const audited = await auditOk(handle);
    spins.pglite = { ...load, auditOk: audited };
    tickets.pglite = { ...ticketLoad, auditOk: audited };
    await handle.close();
    spinNote('PGlite', spins.pglite);
    spinRow('PGlite', spins.pglite, ledger.pglite);
    ticketRow('PGlite', tickets.pglite, ledger.pglite);
  }
  if (!unreachable) {
    console.log(`Spinning with ${CONNECTIONS} players through the API on PostgreSQL for ${LOAD_SECONDS} s...`);
    const fresh = await freshDatabase('spins');
    try {
      const server = await startPlatform(PORT, path.join(work, 'data-pg'), { DATABASE_URL: fresh.url });
      running.push(server);
      const handle = await openMigrated({ url: fresh.url });
      const players = await prepareSpinPlayers(handle, CONNECTIONS);
      const limited = await prepareSpinPlayers(handle, CONNECTIONS);
      await setLimits(handle, limited);
      const ticketPlayers = await prepareTicketPlayers(handle, CONNECTIONS);
      // The players with limits first: the server is coldest then, so the ratio errs against them.
      console.log(`Spinning with ${CONNECTIONS} players who set loss and wager limits, for ${LOAD_SECONDS} s...`);
      const limitedLoad = await measureSpins(server.url, limited, LOAD_SECONDS);
      const load = await measureSpins(server.url, players, LOAD_SECONDS);
      limitedSpinsRow(limitedLoad, load);
      console.log(`Buying lottery tickets with ${CONNECTIONS} players through the API on PostgreSQL for ${LOAD_SECONDS} s...`);
      const ticketLoad = await measureTickets(server.url, ticketPlayers, LOAD_SECONDS);
      await server.stop();
      const audited = await auditOk(handle);
      spins.postgres = { ...load, auditOk: audited };
      tickets.postgres = { ...ticketLoad, auditOk: audited };
      await handle.close();
    } finally {
      await fresh.drop();
    }
    spinNote('PostgreSQL', spins.postgres!);
    spinRow('PostgreSQL', spins.postgres!, ledger.postgres);
    ticketRow('PostgreSQL', tickets.postgres!, ledger.postgres);

    // j. one draw of 100,000 tickets settled in its transaction, on a fresh PostgreSQL database
    settlement = await settlementRow();

    // o. a live table round of 500 bettors, on a fresh PostgreSQL database
    await gamesRows();
  }

  // i. agent reports at scale, on PostgreSQL
  const agents = await agentReportRows(spins.postgres?.spinsPerSecond);

  // l. the console's member search and member page at scale, on PostgreSQL
  const consoleTimes = await consoleRows();

  // k. the status call while agents export reports, on both databases
  await exportRows();

  // Report
  const fmt = (n: number | null, unit: string) => (n === null ? '' : `${n.toFixed(unit === 'req/s' ? 0 : unit === 'KB' ? 1 : 2)} ${unit}`);
  const table = [
    ['figure', 'measured', 'baseline', 'baseline is', 'target', 'result'],
    ...rows.map((r) => [r.figure, fmt(r.value, r.unit), fmt(r.baseline, r.unit), r.baselineLabel, r.target, r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL']),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  console.log('');
  for (const [i, row] of table.entries()) {
    console.log(row.map((cell, j) => (j === 1 || j === 2 ? cell.padStart(widths[j]!) : cell.padEnd(widths[j]!))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log('\nJS loaded before interaction on the home page (as sent / uncompressed):');
  for (const f of home.files)
    console.log(`  ${(f.sent / KB).toFixed(1).padStart(7)} KB ${(f.raw / KB).toFixed(1).padStart(7)} KB  ${(f.encoding || 'identity').padEnd(8)} ${f.why.padEnd(7)}  ${f.url}`);
  if (home.inlineJsBytes) console.log(`  (inline scripts: ${(home.inlineJsBytes / KB).toFixed(1)} KB before compression, counted in the HTML)`);
  console.log('\nLighthouse (mobile preset, median of runs by performance):');
  for (const a of [...audits, minimalAudit]) {
    console.log(
      `  ${a.path.padEnd(22)} perf ${a.performance}  a11y ${a.accessibility}  bp ${a.bestPractices}  seo ${a.seo}  FCP ${a.fcpMs} ms  LCP ${a.lcpMs} ms  TBT ${a.tbtMs} ms  CLS ${a.cls}${a.failing.length ? `  below full marks: ${a.failing.join(', ')}` : ''}`,
    );
  }

  const failed = rows.filter((r) => r.pass === false).length;
  const results = {
    at: new Date().toISOString(),
    node: process.version,
    seconds: Math.round((Date.now() - started) / 1000),
    rows,
    pages,
    lighthouse: { pages: audits, baseline: minimalAudit },
    load: { site, baseline, ratio },
    search: { prefixP95: percentile(prefixTimes, 95), infixP95: percentile(infixTimes, 95), statusP95, samples: SEARCHES },
    logins,
    ledger,
    spins,
    tickets,
    settlement,
    agents,
    console: consoleTimes,
  };
  writeFileSync(path.join(root, 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${rows.filter((r) => r.pass !== null).length - failed} targets met, ${failed} missed (bench-results.json, ${results.seconds} s)`);
  await cleanup();
  clearTimeout(watchdog);
  process.exit(failed ? 1 : 0);
} catch (err) {
  console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
  await cleanup();
  clearTimeout(watchdog);
  process.exit(1);
}
