/**
 * Team days: each agent's team figures per closed day (table team_day), summed once from the
 * members' daily figures so that the team overview of a large team reads a few hundred rows for
 * a month, and each member's bets per closed day in one row (team_member_day: what user loss
 * ranks and the overview's active members count, from covering indexes). A closed day is built
 * by the job `agent.teamDays` (every minute, and at start) once it has figures and is not built
 * yet, and again whenever the wallet marks it changed (a round settled after midnight on its bet's
 * day, a rebuild). Reports read a day from these tables only when it is built and not changed
 * since, and every other day (today, a changed day, a day not built yet) from member_day: the
 * answer is the same either way, only faster.
 *
 * Several processes may run the job at once: a day is built in one transaction under an advisory
 * lock of its own (the second waits, then builds it again from the same rows: the same result),
 * and a crash mid-build leaves the day as it was (not built, or still changed).
 */
import { and, between, sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { addDays, dayIn } from '../../../kernel/days.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { changedDays, takeChangedDay } from '../../wallet/index.ts';
import { teamDayBuilt } from './tables.ts';

/** How far back the job looks for closed days never built (older history is read from member_day). */
const LOOK_BACK_DAYS = 62;

/** Builds one closed day's team figures for every agent, replacing what was there. */
export async function buildTeamDay(db: Db, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('agent.team_day'), ${Number(day.replaceAll('-', ''))}::int)`);
    await takeChangedDay(tx, day);
    await tx.execute(sql`delete from team_day where day = ${day}`);
    // Each member's figures go to every agent above it (the ids of its path before its own):
    // direct for the agent right above (its position in the path is the member's depth).
    await tx.execute(sql`
      insert into team_day (agent_id, day, vendor, direct, bet_count, valid_bet, payout, deposit_count, deposit, withdrawal_count, withdrawal)
      select a.id::int, d.day, d.vendor, a.ord = d.depth, sum(d.bet_count)::int, sum(d.valid_bet), sum(d.payout),
        sum(d.deposit_count)::int, sum(d.deposit), sum(d.withdrawal_count)::int, sum(d.withdrawal)
      from member_day d
      cross join lateral unnest(string_to_array(trim(both '/' from d.tree_path), '/')) with ordinality as a(id, ord)
      where d.day = ${day} and a.ord <= d.depth
      group by 1, 2, 3, 4`);
    // Each member's bets of the day in one row (all vendors), for the reports that rank members.
    await tx.execute(sql`delete from team_member_day where day = ${day}`);
    await tx.execute(sql`
      insert into team_member_day (member_id, day, tree_path, depth, bet_count, valid_bet, payout)
      select member_id, day, tree_path, depth, sum(bet_count)::int, sum(valid_bet), sum(payout)
      from member_day where day = ${day} and vendor <> ''
      group by member_id, day, tree_path, depth`);
    await tx
      .insert(teamDayBuilt)
      .values({ day })
      .onConflictDoUpdate({ target: teamDayBuilt.day, set: { builtAt: sql`now()` } });
  });
}

/** Closed days to build: changed ones, and recent ones with figures never built. */
export async function daysToBuild(db: Db, now = clock.now()): Promise<string[]> {
  const today = dayIn(now, brand().timeZone);
  const from = addDays(today, -LOOK_BACK_DAYS);
  const yesterday = addDays(today, -1);
  const changed = await changedDays(db, '0001-01-01', yesterday);
  const fresh = rowsOf(
    await db.execute(sql`
      select g.day::date::text as day from generate_series(${from}::date, ${yesterday}::date, interval '1 day') g(day)
      where not exists (select 1 from team_day_built b where b.day = g.day::date)
        and exists (select 1 from member_day m where m.day = g.day::date)`),
  ).map((r) => String(r.day));
  return [...new Set([...changed, ...fresh])].sort();
}

/** The job: builds every day that needs it; answers how many. */
export async function buildTeamDays(db: Db, now = clock.now()): Promise<number> {
  const days = await daysToBuild(db, now);
  for (const day of days) await buildTeamDay(db, day);
  // The reports read team_member_day from its indexes alone once its pages are marked all-visible,
  // which a vacuum does (a small table, and only after days were built; another process's vacuum
  // of it is not waited for).
  if (days.length) await db.execute(sql`vacuum (analyze, skip_locked) team_member_day`);
  return days.length;
}

/** Of the days from `from` to `to`, those team_day answers for (built, and not changed since). */
export async function summarisedDays(db: Db, from: string, to: string): Promise<Set<string>> {
  const today = dayIn(clock.now(), brand().timeZone);
  const [built, changed] = await Promise.all([
    db
      .select({ day: teamDayBuilt.day })
      .from(teamDayBuilt)
      .where(and(between(teamDayBuilt.day, from, to))),
    changedDays(db, from, to),
  ]);
  return new Set(built.map((b) => b.day).filter((d) => d < today && !changed.has(d)));
}
