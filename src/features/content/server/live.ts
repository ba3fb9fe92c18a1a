/**
 * What the site shows of the studio's documents: the published version of every help section and
 * promotion, per language, held in each process (a few hundred kilobytes at most) and read again
 * when content_change has moved. `refreshContent` looks at most once a second (the app awaits it
 * before every API call, page, job and command), so a publish reaches every process within about a
 * second; listeners learn which kinds and languages changed, and the app's page cache drops exactly
 * their pages. Readers are synchronous (the promotions engine, the side menu), and HTML was
 * rendered when the version was saved: no Markdown is rendered per request.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LiveLoader } from 'astro/loaders';
import { db as processDb, type Db } from '../../../kernel/db/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { isLocale, localizePath, splitLocale, type Locale } from '../../../kernel/locales.ts';
import { contentChange, contentEntry, contentVersion } from './tables.ts';
import { promotionHref, type HelpFrontMatter, type PromotionFrontMatter, type PromotionSummary } from './documents.ts';
import { CONTENT_KINDS, PAGE_KINDS, previewKind, type ContentKind } from './studio.ts';

/** A published document as the site shows it. */
export type Published<T> = T & { locale: Locale; html: string; body: string; publishedAt: Date };
export type HelpSection = Published<HelpFrontMatter>;
export type PromotionDocument = Published<PromotionFrontMatter>;

interface Snapshot {
  db: Db;
  revision: number;
  help: Map<Locale, HelpSection[]>;
  promotion: Map<Locale, PromotionDocument[]>;
}

export interface ContentChangeNote {
  kind: ContentKind;
  locale: Locale;
}

const TTL_MS = 1_000;
let snap: Snapshot | null = null;
let checked: { db: Db; at: number; done: Promise<void> } | null = null;
const listeners = new Set<(changes: ContentChangeNote[]) => void>();

type Row = { kind: string; slug: string; locale: string; fields: unknown; html: string; body: string; publishedAt: Date | null };

function toDoc(r: Row): HelpSection | PromotionDocument | null {
  if (!isLocale(r.locale) || !r.publishedAt) return null;
  const fields = r.fields as Record<string, unknown>;
  const id = r.kind === 'promotion' ? Number(r.slug) : r.slug;
  return { ...(fields as object), id, locale: r.locale, html: r.html, body: r.body, publishedAt: r.publishedAt } as HelpSection | PromotionDocument;
}

function group<T extends { locale: Locale; order: number; id: string | number }>(docs: T[]): Map<Locale, T[]> {
  const out = new Map<Locale, T[]>();
  for (const d of docs) out.set(d.locale, [...(out.get(d.locale) ?? []), d]);
  for (const list of out.values()) list.sort((a, b) => a.order - b.order || String(a.id).localeCompare(String(b.id), 'en', { numeric: true }));
  return out;
}

/** What a page needs of a document and its version. */
const DOC_COLUMNS = {
  kind: contentEntry.kind,
  slug: contentEntry.slug,
  locale: contentEntry.locale,
  fields: contentVersion.fields,
  html: contentVersion.html,
  body: contentVersion.body,
  publishedAt: contentEntry.publishedAt,
};

async function load(d: Db, revision: number): Promise<Snapshot> {
  const rows = await d
    .select(DOC_COLUMNS)
    .from(contentEntry)
    .innerJoin(contentVersion, eq(contentVersion.id, contentEntry.publishedVersion))
    .where(inArray(contentEntry.kind, [...PAGE_KINDS]));
  const docs = rows.map((r) => ({ kind: r.kind, doc: toDoc(r) }));
  return {
    db: d,
    revision,
    help: group(docs.flatMap((x) => (x.kind === 'help' && x.doc ? [x.doc as HelpSection] : []))),
    promotion: group(docs.flatMap((x) => (x.kind === 'promotion' && x.doc ? [x.doc as PromotionDocument] : []))),
  };
}

async function check(d: Db): Promise<void> {
  const [r] = await d.select({ rev: sql<number>`coalesce(max(${contentChange.id}), 0)::int` }).from(contentChange);
  const revision = Number(r?.rev ?? 0);
  if (snap && snap.db === d && snap.revision === revision) return;
  const before = snap && snap.db === d ? snap.revision : null;
  // The revision is read before the documents: what is loaded is at least that new.
  snap = await load(d, revision);
  if (before === null || !listeners.size) return;
  const changed = await d
    .selectDistinct({ kind: contentChange.kind, locale: contentChange.locale })
    .from(contentChange)
    .where(and(sql`${contentChange.id} > ${before}`, sql`${contentChange.id} <= ${revision}`));
  const notes = changed.filter((c): c is ContentChangeNote => isLocale(c.locale) && (CONTENT_KINDS as readonly string[]).includes(c.kind));
  if (notes.length) for (const l of listeners) l(notes);
}

/** Reads what is published again when it changed (looks at most once a second, per database). */
export async function refreshContent(): Promise<void> {
  const d = await processDb();
  const now = Date.now();
  if (!checked || checked.db !== d || now - checked.at > TTL_MS) {
    const done = check(d);
    checked = { db: d, at: now, done };
    done.catch(() => {
      if (checked?.done === done) checked = null;
    });
  }
  return checked.done;
}

/** Reads what is published now, whatever the last look (after this process published). */
export async function reloadContent(): Promise<void> {
  checked = null;
  await refreshContent();
}

/** Calls `listener` with the kinds and languages whose published documents changed (not at the first load). */
export function onContentChange(listener: (changes: ContentChangeNote[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Which pages a change shows on: a help section only on /help of its language; a promotion's
 * words, a notice or a banner on every page of its language (the side menu lists promotions and
 * has its banner, the marquee and the home page's carousel are on the home page, the login and
 * registration popups on every page).
 */
export function pageShowsChange(path: string, change: ContentChangeNote): boolean {
  const { locale, path: bare } = splitLocale(path);
  if (locale !== change.locale) return false;
  return change.kind === 'help' ? bare === '/help' : true;
}

function current(): Snapshot {
  if (!snap) throw new Error('Content is not loaded yet: await refreshContent() first');
  return snap;
}

/** Help-centre sections published in a language, in display order. */
export function helpSections(locale: Locale): HelpSection[] {
  return current().help.get(locale) ?? [];
}

/** Every promotion published in a language, in display order. */
export function promotions(locale: Locale): PromotionDocument[] {
  return current().promotion.get(locale) ?? [];
}

/** When a kind last changed in a language (the sitemap's lastmod), or null when nothing is published. */
export function lastPublished(kind: ContentKind, locale: Locale): Date | null {
  const docs: { publishedAt: Date }[] = kind === 'help' ? helpSections(locale) : promotions(locale);
  return docs.reduce<Date | null>((a, d) => (!a || d.publishedAt > a ? d.publishedAt : a), null);
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

/** The latest version of every document of a kind in a language, drafts included (a preview). */
async function drafts(d: Db, kind: ContentKind, locale: Locale): Promise<(HelpSection | PromotionDocument)[]> {
  const rows = await d
    // A draft's "since" is when it was saved.
    .selectDistinctOn([contentEntry.id], { ...DOC_COLUMNS, publishedAt: contentVersion.createdAt })
    .from(contentEntry)
    .innerJoin(contentVersion, eq(contentVersion.entryId, contentEntry.id))
    .where(and(eq(contentEntry.kind, kind), eq(contentEntry.locale, locale)))
    .orderBy(contentEntry.id, sql`${contentVersion.number} desc`);
  const docs = rows.map(toDoc).filter((x): x is HelpSection | PromotionDocument => x !== null);
  return [...(group(docs).get(locale) ?? [])];
}

/** The data a live collection entry carries: the front matter with its id and language. */
export type LiveData<T> = T & { locale: Locale };

/** The filter of the live collections: the page's language, and a staff member's preview token. */
export interface LiveFilter {
  locale: Locale;
  preview?: string;
}

/**
 * The live loader of a kind for src/live.config.ts: published documents from this process's
 * snapshot (refreshed first), or, with a valid preview token of that kind, the drafts.
 */
function contentLoader<T extends Record<string, unknown>>(kind: ContentKind): LiveLoader<LiveData<T>, never, LiveFilter> {
  type Data = LiveData<T>;
  return {
    name: `casino-${kind}`,
    loadCollection: async ({ filter }) => {
      await refreshContent();
      const locale = filter?.locale && isLocale(filter.locale) ? filter.locale : 'en';
      const previewing = filter?.preview ? (await previewKind(await processDb(), filter.preview, new Date(clock.now()))) === kind : false;
      const docs = previewing ? await drafts(await processDb(), kind, locale) : kind === 'help' ? helpSections(locale) : promotions(locale);
      return {
        entries: docs.map(({ html, body: _body, publishedAt, ...data }) => ({
          id: `${locale}/${data.id}`,
          data: data as unknown as Data,
          rendered: { html },
          cacheHint: { lastModified: publishedAt, tags: [`${kind}:${locale}`] },
        })),
      };
    },
    loadEntry: async ({ filter }) => {
      await refreshContent();
      const [locale, id] = String((filter as { id?: string }).id ?? '').split('/');
      if (!isLocale(locale)) return undefined;
      const doc = (kind === 'help' ? helpSections(locale) : promotions(locale)).find((d) => String(d.id) === id);
      if (!doc) return undefined;
      const { html, body: _body, publishedAt, ...data } = doc;
      return { id: `${locale}/${data.id}`, data: data as unknown as Data, rendered: { html }, cacheHint: { lastModified: publishedAt } };
    },
  };
}

/** The help centre's live loader (src/live.config.ts). */
export const helpLoader = () => contentLoader<HelpFrontMatter>('help');
/** The promotions' live loader (src/live.config.ts). */
export const promotionLoader = () => contentLoader<PromotionFrontMatter>('promotion');

/** Where a kind's documents are shown, in a language (the studio's "view on the site"). */
export function kindPage(kind: ContentKind, locale: Locale): string {
  return localizePath(kind === 'help' ? '/help' : '/promotions', locale);
}

/** Is `token` a staff member's preview of `kind`, still within its hour? */
export async function previewValid(token: string | undefined, kind: ContentKind): Promise<boolean> {
  if (!token) return false;
  return (await previewKind(await processDb(), token, new Date(clock.now()))) === kind;
}
