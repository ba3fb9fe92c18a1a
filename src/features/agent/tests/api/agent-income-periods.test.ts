/**
 * My income dates a salary or a dividend by the period it pays for, not by when it was credited
 * (audit item 8): fourteen closed days settled in one run (a first start, a server back after a
 * stop) show as fourteen days, so a 7-day view holds the salaries of its own days only. A line is
 * dated at its period's start: a day's salary sits on that day. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { fund, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { todayIn } from '../../../wallet/server/records.ts';
import { addDays, dayStart } from '../../../../kernel/days.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { grantContract, termsOf } from '../../server/contracts.ts';
import { runSettlements } from '../../server/settle.ts';
import { agentContract } from '../../server/tables.ts';

let t: TestDb;
type U = Awaited<ReturnType<typeof walletUser>>;
let A: U;
let today: string;
const DAY = 86_400_000;

interface Line {
  kind: string;
  memo: string | null;
  time: number;
}

/** The brand day's start, ms. */
const startOf = (day: string) => dayStart(day, brand().timeZone);

beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  A = await walletUser({ type: 1 });
  const P = await walletUser({ uplineId: A.id });
  await fund(P.id, 10_000_00n);
  today = todayIn(brand().timeZone);
  const contract = await grantContract(t.db, A.id, 'daily', termsOf('daily', { tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 1 }], periodicMinBet: 0 }));
  const started = new Date(startOf(addDays(today, -14)));
  await t.db
    .update(agentContract)
    .set({ offeredAt: started, startedAt: started, decidedAt: started })
    .where(inArray(agentContract.id, [contract]));
  // The player bet $100 on each of the last fourteen days (noon of each brand day).
  for (let k = 1; k <= 14; k++) await addToDay(t.db, P.id, new Date(startOf(addDays(today, -k)) + DAY / 2), 'JL', { betCount: 1, validBet: 100_00n, payout: 0n });
  // One run settles the fourteen closed days at once, as the first start after the seed does. In
  // the first minutes after the brand's midnight yesterday is still inside its grace: the run then
  // looks from just past it, so the test holds at any hour.
  const { settled } = await runSettlements(t.db, Math.max(Date.now(), startOf(today) + 20 * 60_000));
  expect(settled).toBe(14);
});
afterAll(async () => {
  await t.dispose();
});

async function income(from: string, to: string): Promise<Line[]> {
  const r = await A.call(`/wps/agent/income?from=${from}&to=${to}&pageSize=50`);
  expect(r.status).toBe(200);
  return r.json.value.content.filter((x: Line) => x.kind === 'salary');
}

/** The daily periods (their starts, ISO, as the memo names them) of days `from`..`to`. */
const periods = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => new Date(startOf(addDays(today, -to + i))).toISOString());

describe('my income over a range of days', () => {
  it('holds the salaries of the seven closed days before today, one line each, dated by its day', async () => {
    const lines = await income(addDays(today, -7), addDays(today, -1));
    expect(lines.map((l) => l.memo).sort()).toEqual(periods(1, 7).map((p) => `daily ${p}`));
    for (const l of lines) expect(new Date(l.time).toISOString()).toBe(l.memo!.slice('daily '.length));
  });

  it("the last seven days (today open) hold the six closed days' salaries, not the fourteen credited today", async () => {
    const lines = await income(addDays(today, -6), today);
    expect(lines.map((l) => l.memo).sort()).toEqual(periods(1, 6).map((p) => `daily ${p}`));
    const r = (await A.call(`/wps/agent/income?from=${addDays(today, -6)}&to=${today}`)).json.value;
    expect(r.totals.salary).toBe(6);
    expect(r.totalCount).toBe(6);
  });

  it('a day two weeks back holds its own salary, though it was credited today', async () => {
    const day = addDays(today, -14);
    const lines = await income(day, day);
    expect(lines.map((l) => l.memo)).toEqual([`daily ${new Date(startOf(day)).toISOString()}`]);
  });
});
