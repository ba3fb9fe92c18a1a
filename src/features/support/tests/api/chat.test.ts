/**
 * The live chat (issue 31), on both databases, through the assembled API: a member's first message
 * starts a conversation with the system's line about the wait (or the hours, out of them); the
 * same client key twice is one message; support takes it and answers, and the member's event
 * stream carries the answer, support's typing and the read marks; a stream reopened with its
 * Last-Event-ID sends only what was missed; notes never reach the member; a member reads only
 * their own conversations (IDOR), a visitor only theirs, and a visitor's chat joins the member's
 * at login; limits (messages a minute, the per-agent limit, a message too long) are refused in the
 * caller's language; a barred member cannot chat; support's answers left unread go on as one
 * platform message; every desk action but a message is in the audit log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { openStream } from '../../../../../tests/support/sse.ts';
import { clock } from '../../../../kernel/clock.ts';
import { opsAudit } from '../../../../kernel/db/tables.ts';
import { inboxMessage } from '../../../inbox/server/tables.ts';
import { chatConversation, chatMessage } from '../../server/tables.ts';
import { forwardUnread } from '../../server/chat.ts';
import { encodePng } from '../../../../kernel/captcha/png.ts';
import { useFileStore, type StoredFile } from '../../../../providers/storage/index.ts';

let t: TestDb;
let support: Awaited<ReturnType<typeof staffUser>>;
let other: Awaited<ReturnType<typeof staffUser>>;
const realNow = clock.now;

beforeAll(async () => {
  t = await openTestDb();
  support = await staffUser(['support']);
  other = await staffUser(['support']);
});
afterAll(async () => {
  clock.now = realNow;
  await t.dispose();
});
afterEach(() => {
  clock.now = realNow;
});

type User = Awaited<ReturnType<typeof walletUser>>;
let keyN = 0;
const key = () => `k${process.pid}x${++keyN}xxxx`;
/** Each member speaks from an address of their own (conversations a new address may start are limited). */
const ipOf = (u: User) => `10.${(u.id >> 8) & 255}.${u.id & 255}.7`;
const say = (u: User, body: string, clientKey = key()) => u.call('/wps/chat/send', { method: 'POST', body: { body, clientKey }, ip: ipOf(u) });
const desk = (path: string, body: Record<string, unknown>, who = support) => who.call(`/wps/console/chat/${path}`, { method: 'POST', body });

describe('a member and support', () => {
  it('talk live: the answer, the typing and the read marks reach the other side, once each', async () => {
    const u = await walletUser();
    expect((await u.call('/wps/chat/state')).json.value).toMatchObject({ identity: 'member', conversation: null, messages: [], enabled: true });
    const k = key();
    const first = await say(u, 'My withdrawal is stuck, see https://example.com/x.', k);
    expect(first.status).toBe(200);
    const again = await say(u, 'My withdrawal is stuck, see https://example.com/x.', k);
    expect(again.json.value.message.id).toBe(first.json.value.message.id);
    const conv = first.json.value.conversation;
    expect(conv.status).toBe('waiting');
    const state = (await u.call('/wps/chat/state')).json.value;
    // The member's message, then the system's line (the wait, or the hours out of them).
    expect(state.messages.map((m: { author: string }) => m.author)).toEqual(['member', 'system']);
    expect(state.messages[1].body).toMatch(/An agent will be with you|agents are away/);

    const stream = await openStream('/wps/chat/stream', { authorization: u.token });
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'state');
    // Support sees it waiting, takes it, types and answers; a note never reaches the member.
    const queue = (await support.call('/wps/console/chat/queue')).json.value;
    expect(queue.waiting.find((r: { id: number }) => r.id === conv.id)).toMatchObject({ name: u.username, unread: 1, visitor: false });
    expect((await desk('take', { id: conv.id })).status).toBe(200);
    expect((await desk('take', { id: conv.id }, other)).json.errorCode).toBe('support.chat.taken');
    await desk('typing', { id: conv.id });
    await stream.waitFor((e) => e.event === 'typing');
    await desk('send', { id: conv.id, body: 'Only staff read this.', note: true });
    const answer = await desk('send', { id: conv.id, body: 'It is on its way; paid within the hour.' });
    expect(answer.status).toBe(200);
    const got = await stream.waitFor((e) => e.event === 'message' && e.data.body === 'It is on its way; paid within the hour.');
    expect(got.data).toMatchObject({ author: 'staff', staffName: null });
    expect(got.id).toBe(String(answer.json.value.id));
    expect(stream.events.some((e) => e.data.body === 'Only staff read this.')).toBe(false);
    expect((await u.call('/wps/chat/state')).json.value.messages.some((m: { author: string }) => m.author === 'note')).toBe(false);

    // The member reads it: support's stream sees the read mark.
    const staffStream = await openStream(`/wps/console/chat/stream?id=${conv.id}`, { cookie: support.cookie });
    await staffStream.waitFor((e) => e.event === 'state');
    await u.call('/wps/chat/read', { method: 'POST', body: { upTo: answer.json.value.id } });
    await staffStream.waitFor((e) => e.event === 'state' && e.data.memberReadId === answer.json.value.id);
    // And support's view has every message, the note with its author.
    const view = (await support.call('/wps/console/chat/conversation', { query: { id: conv.id } })).json.value;
    expect(view.messages.find((m: { author: string }) => m.author === 'note')).toMatchObject({ staffName: support.username });
    stream.close();
    staffStream.close();

    // A stream reopened after an id sends only what came after it.
    const later = await desk('send', { id: conv.id, body: 'One more thing.' });
    const resumed = await openStream(`/wps/chat/stream?after=${answer.json.value.id}`, { authorization: u.token });
    await resumed.waitFor((e) => e.event === 'message' && e.data.id === later.json.value.id);
    expect(resumed.events.filter((e) => e.event === 'message').map((e) => e.data.id)).toEqual([later.json.value.id]);
    resumed.close();

    // Closing: the member's next message starts a new conversation; the old one is in the history.
    expect((await desk('close', { id: conv.id })).json.value.status).toBe('closed');
    expect((await desk('close', { id: conv.id })).json.errorCode).toBe('support.chat.closed');
    const second = await say(u, 'Another question.');
    expect(second.json.value.conversation.id).not.toBe(conv.id);
    const earlier = (await u.call('/wps/chat/state')).json.value.earlier;
    expect(earlier.map((e: { id: number }) => e.id)).toEqual([conv.id]);
    expect((await u.call('/wps/chat/history', { query: { conversation: conv.id } })).json.value.messages.length).toBeGreaterThan(3);
    // Reopening the old one waits while the new one is open.
    expect((await desk('reopen', { id: conv.id })).json.errorCode).toBe('support.chat.otherOpen');

    const audit = await t.db
      .select()
      .from(opsAudit)
      .where(eq(opsAudit.actor, `staff:${support.username}`));
    expect(audit.map((a) => a.command)).toEqual(expect.arrayContaining(['chat take', 'chat close']));
  });

  it('keeps each member to their own conversations, and a visitor to theirs', async () => {
    const a = await walletUser();
    const b = await walletUser();
    const sent = await say(a, 'Private words.');
    const id = sent.json.value.conversation.id;
    expect((await b.call('/wps/chat/history', { query: { conversation: id } })).json.errorCode).toBe('support.chat.unknown');
    expect((await b.call('/wps/chat/state')).json.value.conversation).toBeNull();
    const visitorKey = randomBytes(16).toString('hex');
    const asVisitor = (path: string, o: Parameters<typeof callApi>[1] = {}) => callApi(path, { ...o, headers: { ...o.headers, 'x-chat-key': visitorKey } });
    expect((await asVisitor('/wps/chat/history', { query: { conversation: id } })).json.errorCode).toBe('support.chat.unknown');
    // A stream of someone else's is not possible: the stream follows the caller's own conversation.
    const none = await openStream('/wps/chat/stream', { 'x-chat-key': visitorKey });
    expect(none.status).toBe(404);
    // Without a session or a key: nobody, told so.
    expect((await callApi('/wps/chat/send', { method: 'POST', body: { body: 'hi', clientKey: key() } })).json.errorCode).toBe('support.chat.who');
    // A token that no longer holds is refused, as on every member call.
    expect((await callApi('/wps/chat/state', { headers: { authorization: 'x'.repeat(40) } })).status).toBe(401);
  });

  it("lets a visitor chat after saying who they are, in their language, and joins it to the member's at login", async () => {
    const visitorKey = randomBytes(16).toString('hex');
    const v = (path: string, body?: unknown, language = 'en') => callApi(path, { method: body ? 'POST' : 'GET', body, headers: { 'x-chat-key': visitorKey, language } });
    expect((await v('/wps/chat/state')).json.value.identity).toBe('none');
    const nameless = await v('/wps/chat/send', { body: 'Hola', clientKey: key() }, 'es');
    expect(nameless.status).toBe(400);
    expect(nameless.json.fieldErrors.name).toBe('Dinos tu nombre.');
    const ok = await v('/wps/chat/send', { body: 'I cannot log in.', clientKey: key(), name: 'Ana', contact: 'ana@example.com' });
    expect(ok.status).toBe(200);
    expect((await v('/wps/chat/state')).json.value.identity).toBe('visitor');
    const row = (await support.call('/wps/console/chat/queue')).json.value.waiting.find((r: { id: number }) => r.id === ok.json.value.conversation.id);
    expect(row).toMatchObject({ name: 'Ana', visitor: true, contact: 'ana@example.com' });

    // She logs in: her chat becomes the member's, and the key alone no longer opens it.
    const u = await walletUser();
    const claimed = await u.call('/wps/chat/claim', { method: 'POST', headers: { 'x-chat-key': visitorKey } });
    expect(claimed.json.value.joined).toBe(1);
    const state = (await u.call('/wps/chat/state')).json.value;
    expect(state.conversation.id).toBe(ok.json.value.conversation.id);
    expect(state.messages[0].body).toBe('I cannot log in.');
    expect((await v('/wps/chat/state')).json.value.conversation).toBeNull();
  });
});

describe("the spec's live-streamer calls", () => {
  it('list no models (there are none) and launch our own chat', async () => {
    const u = await walletUser();
    expect((await u.call('/wps/relay/CBS_getModelList')).json.value).toEqual([]);
    expect((await u.call('/wps/relay/CBS_launchChat', { method: 'POST', headers: { language: 'ES' } })).json.value).toEqual({ chatUrl: '/es/chat' });
    expect((await callApi('/wps/relay/CBS_launchChat', { method: 'POST' })).status).toBe(401);
  });
});

describe('the limits', () => {
  it('refuses a message too long, too many a minute, and a barred member', async () => {
    const u = await walletUser();
    const long = await say(u, 'x'.repeat(1001));
    expect([long.status, long.json.fieldErrors.body]).toEqual([400, 'Write at most 1000 characters.']);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await say(u, `message ${i}`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);

    const b = await walletUser();
    const conv = (await say(b, 'Spam.')).json.value.conversation;
    const blocked = await desk('block', { memberId: b.id, blocked: true, reason: 'abuse' });
    expect(blocked.json.value).toEqual({ blocked: true });
    const [row] = await t.db.select().from(chatConversation).where(eq(chatConversation.id, conv.id));
    expect(row!.status).toBe('closed');
    expect((await say(b, 'More spam.')).json.errorCode).toBe('support.chat.blocked');
    await desk('block', { memberId: b.id, blocked: false });
    expect((await say(b, 'Sorry.')).status).toBe(200);
  });

  it('keeps each staff member to the per-agent limit, and transfers only to those who answer chats', async () => {
    const agent = await staffUser(['support']);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await walletUser();
      ids.push((await say(u, `Question ${i}`)).json.value.conversation.id);
    }
    for (const id of ids.slice(0, 5)) expect((await desk('take', { id }, agent)).status).toBe(200);
    const sixth = await desk('take', { id: ids[5] }, agent);
    expect([sixth.status, sixth.json.errorCode]).toEqual([409, 'support.chat.full']);
    const finance = await staffUser(['finance']);
    expect((await desk('transfer', { id: ids[0], to: finance.username }, agent)).json.errorCode).toBe('support.chat.agentUnknown');
    expect((await desk('transfer', { id: ids[0], to: other.username }, agent)).json.value).toEqual({ assignedTo: other.username });
    expect((await finance.call('/wps/console/chat/queue')).status).toBe(403);
    for (const id of ids) await desk('close', { id }, support);
  });
});

describe('pictures', () => {
  const png = (w: number, h: number) => Buffer.from(encodePng(w, h, new Uint8Array(w * h).fill(90))).toString('base64');
  const sendPicture = (u: User, data: string, language = 'en') => u.call('/wps/chat/picture', { method: 'POST', body: { data, clientKey: key() }, ip: ipOf(u), headers: { language } });

  it('are judged by their bytes and size, re-encoded, and shown only to the conversation and support', async () => {
    const files = new Map<string, StoredFile>();
    useFileStore({ name: 'memory', put: async (k, bytes, contentType) => void files.set(k, { bytes, contentType }), get: async (k) => files.get(k) ?? null });
    try {
      const u = await walletUser();
      await say(u, 'Here is the screen.');
      const lying = await sendPicture(u, Buffer.from('<script>alert(1)</script>').toString('base64'), 'es');
      expect([lying.status, lying.json.fieldErrors.data]).toEqual([400, 'Envía una imagen png, jpg o webp.']);
      const huge = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024 + 10)]).toString('base64');
      const big = await sendPicture(u, huge);
      expect([big.status, big.json.fieldErrors.data]).toEqual([400, 'This picture is larger than 5 MB.']);
      expect(files.size).toBe(0);

      const sent = await sendPicture(u, png(320, 200));
      expect(sent.status).toBe(200);
      expect(sent.json.value.message).toMatchObject({ body: '', picture: { width: 320, height: 200 } });
      const id = sent.json.value.message.id;
      const mine = await u.call('/wps/chat/picture', { query: { id } });
      expect([mine.status, mine.headers.get('content-type')]).toEqual([200, 'image/webp']);
      const other = await walletUser();
      expect((await other.call('/wps/chat/picture', { query: { id } })).json.errorCode).toBe('support.chat.pictureUnknown');
      expect((await callApi('/wps/chat/picture', { query: { id }, headers: { 'x-chat-key': randomBytes(16).toString('hex') } })).status).toBe(404);
      expect((await support.call('/wps/console/chat/picture', { query: { id } })).status).toBe(200);
      expect([...files.keys()].every((k) => /^chat-[0-9a-f]{32}\.webp$/.test(k))).toBe(true);
    } finally {
      useFileStore(null);
    }
  });
});

describe('answers left unread', () => {
  it('go on as one platform message, once, after the brand minutes', async () => {
    const u = await walletUser();
    const conv = (await say(u, 'Are you there?')).json.value.conversation;
    await desk('send', { id: conv.id, body: 'Yes: your bonus is credited.' });
    await desk('send', { id: conv.id, body: 'Anything else?' });
    const inbox = () =>
      t.db
        .select()
        .from(inboxMessage)
        .where(and(eq(inboxMessage.memberId, u.id), eq(inboxMessage.template, 'support:chat.forward')));
    expect(await forwardUnread(t.db, Date.now())).toBe(0);
    const later = Date.now() + 6 * 60_000;
    await forwardUnread(t.db, later);
    await forwardUnread(t.db, later);
    const sent = await inbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toEqual({ text: 'Yes: your bonus is credited.\n\nAnything else?' });
    const messages = (await u.call('/wps/member/messages')).json.value;
    expect(JSON.stringify(messages)).toContain('Support answered your chat');
    // Read ones are not sent.
    const v = await walletUser();
    const c2 = (await say(v, 'Hi')).json.value.conversation;
    const m = await desk('send', { id: c2.id, body: 'Hello!' });
    await v.call('/wps/chat/read', { method: 'POST', body: { upTo: m.json.value.id } });
    await forwardUnread(t.db, later);
    expect(
      await t.db
        .select()
        .from(inboxMessage)
        .where(and(eq(inboxMessage.memberId, v.id), eq(inboxMessage.template, 'support:chat.forward'))),
    ).toHaveLength(0);
    // Messages are stored as they were written: nothing lost, in order.
    const rows = await t.db.select().from(chatMessage).where(eq(chatMessage.conversationId, conv.id));
    expect(rows.map((r) => r.author)).toEqual(['member', 'system', 'staff', 'staff']);
  });

  it('out of the hours, the first line says when support is back', async () => {
    // Sunday 03:00 in the demo brand's zone is outside Monday-Friday 12:00-21:00 (the session is
    // opened at the real time, which is later: it holds at the clock's).
    const u = await walletUser();
    clock.now = () => Date.parse('2026-11-29T09:00:00Z');
    await say(u, 'Hello at night');
    clock.now = realNow;
    const state = (await u.call('/wps/chat/state')).json.value;
    expect(state.messages[1].body).toMatch(/All our agents are away now .*We will answer in your messages/);
  });
});

describe('auto-assignment', () => {
  it('gives a new chat to the least loaded staff member whose desk is open and who takes new chats, never a desk left or one who does not', async () => {
    const a = await staffUser(['support']);
    const b = await staffUser(['support']);
    const idle = await staffUser(['support']);
    const deskA = await openStream('/wps/console/chat/stream', { cookie: a.cookie });
    const deskB = await openStream('/wps/console/chat/stream', { cookie: b.cookie });
    const deskIdle = await openStream('/wps/console/chat/stream', { cookie: idle.cookie });
    await desk('accepting', { accepting: true }, a);
    await desk('accepting', { accepting: true }, b);
    try {
      const first = await walletUser();
      const c1 = (await say(first, 'First question')).json.value.conversation;
      expect(c1.status).toBe('open');
      const state = (await first.call('/wps/chat/state')).json.value;
      expect(state.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
        ['member', 'First question'],
        ['system', 'An agent has joined the chat.'],
      ]);
      const [r1] = await t.db.select().from(chatConversation).where(eq(chatConversation.id, c1.id));
      const second = await walletUser();
      const c2 = (await say(second, 'Second question')).json.value.conversation;
      const [r2] = await t.db.select().from(chatConversation).where(eq(chatConversation.id, c2.id));
      // One each: the second goes to the one with fewer open chats.
      expect([r1!.assignedTo, r2!.assignedTo].sort()).toEqual([a.username, b.username].sort());
      expect((await a.call('/wps/console/chat/queue')).json.value).toMatchObject({ accepting: true });

      // A minute after their desks were last seen, no one is on: the next chat waits.
      clock.now = () => Date.now() + 61_000;
      const third = await walletUser();
      expect((await say(third, 'Third question')).json.value.conversation.status).toBe('waiting');
      clock.now = realNow;
      for (const id of [c1.id, c2.id]) await desk('close', { id }, support);
    } finally {
      clock.now = realNow;
      await desk('accepting', { accepting: false }, a);
      await desk('accepting', { accepting: false }, b);
      await Promise.all([deskA.close(), deskB.close(), deskIdle.close()]);
    }
  });
});
