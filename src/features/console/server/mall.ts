/**
 * The console's points-mall desk (issue 32; support and finance): every redemption by state and
 * member, goods waiting first, and moving a goods redemption on (shipped with a tracking note,
 * done, or refused: its points and stock given back), through the points feature's own functions
 * that the `mall` command calls. Each move is audited.
 */
import { findByUsername } from '../../accounts/index.ts';
import { listAllRedemptions, setRedemptionStatus } from '../../points/index.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { Locale } from '../../../kernel/locales.ts';
import type { ConsoleRedemption } from '../contract.ts';
import type { Actor } from './desk.ts';

type Status = ConsoleRedemption['status'];

export async function redemptions(db: Db, q: { status?: Status; username?: string; page: number; pageSize: number }, locale: Locale) {
  const who = q.username ? await findByUsername(db, q.username) : undefined;
  if (q.username && !who) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  return listAllRedemptions(db, { status: q.status, memberId: who?.id, page: q.page, pageSize: q.pageSize }, locale);
}

export async function moveRedemption(db: Db, body: { id: number; to: 'shipped' | 'done' | 'refused'; note: string }, a: Actor): Promise<{ status: Status }> {
  const row = await setRedemptionStatus(db, body.id, body.to, body.note || null);
  await recordAudit(db, { actor: `staff:${a.session.username}`, command: `mall ${body.to}`, args: body, ip: a.ip, before: null, after: { status: row.status, memberId: row.memberId } });
  return { status: row.status as Status };
}
