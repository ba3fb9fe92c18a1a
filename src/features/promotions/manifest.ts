/** What the promotions feature adds (issue 15): the engine that runs the brand's promotion rules, its page, and its reactions to deposits. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { promotionCalls, promotionEvents } from './contract.ts';
import { promotionRules } from './server/settings.ts';
import { leaderboardRules, missionRules } from './server/mission-settings.ts';
import { runLeaderboardJob } from './server/leaderboards.ts';
import { runMissionJob } from './server/missions.ts';
import { promotionRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { depositConsumer } from './server/engine.ts';
import { runRewardJobs } from './server/rewards.ts';
import { promotionCommands } from './server/ops.ts';
import { runVipJob, vipConsumer } from './server/vip.ts';
import { runRaffleJobs } from './server/raffle.ts';
import { referralConsumer, runReferralJob } from './server/referral.ts';

export const manifest: FeatureManifest = {
  name: 'promotions',
  calls: promotionCalls,
  events: promotionEvents,
  settings: [promotionRules, missionRules, leaderboardRules],
  routes: promotionRoutes,
  tables,
  consumers: [depositConsumer, vipConsumer, referralConsumer],
  ops: promotionCommands,
  jobs: [
    // Each closed day's rebates (10 minutes after the day, and on start for missed days still
    // claimable), then claimable rewards past their time expire. Once per reward whatever the
    // number of processes (a reward exists once per member and key).
    // VIP levels of the members who played since yesterday (a deposit raises at once, through
    // the outbox), and the monthly VIP bonuses once the month has turned.
    { name: 'promotions.vip', everyMs: 60_000, atStart: true, run: (db, now) => runVipJob(db, now) },
    // Raffles: the current period's draw with its committed seed; ended periods drawn once.
    { name: 'promotions.raffles', everyMs: 60_000, atStart: true, run: (db, now) => runRaffleJobs(db, now) },
    // Invite friends: friends who played since the last run (a deposit decides at once, through the outbox).
    { name: 'promotions.referral', everyMs: 60_000, atStart: true, run: (db, now) => runReferralJob(db, now) },
    // Missions: the periods that closed, each member's reached steps written into the reward centre once.
    { name: 'promotions.missions', everyMs: 5 * 60_000, atStart: true, run: (db, now) => runMissionJob(db, now) },
    // Mission leaderboards: the current periods' scores every minute; closed periods paid once.
    { name: 'promotions.leaderboards', everyMs: 60_000, atStart: true, run: (db, now) => runLeaderboardJob(db, now) },
    { name: 'promotions.rewards', everyMs: 5 * 60_000, atStart: true, run: (db, now) => runRewardJobs(db, now) },
  ],
};
