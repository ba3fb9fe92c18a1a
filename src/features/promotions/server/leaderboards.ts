/**
 * Mission leaderboards (issue 32; spec 2.5's cash-back tile): the brand's leaderboards
 * (server/mission-settings.ts) rank the members of each period by a measure of the wallet's daily
 * figures, and pay prizes by rank once the period has closed.
 *
 * - Scores live in `leaderboard_score`, one row per member and period, set (not added) from the
 *   daily figures: by the job `promotions.leaderboards` every minute for everyone, and for the
 *   member when they look, so their own rank moves at once. A bet's transaction does nothing more.
 * - When a period is first seen its row is written with 32 random bytes as the server seed; their
 *   SHA-256 is shown from then on. After the period (and ten minutes for its last rounds) one
 *   transaction locks that row, sets the final scores, ranks them by score and, among equal scores,
 *   by HMAC-SHA256(seed, `leaderboard:<id>:<period key>:<member id>`) (hex, smaller first), writes
 *   each prize's reward into the reward centre and marks the period paid: once, whatever the
 *   number of processes, and again from the start after a crash. The seed is revealed then; anyone
 *   can recompute the order of the tied (`rankEntries`, the verify call).
 * - Trial accounts and members whom marketing may not reach take no part and win nothing.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { dayIn, type Day } from '../../../kernel/days.ts';
import { hashServerSeed, makeServerSeed, seedMatchesHash } from '../../../kernel/fairness.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { LOCALES, type Locale } from '../../../kernel/locales.ts';
import { maskName } from '../../../kernel/mask.ts';
import { periodAt, type Period } from '../../../kernel/periods.ts';
import { TRIAL_TYPE, isTrialType } from '../../accounts/contract.ts';
import { member } from '../../accounts/index.ts';
import { blockedSql, isMarketable } from '../../protection/index.ts';
import { money } from '../../wallet/index.ts';
import type { LeaderboardVerification, LeaderboardsValue, LeaderboardView } from '../contract.ts';
import { leaderboardRules, type Leaderboard } from './mission-settings.ts';
import { gamesFilter, MISSION_GRACE_MS } from './missions.ts';
import { leaderboardPeriod, leaderboardPrize, promoReward, type RewardPayout } from './tables.ts';
import { prizeViews, rewardRow } from './payouts.ts';

const DAY = 86_400_000;
/** Scores changed by one run of the job from which the table's statistics are refreshed at once. */
const BULK = 5_000;
/** How many of the top the tile shows. */
export const TOP = 20;

interface BoardPeriod extends Period {
  key: string;
  fromDay: Day;
  toDay: Day;
}

/** The board's period that holds `at`. */
export function boardPeriod(b: Leaderboard, at: number, tz: string): BoardPeriod {
  const p = periodAt(b.period, at, tz);
  return { ...p, key: new Date(p.start).toISOString(), fromDay: dayIn(p.start, tz), toDay: dayIn(p.end - 1, tz) };
}

/** Is the board's measure money (minor units)? */
const isMoney = (b: Leaderboard) => b.goal.kind === 'wager' || (b.goal.kind === 'deposit' && b.goal.measure === 'amount');

/** The measure of one daily-figures row `md`, and the rows it reads. */
function measureOf(b: Leaderboard): { value: SQL; rows: SQL } {
  const g = b.goal;
  if (g.kind === 'deposit') return { value: g.measure === 'amount' ? sql`md.deposit` : sql`md.deposit_count::bigint`, rows: sql`md.vendor = ''` };
  return { value: g.kind === 'wager' ? sql`md.valid_bet` : sql`md.bet_count::bigint`, rows: sql`md.vendor <> '' and ${gamesFilter(g, sql`md.vendor`)}` };
}

const notBlocked = (m: string) => sql.raw(`not exists (select 1 from rg_member g where g.member_id = ${m}.id and g.block_kind is not null and (${blockedSql('g')}))`);

/** The period's row, with its committed seed and its secret entrant key (written once, the first time it is seen; none for a period opened before codes). */
async function ensurePeriod(db: Db | Tx, b: Leaderboard, p: BoardPeriod): Promise<{ seedHash: string; status: string; entrantKey: string | null }> {
  const fresh = makeServerSeed();
  await db
    .insert(leaderboardPeriod)
    .values({ boardId: b.id, periodKey: p.key, periodEnd: new Date(p.end), seed: fresh.serverSeed, seedHash: fresh.serverSeedHash, status: 'open', entrantKey: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const where = and(eq(leaderboardPeriod.boardId, b.id), eq(leaderboardPeriod.periodKey, p.key));
  const cols = { seedHash: leaderboardPeriod.seedHash, status: leaderboardPeriod.status, entrantKey: leaderboardPeriod.entrantKey };
  // A period opened before entrant codes existed keeps no key and its member-id tie-breaks: a key
  // made once its seed was committed could be chosen to order the tied.
  const [row] = await db.select(cols).from(leaderboardPeriod).where(where);
  return row!;
}

/**
 * A member's entrant code in a period: HMAC-SHA256(the period's secret key, member id), its first
 * 16 hex digits. The verify call lists contenders by it, so their order can be checked without
 * publishing who they are; the member sees their own code from the period's start.
 */
export function entrantOf(entrantKey: string, memberId: number): string {
  return createHmac('sha256', Buffer.from(entrantKey, 'hex')).update(`entrant:${memberId}`).digest('hex').slice(0, 16);
}

/** Sets the period's scores from the daily figures (every member's, or those of `memberIds`); answers how many changed. */
export async function refreshScores(db: Db | Tx, b: Leaderboard, p: BoardPeriod, memberIds?: readonly number[]): Promise<number> {
  const { value, rows } = measureOf(b);
  const only = memberIds
    ? sql`and md.member_id in (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const out = rowsOf(
    await db.execute(sql`
      insert into leaderboard_score (board_id, period_key, member_id, score, updated_at)
      select ${b.id}, ${p.key}, md.member_id, sum(${value}), now()
      from member_day md join member m on m.id = md.member_id and m.type <> ${TRIAL_TYPE}
      where md.day >= ${p.fromDay} and md.day <= ${p.toDay} and ${rows} ${only} and ${notBlocked('m')}
      group by md.member_id
      having sum(${value}) > 0
      order by md.member_id
      on conflict (board_id, period_key, member_id) do update set score = excluded.score, updated_at = excluded.updated_at
      where leaderboard_score.score <> excluded.score
      returning 1`),
  );
  return out.length;
}

/**
 * The tie-break of an entrant in a period: HMAC-SHA256(seed, `leaderboard:<id>:<key>:<entrant>`),
 * hex, where the entrant is the member's code (or, for a period paid before codes, their id).
 */
export function tiebreakOf(seed: string, boardId: number, periodKey: string, entrant: string): string {
  return createHmac('sha256', Buffer.from(seed, 'hex')).update(`leaderboard:${boardId}:${periodKey}:${entrant}`).digest('hex');
}

/**
 * The final order of a period's entries: by score, the highest first; among equal scores by
 * tie-break, the smaller first.
 * @example rankEntries(seed, 1, key, [{ entrant: 'a1', score: 10n }, { entrant: 'b2', score: 20n }])[0].entrant // 'b2'
 */
export function rankEntries<E extends { entrant: string; score: bigint }>(seed: string, boardId: number, periodKey: string, entries: readonly E[]): (E & { tiebreak: string; rank: number })[] {
  return entries
    .map((e) => ({ ...e, tiebreak: tiebreakOf(seed, boardId, periodKey, e.entrant) }))
    .sort((a, b) => (a.score === b.score ? (a.tiebreak < b.tiebreak ? -1 : a.tiebreak > b.tiebreak ? 1 : 0) : a.score > b.score ? -1 : 1))
    .map((e, i) => ({ ...e, rank: i + 1 }));
}

const titlesOf = (b: Leaderboard): Record<string, string> => Object.fromEntries(LOCALES.map((l) => [l.code, b.titles[l.code] ?? b.titles.en!]));

/**
 * Pays a closed period once: final scores, the ranking with its tie-breaks, each prize's reward,
 * the period marked paid, in one transaction under the period's row lock. Answers the prizes
 * written (none when it was paid already or nobody took part).
 */
export async function payPeriod(db: Db, b: Leaderboard, p: BoardPeriod, now = clock.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(leaderboardPeriod)
      .where(and(eq(leaderboardPeriod.boardId, b.id), eq(leaderboardPeriod.periodKey, p.key)))
      .for('update');
    if (!row || row.status !== 'open') return 0;
    await refreshScores(tx, b, p);
    // The contenders: every score at least the last prize's (ties at the edge included), of members who may still win.
    const n = b.prizes.length;
    const contenders = rowsOf(
      await tx.execute(sql`
        with s as (
          select s.member_id, s.score from leaderboard_score s join member m on m.id = s.member_id and m.type <> ${TRIAL_TYPE}
          where s.board_id = ${b.id} and s.period_key = ${p.key} and s.score >= ${b.minScore} and ${notBlocked('m')}
        )
        select s.member_id, s.score::text as score, m.username, (select count(*)::int from s) as entries from s join member m on m.id = s.member_id
        where s.score >= coalesce((select score from s order by score desc offset ${n - 1} limit 1), 0)`),
    );
    const key = row.entrantKey;
    const ranked = rankEntries(
      row.seed,
      b.id,
      p.key,
      contenders.map((c) => ({
        memberId: Number(c.member_id),
        // A period opened before codes breaks ties by member id, as its seed was committed under.
        entrant: key ? entrantOf(key, Number(c.member_id)) : String(c.member_id),
        account: maskName(String(c.username)),
        score: BigInt(String(c.score)),
      })),
    );
    const winners = ranked.slice(0, n);
    const titles = titlesOf(b);
    const expiresAt = new Date(now + b.claimDays * DAY);
    for (const w of winners) {
      const values = rewardRow(b.prizes[w.rank - 1]!, b.wagering);
      const [reward] = await tx
        .insert(promoReward)
        .values({
          memberId: w.memberId,
          kind: 'leaderboard',
          reference: `leaderboard:${b.id}:${p.key}`,
          titles,
          period: `${p.fromDay} – ${p.toDay} · #${w.rank}`,
          ...values,
          wageringDays: b.wagering?.days ?? null,
          status: 'claimable',
          createdAt: new Date(now),
          expiresAt,
        })
        .returning({ id: promoReward.id });
      await tx
        .insert(leaderboardPrize)
        .values({ boardId: b.id, periodKey: p.key, rank: w.rank, memberId: w.memberId, score: w.score, tiebreak: w.tiebreak, amount: values.amount, rewardId: reward!.id });
    }
    await tx
      .update(leaderboardPeriod)
      .set({
        status: 'paid',
        entries: Number(contenders[0]?.entries ?? 0),
        paidAt: new Date(now),
        contenders: key ? ranked.map((c) => ({ entrant: c.entrant, account: c.account, score: String(c.score) })) : null,
      })
      .where(and(eq(leaderboardPeriod.boardId, b.id), eq(leaderboardPeriod.periodKey, p.key)));
    return winners.length;
  });
}

/**
 * The job: each board's current period (its seed committed, its scores set), then every period
 * that closed (ten minutes ago) and is not paid yet, paid once.
 */
export async function runLeaderboardJob(db: Db, now = clock.now()): Promise<{ refreshed: number; paid: number }> {
  const tz = brand().timeZone;
  let refreshed = 0;
  let paid = 0;
  for (const b of leaderboardRules()) {
    const current = boardPeriod(b, now, tz);
    await ensurePeriod(db, b, current);
    // One process refreshes a board at a time (the others skip this minute): the upsert locks
    // every row it meets, and two of them at once would only wait on each other.
    const changed = await db.transaction(async (tx) => {
      const [lock] = rowsOf(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`promotions.leaderboard.${b.id}`})) as ok`));
      return lock?.ok === true || lock?.ok === 't' ? refreshScores(tx, b, current) : 0;
    });
    refreshed += changed;
    // Many scores written at once (a new period, a busy minute): the planner's figures and the
    // visibility map are brought up to date now rather than at autovacuum's next pass, so that the
    // top stays a walk down the index and a rank an index-only count.
    if (changed >= BULK) await db.execute(sql`vacuum (analyze, skip_locked) leaderboard_score`);
    const due = await db
      .select({ key: leaderboardPeriod.periodKey, end: leaderboardPeriod.periodEnd })
      .from(leaderboardPeriod)
      .where(and(eq(leaderboardPeriod.boardId, b.id), eq(leaderboardPeriod.status, 'open'), sql`${leaderboardPeriod.periodEnd} <= ${new Date(now - MISSION_GRACE_MS)}`))
      .orderBy(leaderboardPeriod.periodEnd);
    for (const d of due) paid += await payPeriod(db, b, boardPeriod(b, new Date(d.key).getTime(), tz), now);
  }
  return { refreshed, paid };
}

/** Ranks in a top list as shown before the end: equal scores share the rank of the first of them (1, 2, 2, 4). */
export function sharedRanks(scores: readonly bigint[]): number[] {
  const out: number[] = [];
  scores.forEach((s, i) => out.push(i > 0 && scores[i - 1] === s ? out[i - 1]! : i + 1));
  return out;
}

/** One board as the caller sees it: the top, the caller's own rank, and the last paid period's winners with its revealed seed. */
async function boardView(db: Db, b: Leaderboard, memberId: number | null, locale: Locale, now: number): Promise<LeaderboardView> {
  const tz = brand().timeZone;
  const p = boardPeriod(b, now, tz);
  const { seedHash, entrantKey } = await ensurePeriod(db, b, p);
  if (memberId !== null) await refreshScores(db, b, p, [memberId]);
  const show = (v: bigint) => (isMoney(b) ? money(v) : String(v));
  // The top first (down the index, whatever the planner thinks of the table's size), then its names.
  const top = rowsOf(
    await db.execute(sql`
      select t.member_id, t.score::text as score, m.username from (
        select s.member_id, s.score from leaderboard_score s
        where s.board_id = ${b.id} and s.period_key = ${p.key} and s.score >= ${b.minScore}
          and not exists (select 1 from rg_member g where g.member_id = s.member_id and g.block_kind is not null and (${sql.raw(blockedSql('g'))}))
        order by s.score desc nulls last, s.member_id limit ${TOP}
      ) t join member m on m.id = t.member_id
      order by t.score desc, t.member_id`),
  );
  const scores = top.map((r) => BigInt(String(r.score)));
  const ranks = sharedRanks(scores);
  let me: LeaderboardView['me'] = null;
  if (memberId !== null) {
    const [mine] = rowsOf(
      await db.execute(sql`
        select s.score::text as score,
          (select count(*)::int from leaderboard_score o where o.board_id = ${b.id} and o.period_key = ${p.key} and o.score > s.score)
          - (select count(*)::int from rg_member g join leaderboard_score o on o.member_id = g.member_id and o.board_id = ${b.id} and o.period_key = ${p.key}
              where g.block_kind is not null and (${sql.raw(blockedSql('g'))}) and o.score > s.score) as above
        from leaderboard_score s where s.board_id = ${b.id} and s.period_key = ${p.key} and s.member_id = ${memberId}`),
    );
    const score = mine ? BigInt(String(mine.score)) : 0n;
    me = { score: show(score), rank: mine && score >= BigInt(b.minScore) ? Number(mine.above) + 1 : null, entrant: entrantKey ? entrantOf(entrantKey, memberId) : '' };
  }
  const [last] = await db
    .select({ periodKey: leaderboardPeriod.periodKey, seedHash: leaderboardPeriod.seedHash, seed: leaderboardPeriod.seed, entries: leaderboardPeriod.entries })
    .from(leaderboardPeriod)
    .where(and(eq(leaderboardPeriod.boardId, b.id), eq(leaderboardPeriod.status, 'paid')))
    .orderBy(desc(leaderboardPeriod.periodEnd))
    .limit(1);
  let lastView: LeaderboardView['last'] = null;
  if (last) {
    const winners = rowsOf(
      await db.execute(sql`
        select z.rank, z.member_id, z.score::text as score, z.amount::text as amount, r.payout, m.username from leaderboard_prize z
        join member m on m.id = z.member_id left join promo_reward r on r.id = z.reward_id
        where z.board_id = ${b.id} and z.period_key = ${last.periodKey} order by z.rank`),
    );
    const won = await prizeViews(
      db,
      winners.map((w) => ({ payout: (w.payout ?? null) as RewardPayout | null, amount: BigInt(String(w.amount)) })),
      locale,
    );
    const lp = boardPeriod(b, new Date(last.periodKey).getTime(), tz);
    lastView = {
      key: last.periodKey,
      from: lp.fromDay,
      to: lp.toDay,
      seedHash: last.seedHash,
      seed: last.seed,
      entries: last.entries ?? 0,
      winners: winners.map((w, i) => ({
        rank: Number(w.rank),
        account: maskName(String(w.username)),
        score: show(BigInt(String(w.score))),
        prize: won[i]!,
        mine: Number(w.member_id) === memberId,
      })),
    };
  }
  return {
    id: b.id,
    title: b.titles[locale] ?? b.titles.en!,
    period: b.period,
    goal: { kind: b.goal.kind, categories: 'categories' in b.goal ? (b.goal.categories ?? []) : [], vendors: 'vendors' in b.goal ? (b.goal.vendors ?? []) : [] },
    unit: isMoney(b) ? 'money' : 'count',
    minScore: show(BigInt(b.minScore)),
    prizes: await prizeViews(db, b.prizes, locale),
    startsAt: p.start,
    endsAt: p.end,
    seedHash,
    top: top.map((r, i) => ({ rank: ranks[i]!, account: maskName(String(r.username)), score: show(scores[i]!), mine: Number(r.member_id) === memberId })),
    me,
    last: lastView,
  };
}

/** The brand's leaderboards as the caller sees them (spec 7's MCSFE_getMissionLeaderboard). Trial accounts and blocked members see them without a place of their own. */
export async function leaderboardsOf(db: Db, memberId: number, locale: Locale, now = clock.now()): Promise<LeaderboardsValue> {
  const [m] = await db.select({ type: member.type }).from(member).where(eq(member.id, memberId));
  const takesPart = !!m && !isTrialType(m.type) && (await isMarketable(db, memberId));
  const boards: LeaderboardView[] = [];
  for (const b of leaderboardRules()) boards.push(await boardView(db, b, takesPart ? memberId : null, locale, now));
  return { symbol: brand().currencySymbol, boards };
}

/**
 * Recomputes a paid period's order from its revealed seed (public: anyone may check): every
 * contender at the prize edge by entrant code, their tie-breaks, and whether the order gives the
 * recorded winners. A period paid before entrant codes shows its winners without codes (their
 * tie-break took the member id, which is not published), checked here.
 */
export async function verifyLeaderboard(db: Db, boardId: number, periodKey: string): Promise<LeaderboardVerification> {
  const [row] = await db
    .select()
    .from(leaderboardPeriod)
    .where(and(eq(leaderboardPeriod.boardId, boardId), eq(leaderboardPeriod.periodKey, periodKey)));
  if (!row || row.status !== 'paid') throw new ApiError(404, 'promotion.leaderboard.unknown');
  const prizes = rowsOf(
    await db.execute(sql`select z.rank, z.member_id, z.score::text as score, z.tiebreak, m.username from leaderboard_prize z join member m on m.id = z.member_id
      where z.board_id = ${boardId} and z.period_key = ${periodKey} order by z.rank`),
  );
  const recorded = prizes.map((z) => ({ rank: Number(z.rank), memberId: Number(z.member_id), score: BigInt(String(z.score)), tiebreak: String(z.tiebreak), account: maskName(String(z.username)) }));
  const seedOk = seedMatchesHash(row.seed, row.seedHash) && hashServerSeed(row.seed) === row.seedHash;
  const base = { boardId, periodKey, seed: row.seed, seedHash: row.seedHash, seedMatchesHash: seedOk, prizes: recorded.length };
  if (row.contenders === null || row.entrantKey === null) {
    const again = rankEntries(
      row.seed,
      boardId,
      periodKey,
      recorded.map((r) => ({ ...r, entrant: String(r.memberId) })),
    );
    return {
      ...base,
      message: `leaderboard:${boardId}:${periodKey}:<member id>`,
      contenders: recorded.map((r) => ({ entrant: null, account: r.account, score: String(r.score), tiebreak: null, rank: r.rank })),
      matches: again.every((a, i) => a.memberId === recorded[i]!.memberId && a.tiebreak === recorded[i]!.tiebreak),
    };
  }
  const key = row.entrantKey;
  const ranked = rankEntries(
    row.seed,
    boardId,
    periodKey,
    row.contenders.map((c) => ({ ...c, score: BigInt(c.score) })),
  );
  const winnerOf = new Map(recorded.map((r) => [entrantOf(key, r.memberId), r]));
  return {
    ...base,
    message: `leaderboard:${boardId}:${periodKey}:<entrant>`,
    contenders: ranked.map((c) => ({ entrant: c.entrant, account: c.account, score: String(c.score), tiebreak: c.tiebreak, rank: winnerOf.get(c.entrant)?.rank ?? null })),
    matches: ranked.length >= recorded.length && recorded.every((r, i) => ranked[i]!.entrant === entrantOf(key, r.memberId) && ranked[i]!.tiebreak === r.tiebreak && ranked[i]!.score === r.score),
  };
}
