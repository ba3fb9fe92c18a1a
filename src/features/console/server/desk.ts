/**
 * The console's work on the other features' data (issue 29), through their own functions (the
 * same ones `npm run ops` calls): the withdrawal queue with two keys above the brand's threshold,
 * member search and a member's page, ending a member's sessions, and the audit log.
 *
 * Two keys: the first finance key of a large withdrawal is a row in staff_approval (one per
 * withdrawal, so two first keys at once leave one); the second, by another staff member, pays it
 * through the wallet's payWithdrawal, which locks the withdrawal and pays only a pending one: two
 * second keys at once pay once. The first cannot turn the second.
 */
import { and, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { disableTotp, findById, isAgentType, vipLabel, member, memberSession, revokeMemberSessions, revokeSession, setMemberFrozen } from '../../accounts/index.ts';
import { blockOf, limitsOf } from '../../protection/index.ts';
import { gameRound, ledgerAccount, ledgerEntry, ledgerTransfer, paymentOrder, payWithdrawal, rejectWithdrawal, withdrawal } from '../../wallet/index.ts';
import { fairnessOfRounds } from '../../play/index.ts';
import { significantEvents, recordSignificant } from '../../../kernel/significant.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { auditEntries, recordAudit } from '../../../kernel/db/audit.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { clock } from '../../../kernel/clock.ts';
import type { ConsoleAuditRow, ConsoleMemberDetail, ConsoleMemberRow, ConsoleWithdrawal } from '../contract.ts';
import { consoleSettings } from './settings.ts';
import type { StaffSession } from './staff.ts';
import { staff, staffApproval, staffMemberNote } from './tables.ts';

/** Who did it and from where, for the audit log. */
export interface Actor {
  session: StaffSession;
  ip: string;
}

const fmt = (minor: bigint) => formatMinor(minor, brand().currencyDecimals);
const actorName = (a: Actor) => `staff:${a.session.username}`;
const subjectOf = (withdrawalId: string) => `withdrawal:${withdrawalId}`;

/** The threshold above which a withdrawal needs two keys, minor units; null: never. */
function twoKeysAbove(): bigint | null {
  const above = consoleSettings().twoKeysWithdrawalAbove;
  return above === null ? null : parseMinor(String(above), brand().currencyDecimals);
}

type WithdrawalRow = typeof withdrawal.$inferSelect;

function withdrawalRow(w: WithdrawalRow, username: string, firstKey: { by: string; at: Date } | null): ConsoleWithdrawal {
  const above = twoKeysAbove();
  return {
    id: w.id,
    memberId: w.memberId,
    username,
    amount: fmt(w.amount),
    status: w.status,
    requestedAt: w.requestedAt.getTime(),
    reviewedAt: w.reviewedAt?.getTime() ?? null,
    reviewedBy: w.reviewedBy,
    note: w.reviewNote,
    payeeName: w.payeeName,
    needsTwoKeys: above !== null && w.amount > above,
    firstKey: firstKey ? { by: firstKey.by, at: firstKey.at.getTime() } : null,
  };
}

/** Withdrawals, pending ones oldest first (the queue), the others newest first; with each one's first key. */
export async function listWithdrawals(db: Db, q: { status?: string; username?: string; page: number; pageSize: number }) {
  const where = and(q.status ? eq(withdrawal.status, q.status) : undefined, q.username ? eq(member.username, q.username.toLowerCase()) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ w: withdrawal, username: member.username, keyBy: staff.username, keyAt: staffApproval.at })
      .from(withdrawal)
      .innerJoin(member, eq(member.id, withdrawal.memberId))
      .leftJoin(staffApproval, eq(staffApproval.subject, sql`'withdrawal:' || ${withdrawal.id}`))
      .leftJoin(staff, eq(staff.id, staffApproval.staffId))
      .where(where)
      .orderBy(q.status === 'pending' ? withdrawal.requestedAt : desc(withdrawal.requestedAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(withdrawal).innerJoin(member, eq(member.id, withdrawal.memberId)).where(where),
  ]);
  return {
    items: rows.map((r) => withdrawalRow(r.w, r.username, r.keyBy && r.keyAt ? { by: r.keyBy, at: r.keyAt } : null)),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function oneWithdrawal(db: Db, id: string): Promise<ConsoleWithdrawal> {
  const rows = await db
    .select({ w: withdrawal, username: member.username, keyBy: staff.username, keyAt: staffApproval.at })
    .from(withdrawal)
    .innerJoin(member, eq(member.id, withdrawal.memberId))
    .leftJoin(staffApproval, eq(staffApproval.subject, subjectOf(id)))
    .leftJoin(staff, eq(staff.id, staffApproval.staffId))
    .where(eq(withdrawal.id, id));
  const r = rows[0];
  if (!r) throw new ApiError(404, 'wallet.withdrawal.unknown');
  return withdrawalRow(r.w, r.username, r.keyBy && r.keyAt ? { by: r.keyBy, at: r.keyAt } : null);
}

/**
 * Approves a pending withdrawal: at or below the threshold it is paid; above it the first key is
 * turned (or, turned already by another staff member, this second key pays it).
 */
export async function approveWithdrawal(db: Db, id: string, actor: Actor): Promise<{ state: 'paid' | 'awaitingSecondKey'; withdrawal: ConsoleWithdrawal }> {
  const before = await oneWithdrawal(db, id);
  if (before.status !== 'pending') throw new ApiError(409, 'wallet.withdrawal.state', { status: before.status });
  if (before.needsTwoKeys) {
    const [key] = await db
      .select()
      .from(staffApproval)
      .where(eq(staffApproval.subject, subjectOf(id)));
    if (!key) {
      const turned = await db
        .insert(staffApproval)
        .values({ subject: subjectOf(id), staffId: actor.session.staffId })
        .onConflictDoNothing()
        .returning();
      if (turned.length) {
        const after = await oneWithdrawal(db, id);
        await recordAudit(db, {
          actor: actorName(actor),
          command: 'withdrawals approve (first key)',
          args: { id },
          ip: actor.ip,
          before: { status: before.status, firstKey: null },
          after: { status: after.status, firstKey: after.firstKey },
        });
        return { state: 'awaitingSecondKey', withdrawal: after };
      }
      // Another first key landed at the same moment: this one is a second key, if it is another's.
      return approveWithdrawal(db, id, actor);
    }
    if (key.staffId === actor.session.staffId) throw new ApiError(409, 'console.twokeys.self');
  }
  await payWithdrawal(db, id, { by: actorName(actor) });
  const after = await oneWithdrawal(db, id);
  await recordAudit(db, {
    actor: actorName(actor),
    command: before.needsTwoKeys ? 'withdrawals approve (second key)' : 'withdrawals approve',
    args: { id },
    ip: actor.ip,
    before: { status: before.status, amount: before.amount },
    after: { status: after.status },
  });
  return { state: 'paid', withdrawal: after };
}

/** Rejects a pending withdrawal with a reason the player reads; the held amount goes back. A first key turned falls away. */
export async function rejectPending(db: Db, id: string, reason: string, actor: Actor): Promise<ConsoleWithdrawal> {
  const before = await oneWithdrawal(db, id);
  await rejectWithdrawal(db, id, { by: actorName(actor), note: reason });
  await db.delete(staffApproval).where(eq(staffApproval.subject, subjectOf(id)));
  const after = await oneWithdrawal(db, id);
  await recordAudit(db, {
    actor: actorName(actor),
    command: 'withdrawals reject',
    args: { id, reason },
    ip: actor.ip,
    before: { status: before.status },
    after: { status: after.status, note: after.note },
  });
  return after;
}

// Qualified by hand: drizzle writes a column of a one-table select without its table, which inside
// these subqueries would name the subquery's own column.
const upline = sql<string | null>`(select u.username from member u where u.id = "member"."upline_id")`;
/** The main wallet's balance (minor units), 0 without one. */
const mainBalance = sql<string>`coalesce((select a.balance from ledger_account a where a.member_id = "member"."id" and a.kind = 'main' limit 1), 0)::text`;

function memberRowOf(r: { m: typeof member.$inferSelect; upline: string | null; balance: string }): ConsoleMemberRow {
  return {
    id: r.m.id,
    username: r.m.username,
    type: r.m.type,
    isAgent: isAgentType(r.m.type),
    status: r.m.status,
    mobile: r.m.mobile ? `${r.m.countryDialingCode ?? ''} ${r.m.mobile}`.trim() : null,
    email: r.m.email,
    upline: r.upline,
    createdAt: r.m.createdAt.getTime(),
    lastLoginAt: r.m.lastLoginAt?.getTime() ?? null,
    balance: fmt(BigInt(r.balance)),
    vip: vipLabel(r.m.type, r.m.vipLevel),
  };
}

/** Members whose username, mobile or e-mail starts with `q` (or whose id is q), or under an upline. */
export async function searchMembers(db: Db, q: { q?: string; upline?: string; page: number; pageSize: number }) {
  const conds: SQL[] = [];
  if (q.q) {
    const text = q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    // lower(col) like 'x%' on the columns' pattern indexes (accounts' tables): never a scan of every member.
    const parts: SQL[] = [sql`lower(${member.username}) like ${`${text}%`}`, sql`lower(${member.email}) like ${`${text}%`}`, sql`${member.mobile} like ${`${text.replace(/^\+?\d{1,3}\s+/, '')}%`}`];
    if (/^\d{1,10}$/.test(q.q) && Number(q.q) <= 2_147_483_647) parts.push(eq(member.id, Number(q.q)));
    conds.push(or(...parts)!);
  }
  if (q.upline) {
    const up = await db.select({ id: member.id }).from(member).where(eq(member.username, q.upline.toLowerCase()));
    if (!up[0]) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
    conds.push(eq(member.uplineId, up[0].id));
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ m: member, upline, balance: mainBalance })
      .from(member)
      .where(where)
      .orderBy(member.username)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(member).where(where),
  ]);
  return { items: rows.map(memberRowOf), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/** A member's page: profile, balances, sessions, the last ledger entries and withdrawals, the protection state. */
export async function memberDetail(db: Db, id: number): Promise<ConsoleMemberDetail> {
  const [row] = await db.select({ m: member, upline, balance: mainBalance }).from(member).where(eq(member.id, id));
  if (!row) throw new ApiError(404, 'console.member.unknown');
  const now = clock.now();
  const [accounts, sessions, entries, withdrawals, block, limits, deposits, rounds, history, notes] = await Promise.all([
    db
      .select({ code: ledgerAccount.code, kind: ledgerAccount.kind, vendor: ledgerAccount.vendor, balance: ledgerAccount.balance })
      .from(ledgerAccount)
      // Money only: the points account (issue 32) is whole points in its own currency.
      .where(and(eq(ledgerAccount.memberId, id), ne(ledgerAccount.kind, 'points')))
      .orderBy(ledgerAccount.id),
    db.select().from(memberSession).where(eq(memberSession.memberId, id)).orderBy(desc(memberSession.id)).limit(20),
    db
      .select({ at: ledgerEntry.createdAt, kind: ledgerTransfer.kind, memo: ledgerTransfer.memo, account: ledgerAccount.code, amount: ledgerEntry.amount, reference: ledgerTransfer.reference })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
      .where(
        inArray(
          ledgerEntry.accountId,
          db
            .select({ id: ledgerAccount.id })
            .from(ledgerAccount)
            .where(and(eq(ledgerAccount.memberId, id), ne(ledgerAccount.kind, 'points'))),
        ),
      )
      .orderBy(desc(ledgerEntry.id))
      .limit(50),
    db.select().from(withdrawal).where(eq(withdrawal.memberId, id)).orderBy(desc(withdrawal.requestedAt)).limit(20),
    blockOf(db, id),
    limitsOf(db, id),
    db.select().from(paymentOrder).where(eq(paymentOrder.memberId, id)).orderBy(desc(paymentOrder.createdAt)).limit(20),
    db.select().from(gameRound).where(eq(gameRound.memberId, id)).orderBy(desc(gameRound.createdAt)).limit(20),
    significantEvents(db, { memberId: id, limit: 30 }),
    db
      .select({ id: staffMemberNote.id, at: staffMemberNote.createdAt, by: staff.username, text: staffMemberNote.text })
      .from(staffMemberNote)
      .innerJoin(staff, eq(staff.id, staffMemberNote.staffId))
      .where(eq(staffMemberNote.memberId, id))
      .orderBy(desc(staffMemberNote.id))
      .limit(50),
  ]);
  const fairness = await fairnessOfRounds(
    db,
    rounds.map((r) => r.roundId),
  );
  return {
    member: memberRowOf(row),
    balances: accounts.map((a) => ({ wallet: a.kind === 'main' ? 'main' : a.vendor ? `${a.kind}:${a.vendor}` : a.kind, amount: fmt(a.balance) })),
    sessions: sessions.map((s) => ({ id: s.id, createdAt: s.createdAt.getTime(), lastSeenAt: s.lastSeenAt.getTime(), ip: s.ip, live: s.revokedAt === null && s.expiresAt.getTime() > now })),
    entries: entries.map((e) => ({ at: e.at.getTime(), kind: e.kind, memo: e.memo, account: e.account, amount: fmt(e.amount), reference: e.reference })),
    withdrawals: withdrawals.map((w) => withdrawalRow(w, row.m.username, null)),
    deposits: deposits.map((d) => ({
      id: d.id,
      at: d.createdAt.getTime(),
      channel: d.channel,
      provider: d.provider,
      amount: fmt(d.amount),
      // A pending order past its time is expired, as the player's records say (the job closes it within a minute).
      status: d.status === 'pending' && d.expiresAt.getTime() <= now ? 'expired' : d.status,
      settledAt: d.settledAt?.getTime() ?? null,
    })),
    rounds: rounds.map((r) => ({
      id: r.roundId,
      at: r.createdAt.getTime(),
      vendor: r.vendor,
      game: r.gameName,
      bet: fmt(r.betAmount),
      win: r.winAmount === null ? null : fmt(r.winAmount),
      status: r.status,
      fairness: fairness.get(r.roundId) ?? null,
    })),
    history: history.map((e) => ({ at: e.at.getTime(), kind: e.kind, actor: e.actor, ip: e.ip, detail: (e.detail ?? {}) as Record<string, unknown> })),
    notes: notes.map((n) => ({ id: n.id, at: n.at.getTime(), by: n.by, text: n.text })),
    secondFactor: row.m.totpEnabledAt !== null,
    protection: { block: block?.holds || block?.lapsed ? block.kind : null, until: block?.until ?? null, limits: limits.limits.filter((l) => l.amount !== null).length },
  };
}

/** Ends one of a member's sessions, or all; a game session lives only while its login session does. */
export async function endMemberSessions(db: Db, memberId: number, sessionId: number | undefined, actor: Actor): Promise<number> {
  const m = await findById(db, memberId);
  if (!m) throw new ApiError(404, 'console.member.unknown');
  const live = and(eq(memberSession.memberId, memberId), isNull(memberSession.revokedAt), sessionId === undefined ? undefined : eq(memberSession.id, sessionId));
  const ids = (await db.select({ id: memberSession.id }).from(memberSession).where(live)).map((r) => r.id);
  if (sessionId === undefined) await revokeMemberSessions(db, memberId);
  else if (ids.length) await revokeSession(db, ids[0]!);
  await recordAudit(db, {
    actor: actorName(actor),
    command: 'member sessions end',
    args: { memberId, username: m.username, sessionId: sessionId ?? 'all' },
    ip: actor.ip,
    before: { live: ids },
    after: { live: [] },
  });
  return ids.length;
}

/** Adds a note to a member's file (append-only), audited. */
export async function addMemberNote(db: Db, memberId: number, text: string, actor: Actor): Promise<{ id: number; at: number; by: string; text: string }> {
  const m = await findById(db, memberId);
  if (!m) throw new ApiError(404, 'console.member.unknown');
  const [row] = await db.insert(staffMemberNote).values({ memberId, staffId: actor.session.staffId, text }).returning();
  await recordAudit(db, { actor: actorName(actor), command: 'member note', args: { memberId, username: m.username }, ip: actor.ip, before: null, after: { note: row!.id } });
  return { id: row!.id, at: row!.createdAt.getTime(), by: actor.session.username, text: row!.text };
}

/**
 * Locks (freezes) or unlocks a member's account with a reason: a lock refuses every login and
 * ends the sessions and game sessions it has now. Audited, and written in the member's
 * significant-event log. Player protection's blocks are not this: no one lifts those here.
 */
export async function lockMember(db: Db, memberId: number, locked: boolean, reason: string, actor: Actor): Promise<{ status: string }> {
  const m = await findById(db, memberId);
  if (!m) throw new ApiError(404, 'console.member.unknown');
  const status = locked ? 'frozen' : 'active';
  if (m.status === status) return { status };
  const changed = await setMemberFrozen(db, memberId, locked);
  await recordAudit(db, {
    actor: actorName(actor),
    command: locked ? 'member lock' : 'member unlock',
    args: { memberId, username: m.username, reason },
    ip: actor.ip,
    before: { status: changed?.before ?? m.status },
    after: { status },
  });
  await recordSignificant(db, { memberId, kind: locked ? 'account.locked' : 'account.unlocked', actor: actorName(actor), ip: actor.ip, detail: { reason } });
  return { status };
}

/** Forgets a member's authenticator app and recovery codes (a lost phone), with a reason; audited and logged. */
export async function resetMemberSecondFactor(db: Db, memberId: number, reason: string, actor: Actor): Promise<{ secondFactor: boolean }> {
  const m = await findById(db, memberId);
  if (!m) throw new ApiError(404, 'console.member.unknown');
  const had = m.totpEnabledAt !== null;
  if (had) {
    await disableTotp(db, memberId);
    await recordAudit(db, {
      actor: actorName(actor),
      command: 'member second-factor reset',
      args: { memberId, username: m.username, reason },
      ip: actor.ip,
      before: { secondFactor: true },
      after: { secondFactor: false },
    });
    await recordSignificant(db, { memberId, kind: 'second-factor.reset', actor: actorName(actor), ip: actor.ip, detail: { reason } });
  }
  return { secondFactor: false };
}

/** The audit log, newest first, by actor and command (a part of either). */
export async function auditLog(db: Db, q: { actor?: string; command?: string; page: number; pageSize: number }): Promise<{ items: ConsoleAuditRow[]; total: number; page: number; pageSize: number }> {
  return { ...(await auditEntries(db, q)), page: q.page, pageSize: q.pageSize };
}
