/**
 * Announcements (notices, marquee lines, popups) in the database, one row per locale. Content is
 * sanitised when it is written, so that reading is a plain query and no stored row can carry a
 * script into a page or an API answer.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnnouncementItem, AnnouncementType, Execution } from '../contract.ts';
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
  sort?: number;
  isDemo?: boolean;
}

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

/** Announcements of one locale in display order (sort, then oldest first). */
export async function findAnnouncements(d: Db, f: AnnouncementFilter): Promise<AnnouncementItem[]> {
  const where = [eq(announcement.locale, f.locale)];
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
