/**
 * The daily sign-in (issue 15) on the demo brand's promotion 8 (a week from Monday; a run of days
 * earns 0.50, 0.50, 1.00, 1.00, 1.50, 2.00, 3.00; claimable for 3 days): once per brand day, the
 * run grows day after day and starts again after a missed day or in a new week, each day's reward
 * waits in the reward centre, trial accounts are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { mainBalance, walletUser } from '../../../../../tests/support/wallet.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { addDays, dayIn, dayStart } from '../../../../kernel/days.ts';
import { signIn, signinCalendar } from '../../server/signin.ts';
import { memberStatuses } from '../../server/engine.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.dispose());

const SIGNIN = 8;
const tz = () => brand().timeZone;
/** Noon (brand time) of the Monday `weeks` weeks from the current week. */
function mondayNoon(weeks = 0): number {
  const today = dayIn(Date.now(), tz());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7) + 7 * weeks);
  return dayStart(monday, tz()) + 12 * 3_600_000;
}
const DAY = 86_400_000;

describe('the daily sign-in', () => {
  it('signs in once per day, and the run earns more each day in a row', async () => {
    const u = await walletUser();
    const monday = mondayNoon(-1);
    const first = await signIn(t.db, u.id, 'en', monday);
    expect(first).toMatchObject({ streak: 1, reward: { kind: 'signin', promotionId: SIGNIN, amount: '0.50', status: 'claimable', title: 'Daily sign-in' } });
    await expect(signIn(t.db, u.id, 'en', monday + 3_600_000)).rejects.toMatchObject({ errorCode: 'promotion.signin.done' });
    expect((await signIn(t.db, u.id, 'en', monday + DAY)).streak).toBe(2);
    const third = await signIn(t.db, u.id, 'en', monday + 2 * DAY);
    expect(third).toMatchObject({ streak: 3, reward: { amount: '1.00' } });

    // The calendar of that week, on its Wednesday.
    const cal = await signinCalendar(t.db, u.id, monday + 2 * DAY);
    expect(cal).toMatchObject({ promotionId: SIGNIN, signedToday: true, streak: 3, period: 'W' });
    expect(cal.days).toHaveLength(7);
    expect(cal.days.map((d) => d.signed)).toEqual([true, true, true, false, false, false, false]);
    // What the rest of the week would earn with an unbroken run.
    expect(cal.days.map((d) => d.reward)).toEqual(['0.50', '0.50', '1.00', '1.00', '1.50', '2.00', '3.00']);
  });

  it('starts the run again after a missed day, and with a new week', async () => {
    const u = await walletUser();
    const monday = mondayNoon(-2);
    await signIn(t.db, u.id, 'en', monday);
    await signIn(t.db, u.id, 'en', monday + DAY);
    expect((await signIn(t.db, u.id, 'en', monday + 3 * DAY)).streak).toBe(1); // Wednesday missed
    await signIn(t.db, u.id, 'en', monday + 4 * DAY);
    await signIn(t.db, u.id, 'en', monday + 5 * DAY);
    await signIn(t.db, u.id, 'en', monday + 6 * DAY);
    expect((await signIn(t.db, u.id, 'en', monday + 7 * DAY)).streak).toBe(1); // a new week
    const cal = await signinCalendar(t.db, u.id, monday + 6 * DAY);
    expect(cal.days.map((d) => d.reward)).toEqual(['0.50', '0.50', null, '0.50', '0.50', '1.00', '1.00']);
  });

  it('puts the reward in the reward centre, paid once claimed; the promotion shows signed today', async () => {
    const u = await walletUser();
    const before = (await memberStatuses(t.db, u.id)).find((p) => p.id === SIGNIN)?.status;
    expect(before).toBe('join');
    const r = await u.call('/wps/promotions/signin', { method: 'POST', headers: { language: 'ES' } });
    expect(r.status).toBe(200);
    expect(r.json.value.reward).toMatchObject({ title: 'Registro diario', amount: '0.50' });
    expect((await u.call('/wps/promotions/signin', { method: 'POST' })).json.errorCode).toBe('promotion.signin.done');
    expect((await memberStatuses(t.db, u.id)).find((p) => p.id === SIGNIN)?.status).toBe('signed');
    const list = (await u.call('/wps/promotions/rewards')).json.value;
    expect(list.available).toBe(1);
    expect((await u.call('/wps/promotions/rewards/claim', { method: 'POST', body: { id: list.items[0].id } })).status).toBe(200);
    expect(await mainBalance(u.id)).toBe(50n);
    const cal = (await u.call('/wps/promotions/signin')).json.value;
    expect(cal).toMatchObject({ signedToday: true, streak: 1 });
  });

  it('refuses a trial account', async () => {
    const trial = await walletUser({ type: 4 });
    expect((await trial.call('/wps/promotions/signin', { method: 'POST' })).status).toBe(403);
  });
});
