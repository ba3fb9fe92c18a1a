/**
 * The console's engagement screen (issue 29), on both databases: finance sees the promotion
 * applications waiting (titled in its language), approves one (the reward is paid once, even
 * with two approvals at once) and rejects another with a note; support sends a platform message
 * to named members (an unknown name sends nothing and says which) or to everyone, in two
 * languages, and sees it among the latest; support and finance move the points mall's goods on
 * (issue 32); each is audited; the roles hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { mainBalance, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { opsAudit } from '../../../../kernel/db/tables.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { earnPointsOnce, pointsBalance } from '../../../wallet/index.ts';
import { redeem } from '../../../points/server/mall.ts';

let t: TestDb;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let f1: Staff, f2: Staff, support: Staff;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  [f1, f2, support] = await Promise.all([staffUser(['finance']), staffUser(['finance']), staffUser(['support'])]);
});
afterAll(() => t.dispose());

/** The demo brand's comeback bonus: members apply, an operator decides; approved pays 20.00. */
const COMEBACK = 10;
type User = Awaited<ReturnType<typeof walletUser>>;
const apply = (u: User) => u.call('/wps/promotions/join', { method: 'POST', body: { id: COMEBACK } });
const lastAudit = async (command: string) => (await t.db.select().from(opsAudit).where(eq(opsAudit.command, command)).orderBy(desc(opsAudit.id)).limit(1))[0];

describe('promotion applications', () => {
  it('are listed for finance, approved once (paid once) or rejected with a note the member reads', async () => {
    const [a, b] = await Promise.all([walletUser(), walletUser()]);
    expect((await apply(a)).json.value.status).toBe('applying');
    expect((await apply(b)).json.value.status).toBe('applying');

    const list = (await f1.call('/wps/console/engagement/applications', { headers: { language: 'es' } })).json.value.items;
    const mine = list.filter((x: { username: string }) => [a.username, b.username].includes(x.username));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ promotionId: COMEBACK, memberId: expect.any(Number), appliedAt: expect.any(Number) });
    expect(mine[0].title).toBeTruthy();

    const approve = (s: Staff) => s.call('/wps/console/engagement/applications/decide', { method: 'POST', body: { memberId: a.id, promotionId: COMEBACK, decision: 'approve' } });
    const both = await Promise.all([approve(f1), approve(f2)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.json.errorCode).toBe('promotion.notApplying');
    expect(await mainBalance(a.id)).toBe(20_00n);

    const rejected = await f1.call('/wps/console/engagement/applications/decide', { method: 'POST', body: { memberId: b.id, promotionId: COMEBACK, decision: 'reject', note: 'Not this month' } });
    expect(rejected.json.value).toEqual({ status: 'rejected' });
    expect(await mainBalance(b.id)).toBe(0n);
    const after = (await f1.call('/wps/console/engagement/applications')).json.value.items.map((x: { username: string }) => x.username);
    expect(after).not.toContain(a.username);
    expect(after).not.toContain(b.username);
    expect(await lastAudit('promotion reject')).toMatchObject({ actor: `staff:${f1.username}`, args: { memberId: b.id, note: 'Not this month' }, after: { status: 'rejected' } });

    const l = await auditLedger(t.db);
    expect({ total: l.total, drifted: l.drifted, unbalanced: l.unbalanced, negative: l.negative }).toEqual({ total: 0n, drifted: [], unbalanced: [], negative: [] });
    expect((await support.call('/wps/console/engagement/applications')).json.errorCode).toBe('console.role.denied');
  });
});

describe('messages to members', () => {
  it('reach the named members in their language, or everyone; an unknown name sends nothing', async () => {
    const [a, b] = await Promise.all([walletUser(), walletUser()]);
    const send = (body: Record<string, unknown>, language = 'en') => support.call('/wps/console/engagement/message', { method: 'POST', body, headers: { language } });

    const unknown = await send({ to: [a.username, 'nobody-here'], words: { title: 'Hello', body: 'Text' } }, 'es');
    expect([unknown.status, unknown.json.errorCode]).toEqual([400, 'console.member.unknownName']);
    expect(unknown.json.fieldErrors.to).toMatch(/nobody-here/);
    const none = await send({ to: [], words: { title: 'Hello', body: 'Text' } });
    expect(none.json.errorCode).toBe('console.message.to');
    const blank = await send({ to: [a.username], words: { title: ' ', body: 'Text' } });
    expect(blank.json.fieldErrors['words.title']).toBeTruthy();

    const ok = await send({
      to: [a.username, b.username.toUpperCase()],
      words: { title: 'Your week', body: 'Thanks for playing.' },
      translations: { es: { title: 'Tu semana', body: 'Gracias por jugar.' } },
    });
    expect(ok.json.value).toEqual({ sent: 2, skipped: 0, everyone: false });
    const inboxOf = async (u: User, language: string) => (await u.call('/wps/member/messages', { headers: { language } })).json.value;
    const esBox = JSON.stringify(await inboxOf(b, 'ES'));
    expect(esBox).toContain('Tu semana');
    expect(JSON.stringify(await inboxOf(a, 'EN'))).toContain('Your week');

    const all = await send({ everyone: true, words: { title: 'Maintenance tonight', body: 'From 2 to 3.' } });
    expect(all.json.value).toEqual({ sent: 1, skipped: 0, everyone: true });
    const latest = (await support.call('/wps/console/engagement/messages')).json.value.items;
    expect(latest[0]).toMatchObject({ to: null, title: 'Maintenance tonight', marketing: false });
    expect(
      latest
        .slice(1, 3)
        .map((m: { to: string }) => m.to)
        .sort(),
    ).toEqual([a.username, b.username].sort());
    expect(await lastAudit('message send')).toMatchObject({ actor: `staff:${support.username}`, after: { everyone: true } });
    expect((await f1.call('/wps/console/engagement/message', { method: 'POST', body: { everyone: true, words: { title: 'x', body: 'y' } } })).json.errorCode).toBe('console.role.denied');
  });
});

describe('points mall redemptions', () => {
  it('are listed for support and finance, goods waiting first, moved on once, refused with the points back, audited', async () => {
    const u = await walletUser();
    await t.db.transaction((tx) => earnPointsOnce(tx, u.id, 10_000n, `test:${u.id}:mall`, 'grant'));
    const shirt = await redeem(t.db, u.id, { itemId: 3, paymentPassword: u.password, idempotencyKey: `k1-${u.id}`, address: { name: 'Ana', phone: '+34600000000', address: 'Calle 1, Madrid' } }, 'en');
    const bonus = await redeem(t.db, u.id, { itemId: 1, paymentPassword: u.password, idempotencyKey: `k2-${u.id}` }, 'en');
    expect(bonus.redemption.status).toBe('done');

    const list = await support.call('/wps/console/mall/redemptions', { query: { username: u.username } });
    expect(list.status).toBe(200);
    expect(list.json.value).toMatchObject({ total: 2, page: 1 });
    expect(list.json.value.items[0]).toMatchObject({ id: shirt.redemption.id, kind: 'goods', status: 'pending', username: u.username, address: { name: 'Ana', address: 'Calle 1, Madrid' } });
    expect(list.json.value.items[1]).toMatchObject({ id: bonus.redemption.id, kind: 'bonus', status: 'done', address: null });
    expect((await f1.call('/wps/console/mall/redemptions', { query: { status: 'pending', username: u.username } })).json.value.items).toHaveLength(1);
    expect((await f1.call('/wps/console/mall/redemptions', { query: { username: 'nobody-here' } })).json.value).toMatchObject({ total: 0, items: [] });

    const move = (s: Staff, id: number, to: string, note = '') => s.call('/wps/console/mall/redemptions/status', { method: 'POST', body: { id, to, note } });
    // A bonus was given at once: nothing to move on.
    expect((await move(support, bonus.redemption.id, 'shipped')).json.errorCode).toBe('points.redemption.status');
    const shipped = await Promise.all([move(support, shirt.redemption.id, 'shipped', 'TRACK-1'), move(f1, shirt.redemption.id, 'shipped', 'TRACK-2')]);
    expect(shipped.map((r) => r.status).sort()).toEqual([200, 409]);
    const before = Number(await pointsBalance(t.db, u.id));
    const refused = await move(f1, shirt.redemption.id, 'refused', 'Address not found');
    expect(refused.json.value).toEqual({ status: 'refused' });
    expect(Number(await pointsBalance(t.db, u.id))).toBe(before + 3000);
    const mine = (await u.call('/wps/relay/PTS_getRedeemList')).json.value.content;
    expect(mine.find((r: { id: number }) => r.id === shirt.redemption.id)).toMatchObject({ status: 'refused', note: 'Address not found' });
    expect(await lastAudit('mall refused')).toMatchObject({
      actor: `staff:${f1.username}`,
      args: { id: shirt.redemption.id, note: 'Address not found' },
      after: { status: 'refused', memberId: u.id },
    });
    expect((await move(f1, 999_999_999, 'done')).json.errorCode).toBe('points.redemption.unknown');
    expect((await move(f1, shirt.redemption.id, 'lost')).status).toBe(400);

    const other = await staffUser(['risk']);
    expect((await other.call('/wps/console/mall/redemptions')).json.errorCode).toBe('console.role.denied');
    expect((await u.call('/wps/console/mall/redemptions')).status).toBe(401);
  });
});
