/** Carousel banners in the database, per group and locale (spec 2.16, 3 Banner). */
import { and, asc, eq } from 'drizzle-orm';
import type { BannerGroup, BannerItem } from '../contract.ts';
import { localizePath, type Locale } from '../../../kernel/locales.ts';
import { banner } from './tables.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { promotionHref } from './documents.ts';

export interface NewBanner {
  groupName: BannerGroup;
  locale: Locale;
  title: string;
  subtitle?: string;
  imageUrl: string;
  linkageType: 'URL' | 'PROMO' | null;
  /** URL: a site path ('/promotions#2') or an https address; PROMO: a promotion id. */
  target?: string | null;
  sort?: number;
  isDemo?: boolean;
}

/** Stores banners; a linkage without a usable target is refused. */
export async function insertBanners(d: Db, items: NewBanner[]): Promise<void> {
  for (const b of items) {
    if (b.linkageType && !bannerHref(b.linkageType, b.target ?? null, b.locale)) {
      throw new Error(`Banner "${b.title}" has linkage ${b.linkageType} but no usable target`);
    }
  }
  if (items.length === 0) return;
  await d.insert(banner).values(
    items.map((b) => ({
      groupName: b.groupName,
      locale: b.locale,
      title: b.title,
      subtitle: b.subtitle ?? '',
      imageUrl: b.imageUrl,
      linkageType: b.linkageType,
      target: b.target ?? null,
      sort: b.sort ?? 0,
      isDemo: b.isDemo ?? false,
    })),
  );
}

/**
 * Where a click on a banner goes, in the locale; null when it is not clickable or the target
 * is not a site path, an https address or a promotion id (a javascript: target never links).
 */
export function bannerHref(linkageType: string | null, target: string | null, locale: Locale): string | null {
  if (!linkageType || !target) return null;
  if (linkageType === 'PROMO') return /^\d{1,9}$/.test(target) ? promotionHref(target, locale) : null;
  if (linkageType !== 'URL') return null;
  if (target.startsWith('/') && !target.startsWith('//')) return localizePath(target, locale);
  return /^https:\/\/[^\s/]+/i.test(target) ? target : null;
}

/** Banners of one group in one locale, in display order. */
export async function findBanners(d: Db, locale: Locale, group: BannerGroup): Promise<BannerItem[]> {
  const rows = await d
    .select()
    .from(banner)
    .where(and(eq(banner.locale, locale), eq(banner.groupName, group)))
    .orderBy(asc(banner.sort), asc(banner.id));
  return rows.map((r) => ({
    id: r.id,
    groupName: r.groupName as BannerGroup,
    title: r.title,
    subtitle: r.subtitle,
    imageUrl: r.imageUrl,
    linkageType: r.linkageType as BannerItem['linkageType'],
    target: r.target,
    href: bannerHref(r.linkageType, r.target, locale),
    isDemo: r.isDemo,
  }));
}
