/**
 * Content calls (spec 7): the help centre, announcements, and the check of an official mirror
 * address or a representative's code (spec 1, 'Verify Representative'). Also the vocabulary of
 * promotions (spec 3), which the promotion pages and any later promotion call share.
 */
import { z } from 'zod';
import { defineCall } from '../../kernel/contract.ts';

/** Announcement types: B banner/marquee, PL popup list, PU popup, PR promotion, H help. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** The types the announcement popup of spec 2.8 shows: popups, popup lists and promotions (the marquee shows every type). */
export const POPUP_TYPES = ['PU', 'PL', 'PR'] as const satisfies readonly AnnouncementType[];

/** Who sees an announcement: A logged-in members, B visitors, F a member's first login. */
export const EXECUTIONS = ['A', 'B', 'F'] as const;
/** Who an announcement is for: everyone (the site's notices and popups), or agents (their back office only). */
export const AUDIENCES = ['everyone', 'agents'] as const;
export type Execution = (typeof EXECUTIONS)[number];

/** Promotion types of spec 3 (high rebate is `highRebate` on the wire). */
export const PROMO_TYPES = ['newbie', 'limited', 'special', 'daily', 'highRebate', 'vip'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

/** The home page's three promo tiles (spec 2.1), each opening one promotion. */
export const PROMO_TILES = ['invite', 'freeSpin', 'vip'] as const;
export type PromoTile = (typeof PROMO_TILES)[number];

/** Period codes: D daily, W weekly, H semimonthly, M monthly; `none` for a one-off. */
export const PROMO_PERIODS = ['D', 'W', 'H', 'M', 'none'] as const;
export type PromoPeriod = (typeof PROMO_PERIODS)[number];

/** Promotion statuses of spec 3 (in process, coming soon as camelCase). */
export const PROMO_STATUSES = ['join', 'claim', 'applying', 'closed', 'rejected', 'issued', 'claimed', 'inProcess', 'signed', 'comingSoon'] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

/** A comma-separated list in a query string ('B,PL'), each item upper-cased and checked. */
const codeList = <T extends readonly [string, ...string[]]>(codes: T) =>
  z
    .string()
    .max(64)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(codes)).min(1));

export const helpSection = z.object({
  /** Anchor of the section on /help (`term` is the terms and conditions). */
  id: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  html: z.string(),
});
export type HelpSectionItem = z.infer<typeof helpSection>;

export const helpCenter = defineCall({
  name: 'helpCenter',
  method: 'GET',
  path: '/wps/system/helpCenter',
  cacheSeconds: 300,
  query: z.object({
    /** EN, ES (any case); when absent, the Language header decides. */
    lang: z.string().max(8).optional(),
    device: z.string().max(16).optional(),
  }),
  value: z.array(helpSection),
});

export const announcementItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  execution: z.enum(EXECUTIONS),
  promotionType: z.string().nullable(),
  groupName: z.string().nullable(),
  /** Sample content of the demo brand, to be labelled as such. */
  isDemo: z.boolean(),
});
export type AnnouncementItem = z.infer<typeof announcementItem>;

/**
 * Announcements in the caller's language (Language header), in the operator's sort order.
 * `types` and `execution` are comma lists; absent means all. The home notice asks types
 * B,PL,PU,PR with execution B. Nothing here is per-user, so no token is needed.
 */
export const listAnnouncements = defineCall({
  name: 'listAnnouncements',
  method: 'GET',
  path: '/wps/relay/MCSFE_getListAnnouncements',
  cacheSeconds: 60,
  query: z.object({
    types: codeList(ANNOUNCEMENT_TYPES).optional(),
    /** W (web) is the only platform; other values are accepted and ignored. */
    platform: z.string().max(8).optional(),
    execution: codeList(EXECUTIONS).optional(),
  }),
  value: z.array(announcementItem),
});

/** An announcement as clients of the existing API read it: with its images (none yet: our announcements are text). */
export const clientAnnouncement = announcementItem.extend({ announcementImages: z.array(z.object({ imageUrl: z.string() })) });

/**
 * The same announcements where clients of the existing API ask for them (wire notes:
 * CCSFE_getListAnnouncements with types=PR, platform=M), under each of the names they read the
 * list by: `list`, `promotion` and `announcements` hold the same items.
 */
export const clientAnnouncements = defineCall({
  name: 'clientAnnouncements',
  method: 'GET',
  path: '/wps/relay/CCSFE_getListAnnouncements',
  cacheSeconds: 60,
  query: listAnnouncements.query,
  value: z.object({ list: z.array(clientAnnouncement), promotion: z.array(clientAnnouncement), announcements: z.array(clientAnnouncement) }),
});

/**
 * Is this code (read out by a representative) or this address one of the brand's official
 * mirrors? Under /wps/system so that it answers during maintenance and region blocks too, when
 * visitors most need it. `url` is the official address the code or address belongs to.
 */
export const verifyRepresentative = defineCall({
  name: 'verifyRepresentative',
  method: 'GET',
  path: '/wps/system/domainRoute/verify',
  query: z.object({ code: z.string().trim().min(1).max(200) }),
  value: z.object({ valid: z.boolean(), url: z.string().optional() }),
});

export const contentCalls = [helpCenter, listAnnouncements, clientAnnouncements, verifyRepresentative];

/** Banner groups of spec 3: home carousel, side menu, login and register popups. */
export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_login', 'w_register'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

/** null: not clickable; URL: opens `target` (a site path or https address); PROMO: opens promotion `target`. */
export const LINKAGE_TYPES = ['URL', 'PROMO'] as const;

/** A banner as the home answer and the banner component see it (spec 2.16, 3 Banner). */
export const bannerItem = z.object({
  id: z.number().int(),
  groupName: z.enum(BANNER_GROUPS),
  title: z.string(),
  subtitle: z.string(),
  imageUrl: z.string(),
  linkageType: z.enum(LINKAGE_TYPES).nullable(),
  target: z.string().nullable(),
  /** Where a click goes, already in the caller's locale; null when not clickable. */
  href: z.string().nullable(),
  isDemo: z.boolean(),
});
export type BannerItem = z.infer<typeof bannerItem>;
