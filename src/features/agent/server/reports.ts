/**
 * The agent back office's reports (issue 13): team overview, team betting, user loss, team
 * transactions and my income. Sums come from the members' daily figures (wallet's member_day: a
 * row per member, day and vendor, written with each round, deposit and payout), so a month of a
 * large team is a few rows per member-day instead of every round; lists page the source rows.
 * A team is a prefix range of the tree path (docs/architecture.md, 'The agent back office').
 */
import { and, between, desc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { member, type Member } from '../../accounts/index.ts';
import { vendor } from '../../games/index.ts';
import { gameRound, mainAccount, memberDay, type DayRange } from '../../wallet/index.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { addDays, daysBetween } from '../../../kernel/days.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import type { TeamFigures } from '../contract.ts';
import { teamDay } from './tables.ts';
import { summarisedDays } from './rollup.ts';

/** The member whose team a report covers: the caller, or a sub-agent inside its team. */
export type Subject = Pick<Member, 'id' | 'treePath' | 'depth'>;

export interface Paging {
  pageNo: number;
  pageSize: number;
}

/** Minor units to a JSON number of major units. */
export const major = (v: bigint | string | number | null | undefined): number => Number(formatMinor(BigInt(v ?? 0), brand().currencyDecimals));
const big = (v: unknown): bigint => BigInt(String(v ?? 0));

/** Rows of `table` (tree path and depth columns) strictly below `s`: one index range on the path. */
function below(path: SQL | unknown, depth: SQL | unknown, s: Subject): SQL {
  return and(sql`${path} ~>=~ ${s.treePath}`, sql`${path} ~<~ ${s.treePath + ':'}`, gt(depth as never, s.depth))!;
}

/**
 * Which rows of a list to read: a page by offset (the screens), or the `limit` rows after a
 * cursor (exports, keyset paging: each page is an index range, however deep into the list).
 */
export interface Slice<C> {
  limit: number;
  offset?: number;
  after?: C;
}
const sliceOf = (p: Paging): Slice<never> => ({ limit: p.pageSize, offset: (p.pageNo - 1) * p.pageSize });

/** A row's time as exact microseconds since the epoch (text), for a cursor: a JS Date keeps only milliseconds. */
const micros = (col: unknown) => sql<string>`(extract(epoch from ${col}) * 1000000)::bigint::text`;
/** Microseconds since the epoch (a cursor's) back to a timestamp, exactly. */
const fromMicros = (us: string) => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;

/** Where a list ordered newest first (time, then key, both descending) resumes. */
export interface TimeCursor {
  micros: string;
  key: string;
}

const pageInfo = (total: number, p: Paging) => ({
  pageNum: p.pageNo,
  totalPages: Math.ceil(total / p.pageSize),
  totalCount: total,
});

/** Sums of member_day rows, as text (exact), to be read with `big`. */
const daySums = {
  betCount: sql<string>`coalesce(sum(${memberDay.betCount}), 0)::text`,
  validBet: sql<string>`coalesce(sum(${memberDay.validBet}), 0)::text`,
  payout: sql<string>`coalesce(sum(${memberDay.payout}), 0)::text`,
  depositCount: sql<string>`coalesce(sum(${memberDay.depositCount}), 0)::text`,
  deposit: sql<string>`coalesce(sum(${memberDay.deposit}), 0)::text`,
  withdrawalCount: sql<string>`coalesce(sum(${memberDay.withdrawalCount}), 0)::text`,
  withdrawal: sql<string>`coalesce(sum(${memberDay.withdrawal}), 0)::text`,
};

interface Minor {
  betCount: bigint;
  validBet: bigint;
  payout: bigint;
  depositCount: bigint;
  deposit: bigint;
  withdrawalCount: bigint;
  withdrawal: bigint;
}
const zero = (): Minor => ({
  betCount: 0n,
  validBet: 0n,
  payout: 0n,
  depositCount: 0n,
  deposit: 0n,
  withdrawalCount: 0n,
  withdrawal: 0n,
});
function add(into: Minor, r: Record<keyof Minor, unknown>): void {
  for (const k of Object.keys(into) as (keyof Minor)[]) into[k] += big(r[k]);
}
const figures = (m: Minor): TeamFigures => ({
  betCount: Number(m.betCount),
  validBet: major(m.validBet),
  payout: major(m.payout),
  profitLoss: major(m.payout - m.validBet),
  depositCount: Number(m.depositCount),
  deposit: major(m.deposit),
  withdrawalCount: Number(m.withdrawalCount),
  withdrawal: major(m.withdrawal),
});

/**
 * The range's days split by where their figures are read: `summarised` from the agent's rollups
 * (team_day, team_member_day: built and not changed since), `live` from member_day (today, a
 * changed day, a day not built yet).
 */
export interface DaySplit {
  summarised: string[];
  live: string[];
}

async function splitDays(db: Db, r: DayRange): Promise<DaySplit> {
  const done = await summarisedDays(db, r.from, r.to);
  const all = Array.from({ length: daysBetween(r.from, r.to) + 1 }, (_, i) => addDays(r.from, i));
  return { summarised: all.filter((d) => done.has(d)), live: all.filter((d) => !done.has(d)) };
}

/** `col` is one of `days` (named one by one: an index lookup each), or false when there are none. */
const dayIn = (col: unknown, days: string[]): SQL =>
  days.length
    ? sql`${col} in (${sql.join(
        days.map((d) => sql`${d}`),
        sql`, `,
      )})`
    : sql`false`;

/**
 * The team's sums per day, game category and level (direct: the members right below): closed days
 * already summarised from team_day (one row per vendor and level), the rest (today, a day changed
 * since, a day not built yet) from member_day: the same sums either way.
 */
async function teamSums(db: Db, s: Subject, r: DayRange, split?: DaySplit) {
  const direct = s.depth + 1;
  const { summarised, live: liveDays } = split ?? (await splitDays(db, r));
  const live = liveDays.length ? inArray(memberDay.day, liveDays) : sql`false`;
  const fromMembers = db
    .select({
      day: memberDay.day,
      category: sql<string>`coalesce(${vendor.gameType}, '')`,
      direct: sql<boolean>`${memberDay.depth} = ${direct}`,
      ...daySums,
    })
    .from(memberDay)
    .leftJoin(vendor, eq(vendor.code, memberDay.vendor))
    .where(and(below(memberDay.treePath, memberDay.depth, s), live))
    .groupBy(sql`1`, sql`2`, sql`3`);
  const fromTeamDays = summarised.length
    ? db
        .select({
          day: teamDay.day,
          category: sql<string>`coalesce(${vendor.gameType}, '')`,
          direct: teamDay.direct,
          betCount: sql<string>`sum(${teamDay.betCount})::text`,
          validBet: sql<string>`sum(${teamDay.validBet})::text`,
          payout: sql<string>`sum(${teamDay.payout})::text`,
          depositCount: sql<string>`sum(${teamDay.depositCount})::text`,
          deposit: sql<string>`sum(${teamDay.deposit})::text`,
          withdrawalCount: sql<string>`sum(${teamDay.withdrawalCount})::text`,
          withdrawal: sql<string>`sum(${teamDay.withdrawal})::text`,
        })
        .from(teamDay)
        .leftJoin(vendor, eq(vendor.code, teamDay.vendor))
        .where(and(eq(teamDay.agentId, s.id), inArray(teamDay.day, summarised)))
        .groupBy(sql`1`, sql`2`, sql`3`)
    : Promise.resolve([]);
  const [x, y] = await Promise.all([fromMembers, fromTeamDays]);
  return [...x, ...y];
}

/** Team overview: members, the figures by level, by category and by day. */
export async function overview(db: Db, s: Subject, r: DayRange) {
  const direct = s.depth + 1;
  const split = await splitDays(db, r);
  const sums = teamSums(db, s, r, split);

  const countsQuery = db
    .select({
      total: sql<number>`count(*) filter (where ${member.createdAt} < ${r.end.toISOString()})`.mapWith(Number),
      fresh: sql<number>`count(*) filter (where ${member.createdAt} >= ${r.start.toISOString()} and ${member.createdAt} < ${r.end.toISOString()})`.mapWith(Number),
      directTotal: sql<number>`count(*) filter (where ${member.depth} = ${direct} and ${member.createdAt} < ${r.end.toISOString()})`.mapWith(Number),
      directFresh: sql<number>`count(*) filter (where ${member.depth} = ${direct} and ${member.createdAt} >= ${r.start.toISOString()} and ${member.createdAt} < ${r.end.toISOString()})`.mapWith(
        Number,
      ),
    })
    .from(member)
    .where(below(member.treePath, member.depth, s));
  // Members with a bet in the range: closed days from team_member_day (a row per member and day), the rest from member_day.
  const activeQuery = db
    .execute(
      sql`select count(distinct member_id)::int as "all", count(distinct member_id) filter (where depth = ${direct})::int as direct
        from ${memberBets(s, r, split)} where bet_count > 0`,
    )
    .then((x) => rowsOf(x).map((a) => ({ all: Number(a.all), direct: Number(a.direct) })));
  const [rows, [counts], [active]] = await Promise.all([sums, countsQuery, activeQuery]);

  const all = zero();
  const mine = zero();
  const byCategory = new Map<string, Minor>();
  const byDay = new Map<string, Minor>();
  for (const row of rows) {
    add(all, row);
    if (row.direct) add(mine, row);
    if (row.category) {
      if (!byCategory.has(row.category)) byCategory.set(row.category, zero());
      add(byCategory.get(row.category)!, row);
    }
    if (!byDay.has(row.day)) byDay.set(row.day, zero());
    add(byDay.get(row.day)!, row);
  }
  const days = Array.from({ length: daysBetween(r.from, r.to) + 1 }, (_, i) => addDays(r.from, i));
  return {
    from: r.from,
    to: r.to,
    members: {
      direct: {
        total: counts?.directTotal ?? 0,
        new: counts?.directFresh ?? 0,
        active: active?.direct ?? 0,
      },
      all: {
        total: counts?.total ?? 0,
        new: counts?.fresh ?? 0,
        active: active?.all ?? 0,
      },
    },
    direct: figures(mine),
    all: figures(all),
    categories: [...byCategory]
      .map(([category, m]) => ({
        category,
        betCount: Number(m.betCount),
        validBet: major(m.validBet),
        payout: major(m.payout),
        profitLoss: major(m.payout - m.validBet),
      }))
      .sort((a, b) => b.validBet - a.validBet || a.category.localeCompare(b.category)),
    days: days.map((day) => ({ day, ...figures(byDay.get(day) ?? zero()) })),
  };
}

/** A team member named by username (exact, any case), or 404 agent.member.unknown. */
export async function teamMemberNamed(db: Db, s: Subject, username: string): Promise<Member> {
  const [m] = await db
    .select()
    .from(member)
    .where(and(sql`lower(${member.username}) = ${username.toLowerCase()}`, below(member.treePath, member.depth, s)))
    .limit(1);
  if (!m) throw new ApiError(404, 'agent.member.unknown');
  return m;
}

export interface BetFilter {
  memberId?: number;
  category?: string;
  vendor?: string;
}

/** Settled rounds of the team in the range matching the filter, newest first (a slice of them), with each row's cursor. */
export async function betRows(db: Db, s: Subject, r: DayRange, f: BetFilter, slice: Slice<TimeCursor>) {
  const rounds = and(
    eq(gameRound.status, 'settled'),
    gte(gameRound.createdAt, r.start),
    lt(gameRound.createdAt, r.end),
    below(member.treePath, member.depth, s),
    f.memberId ? eq(gameRound.memberId, f.memberId) : undefined,
    f.vendor ? eq(gameRound.vendor, f.vendor) : undefined,
    f.category ? eq(vendor.gameType, f.category) : undefined,
    slice.after ? sql`(${gameRound.createdAt}, ${gameRound.roundId}) < (${fromMicros(slice.after.micros)}, ${slice.after.key}::text)` : undefined,
  );
  const rows = await db
    .select({
      roundId: gameRound.roundId,
      memberId: gameRound.memberId,
      username: member.username,
      depth: member.depth,
      vendor: gameRound.vendor,
      category: vendor.gameType,
      gameName: gameRound.gameName,
      bet: gameRound.betAmount,
      win: gameRound.winAmount,
      createdAt: gameRound.createdAt,
      micros: micros(gameRound.createdAt),
      settledAt: gameRound.settledAt,
    })
    .from(gameRound)
    .innerJoin(member, eq(member.id, gameRound.memberId))
    .leftJoin(vendor, eq(vendor.code, gameRound.vendor))
    .where(rounds)
    .orderBy(desc(gameRound.createdAt), desc(gameRound.roundId))
    .limit(slice.limit)
    .offset(slice.offset ?? 0);
  return rows.map((x) => ({
    roundId: x.roundId,
    memberId: x.memberId,
    username: x.username,
    level: x.depth - s.depth,
    vendor: x.vendor,
    category: x.category ?? '',
    gameName: x.gameName,
    betTime: x.createdAt.getTime(),
    settledAt: x.settledAt?.getTime() ?? null,
    validBet: major(x.bet),
    payout: major(x.win ?? 0n),
    profitLoss: major((x.win ?? 0n) - x.bet),
    cursor: { micros: x.micros, key: x.roundId } satisfies TimeCursor,
  }));
}

/** Team betting: settled rounds of the team, newest first, and the totals of the whole filter (from the daily figures). */
export async function teamBets(db: Db, s: Subject, r: DayRange, f: BetFilter, p: Paging) {
  const [rows, sums] = await Promise.all([betRows(db, s, r, f, sliceOf(p)), betTotals(db, s, r, f)]);
  const total = Number(sums.betCount);
  return {
    from: r.from,
    to: r.to,
    content: rows.map(({ cursor: _cursor, ...x }) => x),
    ...pageInfo(total, p),
    totals: {
      betCount: total,
      validBet: major(sums.validBet),
      payout: major(sums.payout),
      profitLoss: major(sums.payout - sums.validBet),
    },
  };
}

/**
 * Bets, valid bets and payouts of the team's settled rounds matching the filter over the range.
 * The whole team's closed days come from team_day (the agent's rows per vendor), the other days
 * from member_day; one member's from member_day alone (its own rows, by the primary key).
 */
async function betTotals(db: Db, s: Subject, r: DayRange, f: BetFilter): Promise<{ betCount: bigint; validBet: bigint; payout: bigint }> {
  const split: DaySplit = f.memberId ? { summarised: [], live: [] } : await splitDays(db, r);
  const categoryVendors = f.category ? db.select({ code: vendor.code }).from(vendor).where(eq(vendor.gameType, f.category)) : undefined;
  const fromMembers = db
    .select({ betCount: daySums.betCount, validBet: daySums.validBet, payout: daySums.payout })
    .from(memberDay)
    .where(
      and(
        below(memberDay.treePath, memberDay.depth, s),
        f.memberId ? between(memberDay.day, r.from, r.to) : dayIn(memberDay.day, split.live),
        ne(memberDay.vendor, ''),
        f.memberId ? eq(memberDay.memberId, f.memberId) : undefined,
        f.vendor ? eq(memberDay.vendor, f.vendor) : undefined,
        categoryVendors ? inArray(memberDay.vendor, categoryVendors) : undefined,
      ),
    );
  const fromTeamDays = split.summarised.length
    ? db
        .select({
          betCount: sql<string>`coalesce(sum(${teamDay.betCount}), 0)::text`,
          validBet: sql<string>`coalesce(sum(${teamDay.validBet}), 0)::text`,
          payout: sql<string>`coalesce(sum(${teamDay.payout}), 0)::text`,
        })
        .from(teamDay)
        .where(
          and(
            eq(teamDay.agentId, s.id),
            inArray(teamDay.day, split.summarised),
            ne(teamDay.vendor, ''),
            f.vendor ? eq(teamDay.vendor, f.vendor) : undefined,
            categoryVendors ? inArray(teamDay.vendor, categoryVendors) : undefined,
          ),
        )
    : Promise.resolve([]);
  const t = { betCount: 0n, validBet: 0n, payout: 0n };
  for (const x of (await Promise.all([fromMembers, fromTeamDays])).flat()) {
    t.betCount += big(x.betCount);
    t.validBet += big(x.validBet);
    t.payout += big(x.payout);
  }
  return t;
}

/** Where user loss resumes: the last row's result (minor units, text) and member id. */
export interface LossCursor {
  pl: string;
  memberId: number;
}

/**
 * team_member_day's rows of the summarised days of `r`: the range less the live days (the table
 * holds built days only, and a day read live is never summed from it). A range and a short list
 * to leave out cost two comparisons a row where a list of every summarised day costs thirty.
 */
function summarisedIn(r: DayRange, split: DaySplit): SQL {
  if (!split.summarised.length) return sql`false`;
  const out = split.live.length ? sql` and not ${dayIn(sql`day`, split.live)}` : sql``;
  return sql`day between ${r.from} and ${r.to}${out}`;
}

/** The team's settled bets per member and day: closed days from team_member_day, the others from member_day (as a `from` item `b`). */
function memberBets(s: Subject, r: DayRange, split: DaySplit): SQL {
  const team = below(sql`tree_path`, sql`depth`, s);
  return sql`(
    select member_id, depth, bet_count, valid_bet, payout from team_member_day
    where ${team} and ${summarisedIn(r, split)}
    union all
    select member_id, depth, bet_count, valid_bet, payout from member_day
    where ${team} and ${dayIn(sql`day`, split.live)} and vendor <> ''
  ) b`;
}

/**
 * Each member's result over the range, ranked (asc: the biggest loss first, then by member id), a
 * slice of them, named only once ranked. Closed days are summed per member from team_member_day
 * (in member order from its covering index: no sort, no table pages), the others from member_day,
 * and the two joined by member.
 */
export async function lossRows(db: Db | Tx, s: Subject, r: DayRange, order: 'asc' | 'desc', slice: Slice<LossCursor>, split?: DaySplit, o: { count?: boolean } = {}) {
  const days = split ?? (await splitDays(db, r));
  const team = below(sql`tree_path`, sql`depth`, s);
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  const a = slice.after;
  const resume = !a
    ? sql`true`
    : order === 'asc'
      ? sql`(pl, member_id) > (${a.pl}::numeric, ${a.memberId}::int)`
      : sql`(pl < ${a.pl}::numeric or (pl = ${a.pl}::numeric and member_id > ${a.memberId}::int))`;
  // Each member's result summed (closed days streamed in member order from the covering index, the
  // live days beside them), ranked and sliced; only the slice's members are then named and given
  // their bets, valid bets and payouts (from the same rows, by primary key).
  return rowsOf(
    await db.execute(sql`
    with c as (
      select member_id, sum(payout - valid_bet) as pl
      from team_member_day where ${team} and ${summarisedIn(r, days)}
      group by member_id
    ), l as (
      select member_id, sum(payout - valid_bet) as pl
      from member_day where ${team} and ${dayIn(sql`day`, days.live)} and vendor <> ''
      group by member_id
    ), t as (
      select coalesce(c.member_id, l.member_id) as member_id, coalesce(c.pl, 0) + coalesce(l.pl, 0) as pl
      from c full join l on l.member_id = c.member_id
    ), top as (select * from t where ${resume} order by pl ${dir}, member_id limit ${slice.limit} offset ${slice.offset ?? 0})
    select top.member_id, s.bc::text, s.vb::text, s.po::text, top.pl::text, m.username, m.type, m.depth${o.count ? sql`, (select count(*) from t)::int as ranked` : sql``}
    from top join member m on m.id = top.member_id
    cross join lateral (
      select coalesce(sum(bet_count), 0) as bc, coalesce(sum(valid_bet), 0) as vb, coalesce(sum(payout), 0) as po from (
        select bet_count, valid_bet, payout from team_member_day where member_id = top.member_id and ${summarisedIn(r, days)}
        union all
        select bet_count, valid_bet, payout from member_day where member_id = top.member_id and ${dayIn(sql`day`, days.live)} and vendor <> ''
      ) x
    ) s
    order by top.pl ${dir}, top.member_id`),
  ).map((x) => ({
    memberId: Number(x.member_id),
    username: String(x.username),
    type: Number(x.type),
    level: Number(x.depth) - s.depth,
    betCount: Number(x.bc),
    validBet: major(big(x.vb)),
    payout: major(big(x.po)),
    profitLoss: major(big(x.pl)),
    cursor: { pl: String(x.pl), memberId: Number(x.member_id) } satisfies LossCursor,
    ranked: o.count ? Number(x.ranked) : undefined,
  }));
}

/** User loss: each member's result over the range, ranked (asc: the biggest loss first). */
export async function userLoss(db: Db, s: Subject, r: DayRange, order: 'asc' | 'desc', p: Paging) {
  const offset = (p.pageNo - 1) * p.pageSize;
  const split = await splitDays(db, r);
  // The page with how many are ranked (one statement: every member's result is summed once), and
  // the totals from the team's sums (team_day for closed days), side by side. JIT compiling the
  // ranking (about 100,000 member groups for the top agent) cost more than it saved: off for it.
  const ranking = db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true)`);
    return lossRows(tx, s, r, order, sliceOf(p), split, { count: true });
  });
  const [sums, rows] = await Promise.all([teamSums(db, s, r, split), ranking]);
  // A page past the end has no row to carry the count.
  const total = rows.length ? rows[0]!.ranked! : await countRanked(db, s, r, split);
  const t = zero();
  for (const row of sums) add(t, row);
  return {
    from: r.from,
    to: r.to,
    content: rows.map(({ cursor: _cursor, ranked: _ranked, ...x }, i) => ({ rank: offset + i + 1, ...x })),
    ...pageInfo(total, p),
    totals: {
      betCount: Number(t.betCount),
      validBet: major(t.validBet),
      payout: major(t.payout),
      profitLoss: major(t.payout - t.validBet),
    },
  };
}

/** Members of the team with a bet in the range: how many user loss ranks. */
async function countRanked(db: Db, s: Subject, r: DayRange, split: DaySplit): Promise<number> {
  const [x] = rowsOf(await db.execute(sql`select count(distinct member_id)::int as n from ${memberBets(s, r, split)}`));
  return Number(x?.n ?? 0);
}

/** Ledger transfer kinds behind each kind of team transaction. */
const TX_KINDS = {
  deposit: 'deposit',
  withdrawal: 'withdrawal_payout',
  transfer: 'upline_transfer',
} as const;
const KIND_OF = Object.fromEntries(Object.entries(TX_KINDS).map(([k, v]) => [v, k])) as Record<string, keyof typeof TX_KINDS>;

/** Which of the team's transfers a team-transactions list covers. */
function transactionsWhere(s: Subject, r: DayRange, kind: 'all' | keyof typeof TX_KINDS, memberId: number | undefined): SQL {
  const kinds = kind === 'all' ? Object.values(TX_KINDS) : [TX_KINDS[kind]];
  return sql`t.kind in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})
    and t.created_at >= ${r.start.toISOString()} and t.created_at < ${r.end.toISOString()}
    and m.tree_path ~>=~ ${s.treePath} and m.tree_path ~<~ ${s.treePath + ':'} and m.depth > ${s.depth}
    ${memberId ? sql`and t.member_id = ${memberId}` : sql``}`;
}
// Each of these transfers has one leg: its amount is the one credit.
const transferAmount = sql`(select max(e.amount) from ledger_entry e where e.transfer_id = t.id)`;

/** The team's transfers of the kind, newest first (a slice of them), with each row's cursor. */
export async function transactionRows(db: Db, s: Subject, r: DayRange, kind: 'all' | keyof typeof TX_KINDS, memberId: number | undefined, slice: Slice<TimeCursor>) {
  const resume = slice.after ? sql`and (t.created_at, t.id) < (${fromMicros(slice.after.micros)}, ${slice.after.key}::bigint)` : sql``;
  const rows = rowsOf(
    await db.execute(sql`
      select t.id, t.kind, (extract(epoch from t.created_at) * 1000)::bigint::text as ms, ${micros(sql`t.created_at`)} as us, t.member_id, t.reference, m.username, m.depth, ${transferAmount}::text as amount
      from ledger_transfer t join member m on m.id = t.member_id
      where ${transactionsWhere(s, r, kind, memberId)} ${resume}
      order by t.created_at desc, t.id desc limit ${slice.limit} offset ${slice.offset ?? 0}`),
  );
  return rows.map((x) => ({
    id: Number(x.id),
    kind: KIND_OF[String(x.kind)]!,
    memberId: Number(x.member_id),
    username: String(x.username),
    level: Number(x.depth) - s.depth,
    amount: major(big(x.amount)),
    counterpart: x.kind === TX_KINDS.transfer ? String(x.reference ?? '') || null : null,
    time: Number(x.ms),
    cursor: { micros: String(x.us), key: String(x.id) } satisfies TimeCursor,
  }));
}

/** Team transactions (2.16): deposits credited, withdrawals paid and transfers to uplines, newest first. */
export async function teamTransactions(db: Db, s: Subject, r: DayRange, kind: 'all' | keyof typeof TX_KINDS, memberId: number | undefined, p: Paging) {
  const rows = await transactionRows(db, s, r, kind, memberId, sliceOf(p));
  const sums = rowsOf(
    await db.execute(sql`
      select t.kind, count(*)::int as n, coalesce(sum(${transferAmount}), 0)::text as amount
      from ledger_transfer t join member m on m.id = t.member_id
      where ${transactionsWhere(s, r, kind, memberId)} group by t.kind`),
  );
  const totals = { deposit: 0, withdrawal: 0, transfer: 0 };
  let total = 0;
  for (const x of sums) {
    totals[KIND_OF[String(x.kind)]!] = major(big(x.amount));
    total += Number(x.n);
  }
  return {
    from: r.from,
    to: r.to,
    content: rows.map(({ cursor: _cursor, ...x }) => x),
    ...pageInfo(total, p),
    totals,
  };
}

/** Ledger transfer kinds that are an agent's income from its team, by the income kind they show as. */
const INCOME = {
  upline_transfer: 'transfer',
  salary: 'salary',
  dividend: 'dividend',
} as const;

/**
 * The agent's income lines in the range: credits to its main wallet from its team. A transfer is
 * dated when it was credited; a salary or a dividend by the start of the period it pays for (its
 * settlement line), not by its payment: a first start settles two weeks of days at once, and a
 * 7-day view must still show 7 days of salary (audit item 8; docs/architecture.md, 'Contracts
 * and settlements'). Each line once: transfers by their credit (the account's time index),
 * settlements by their period (agent_settlement_agent_idx), joined to the credit they made.
 */
function incomeLines(agent: Pick<Member, 'id'>, r: DayRange): SQL {
  const start = r.start.toISOString();
  const end = r.end.toISOString();
  const credit = sql`ledger_entry e join ledger_account a on a.id = e.account_id and a.code = ${mainAccount(agent.id)} and e.amount > 0`;
  return sql`(
    select t.id, t.kind, t.memo, t.member_id, e.id as entry_id, e.amount, e.created_at as at
    from ${credit} join ledger_transfer t on t.id = e.transfer_id
    where t.kind = 'upline_transfer' and e.created_at >= ${start} and e.created_at < ${end}
    union all
    select t.id, t.kind, t.memo, t.member_id, e.id as entry_id, e.amount, s.period_start as at
    from agent_settlement s join ledger_transfer t on t.id = s.transfer_id join ${credit} on e.transfer_id = t.id
    where s.agent_id = ${agent.id} and s.period_start >= ${start} and s.period_start < ${end}
  ) x`;
}

/** The agent's income lines, newest first (a slice of them), with each row's cursor. */
export async function incomeRows(db: Db, agent: Pick<Member, 'id'>, r: DayRange, slice: Slice<TimeCursor>) {
  const resume = slice.after ? sql`where (x.at, x.entry_id) < (${fromMicros(slice.after.micros)}, ${slice.after.key}::bigint)` : sql``;
  const rows = rowsOf(
    await db.execute(sql`
      select x.id, x.kind, x.memo, (extract(epoch from x.at) * 1000)::bigint::text as ms, ${micros(sql`x.at`)} as us, x.entry_id::text as entry, x.amount::text as amount, m.username
      from ${incomeLines(agent, r)} left join member m on m.id = x.member_id and m.id <> ${agent.id}
      ${resume}
      order by x.at desc, x.entry_id desc limit ${slice.limit} offset ${slice.offset ?? 0}`),
  );
  return rows.map((x) => ({
    id: Number(x.id),
    kind: INCOME[String(x.kind) as keyof typeof INCOME],
    fromUsername: x.username == null ? null : String(x.username),
    amount: major(big(x.amount)),
    memo: x.memo == null ? null : String(x.memo),
    time: Number(x.ms),
    cursor: { micros: String(x.us), key: String(x.entry) } satisfies TimeCursor,
  }));
}

/** My income: credits to the agent's main wallet from its team (transfers today; salaries and dividends with contracts). */
export async function myIncome(db: Db, agent: Pick<Member, 'id'>, r: DayRange, p: Paging) {
  const rows = await incomeRows(db, agent, r, sliceOf(p));
  const sums = rowsOf(await db.execute(sql`select x.kind, count(*)::int as n, sum(x.amount)::text as amount from ${incomeLines(agent, r)} group by x.kind`));
  const totals = { transfer: 0, salary: 0, dividend: 0, all: 0 };
  let total = 0;
  let all = 0n;
  for (const x of sums) {
    totals[INCOME[String(x.kind) as keyof typeof INCOME]] = major(big(x.amount));
    all += big(x.amount);
    total += Number(x.n);
  }
  totals.all = major(all);
  return {
    from: r.from,
    to: r.to,
    content: rows.map(({ cursor: _cursor, ...x }) => x),
    ...pageInfo(total, p),
    totals,
  };
}
