/**
 * Feedback (issue 31, stage 1), on both databases: a member sends a question type, words and
 * pictures judged by their bytes (a text file named .png, a webp and a picture over 5 MB are
 * refused under their field, in the caller's language, and leave nothing behind); pictures are
 * re-encoded, never public, and readable only by their member and support (another member is told
 * "not found"); a member sends at most five an hour; support answers once (two answers at once:
 * one lands) and the answer reaches the member's list and platform messages; the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import Vips from 'wasm-vips';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { walletUser } from '../../../../../tests/support/wallet.ts';
import { useFileStore, type FileStore, type StoredFile } from '../../../../providers/storage/index.ts';
import { mediaFile } from '../../../content/index.ts';
import { opsAudit } from '../../../../kernel/db/tables.ts';
import { feedback } from '../../server/tables.ts';
import { TRIAL_TYPE } from '../../../accounts/contract.ts';

let t: TestDb;
let vips: Awaited<ReturnType<typeof Vips>>;
let support: Awaited<ReturnType<typeof staffUser>>;
const files = new Map<string, StoredFile>();
const memory: FileStore = { name: 'memory', put: async (key, bytes, contentType) => void files.set(key, { bytes, contentType }), get: async (key) => files.get(key) ?? null };

beforeAll(async () => {
  t = await openTestDb();
  useFileStore(memory);
  vips = await Vips({ dynamicLibraries: [] });
  support = await staffUser(['support']);
});
afterAll(async () => {
  useFileStore(null);
  await t.dispose();
});

const picture = (w: number, h: number, format: '.png' | '.jpg' | '.webp') => Buffer.from(vips.Image.black(w, h, { bands: 3 }).add([200, 90, 30]).writeToBuffer(format)).toString('base64');
type User = Awaited<ReturnType<typeof walletUser>>;
const send = (u: User, body: Record<string, unknown>, language = 'en') => u.call('/wps/feedback', { method: 'PUT', body, headers: { language } });

describe('a feedback', () => {
  it('is sent with pictures, re-encoded and private, and answered once; the answer arrives as a message', async () => {
    const u = await walletUser();
    const other = await walletUser();
    const sent = await send(u, {
      type: 'withdrawal',
      content: 'My withdrawal has been pending for two days.',
      images: [
        { name: 'a.png', data: picture(2400, 1200, '.png') },
        { name: 'b.jpg', data: picture(300, 200, '.jpg') },
      ],
    });
    expect(sent.status).toBe(200);
    const f = sent.json.value;
    expect(f).toMatchObject({ type: 'withdrawal', status: 'open', answer: null });
    // Shrunk to 1600 wide, kept to its shape.
    expect(f.images.map((i: { width: number; height: number }) => [i.width, i.height])).toEqual([
      [1600, 800],
      [300, 200],
    ]);

    // The member reads their picture (WebP); another member is told it does not exist; the public media route does not serve it.
    const mine = await u.call('/wps/feedback/image', { query: { id: f.images[0].id } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/webp');
    const theirs = await other.call('/wps/feedback/image', { query: { id: f.images[0].id } });
    expect([theirs.status, theirs.json.errorCode]).toEqual([404, 'support.feedback.imageUnknown']);
    for (const key of files.keys()) if (key.startsWith('fb-')) expect(await mediaFile(key)).toBeNull();
    expect((await other.call('/wps/feedback/mine')).json.value.items).toEqual([]);

    // Support sees it first in the queue with its pictures, and answers it once.
    const queue = (await support.call('/wps/console/feedback')).json.value;
    const item = queue.items.find((x: { id: number }) => x.id === f.id);
    expect(item).toMatchObject({ username: u.username, content: 'My withdrawal has been pending for two days.', status: 'open' });
    expect((await support.call('/wps/console/feedback/image', { query: { id: f.images[1].id } })).status).toBe(200);
    const answer = (text: string) => support.call('/wps/console/feedback/answer', { method: 'POST', body: { id: f.id, answer: text } });
    const both = await Promise.all([answer('It is paid now; sorry for the wait.'), answer('Second answer')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, f.id));
    expect(row!.status).toBe('answered');
    expect(['It is paid now; sorry for the wait.', 'Second answer']).toContain(row!.answer);

    const list = (await u.call('/wps/feedback/mine')).json.value;
    expect(list.items[0]).toMatchObject({ id: f.id, status: 'answered', answer: row!.answer });
    expect(list.types).toContain('withdrawal');
    const messages = JSON.stringify((await u.call('/wps/member/messages', { headers: { language: 'ES' } })).json.value.content);
    expect(messages).toContain(row!.answer!);
    expect(messages).toContain('Nuestra respuesta a su comentario');
    const [logged] = await t.db.select().from(opsAudit).where(eq(opsAudit.command, 'feedback answer')).orderBy(desc(opsAudit.id)).limit(1);
    expect(logged).toMatchObject({ actor: `staff:${support.username}`, args: { id: f.id }, after: { status: 'answered' } });
  });

  it('refuses pictures by their bytes and size, an unknown type and long words, under their fields, leaving nothing', async () => {
    const u = await walletUser();
    const stored = () => [...files.keys()].filter((k) => k.startsWith('fb-')).length;
    const before = stored();
    const lying = await send(
      u,
      {
        type: 'game',
        content: 'Look',
        images: [
          { name: 'ok.png', data: picture(40, 40, '.png') },
          { name: 'evil.png', data: Buffer.from('<script>alert(1)</script>').toString('base64') },
        ],
      },
      'es',
    );
    expect([lying.status, lying.json.errorCode]).toEqual([400, 'support.feedback.imageType']);
    expect(lying.json.fieldErrors['images.1']).toMatch(/png o jpg/);
    const webp = await send(u, { type: 'game', content: 'Look', images: [{ name: 'x.webp', data: picture(40, 40, '.webp') }] });
    expect(webp.json.errorCode).toBe('support.feedback.imageType');
    const big = await send(u, { type: 'game', content: 'Look', images: [{ name: 'big.png', data: Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString('base64') }] });
    expect([big.json.errorCode, Object.keys(big.json.fieldErrors)]).toEqual(['support.feedback.imageSize', ['images.0']]);
    const type = await send(u, { type: 'nonsense', content: 'Look' });
    expect(type.json.fieldErrors.type).toBeTruthy();
    const long = await send(u, { type: 'game', content: 'x'.repeat(141) });
    expect(long.json.fieldErrors.content).toBeTruthy();
    const four = await send(u, { type: 'game', content: 'Look', images: Array.from({ length: 4 }, () => ({ name: 'p.png', data: picture(20, 20, '.png') })) });
    expect(four.status).toBe(400);
    // A good picture beside one that is a png by its first bytes but cut short: refused when decoded, and neither is kept.
    const cut = Buffer.from(picture(200, 200, '.png'), 'base64')
      .subarray(0, 60)
      .toString('base64');
    const truncated = await send(u, {
      type: 'game',
      content: 'Look',
      images: [
        { name: 'ok.png', data: picture(64, 64, '.png') },
        { name: 'cut.png', data: cut },
      ],
    });
    expect([truncated.json.errorCode, Object.keys(truncated.json.fieldErrors)]).toEqual(['support.feedback.imageUnreadable', ['images.1']]);
    expect((await u.call('/wps/feedback/mine')).json.value.items).toEqual([]);
    expect(stored()).toBe(before);
  });

  it('is at most five an hour from one member, and not for a trial account or a visitor', async () => {
    const u = await walletUser();
    for (let i = 0; i < 5; i++) expect((await send(u, { type: 'suggestion', content: `Idea ${i}` })).status).toBe(200);
    const sixth = await send(u, { type: 'suggestion', content: 'Idea 6' });
    expect([sixth.status, sixth.json.errorCode]).toEqual([429, 'support.feedback.tooMany']);
    const trial = await walletUser({ type: TRIAL_TYPE });
    expect((await send(trial, { type: 'suggestion', content: 'Hello' })).json.errorCode).toBe('account.trial');
    expect((await support.call('/wps/feedback/mine')).status).toBe(401);
  });
});
