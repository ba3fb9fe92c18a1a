/**
 * Markdown documents on disk: the help centre (src/content/help/<locale>/*.md) and promotions
 * (src/content/promotions/<locale>/*.md). Both the Content Layer loader (src/content.config.ts,
 * for prerendered pages) and the API and side menu (at run time) read them through here, so a
 * page and an API answer can never disagree about a section or an offer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PROMO_PERIODS, PROMO_STATUSES, PROMO_TILES, PROMO_TYPES } from '../contract.ts';
import { LOCALES, localizePath, type Locale } from '../../../kernel/locales.ts';
import { projectRoot } from '../../../kernel/env.ts';
import { renderMarkdown, splitFrontMatter } from './markdown.ts';

export const contentRoot = path.join(projectRoot, 'src/content');

/** Front matter of a help section. `id` is its anchor on /help. */
export const helpFrontMatter = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
  title: z.string().trim().min(1),
  order: z.number().int(),
});
export type HelpFrontMatter = z.infer<typeof helpFrontMatter>;

/** Front matter of a promotion. `id` is its anchor on /promotions (/promotions#3). */
export const promotionFrontMatter = z
  .strictObject({
    id: z.number().int().positive(),
    title: z.string().trim().min(1),
    summary: z.string().trim().min(1),
    promoType: z.enum(PROMO_TYPES),
    period: z.enum(PROMO_PERIODS),
    /**
     * What every member is shown, written by hand: only for promotions the engine does not run
     * yet (no rules in the brand file); the engine computes each member's status of the others.
     */
    status: z.enum(PROMO_STATUSES).optional(),
    /** First and last day of the offer, YYYY-MM-DD, in the brand's time zone. */
    start: z.iso.date().optional(),
    end: z.iso.date().optional(),
    order: z.number().int(),
    /** The home page's promo tile that links here (spec 2.1: invite, free spin, VIP bonus). */
    tile: z.enum(PROMO_TILES).optional(),
  })
  .refine((p) => !p.start || !p.end || p.start <= p.end, { message: 'end is before start', path: ['end'] });
export type PromotionFrontMatter = z.infer<typeof promotionFrontMatter>;

export type DocumentKind = 'help' | 'promotions';

/** A parsed, validated and rendered document. */
export type Doc<T> = T & {
  locale: Locale;
  /** Sanitised HTML of the body. */
  html: string;
  /** The Markdown body, as written. */
  body: string;
  /** Path relative to the project root. */
  file: string;
  /** The whole file, for change detection. */
  source: string;
};

export type HelpDoc = Doc<HelpFrontMatter>;
export type PromotionDoc = Doc<PromotionFrontMatter>;

/** Reads, validates and renders every document of a kind in one locale, sorted by order then id. */
export function readDocuments<S extends z.ZodType<{ id: string | number; order: number }>>(kind: DocumentKind, locale: Locale, schema: S, root: string = contentRoot): Doc<z.output<S>>[] {
  const dir = path.join(root, kind, locale);
  const docs: Doc<z.output<S>>[] = [];
  const seen = new Map<string | number, string>();
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.md')) continue;
    const full = path.join(dir, name);
    const file = path.relative(projectRoot, full);
    const source = readFileSync(full, 'utf8');
    const { data, body } = splitFrontMatter(source);
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new Error(`Invalid front matter in ${file}: ${z.prettifyError(parsed.error)}`);
    const fm = parsed.data;
    const twin = seen.get(fm.id);
    if (twin) throw new Error(`Two ${kind} documents with id ${fm.id} in ${locale}: ${twin} and ${file}`);
    seen.set(fm.id, file);
    docs.push({ ...fm, locale, html: renderMarkdown(body), body, file, source });
  }
  return docs.sort((a, b) => a.order - b.order || String(a.id).localeCompare(String(b.id)));
}

// Documents change only with a deploy, so each process reads them once; in development
// (astro dev) they are read again on every call so that edits show at once.
const cache = new Map<string, unknown>();
const fresh = () => process.env.NODE_ENV === 'development';

function cached<T>(key: string, read: () => T): T {
  if (fresh()) return read();
  if (!cache.has(key)) cache.set(key, read());
  return cache.get(key) as T;
}

/** Help-centre sections in one locale, in display order. */
export function helpSections(locale: Locale): HelpDoc[] {
  return cached(`help:${locale}`, () => readDocuments('help', locale, helpFrontMatter));
}

/** Every promotion in one locale, in display order. */
export function promotions(locale: Locale): PromotionDoc[] {
  return cached(`promotions:${locale}`, () => readDocuments('promotions', locale, promotionFrontMatter));
}

export interface PromotionSummary {
  id: number;
  title: string;
  summary: string;
  promoType: PromotionFrontMatter['promoType'];
  /** The hand-written status (promotions the engine does not run); see promotionFrontMatter. */
  status?: PromotionFrontMatter['status'];
  /** First and last day (YYYY-MM-DD), when it has them. */
  start?: string;
  end?: string;
  /** Set on the promotions that the home page's three promo tiles open. */
  tile?: PromotionFrontMatter['tile'];
  /** Link to the promotion's details on the promotions page, in the locale. */
  href: string;
}

/** Where a promotion's details are, in a locale: /promotions#3, /es/promotions#3. */
export function promotionHref(id: number | string, locale: Locale): string {
  return `${localizePath('/promotions', locale)}#${id}`;
}

/**
 * Promotions for short lists (side menu: the first 3, spec 2.5 and 9), in display order.
 * @example listPromotions('es', 3).map((p) => p.href) // ['/es/promotions#1', ...]
 */
export function listPromotions(locale: Locale, limit?: number): PromotionSummary[] {
  const all = promotions(locale).map((p) => ({
    id: p.id,
    title: p.title,
    summary: p.summary,
    promoType: p.promoType,
    ...(p.status ? { status: p.status } : {}),
    ...(p.start ? { start: p.start } : {}),
    ...(p.end ? { end: p.end } : {}),
    ...(p.tile ? { tile: p.tile } : {}),
    href: promotionHref(p.id, locale),
  }));
  return limit === undefined ? all : all.slice(0, limit);
}

/** Every locale the site offers, for loaders and tests that walk all documents. */
export const documentLocales: Locale[] = LOCALES.map((l) => l.code);
