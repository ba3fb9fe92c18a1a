/**
 * Missions (issue 32; spec 1, 2.14): the brand's missions (server/mission-settings.ts), each
 * member's progress in the current period, and the rewards of the steps reached.
 *
 * Counted from what the platform already records in the transaction of each fact, never kept
 * apart: deposits, valid bets and rounds from the wallet's daily figures (member_day, written with
 * each round and deposit), wins of a multiple from the rounds, logins from the sessions, lottery
 * tickets from the tickets, friends from the members and their daily figures. So an event counts
 * exactly once whatever the number of processes, a crash loses nothing, a round costs nothing more
 * (docs/architecture.md, 'Missions'), and a new period starts from zero by itself.
 *
 * A reached step's reward is written into the reward centre once per member, mission, period and
 * step (its reference `mission:<id>:<period key>:<step>`, unique per member): when the member's
 * missions are read (the missions page and its badge), and by the job `promotions.missions` for
 * periods that have closed, so a step reached by someone who never looked is not lost. The member
 * claims it in the reward centre (or from the missions page), paid as a bonus with the mission's
 * wagering. Trial accounts and members whom marketing may not reach (player protection) take no
 * part.
 */
import { and, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { readSetting, writeSetting } from '../../../kernel/db/settings.ts';
import { addDays, dayIn, dayStart, type Day } from '../../../kernel/days.ts';
import { LOCALES, type Locale } from '../../../kernel/locales.ts';
import { periodAt, previousPeriod } from '../../../kernel/periods.ts';
import { PLAYER_TYPE, TRIAL_TYPE, isTrialType } from '../../accounts/contract.ts';
import { member } from '../../accounts/index.ts';
import { blockedSql, isMarketable } from '../../protection/index.ts';
import { money } from '../../wallet/index.ts';
import type { MissionView, MissionsValue } from '../contract.ts';
import { countsMoney, missionRules, type Mission, type MissionGoal } from './mission-settings.ts';
import { promoReward } from './tables.ts';
import { prizeViews, rewardRow } from './payouts.ts';

const DAY = 86_400_000;
/** A closed period is settled by the job this long after it ended, so that its last rounds have settled. */
export const MISSION_GRACE_MS = 10 * 60_000;

/** A mission's period: its key (stable in every process), its instants [start, end) and brand days. */
export interface MissionPeriod {
  key: string;
  start: number;
  /** null: a one-off mission without an end. */
  end: number | null;
  fromDay: Day;
  /** The last brand day, or null. */
  toDay: Day | null;
}

/** The mission's running window in instants: [start, end). */
function windowOf(m: Mission, tz: string): { start: number; end: number } {
  return { start: m.start ? dayStart(m.start, tz) : 0, end: m.end ? dayStart(addDays(m.end, 1), tz) : Number.MAX_SAFE_INTEGER };
}

/**
 * The mission's period that holds `at`, clipped to the days the mission runs; null when it does
 * not run then.
 * @example missionPeriod({ period: 'D', ... }, Date.UTC(2026, 11, 2, 12), 'UTC') // { key: '2026-12-02T00:00:00.000Z', start: ..., end: ..., fromDay: '2026-12-02', toDay: '2026-12-02' }
 */
export function missionPeriod(m: Mission, at: number, tz: string): MissionPeriod | null {
  const w = windowOf(m, tz);
  if (at < w.start || at >= w.end) return null;
  if (m.period === 'once') {
    const end = m.end ? w.end : null;
    return { key: 'once', start: w.start, end, fromDay: m.start!, toDay: m.end ?? null };
  }
  const p = periodAt(m.period, at, tz);
  const start = Math.max(p.start, w.start);
  const end = Math.min(p.end, w.end);
  return { key: new Date(p.start).toISOString(), start, end, fromDay: dayIn(start, tz), toDay: dayIn(end - 1, tz) };
}

/** The longest run of consecutive days among `days` (brand days, any order). */
export function longestRun(days: readonly Day[]): number {
  const set = new Set(days);
  let best = 0;
  for (const d of set) {
    if (set.has(addDays(d, -1))) continue;
    let n = 1;
    while (set.has(addDays(d, n))) n++;
    best = Math.max(best, n);
  }
  return best;
}

/** How many of the steps a progress reaches. */
export const stepsReached = (m: Mission, progress: bigint): number => m.steps.filter((s) => progress >= BigInt(s.target)).length;

/** The reward's reference of a step (unique per member): keyed by the step's target, so that a step an operator adds later does not take another's place. */
export const missionReference = (missionId: number, periodKey: string, target: number): string => `mission:${missionId}:${periodKey}:${target}`;

const ids = (memberIds: readonly number[]) =>
  sql.join(
    memberIds.map((id) => sql`${id}`),
    sql`, `,
  );

/** The rounds a goal counts, as a condition on the vendor code `col` (its categories through the vendor table). */
export function gamesFilter(g: { categories?: string[]; vendors?: string[] }, col: SQL): SQL {
  const parts: SQL[] = [];
  if (g.categories)
    parts.push(
      sql`${col} in (select code from vendor where game_type in (${sql.join(
        g.categories.map((c) => sql`${c}`),
        sql`, `,
      )}))`,
    );
  if (g.vendors)
    parts.push(
      sql`${col} in (${sql.join(
        g.vendors.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** The SQL that answers (member_id, v) for a goal over a period, for some members; loginDays answers (member_id, d) rows instead. */
function measureSql(g: MissionGoal, p: MissionPeriod, memberIds: readonly number[], tz: string): SQL {
  const days = sql`md.day >= ${p.fromDay}${p.toDay ? sql` and md.day <= ${p.toDay}` : sql``}`;
  const instants = (col: SQL) => sql`${col} >= ${new Date(p.start)}${p.end !== null ? sql` and ${col} < ${new Date(p.end)}` : sql``}`;
  switch (g.kind) {
    case 'deposit':
      return sql`select md.member_id, sum(${g.measure === 'amount' ? sql`md.deposit` : sql`md.deposit_count`})::text as v
        from member_day md where md.member_id in (${ids(memberIds)}) and ${days} and md.vendor = '' group by md.member_id`;
    case 'wager':
    case 'rounds':
      return sql`select md.member_id, sum(${g.kind === 'wager' ? sql`md.valid_bet` : sql`md.bet_count`})::text as v
        from member_day md where md.member_id in (${ids(memberIds)}) and ${days} and md.vendor <> '' and ${gamesFilter(g, sql`md.vendor`)} group by md.member_id`;
    case 'winMultiple':
      return sql`select r.member_id, count(*)::text as v from game_round r
        where r.member_id in (${ids(memberIds)}) and ${instants(sql`r.created_at`)} and r.status = 'settled'
          and r.win_amount * 100 >= r.bet_amount * ${Math.round(g.multiple * 100)} and r.bet_amount >= ${g.minBet}::bigint
          and ${gamesFilter(g, sql`r.vendor`)}
        group by r.member_id`;
    case 'loginDays':
      return sql`select s.member_id, to_char(s.created_at at time zone ${tz}, 'YYYY-MM-DD') as d from member_session s
        where s.member_id in (${ids(memberIds)}) and ${instants(sql`s.created_at`)} group by 1, 2`;
    case 'lotteryTickets':
      return sql`select t.member_id, count(*)::text as v from lottery_ticket t join game_round r on r.round_id = t.round_id
        where t.member_id in (${ids(memberIds)}) and ${instants(sql`t.created_at`)} and r.status <> 'refunded' group by t.member_id`;
    case 'friends':
      return sql`select f.upline_id as member_id, count(distinct f.id)::text as v from member f
        join member_day md on md.member_id = f.id and md.vendor = '' and md.deposit_count > 0 and ${days}
        where f.upline_id in (${ids(memberIds)}) and f.type <> ${TRIAL_TYPE}
          -- A player's invited friends; an agent's registrations are its team, not friends (the referral programme's rule).
          and exists (select 1 from member u where u.id = f.upline_id and u.type = ${PLAYER_TYPE})
        group by f.upline_id`;
  }
}

/** Each member's progress of a mission in a period (0 for a member with none). */
export async function measure(db: Db | Tx, m: Mission, p: MissionPeriod, memberIds: readonly number[], tz = brand().timeZone): Promise<Map<number, bigint>> {
  const out = new Map<number, bigint>(memberIds.map((id) => [id, 0n]));
  if (memberIds.length === 0) return out;
  const rows = rowsOf(await db.execute(measureSql(m.goal, p, memberIds, tz)));
  if (m.goal.kind === 'loginDays') {
    const byMember = new Map<number, Day[]>();
    for (const r of rows) byMember.set(Number(r.member_id), [...(byMember.get(Number(r.member_id)) ?? []), String(r.d)]);
    for (const [id, days] of byMember) out.set(id, BigInt(m.goal.consecutive ? longestRun(days) : days.length));
  } else {
    for (const r of rows) out.set(Number(r.member_id), BigInt(String(r.v ?? '0')));
  }
  return out;
}

interface Taker {
  id: number;
  vipLevel: number;
  createdAt: Date;
}

/** May this member take part in the mission (its eligibility), at `now`? */
export function eligible(m: Mission, t: Taker, now: number): boolean {
  const e = m.eligibility;
  if (e.minVip !== undefined && t.vipLevel < e.minVip) return false;
  if (e.maxVip !== undefined && t.vipLevel > e.maxVip) return false;
  if (e.registeredWithinDays !== undefined && t.createdAt.getTime() < now - e.registeredWithinDays * DAY) return false;
  return true;
}

/** Titles in every site language (English where a language has none). */
const titlesOf = (m: Mission): Record<string, string> => Object.fromEntries(LOCALES.map((l) => [l.code, m.titles[l.code] ?? m.titles.en!]));

/** The brand day a period label shows (its first day). */
const periodLabel = (p: MissionPeriod): string => (p.toDay && p.toDay !== p.fromDay ? `${p.fromDay} – ${p.toDay}` : p.fromDay);

/**
 * Writes the rewards of the steps reached (each once per member, mission, period and step) inside
 * the caller's transaction or not; answers how many were new.
 */
async function award(db: Db | Tx, m: Mission, p: MissionPeriod, progress: Map<number, bigint>, now: number): Promise<number> {
  const values: (typeof promoReward.$inferInsert)[] = [];
  const expiresAt = new Date(Math.max(p.end ?? now, now) + m.claimDays * DAY);
  const titles = titlesOf(m);
  for (const [memberId, done] of progress) {
    const reached = stepsReached(m, done);
    for (let i = 0; i < reached; i++) {
      const row = rewardRow(m.steps[i]!.reward, m.wagering);
      values.push({
        memberId,
        kind: 'mission',
        reference: missionReference(m.id, p.key, m.steps[i]!.target),
        titles,
        period: periodLabel(p),
        ...row,
        wageringDays: m.wagering?.days ?? null,
        status: 'claimable',
        createdAt: new Date(now),
        expiresAt,
      });
    }
  }
  if (values.length === 0) return 0;
  const rows = await db.insert(promoReward).values(values).onConflictDoNothing().returning({ id: promoReward.id });
  return rows.length;
}

/** The brand's missions running at `now`, with their periods. */
export function runningMissions(now = clock.now()): { mission: Mission; period: MissionPeriod }[] {
  const tz = brand().timeZone;
  return missionRules()
    .map((mission) => ({ mission, period: missionPeriod(mission, now, tz) }))
    .filter((x): x is { mission: Mission; period: MissionPeriod } => x.period !== null);
}

/** How many mission rewards the member may claim now (the missions page's red badge). */
export async function claimableMissionRewards(db: Db | Tx, memberId: number, now = clock.now()): Promise<number> {
  const [r] = rowsOf(
    await db.execute(sql`select count(*)::int as n from promo_reward
      where member_id = ${memberId} and kind = 'mission' and status = 'claimable' and expires_at > ${new Date(now)}`),
  );
  return Number(r?.n ?? 0);
}

/**
 * The member's missions now: each running mission the member may take part in, its progress in
 * the current period, its steps with their rewards' state; the rewards of the steps reached are
 * written on the way (once). A trial account, or a member marketing may not reach, has none.
 */
export async function missionsOf(db: Db, memberId: number, locale: Locale, now = clock.now()): Promise<MissionsValue> {
  const symbol = brand().currencySymbol;
  const [m] = await db.select({ id: member.id, type: member.type, vipLevel: member.vipLevel, createdAt: member.createdAt }).from(member).where(eq(member.id, memberId));
  if (!m || isTrialType(m.type) || !(await isMarketable(db, memberId))) return { claimable: 0, symbol, missions: [] };
  const running = runningMissions(now).filter((x) => eligible(x.mission, m, now));
  const views: MissionView[] = [];
  const progressOf = new Map<number, bigint>();
  for (const { mission, period } of running) {
    const done = (await measure(db, mission, period, [memberId])).get(memberId) ?? 0n;
    progressOf.set(mission.id, done);
    await award(db, mission, period, new Map([[memberId, done]]), now);
  }
  const refs = running.flatMap(({ mission, period }) => mission.steps.map((st) => missionReference(mission.id, period.key, st.target)));
  const rewards = refs.length
    ? await db
        .select({ id: promoReward.id, reference: promoReward.reference, status: promoReward.status, expiresAt: promoReward.expiresAt })
        .from(promoReward)
        .where(and(eq(promoReward.memberId, memberId), inArray(promoReward.reference, refs)))
    : [];
  const byRef = new Map(rewards.map((r) => [r.reference, r]));
  const prizes = await prizeViews(
    db,
    running.flatMap(({ mission }) => mission.steps.map((s) => s.reward)),
    locale,
  );
  let nth = 0;
  for (const { mission, period } of running) {
    const done = progressOf.get(mission.id) ?? 0n;
    const isMoney = countsMoney(mission.goal);
    const steps = mission.steps.map((s) => {
      const r = byRef.get(missionReference(mission.id, period.key, s.target));
      const state = !r ? 'open' : r.status === 'claimable' && r.expiresAt.getTime() <= now ? 'expired' : (r.status as 'claimable' | 'claimed' | 'expired');
      const { turnover } = rewardRow(s.reward, mission.wagering);
      return { target: isMoney ? money(BigInt(s.target)) : String(s.target), reward: prizes[nth++]!, turnover: money(turnover), state, rewardId: r?.id ?? null } as const;
    });
    const last = BigInt(mission.steps[mission.steps.length - 1]!.target);
    views.push({
      id: mission.id,
      title: mission.titles[locale] ?? mission.titles.en!,
      period: mission.period,
      goal: goalView(mission.goal),
      unit: isMoney ? 'money' : 'count',
      progress: isMoney ? money(done) : String(done),
      target: isMoney ? money(last) : String(last),
      startsAt: period.start,
      endsAt: period.end,
      steps,
      state: steps.some((s) => s.state === 'claimable') ? 'claimable' : steps.every((s) => s.state !== 'open') ? 'done' : 'open',
    });
  }
  return { claimable: await claimableMissionRewards(db, memberId, now), symbol, missions: views };
}

function goalView(g: MissionGoal): MissionView['goal'] {
  return {
    kind: g.kind,
    measure: g.kind === 'deposit' ? g.measure : null,
    categories: 'categories' in g ? (g.categories ?? []) : [],
    vendors: 'vendors' in g ? (g.vendors ?? []) : [],
    multiple: g.kind === 'winMultiple' ? g.multiple : null,
    minBet: g.kind === 'winMultiple' && g.minBet > 0n ? money(g.minBet) : null,
    consecutive: g.kind === 'loginDays' ? g.consecutive : null,
  };
}

/**
 * The members who may have progressed in a period (activity of the goal's kind in it), for the
 * job; `sinceDay`: only those active from that brand day on (a running one-off mission's recent
 * progress).
 */
async function candidates(db: Db, g: MissionGoal, p: MissionPeriod, sinceDay?: Day): Promise<number[]> {
  const from = sinceDay && sinceDay > p.fromDay ? sinceDay : p.fromDay;
  const days = sql`md.day >= ${from}${p.toDay ? sql` and md.day <= ${p.toDay}` : sql``}`;
  const start = new Date(Math.max(p.start, sinceDay ? dayStart(from, brand().timeZone) : p.start));
  const instants = (col: SQL) => sql`${col} >= ${start}${p.end !== null ? sql` and ${col} < ${new Date(p.end)}` : sql``}`;
  const q =
    g.kind === 'loginDays'
      ? sql`select distinct s.member_id from member_session s where ${instants(sql`s.created_at`)}`
      : g.kind === 'friends'
        ? sql`select distinct f.upline_id as member_id from member f join member_day md on md.member_id = f.id and md.vendor = '' and md.deposit_count > 0 and ${days} where f.upline_id is not null`
        : g.kind === 'lotteryTickets'
          ? // A ticket reaches the daily figures only when its draw settles: the tickets themselves say who bought.
            sql`select distinct t.member_id from lottery_ticket t where ${instants(sql`t.created_at`)}`
          : sql`select distinct md.member_id from member_day md where ${days}`;
  return rowsOf(await db.execute(q)).map((r) => Number(r.member_id));
}

/** Of `memberIds`, those who may take part: real accounts that marketing may reach, with their level and registration. */
async function takers(db: Db, memberIds: readonly number[]): Promise<Taker[]> {
  if (memberIds.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`select m.id, m.vip_level, m.created_at from member m
      where m.id in (${ids(memberIds)}) and m.type <> ${TRIAL_TYPE}
        and not exists (select 1 from rg_member g where g.member_id = m.id and g.block_kind is not null and (${sql.raw(blockedSql('g'))}))`),
  );
  return rows.map((r) => ({ id: Number(r.id), vipLevel: Number(r.vip_level), createdAt: new Date(r.created_at as string | Date) }));
}

const BATCH = 500;
const SETTLED_KEY = 'promotions.missions.settled';

/** Writes the rewards of every step reached in one closed period of a mission; answers how many were new. */
export async function settleMissionPeriod(db: Db, m: Mission, p: MissionPeriod, now = clock.now(), sinceDay?: Day): Promise<number> {
  const all = await candidates(db, m.goal, p, sinceDay);
  // Eligibility as at the period's end (its last instant), so that the job decides as the page did.
  const at = Math.min(p.end ?? now, now) - 1;
  let written = 0;
  for (let i = 0; i < all.length; i += BATCH) {
    const people = (await takers(db, all.slice(i, i + BATCH))).filter((t) => eligible(m, t, at));
    const progress = await measure(
      db,
      m,
      p,
      people.map((t) => t.id),
    );
    written += await award(db, m, p, progress, now);
  }
  return written;
}

/**
 * The job: for each mission, the periods that closed (and whose rewards may still be claimed) and
 * were not settled yet, oldest first; each one's reached steps written once. Safe with several
 * processes (a reward exists once per member and reference); the settled periods are remembered
 * so that each is read once in the usual case.
 */
export async function runMissionJob(db: Db, now = clock.now()): Promise<{ periods: number; written: number }> {
  const tz = brand().timeZone;
  const settled = { ...(await readSetting<Record<string, string>>(db, SETTLED_KEY, {})) };
  let periods = 0;
  let written = 0;
  for (const m of missionRules()) {
    const due: MissionPeriod[] = [];
    const w = windowOf(m, tz);
    if (m.period === 'once') {
      if (m.end && w.end + MISSION_GRACE_MS <= now && w.end + m.claimDays * DAY > now && settled[m.id] !== 'once') {
        const p = missionPeriod(m, w.end - 1, tz);
        if (p) due.push(p);
      }
      // A one-off mission still running has no close to wait for: the steps reached by members
      // active since yesterday are written now, so that none is lost to a member who never looks
      // (and whose eligibility might lapse before they do).
      const running = missionPeriod(m, now, tz);
      if (running) written += await settleMissionPeriod(db, m, running, now, addDays(dayIn(now, tz), -1));
    } else {
      let p = previousPeriod(periodAt(m.period, now - MISSION_GRACE_MS, tz), tz);
      const last = settled[m.id] && settled[m.id] !== 'once' ? settled[m.id]! : null;
      while (p.end + m.claimDays * DAY > now) {
        // The mission's part of the period: from its first instant within the mission's days.
        const mp = missionPeriod(m, Math.max(p.start, w.start), tz);
        if (mp && last !== null && mp.key <= last) break;
        if (mp && (mp.end ?? 0) <= p.end) due.unshift(mp);
        p = previousPeriod(p, tz);
      }
    }
    for (const p of due) {
      written += await settleMissionPeriod(db, m, p, now);
      periods++;
      settled[m.id] = p.key;
      await writeSetting(db, SETTLED_KEY, settled);
    }
  }
  return { periods, written };
}

/** Not exported through the feature's face; used by tests of the reward rows. */
export const missionRewardsOf = (db: Db, memberId: number) =>
  db
    .select()
    .from(promoReward)
    .where(and(eq(promoReward.memberId, memberId), eq(promoReward.kind, 'mission'), like(promoReward.reference, 'mission:%')));
