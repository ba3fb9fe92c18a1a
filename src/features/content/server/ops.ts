/**
 * Operator commands for announcements (`npm run ops -- announce ...`): the marquee's notices,
 * the home page's announcement popup (types PU, PL and PR; by execution), and the agents'
 * announcements of the back office (audience agents).
 */
import type { Db } from '../../../kernel/db/index.ts';
import type { OpsAnswer, OpsCommand } from '../../../kernel/feature.ts';
import { isLocale, LOCALES } from '../../../kernel/locales.ts';
import { allAnnouncements, AUDIENCES, insertAnnouncements, removeAnnouncement, type Audience } from './announcements.ts';
import { renderMarkdown } from './markdown.ts';
import { ANNOUNCEMENT_TYPES, EXECUTIONS, PROMO_TYPES, type AnnouncementType, type Execution, type PromoType } from '../contract.ts';

const USAGE = `  announce add --locale en --title TEXT --markdown TEXT [--audience everyone|agents]
      [--type PL|PU|B|PR|H] [--execution A|B|F] [--promotion-type newbie|limited|special|daily|highRebate|vip] [--group NAME]
      (types PU, PL and PR: the home page's announcement popup, PR with a promotion button; execution A logged-in members, B visitors, F a member's first login)
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
    const type = (flags.type ?? 'PL').toUpperCase();
    if (!(ANNOUNCEMENT_TYPES as readonly string[]).includes(type)) return { ok: false, output: `--type is one of ${ANNOUNCEMENT_TYPES.join(', ')}` };
    const execution = (flags.execution ?? 'A').toUpperCase();
    if (!(EXECUTIONS as readonly string[]).includes(execution)) return { ok: false, output: `--execution is one of ${EXECUTIONS.join(', ')}` };
    const promotionType = flags['promotion-type'];
    if (promotionType !== undefined && !(PROMO_TYPES as readonly string[]).includes(promotionType)) return { ok: false, output: `--promotion-type is one of ${PROMO_TYPES.join(', ')}` };
    const [id] = await insertAnnouncements(db, [
      {
        locale,
        type: type as AnnouncementType,
        execution: execution as Execution,
        title: flags.title,
        content: renderMarkdown(flags.markdown),
        audience: audience as Audience,
        promotionType: (promotionType as PromoType | undefined) ?? null,
        groupName: flags.group ?? null,
      },
    ]);
    return { ok: true, changed: true, output: `Announcement ${id} added for ${audience} (${locale}, type ${type}, execution ${execution}).` };
  }
  if (verb === 'remove') {
    const id = Number(flags.id);
    if (!Number.isInteger(id) || id <= 0) return { ok: false, output: '--id is an announcement id' };
    return (await removeAnnouncement(db, id)) ? { ok: true, changed: true, output: `Announcement ${id} removed.` } : { ok: false, output: `No announcement ${id}.` };
  }
  return { ok: false, output: USAGE };
}

export const contentCommands: OpsCommand[] = [
  {
    name: 'announce',
    consoleRoles: ['content'],
    usage: USAGE,
    options: ['locale', 'title', 'markdown', 'audience', 'id', 'type', 'execution', 'promotion-type', 'group'],
    run: (db, { verb, flags }) => announceCommand(db, verb, flags),
  },
];
