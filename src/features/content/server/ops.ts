/**
 * Operator commands for announcements (`npm run ops -- announce ...`): the marquee's notices,
 * the home page's announcement popup (types PU, PL and PR; by execution), and the agents'
 * announcements of the back office (audience agents).
 */
import type { Db } from '../../../kernel/db/index.ts';
import type { OpsAnswer, OpsCommand } from '../../../kernel/feature.ts';
import { isLocale, LOCALES } from '../../../kernel/locales.ts';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { announcement } from './tables.ts';
import { allAnnouncements, AUDIENCES, removeAnnouncement, type Audience } from './announcements.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { contentRoot } from './documents.ts';
import { announcementFields, CONTENT_KINDS, listEntries, publishDue, publishVersion, saveVersion, stateOf, unpublish, type ContentKind, type EntrySummary } from './studio.ts';
import { exportDocuments, importDocuments } from './transfer.ts';
import { ANNOUNCEMENT_TYPES, EXECUTIONS, PROMO_TYPES } from '../contract.ts';

const USAGE = `  announce add --locale en --title TEXT --markdown TEXT [--audience everyone|agents]
      [--type PL|PU|B|PR|H] [--execution A|B|F] [--promotion-type newbie|limited|special|daily|highRebate|vip] [--group NAME]
      (types PU, PL and PR: the home page's announcement popup, PR with a promotion button; execution A logged-in members, B visitors, F a member's first login)
  announce list [--audience everyone|agents] | announce remove --id N`;

async function announceCommand(db: Db, verb: string | undefined, flags: Record<string, string>, actor: string): Promise<OpsAnswer> {
  const audience = flags.audience ?? 'everyone';
  if (!(AUDIENCES as readonly string[]).includes(audience)) return { ok: false, output: `--audience is one of ${AUDIENCES.join(', ')}` };
  if (verb === 'list') {
    const rows = await allAnnouncements(db, flags.audience ? (audience as Audience) : undefined);
    return { ok: true, output: rows.map((r) => `${r.id}  ${r.locale}  ${r.audience.padEnd(8)}  ${r.type}/${r.execution}  ${r.title}`).join('\n') || 'No announcements.' };
  }
  if (verb === 'add') {
    const locale = flags.locale ?? '';
    if (!isLocale(locale)) return { ok: false, output: `--locale is one of ${LOCALES.map((l) => l.code).join(', ')}` };
    if (!flags.title?.trim() || !flags.markdown?.trim()) return { ok: false, output: '--title and --markdown are required' };
    const type = (flags.type ?? 'PL').toUpperCase();
    if (!(ANNOUNCEMENT_TYPES as readonly string[]).includes(type)) return { ok: false, output: `--type is one of ${ANNOUNCEMENT_TYPES.join(', ')}` };
    const execution = (flags.execution ?? 'A').toUpperCase();
    if (!(EXECUTIONS as readonly string[]).includes(execution)) return { ok: false, output: `--execution is one of ${EXECUTIONS.join(', ')}` };
    const promotionType = flags['promotion-type'];
    if (promotionType !== undefined && !(PROMO_TYPES as readonly string[]).includes(promotionType)) return { ok: false, output: `--promotion-type is one of ${PROMO_TYPES.join(', ')}` };
    // A studio document (so that editors can change it in the console), published at once.
    const fields = announcementFields.safeParse({ title: flags.title.trim(), order: 0, type, execution, audience, ...(promotionType ? { promotionType } : {}) });
    if (!fields.success) return { ok: false, output: z.prettifyError(fields.error) };
    const slug = `notice-${Date.now().toString(36)}`;
    const saved = await saveVersion(db, { kind: 'announcement', slug, locale, fields: fields.data, body: flags.markdown, author: `ops:${actor}` });
    await publishVersion(db, saved.entryId, saved.number, `ops:${actor}`, { now: new Date(clock.now()) });
    const [row] = await db.select({ id: announcement.id }).from(announcement).where(eq(announcement.entryId, saved.entryId));
    return { ok: true, changed: true, output: `Announcement ${row?.id} added for ${audience} (${locale}, type ${type}, execution ${execution}); in the console's studio as ${slug}.` };
  }
  if (verb === 'remove') {
    const id = Number(flags.id);
    if (!Number.isInteger(id) || id <= 0) return { ok: false, output: '--id is an announcement id' };
    // A studio document is unpublished (its history stays); a row from before the studio is removed.
    const [row] = await db.select({ entryId: announcement.entryId }).from(announcement).where(eq(announcement.id, id));
    if (row?.entryId) {
      await unpublish(db, row.entryId, `ops:${actor}`);
      return { ok: true, changed: true, output: `Announcement ${id} removed (unpublished in the studio).` };
    }
    return (await removeAnnouncement(db, id)) ? { ok: true, changed: true, output: `Announcement ${id} removed.` } : { ok: false, output: `No announcement ${id}.` };
  }
  return { ok: false, output: USAGE };
}

const CONTENT_USAGE = `  content import [--dir PATH] [--publish]   (Markdown files as in src/content: <dir>/help|promotions/<locale>/*.md; a changed file becomes a new version)
  content export --dir PATH [--drafts]     (the published words, or with --drafts the latest, as Markdown files)
  content publish-due [--at ISO-TIME]      (publishes what is scheduled up to that time, now by default: the server's job does it every second)
  content list --kind help|promotion | content publish --kind K --id ID --locale L [--version N] [--at ISO-TIME] | content unpublish --kind K --id ID --locale L`;

async function findEntry(db: Db, flags: Record<string, string>): Promise<{ ok: false; output: string } | { ok: true; entry: EntrySummary }> {
  const kind = flags.kind as ContentKind;
  if (!(CONTENT_KINDS as readonly string[]).includes(kind)) return { ok: false, output: `--kind is one of ${CONTENT_KINDS.join(', ')}` };
  if (!isLocale(flags.locale)) return { ok: false, output: `--locale is one of ${LOCALES.map((l) => l.code).join(', ')}` };
  const entry = (await listEntries(db, kind)).find((e) => e.slug === flags.id && e.locale === flags.locale);
  return entry ? { ok: true, entry } : { ok: false, output: `No ${kind} ${flags.id ?? '(--id)'} in ${flags.locale}.` };
}

async function contentCommand(db: Db, verb: string | undefined, flags: Record<string, string>, actor: string): Promise<OpsAnswer> {
  const by = `ops:${actor}`;
  if (verb === 'import') {
    const root = path.resolve(flags.dir ?? contentRoot);
    if (!existsSync(root)) return { ok: false, output: `There is no folder ${root}.` };
    try {
      const r = await importDocuments(db, { root, locales: brand().languages.filter(isLocale), author: by, publish: flags.publish === 'true' });
      return { ok: true, changed: r.saved + r.published > 0, output: `${r.saved} new versions, ${r.unchanged} unchanged, ${r.published} published.` };
    } catch (err) {
      return { ok: false, output: err instanceof Error ? err.message : String(err) };
    }
  }
  if (verb === 'export') {
    if (!flags.dir) return { ok: false, output: '--dir is required' };
    const n = await exportDocuments(db, path.resolve(flags.dir), flags.drafts === 'true');
    return { ok: true, output: `${n} documents written under ${path.resolve(flags.dir)}.` };
  }
  if (verb === 'publish-due') {
    const at = flags.at ? new Date(flags.at) : new Date(clock.now());
    if (Number.isNaN(at.getTime())) return { ok: false, output: '--at is a time such as 2026-12-01T09:00:00Z' };
    const n = await publishDue(db, at);
    return { ok: true, changed: n > 0, output: `${n} scheduled ${n === 1 ? 'document' : 'documents'} published.` };
  }
  if (verb === 'list') {
    const kind = (flags.kind ?? 'help') as ContentKind;
    if (!(CONTENT_KINDS as readonly string[]).includes(kind)) return { ok: false, output: `--kind is one of ${CONTENT_KINDS.join(', ')}` };
    const rows = await listEntries(db, kind);
    return { ok: true, output: rows.map((e) => `${e.slug.padEnd(20)} ${e.locale}  v${e.latest.number}  ${stateOf(e).padEnd(11)} ${e.title}`).join('\n') || 'No documents.' };
  }
  if (verb === 'publish' || verb === 'unpublish') {
    const found = await findEntry(db, flags);
    if (!found.ok) return found;
    const e = found.entry;
    if (verb === 'unpublish') {
      await unpublish(db, e.id, by);
      return { ok: true, changed: true, output: `${e.kind} ${e.slug} (${e.locale}) is off the site.` };
    }
    const version = flags.version ? Number(flags.version) : e.latest.number;
    if (!Number.isInteger(version) || version < 1) return { ok: false, output: '--version is a version number' };
    const at = flags.at ? new Date(flags.at) : undefined;
    if (at && Number.isNaN(at.getTime())) return { ok: false, output: '--at is a time such as 2026-12-01T09:00:00Z' };
    const r = await publishVersion(db, e.id, version, by, { at, now: new Date(clock.now()) });
    return {
      ok: true,
      changed: true,
      output: r.scheduled
        ? `Version ${version} of ${e.kind} ${e.slug} (${e.locale}) goes live at ${r.scheduled.at.toISOString()}.`
        : `Version ${version} of ${e.kind} ${e.slug} (${e.locale}) is live.`,
    };
  }
  return { ok: false, output: CONTENT_USAGE };
}

export const contentCommands: OpsCommand[] = [
  {
    name: 'content',
    consoleRoles: ['content'],
    // They read and write the server's files.
    cliOnlyVerbs: ['import', 'export'],
    usage: CONTENT_USAGE,
    options: ['dir', 'kind', 'id', 'locale', 'version', 'at'],
    switches: ['publish', 'drafts'],
    run: (db, { verb, flags, actor }) => contentCommand(db, verb, flags, actor),
  },
  {
    name: 'announce',
    consoleRoles: ['content'],
    usage: USAGE,
    options: ['locale', 'title', 'markdown', 'audience', 'id', 'type', 'execution', 'promotion-type', 'group'],
    run: (db, { verb, flags, actor }) => announceCommand(db, verb, flags, actor),
  },
];
