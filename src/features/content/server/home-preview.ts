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
import { previewKind, type announcementFields, type bannerFields } from './studio.ts';
import { bannerHref } from './banners.ts';
import { htmlToText } from './markdown.ts';
import { HOME_NOTICE_TYPES } from './queries.ts';
import type { z } from 'zod';

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
      .map((r) => ({ r, f: r.fields as z.infer<typeof announcementFields> }))
      .filter(({ f }) => f.audience === 'everyone' && f.execution === 'B' && (HOME_NOTICE_TYPES as readonly string[]).includes(f.type))
      .sort((a, b) => a.f.order - b.f.order || a.r.entryId - b.r.entryId)
      .map(({ r, f }) => ({
        id: r.entryId,
        title: htmlToText(f.title).replace(/[<>]/g, ''),
        content: r.html,
        type: f.type,
        execution: f.execution,
        promotionType: f.promotionType ?? null,
        groupName: null,
        isDemo: r.author === 'seed',
      }));
    return { kind, notices };
  }
  if (kind === 'banner') {
    const banners = (await latest('banner', locale))
      .map((r) => ({ r, f: r.fields as z.infer<typeof bannerFields> }))
      .filter(({ f }) => f.group === 'w_home')
      .sort((a, b) => a.f.order - b.f.order || a.r.entryId - b.r.entryId)
      .map(({ r, f }) => ({
        id: r.entryId,
        groupName: f.group,
        title: f.title,
        subtitle: f.subtitle ?? '',
        imageUrl: f.image,
        linkageType: f.linkageType ?? null,
        target: f.target ?? null,
        href: bannerHref(f.linkageType ?? null, f.target ?? null, locale),
        isDemo: r.author === 'seed',
      }));
    return { kind, banners };
  }
  return null;
}
