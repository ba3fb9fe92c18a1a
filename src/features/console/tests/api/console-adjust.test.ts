/**
 * Adjustments from the console (issue 29), on both databases: at or below the brand's threshold
 * made at once (a retried form makes it once); above it, a second finance key — never the
 * requester's — approves (paid once when two approve at once, the ledger sound) or rejects; a debit
 * the balance cannot bear goes back to pending; each step in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { fund, mainBalance, walletUser } from '../../../../../tests/support/wallet.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';

let t: TestDb;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let f1: Staff, f2: Staff, f3: Staff;
beforeAll(async () => {
  t = await openTestDb();
  [f1, f2, f3] = await Promise.all([staffUser(['finance']), staffUser(['finance']), staffUser(['finance'])]);
});
afterAll(async () => {
  await t.dispose();
});

let k = 0;
const adjust = (s: Staff, username: string, amount: string, key = `key-${process.pid}-${++k}`) =>
  s.call('/wps/console/adjust', { method: 'POST', body: { username, amount, reason: 'Goodwill credit', key } });
const decide = (s: Staff, id: number, approve: boolean) => s.call('/wps/console/adjustments/decide', { method: 'POST', body: { id, approve } });

describe('adjustments', () => {
  it('at or below the threshold are made at once, once per form', async () => {
    const m = await walletUser();
    const [a, b] = await Promise.all([adjust(f1, m.username, '500.00', 'same-form-key'), adjust(f1, m.username, '500.00', 'same-form-key')]);
    expect(a.json.value).toEqual({ state: 'done', balance: '500.00' });
    expect(b.json.value).toEqual({ state: 'done', balance: '500.00' });
    expect(await mainBalance(m.id)).toBe(500_00n);
    expect((await adjust(f1, m.username, '-20.50')).json.value).toEqual({ state: 'done', balance: '479.50' });
    expect((await adjust(f1, m.username, 'lots')).json.errorCode).toBe('console.amount.invalid');
    expect((await adjust(f1, 'nobody-at-all', '1.00')).json.errorCode).toBe('console.member.unknown');
  });

  it('above it wait for a second key, which the requester cannot turn; two approvals at once pay once', async () => {
    const m = await walletUser();
    const asked = (await adjust(f1, m.username, '500.01')).json.value;
    expect(asked).toMatchObject({ state: 'awaitingSecondKey', request: { username: m.username, amount: '500.01', status: 'pending', requestedBy: f1.username } });
    expect(await mainBalance(m.id)).toBe(0n);
    const self = await decide(f1, asked.request.id, true);
    expect([self.status, self.json.errorCode]).toEqual([409, 'console.twokeys.self']);
    const pending = (await f2.call('/wps/console/adjustments', { query: { status: 'pending' } })).json.value.items;
    expect(pending.map((p: { id: number }) => p.id)).toContain(asked.request.id);
    const both = await Promise.all([decide(f2, asked.request.id, true), decide(f3, asked.request.id, true)]);
    for (const r of both) expect(r.json.value?.status ?? r.json.errorCode).toMatch(/^(done|approving|console\.adjustment\.state)$/);
    expect(await mainBalance(m.id)).toBe(500_01n);
    expect((await f2.call('/wps/console/adjustments', { query: { status: 'done' } })).json.value.items.find((x: { id: number }) => x.id === asked.request.id)).toMatchObject({ status: 'done' });
    expect((await decide(f3, asked.request.id, false)).json.errorCode).toBe('console.adjustment.state');
    const audit = await auditLedger(t.db);
    expect([audit.total, audit.drifted]).toEqual([0n, []]);
  });

  it('a rejection moves nothing; a debit the balance cannot bear goes back to pending', async () => {
    const m = await walletUser();
    await fund(m.id, 100_00n);
    const credit = (await adjust(f1, m.username, '900.00')).json.value.request;
    expect((await decide(f2, credit.id, false)).json.value).toMatchObject({ status: 'rejected', decidedBy: f2.username });
    expect(await mainBalance(m.id)).toBe(100_00n);
    const debit = (await adjust(f1, m.username, '-600.00')).json.value.request;
    const refused = await decide(f2, debit.id, true);
    expect(refused.json.success).toBe(false);
    expect((await f1.call('/wps/console/adjustments', { query: { status: 'pending' } })).json.value.items.map((x: { id: number }) => x.id)).toContain(debit.id);
    expect(await mainBalance(m.id)).toBe(100_00n);
  });
});
