/**
 * Bonus codes (issue 15) on the demo brand's LUCKY10 (id 7: 10.00, wagering 5 x the bonus within
 * 7 days): paid once per member whatever the case of the code, unknown and used codes refused in
 * the caller's language, trial accounts refused, tries limited per member (right or wrong) and per address (wrong codes
 * only, at a far higher bound, so players behind one address do not lock each other out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { freshIp } from '../../../../../tests/support/accounts.ts';
import { mainBalance, walletUser } from '../../../../../tests/support/wallet.ts';
import { LIMITS } from '../../../../kernel/rate-limit.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.dispose());

type User = Awaited<ReturnType<typeof walletUser>>;
const redeem = (u: User, code: string, language = 'EN', ip?: string) => u.call('/wps/promotions/code', { method: 'POST', headers: { language }, body: { code }, ip });

describe('a bonus code', () => {
  it('pays its bonus once, with its wagering requirement, and the promotion shows issued', async () => {
    const u = await walletUser();
    const r = await redeem(u, ' lucky10 ', 'ES');
    expect(r.status).toBe(200);
    expect(r.json.value).toEqual({ promotionId: 7, title: 'Código de bono LUCKY10', amount: '10.00', turnover: '50.00' });
    expect(await mainBalance(u.id)).toBe(10_00n);
    const [b] = (await u.call('/wps/wallet/bonuses')).json.value;
    expect(b).toMatchObject({ source: 'promotion:7', amount: '10.00', turnoverRequired: '50.00', status: 'active' });
    const statuses = (await u.call('/wps/promotions/status')).json.value as { id: number; status: string }[];
    expect(statuses.find((p) => p.id === 7)?.status).toBe('issued');

    const again = await redeem(u, 'LUCKY10');
    expect(again.status).toBe(409);
    expect(again.json.errorCode).toBe('promotion.code.used');
    expect(await mainBalance(u.id)).toBe(10_00n);
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it("refuses an unknown code in the caller's language, a trial account, and a code joined like a button", async () => {
    const u = await walletUser();
    const unknown = await redeem(u, 'NOPE1234', 'ES');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Este código de bono no existe');
    const trial = await walletUser({ type: 4 });
    expect((await redeem(trial, 'LUCKY10')).status).toBe(403);
    expect((await u.call('/wps/promotions/join', { method: 'POST', body: { id: 7 } })).json.errorCode).toBe('promotion.notJoinable');
    expect((await redeem(u, '')).status).toBe(400);
  });

  it('limits the tries of a member, right or wrong', async () => {
    const u = await walletUser();
    for (let i = 0; i < LIMITS.bonusCodesPerMember; i++) expect((await redeem(u, `WRONG${i}X`)).status).toBe(404);
    const limited = await redeem(u, 'LUCKY10');
    expect(limited.status).toBe(429);
    expect(limited.json.errorCode).toBe('promotion.code.tooMany');
    expect(await mainBalance(u.id)).toBe(0n);
  });

  it('lets members behind one address each use their own tries: the address does not lock them out', async () => {
    const ip = freshIp();
    // Four members of one household, each a typo short of the member limit, then the right
    // code: 40 tries from one address, every one answered for what it is.
    for (let m = 0; m < 4; m++) {
      const u = await walletUser();
      for (let i = 0; i < LIMITS.bonusCodesPerMember - 1; i++) expect((await redeem(u, `TYPO${m}X${i}`, 'EN', ip)).status).toBe(404);
      expect((await redeem(u, 'LUCKY10', 'EN', ip)).status).toBe(200);
      expect(await mainBalance(u.id)).toBe(10_00n);
    }
  });

  it('limits wrong codes from one address exactly at its own, far higher bound, even all at once', async () => {
    expect(LIMITS.bonusCodeFailuresPerIp).toBeGreaterThanOrEqual(5 * LIMITS.bonusCodesPerMember);
    const ip = freshIp();
    const members = Math.ceil(LIMITS.bonusCodeFailuresPerIp / LIMITS.bonusCodesPerMember) + 2;
    const guessers = await Promise.all(Array.from({ length: members }, () => walletUser()));
    const answers = await Promise.all(guessers.flatMap((u, m) => Array.from({ length: LIMITS.bonusCodesPerMember }, (_, i) => redeem(u, `GUESS${m}X${i}`, 'ES', ip))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(LIMITS.bonusCodeFailuresPerIp);
    expect(statuses.filter((s) => s !== 404).every((s) => s === 429)).toBe(true);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.json.errorCode).toBe('promotion.code.tooMany');
    expect(refused.json.message).toMatch(/\d+ minuto/);
    // The address is now closed to codes, right ones too; another address is not.
    const late = await walletUser();
    expect((await redeem(late, 'LUCKY10', 'EN', ip)).status).toBe(429);
    expect((await redeem(late, 'LUCKY10', 'EN', freshIp())).status).toBe(200);
  });

  it('pays once when the same member sends it twice at once', async () => {
    const u = await walletUser();
    const both = await Promise.all([redeem(u, 'LUCKY10'), redeem(u, 'LUCKY10')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await mainBalance(u.id)).toBe(10_00n);
  });
});
