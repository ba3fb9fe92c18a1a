/**
 * Notices and banners written before the studio (the demo seed, `announce add` of earlier
 * releases) become studio documents, so that an editor can change them: each row without an entry
 * gets one, with its words as version 1, published, and the row points at it. Rows of different
 * languages that are plainly the same notice or slide (same type, audience, order and group; same
 * group, order, image and link) share an id, so the studio shows them side by side; anything
 * ambiguous stays apart. Runs at every start (the `content.adopt` job), under a transaction lock so
 * that processes starting together adopt once; with nothing to adopt it is one query per table.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { isLocale } from '../../../kernel/locales.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { announcement, banner, contentChange, contentEntry, contentVersion } from './tables.ts';

type Group<R> = { key: string; rows: R[] };

/** Rows grouped by their key; a key with two rows in one language is not a pair, and each goes alone. */
function pairs<R extends { id: number; locale: string }>(rows: R[], keyOf: (r: R) => string): Group<R>[] {
  const byKey = new Map<string, R[]>();
  for (const r of rows) byKey.set(keyOf(r), [...(byKey.get(keyOf(r)) ?? []), r]);
  return [...byKey.entries()].flatMap(([key, list]) => {
    const locales = list.map((r) => r.locale);
    return new Set(locales).size === locales.length ? [{ key, rows: list }] : list.map((r) => ({ key: `${key}#${r.id}`, rows: [r] }));
  });
}

/**
 * A translation adopted with its default-language twin follows that twin's version 1 (they were
 * written together); one without a twin follows nothing yet.
 */
function sourceOf<R extends { locale: string }>(rows: R[], r: R): number | null {
  const source = brand().defaultLanguage;
  if (r.locale === source) return null;
  return rows.some((x) => x.locale === source) ? 1 : 0;
}

async function adoptOne(
  tx: Tx,
  kind: 'announcement' | 'banner',
  slug: string,
  locale: string,
  fields: Record<string, unknown>,
  body: string,
  html: string,
  author: string,
  at: Date,
  sourceVersion: number | null,
): Promise<number> {
  const [e] = await tx.insert(contentEntry).values({ kind, slug, locale, publishedAt: at }).returning({ id: contentEntry.id });
  const [v] = await tx.insert(contentVersion).values({ entryId: e!.id, number: 1, fields, body, html, author, sourceVersion }).returning({ id: contentVersion.id });
  await tx.update(contentEntry).set({ publishedVersion: v!.id }).where(eq(contentEntry.id, e!.id));
  await tx.insert(contentChange).values({ entryId: e!.id, kind, locale, action: 'publish', versionId: v!.id, actor: 'import' });
  return e!.id;
}

/** A slug no document of the kind has yet. */
async function freeSlug(tx: Tx, kind: string, base: string): Promise<string> {
  for (let n = 0; ; n++) {
    const slug = n ? `${base}-${n}` : base;
    const [taken] = await tx
      .select({ id: contentEntry.id })
      .from(contentEntry)
      .where(and(eq(contentEntry.kind, kind), eq(contentEntry.slug, slug)))
      .limit(1);
    if (!taken) return slug;
  }
}

/** Adopts every notice and banner without a studio document; answers how many rows. */
export async function adoptLegacyRows(db: Db): Promise<number> {
  const [a] = await db.select({ id: announcement.id }).from(announcement).where(isNull(announcement.entryId)).limit(1);
  const [b] = await db.select({ id: banner.id }).from(banner).where(isNull(banner.entryId)).limit(1);
  if (!a && !b) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content.adopt'))`);
    let n = 0;
    const notices = (await tx.select().from(announcement).where(isNull(announcement.entryId)).orderBy(asc(announcement.id))).filter((r) => isLocale(r.locale));
    for (const g of pairs(notices, (r) => [r.type, r.execution, r.audience, r.sort, r.groupName ?? '', r.isDemo].join('|'))) {
      const slug = await freeSlug(tx, 'announcement', `notice-${g.rows[0]!.id}`);
      for (const r of g.rows) {
        const fields = { title: r.title, order: r.sort, type: r.type, execution: r.execution, audience: r.audience, ...(r.promotionType ? { promotionType: r.promotionType } : {}) };
        // The stored content is sanitised HTML; Markdown keeps HTML as it is, so it is its own source.
        const entryId = await adoptOne(tx, 'announcement', slug, r.locale, fields, r.content, r.content, r.isDemo ? 'seed' : 'import', r.createdAt, sourceOf(g.rows, r));
        await tx.update(announcement).set({ entryId }).where(eq(announcement.id, r.id));
        n++;
      }
    }
    const slides = (await tx.select().from(banner).where(isNull(banner.entryId)).orderBy(asc(banner.id))).filter((r) => isLocale(r.locale));
    for (const g of pairs(slides, (r) => [r.groupName, r.sort, r.imageUrl, r.linkageType ?? '', r.target ?? '', r.isDemo].join('|'))) {
      const slug = await freeSlug(tx, 'banner', `banner-${g.rows[0]!.id}`);
      for (const r of g.rows) {
        const fields = {
          title: r.title,
          order: r.sort,
          group: r.groupName,
          image: r.imageUrl,
          ...(r.subtitle ? { subtitle: r.subtitle } : {}),
          ...(r.linkageType ? { linkageType: r.linkageType } : {}),
          ...(r.target ? { target: r.target } : {}),
        };
        const entryId = await adoptOne(tx, 'banner', slug, r.locale, fields, '', '', r.isDemo ? 'seed' : 'import', new Date(), sourceOf(g.rows, r));
        await tx.update(banner).set({ entryId }).where(eq(banner.id, r.id));
        n++;
      }
    }
    return n;
  });
}
