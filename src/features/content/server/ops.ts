/**
 * Operator commands for announcements (`npm run ops -- announce ...`): today the agents'
 * announcements of the back office (audience agents) and plain notices; the popup's full
 * management (execution, promotion links) grows with issue 15.
 */
import type { Db } from '../../../kernel/db/index.ts';
import type { OpsAnswer, OpsCommand } from '../../../kernel/feature.ts';
import { isLocale, LOCALES } from '../../../kernel/locales.ts';
import { allAnnouncements, AUDIENCES, insertAnnouncements, removeAnnouncement, type Audience } from './announcements.ts';
import { renderMarkdown } from './markdown.ts';

const USAGE = `  announce add --locale en --title TEXT --markdown TEXT [--audience everyone|agents]
  announce list [--audience everyone|agents] | announce remove --id N`;

async function announceCommand(db: Db, verb: string | undefined, flags: Record<string, string>): Promise<OpsAnswer> {
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
    const [id] = await insertAnnouncements(db, [{ locale, type: 'PL', execution: 'A', title: flags.title, content: renderMarkdown(flags.markdown), audience: audience as Audience }]);
    return { ok: true, changed: true, output: `Announcement ${id} added for ${audience} (${locale}).` };
  }
  if (verb === 'remove') {
    const id = Number(flags.id);
    if (!Number.isInteger(id) || id <= 0) return { ok: false, output: '--id is an announcement id' };
    return (await removeAnnouncement(db, id)) ? { ok: true, changed: true, output: `Announcement ${id} removed.` } : { ok: false, output: `No announcement ${id}.` };
  }
  return { ok: false, output: USAGE };
}

export const contentCommands: OpsCommand[] = [{ name: 'announce', usage: USAGE, options: ['locale', 'title', 'markdown', 'audience', 'id'], run: (db, { verb, flags }) => announceCommand(db, verb, flags) }];
