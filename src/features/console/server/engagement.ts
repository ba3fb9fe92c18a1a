/**
 * The console's engagement screen (issue 29): promotion applications waiting for a decision
 * (finance approves, which pays the reward with its wagering, or rejects with a note), and
 * platform messages to members or everyone (support), through the promotions' and the inbox's
 * own functions that the `promotion` and `message` commands call. Each action is audited.
 */
import { findByUsername } from '../../accounts/index.ts';
import { recentOperatorMessages, sendOperatorMessage } from '../../inbox/index.ts';
import { decideApplication, pendingApplications } from '../../promotions/index.ts';
import { listPromotions } from '../../content/index.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../kernel/locales.ts';
import type { ConsoleApplication } from '../contract.ts';
import type { Actor } from './desk.ts';

const actorName = (a: Actor) => `staff:${a.session.username}`;

export async function applications(db: Db, lang: Locale): Promise<{ items: ConsoleApplication[] }> {
  const titles = new Map(listPromotions(lang).map((p) => [p.id, p.title]));
  const rows = await pendingApplications(db);
  return { items: rows.map((r) => ({ memberId: r.memberId, username: r.username, promotionId: r.promotionId, title: titles.get(r.promotionId) || r.title, appliedAt: r.appliedAt.getTime() })) };
}

export async function decide(db: Db, body: { memberId: number; promotionId: number; decision: 'approve' | 'reject'; note: string }, a: Actor) {
  const status = await decideApplication(db, body.memberId, body.promotionId, body.decision, body.note);
  await recordAudit(db, { actor: actorName(a), command: `promotion ${body.decision}`, args: body, ip: a.ip, before: { status: 'applying' }, after: { status } });
  return { status };
}

export async function sendMessage(
  db: Db,
  body: { everyone: boolean; to: string[]; words: { title: string; body: string }; translations: Partial<Record<Locale, { title: string; body: string }>>; marketing: boolean },
  t: TFunction,
  a: Actor,
) {
  const title: Record<string, string> = { default: body.words.title };
  const text: Record<string, string> = { default: body.words.body };
  for (const [lang, w] of Object.entries(body.translations)) {
    if (!w) continue;
    title[lang] = w.title;
    text[lang] = w.body;
  }
  let to: number[] | 'everyone' = 'everyone';
  if (!body.everyone) {
    const names = [...new Set(body.to.map((n) => n.toLowerCase()))];
    if (!names.length) throw new ApiError(400, 'console.message.to', {}, { to: t('errors:console.message.to') });
    to = [];
    for (const n of names) {
      const m = await findByUsername(db, n);
      if (!m) throw new ApiError(400, 'console.member.unknownName', { username: n }, { to: t('errors:console.member.unknownName', { username: n }) });
      to.push(m.id);
    }
  }
  const sent = await sendOperatorMessage(db, { to, title, body: text, marketing: body.marketing });
  const answer = { sent: sent.length, skipped: sent.skipped ?? 0, everyone: to === 'everyone' };
  await recordAudit(db, { actor: actorName(a), command: 'message send', args: { everyone: body.everyone, to: body.to, marketing: body.marketing, title }, ip: a.ip, before: null, after: answer });
  return answer;
}

export async function messages(db: Db) {
  const rows = await recentOperatorMessages(db);
  return { items: rows.map((r) => ({ id: r.id, at: r.at.getTime(), to: r.username, title: r.title, marketing: r.marketing })) };
}
