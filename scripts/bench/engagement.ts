/**
 * Missions and the mission leaderboard at scale for `npm run bench -- engagement` (issue 32), on
 * PostgreSQL (a fresh database): 100,000 players with this week's daily figures on three days
 * (valid bets in whole units of 10.00, so that many scores tie; 1 to 100 slot rounds a day).
 *
 * - The leaderboard (the demo brand's board 1, the week's valid bets): the job's first run (every
 *   score written) and a second one with nothing changed; then MCSFE_getMissionLeaderboard's work
 *   for a random player (their own score set, the top 20, their rank, the last period), called
 *   in-process one at a time: p95 of 300 calls (< 50 ms), beside one sequential scan of the scores.
 * - Mission progress: the closed day's settlement of the demo's "slot spins of the day" (50 rounds
 *   reach its last step) over every player active that day: the rounds it counted per second,
 *   beside the ledger's rounds per second (placeBet + settleRound, 50 players) on the same server
 *   in the same run (>= 0.5 x); and the missions page's work for one player (eight missions), p95.
 */
import { sql } from 'drizzle-orm';
import { openDb, type DbHandle } from '../../src/kernel/db/client.ts';
import { rowsOf } from '../../src/kernel/db/rows.ts';
import { brand } from '../../src/kernel/brand/index.ts';
import { addDays, dayIn, dayStart } from '../../src/kernel/days.ts';
import { boardPeriod, leaderboardsOf, runLeaderboardJob } from '../../src/features/promotions/server/leaderboards.ts';
import { leaderboardRules, missionRules } from '../../src/features/promotions/server/mission-settings.ts';
import { missionPeriod, missionsOf, settleMissionPeriod } from '../../src/features/promotions/server/missions.ts';
import { freshDatabase, measureLedgerPostgres, type LedgerLoad } from './ledger.ts';
import { openMigrated } from './spins.ts';
import { percentile } from './timing.ts';

const PLAYERS = Number(process.env.BENCH_ENGAGEMENT_PLAYERS ?? 100_000);
const SAMPLES = 300;
const WARMUP = 20;

export interface EngagementTimes {
  players: number;
  setupSeconds: number;
  /** The leaderboard job: first run (every score written), and again with nothing changed, s. */
  jobFirstSeconds: number;
  jobAgainSeconds: number;
  scores: number;
  /** MCSFE_getMissionLeaderboard's work for one player, ms. */
  boardP50: number;
  boardP95: number;
  /** One sequential scan of leaderboard_score, ms. */
  scoreScanMs: number;
  /** The closed day's mission settlement: rounds counted, seconds, rounds per second, rewards written. */
  roundsCounted: number;
  settleSeconds: number;
  countedPerSecond: number;
  rewards: number;
  /** The missions page's work for one player, ms. */
  missionsP95: number;
  ledger: LedgerLoad;
}

type Exec = (q: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;

export async function measureEngagement(log: (s: string) => void): Promise<EngagementTimes> {
  const fresh = await freshDatabase('engagement');
  const started = Date.now();
  const tz = brand().timeZone;
  const now = Date.now();
  const today = dayIn(now, tz);
  const week = boardPeriod(
    leaderboardRules().find((b) => b.id === 1)!,
    now,
    tz,
  );
  // Three days of this week (today and the two before, or fewer on a Monday), and yesterday for the daily mission.
  const days = [0, 1, 2].map((back) => addDays(today, -back)).filter((d) => d >= week.fromDay);
  const yesterday = addDays(today, -1);
  try {
    await (await openMigrated({ url: fresh.url })).close();
    const setup = await openDb({ url: fresh.url, poolSize: 1 });
    const exec: Exec = async (q) => rowsOf(await setup.db.execute(q));
    try {
      log(`  generating ${PLAYERS.toLocaleString('en')} players and their daily figures`);
      await exec(sql`set work_mem = '256MB'`);
      await exec(sql`insert into vendor (code, display_name, game_type, sort) values ('JL', 'JILI', 'RNG', 1) on conflict do nothing`);
      await exec(
        sql.raw(`insert into member (username, password_hash, password_changed_at, type, created_at)
          select 'eg' || g, 'x', now(), 0, now() - interval '200 days' from generate_series(1, ${PLAYERS}) g`),
      );
      const all = [...new Set([...days, yesterday])];
      await exec(
        sql.raw(`insert into member_day (member_id, day, vendor, tree_path, depth, bet_count, valid_bet, payout)
          select m.id, d::date, 'JL', m.tree_path, m.depth, 1 + (m.id * 7 + length(d)) % 100, (1 + (m.id * 13 + ascii(right(d, 1))) % 200) * 1000, 0
          from member m cross join unnest(array[${all.map((d) => `'${d}'`).join(', ')}]) d`),
      );
      await exec(sql`analyze`);
    } finally {
      await setup.close();
    }
    const setupSeconds = Math.round((Date.now() - started) / 1000);
    const handle: DbHandle = await openDb({ url: fresh.url });
    const db = handle.db;
    const exec2: Exec = async (q) => rowsOf(await db.execute(q));
    try {
      let t0 = performance.now();
      await runLeaderboardJob(db, now);
      const jobFirstSeconds = (performance.now() - t0) / 1000;
      t0 = performance.now();
      await runLeaderboardJob(db, now);
      const jobAgainSeconds = (performance.now() - t0) / 1000;
      const scores = Number((await exec2(sql`select count(*)::int as n from leaderboard_score`))[0]!.n);
      log(`  leaderboard job: ${scores.toLocaleString('en')} scores in ${jobFirstSeconds.toFixed(1)} s, again in ${jobAgainSeconds.toFixed(1)} s`);

      const sample = (await exec2(sql`select id from member order by md5(id::text) limit ${SAMPLES + WARMUP}`)).map((r) => Number(r.id));
      const boardTimes: number[] = [];
      for (const [i, id] of sample.entries()) {
        const s = performance.now();
        const v = await leaderboardsOf(db, id, 'en', now);
        if (i >= WARMUP) boardTimes.push(performance.now() - s);
        if (i === 0 && (v.boards[0]?.top.length ?? 0) < 20) throw new Error('the leaderboard answered fewer than 20');
      }
      t0 = performance.now();
      await exec2(sql`select count(*) from leaderboard_score where score >= 0`);
      const scoreScanMs = performance.now() - t0;
      log(`  leaderboard call: p50 ${percentile(boardTimes, 50).toFixed(1)} ms, p95 ${percentile(boardTimes, 95).toFixed(1)} ms (scan of the scores ${scoreScanMs.toFixed(1)} ms)`);

      const mission = missionRules().find((m) => m.id === 2)!;
      const period = missionPeriod(mission, dayStart(yesterday, tz) + 3_600_000, tz)!;
      const roundsCounted = Number((await exec2(sql`select coalesce(sum(bet_count), 0)::bigint as n from member_day where day = ${yesterday}`))[0]!.n);
      t0 = performance.now();
      const rewards = await settleMissionPeriod(db, mission, period, now);
      const settleSeconds = (performance.now() - t0) / 1000;
      log(`  mission settlement of ${yesterday}: ${roundsCounted.toLocaleString('en')} rounds counted in ${settleSeconds.toFixed(1)} s, ${rewards.toLocaleString('en')} rewards`);

      const missionTimes: number[] = [];
      for (const [i, id] of sample.slice(0, 120).entries()) {
        const s = performance.now();
        await missionsOf(db, id, 'en', now);
        if (i >= WARMUP) missionTimes.push(performance.now() - s);
      }
      log(`  missions page: p95 ${percentile(missionTimes, 95).toFixed(1)} ms`);

      log('  ledger rounds/s on the same server (50 players)...');
      const ledger = await measureLedgerPostgres({ players: 50, seconds: Number(process.env.BENCH_SECONDS ?? 10) });
      return {
        players: PLAYERS,
        setupSeconds,
        jobFirstSeconds,
        jobAgainSeconds,
        scores,
        boardP50: percentile(boardTimes, 50),
        boardP95: percentile(boardTimes, 95),
        scoreScanMs,
        roundsCounted,
        settleSeconds,
        countedPerSecond: roundsCounted / settleSeconds,
        rewards,
        missionsP95: percentile(missionTimes, 95),
        ledger,
      };
    } finally {
      await handle.close();
    }
  } finally {
    await fresh.drop();
  }
}
