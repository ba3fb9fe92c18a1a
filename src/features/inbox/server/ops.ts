/**
 * Operator messages (`npm run ops -- message ...`): to one member, a list, or everyone (one row,
 * not one per member), with a title and body in the default language and, optionally, per language.
 */
import { findByUsername } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { OpsAnswer, OpsCommand } from '../../../kernel/feature.ts';
import { LOCALES } from '../../../kernel/locales.ts';
import { recentOperatorMessages, sendOperatorMessage } from './inbox.ts';

const USAGE = `  message send (--to USERNAME[,USERNAME...] | --everyone) --title TEXT --body TEXT [--title-es TEXT --body-es TEXT ...] [--marketing]
  message list`;
const LANGS = LOCALES.map((l) => l.code);

async function messageCommand(db: Db, verb: string | undefined, flags: Record<string, string>): Promise<OpsAnswer> {
  if (verb === 'send') {
    if (!flags.title?.trim() || !flags.body?.trim()) return { ok: false, output: '--title and --body are required' };
    const title: Record<string, string> = { default: flags.title.trim() };
    const body: Record<string, string> = { default: flags.body.trim().replaceAll('\\n', '\n') };
    for (const l of LANGS) {
      if (flags[`title-${l}`]) title[l] = flags[`title-${l}`]!.trim();
      if (flags[`body-${l}`]) body[l] = flags[`body-${l}`]!.trim().replaceAll('\\n', '\n');
    }
    // Marketing (an offer, a campaign) never reaches a member a protection block holds.
    const marketing = flags.marketing !== undefined;
    if (flags.everyone !== undefined) {
      const [id] = await sendOperatorMessage(db, { to: 'everyone', title, body, marketing });
      const note = marketing ? '; marketing: members under a protection block do not see it while it holds' : '';
      return { ok: true, changed: true, output: `Message ${id} sent to everyone (one message; members registered from now on do not get it${note}).` };
    }
    const names = (flags.to ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length === 0) return { ok: false, output: `--to or --everyone is required\n${USAGE}` };
    const ids: number[] = [];
    for (const n of names) {
      const m = await findByUsername(db, n);
      if (!m) return { ok: false, output: `No member ${n}; nothing sent.` };
      ids.push(m.id);
    }
    const sent = await sendOperatorMessage(db, { to: ids, title, body, marketing });
    const skipped = sent.skipped ? ` ${sent.skipped} member(s) under a protection block were skipped (marketing).` : '';
    return { ok: sent.length > 0, changed: sent.length > 0, output: `${sent.length} message(s) sent.${skipped}` };
  }
  if (verb === 'list') {
    const rows = await recentOperatorMessages(db);
    return {
      ok: true,
      output: rows.map((r) => `${r.id}  ${r.at.toISOString()}  to ${r.memberId ?? 'everyone'}${r.marketing ? '  (marketing)' : ''}  ${r.title}`).join('\n') || 'No operator messages.',
    };
  }
  return { ok: false, output: USAGE };
}

export const inboxCommands: OpsCommand[] = [
  {
    name: 'message',
    consoleRoles: ['support'],
    usage: USAGE,
    options: ['to', 'title', 'body', ...LANGS.flatMap((l) => [`title-${l}`, `body-${l}`])],
    switches: ['everyone', 'marketing'],
    run: (db, { verb, flags }) => messageCommand(db, verb, flags),
  },
];
