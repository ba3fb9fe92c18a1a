/**
 * The content studio's store (issue 30): documents of a kind (help sections, promotions' words) per
 * language, every version kept (content_version is append-only), one published and at most one
 * scheduled per document. Markdown is rendered and sanitised once, when a version is saved, by the
 * one pipeline of markdown.ts; the site shows the stored HTML (live.ts).
 *
 * Every change that the site shows writes a content_change row in the same transaction; the
 * processes poll it (live.ts) and drop exactly the cached pages of that kind and language.
 * The console's handlers and `npm run ops -- content` call these functions; both write the audit log.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, lte, max } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { isLocale, type Locale } from '../../../kernel/locales.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { announcement, banner, contentChange, contentEntry, contentPreview, contentVersion } from './tables.ts';
import { ANNOUNCEMENT_TYPES, BANNER_GROUPS, EXECUTIONS, PROMO_TYPES } from '../contract.ts';
import { AUDIENCES } from './announcements.ts';
import { bannerHref } from './banners.ts';
import { htmlToText } from './markdown.ts';
import { helpFields, helpSlug, promotionFields, promotionSlug } from './documents.ts';
import { renderDocument } from './images.ts';

export const CONTENT_KINDS = ['help', 'promotion', 'announcement', 'banner'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** The kinds the site reads from the studio's own snapshot (live.ts); the others are shown through their tables (project below). */
export const PAGE_KINDS = ['help', 'promotion'] as const;

/** An editor's id for a notice or a banner (the same in every language). */
const entrySlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and dashes');
const titleField = z.string().trim().min(1).max(200);
const orderField = z.number().int().min(-100_000).max(100_000);

/** A notice: a marquee line (type B), a popup (PL, PU, PR), a help notice (H); for visitors (B), members (A) or a first login (F); for everyone or the agents' back office. */
export const announcementFields = z.strictObject({
  title: titleField,
  order: orderField,
  type: z.enum(ANNOUNCEMENT_TYPES),
  execution: z.enum(EXECUTIONS),
  audience: z.enum(AUDIENCES),
  /** PR popups: the promotion type its button leads to. */
  promotionType: z.enum(PROMO_TYPES).optional(),
});

/** A carousel slide: a studio image (or the demo's generated art), its words, and where a click goes. */
export const bannerFields = z
  .strictObject({
    title: titleField,
    order: orderField,
    subtitle: z.string().trim().max(300).optional(),
    group: z.enum(BANNER_GROUPS),
    image: z.string().regex(/^\/img\/(media|art)\/[a-z0-9][a-z0-9.-]{0,127}$/, 'an image of the studio (/img/media/...)'),
    linkageType: z.enum(['URL', 'PROMO']).optional(),
    target: z.string().trim().max(500).optional(),
  })
  .refine((b) => !b.linkageType || bannerHref(b.linkageType, b.target ?? null, 'en') !== null, { message: 'a site path (/promotions#2), an https address or a promotion number', path: ['target'] });

/** Each kind's fields and the form of its ids. */
export const KIND_SCHEMAS: Record<ContentKind, { fields: z.ZodType<Record<string, unknown> & { title: string; order: number }>; slug: z.ZodType }> = {
  help: { fields: helpFields, slug: helpSlug },
  promotion: { fields: promotionFields, slug: promotionSlug },
  announcement: { fields: announcementFields, slug: entrySlug },
  banner: { fields: bannerFields, slug: entrySlug },
};

type Entry = typeof contentEntry.$inferSelect;

/**
 * Shows a notice's or a banner's published version in its table (announcement, banner), which the
 * site, the API and the agents' back office read as before; null takes it off. Help and promotions
 * are read from the studio itself (live.ts).
 */
async function project(tx: Tx, e: Entry, versionId: number | null): Promise<void> {
  if (e.kind !== 'announcement' && e.kind !== 'banner') return;
  const table = e.kind === 'announcement' ? announcement : banner;
  if (versionId === null) {
    await tx.delete(table).where(eq(table.entryId, e.id));
    return;
  }
  const [v] = await tx.select({ fields: contentVersion.fields, html: contentVersion.html, author: contentVersion.author }).from(contentVersion).where(eq(contentVersion.id, versionId));
  if (!v) return;
  if (e.kind === 'announcement') {
    const w = noticeWords(v);
    const row = { locale: e.locale, type: w.type, execution: w.execution, title: w.title, content: w.content, promotionType: w.promotionType, audience: w.audience, sort: w.order, isDemo: w.isDemo };
    await tx
      .insert(announcement)
      .values({ ...row, entryId: e.id })
      .onConflictDoUpdate({ target: announcement.entryId, set: row });
    return;
  }
  const w = bannerWords(v);
  const row = { groupName: w.groupName, locale: e.locale, title: w.title, subtitle: w.subtitle, imageUrl: w.imageUrl, linkageType: w.linkageType, target: w.target, sort: w.order, isDemo: w.isDemo };
  await tx
    .insert(banner)
    .values({ ...row, entryId: e.id })
    .onConflictDoUpdate({ target: banner.entryId, set: row });
}

type StoredVersion = { fields: unknown; html: string; author: string };

/** A notice's version as its table and the home page's preview show it. */
export function noticeWords(v: StoredVersion) {
  const f = v.fields as z.infer<typeof announcementFields>;
  return {
    type: f.type,
    execution: f.execution,
    audience: f.audience,
    order: f.order,
    // Titles are plain text; angle brackets go too, for clients that might place them as HTML.
    title: htmlToText(f.title).replace(/[<>]/g, ''),
    content: v.html,
    promotionType: f.promotionType ?? null,
    isDemo: v.author === 'seed',
  };
}

/** A banner's version as its table and the home page's preview show it. */
export function bannerWords(v: StoredVersion) {
  const f = v.fields as z.infer<typeof bannerFields>;
  return {
    groupName: f.group,
    order: f.order,
    title: f.title,
    subtitle: f.subtitle ?? '',
    imageUrl: f.image,
    linkageType: f.linkageType ?? null,
    target: f.target ?? null,
    isDemo: v.author === 'seed',
  };
}

/** The longest body a document may have (a help page of about 30 printed pages). */
export const MAX_BODY = 100_000;

export interface VersionInfo {
  id: number;
  number: number;
  title: string;
  author: string;
  createdAt: Date;
  /** A translation's source version (the default language's number when it was saved); null in the default language. */
  sourceVersion: number | null;
}

export interface EntrySummary {
  id: number;
  kind: ContentKind;
  slug: string;
  locale: Locale;
  title: string;
  order: number;
  /** The last version saved (the draft when it is newer than the published one). */
  latest: VersionInfo;
  published: { number: number; at: Date } | null;
  scheduled: { number: number; at: Date } | null;
}

/** A document's state for lists: live, draft (saved, never published or newer than what is live), scheduled, unpublished. */
export function stateOf(e: Pick<EntrySummary, 'latest' | 'published' | 'scheduled'>): 'live' | 'draft' | 'scheduled' | 'unpublished' {
  if (e.scheduled) return 'scheduled';
  if (e.published && e.published.number === e.latest.number) return 'live';
  return e.published ? 'draft' : 'unpublished';
}

const titleOf = (fields: unknown): string => String((fields as { title?: unknown })?.title ?? '');
const orderOf = (fields: unknown): number => Number((fields as { order?: unknown })?.order ?? 0);

/** Every document of a kind, each language apart, in display order. */
export async function listEntries(db: Db, kind: ContentKind): Promise<EntrySummary[]> {
  const entries = await db.select().from(contentEntry).where(eq(contentEntry.kind, kind));
  if (!entries.length) return [];
  const versions = await db
    .select({
      id: contentVersion.id,
      entryId: contentVersion.entryId,
      number: contentVersion.number,
      fields: contentVersion.fields,
      author: contentVersion.author,
      createdAt: contentVersion.createdAt,
      sourceVersion: contentVersion.sourceVersion,
    })
    .from(contentVersion)
    .where(
      inArray(
        contentVersion.entryId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(contentVersion.entryId), asc(contentVersion.number));
  const byEntry = new Map<number, typeof versions>();
  for (const v of versions) byEntry.set(v.entryId, [...(byEntry.get(v.entryId) ?? []), v]);
  const out: EntrySummary[] = [];
  for (const e of entries) {
    const vs = byEntry.get(e.id) ?? [];
    const last = vs.at(-1);
    if (!last || !isLocale(e.locale)) continue;
    const numberOf = (id: number | null) => vs.find((v) => v.id === id)?.number;
    const pub = numberOf(e.publishedVersion);
    const sch = numberOf(e.scheduledVersion);
    out.push({
      id: e.id,
      kind,
      slug: e.slug,
      locale: e.locale,
      title: titleOf(last.fields),
      order: orderOf(last.fields),
      latest: { id: last.id, number: last.number, title: titleOf(last.fields), author: last.author, createdAt: last.createdAt, sourceVersion: last.sourceVersion },
      published: pub !== undefined && e.publishedAt ? { number: pub, at: e.publishedAt } : null,
      scheduled: sch !== undefined && e.scheduledAt ? { number: sch, at: e.scheduledAt } : null,
    });
  }
  return out.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug) || a.locale.localeCompare(b.locale));
}

export interface VersionDetail extends VersionInfo {
  fields: Record<string, unknown>;
  body: string;
  html: string;
}

/** One document in one language: its state and every version, newest first (the latest with its words). */
export async function entryDetail(db: Db, kind: ContentKind, slug: string, locale: Locale): Promise<{ entry: EntrySummary; versions: VersionInfo[]; latest: VersionDetail } | null> {
  const all = await listEntries(db, kind);
  const entry = all.find((e) => e.slug === slug && e.locale === locale);
  if (!entry) return null;
  const rows = await db.select().from(contentVersion).where(eq(contentVersion.entryId, entry.id)).orderBy(desc(contentVersion.number));
  const last = rows[0]!;
  return {
    entry,
    versions: rows.map((v) => ({ id: v.id, number: v.number, title: titleOf(v.fields), author: v.author, createdAt: v.createdAt, sourceVersion: v.sourceVersion })),
    latest: {
      id: last.id,
      number: last.number,
      title: titleOf(last.fields),
      author: last.author,
      createdAt: last.createdAt,
      sourceVersion: last.sourceVersion,
      fields: last.fields as Record<string, unknown>,
      body: last.body,
      html: last.html,
    },
  };
}

/** One version with its words (for a diff or a rollback's preview). */
export async function versionDetail(db: Db, entryId: number, number: number): Promise<VersionDetail | null> {
  const [v] = await db
    .select()
    .from(contentVersion)
    .where(and(eq(contentVersion.entryId, entryId), eq(contentVersion.number, number)));
  return v
    ? {
        id: v.id,
        number: v.number,
        title: titleOf(v.fields),
        author: v.author,
        createdAt: v.createdAt,
        sourceVersion: v.sourceVersion,
        fields: v.fields as Record<string, unknown>,
        body: v.body,
        html: v.html,
      }
    : null;
}

/** The entry of a document, made on its first save; locked for the rest of the transaction. */
async function lockEntry(tx: Tx, kind: ContentKind, slug: string, locale: Locale): Promise<typeof contentEntry.$inferSelect> {
  await tx.insert(contentEntry).values({ kind, slug, locale }).onConflictDoNothing();
  const [e] = await tx
    .select()
    .from(contentEntry)
    .where(and(eq(contentEntry.kind, kind), eq(contentEntry.slug, slug), eq(contentEntry.locale, locale)))
    .for('update');
  return e!;
}

async function lockEntryById(tx: Tx, id: number): Promise<typeof contentEntry.$inferSelect> {
  const [e] = await tx.select().from(contentEntry).where(eq(contentEntry.id, id)).for('update');
  if (!e) throw new ApiError(404, 'content.unknown');
  return e;
}

async function latestNumber(tx: Tx, entryId: number): Promise<number> {
  const [r] = await tx
    .select({ n: max(contentVersion.number) })
    .from(contentVersion)
    .where(eq(contentVersion.entryId, entryId));
  return r?.n ?? 0;
}

/** The brand's default language: the source that other languages translate. */
export const sourceLocale = (): string => brand().defaultLanguage;

/** For a translation, the latest version number of its source document (0 when the source has none yet); null in the source language. */
async function sourceNumber(tx: Tx, kind: ContentKind, slug: string, locale: Locale): Promise<number | null> {
  const source = sourceLocale();
  if (locale === source) return null;
  const [r] = await tx
    .select({ n: max(contentVersion.number) })
    .from(contentVersion)
    .innerJoin(contentEntry, eq(contentEntry.id, contentVersion.entryId))
    .where(and(eq(contentEntry.kind, kind), eq(contentEntry.slug, slug), eq(contentEntry.locale, source)));
  return r?.n ?? 0;
}

export interface SaveInput {
  kind: ContentKind;
  slug: string;
  locale: Locale;
  /** Already validated by the kind's schema (KIND_SCHEMAS). */
  fields: Record<string, unknown>;
  body: string;
  author: string;
  /**
   * The version the editor started from (0 for a new document): a save on top of a version that
   * is no longer the latest is refused (`content.conflict`), so two editors never overwrite each
   * other silently. Absent: no check (imports).
   */
  base?: number;
}

/** Saves a new version (a draft until published). Answers the entry id and the version's number. */
export async function saveVersion(db: Db, input: SaveInput): Promise<{ entryId: number; number: number; versionId: number }> {
  if (input.body.length > MAX_BODY) throw new ApiError(400, 'content.tooLong', { max: MAX_BODY });
  const html = await renderDocument(db, input.body);
  return db.transaction(async (tx) => {
    const e = await lockEntry(tx, input.kind, input.slug, input.locale);
    const last = await latestNumber(tx, e.id);
    if (input.base !== undefined && input.base !== last) throw new ApiError(409, 'content.conflict', { version: last });
    const sourceVersion = await sourceNumber(tx, input.kind, input.slug, input.locale);
    const [v] = await tx
      .insert(contentVersion)
      .values({ entryId: e.id, number: last + 1, fields: input.fields, body: input.body, html, author: input.author, sourceVersion })
      .returning({ id: contentVersion.id });
    return { entryId: e.id, number: last + 1, versionId: v!.id };
  });
}

async function versionId(tx: Tx, entryId: number, number: number): Promise<number> {
  const [v] = await tx
    .select({ id: contentVersion.id })
    .from(contentVersion)
    .where(and(eq(contentVersion.entryId, entryId), eq(contentVersion.number, number)));
  if (!v) throw new ApiError(404, 'content.version.unknown');
  return v.id;
}

type Change = 'publish' | 'unpublish' | 'rollback' | 'schedule' | 'unschedule';

async function recordChange(tx: Tx, e: typeof contentEntry.$inferSelect, action: Change, version: number | null, actor: string): Promise<void> {
  await tx.insert(contentChange).values({ entryId: e.id, kind: e.kind, locale: e.locale, action, versionId: version, actor });
}

/**
 * Publishes a version now, or schedules it for `at` (a time in the future). A new schedule
 * replaces an earlier one. Answers what is live and scheduled after it.
 */
export async function publishVersion(
  db: Db,
  entryId: number,
  number: number,
  actor: string,
  opts: { at?: Date; now: Date },
): Promise<{ published: number | null; scheduled: { number: number; at: Date } | null }> {
  return db.transaction(async (tx) => {
    const e = await lockEntryById(tx, entryId);
    const id = await versionId(tx, entryId, number);
    if (opts.at && opts.at.getTime() > opts.now.getTime()) {
      await tx.update(contentEntry).set({ scheduledVersion: id, scheduledAt: opts.at }).where(eq(contentEntry.id, entryId));
      await recordChange(tx, e, 'schedule', id, actor);
      return { published: await numberOfId(tx, e.publishedVersion), scheduled: { number, at: opts.at } };
    }
    await tx.update(contentEntry).set({ publishedVersion: id, publishedAt: opts.now, scheduledVersion: null, scheduledAt: null }).where(eq(contentEntry.id, entryId));
    await project(tx, e, id);
    await recordChange(tx, e, 'publish', id, actor);
    return { published: number, scheduled: null };
  });
}

async function numberOfId(tx: Tx, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [v] = await tx.select({ n: contentVersion.number }).from(contentVersion).where(eq(contentVersion.id, id));
  return v?.n ?? null;
}

/** Takes a document off the site (its versions stay) and cancels its schedule. */
export async function unpublish(db: Db, entryId: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const e = await lockEntryById(tx, entryId);
    if (e.publishedVersion === null && e.scheduledVersion === null) return;
    await tx.update(contentEntry).set({ publishedVersion: null, publishedAt: null, scheduledVersion: null, scheduledAt: null }).where(eq(contentEntry.id, entryId));
    await project(tx, e, null);
    await recordChange(tx, e, 'unpublish', null, actor);
  });
}

/** Cancels a scheduled publish. */
export async function unschedule(db: Db, entryId: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const e = await lockEntryById(tx, entryId);
    if (e.scheduledVersion === null) return;
    await tx.update(contentEntry).set({ scheduledVersion: null, scheduledAt: null }).where(eq(contentEntry.id, entryId));
    await recordChange(tx, e, 'unschedule', null, actor);
  });
}

/**
 * Rolls a document back to an earlier version: its words are saved again as a new version (the
 * history only grows) and published at once. Answers the new version's number.
 */
export async function rollBack(db: Db, entryId: number, to: number, actor: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const e = await lockEntryById(tx, entryId);
    const [old] = await tx
      .select()
      .from(contentVersion)
      .where(and(eq(contentVersion.entryId, entryId), eq(contentVersion.number, to)));
    if (!old) throw new ApiError(404, 'content.version.unknown');
    const number = (await latestNumber(tx, entryId)) + 1;
    const [v] = await tx
      .insert(contentVersion)
      .values({ entryId, number, fields: old.fields, body: old.body, html: old.html, author: actor, sourceVersion: old.sourceVersion })
      .returning({ id: contentVersion.id });
    await tx.update(contentEntry).set({ publishedVersion: v!.id, publishedAt: now, scheduledVersion: null, scheduledAt: null }).where(eq(contentEntry.id, entryId));
    await project(tx, e, v!.id);
    await recordChange(tx, e, 'rollback', v!.id, actor);
    return number;
  });
}

/**
 * Publishes what is scheduled up to `now` (the `content.schedule` job of every process). Each row
 * is claimed by one conditional UPDATE, so with several processes each schedule happens once.
 */
export async function publishDue(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: contentEntry.id })
    .from(contentEntry)
    .where(and(isNotNull(contentEntry.scheduledAt), lte(contentEntry.scheduledAt, now)));
  let done = 0;
  for (const { id } of due) {
    const claimed = await db.transaction(async (tx) => {
      const [e] = await tx
        .select()
        .from(contentEntry)
        .where(and(eq(contentEntry.id, id), isNotNull(contentEntry.scheduledAt), lte(contentEntry.scheduledAt, now)))
        .for('update', { skipLocked: true });
      if (!e?.scheduledVersion) return false;
      await tx.update(contentEntry).set({ publishedVersion: e.scheduledVersion, publishedAt: e.scheduledAt, scheduledVersion: null, scheduledAt: null }).where(eq(contentEntry.id, id));
      await project(tx, e, e.scheduledVersion);
      await recordChange(tx, e, 'publish', e.scheduledVersion, 'schedule');
      return true;
    });
    if (claimed) done++;
  }
  return done;
}

/** The publication history of a document: who published, unpublished, scheduled or rolled back what, when. */
export async function changesOf(db: Db, entryId: number): Promise<{ action: string; number: number | null; actor: string; at: Date }[]> {
  const rows = await db
    .select({ action: contentChange.action, versionId: contentChange.versionId, actor: contentChange.actor, at: contentChange.createdAt, number: contentVersion.number })
    .from(contentChange)
    .leftJoin(contentVersion, eq(contentVersion.id, contentChange.versionId))
    .where(eq(contentChange.entryId, entryId))
    .orderBy(desc(contentChange.id))
    .limit(100);
  return rows.map((r) => ({ action: r.action, number: r.number, actor: r.actor, at: r.at }));
}

const PREVIEW_MS = 3_600_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A preview link's token: the drafts of a kind on the real page, for an hour (staff hand it to no one else). */
export async function createPreview(db: Db, kind: ContentKind, staff: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + PREVIEW_MS);
  await db.insert(contentPreview).values({ tokenHash: hashToken(token), kind, staff, expiresAt });
  return { token, expiresAt };
}

/** The kind a preview token opens, or null when it is unknown or past its hour. */
export async function previewKind(db: Db, token: string, now: Date): Promise<ContentKind | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [p] = await db
    .select()
    .from(contentPreview)
    .where(eq(contentPreview.tokenHash, hashToken(token)));
  if (!p || p.expiresAt.getTime() <= now.getTime()) return null;
  return p.kind as ContentKind;
}
