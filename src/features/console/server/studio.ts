/**
 * The content studio's handlers' work (issue 30): the content feature's store (versions, publish,
 * schedule, rollback, previews) seen per document across the brand's languages, every change in the
 * audit log with the staff member and their address. Fields are validated by the kind's schema, in
 * the caller's language and per field, so the editor shows each message under its field.
 */
import { diffLines } from 'diff';
import type { TFunction } from 'i18next';
import {
  KIND_SCHEMAS,
  changesOf,
  createPreview,
  entryDetail,
  kindPage,
  listEntries,
  publishVersion,
  renderDocument,
  uploadImage,
  listImages,
  type ImageView,
  reloadContent,
  rollBack,
  sourceLocale,
  saveVersion,
  stateOf,
  unpublish,
  unschedule,
  versionDetail,
  type ContentKind,
  type EntrySummary,
} from '../../content/index.ts';
import { brand, brandFile, updateBrandOverrides } from '../../../kernel/brand/index.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { parseWith } from '../../../kernel/http/dispatch.ts';
import { isLocale, localizePath, type Locale } from '../../../kernel/locales.ts';
import type { SiteFacts, StudioDiff, StudioEntry, StudioImage, StudioList, StudioLocaleState } from '../contract.ts';
import type { Actor } from './desk.ts';

const actorName = (a: Actor) => `staff:${a.session.username}`;
const now = () => new Date(clock.now());

/** The languages the brand offers, in its order. */
const brandLocales = (): Locale[] => brand().languages.filter(isLocale);

function localeState(e: EntrySummary, all: EntrySummary[]): StudioLocaleState {
  const mine = e.latest.createdAt.getTime();
  // A translation is behind when its source (the default language) has a version newer than the one it was written from.
  const source = all.find((o) => o.slug === e.slug && o.locale === sourceLocale() && o.locale !== e.locale);
  return {
    entryId: e.id,
    state: stateOf(e),
    latest: { number: e.latest.number, title: e.latest.title, author: e.latest.author, at: mine },
    published: e.published && { number: e.published.number, at: e.published.at.getTime() },
    scheduled: e.scheduled && { number: e.scheduled.number, at: e.scheduled.at.getTime() },
    outdated: !!source && source.latest.number > (e.latest.sourceVersion ?? 0),
  };
}

/** Every document of a kind with its state per language. */
export async function studioList(db: Db, kind: ContentKind): Promise<StudioList> {
  const locales = brandLocales();
  const all = (await listEntries(db, kind)).filter((e) => locales.includes(e.locale));
  const bySlug = new Map<string, EntrySummary[]>();
  for (const e of all) bySlug.set(e.slug, [...(bySlug.get(e.slug) ?? []), e]);
  const items = [...bySlug.values()].map((list) => {
    const first = list.find((e) => e.locale === locales[0]) ?? list[0]!;
    return { slug: first.slug, title: first.title, order: first.order, locales: Object.fromEntries(list.map((e) => [e.locale, localeState(e, all)])) };
  });
  items.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug, 'en', { numeric: true }));
  return { locales, items };
}

/** One document in every language that has it. */
export async function studioEntry(db: Db, kind: ContentKind, slug: string): Promise<StudioEntry> {
  const all = await listEntries(db, kind);
  const locales: StudioEntry['locales'] = {};
  for (const locale of brandLocales()) {
    const d = await entryDetail(db, kind, slug, locale);
    if (!d) continue;
    locales[locale] = {
      state: localeState(d.entry, all),
      latest: { number: d.latest.number, title: d.latest.title, author: d.latest.author, at: d.latest.createdAt.getTime(), fields: d.latest.fields, body: d.latest.body, html: d.latest.html },
      versions: d.versions.map((v) => ({ number: v.number, title: v.title, author: v.author, at: v.createdAt.getTime() })),
      changes: (await changesOf(db, d.entry.id)).map((c) => ({ action: c.action, number: c.number, actor: c.actor, at: c.at.getTime() })),
    };
  }
  if (!Object.keys(locales).length) throw new ApiError(404, 'content.unknown');
  return { locales };
}

/** Checks a draft's fields by its kind's schema, in the caller's language; answers them parsed, or the message per field. */
function checkFields(kind: ContentKind, fields: Record<string, unknown>, t: TFunction): { ok: true; fields: Record<string, unknown> } | { ok: false; fieldErrors: Record<string, string> } {
  try {
    return { ok: true, fields: parseWith(KIND_SCHEMAS[kind].fields, fields, t) as Record<string, unknown> };
  } catch (err) {
    if (err instanceof ApiError && err.fieldErrors) return { ok: false, fieldErrors: err.fieldErrors };
    throw err;
  }
}

/** The live preview: the body as the site will show it, and what is wrong with the fields. */
export async function studioRender(db: Db, kind: ContentKind, fields: Record<string, unknown>, body: string, t: TFunction): Promise<{ html: string; fieldErrors: Record<string, string> }> {
  const checked = checkFields(kind, fields, t);
  return { html: await renderDocument(db, body), fieldErrors: checked.ok ? {} : checked.fieldErrors };
}

const imageOut = (i: ImageView): StudioImage => ({ hash: i.hash, name: i.name, width: i.width, height: i.height, url: i.url, markdown: i.markdown, at: i.createdAt.getTime() });

export async function studioUpload(db: Db, body: { name: string; data: string }, a: Actor): Promise<StudioImage> {
  const image = await uploadImage(db, { name: body.name, data: body.data, by: actorName(a) });
  await recordAudit(db, { actor: actorName(a), command: 'content image', args: { hash: image.hash, name: image.name, width: image.width, height: image.height }, ip: a.ip });
  return imageOut(image);
}

export async function studioImages(db: Db): Promise<{ items: StudioImage[] }> {
  return { items: (await listImages(db)).map(imageOut) };
}

export async function studioSave(
  db: Db,
  input: { kind: ContentKind; slug: string; locale: string; fields: Record<string, unknown>; body: string; base: number },
  t: TFunction,
  a: Actor,
): Promise<{ entryId: number; number: number }> {
  if (!isLocale(input.locale) || !brandLocales().includes(input.locale)) throw new ApiError(400, 'request.invalid', {}, { locale: t('errors:field.invalid') });
  const slug = KIND_SCHEMAS[input.kind].slug.safeParse(input.slug);
  if (!slug.success) throw new ApiError(400, 'content.slug', {}, { slug: t(`errors:content.slugOf.${input.kind}`) });
  const checked = checkFields(input.kind, input.fields, t);
  if (!checked.ok) throw new ApiError(400, 'request.invalid', {}, checked.fieldErrors);
  const slugText = String(slug.data);
  const saved = await saveVersion(db, { kind: input.kind, slug: slugText, locale: input.locale, fields: checked.fields, body: input.body, author: actorName(a), base: input.base });
  await recordAudit(db, { actor: actorName(a), command: 'content save', args: { kind: input.kind, slug: slugText, locale: input.locale, version: saved.number }, ip: a.ip });
  return { entryId: saved.entryId, number: saved.number };
}

export async function studioPublish(
  db: Db,
  entryId: number,
  number: number,
  at: number | undefined,
  a: Actor,
): Promise<{ published: number | null; scheduled: { number: number; at: number } | null }> {
  const when = at === undefined ? undefined : new Date(at);
  const r = await publishVersion(db, entryId, number, actorName(a), { at: when, now: now() });
  await recordAudit(db, {
    actor: actorName(a),
    command: r.scheduled ? 'content schedule' : 'content publish',
    args: { entryId, version: number, ...(r.scheduled ? { at: r.scheduled.at.toISOString() } : {}) },
    ip: a.ip,
  });
  // This process shows it at once; the others within a second.
  await reloadContent();
  return { published: r.published, scheduled: r.scheduled && { number: r.scheduled.number, at: r.scheduled.at.getTime() } };
}

export async function studioAction(
  db: Db,
  body: { action: 'unpublish' | 'unschedule'; entryId: number } | { action: 'rollback'; entryId: number; number: number },
  a: Actor,
): Promise<{ number: number | null }> {
  let number: number | null = null;
  if (body.action === 'rollback') number = await rollBack(db, body.entryId, body.number, actorName(a), now());
  else if (body.action === 'unpublish') await unpublish(db, body.entryId, actorName(a));
  else await unschedule(db, body.entryId, actorName(a));
  await recordAudit(db, { actor: actorName(a), command: `content ${body.action}`, args: { ...body, ...(number !== null ? { version: number } : {}) }, ip: a.ip });
  await reloadContent();
  return { number };
}

const shown = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

/** The fields that differ and the body's lines (jsdiff's line diff) between two versions. */
export async function studioDiff(db: Db, entryId: number, from: number, to: number): Promise<StudioDiff> {
  const [a, b] = await Promise.all([versionDetail(db, entryId, from), versionDetail(db, entryId, to)]);
  if (!a || !b) throw new ApiError(404, 'content.version.unknown');
  const names = [...new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])].sort();
  const fields = names.flatMap((name) => {
    const x = shown(a.fields[name]);
    const y = shown(b.fields[name]);
    return x === y ? [] : [{ name, from: x, to: y }];
  });
  const lines = diffLines(a.body, b.body).flatMap((part) =>
    part.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text) => ({ op: part.added ? ('added' as const) : part.removed ? ('removed' as const) : ('same' as const), text })),
  );
  return { fields, lines };
}

/** A preview link of a kind's drafts in a language (the real page, for an hour). */
export async function studioPreviewLink(db: Db, kind: ContentKind, locale: string, a: Actor): Promise<{ url: string; expiresAt: number }> {
  if (!isLocale(locale)) throw new ApiError(400, 'request.invalid');
  const p = await createPreview(db, kind, actorName(a), now());
  // Notices and banners are previewed where they are shown: the home page's marquee and carousel.
  const page = kind === 'announcement' || kind === 'banner' ? localizePath('/', locale) : kindPage(kind, locale);
  return { url: `${page}?preview=${p.token}`, expiresAt: p.expiresAt.getTime() };
}

const factsOf = (b: { licences: SiteFacts['licences']; mirrors: SiteFacts['mirrors'] }): SiteFacts => ({
  licences: { curacao: { ...b.licences.curacao }, ...(b.licences.mexico ? { mexico: { ...b.licences.mexico } } : {}) },
  mirrors: b.mirrors.map((m) => ({ url: m.url, verifyCode: m.verifyCode })),
});

/** The licence texts and mirror sites as shown (the file with the studio's overrides), and as the file says. */
export function siteFacts(): { current: SiteFacts; file: SiteFacts } {
  return { current: factsOf(brand()), file: factsOf(brandFile()) };
}

/**
 * Sets the licence texts and mirror sites: brand overrides, like an operator's flags, so every
 * process shows them within a second (refreshBrand) and drops its cached pages; `brand reset`
 * goes back to the file. A mirror's address is an official one (canonical links, the verify
 * call), so only https addresses are taken, each once, and each code once.
 */
export async function saveSiteFacts(db: Db, facts: SiteFacts, t: TFunction, a: Actor): Promise<SiteFacts> {
  const urls = facts.mirrors.map((m) => new URL(m.url).origin);
  const codes = facts.mirrors.map((m) => m.verifyCode.toLowerCase());
  const twice = (list: string[]) => list.findIndex((x, i) => list.indexOf(x) !== i);
  if (twice(urls) >= 0) throw new ApiError(400, 'request.invalid', {}, { [`mirrors.${twice(urls)}.url`]: t('errors:field.invalid') });
  if (twice(codes) >= 0) throw new ApiError(400, 'request.invalid', {}, { [`mirrors.${twice(codes)}.verifyCode`]: t('errors:field.invalid') });
  const before = factsOf(brand());
  const next = { licences: facts.licences, mirrors: facts.mirrors.map((m) => ({ url: new URL(m.url).origin, verifyCode: m.verifyCode })) };
  // Under the overrides' row lock, from what is stored: a flag another process just changed is kept.
  await updateBrandOverrides(db, (current) => ({ ...current, ...next }));
  await recordAudit(db, { actor: actorName(a), command: 'content facts', args: {}, ip: a.ip, before, after: next });
  return factsOf(brand());
}
