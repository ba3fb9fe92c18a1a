/**
 * A staff member's preview of notice or banner drafts on the real home page (issue 30): with a
 * preview token of kind `announcement`, the home page's marquee shows the latest version of every
 * notice in the language, drafts included (as the published ones are filtered: for everyone,
 * visitors, the home notice's types); with one of kind `banner`, its carousel shows the latest
 * slides. The page is then never cached (site.ts) nor indexed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { db as processDb } from '../../../kernel/db/index.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Locale } from '../../../kernel/locales.ts';
import type { AnnouncementItem, BannerItem } from '../contract.ts';
import { contentEntry, contentVersion } from './tables.ts';
import { bannerWords, noticeWords, previewKind } from './studio.ts';
import { bannerHref } from './banners.ts';
import { HOME_NOTICE_TYPES } from './queries.ts';

async function latest(kind: 'announcement' | 'banner', locale: Locale) {
  const d = await processDb();
  return d
    .selectDistinctOn([contentEntry.id], { entryId: contentEntry.id, fields: contentVersion.fields, html: contentVersion.html, author: contentVersion.author })
    .from(contentEntry)
    .innerJoin(contentVersion, eq(contentVersion.entryId, contentEntry.id))
    .where(and(eq(contentEntry.kind, kind), eq(contentEntry.locale, locale)))
    .orderBy(contentEntry.id, sql`${contentVersion.number} desc`);
}

/** What the home page shows instead of the published notices or banners, or null (no valid token). */
export async function homePreview(token: string | undefined, locale: Locale): Promise<{ kind: 'announcement' | 'banner'; notices?: AnnouncementItem[]; banners?: BannerItem[] } | null> {
  if (!token) return null;
  const kind = await previewKind(await processDb(), token, new Date(clock.now()));
  if (kind === 'announcement') {
    const notices = (await latest('announcement', locale))
      .map((r) => ({ id: r.entryId, w: noticeWords(r) }))
      .filter(({ w }) => w.audience === 'everyone' && w.execution === 'B' && (HOME_NOTICE_TYPES as readonly string[]).includes(w.type))
      .sort((a, b) => a.w.order - b.w.order || a.id - b.id)
      .map(({ id, w }) => ({ id, title: w.title, content: w.content, type: w.type, execution: w.execution, promotionType: w.promotionType, groupName: null, isDemo: w.isDemo }));
    return { kind, notices };
  }
  if (kind === 'banner') {
    const banners = (await latest('banner', locale))
      .map((r) => ({ id: r.entryId, w: bannerWords(r) }))
      .filter(({ w }) => w.groupName === 'w_home')
      .sort((a, b) => a.w.order - b.w.order || a.id - b.id)
      .map(({ id, w }) => ({
        id,
        groupName: w.groupName,
        title: w.title,
        subtitle: w.subtitle,
        imageUrl: w.imageUrl,
        linkageType: w.linkageType,
        target: w.target,
        href: bannerHref(w.linkageType, w.target, locale),
        isDemo: w.isDemo,
      }));
    return { kind, banners };
  }
  return null;
}
