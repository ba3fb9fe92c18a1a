/**
 * Feedback (issue 31, stage 1): a member sends a question type, a few words and up to three
 * pictures; support answers it once from the console, and the answer reaches the member as a
 * platform message as well as on the feedback's own line.
 *
 * Pictures: judged by their bytes (png or jpg, as the spec says; a lying name or type is
 * refused), at most 5 MB, decoded and encoded anew as WebP by the kernel's images.ts (which drops
 * metadata such as a photo's location), stored in the file store under a random key that the
 * public media route does not serve: only the member (feedbackPicture) and support (the console)
 * read them. A member sends at most the brand's `perHour` feedback in an hour.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { member } from '../../accounts/index.ts';
import { sendOperatorMessage } from '../../inbox/index.ts';
import { fileStore } from '../../../providers/storage/index.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { getT } from '../../../kernel/i18n/server.ts';
import { ImageRefusal, processImage, sniffImage } from '../../../kernel/images.ts';
import { LOCALES } from '../../../kernel/locales.ts';
import { FileAnswer } from '../../../kernel/contract.ts';
import { keyedSlots } from '../../../kernel/slots.ts';
import { FEEDBACK_IMAGE_MAX_BYTES, type FeedbackView } from '../contract.ts';
import { supportSettings } from './settings.ts';
import { feedback, feedbackPicture } from './tables.ts';

type Row = typeof feedback.$inferSelect;
type ImageRow = typeof feedbackPicture.$inferSelect;

/** The widest a stored picture is (a phone photo is shrunk to it). */
const MAX_WIDTH = 1600;
const LIMITS = { maxBytes: FEEDBACK_IMAGE_MAX_BYTES, maxWidth: 8000, maxHeight: 8000, minSide: 16 };

export const feedbackSettings = () => supportSettings().feedback;

function viewOf(r: Row, images: ImageRow[]): FeedbackView {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    status: r.status as FeedbackView['status'],
    createdAt: r.createdAt.getTime(),
    answer: r.answer,
    answeredAt: r.answeredAt?.getTime() ?? null,
    images: images.filter((i) => i.feedbackId === r.id).map((i) => ({ id: i.id, width: i.width, height: i.height })),
  };
}

const field = (t: TFunction, code: string, name: string, params: Record<string, string | number> = {}) => new ApiError(400, code, params, { [name]: t(`errors:${code}`, params) });

/**
 * Checks every picture cheaply first (size, the type by its bytes), then decodes and re-encodes
 * them, and stores them only once all passed: a refused picture leaves no file behind. Answers
 * their rows to insert (without the feedback's id).
 */
async function storePictures(images: { name: string; data: string }[], t: TFunction) {
  const decoded = images.map((img, i) => {
    const bytes = Buffer.from(img.data, 'base64');
    const name = `images.${i}`;
    if (bytes.byteLength > FEEDBACK_IMAGE_MAX_BYTES) throw field(t, 'support.feedback.imageSize', name, { max: 5 });
    const type = sniffImage(bytes);
    // The spec takes png and jpg only, whatever the file's name says.
    if (type !== 'png' && type !== 'jpeg') throw field(t, 'support.feedback.imageType', name);
    return { bytes, name };
  });
  const processed = [];
  for (const { bytes, name } of decoded) {
    try {
      processed.push((await processImage(bytes, LIMITS, [MAX_WIDTH])).variants[0]!);
    } catch (err) {
      if (err instanceof ImageRefusal) throw field(t, err.reason === 'size' ? 'support.feedback.imageSize' : 'support.feedback.imageUnreadable', name, { max: 5 });
      throw err;
    }
  }
  const out: { storeKey: string; width: number; height: number }[] = [];
  for (const v of processed) {
    const storeKey = `fb-${randomBytes(16).toString('hex')}.webp`;
    await fileStore().put(storeKey, v.bytes, 'image/webp');
    out.push({ storeKey, width: v.width, height: v.height });
  }
  return out;
}

/** One feedback in the making per member at a time (a second one at once is refused), eight per process. */
const sending = keyedSlots({ perKey: 1, total: 8 });

export async function submitFeedback(db: Db, memberId: number, body: { type: string; content: string; images: { name: string; data: string }[] }, t: TFunction): Promise<FeedbackView> {
  const s = feedbackSettings();
  if (!s.types.includes(body.type)) throw field(t, 'support.feedback.type', 'type');
  if (body.content.length > s.maxContent) throw field(t, 'support.feedback.content', 'content', { max: s.maxContent });
  if (body.images.length > s.maxImages) throw field(t, 'support.feedback.images', 'images', { max: s.maxImages });
  const since = new Date(clock.now() - 3_600_000);
  const [recent] = await db
    .select({ n: count() })
    .from(feedback)
    .where(and(eq(feedback.memberId, memberId), gt(feedback.createdAt, since)));
  if (Number(recent?.n ?? 0) >= s.perHour) throw new ApiError(429, 'support.feedback.tooMany', { count: s.perHour });
  const release = sending.take(String(memberId));
  if (!release) throw new ApiError(429, 'support.feedback.busy');
  try {
    // The pictures are checked and stored first: a refused one leaves no feedback (and no file) behind.
    const pictures = await storePictures(body.images, t);
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feedback)
        .values({ memberId, type: body.type, content: body.content, createdAt: new Date(clock.now()) })
        .returning();
      const images = pictures.length
        ? await tx
            .insert(feedbackPicture)
            .values(pictures.map((p) => ({ ...p, feedbackId: row!.id })))
            .returning()
        : [];
      return viewOf(row!, images);
    });
  } finally {
    release();
  }
}

async function withImages(db: Db, rows: Row[]) {
  const images = rows.length
    ? await db
        .select()
        .from(feedbackPicture)
        .where(
          inArray(
            feedbackPicture.feedbackId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(feedbackPicture.id)
    : [];
  return rows.map((r) => viewOf(r, images));
}

/** The member's own feedback, newest first (the last 50). */
export async function myFeedback(db: Db, memberId: number) {
  const rows = await db.select().from(feedback).where(eq(feedback.memberId, memberId)).orderBy(desc(feedback.id)).limit(50);
  const s = feedbackSettings();
  return { items: await withImages(db, rows), types: s.types, maxContent: s.maxContent, maxImages: s.maxImages };
}

/** A picture as a file answer, if `memberId` (or, with null, a staff member) may see it. */
export async function pictureFile(db: Db, imageId: number, memberId: number | null): Promise<FileAnswer> {
  const [row] = await db
    .select({ key: feedbackPicture.storeKey, memberId: feedback.memberId })
    .from(feedbackPicture)
    .innerJoin(feedback, eq(feedback.id, feedbackPicture.feedbackId))
    .where(eq(feedbackPicture.id, imageId));
  // Someone else's picture is not found, exactly as a missing one (no enumeration).
  if (!row || (memberId !== null && row.memberId !== memberId)) throw new ApiError(404, 'support.feedback.imageUnknown');
  const stored = await fileStore().get(row.key);
  if (!stored) throw new ApiError(404, 'support.feedback.imageUnknown');
  const bytes = new Uint8Array(stored.bytes);
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
  return new FileAnswer(body, `feedback-${imageId}.webp`, 'image/webp');
}

/** Feedback for support: open ones oldest first (the queue), or answered ones newest first; with the member's name. */
export async function feedbackForStaff(db: Db, q: { status: 'open' | 'answered'; page: number; pageSize: number }) {
  const where = eq(feedback.status, q.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ f: feedback, username: member.username })
      .from(feedback)
      .innerJoin(member, eq(member.id, feedback.memberId))
      .where(where)
      .orderBy(q.status === 'open' ? feedback.createdAt : desc(feedback.createdAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  const views = await withImages(
    db,
    rows.map((r) => r.f),
  );
  return {
    items: views.map((v, i) => ({ ...v, memberId: rows[i]!.f.memberId, username: rows[i]!.username, answeredBy: rows[i]!.f.answeredBy })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Answers an open feedback, once (the row is locked; an answered one is refused), and sends the
 * answer to the member as a platform message in the same transaction.
 */
export async function answerFeedback(db: Db, id: number, answer: string, by: string): Promise<{ before: FeedbackView; after: FeedbackView }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
    if (!row) throw new ApiError(404, 'support.feedback.unknown');
    if (row.status !== 'open') throw new ApiError(409, 'support.feedback.answered');
    const [after] = await tx
      .update(feedback)
      .set({ status: 'answered', answer, answeredAt: new Date(clock.now()), answeredBy: by })
      .where(eq(feedback.id, id))
      .returning();
    const title: Record<string, string> = { default: getT('en')('support:feedback.answerTitle', { content: row.content.slice(0, 40) }) };
    for (const l of LOCALES) title[l.code] = getT(l.code)('support:feedback.answerTitle', { content: row.content.slice(0, 40) });
    await sendOperatorMessage(tx, { to: [row.memberId], title, body: { default: answer } });
    return { before: viewOf(row, []), after: viewOf(after!, []) };
  });
}

/** How many are waiting (the console's count). */
export async function openFeedbackCount(db: Db): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(feedback)
    .where(eq(feedback.status, 'open'));
  return r?.n ?? 0;
}
