/**
 * Bonuses with a wagering requirement (issue 15): paid through the ledger, counted from the
 * rounds by category weight and maximum bet, withdrawals and upline transfers refused with the
 * turnover left while one is active, completed when reached, forfeited or expired with what is
 * left of them going back to the house; idempotent grants; another member's bonus out of reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { fund, mainBalance, newKey, seedLiveVendor, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { shiftClock } from '../../../../../tests/support/accounts.ts';
import { placeBet, settleRound } from '../../server/game-play.ts';
import { expireDueBonuses, grantBonus, memberBonuses, type GrantBonus } from '../../server/bonuses.ts';
import { auditLedger } from '../../server/ledger.ts';
import { runOps } from '../../../../app/ops.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  await seedLiveVendor();
});
afterAll(() => t.dispose());

type User = Awaited<ReturnType<typeof walletUser>>;
const DAY = 86_400_000;
let seq = 0;

async function grant(u: User, o: Partial<GrantBonus> = {}) {
  return t.db.transaction((tx) =>
    grantBonus(tx, {
      memberId: u.id,
      reference: `test:${u.id}:${++seq}`,
      source: 'test',
      titles: { en: 'Test bonus', es: 'Bono de prueba' },
      amount: 50_00n,
      turnoverRequired: 100_00n,
      weights: { LIVE: 20 },
      maxBet: 20_00n,
      validMs: 7 * DAY,
      ...o,
    }),
  );
}

let roundSeq = 0;
/** One settled round of `amount` at `vendorCode` (a loss: the stake stays with the house). */
async function bet(u: User, amount: bigint, vendorCode = 'PG', win = 0n) {
  const roundId = `b${u.id}-${++roundSeq}`;
  await placeBet(t.db, { memberId: u.id, roundId, vendor: vendorCode, gameName: 'Bonus Test', amount });
  await settleRound(t.db, roundId, win);
}

const bonuses = async (u: User, language = 'EN') => (await u.call('/wps/wallet/bonuses', { headers: { language } })).json.value;
const withdraw = (u: User, amount = '10.00') => u.call('/wps/wallet/withdraw', { method: 'POST', body: { amount, idempotencyKey: newKey() } });

describe('a bonus with a wagering requirement', () => {
  it('is paid into the main wallet, counts bets by category weight and maximum bet, and locks withdrawals until reached', async () => {
    const u = await walletUser();
    await fund(u.id, 200_00n);
    const { bonusId, created } = await grant(u);
    expect(created).toBe(true);
    expect(await mainBalance(u.id)).toBe(250_00n);
    let [b] = await bonuses(u, 'ES');
    expect(b).toMatchObject({ id: bonusId, title: 'Bono de prueba', amount: '50.00', turnoverRequired: '100.00', turnoverDone: '0.00', status: 'active', maxBet: '20.00', weights: { LIVE: 20 } });

    // A slot bet counts fully, a live bet at 20%, a bet above the maximum not at all, an open round not yet.
    await bet(u, 10_00n);
    await bet(u, 10_00n, 'EVO');
    await bet(u, 25_00n);
    await placeBet(t.db, { memberId: u.id, roundId: `open-${u.id}`, vendor: 'PG', gameName: 'Open', amount: 5_00n });
    [b] = await bonuses(u);
    expect(b.turnoverDone).toBe('12.00');

    const refused = await withdraw(u);
    expect(refused.status).toBe(409);
    expect(refused.json.errorCode).toBe('wallet.withdrawal.wagering');
    expect(refused.json.message).toContain('88.00');
    expect((await u.call('/wps/wallet/withdraw/info')).json.value.wageringRemaining).toBe('88.00');
    const spanish = await u.call('/wps/wallet/withdraw', { method: 'POST', headers: { language: 'ES' }, body: { amount: '10.00', idempotencyKey: newKey() } });
    expect(spanish.json.message).toMatch(/requisito de apuesta.*88\.00/);

    // Reached: completed, and the withdrawal goes through.
    for (let i = 0; i < 9; i++) await bet(u, 10_00n);
    [b] = await bonuses(u);
    expect(b).toMatchObject({ status: 'completed', turnoverDone: '100.00' });
    expect((await u.call('/wps/wallet/withdraw/info')).json.value.wageringRemaining).toBe('0.00');
    expect((await withdraw(u)).status).toBe(200);
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('is granted once per reference, and a bonus with nothing to wager is completed at once', async () => {
    const u = await walletUser();
    const first = await grant(u, { reference: `once:${u.id}` });
    const again = await grant(u, { reference: `once:${u.id}` });
    expect(again).toEqual({ bonusId: first.bonusId, created: false });
    expect(await mainBalance(u.id)).toBe(50_00n);
    const free = await grant(u, { turnoverRequired: 0n, amount: 5_00n });
    const list = await bonuses(u);
    expect(list.find((b: { id: number }) => b.id === free.bonusId).status).toBe('completed');
  });

  it('refuses an upline transfer while active', async () => {
    const agent = await walletUser({ type: 1 });
    const u = await walletUser({ uplineId: agent.id });
    await fund(u.id, 20_00n);
    await grant(u);
    const r = await u.call('/wps/wallet/transfer/upline', { method: 'POST', body: { amount: '5.00', idempotencyKey: newKey() } });
    expect(r.json.errorCode).toBe('wallet.withdrawal.wagering');
  });

  it('forfeited, gives back the bonus (at most the balance) once; another member cannot touch it', async () => {
    const u = await walletUser();
    const other = await walletUser();
    const { bonusId } = await grant(u);
    await bet(u, 30_00n); // the balance is now 20.00, below the bonus
    const foreign = await other.call('/wps/wallet/bonuses/forfeit', { method: 'POST', body: { id: bonusId } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.errorCode).toBe('wallet.bonus.unknown');
    const r = await u.call('/wps/wallet/bonuses/forfeit', { method: 'POST', body: { id: bonusId } });
    expect(r.json.value).toEqual({ recovered: '20.00' });
    expect(await mainBalance(u.id)).toBe(0n);
    const [b] = await bonuses(u);
    expect(b).toMatchObject({ status: 'forfeited', recovered: '20.00', turnoverDone: null });
    const twice = await u.call('/wps/wallet/bonuses/forfeit', { method: 'POST', body: { id: bonusId } });
    expect(twice.json.errorCode).toBe('wallet.bonus.ended');
    // Nothing locks withdrawals any more.
    expect((await u.call('/wps/wallet/withdraw/info')).json.value.wageringRemaining).toBe('0.00');
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('expires after its time: the job takes back the bonus, but a reached one is completed instead', async () => {
    const u = await walletUser();
    await fund(u.id, 500_00n);
    const lost = await grant(u, { validMs: DAY });
    const reached = await grant(u, { validMs: DAY, turnoverRequired: 10_00n });
    await bet(u, 10_00n);
    const clock = shiftClock();
    try {
      clock.advance(DAY + 1000);
      expect(await expireDueBonuses(t.db)).toBeGreaterThanOrEqual(2);
      // (Read directly: a day later the test's session has idled out.)
      const list = await memberBonuses(t.db, u.id, 'en');
      expect(list.find((b: { id: number }) => b.id === lost.bonusId)).toMatchObject({ status: 'expired', recovered: '50.00' });
      expect(list.find((b: { id: number }) => b.id === reached.bonusId)).toMatchObject({ status: 'completed' });
      expect(await mainBalance(u.id)).toBe(500_00n + 100_00n - 10_00n - 50_00n);
    } finally {
      clock.restore();
    }
  });

  it('is out of reach of a trial account', async () => {
    const u = await walletUser({ type: 4 });
    expect((await u.call('/wps/wallet/bonuses')).status).toBe(403);
  });
});

describe('npm run ops -- bonus', () => {
  it('grants a bonus with its requirement to a member, and lists it', async () => {
    const u = await walletUser();
    const out = await runOps(t.db, ['bonus', 'grant', '--username', u.username, '--amount', '25.00', '--turnover', '250.00', '--days', '3', '--title', 'Goodwill bonus'], 'test');
    expect(out.ok).toBe(true);
    expect(await mainBalance(u.id)).toBe(25_00n);
    const [b] = await bonuses(u);
    expect(b).toMatchObject({ title: 'Goodwill bonus', amount: '25.00', turnoverRequired: '250.00', status: 'active', source: 'operator' });
    expect((await runOps(t.db, ['bonus', 'grant', '--username', u.username, '--amount', '-1', '--turnover', '0'], 'test')).ok).toBe(false);
    expect((await runOps(t.db, ['bonus', 'list', '--username', u.username], 'test')).output).toContain('Goodwill bonus');
  });
});
