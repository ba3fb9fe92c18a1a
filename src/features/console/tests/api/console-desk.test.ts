/**
 * The console's daily work (issue 29), on both databases: the withdrawal queue — paid at once at
 * or below the brand's threshold, two keys above it (the first cannot turn the second; second
 * keys at once pay once; the ledger stays sound), a rejection gives the money back — members
 * found by name, mobile, e-mail, id or upline, a member's page, and ending a member's sessions
 * (their token stops working), each written to the audit log with before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { fund, mainBalance, newKey, sandboxInProcess, walletUser } from '../../../../../tests/support/wallet.ts';
import { login } from '../../../../../tests/support/accounts.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { eq, sql } from 'drizzle-orm';
import { game, member, vendor } from '../../../../app/schema.ts';
import { HOUSE, gameAccount } from '../../../wallet/server/accounts.ts';
import { postTransfer } from '../../../wallet/server/ledger.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';

let t: TestDb;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let f1: Staff, f2: Staff, f3: Staff, support: Staff;
let slot: number;
beforeAll(async () => {
  t = await openTestDb();
  await t.db.insert(vendor).values([{ code: 'CV', displayName: 'Console Vendor', gameType: 'RNG' }]);
  const [g] = await t.db
    .insert(game)
    .values({ gameCode: 'CV Slot', gameName: 'CV Slot', searchName: 'cv slot', gameType: 'RNG', vassalage: 'CV', gameClassify: 'SLOT', minBet: 100n, seed: 7 })
    .returning({ nodeId: game.nodeId });
  slot = g!.nodeId;
  [f1, f2, f3, support] = await Promise.all([staffUser(['finance']), staffUser(['finance']), staffUser(['finance']), staffUser(['support'])]);
});
afterAll(async () => {
  await t.dispose();
});

/** A member who asked to withdraw `amount` (the demo brand's threshold is 1,000.00). */
async function asked(amount: string) {
  const u = await walletUser({ payeeName: 'Pat Payee' });
  await fund(u.id, 5_000_00n);
  const w = await u.call('/wps/wallet/withdraw', { method: 'POST', body: { amount, idempotencyKey: newKey() } });
  expect(w.status).toBe(200);
  return { u, id: w.json.value.id as string };
}
const approve = (s: Staff, id: string) => s.call('/wps/console/withdrawals/approve', { method: 'POST', body: { id } });

describe('the withdrawal queue', () => {
  it('lists pending ones oldest first with their member, and pays one at or below the threshold at once', async () => {
    const { u, id } = await asked('1000.00');
    const list = (await f1.call('/wps/console/withdrawals', { query: { status: 'pending', username: u.username } })).json.value;
    expect(list).toMatchObject({ total: 1, items: [{ id, username: u.username, amount: '1000.00', status: 'pending', needsTwoKeys: false, firstKey: null, payeeName: 'Pat Payee' }] });
    const r = await approve(f1, id);
    expect(r.json.value).toMatchObject({ state: 'paid', withdrawal: { id, status: 'paid', reviewedBy: `staff:${f1.username}` } });
    const mine = (await u.call('/wps/wallet/withdrawals')).json.value.content[0];
    expect(mine).toMatchObject({ id, status: 'paid' });
    expect((await approve(f2, id)).json.errorCode).toBe('wallet.withdrawal.state');
  });

  it('above the threshold: the first key waits, its owner cannot turn the second, another pays', async () => {
    const { id } = await asked('1000.01');
    const first = await approve(f1, id);
    expect(first.json.value).toMatchObject({ state: 'awaitingSecondKey', withdrawal: { status: 'pending', needsTwoKeys: true, firstKey: { by: f1.username } } });
    const self = await approve(f1, id);
    expect([self.status, self.json.errorCode]).toEqual([409, 'console.twokeys.self']);
    const second = await approve(f2, id);
    expect(second.json.value).toMatchObject({ state: 'paid', withdrawal: { status: 'paid', reviewedBy: `staff:${f2.username}` } });
    const log = (await f1.call('/wps/console/audit').catch(() => null))?.json;
    // Finance may not read the audit log (risk and owners do).
    expect(log?.errorCode).toBe('console.role.denied');
  });

  it('second keys at once pay once, and the ledger stays sound', async () => {
    const { u, id } = await asked('2500.00');
    expect((await approve(f1, id)).json.value.state).toBe('awaitingSecondKey');
    const before = await mainBalance(u.id);
    const answers = await Promise.all([approve(f2, id), approve(f3, id), approve(f2, id), approve(f3, id)]);
    const paid = answers.filter((a) => a.json.value?.state === 'paid');
    expect(paid).toHaveLength(1);
    for (const a of answers.filter((x) => x !== paid[0])) expect(a.json.errorCode).toBe('wallet.withdrawal.state');
    expect(await mainBalance(u.id)).toBe(before);
    const audit = await auditLedger(t.db);
    expect(audit.total).toBe(0n);
    expect(audit.drifted).toEqual([]);
  });

  it('two first keys at once leave one; the other staff member then pays', async () => {
    const { id } = await asked('3000.00');
    const [a, b] = await Promise.all([approve(f1, id), approve(f2, id)]);
    const states = [a.json.value?.state ?? a.json.errorCode, b.json.value?.state ?? b.json.errorCode].sort();
    // One turned the first key; the other was then a second key by someone else, and paid.
    expect(states).toEqual(['awaitingSecondKey', 'paid']);
  });

  it('a rejection needs a reason, gives the amount back, and the player reads it', async () => {
    const { u, id } = await asked('50.00');
    const held = await mainBalance(u.id);
    const noReason = await f1.call('/wps/console/withdrawals/reject', { method: 'POST', body: { id, reason: '' } });
    expect(noReason.json.fieldErrors).toHaveProperty('reason');
    const r = await f1.call('/wps/console/withdrawals/reject', { method: 'POST', body: { id, reason: 'Payee name differs' } });
    expect(r.json.value).toMatchObject({ id, status: 'rejected', note: 'Payee name differs' });
    expect(await mainBalance(u.id)).toBe(held + 50_00n);
    expect((await u.call('/wps/wallet/withdrawals')).json.value.content[0]).toMatchObject({ id, status: 'rejected' });
  });
});

describe('members', () => {
  it('are found by username, e-mail, mobile, id and upline', async () => {
    const agent = await walletUser({ type: 1 });
    const m = await walletUser({ uplineId: agent.id, email: `found-${agent.id}@example.com`, mobile: `55${agent.id}`, countryDialingCode: '52' });
    const find = async (query: Record<string, string>) => (await support.call('/wps/console/members', { query })).json.value.items.map((x: { id: number }) => x.id);
    expect(await find({ q: m.username.toUpperCase() })).toContain(m.id);
    expect(await find({ q: `found-${agent.id}@` })).toEqual([m.id]);
    expect(await find({ q: `55${agent.id}` })).toEqual([m.id]);
    expect(await find({ q: String(m.id) })).toContain(m.id);
    expect(await find({ upline: agent.username })).toEqual([m.id]);
    expect(await find({ q: '%' })).toEqual([]);
  });

  it("a member's page shows balances, sessions and ledger entries; support ends the sessions and the token stops working", async () => {
    const m = await walletUser();
    await fund(m.id, 12_34n);
    const page = (await support.call('/wps/console/member', { query: { id: m.id } })).json.value;
    expect(page.member).toMatchObject({ id: m.id, username: m.username, balance: '12.34' });
    expect(page.balances).toContainEqual({ wallet: 'main', amount: '12.34' });
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0].live).toBe(true);
    expect(page.entries[0]).toMatchObject({ kind: 'bonus', amount: '12.34' });
    expect((await m.call('/wps/member/info')).status).toBe(200);
    const end = await support.call('/wps/console/member/sessions/end', { method: 'POST', body: { memberId: m.id } });
    expect(end.json.value).toEqual({ ended: 1 });
    expect((await m.call('/wps/member/info')).status).toBe(401);
    expect((await support.call('/wps/console/member', { query: { id: m.id } })).json.value.sessions[0].live).toBe(false);
    expect((await support.call('/wps/console/member', { query: { id: 2_000_000_000 } })).json.errorCode).toBe('console.member.unknown');
  });

  it("a member's page shows deposits, bets with their verify inputs, login history and notes", async () => {
    const m = await walletUser({ password: 'Secret123' });
    await login({ username: m.username, password: 'wrong-one' }, { ip: '10.9.8.7' });
    const sb = sandboxInProcess();
    try {
      const order = await m.call('/wps/wallet/deposit', { method: 'POST', body: { amount: '25.00', channel: 'SANDBOX_CARD', idempotencyKey: newKey() } });
      expect(order.status, JSON.stringify(order.json)).toBe(200);
      await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId: m.id, memo: 'test', legs: [{ from: HOUSE.bonus, to: gameAccount(m.id, 'CV'), amount: 500n }] }));
      const launch = await m.call(`/wps/game/launchGame?nodeId=${slot}&accountType=1`);
      expect(launch.status, JSON.stringify(launch.json)).toBe(200);
      const token = new URL(launch.json.value.content.game_url as string).searchParams.get('launch')!;
      const spun = await callApi('/wps/sandbox/game/spin', { method: 'POST', body: { launch: token, bet: '1.00', idempotencyKey: newKey() } });
      expect(spun.status, JSON.stringify(spun.json)).toBe(200);
      const note = await support.call('/wps/console/member/note', { method: 'POST', body: { memberId: m.id, text: 'Called about a late deposit.' } });
      expect(note.json.value).toMatchObject({ by: support.username, text: 'Called about a late deposit.' });
      const page = (await support.call('/wps/console/member', { query: { id: m.id } })).json.value;
      expect(page.deposits[0]).toMatchObject({ id: order.json.value.orderId, amount: '25.00', status: 'pending', channel: 'SANDBOX_CARD' });
      expect(page.rounds[0]).toMatchObject({ id: spun.json.value.round.roundId, vendor: 'CV', bet: '1.00', status: 'settled' });
      expect(page.rounds[0].fairness).toMatchObject({ nodeId: slot, serverSeedHash: spun.json.value.round.serverSeedHash, serverSeed: null, nonce: spun.json.value.round.nonce, bet: '1.00' });
      expect(page.history.map((e: { kind: string }) => e.kind)).toContain('login.failed');
      expect(page.history.find((e: { kind: string }) => e.kind === 'login.failed').ip).toBe('10.9.8.7');
      expect(page.notes).toEqual([expect.objectContaining({ by: support.username, text: 'Called about a late deposit.' })]);
      // The notes are append-only in the database too.
      await expect(t.db.execute(sql`update staff_member_note set text = 'changed' where member_id = ${m.id}`)).rejects.toThrow();
      // Finance reads the page; only support and risk write in it.
      expect((await f1.call('/wps/console/member', { query: { id: m.id } })).status).toBe(200);
      expect((await f1.call('/wps/console/member/note', { method: 'POST', body: { memberId: m.id, text: 'x' } })).json.errorCode).toBe('console.role.denied');
    } finally {
      sb.restore();
    }
  });

  it('support locks an account with a reason (its session ends, its login is refused), unlocks it, and resets its authenticator', async () => {
    const m = await walletUser({ password: 'Secret123' });
    const lock = (locked: boolean, reason = 'Chargeback under review') => support.call('/wps/console/member/lock', { method: 'POST', body: { memberId: m.id, locked, reason } });
    expect((await support.call('/wps/console/member/lock', { method: 'POST', body: { memberId: m.id, locked: true, reason: ' ' } })).json.errorCode).toBe('request.invalid');
    expect((await lock(true)).json.value).toEqual({ status: 'frozen' });
    expect((await m.call('/wps/member/info')).status).toBe(401);
    expect((await login({ username: m.username, password: 'Secret123' })).json.success).toBe(false);
    expect((await lock(false, 'Cleared')).json.value).toEqual({ status: 'active' });
    expect((await login({ username: m.username, password: 'Secret123' })).json.success).toBe(true);
    const risk = await staffUser(['risk']);
    const log = (await risk.call('/wps/console/audit', { query: { actor: support.username, command: 'member lock' } })).json.value;
    expect(log.items[0]).toMatchObject({ args: { memberId: m.id, reason: 'Chargeback under review' }, before: { status: 'active' }, after: { status: 'frozen' } });
    const page = (await support.call('/wps/console/member', { query: { id: m.id } })).json.value;
    expect(page.history.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['account.locked', 'account.unlocked']));
    // An authenticator app forgotten on request (a lost phone).
    await t.db.update(member).set({ totpSecret: 'sealed', totpEnabledAt: new Date() }).where(eq(member.id, m.id));
    expect((await support.call('/wps/console/member', { query: { id: m.id } })).json.value.secondFactor).toBe(true);
    const reset = await support.call('/wps/console/member/second-factor/reset', { method: 'POST', body: { memberId: m.id, reason: 'Lost phone, identity checked by video call' } });
    expect(reset.json.value).toEqual({ secondFactor: false });
    expect((await support.call('/wps/console/member', { query: { id: m.id } })).json.value.secondFactor).toBe(false);
    const [row] = await t.db.select({ secret: member.totpSecret }).from(member).where(eq(member.id, m.id));
    expect(row?.secret).toBeNull();
  });

  it('every action is in the audit log with the staff member, the address, before and after', async () => {
    const risk = await staffUser(['risk']);
    const { id } = await asked('20.00');
    await approve(f1, id);
    const log = (await risk.call('/wps/console/audit', { query: { actor: f1.username, command: 'withdrawals approve' } })).json.value;
    expect(log.items[0]).toMatchObject({
      actor: `staff:${f1.username}`,
      command: 'withdrawals approve',
      ip: '127.0.0.1',
      args: { id },
      before: { status: 'pending', amount: '20.00' },
      after: { status: 'paid' },
    });
  });
});
