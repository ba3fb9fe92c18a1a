/** The wallet's operator commands: withdrawals list/approve/reject, adjust, ledger:audit; audited. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { fund, mainBalance, newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { runOps } from '../../../../app/ops.ts';
import { ledgerTransfer, opsAudit, withdrawal } from '../../../../app/schema.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

type User = Awaited<ReturnType<typeof walletUser>>;
const withdraw = (u: User, amount: string) => u.call('/wps/wallet/withdraw', { method: 'POST', body: { amount, idempotencyKey: newKey() } });
const lastAudit = async () => (await t.db.select().from(opsAudit).orderBy(desc(opsAudit.id)).limit(1))[0];

describe('npm run ops -- withdrawals', () => {
  it('lists pending withdrawals with the username and amount', async () => {
    expect((await runOps(t.db, ['withdrawals', 'list', '--status', 'pending'], 'test')).output).toBe('(no pending withdrawal)');
    const u = await walletUser({ payeeName: 'Olga Ops' });
    await fund(u.id, 80_00n);
    const w = (await withdraw(u, '25.00')).json.value;
    const r = await runOps(t.db, ['withdrawals', 'list', '--status', 'pending'], 'test');
    expect(r.ok).toBe(true);
    expect(r.output).toContain(`${w.id}  ${u.username}  25.00  pending`);
    expect(r.output).toContain('payee Olga Ops');
    expect((await runOps(t.db, ['withdrawals', 'list', '--status', 'weird'], 'test')).ok).toBe(false);
  });

  it('approves (pays out) and rejects, once each, and records both in the audit log', async () => {
    const u = await walletUser();
    await fund(u.id, 100_00n);
    const a = (await withdraw(u, '30.00')).json.value;
    const b = (await withdraw(u, '20.00')).json.value;

    const approved = await runOps(t.db, ['withdrawals', 'approve', a.id], 'operator-ann');
    expect(approved).toEqual({ ok: true, output: `Withdrawal ${a.id} of 30.00 is paid out; the player may now confirm it.` });
    expect(await lastAudit()).toMatchObject({ actor: 'operator-ann', command: 'withdrawals approve', args: { rest: [a.id] } });
    const [paid] = await t.db.select().from(withdrawal).where(eq(withdrawal.id, a.id));
    expect(paid).toMatchObject({ status: 'paid', reviewedBy: 'operator-ann' });

    expect((await runOps(t.db, ['withdrawals', 'reject', b.id], 'operator-ann')).ok).toBe(false);
    const rejected = await runOps(t.db, ['withdrawals', 'reject', b.id, '--reason', 'Payee name does not match'], 'operator-bob');
    expect(rejected.ok).toBe(true);
    expect(await lastAudit()).toMatchObject({ actor: 'operator-bob', command: 'withdrawals reject', args: { flags: { reason: 'Payee name does not match' } } });
    expect(await mainBalance(u.id)).toBe(70_00n);

    const twice = await runOps(t.db, ['withdrawals', 'approve', b.id], 'operator-ann');
    expect(twice).toEqual({ ok: false, output: 'This withdrawal cannot be changed now (it is rejected) (wallet.withdrawal.state)' });
    expect((await runOps(t.db, ['withdrawals', 'approve', 'WNOSUCH'], 'x')).output).toContain('wallet.withdrawal.unknown');
    const player = (await u.call('/wps/wallet/withdrawals')).json.value.content;
    expect(player.find((w: { id: string }) => w.id === b.id)).toMatchObject({ status: 'rejected', reviewNote: 'Payee name does not match' });
  });
});

describe('npm run ops -- adjust', () => {
  it('credits and debits a main wallet with a reason, in the ledger and the audit log', async () => {
    const u = await walletUser();
    const credit = await runOps(t.db, ['adjust', '--username', u.username, '--amount', '12.50', '--reason', 'Goodwill for outage'], 'operator-ann');
    expect(credit.ok).toBe(true);
    expect(credit.output).toMatch(new RegExp(`^Adjusted ${u.username} by 12.50 \\(transfer \\d+\\); main wallet is now 12.50\\.$`));
    const debit = await runOps(t.db, ['adjust', '--username', u.username, '--amount', '-3.00', '--reason', 'Duplicate credit'], 'operator-ann');
    expect(debit.output).toContain('by -3.00');
    expect(await mainBalance(u.id)).toBe(9_50n);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ actor: 'operator-ann', command: 'adjust', args: { username: u.username, amount: '-3.00', reason: 'Duplicate credit' } });
    const [transfer] = await t.db
      .select()
      .from(ledgerTransfer)
      .where(eq(ledgerTransfer.id, (audit!.args as { transferId: number }).transferId));
    expect(transfer).toMatchObject({ kind: 'adjustment', memo: 'Duplicate credit', memberId: u.id });
    // One audit row per adjustment, written with the transfer.
    const rows = await t.db.select().from(opsAudit).where(eq(opsAudit.command, 'adjust'));
    expect(rows.filter((r) => (r.args as { username: string }).username === u.username)).toHaveLength(2);
  });

  it('takes a retried command with the same --key once', async () => {
    const u = await walletUser();
    const argv = ['adjust', '--username', u.username, '--amount', '5.00', '--reason', 'Promo', '--key', 'ops-retry-00001'];
    expect((await runOps(t.db, argv, 'x')).ok).toBe(true);
    expect((await runOps(t.db, argv, 'x')).ok).toBe(true);
    expect(await mainBalance(u.id)).toBe(5_00n);
  });

  it('refuses a debit below zero, an unknown user, a missing reason and a bad amount, changing nothing', async () => {
    const u = await walletUser();
    await fund(u.id, 1_00n);
    const cases: [string[], string][] = [
      [['--username', u.username, '--amount', '-1.01', '--reason', 'x'], 'Insufficient balance (wallet.balance.insufficient)'],
      [['--username', 'nobody-here', '--amount', '1.00', '--reason', 'x'], 'wallet.account.unknown'],
      [['--username', u.username, '--amount', '1.00'], '--reason is required'],
      [['--username', u.username, '--amount', '1.001', '--reason', 'x'], 'wallet.amount.decimals'],
      [['--username', u.username, '--amount', 'ten', '--reason', 'x'], 'wallet.amount.invalid'],
      [['--username', u.username, '--amount', '0', '--reason', 'x'], 'wallet.amount.positive'],
    ];
    for (const [flags, text] of cases) {
      const r = await runOps(t.db, ['adjust', ...flags], 'x');
      expect({ flags, ok: r.ok, has: r.output.includes(text) }).toEqual({ flags, ok: false, has: true });
    }
    expect(await mainBalance(u.id)).toBe(1_00n);
  });
});

describe('npm run ops -- ledger:audit', () => {
  it('reports a sound ledger after all of the above', async () => {
    const r = await runOps(t.db, ['ledger:audit'], 'x');
    expect(r.ok).toBe(true);
    expect(r.output).toContain('sum of all balances 0');
    expect(r.output).toContain('The ledger is sound.');
  });

  it('shows the wallet commands in the usage', async () => {
    const r = await runOps(t.db, ['help'], 'x');
    expect(r.output).toContain('withdrawals approve <id>');
    expect(r.output).toContain('adjust --username <U>');
    expect(r.output).toContain('ledger:audit');
  });
});
