/**
 * Markdown documents as files: the help centre (<dir>/help/<locale>/*.md) and promotions
 * (<dir>/promotions/<locale>/*.md), with YAML front matter. They are the import and export format
 * of the content studio (`npm run ops -- content import|export`) and, under src/content, the demo
 * seed; the site reads what is published in the database (live.ts), never these files.
 * Seed files may say {{brand}} and {{minimumAge}}: filled with the brand's name and age at import.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PROMO_PERIODS, PROMO_STATUSES, PROMO_TILES, PROMO_TYPES } from '../contract.ts';
import { LOCALES, localizePath, type Locale } from '../../../kernel/locales.ts';
import { projectRoot } from '../../../kernel/env.ts';
import { renderMarkdown, splitFrontMatter } from './markdown.ts';

export const contentRoot = path.join(projectRoot, 'src/content');

/** Front matter of a help section. `id` is its anchor on /help. */
export const helpSlug = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'lower-case letters, digits and dashes');
export const helpFields = z.strictObject({
  title: z.string().trim().min(1).max(200),
  order: z.number().int().min(-100_000).max(100_000),
});
export const helpFrontMatter = helpFields.extend({ id: helpSlug });
export type HelpFrontMatter = z.infer<typeof helpFrontMatter>;

/** Front matter of a promotion. `id` is its anchor on /promotions (/promotions#3). */
const promotionObject = z.strictObject({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().min(1).max(500),
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
  order: z.number().int().min(-100_000).max(100_000),
  /** The home page's promo tile that links here (spec 2.1: invite, free spin, VIP bonus). */
  tile: z.enum(PROMO_TILES).optional(),
});
const datesInOrder = (p: { start?: string; end?: string }) => !p.start || !p.end || p.start <= p.end;
/** A promotion's fields in the studio (its id is the entry's slug). */
export const promotionFields = promotionObject.refine(datesInOrder, { message: 'end is before start', path: ['end'] });
export const promotionSlug = z.coerce.number().int().positive().max(999_999_999);
export const promotionFrontMatter = promotionObject.extend({ id: z.number().int().positive().max(999_999_999) }).refine(datesInOrder, { message: 'end is before start', path: ['end'] });
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

/** Fills a seed file's {{name}} placeholders; an unknown name stays as written. */
export function fillPlaceholders(source: string, values: Record<string, string>): string {
  return source.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Reads, validates and renders every document of a kind in one locale, sorted by order then id
 * (none when the folder is absent). `values` fills the files' placeholders.
 */
export function readDocuments<S extends z.ZodType<{ id: string | number; order: number }>>(
  kind: DocumentKind,
  locale: Locale,
  schema: S,
  root: string = contentRoot,
  values: Record<string, string> = {},
): Doc<z.output<S>>[] {
  const dir = path.join(root, kind, locale);
  const docs: Doc<z.output<S>>[] = [];
  const seen = new Map<string | number, string>();
  if (!existsSync(dir)) return docs;
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.md')) continue;
    const full = path.join(dir, name);
    const file = path.relative(projectRoot, full);
    const source = fillPlaceholders(readFileSync(full, 'utf8'), values);
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

/** Every locale the site offers, for loaders and tests that walk all documents. */
export const documentLocales: Locale[] = LOCALES.map((l) => l.code);
