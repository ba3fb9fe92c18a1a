/**
 * Content: announcements and banners.
 * Part of the one pg-core schema (src/app/schema.ts gathers every part for drizzle-kit and the
 * migrations folder ./drizzle). Money columns are bigint minor units.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
});
