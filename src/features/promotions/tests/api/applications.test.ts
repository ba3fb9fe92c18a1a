/**
 * Promotions that start with an application (issue 15) on the demo brand's comeback bonus
 * (brands/demo.json, id 10: apply, an operator approves or rejects; approved pays 20.00 with 5 x
 * wagering): join -> applying -> issued or rejected, each refusal, the operator's commands, and
 * the money in the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { mainBalance, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { eq, and } from 'drizzle-orm';
import { runOps } from '../../../../app/ops.ts';
import { eventOutbox } from '../../../../kernel/db/tables.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
});
afterAll(() => t.dispose());

type User = Awaited<ReturnType<typeof walletUser>>;
const COMEBACK = 10;
const statusOf = async (u: User) => ((await u.call('/wps/promotions/status')).json.value as { id: number; status: string }[]).find((p) => p.id === COMEBACK)?.status;
const apply = (u: User, language = 'EN') => u.call('/wps/promotions/join', { method: 'POST', body: { id: COMEBACK }, headers: { language } });
const ops = (...args: string[]) => runOps(t.db, args, 'test');

describe('an application', () => {
  it('waits as applying, once; an operator approves it and the bonus is paid with its wagering', async () => {
    const u = await walletUser();
    expect(await statusOf(u)).toBe('join');
    const sent = await apply(u);
    expect(sent.status).toBe(200);
    expect(sent.json.value).toEqual({ id: COMEBACK, status: 'applying' });
    expect(await statusOf(u)).toBe('applying');
    const again = await apply(u, 'ES');
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ errorCode: 'promotion.applied', message: 'Ya solicitaste esta promoción' });
    expect(await mainBalance(u.id)).toBe(0n);

    expect((await ops('promotion', 'applications', '--id', String(COMEBACK))).output).toContain(u.username);
    const approved = await ops('promotion', 'approve', '--username', u.username, '--id', String(COMEBACK));
    expect(approved).toMatchObject({ ok: true, output: expect.stringContaining('Approved') });
    expect(await statusOf(u)).toBe('issued');
    expect(await mainBalance(u.id)).toBe(20_00n);
    const bonuses = (await u.call('/wps/wallet/bonuses')).json.value as { source: string; amount: string; turnoverRequired: string }[];
    expect(bonuses).toContainEqual(expect.objectContaining({ source: `promotion:${COMEBACK}`, amount: '20.00', turnoverRequired: '100.00' }));
    // Decided once: a second approval finds nothing waiting.
    expect((await ops('promotion', 'approve', '--username', u.username, '--id', String(COMEBACK))).output).toBe('promotion.notApplying');
    expect((await ops('promotion', 'applications')).output).not.toContain(u.username);
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('rejected is final, pays nothing and tells the member why', async () => {
    const u = await walletUser();
    await apply(u);
    const rejected = await ops('promotion', 'reject', '--username', u.username, '--id', String(COMEBACK), '--note', 'Your account is less than 30 days old.');
    expect(rejected.ok).toBe(true);
    expect(await statusOf(u)).toBe('rejected');
    expect((await apply(u)).json.errorCode).toBe('promotion.applied');
    expect(await mainBalance(u.id)).toBe(0n);
    const [event] = await t.db
      .select()
      .from(eventOutbox)
      .where(and(eq(eventOutbox.kind, 'promotions.application.rejected'), eq(eventOutbox.memberId, u.id)));
    expect(event?.payload).toMatchObject({ promotionId: COMEBACK, titles: { en: 'Comeback bonus', es: 'Bono de regreso' }, note: 'Your account is less than 30 days old.' });
  });

  it('is refused to a trial account, and an operator cannot approve what was never asked', async () => {
    const trial = await walletUser({ type: 4 });
    expect((await apply(trial)).status).toBe(403);
    const u = await walletUser();
    expect((await ops('promotion', 'approve', '--username', u.username, '--id', String(COMEBACK))).output).toBe('promotion.notApplying');
    expect((await ops('promotion', 'approve', '--username', u.username, '--id', '5')).output).toBe('promotion.unknown');
    expect((await ops('promotion', 'approve', '--id', String(COMEBACK))).ok).toBe(false);
  });
});
