/** Balance, merchant wallet, transfers between wallets and to the upline, bad input, sessions and keys. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { fund, mainBalance, newKey, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { member } from '../../../../app/schema.ts';
import { passwords } from '../../../accounts/server/passwords.ts';
import { auditLedger } from '../../server/ledger.ts';
import { brand } from '../../../../kernel/brand/index.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
});
afterAll(async () => {
  await t.dispose();
});

/** The numbers of the JL and PG game wallets, as the merchant wallet call names them. */
const vendorIds = async (u: Awaited<ReturnType<typeof walletUser>>): Promise<number[]> =>
  (await u.call('/wps/relay/GCS_merchantWallet')).json.value.vendors.map((v: { accountTypeId: number }) => v.accountTypeId);

const transfer = (u: Awaited<ReturnType<typeof walletUser>>, body: Record<string, unknown>) => u.call('/wps/relay/GCS_walletTransfer', { method: 'POST', body: { idempotencyKey: newKey(), ...body } });

describe('the balance', () => {
  it('answers the wire shape: sum, main first, a game wallet per enabled vendor, held funds, currency', async () => {
    const u = await walletUser();
    await fund(u.id, 12_345n);
    const r = await u.call('/wps/v2/wallets/balance');
    expect(r.status).toBe(200);
    const [jl, pg] = await vendorIds(u);
    expect(r.json).toEqual({
      success: true,
      value: {
        sumBalance: 123.45,
        balance: [
          { accountTypeId: 2, accountTypeName: 'MAIN', name: 'Main wallet', availBalance: 123.45 },
          { accountTypeId: jl, accountTypeName: 'JL', name: 'JILI', availBalance: 0 },
          { accountTypeId: pg, accountTypeName: 'PG', name: 'PG Soft', availBalance: 0 },
        ],
        heldBalance: 0,
        currency: 'USD',
        currencySymbol: '$',
      },
    });
  });

  it('says the demo brand has game wallets, and lists the vendors that have one', async () => {
    const u = await walletUser();
    const r = await u.call('/wps/relay/GCS_merchantWallet');
    expect(r.json.value).toEqual({
      isSingle: false,
      vendors: [
        { accountTypeId: expect.any(Number), accountTypeName: 'JL', name: 'JILI' },
        { accountTypeId: expect.any(Number), accountTypeName: 'PG', name: 'PG Soft' },
      ],
    });
    const [jl, pg] = r.json.value.vendors.map((v: { accountTypeId: number }) => v.accountTypeId);
    expect(jl).toBeGreaterThan(100);
    expect(pg).toBeGreaterThan(100);
    expect(jl).not.toBe(pg);
  });

  it('refuses a missing token, a garbage token and a foreign (unknown) token with 401', async () => {
    const none = await callApi('/wps/v2/wallets/balance');
    expect(none.status).toBe(401);
    expect(none.json.errorCode).toBe('login.not.session');
    const garbage = await callApi('/wps/v2/wallets/balance', { headers: { authorization: 'garbage' } });
    expect(garbage.status).toBe(401);
    expect(garbage.json.errorCode).toBe('user.or.token.invalid');
    const foreign = await callApi('/wps/relay/GCS_walletTransfer', {
      method: 'POST',
      headers: { authorization: 'A'.repeat(43) },
      body: { to: 'JL', amount: '1.00', idempotencyKey: newKey() },
    });
    expect(foreign.status).toBe(401);
    expect(foreign.json.errorCode).toBe('user.or.token.invalid');
  });

  it('refuses trial accounts every wallet call with account.trial', async () => {
    const trial = await walletUser({ type: 4 });
    for (const path of ['/wps/v2/wallets/balance', '/wps/relay/GCS_merchantWallet', '/wps/wallet/withdraw/info', '/wps/wallet/records/transactions']) {
      const r = await trial.call(path);
      expect({ path, status: r.status, code: r.json.errorCode }).toEqual({ path, status: 403, code: 'account.trial' });
    }
    const r = await transfer(trial, { to: 'JL', amount: '1.00' });
    expect(r.json.errorCode).toBe('account.trial');
  });
});

describe('transfers between wallets', () => {
  it('moves money from main to a game wallet and back, and the sum stays the same', async () => {
    const u = await walletUser();
    await fund(u.id, 100_00n);
    const toGame = await transfer(u, { to: 'JL', amount: '30.50' });
    expect(toGame.status).toBe(200);
    expect(toGame.json.value.sumBalance).toBe(100);
    const [jl] = await vendorIds(u);
    expect(toGame.json.value.balance.slice(0, 2)).toEqual([
      { accountTypeId: 2, accountTypeName: 'MAIN', name: 'Main wallet', availBalance: 69.5 },
      { accountTypeId: jl, accountTypeName: 'JL', name: 'JILI', availBalance: 30.5 },
    ]);
    const back = await transfer(u, { from: 'JL', to: 'MAIN', amount: '10' });
    expect(back.json.value.balance[0].availBalance).toBe(79.5);
    expect(back.json.value.balance[1].availBalance).toBe(20.5);
    // The wallets' numbers name them as well as their codes, as numbers or numeric strings.
    const byNumber = await transfer(u, { from: jl, to: 2, amount: 0.5 });
    expect(byNumber.json.value.balance.slice(0, 2).map((b: { availBalance: number }) => b.availBalance)).toEqual([80, 20]);
    const byText = await transfer(u, { from: '2', to: String(jl), amount: '1' });
    expect(byText.json.value.balance.slice(0, 2).map((b: { availBalance: number }) => b.availBalance)).toEqual([79, 21]);
    expect((await transfer(u, { from: 2, to: 99, amount: '1' })).json.errorCode).toBe('wallet.account.unknown');
  });

  it('brings every game wallet back to main at once, and does nothing when they are empty', async () => {
    const u = await walletUser();
    await fund(u.id, 50_00n);
    await transfer(u, { to: 'JL', amount: '5.00' });
    await transfer(u, { to: 'PG', amount: '7.25' });
    const all = await transfer(u, { to: 'MAIN', all: true });
    expect(all.json.value.balance.map((b: { availBalance: number }) => b.availBalance)).toEqual([50, 0, 0]);
    const again = await transfer(u, { to: 'MAIN', all: true });
    expect(again.status).toBe(200);
    expect(again.json.value.sumBalance).toBe(50);
  });

  it('refuses more than the wallet holds, and moves nothing', async () => {
    const u = await walletUser();
    await fund(u.id, 10_00n);
    const r = await transfer(u, { to: 'JL', amount: '10.01' });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ errorCode: 'wallet.balance.insufficient', message: 'Insufficient balance' });
    expect(await mainBalance(u.id)).toBe(10_00n);
  });

  it('refuses wallets that are not the main one and an enabled vendor, and vendor-to-vendor moves', async () => {
    const u = await walletUser();
    await fund(u.id, 10_00n);
    const cases: [Record<string, unknown>, string][] = [
      [{ to: 'XX', amount: '1.00' }, 'wallet.account.unknown'],
      [{ to: 'NOPE', amount: '1.00' }, 'wallet.account.unknown'],
      [{ from: 'JL', to: 'PG', amount: '1.00' }, 'wallet.transfer.invalid'],
      [{ from: 'MAIN', to: 'MAIN', amount: '1.00' }, 'wallet.transfer.same'],
      [{ to: 'JL' }, 'wallet.amount.required'],
      [{ to: 'JL', all: true }, 'wallet.transfer.invalid'],
    ];
    for (const [body, code] of cases) {
      const r = await transfer(u, body);
      expect({ body, status: r.status, code: r.json.errorCode }).toEqual({ body, status: 400, code });
    }
    expect(await mainBalance(u.id)).toBe(10_00n);
  });

  it('refuses every bad amount with its own errorCode and a message, and moves nothing', async () => {
    const u = await walletUser();
    await fund(u.id, 10_00n);
    const before = await auditLedger(t.db);
    const cases: [unknown, string][] = [
      ['-1.00', 'wallet.amount.positive'],
      [-5, 'wallet.amount.positive'],
      ['0', 'wallet.amount.positive'],
      ['0.00', 'wallet.amount.positive'],
      ['1.005', 'wallet.amount.decimals'],
      [1.234, 'wallet.amount.decimals'],
      ['99999999999999999999999999999999', 'wallet.amount.tooLarge'],
      ['1000000.01', 'wallet.amount.tooLarge'],
      ['abc', 'wallet.amount.invalid'],
      ['1e3', 'wallet.amount.invalid'],
      ['12,50', 'wallet.amount.invalid'],
      ['', 'wallet.amount.required'],
      ['.', 'wallet.amount.invalid'],
    ];
    for (const [amount, code] of cases) {
      const r = await transfer(u, { to: 'JL', amount });
      expect({ amount, status: r.status, code: r.json.errorCode, hasMessage: typeof r.json.message === 'string' && r.json.message.length > 0 }).toEqual({
        amount,
        status: 400,
        code,
        hasMessage: true,
      });
    }
    const after = await auditLedger(t.db);
    expect(after.transfers).toBe(before.transfers);
    expect(await mainBalance(u.id)).toBe(10_00n);
  });

  it('answers the messages in Spanish too', async () => {
    const u = await walletUser();
    const r = await transfer({ ...u, call: (p, c = {}) => u.call(p, { ...c, headers: { language: 'ES' } }) }, { to: 'JL', amount: '1.005' });
    expect(r.json.message).toBe('El importe puede tener como máximo 2 decimales');
  });
});

describe('idempotency keys', () => {
  it('replays the first answer for a retried key, and refuses the key with another body (409)', async () => {
    const u = await walletUser();
    await fund(u.id, 20_00n);
    const idempotencyKey = newKey();
    const first = await transfer(u, { to: 'JL', amount: '5.00', idempotencyKey });
    const retry = await transfer(u, { to: 'JL', amount: '5.00', idempotencyKey });
    expect(retry.json).toEqual(first.json);
    expect(await mainBalance(u.id)).toBe(15_00n);
    const other = await transfer(u, { to: 'JL', amount: '6.00', idempotencyKey });
    expect(other.status).toBe(409);
    expect(other.json.errorCode).toBe('wallet.idempotency.conflict');
    expect(await mainBalance(u.id)).toBe(15_00n);
  });

  it('runs concurrent retries of one key once', async () => {
    const u = await walletUser();
    await fund(u.id, 20_00n);
    const idempotencyKey = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => transfer(u, { to: 'PG', amount: '3.00', idempotencyKey })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await mainBalance(u.id)).toBe(17_00n);
  });

  it('keeps keys apart per member: the same key of another member is a new operation', async () => {
    const a = await walletUser();
    const b = await walletUser();
    await fund(a.id, 5_00n);
    await fund(b.id, 5_00n);
    const idempotencyKey = newKey();
    await transfer(a, { to: 'JL', amount: '1.00', idempotencyKey });
    const r = await transfer(b, { to: 'JL', amount: '2.00', idempotencyKey });
    expect(r.status).toBe(200);
    expect(await mainBalance(b.id)).toBe(3_00n);
  });

  it('refuses a malformed key through the contract', async () => {
    const u = await walletUser();
    const r = await transfer(u, { to: 'JL', amount: '1.00', idempotencyKey: 'short' });
    expect(r.status).toBe(400);
    expect(r.json.errorCode).toBe('request.invalid');
  });
});

describe('transfer to the upline', () => {
  async function family(paymentPassword?: string) {
    const agent = await walletUser({ type: 1 });
    const player = await walletUser({ uplineId: agent.id, paymentPasswordHash: paymentPassword ? await passwords.hash(paymentPassword) : null });
    await fund(player.id, 40_00n);
    return { agent, player };
  }
  const send = (u: Awaited<ReturnType<typeof walletUser>>, body: Record<string, unknown>) => u.call('/wps/wallet/transfer/upline', { method: 'POST', body: { idempotencyKey: newKey(), ...body } });

  it("moves money from the player's main wallet to the agent's", async () => {
    const { agent, player } = await family();
    const r = await send(player, { amount: '12.00' });
    expect(r.status).toBe(200);
    expect(r.json.value).toMatchObject({ amount: '12.00', uplineAccount: agent.username, balance: { sumBalance: 28 } });
    expect(r.json.value.transferId).toBeGreaterThan(0);
    expect(await mainBalance(agent.id)).toBe(12_00n);
  });

  it('asks for the payment password when the member has one, and counts wrong ones', async () => {
    const { agent, player } = await family('246810');
    expect((await send(player, { amount: '1.00' })).json.errorCode).toBe('wallet.paymentPassword.required');
    expect((await send(player, { amount: '1.00', paymentPassword: '000000' })).json.errorCode).toBe('wallet.paymentPassword.incorrect');
    expect(await mainBalance(agent.id)).toBe(0n);
    const ok = await send(player, { amount: '1.00', paymentPassword: '246810' });
    expect(ok.status).toBe(200);
    for (let i = 0; i < 5; i++) await send(player, { amount: '1.00', paymentPassword: '111111' });
    const locked = await send(player, { amount: '1.00', paymentPassword: '246810' });
    expect(locked.status).toBe(429);
    expect(locked.json.errorCode).toBe('wallet.paymentPassword.locked');
    expect(await mainBalance(agent.id)).toBe(1_00n);
  });

  it('refuses a member without an agent above, or whose upline is not an agent', async () => {
    const orphan = await walletUser();
    await fund(orphan.id, 5_00n);
    expect((await send(orphan, { amount: '1.00' })).json.errorCode).toBe('wallet.upline.none');
    const notAgent = await walletUser();
    const under = await walletUser({ uplineId: notAgent.id });
    await fund(under.id, 5_00n);
    const r = await send(under, { amount: '1.00' });
    expect(r.status).toBe(400);
    expect(r.json.errorCode).toBe('wallet.upline.none');
    expect(await mainBalance(notAgent.id)).toBe(0n);
  });

  it('refuses more than the main wallet holds', async () => {
    const { agent, player } = await family();
    const r = await send(player, { amount: '40.01' });
    expect(r.json.errorCode).toBe('wallet.balance.insufficient');
    expect(await mainBalance(agent.id)).toBe(0n);
  });
});

describe('a single-wallet brand', () => {
  it('has no game wallets and refuses transfers between wallets', async () => {
    const w = brand().wallet;
    const saved = w.singleWallet;
    w.singleWallet = true;
    try {
      const u = await walletUser();
      await fund(u.id, 5_00n);
      expect((await u.call('/wps/relay/GCS_merchantWallet')).json.value).toEqual({ isSingle: true, vendors: [] });
      const b = await u.call('/wps/v2/wallets/balance');
      expect(b.json.value.balance).toEqual([{ accountTypeId: 2, accountTypeName: 'MAIN', name: 'Main wallet', availBalance: 5 }]);
      expect((await transfer(u, { to: 'JL', amount: '1.00' })).json.errorCode).toBe('wallet.transfer.single');
    } finally {
      w.singleWallet = saved;
    }
  });
});

describe('the ledger after all of the above', () => {
  it('is sound', async () => {
    const a = await auditLedger(t.db);
    expect(a).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('refuses wallet calls of a member frozen by the operator', async () => {
    const u = await walletUser();
    await fund(u.id, 1_00n);
    await t.db.update(member).set({ status: 'frozen' }).where(eq(member.id, u.id));
    const r = await transfer(u, { to: 'JL', amount: '1.00' });
    expect(r.status).toBe(401);
    expect(await mainBalance(u.id)).toBe(1_00n);
  });
});
