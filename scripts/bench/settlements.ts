/**
 * Contract settlements at scale (issue 14), on the agent reports' generated team (100,000 members
 * on four levels, 5,000,000 rounds over 30 days; agent-reports.ts): every one of its 1,111 agents
 * holds a daily salary and a real-time salary in a chain from the house (rates stepping down by
 * level). Measured by the product's own code (settle.ts):
 * - the daily settlement of yesterday (every contract, its team's figures, its ledger payment);
 * - the real-time salary of one five-minute period holding as many rounds as the ledger bench's
 *   spin rate puts through in five minutes: how long it takes to settle, and so its lag behind
 *   the bets (the period's end, the one-minute grace, the job's tick, the settlement).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/kernel/db/index.ts';
import { rowsOf } from '../../src/kernel/db/rows.ts';
import { periodAt } from '../../src/kernel/periods.ts';
import { settleOne, correctOne, STREAMS } from '../../src/features/agent/server/settle.ts';

export interface SettlementTimes {
  contracts: number;
  dailySeconds: number;
  dailyPaid: number;
  recheckSeconds: number;
  realtimeRounds: number;
  realtimeSeconds: number;
  /** Seconds from a five-minute period's end to its payment, at worst: grace + job tick + settlement. */
  realtimeLagSeconds: number;
  spinRate: number;
}

const TIME_ZONE = 'America/Mexico_City';

export async function measureSettlements(db: Db, spinRate: number, log: (s: string) => void): Promise<SettlementTimes> {
  const exec = async (q: ReturnType<typeof sql>) => rowsOf(await db.execute(q));
  await exec(sql`delete from agent_settlement`);
  await exec(sql`delete from agent_period`);
  await exec(sql`delete from agent_contract_event`);
  await exec(sql`delete from agent_contract`);
  // A chain from the house: 2 % for the top agent, 0.25 % less per level (real time: 1 % / 0.5 %, 0.1 % less).
  for (const [kind, terms, rate] of [
    [
      'daily',
      sql`jsonb_build_object('tiers', jsonb_build_array(jsonb_build_object('minValidBet', 0, 'minActive', 0, 'minLoss', 0, 'rate', 200 - m.depth * 25)), 'periodicMinBet', 0)`,
      sql`200 - m.depth * 25`,
    ],
    ['realtime', sql`jsonb_build_object('lossRate', 100 - m.depth * 10, 'winRate', 50 - m.depth * 10, 'minSingleBet', 0)`, sql`100 - m.depth * 10`],
  ] as const) {
    await exec(sql`insert into agent_contract (kind, upline_id, agent_id, status, terms, rate, offered_at, started_at)
      select ${kind}, case when m.username = 'bench_top' then null else m.upline_id end, m.id, 'active', ${terms}, ${rate}, now() - interval '40 days', now() - interval '40 days'
      from member m where m.username like 'bench\\_%' and m.type = 1`);
  }
  const [{ n: contracts } = { n: 0 }] = (await exec(sql`select count(*)::int as n from agent_contract where kind = 'daily'`)) as { n: number }[];

  // Daily: yesterday (brand time), every contract in one transaction.
  const daily = STREAMS.find((s) => s.key === 'daily')!;
  const yesterday = periodAt('D', Date.now() - 86_400_000, TIME_ZONE);
  log(`  settling yesterday for ${contracts} daily contracts...`);
  let t0 = performance.now();
  await settleOne(db, daily, yesterday);
  const dailySeconds = (performance.now() - t0) / 1000;
  const [{ paid } = { paid: 0 }] = (await exec(sql`select count(*)::int as paid from agent_settlement where kind = 'daily' and amount > 0`)) as { paid: number }[];
  t0 = performance.now();
  await correctOne(db, daily, yesterday);
  const recheckSeconds = (performance.now() - t0) / 1000;

  // Real time: one past five-minute period filled at the spin rate.
  const realtime = STREAMS.find((s) => s.key === 'realtime')!;
  const period = periodAt('5min', Date.now() - 15 * 60_000, TIME_ZONE);
  const realtimeRounds = Math.max(1, Math.round(spinRate * 300));
  const [{ lo, hi } = { lo: 0, hi: 0 }] = (await exec(sql`select min(id)::int as lo, max(id)::int as hi from member where username like 'bench\\_p%'`)) as { lo: number; hi: number }[];
  await exec(sql`insert into game_round (round_id, member_id, vendor, game_name, bet_amount, win_amount, wallet_account, status, created_at, settled_at)
    select 'rt' || g, m, 'JL', 'JL bench game', bet, win, 'member:' || m || ':main', 'settled', t, t
    from (select g, (${lo}::bigint + (g * 7919) % (${hi}::bigint - ${lo}::bigint + 1))::int as m, (100 + (g * 37) % 1900)::bigint as bet,
      case when g % 2 = 0 then 0 else 150 + (g * 37) % 3000 end::bigint as win,
      to_timestamp((${period.start}::bigint + (g * 300000 / ${realtimeRounds}::bigint)) / 1000.0) as t
      from generate_series(1::bigint, ${realtimeRounds}::bigint) g) x`);
  log(`  settling a five-minute period of ${realtimeRounds.toLocaleString('en')} rounds for ${contracts} real-time contracts...`);
  t0 = performance.now();
  await settleOne(db, realtime, period);
  const realtimeSeconds = (performance.now() - t0) / 1000;
  await exec(sql`delete from game_round where round_id like 'rt%'`);
  return {
    contracts,
    dailySeconds,
    dailyPaid: paid,
    recheckSeconds,
    realtimeRounds,
    realtimeSeconds,
    realtimeLagSeconds: 60 + 60 + realtimeSeconds,
    spinRate,
  };
}
