/**
 * Announcements (notices, marquee lines, popups) in the database, one row per locale. Content is
 * sanitised when it is written, so that reading is a plain query and no stored row can carry a
 * script into a page or an API answer.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { AUDIENCES, type AnnouncementItem, type AnnouncementType, type Execution } from '../contract.ts';
import type { Locale } from '../../../kernel/locales.ts';
import { announcement } from './tables.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { htmlToText, sanitizeContentHtml } from './markdown.ts';

export interface NewAnnouncement {
  locale: Locale;
  type: AnnouncementType;
  execution: Execution;
  title: string;
  /** HTML; sanitised before it is stored. */
  content: string;
  promotionType?: string | null;
  groupName?: string | null;
  /** everyone (default) or agents (their back office only). */
  audience?: Audience;
  sort?: number;
  isDemo?: boolean;
}

export { AUDIENCES };
export type Audience = (typeof AUDIENCES)[number];

/** Stores announcements, sanitising their content and reducing titles to plain text; returns their ids. */
export async function insertAnnouncements(d: Db, items: NewAnnouncement[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await d
    .insert(announcement)
    .values(
      items.map((a) => ({
        locale: a.locale,
        type: a.type,
        execution: a.execution,
        // Titles are plain text; angle brackets go too, for clients that might place them as HTML.
        title: htmlToText(a.title).replace(/[<>]/g, ''),
        content: sanitizeContentHtml(a.content),
        promotionType: a.promotionType ?? null,
        groupName: a.groupName ?? null,
        audience: a.audience ?? 'everyone',
        sort: a.sort ?? 0,
        isDemo: a.isDemo ?? false,
      })),
    )
    .returning({ id: announcement.id });
  return rows.map((r) => r.id);
}

export interface AnnouncementFilter {
  locale: Locale;
  /** Only these types; absent or empty means every type. */
  types?: readonly AnnouncementType[];
  /** Only these audiences; absent or empty means every audience. */
  executions?: readonly Execution[];
  limit?: number;
}

/** Announcements for everyone of one locale in display order (sort, then oldest first). */
export async function findAnnouncements(d: Db, f: AnnouncementFilter): Promise<AnnouncementItem[]> {
  const where = [eq(announcement.locale, f.locale), eq(announcement.audience, 'everyone')];
  if (f.types?.length) where.push(inArray(announcement.type, [...f.types]));
  if (f.executions?.length) where.push(inArray(announcement.execution, [...f.executions]));
  const rows = await d
    .select({
      id: announcement.id,
      title: announcement.title,
      content: announcement.content,
      type: announcement.type,
      execution: announcement.execution,
      promotionType: announcement.promotionType,
      groupName: announcement.groupName,
      isDemo: announcement.isDemo,
    })
    .from(announcement)
    .where(and(...where))
    .orderBy(asc(announcement.sort), asc(announcement.id))
    .limit(f.limit ?? 200);
  return rows as AnnouncementItem[];
}

/** An announcement for agents, as their back office lists it. */
export interface AgentNotice {
  id: number;
  title: string;
  /** Sanitised HTML. */
  content: string;
  isDemo: boolean;
  /** ms */
  createdAt: number;
}

/** Announcements addressed to agents (audience agents) in one locale, newest first. */
export async function agentAnnouncements(d: Db, locale: Locale, limit = 50): Promise<AgentNotice[]> {
  const rows = await d
    .select({ id: announcement.id, title: announcement.title, content: announcement.content, isDemo: announcement.isDemo, createdAt: announcement.createdAt })
    .from(announcement)
    .where(and(eq(announcement.locale, locale), eq(announcement.audience, 'agents')))
    .orderBy(asc(announcement.sort), desc(announcement.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
}

/** Every announcement, for the operator's list (`npm run ops -- announce list`). */
export async function allAnnouncements(d: Db, audience?: Audience) {
  return d
    .select({ id: announcement.id, locale: announcement.locale, type: announcement.type, execution: announcement.execution, audience: announcement.audience, title: announcement.title })
    .from(announcement)
    .where(audience ? eq(announcement.audience, audience) : undefined)
    .orderBy(asc(announcement.id));
}

/** Removes one announcement; answers whether it existed. */
export async function removeAnnouncement(d: Db, id: number): Promise<boolean> {
  return (await d.delete(announcement).where(eq(announcement.id, id)).returning({ id: announcement.id })).length > 0;
}
