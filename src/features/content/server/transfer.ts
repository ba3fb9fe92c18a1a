/**
 * Help sections and promotions' words in and out of the studio as Markdown files (documents.ts's format): the demo seed
 * (src/content, placeholders filled with the brand's name and age), `npm run ops -- content import`
 * for a repository workflow, and `content export` to get the words back as files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { stringify } from 'yaml';
import type { Db } from '../../../kernel/db/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Locale } from '../../../kernel/locales.ts';
import { contentEntry, contentVersion } from './tables.ts';
import { contentRoot, helpFrontMatter, promotionFrontMatter, readDocuments, type DocumentKind } from './documents.ts';
import { PAGE_KINDS, publishVersion, saveVersion } from './studio.ts';

/** The folder of a kind in the file format. */
export const KIND_DIR: Record<(typeof PAGE_KINDS)[number], DocumentKind> = { help: 'help', promotion: 'promotions' };

let minimumAge: () => number = () => 18;
/** The app hands in the brand's minimum age (player protection's), for the seed's {{minimumAge}}. */
export function provideMinimumAge(fn: () => number): void {
  minimumAge = fn;
}

/** What a seed file's placeholders become for this brand. */
export function documentValues(): Record<string, string> {
  return { brand: brand().name, minimumAge: String(minimumAge()) };
}

/** Fields compared whatever their keys' order (jsonb keeps its own). */
const canonical = (v: unknown) => JSON.stringify(Object.fromEntries(Object.entries((v ?? {}) as object).sort(([a], [b]) => a.localeCompare(b))));
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

export interface ImportReport {
  saved: number;
  unchanged: number;
  published: number;
}

/**
 * Imports every document under `root` in the given languages: a document whose words differ from
 * its latest version becomes a new version (the history keeps the old one); with `publish`, the
 * latest version of every document read is published when it is not already.
 */
export async function importDocuments(db: Db, o: { root?: string; locales: readonly Locale[]; author: string; publish: boolean; values?: Record<string, string> }): Promise<ImportReport> {
  const report: ImportReport = { saved: 0, unchanged: 0, published: 0 };
  const now = new Date(clock.now());
  // The default language first: the translations record which of its versions they follow.
  const locales = [...o.locales].sort((a, b) => Number(b === brand().defaultLanguage) - Number(a === brand().defaultLanguage));
  for (const kind of PAGE_KINDS) {
    for (const locale of locales) {
      const schema = kind === 'help' ? helpFrontMatter : promotionFrontMatter;
      for (const doc of readDocuments(KIND_DIR[kind], locale, schema, o.root ?? contentRoot, o.values ?? {})) {
        const { id, html: _html, body, file: _file, source: _source, locale: _l, ...fields } = doc as typeof doc & { locale: Locale };
        const slug = String(id);
        const [last] = await db
          .select({
            entryId: contentEntry.id,
            number: contentVersion.number,
            fields: contentVersion.fields,
            body: contentVersion.body,
            published: contentEntry.publishedVersion,
            versionId: contentVersion.id,
          })
          .from(contentEntry)
          .innerJoin(contentVersion, eq(contentVersion.entryId, contentEntry.id))
          .where(and(eq(contentEntry.kind, kind), eq(contentEntry.slug, slug), eq(contentEntry.locale, locale)))
          .orderBy(desc(contentVersion.number))
          .limit(1);
        let target = last ? { entryId: last.entryId, number: last.number, versionId: last.versionId } : null;
        if (last && same(last.fields, fields) && last.body === body) report.unchanged++;
        else {
          target = await saveVersion(db, { kind, slug, locale, fields, body, author: o.author });
          report.saved++;
        }
        if (o.publish && target && last?.published !== target.versionId) {
          await publishVersion(db, target.entryId, target.number, o.author, { now });
          report.published++;
        }
      }
    }
  }
  return report;
}

/** The demo seed: the files of src/content in the brand's languages, published, with the brand's name and age. */
export async function seedDocuments(db: Db): Promise<ImportReport> {
  return importDocuments(db, { locales: brand().languages.filter((l): l is Locale => l === 'en' || l === 'es'), author: 'seed', publish: true, values: documentValues() });
}

/**
 * Writes every document as a Markdown file under `root` (<root>/<kind>/<locale>/<id>.md): the
 * published version, or with `drafts` the latest. Answers how many files were written.
 */
export async function exportDocuments(db: Db, root: string, drafts: boolean): Promise<number> {
  const rows = await db
    .select({
      kind: contentEntry.kind,
      slug: contentEntry.slug,
      locale: contentEntry.locale,
      published: contentEntry.publishedVersion,
      id: contentVersion.id,
      number: contentVersion.number,
      fields: contentVersion.fields,
      body: contentVersion.body,
    })
    .from(contentEntry)
    .innerJoin(contentVersion, eq(contentVersion.entryId, contentEntry.id))
    .where(inArray(contentEntry.kind, [...PAGE_KINDS]))
    .orderBy(contentEntry.id, desc(contentVersion.number));
  const picked = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const key = `${r.kind}/${r.slug}/${r.locale}`;
    if (picked.has(key)) continue;
    if (drafts || r.id === r.published) picked.set(key, r);
  }
  for (const r of picked.values()) {
    const dir = path.join(root, KIND_DIR[r.kind as (typeof PAGE_KINDS)[number]], r.locale);
    mkdirSync(dir, { recursive: true });
    const id = r.kind === 'promotion' ? Number(r.slug) : r.slug;
    const front = stringify({ id, ...(r.fields as object) }).trimEnd();
    // The body exactly as saved (after the closing ---), so that an import of the file finds it unchanged.
    writeFileSync(path.join(dir, `${r.slug}.md`), `---\n${front}\n---\n${r.body}`);
  }
  return picked.size;
}
