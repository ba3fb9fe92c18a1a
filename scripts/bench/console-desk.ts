/**
 * The operator console at scale for `npm run bench` (issue 29), on PostgreSQL: a generated brand
 * of 100,000 members (a top agent, 100 agents under it with about 1,000 players each) with
 * 5,000,000 settled game rounds over 90 days, every round in the ledger as the product writes it
 * (a bet transfer, and a win transfer when it won: two entries each, on the member's main wallet
 * and the house games shard), two paid deposits per member (payment orders and their transfers),
 * a paid withdrawal for one member in four (hold and payout transfers), login sessions and
 * significant events. The rows are written in bulk with SQL (generate_series), not through
 * postTransfer: a bench dataset in a throwaway database, but a sound ledger (entries sum to zero
 * per transfer, each balance is the sum of its entries, each entry's balance_after the running
 * balance of its account, no member account below zero).
 *
 * The console's own server functions are called in-process on that database, one call at a time
 * (as the console's routes call them, without the HTTP layer; the agent reports go through the
 * API, but these functions are what the console's member search and member page run): member
 * search by a username prefix, an e-mail prefix, an id and an upline (searchMembers, first page of
 * 50 with its total), and the member page of random players (memberDetail: balances, sessions,
 * last 50 ledger entries, withdrawals, deposits, last 20 rounds, events, notes, protection).
 * p50 and p95 of each, beside the unindexed way to the same answer: one sequential scan of the
 * member table for the searches, of ledger_entry for the member page. The database is made here
 * and dropped after (BENCH_KEEP_DB=1 keeps it; BENCH_CONSOLE_DB measures a kept one again).
 */
import { sql } from 'drizzle-orm';
import { memberDetail, searchMembers } from '../../src/features/console/server/desk.ts';
import { listDeposits } from '../../src/features/console/server/deposits.ts';
import { openDb, type DbHandle } from '../../src/kernel/db/client.ts';
import { rowsOf } from '../../src/kernel/db/rows.ts';
import { brand } from '../../src/kernel/brand/index.ts';
import { GAME_SHARDS } from '../../src/features/wallet/server/accounts.ts';
import { freshDatabase } from './ledger.ts';
import { openMigrated } from './spins.ts';
import { percentile } from './timing.ts';

export type ConsoleFigure = 'username' | 'email' | 'id' | 'upline' | 'member' | 'deposits';

export interface ConsoleTimes {
  members: number;
  rounds: number;
  transfers: number;
  entries: number;
  /** Seconds to generate the data. */
  setupSeconds: number;
  /** p50 and p95 per figure, ms. */
  p50: Record<ConsoleFigure, number>;
  p95: Record<ConsoleFigure, number>;
  /** Mean rows found per search, per kind (the total of the first page). */
  meanTotal: Record<Exclude<ConsoleFigure, 'member' | 'deposits'>, number>;
  /** Baselines, ms: one sequential scan of member (a search's conditions), of ledger_entry. */
  memberScanMs: number;
  entryScanMs: number;
  /** Baseline of the deposit list, ms: one sequential scan of payment_order. */
  depositScanMs: number;
  failures: string[];
}

const PLAYERS = Number(process.env.BENCH_CONSOLE_PLAYERS ?? 99_899);
const AGENTS = 100;
const ROUNDS = Number(process.env.BENCH_CONSOLE_ROUNDS ?? 5_000_000);
const SAMPLES = Number(process.env.BENCH_CONSOLE_SAMPLES ?? 300);
const WARMUP = 20;
const PAGE_SIZE = 50;
const DAYS = 90;

type Exec = (q: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;

export async function measureConsole(log: (s: string) => void): Promise<ConsoleTimes> {
  const kept = process.env.BENCH_CONSOLE_DB;
  const fresh = kept ? { url: kept, drop: async () => {} } : await freshDatabase('console');
  const started = Date.now();
  try {
    await (await openMigrated({ url: fresh.url })).close();
    // One connection for the load, so that its session settings (memory for sorts and index builds) hold.
    const setup = await openDb({ url: fresh.url, poolSize: 1 });
    const exec: Exec = async (q) => rowsOf(await setup.db.execute(q));
    try {
      if (!kept) await generate(exec, log);
    } finally {
      await setup.close();
    }
    const setupSeconds = Math.round((Date.now() - started) / 1000);
    // The server's own pool size (src/kernel/db/client.ts): memberDetail runs its queries side by side.
    const handle = await openDb({ url: fresh.url });
    try {
      return { ...(await measure(handle, log)), setupSeconds };
    } finally {
      await handle.close();
    }
  } finally {
    if (process.env.BENCH_KEEP_DB === '1') log(`  kept ${fresh.url}`);
    else await fresh.drop();
  }
}

/** A random pick of `list` (deterministic: the same run asks the same things). */
function picker(seed: number): <T>(list: T[]) => T {
  let s = seed >>> 0;
  return (list) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return list[s % list.length]!;
  };
}

async function measure(handle: DbHandle, log: (s: string) => void): Promise<Omit<ConsoleTimes, 'setupSeconds'>> {
  const db = handle.db;
  const exec: Exec = async (q) => rowsOf(await db.execute(q));
  const count = async (table: string) => Number(((await exec(sql.raw(`select count(*)::bigint as n from ${table}`))) as { n: string }[])[0]!.n);
  const [members, rounds, transfers, entries] = [await count('member'), await count('game_round'), await count('ledger_transfer'), await count('ledger_entry')];
  log(`  ${members.toLocaleString('en')} members, ${rounds.toLocaleString('en')} rounds, ${transfers.toLocaleString('en')} transfers, ${entries.toLocaleString('en')} ledger entries`);

  // What a staff member would type: the start of a player's username (2 to 5 characters) or e-mail
  // (3 to 6), a player's id, an agent's username; and the players whose page is opened.
  const sample = (await exec(sql`select id, username, email from member where type = 0 order by md5(id::text) limit ${SAMPLES}`)) as { id: number; username: string; email: string | null }[];
  const agents = (await exec(sql`select username from member where type = 1 and depth = 1 order by id`)) as { username: string }[];
  const pick = picker(29);
  const withEmail = sample.filter((s) => s.email);
  const queries = {
    username: sample.map((s, i) => ({ q: s.username.slice(0, 2 + (i % 4)) })),
    email: withEmail.map((s, i) => ({ q: s.email!.slice(0, 3 + (i % 4)) })),
    id: sample.map((s) => ({ q: String(s.id) })),
    upline: sample.map(() => ({ upline: pick(agents).username })),
  };

  const failures: string[] = [];
  const p50 = { username: 0, email: 0, id: 0, upline: 0, member: 0, deposits: 0 };
  const p95 = { ...p50 };
  const meanTotal = { username: 0, email: 0, id: 0, upline: 0 };
  const time = async (figure: ConsoleFigure, calls: (() => Promise<unknown>)[]) => {
    const times: number[] = [];
    for (const [i, call] of calls.entries()) {
      const t0 = performance.now();
      try {
        await call();
      } catch (err) {
        failures.push(`${figure}: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (i >= WARMUP) times.push(performance.now() - t0);
    }
    p50[figure] = percentile(times, 50);
    p95[figure] = percentile(times, 95);
    log(`  ${figure}: p50 ${p50[figure].toFixed(1)} ms, p95 ${p95[figure].toFixed(1)} ms over ${times.length} calls`);
  };
  for (const kind of ['username', 'email', 'id', 'upline'] as const) {
    const list = queries[kind];
    let found = 0;
    const calls = [...list.slice(0, WARMUP), ...list].map((q) => async () => {
      const r = await searchMembers(db, { ...q, page: 1, pageSize: PAGE_SIZE });
      if (r.total === 0) throw new Error(`nothing found for ${JSON.stringify(q)}`);
      found += r.total;
    });
    await time(kind, calls);
    meanTotal[kind] = Math.round(found / (list.length + WARMUP));
  }
  const ids = sample.map((s) => Number(s.id));
  await time(
    'member',
    [...ids.slice(0, WARMUP), ...ids].map((id) => async () => {
      const d = await memberDetail(db, id);
      if (d.entries.length !== 50 || d.rounds.length !== 20) throw new Error(`member ${id}: ${d.entries.length} entries, ${d.rounds.length} rounds`);
    }),
  );

  // The deposit list's pages as finance opens them: newest first, of every state or one, and a
  // member's (the first pages, and a few deeper ones).
  const depositQueries = sample.map((s, i) => [{}, { status: 'paid' as const }, { status: 'failed' as const }, { username: s.username }, { page: 2 + (i % 5) }][i % 5]!);
  await time(
    'deposits',
    [...depositQueries.slice(0, WARMUP), ...depositQueries].map((q) => async () => {
      await listDeposits(db, { page: 1, pageSize: PAGE_SIZE, ...q }, 'en');
    }),
  );

  // Baselines: the same answers without an index, one sequential scan each (best of 3); the
  // `|| ''` keeps the planner off the search's own indexes.
  const best = async (q: ReturnType<typeof sql>) => {
    const ms: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await exec(q);
      ms.push(performance.now() - t0);
    }
    return Math.min(...ms);
  };
  const probe = queries.username[0]!.q;
  const memberScanMs = await best(sql`select count(*) from member where lower(username || '') like ${`${probe}%`} or lower(email || '') like ${`${probe}%`} or (mobile || '') like ${`${probe}%`}`);
  const entryScanMs = await best(sql`select count(*), sum(amount) from ledger_entry`);
  const depositScanMs = await best(sql`select count(*), max(created_at) from payment_order`);
  return { members, rounds, transfers, entries, p50, p95, meanTotal, memberScanMs, entryScanMs, depositScanMs, failures: [...new Set(failures)].slice(0, 10) };
}

/** Drops a table's secondary indexes and foreign keys (answers what puts them back): a bulk load without them, as a restore does. */
async function bare(exec: Exec, table: string): Promise<() => Promise<void>> {
  const indexes = (await exec(sql`select indexname, indexdef from pg_indexes where tablename = ${table} and indexname <> ${`${table}_pkey`}`)) as { indexname: string; indexdef: string }[];
  const fks = (await exec(sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`)) as { conname: string; def: string }[];
  for (const fk of fks) await exec(sql.raw(`alter table ${table} drop constraint ${fk.conname}`));
  for (const ix of indexes) await exec(sql.raw(`drop index ${ix.indexname}`));
  return async () => {
    for (const ix of indexes) await exec(sql.raw(ix.indexdef));
    for (const fk of fks) await exec(sql.raw(`alter table ${table} add constraint ${fk.conname} ${fk.def}`));
  };
}

/** A staging table (unlogged, dropped at the end) from `query`, with its statistics for the planner. */
async function stage(exec: Exec, name: string, query: string): Promise<void> {
  await exec(sql.raw(`create unlogged table ${name} as ${query}`));
  await exec(sql.raw(`analyze ${name}`));
}

/** Letters of a hash, for names that look like names and spread over the alphabet. */
const letters = (seed: string, n: number) => `translate(substr(md5(${seed}), 1, ${n}), '0123456789abcdef', 'abdeghiklmnoprst')`;

async function generate(exec: Exec, log: (s: string) => void): Promise<void> {
  const currency = brand().currency;
  const t0 = Date.now();
  await exec(sql`set work_mem = '256MB'`);
  await exec(sql`set maintenance_work_mem = '512MB'`);
  const step = (what: string) => log(`  ${what} (${Math.round((Date.now() - t0) / 1000)} s)`);
  step(`generating ${(PLAYERS + AGENTS + 1).toLocaleString('en')} members`);
  const hash = `'scrypt$17$8$1$' || md5('s' || g) || '$' || md5('k' || g) || md5('l' || g)`;
  await exec(sql`insert into member (username, password_hash, password_changed_at, type, created_at) values ('cb_top', 'x', now(), 1, now() - interval '800 days')`);
  await exec(
    sql.raw(`insert into member (username, password_hash, password_changed_at, type, upline_id, created_at, email, country_dialing_code, mobile)
      select 'cb_agent_' || g, ${hash}, now(), 1, (select id from member where username = 'cb_top'), now() - ((700 - g) || ' days')::interval,
        'agent' || g || '@example.com', '52', '54' || lpad(g::text, 8, '0')
      from generate_series(1, ${AGENTS}) g`),
  );
  await stage(exec, 'cb_agent', `select row_number() over (order by id) - 1 as n, id from member where username like 'cb\\_agent\\_%'`);
  // Usernames: five letters and the number; e-mails for four in five, mobiles for nine in ten.
  await exec(
    sql.raw(`insert into member (username, password_hash, password_changed_at, type, upline_id, created_at, last_login_at, email, country_dialing_code, mobile)
      select ${letters(`'u' || g`, 5)} || g, ${hash}, now(), 0, a.id, c, now() - ((g % 72) || ' hours')::interval,
        case when g % 5 <> 0 then ${letters(`'e' || g`, 7)} || '.' || (g % 89) || '@' || (array['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com'])[1 + (g / 7) % 5] end,
        case when g % 10 <> 0 then '52' end, case when g % 10 <> 0 then '55' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0') end
      from generate_series(1, ${PLAYERS}) g
      cross join lateral (select now() - interval '${DAYS + 40} days' - ((g % 600) || ' days')::interval as c) t
      join cb_agent a on a.n = g % ${AGENTS}`),
  );
  await stage(exec, 'cb_player', `select row_number() over (order by id) - 1 as n, id from member where type = 0`);
  await exec(sql.raw(`alter table cb_player add primary key (n)`));

  step('accounts, sessions and events');
  await exec(
    sql.raw(`insert into ledger_account (code, member_id, kind, currency, created_at)
      select 'member:' || id || ':main', id, 'main', '${currency}', created_at from member order by id`),
  );
  await exec(
    sql.raw(`insert into ledger_account (code, kind, currency, allow_negative)
      select 'house:games:' || s, 'house', '${currency}', true from generate_series(0, ${GAME_SHARDS - 1}) s
      union all select 'house:payments', 'house', '${currency}', true union all select 'house:payouts', 'house', '${currency}', true
      on conflict (code) do nothing`),
  );
  await exec(
    sql.raw(`insert into member_session (token_hash, member_id, created_at, last_seen_at, expires_at, revoked_at, ip)
      select md5('t' || p.id || '-' || k), p.id, now() - ((k * 3 + p.n % 20) || ' days')::interval, now() - ((k * 3 + p.n % 20) || ' days')::interval + interval '40 minutes',
        now() - ((k * 3 + p.n % 20) || ' days')::interval + interval '7 days', case when k > 0 then now() - ((k * 3) || ' days')::interval end,
        '10.' || (p.n % 250) || '.' || (k * 7 % 250) || '.' || (p.n * 13 % 250)
      from cb_player p cross join generate_series(0, 2) k`),
  );
  await exec(
    sql.raw(`insert into significant_event (at, member_id, kind, actor, ip, detail)
      select now() - ((k * 5 + p.n % 30) || ' days')::interval, p.id, (array['login', 'login', 'login.failed', 'reality.set'])[1 + (p.n + k) % 4], 'member',
        '10.' || (p.n % 250) || '.' || (k * 7 % 250) || '.' || (p.n * 13 % 250), '{}'::jsonb
      from cb_player p cross join generate_series(0, 4) k`),
  );

  // The rounds, staged once: round k of player n, about every 1.8 days over 90 days, in time order by g.
  step(`staging ${ROUNDS.toLocaleString('en')} rounds`);
  const vendors = ['JL', 'PG', 'FC', 'CQ9', 'JDB', 'KA', 'EVO', 'SEXY', 'SABA', 'IM', 'RCB', 'SV388', 'KM', 'FISHX', 'TCG', 'LOTT'];
  await exec(
    sql.raw(
      `insert into vendor (code, display_name, game_type, sort) select v, v, 'RNG', i from unnest(array[${vendors.map((v) => `'${v}'`).join(',')}]) with ordinality x(v, i) on conflict do nothing`,
    ),
  );
  const perPlayer = Math.ceil(ROUNDS / PLAYERS);
  await stage(
    exec,
    'cb_round',
    `select g, p.id as m, (100 + (g * 37) % 1900)::bigint as bet,
        case when (g * 13) % 100 < 45 then 0 else ((100 + (g * 37) % 1900) * (50 + (g * 17) % 150) / 100) end::bigint as win,
        now() - interval '${DAYS} days' + (g / ${PLAYERS}) * interval '${(DAYS * 86_400) / perPlayer} seconds' + ((p.n * 7) % 80000) * interval '1 second' as t
      from generate_series(0::bigint, ${ROUNDS - 1}::bigint) g join cb_player p on p.n = g % ${PLAYERS}`,
  );
  // Deposits: two per player, before the first round, large enough that no balance goes below zero.
  await stage(
    exec,
    'cb_deposit',
    `select p.n, p.id as m, k, (100000 + ((p.n * 7 + k * 13) % 40) * 10000)::bigint as amount,
        now() - interval '${DAYS + 3} days' - ((p.n % 30) || ' days')::interval + k * interval '1 day' as t
      from cb_player p cross join generate_series(0, 1) k`,
  );

  const restore = [await bare(exec, 'game_round'), await bare(exec, 'ledger_transfer'), await bare(exec, 'ledger_entry'), await bare(exec, 'payment_order'), await bare(exec, 'withdrawal')];
  step('game_round');
  await exec(
    sql.raw(`insert into game_round (round_id, member_id, vendor, game_name, bet_amount, win_amount, wallet_account, status, created_at, settled_at)
      select 'cb' || g, m, v, v || ' bench game', bet, win, 'member:' || m || ':main', 'settled', t, t + interval '5 seconds'
      from cb_round cross join lateral (select (array[${vendors.map((v) => `'${v}'`).join(',')}])[1 + ((m + g / ${PLAYERS * 3}) % ${vendors.length})] as v) x`),
  );

  step('deposits');
  // Transfer and entry ids are chosen here (the sequences are set after): deposits first, then
  // the rounds' bets and wins, then the withdrawals, in time order.
  await exec(
    sql.raw(`insert into ledger_transfer (id, kind, member_id, reference, memo, created_at)
      select 2 * n + k + 1, 'deposit', m, 'cb-po-' || n || '-' || k, 'sandbox bank', t from cb_deposit`),
  );
  await exec(
    sql.raw(`insert into payment_order (id, member_id, provider, channel, amount, currency, status, transfer_id, created_at, expires_at, settled_at)
      select 'cb-po-' || n || '-' || k, m, 'sandbox', 'bank', amount, '${currency}', 'paid', 2 * n + k + 1, t - interval '3 minutes', t + interval '27 minutes', t from cb_deposit`),
  );
  await stage(exec, 'cb_acct', `select a.member_id as m, a.id from ledger_account a where a.kind = 'main'`);
  await exec(sql.raw(`alter table cb_acct add primary key (m)`));
  await exec(
    sql.raw(`insert into ledger_entry (id, transfer_id, account_id, amount, balance_after, created_at)
      select 4 * d.n + 2 * d.k + e.i, 2 * d.n + d.k + 1, case e.i when 1 then h.id else a.id end, case e.i when 1 then -d.amount else d.amount end,
        case e.i when 1 then d.house else d.mine end, d.t
      from (select *, -sum(amount) over (order by n, k) as house, sum(amount) over (partition by m order by k) as mine from cb_deposit) d join cb_acct a on a.m = d.m cross join (select id from ledger_account where code = 'house:payments') h cross join generate_series(1, 2) e(i)`),
  );

  step('bets and wins in the ledger');
  const [{ t0: tBase, e0: eBase } = { t0: 0, e0: 0 }] = (await exec(sql`select (select max(id) from ledger_transfer)::bigint as t0, (select max(id) from ledger_entry)::bigint as e0`)) as {
    t0: number;
    e0: number;
  }[];
  await exec(
    sql.raw(`insert into ledger_transfer (id, kind, member_id, reference, created_at)
      select ${tBase} + 2 * g + w.i, case w.i when 1 then 'bet' else 'win' end, m, 'cb' || g, t + (w.i - 1) * interval '5 seconds'
      from cb_round cross join generate_series(1, 2) w(i) where w.i = 1 or win > 0`),
  );
  await stage(exec, 'cb_house', `select s, (select id from ledger_account where code = 'house:games:' || s) as id from generate_series(0, ${GAME_SHARDS - 1}) s`);
  // Running balances: the member's (deposits, then each round's net) and the house shard's.
  await exec(
    sql.raw(`insert into ledger_entry (id, transfer_id, account_id, amount, balance_after, created_at)
      select ${eBase} + 4 * r.g + e.i, ${tBase} + 2 * r.g + (e.i + 1) / 2,
        case when e.i % 2 = 1 then a.id else h.id end,
        case e.i when 1 then -r.bet when 2 then r.bet when 3 then r.win else -r.win end,
        case e.i when 1 then r.mine - r.win when 2 then r.house + r.win when 3 then r.mine else r.house end,
        r.t + ((e.i - 1) / 2) * interval '5 seconds'
      from (
        select g, m, bet, win, t, dep.total + sum(win - bet) over (partition by m order by g) as mine, sum(bet - win) over (partition by m % ${GAME_SHARDS} order by g) as house
        from cb_round join (select m, sum(amount) as total from cb_deposit group by m) dep using (m)
      ) r
      join cb_acct a on a.m = r.m join cb_house h on h.s = r.m % ${GAME_SHARDS}
      cross join generate_series(1, 4) e(i) where e.i <= 2 or r.win > 0`),
  );

  step('withdrawals');
  // One player in four withdrew once after playing: held, then paid out.
  await exec(
    sql.raw(`insert into ledger_account (code, member_id, kind, currency, created_at)
      select 'member:' || id || ':hold', id, 'hold', '${currency}', now() - interval '2 days' from cb_player where n % 4 = 0`),
  );
  const [{ t1, e1 } = { t1: 0, e1: 0 }] = (await exec(sql`select (select max(id) from ledger_transfer)::bigint as t1, (select max(id) from ledger_entry)::bigint as e1`)) as {
    t1: number;
    e1: number;
  }[];
  await stage(
    exec,
    'cb_withdrawal',
    `select p.n, p.id as m, (10000 + (p.n % 9) * 5000)::bigint as amount, now() - interval '1 day' - ((p.n % 600) || ' seconds')::interval as t,
        d.total + r.net as before, a.id as main, (select id from ledger_account where code = 'member:' || p.id || ':hold') as hold
      from cb_player p join cb_acct a on a.m = p.id
      join (select m, sum(amount) as total from cb_deposit group by m) d on d.m = p.id
      join (select m, sum(win - bet) as net from cb_round group by m) r on r.m = p.id
      where p.n % 4 = 0`,
  );
  await exec(
    sql.raw(`insert into withdrawal (id, member_id, amount, currency, status, payee_name, reviewed_by, requested_at, reviewed_at, paid_at)
      select 'cb-w-' || n, m, amount, '${currency}', 'paid', 'Bench Payee', 'staff:bench', t, t + interval '1 hour', t + interval '1 hour' from cb_withdrawal`),
  );
  await exec(
    sql.raw(`insert into ledger_transfer (id, kind, member_id, reference, created_at)
      select ${t1} + 2 * n + k, case k when 1 then 'withdrawal_hold' else 'withdrawal_payout' end, m, 'cb-w-' || n, t + (k - 1) * interval '1 hour'
      from cb_withdrawal cross join generate_series(1, 2) k`),
  );
  await exec(
    sql.raw(`insert into ledger_entry (id, transfer_id, account_id, amount, balance_after, created_at)
      select ${e1} + 4 * w.n + e.i, ${t1} + 2 * w.n + (e.i + 1) / 2,
        case e.i when 1 then w.main when 2 then w.hold when 3 then w.hold else p.id end,
        case when e.i % 2 = 1 then -w.amount else w.amount end,
        case e.i when 1 then w.before - w.amount when 2 then w.amount when 3 then 0 else w.paid end,
        w.t + ((e.i - 1) / 2) * interval '1 hour'
      from (select *, sum(amount) over (order by n) as paid from cb_withdrawal) w cross join (select id from ledger_account where code = 'house:payouts') p cross join generate_series(1, 4) e(i)`),
  );
  await exec(
    sql.raw(`insert into significant_event (at, member_id, kind, actor, detail)
      select t, m, 'withdrawal', 'member', jsonb_build_object('id', 'cb-w-' || n, 'status', 'paid') from cb_withdrawal`),
  );

  step('balances and sequences');
  await exec(sql.raw(`update ledger_account a set balance = s.total from (select account_id, sum(amount) as total from ledger_entry group by account_id) s where s.account_id = a.id`));
  await exec(sql.raw(`select setval(pg_get_serial_sequence('ledger_transfer', 'id'), (select max(id) from ledger_transfer))`));
  await exec(sql.raw(`select setval(pg_get_serial_sequence('ledger_entry', 'id'), (select max(id) from ledger_entry))`));
  for (const t of ['cb_agent', 'cb_player', 'cb_round', 'cb_deposit', 'cb_acct', 'cb_house', 'cb_withdrawal']) await exec(sql.raw(`drop table ${t}`));

  step('indexes and foreign keys');
  for (const put of restore) await put();
  await exec(sql`analyze`);
  step('ready');
}
