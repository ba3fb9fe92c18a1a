/**
 * What pages ask of the content slice at render time (home page, side menu, popups). Each takes
 * the process database when called, never at import.
 */
import type { AnnouncementItem, BannerGroup, BannerItem, Execution } from '../contract.ts';
import type { Locale } from '../../../kernel/locales.ts';
import { db } from '../../../kernel/db/index.ts';
import { findAnnouncements } from './announcements.ts';
import { findBanners } from './banners.ts';

/** Types the home notice shows (spec 7: B, PL, PU, PR). */
export const HOME_NOTICE_TYPES = ['B', 'PL', 'PU', 'PR'] as const;

/**
 * The home page's notices in a locale: marquee and popup items for visitors (execution B) by
 * default; pass 'A' for a logged-in member, or ['A', 'F'] on a member's first login.
 */
export async function homeNotices(locale: Locale, execution: Execution | Execution[] = 'B'): Promise<AnnouncementItem[]> {
  const executions = Array.isArray(execution) ? execution : [execution];
  return findAnnouncements(await db(), { locale, types: HOME_NOTICE_TYPES, executions });
}

/** The banners of one group (w_home, w_leftmenu, w_login, w_register) in a locale. */
export async function banners(locale: Locale, group: BannerGroup): Promise<BannerItem[]> {
  return findBanners(await db(), locale, group);
}

export { listPromotions } from './live.ts';
