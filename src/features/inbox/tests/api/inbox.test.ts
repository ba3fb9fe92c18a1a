/**
 * Platform messages and the event outbox (issue 15), on both databases: a credited deposit and a
 * paid withdrawal become system messages in the reader's language, once; the unread count as a
 * bare number; read, delete and foreign ids; a message to everyone is one row and reaches the
 * members registered before it; a trial account has none. The outbox: exactly once with two
 * consumers racing and after a failed batch; on PostgreSQL, an event committed late by an earlier
 * transaction is not skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openTestDb, TEST_DATABASE_URL, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { newKey, sandboxInProcess, walletUser } from '../../../../../tests/support/wallet.ts';
import { payWithdrawal } from '../../../wallet/server/withdrawals.ts';
import { z } from 'zod';
import { consumeAll, consumeOnce, consumer, defineEvent, emit, on, pruneOutbox, type Consumer } from '../../../../kernel/events.ts';
import { rowsOf } from '../../../../kernel/db/rows.ts';
import { systemMessages } from '../../server/consumer.ts';
import { depositCredited, walletEvents } from '../../../wallet/contract.ts';
import { applicationRejected, bonusIssued, bonusMissed, promotionEvents, referralRewarded, referralWelcomed, vipLevelUp } from '../../../promotions/contract.ts';
import { sendOperatorMessage, unreadOf } from '../../server/inbox.ts';
import { runOps } from '../../../../app/ops.ts';
import { member, member as memberTable } from '../../../accounts/server/tables.ts';
import { inboxMessage } from '../../server/tables.ts';

let t: TestDb;
/** The app hands the inbox every feature's declared events; these are the ones of the features before it (the agent's are in src/app/tests/events.test.ts). */
const inboxConsumer = systemMessages([...walletEvents, ...promotionEvents]);
/** Events of the tests' own. */
const tick = defineEvent({ kind: 'test.tick', version: 1, payload: z.object({ i: z.number().optional() }) });
const race = defineEvent({ kind: 'test.race', version: 1, payload: z.object({ n: z.number() }) });
const gap = defineEvent({ kind: 'test.gap', version: 1, payload: z.object({ n: z.number() }) });
type U = Awaited<ReturnType<typeof walletUser>>;
let A: U, B: U;

const unread = async (u: U) => (await u.call('/wps/relay/CSP_unreadCount')).json.value as number;
const list = async (u: U, language = 'EN') => (await u.call('/wps/member/messages', { headers: { language } })).json.value;

beforeAll(async () => {
  t = await openTestDb();
  sandboxInProcess();
  A = await walletUser();
  B = await walletUser();
});
afterAll(async () => {
  await t.dispose();
});

describe('system messages from the outbox', () => {
  it("a credited deposit and a paid withdrawal each become one message, in the reader's language", async () => {
    const order = (await A.call('/wps/wallet/deposit', { method: 'POST', body: { amount: '40.00', channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
    await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } });
    expect(await unread(A)).toBe(0); // not yet: the consumer has not run
    expect(await consumeAll(t.db, inboxConsumer)).toBe(1);
    expect(await consumeAll(t.db, inboxConsumer)).toBe(0);
    expect(await unread(A)).toBe(1);
    const en = await list(A);
    expect(en.content[0]).toMatchObject({ kind: 'system', title: 'Deposit credited', read: false });
    expect(en.content[0].body).toContain('40.00');
    expect((await list(A, 'ES')).content[0].title).toBe('Depósito acreditado');
    // The channel by the name the deposit page shows, in the reader's language; never its code.
    expect(en.content[0].body).toContain('(Card (sandbox))');
    expect((await list(A, 'ES')).content[0].body).toContain('(Tarjeta (sandbox))');
    for (const lang of ['EN', 'ES']) expect((await list(A, lang)).content[0].body).not.toMatch(/SANDBOX|_CARD/);

    const w = (await A.call('/wps/wallet/withdraw', { method: 'POST', body: { amount: '15.00', idempotencyKey: newKey() } })).json.value;
    await payWithdrawal(t.db, w.id, { by: 'test' });
    await consumeAll(t.db, inboxConsumer);
    expect(await unread(A)).toBe(2);
    expect((await list(A)).content.map((m: { title: string }) => m.title)).toEqual(['Withdrawal paid', 'Deposit credited']);
    expect(await unread(B)).toBe(0);
  });

  it('names a channel the brand no longer has in words, not by its code', async () => {
    const member = await walletUser();
    await emit(t.db, depositCredited, member.id, { amount: '10.00', symbol: '$', orderId: 'x', channel: 'OLD_PAYMENT_CODE' });
    await consumeAll(t.db, inboxConsumer);
    expect((await list(member)).content[0].body).toContain('(a payment channel no longer offered)');
    expect((await list(member, 'ES')).content[0].body).not.toContain('OLD_PAYMENT_CODE');
  });

  it("tells a member a bonus arrived, with the turnover to bet (the promotions engine's event)", async () => {
    const member = await walletUser();
    await emit(t.db, bonusIssued, member.id, { promotionId: 5, amount: '50.00', turnover: '1000.00', symbol: '$' });
    await consumeAll(t.db, inboxConsumer);
    expect((await list(member)).content[0]).toMatchObject({ title: 'Bonus received' });
    expect((await list(member)).content[0].body).toContain('$1000.00');
    expect((await list(member, 'ES')).content[0].title).toBe('Bono recibido');
  });

  it("congratulates a member on a new VIP level, with the level-up bonus waiting (the VIP programme's event)", async () => {
    const member = await walletUser();
    await emit(t.db, vipLevelUp, member.id, { level: 'VIP 2', reward: '25.00', symbol: '$' });
    await consumeAll(t.db, inboxConsumer);
    expect((await list(member)).content[0]).toMatchObject({ title: 'New VIP level', body: 'Congratulations, you reached VIP 2. Your level-up bonus of $25.00 waits in the reward centre.' });
    expect((await list(member, 'ES')).content[0].title).toBe('Nuevo nivel VIP');
  });

  it('writes the offers and rewards of the promotions as marketing, which a member under a protection block does not read (issue 28)', async () => {
    const member = await walletUser();
    expect((await member.call('/wps/member/protection/exclude', { method: 'POST', body: { length: '6m' } })).json.success).toBe(true);
    await emit(t.db, vipLevelUp, member.id, { level: 'VIP 3', reward: '25.00', symbol: '$' });
    await emit(t.db, applicationRejected, member.id, { promotionId: 7, titles: { en: 'Welcome offer' }, note: 'Not eligible' });
    await consumeAll(t.db, inboxConsumer);
    const kinds = rowsOf(await t.db.execute(sql`select kind, template from inbox_message where member_id = ${member.id} order by id`)).map((r) => `${r.kind} ${r.template}`);
    expect(kinds).toEqual(['marketing messages:promotions.vipLevelUp', 'system messages:promotions.applicationRejected']);
    const reader = { id: member.id, createdAt: (await t.db.select({ c: memberTable.createdAt }).from(memberTable).where(eq(memberTable.id, member.id)))[0]!.c };
    expect(await unreadOf(t.db, reader)).toBe(1);
  });

  it('tells both sides of a rewarded invitation where their reward waits', async () => {
    const member = await walletUser();
    await emit(t.db, referralRewarded, member.id, { friend: 'fr***nd', reward: '10.00', symbol: '$' });
    await emit(t.db, referralWelcomed, member.id, { reward: '10.00', symbol: '$' });
    await consumeAll(t.db, inboxConsumer);
    const titles = (await list(member)).content.map((m: { title: string }) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['A friend earned you a reward', 'Invite friends reward']));
    expect((await list(member)).content.find((m: { title: string }) => m.title === 'A friend earned you a reward').body).toBe(
      'Your friend fr***nd deposited and played: your invite-friends reward of $10.00 waits in the reward centre.',
    );
    expect((await list(member, 'ES')).content.map((m: { title: string }) => m.title)).toContain('Un amigo te hizo ganar una recompensa');
  });

  it('tells a member their application was not approved, with the promotion in their language and the note', async () => {
    const member = await walletUser();
    await emit(t.db, applicationRejected, member.id, { promotionId: 10, titles: { en: 'Comeback bonus', es: 'Bono de regreso' }, note: 'Too soon.' });
    await consumeAll(t.db, inboxConsumer);
    expect((await list(member)).content[0]).toMatchObject({ title: 'Application not approved', body: 'Your application for "Comeback bonus" was not approved. Too soon.' });
    expect((await list(member, 'ES')).content[0].body).toBe('Tu solicitud para "Bono de regreso" no fue aprobada. Too soon.');
  });

  it('tells a member which promotion their first deposit closed, and why, in their language (audit 11)', async () => {
    const member = await walletUser();
    const titles = { en: 'Newbie bonus 100%', es: 'Bono de bienvenida 100%' };
    await emit(t.db, bonusMissed, member.id, { promotionId: 5, titles, reason: 'notJoined', amount: '50.00', minDeposit: '10.00', symbol: '$', orderId: 'D1' });
    await consumeAll(t.db, inboxConsumer);
    expect((await list(member)).content[0]).toMatchObject({
      title: 'A promotion your deposit closed',
      body: 'Your first deposit of $50.00 closed "Newbie bonus 100%" without its bonus: you had not pressed Join before depositing. The deposit page lists the promotions a deposit can still start.',
    });
    expect((await list(member, 'ES')).content[0].body).toContain('cerró "Bono de bienvenida 100%" sin su bono: no pulsaste Unirse antes de depositar.');
  });

  it("reads and deletes the caller's own messages only", async () => {
    const mine = (await list(A)).content as { id: number }[];
    // B names A's messages: nothing changes for A.
    expect((await B.call('/wps/member/messages/read', { method: 'POST', body: { ids: mine.map((m) => m.id) } })).json.value.unread).toBe(0);
    expect((await B.call('/wps/member/messages/delete', { method: 'POST', body: { ids: mine.map((m) => m.id) } })).status).toBe(200);
    expect(await unread(A)).toBe(2);
    expect((await A.call('/wps/member/messages/read', { method: 'POST', body: { ids: [mine[0]!.id] } })).json.value.unread).toBe(1);
    expect((await list(A)).content.map((m: { read: boolean }) => m.read)).toEqual([true, false]);
    expect((await A.call('/wps/member/messages/delete', { method: 'POST', body: { ids: [mine[1]!.id] } })).json.value.unread).toBe(0);
    expect((await list(A)).totalCount).toBe(1);
    const bad = await A.call('/wps/member/messages/delete', { method: 'POST', body: { ids: [] } });
    expect(bad.status).toBe(400);
  });

  it('a message to everyone is one row, for the members registered before it', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(inboxMessage))[0]!.n;
    await sendOperatorMessage(t.db, { to: 'everyone', title: { default: 'Maintenance tonight', es: 'Mantenimiento esta noche' }, body: { default: '02:00 to 03:00.' } });
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(inboxMessage))[0]!.n).toBe(before + 1);
    expect(await unread(A)).toBe(1);
    expect(await unread(B)).toBe(1);
    expect((await list(B, 'ES')).content[0]).toMatchObject({ kind: 'operator', title: 'Mantenimiento esta noche', body: '02:00 to 03:00.' });
    const later = await walletUser();
    expect(await unread(later)).toBe(0);
    await B.call('/wps/member/messages/read', { method: 'POST', body: { all: true } });
    expect(await unread(B)).toBe(0);
    expect(await unread(A)).toBe(1);
  });

  it('marketing reaches no member a protection block holds: not sent to one, not shown to one while the block holds (issue 28)', async () => {
    const [open, paused, excluded] = [await walletUser(), await walletUser(), await walletUser()];
    expect((await excluded.call('/wps/member/protection/exclude', { method: 'POST', body: { length: '6m' } })).json.success).toBe(true);
    // To named members: the excluded one is skipped, and the command says so.
    const named = await runOps(t.db, ['message', 'send', '--to', [open.username, excluded.username].join(','), '--title', 'Weekend offer', '--body', 'Double points.', '--marketing'], 'test');
    expect(named.output).toContain('1 message(s) sent. 1 member(s) under a protection block were skipped');
    expect(rowsOf(await t.db.execute(sql`select count(*)::int as n from inbox_message where member_id = ${excluded.id}`))[0]!.n).toBe(0);
    // To everyone: one row, hidden from whoever is blocked while it holds.
    const [id] = await sendOperatorMessage(t.db, { to: 'everyone', title: { default: 'Cash-back week' }, body: { default: '10% back.' }, marketing: true });
    const ids = async (u: U) => ((await list(u)).content as { id: number; kind: string }[]).filter((m) => m.kind === 'marketing').map((m) => m.id);
    expect(await ids(open)).toContain(id);
    expect(await ids(paused)).toEqual([id]);
    const before = await unread(paused);
    expect((await paused.call('/wps/member/protection/timeout', { method: 'POST', body: { length: '24h' } })).json.success).toBe(true);
    // The time-out ended the session; the messages are read as the inbox would after it ends.
    const reader = { id: paused.id, createdAt: (await t.db.select({ c: member.createdAt }).from(member).where(eq(member.id, paused.id)))[0]!.c };
    expect(await unreadOf(t.db, reader)).toBe(before - 1);
    await t.db.execute(sql`update rg_member set block_until = now() - interval '1 second' where member_id = ${paused.id}`);
    expect(await unreadOf(t.db, reader)).toBe(before);
    // A plain operator message still reaches everyone, blocked or not.
    await sendOperatorMessage(t.db, { to: [excluded.id], title: { default: 'Your withdrawal' }, body: { default: 'Paid.' } });
    expect(rowsOf(await t.db.execute(sql`select count(*)::int as n from inbox_message where member_id = ${excluded.id} and kind = 'operator'`))[0]!.n).toBe(1);
  });

  it('a trial account has no messages; a visitor is refused', async () => {
    const trial = await walletUser({ type: 4 });
    expect(await unread(trial)).toBe(0);
    expect((await list(trial)).content).toEqual([]);
    expect((await callApi('/wps/relay/CSP_unreadCount')).status).toBe(401);
  });
});

describe('the outbox: exactly once', () => {
  const counter = (name: string, seen: number[], fail?: { after: number }): Consumer => ({
    name,
    kinds: ['test.tick'],
    async handle(tx, events) {
      for (const [i, e] of events.entries()) {
        if (fail && i === fail.after) throw new Error('crash in the middle of a batch');
        await tx.execute(sql`insert into system_setting (key, value) values (${`tick:${name}:${e.id}`}, 'true'::jsonb)`);
        seen.push(e.id);
      }
    },
  });

  it('two consumers racing on 60 events written concurrently handle each once', async () => {
    await Promise.all(Array.from({ length: 60 }, (_, i) => t.db.transaction((tx) => emit(tx, tick, null, { i }))));
    const seen: number[] = [];
    const c = counter('race', seen);
    const [x, y] = await Promise.all([consumeAll(t.db, c, 7), consumeAll(t.db, c, 7)]);
    expect(x + y).toBe(60);
    expect(new Set(seen).size).toBe(60);
    const [{ n } = { n: 0 }] = rowsOf(await t.db.execute(sql`select count(*)::int as n from system_setting where key like 'tick:race:%'`)) as { n: number }[];
    expect(n).toBe(60);
  });

  it('a batch that fails midway leaves nothing; the next run handles every event once', async () => {
    for (let i = 0; i < 5; i++) await emit(t.db, tick, null, { i });
    const seen: number[] = [];
    await expect(consumeAll(t.db, counter('crash', seen, { after: 3 }))).rejects.toThrow(/crash/);
    const [{ n: none } = { n: -1 }] = rowsOf(await t.db.execute(sql`select count(*)::int as n from system_setting where key like 'tick:crash:%'`)) as { n: number }[];
    expect(none).toBe(0);
    const again: number[] = [];
    // All the events so far (the race's and these), each once.
    expect(await consumeAll(t.db, counter('crash', again))).toBe(65);
    expect(new Set(again).size).toBe(65);
  });
});

describe('the outbox: declared events', () => {
  it('a consumer gets the payload its producer declared; another version or an unreadable payload is logged and left, and the batch goes on', async () => {
    const ping = defineEvent({ kind: 'test.ping', version: 2, payload: z.object({ n: z.number() }) });
    await expect(emit(t.db, ping, null, { n: 'one' } as unknown as { n: number })).rejects.toThrow();
    await t.db.execute(sql`insert into event_outbox (kind, payload) values ('test.ping', '{"n":1}'), ('test.ping', '{"n":"x","v":2}')`);
    await emit(t.db, ping, null, { n: 3 });
    const seen: number[] = [];
    const c = consumer('pings', [on(ping, async (_tx, e) => void seen.push(e.payload.n))]);
    expect(await consumeAll(t.db, c)).toBe(3);
    // The version-1 event (no `v`) and the unreadable one are left; the declared one is handled.
    expect(seen).toEqual([3]);
  });
});

describe('the outbox: pruning', () => {
  it('deletes only events every consumer has handled, and none while a consumer has never run', async () => {
    const count = async () => Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from event_outbox`))[0]!.n);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    // 'never-ran' has no cursor: nothing goes.
    expect(await pruneOutbox(t.db, ['race', 'never-ran'], 0)).toBe(0);
    // 'race' and 'crash' handled the test ticks; the inbox consumer handled the wallet's events (and is behind none of them).
    await consumeAll(t.db, inboxConsumer);
    const gone = await pruneOutbox(t.db, ['race', 'crash', inboxConsumer.name], 0);
    expect(gone).toBeGreaterThan(0);
    expect(await count()).toBe(before - gone);
    // Kept a while: with a day to keep, nothing recent goes.
    await emit(t.db, tick, null, {});
    expect(await pruneOutbox(t.db, ['race', 'crash', inboxConsumer.name], 86_400_000)).toBe(0);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the outbox: no gaps (PostgreSQL)', () => {
  it('loses no event while writers commit during the consumer’s runs (400 events, 8 writers, transactions of another database busy too)', async () => {
    const seen: number[] = [];
    const c: Consumer = { name: 'race', kinds: ['test.race'], handle: async (_tx, events) => void seen.push(...events.map((e) => Number(e.payload.n))) };
    const other = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await other.connect();
    let writing = true;
    // Another database's transactions start and end all the time (as other test files' do).
    const busyElsewhere = (async () => {
      while (writing) {
        await other.query('begin');
        await other.query('select pg_current_xact_id()');
        await other.query('commit');
      }
    })();
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 50; i++) {
        await t.db.transaction(async (tx) => {
          await emit(tx, race, null, { n: w * 50 + i });
          if (i % 7 === 0) await new Promise((r) => setTimeout(r, 2));
        });
      }
    });
    const consumer = (async () => {
      while (writing) await consumeOnce(t.db, c, 17);
    })();
    await Promise.all(writers);
    writing = false;
    await Promise.all([consumer, busyElsewhere]);
    await consumeAll(t.db, c);
    await other.end();
    expect(seen.length).toBe(400);
    expect(new Set(seen).size).toBe(400);
  });

  it('an event of a transaction still open is waited for, not skipped, though a later one committed first', async () => {
    const early = new pg.Client({ connectionString: t.url! });
    await early.connect();
    // A transaction of another database of the server, left open throughout: it does not hold this one's consumers back.
    const elsewhere = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await elsewhere.connect();
    await elsewhere.query('begin');
    await elsewhere.query('select pg_current_xact_id()');
    try {
      await early.query('begin');
      await early.query(`insert into event_outbox (kind, payload) values ('test.gap', '{"n":1}')`); // takes its id and txid first
      await emit(t.db, gap, null, { n: 2 }); // commits first
      const seen: number[] = [];
      const c: Consumer = { name: 'gap', kinds: ['test.gap'], handle: async (_tx, events) => void seen.push(...events.map((e) => Number(e.payload.n))) };
      expect(await consumeAll(t.db, c)).toBe(0); // waits for the open transaction
      await early.query('commit');
      expect(await consumeAll(t.db, c)).toBe(2);
      expect(seen).toEqual([1, 2]);
    } finally {
      await early.end();
      await elsewhere.query('rollback');
      await elsewhere.end();
    }
  });
});
