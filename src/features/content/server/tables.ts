/**
 * Content: announcements and banners.
 * Part of the one pg-core schema (src/app/schema.ts gathers every part for drizzle-kit and the
 * migrations folder ./drizzle). Money columns are bigint minor units.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Notices, marquee items and popups. Content is sanitised HTML, stored per locale. */
export const announcement = pgTable(
  'announcement',
  {
    id: serial('id').primaryKey(),
    locale: text('locale').notNull(),
    /** B banner/marquee, PL, PU popup, PR promotion, H help. */
    type: text('type').notNull(),
    /** A logged-in, B logged-out, F first login. */
    execution: text('execution').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    promotionType: text('promotion_type'),
    groupName: text('group_name'),
    /** Who it is for: everyone (the site's notices and popups), or agents (their back office only). */
    audience: text('audience').notNull().default('everyone'),
    sort: integer('sort').notNull().default(0),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The studio's document this row shows (its published version); null only until adopted (adopt.ts). */
    entryId: integer('entry_id')
      .unique()
      .references((): AnyPgColumn => contentEntry.id),
  },
  (t) => [index('announcement_locale_idx').on(t.locale, t.type, t.sort), check('announcement_audience_ck', sql`${t.audience} in ('everyone', 'agents')`)],
);

/** Carousel banners by group (w_home, w_login, w_register, w_leftmenu). */
export const banner = pgTable('banner', {
  id: serial('id').primaryKey(),
  groupName: text('group_name').notNull(),
  locale: text('locale').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  imageUrl: text('image_url').notNull(),
  /** null: not clickable; URL: opens url; PROMO: opens the promotion whose id is in target. */
  linkageType: text('linkage_type'),
  target: text('target'),
  sort: integer('sort').notNull().default(0),
  isDemo: boolean('is_demo').notNull().default(false),
  /** The studio's document this row shows (its published version); null only until adopted (adopt.ts). */
  entryId: integer('entry_id')
    .unique()
    .references((): AnyPgColumn => contentEntry.id),
});

/**
 * The content studio (issue 30): one row per document of a kind in a language (a help section, a
 * promotion's words), pointing at the version the site shows and, when one is scheduled, the
 * version that goes live at a time. The words themselves are in content_version.
 */
export const contentEntry = pgTable(
  'content_entry',
  {
    id: serial('id').primaryKey(),
    /** help | promotion | announcement | banner */
    kind: text('kind').notNull(),
    /** The document's id: a help section's anchor ('faq'), a promotion's number ('3'). */
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    /** The version the site shows; null: not published (a draft only, or unpublished). */
    publishedVersion: integer('published_version'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A version to publish at scheduledAt (one process does it: the job claims the row). */
    scheduledVersion: integer('scheduled_version'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_entry_doc_uq').on(t.kind, t.slug, t.locale),
    index('content_entry_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.scheduledAt} is not null`),
    check('content_entry_kind_ck', sql`${t.kind} in ('help', 'promotion', 'announcement', 'banner')`),
    check('content_entry_schedule_ck', sql`(${t.scheduledVersion} is null) = (${t.scheduledAt} is null)`),
  ],
);

/** Every version of every document, as saved: append-only (a trigger refuses UPDATE and DELETE). */
export const contentVersion = pgTable(
  'content_version',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contentEntry.id),
    /** 1, 2, 3... within the entry. */
    number: integer('number').notNull(),
    /** The front matter: title, order and the kind's other fields (validated by the kind's schema). */
    fields: jsonb('fields').notNull(),
    /** The Markdown as written. */
    body: text('body').notNull(),
    /** The body rendered and sanitised when it was saved (pages never render Markdown per request). */
    html: text('html').notNull(),
    /** Who saved it: staff:<name>, ops:<actor>, seed. */
    author: text('author').notNull(),
    /**
     * A translation's source: the version number of the same document in the brand's default
     * language when this one was saved (null in the default language itself). The studio flags a
     * translation as behind when its source has a newer version.
     */
    sourceVersion: integer('source_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_version_number_uq').on(t.entryId, t.number)],
);

/**
 * What changed on the site, in order: every publish, unpublish and scheduled publish that took
 * place. Each process polls its last id (at most once a second) to reload what it shows and drop
 * exactly the cached pages of the kinds and languages that changed; it is also the publication
 * history (who, when, which version).
 */
export const contentChange = pgTable(
  'content_change',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contentEntry.id),
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    /** publish | unpublish | rollback | schedule | unschedule */
    action: text('action').notNull(),
    /** The version published (null for unpublish). */
    versionId: integer('version_id'),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_change_entry_idx').on(t.entryId, t.id)],
);

/** Preview links: a staff member's look at a kind's drafts on the real page, for an hour. Only the SHA-256 of the token is kept. */
export const contentPreview = pgTable('content_preview', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').notNull(),
  staff: text('staff').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Images uploaded in the studio: checked by their bytes, re-encoded as WebP at a few widths and
 * kept in the file store (src/providers/storage) under `<hash>-<width>.webp`; the hash is the
 * original bytes' (the same upload twice is one image).
 */
export const contentImage = pgTable('content_image', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull().unique(),
  /** The file's name as the editor's computer called it, cleaned (shown in the studio only). */
  name: text('name').notNull(),
  /** png | jpeg | webp, by the bytes. */
  type: text('type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  /** [{ width, height, bytes }] of the WebP variants. */
  variants: jsonb('variants').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
