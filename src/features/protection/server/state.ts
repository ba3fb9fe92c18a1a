/**
 * A member's protection state (issue 28): time-out (24 hours to 6 weeks), self-exclusion (6 months
 * to 5 years, or for good), exclusion by the operator, closure; the reality-check interval; the
 * day's session time. None of the blocks can be shortened by the player, by support or by the
 * operator's ordinary tools: a new block only ever ends later than the one it replaces. A block
 * ends every session the member has open (the game sessions with them).
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { member, memberSession, revokeMemberSessions } from '../../accounts/index.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { recordSignificant } from '../../../kernel/significant.ts';
import { rgExternalExclusion, rgMember } from './tables.ts';
import { blockedSql, zoneLiteral } from './limits.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { protectionSettings } from './settings.ts';

export const TIMEOUTS = { '24h': '24 hours', '7d': '7 days', '30d': '30 days', '6w': '42 days' } as const;
export const EXCLUSIONS = { '6m': '6 months', '1y': '1 year', '3y': '3 years', '5y': '5 years', permanent: null } as const;
export type TimeoutLength = keyof typeof TIMEOUTS;
export type ExclusionLength = keyof typeof EXCLUSIONS;
export type BlockKind = 'timeout' | 'self' | 'operator' | 'closed';

/** A member's block as the doors and the player see it. */
export interface BlockView {
  kind: BlockKind;
  from: number;
  /** null: permanent (an exclusion) or until reopened (a closure). */
  until: number | null;
  /** Ended, but waiting for the player's return (asked: `reopenAt`). */
  lapsed: boolean;
  reopenAt: number | null;
  /** Holds now. */
  holds: boolean;
}

/** The member's block, if any (lapsed ones included: the player must ask to come back). */
export async function blockOf(db: Db | Tx, memberId: number): Promise<BlockView | null> {
  const rows = rowsOf(
    await db.execute(sql`
      select m.block_kind, extract(epoch from m.block_from) * 1000 as block_from, extract(epoch from m.block_until) * 1000 as block_until,
        extract(epoch from m.reopen_at) * 1000 as reopen_at, (${sql.raw(blockedSql('m'))}) as holds,
        (m.block_until is not null and m.block_until <= now()) as ended
      from rg_member m where m.member_id = ${memberId} and m.block_kind is not null`),
  );
  const r = rows[0];
  if (!r) return null;
  const kind = r.block_kind as BlockKind;
  const holds = r.holds === true;
  if (kind === 'timeout' && !holds) return null;
  const ms = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
  return { kind, from: ms(r.block_from)!, until: ms(r.block_until), lapsed: r.ended === true && kind !== 'timeout', reopenAt: ms(r.reopen_at), holds };
}

/** The refusal a blocked member gets at a door (login, deposit, bet, launch); null when not blocked. */
export function blockRefusal(b: BlockView | null): ApiError | null {
  if (!b?.holds) return null;
  if (b.kind === 'timeout') return new ApiError(403, 'protection.blocked.timeout', { until: b.until! });
  if (b.kind === 'closed') return new ApiError(403, 'protection.blocked.closed');
  if (b.lapsed)
    return b.reopenAt
      ? new ApiError(403, 'protection.reopen.wait', { at: b.reopenAt })
      : new ApiError(403, 'protection.reopen.ask', { hours: protectionSettings().coolingOffHours }, undefined, { value: { canReopen: true } });
  if (b.until === null) return new ApiError(403, 'protection.blocked.permanent');
  return new ApiError(403, 'protection.blocked.excluded', { until: b.until });
}

/** Refuses a blocked member (every door but the login, which asks loginGate). */
export async function refuseIfBlocked(db: Db | Tx, memberId: number): Promise<void> {
  const r = blockRefusal(await blockOf(db, memberId));
  if (r) throw r;
}

/**
 * Starts a block that ends no sooner than the one in force (`length`: a calendar interval from the
 * database's now, an operator's end date, or null: no end),
 * and ends every session of the member. Refuses one that would end sooner
 * (`protection.block.shorter`): a block is never shortened.
 */
async function startBlock(db: Db, memberId: number, kind: BlockKind, length: string | { until: Date } | null, actor: string, ip: string | null, detail: Record<string, unknown>): Promise<BlockView> {
  // Its end: from the database's now and a calendar interval, or a date the operator gave.
  const endSql = length === null ? sql`null::timestamptz` : typeof length === 'string' ? sql`now() + ${length}::interval` : sql`${length.until.toISOString()}::timestamptz`;
  const done = await db.transaction(async (tx) => {
    // The row exists before it is locked, so that two blocks at once queue on it (no duplicate insert).
    await tx.insert(rgMember).values({ memberId }).onConflictDoNothing();
    await tx.select().from(rgMember).where(eq(rgMember.memberId, memberId)).for('update');
    const current = await blockOf(tx, memberId);
    if (current?.holds && !current.lapsed) {
      // A block is never shortened: an exclusion gives way only to a later-ending exclusion, a
      // time-out to a later-ending time-out or to any exclusion, a closure only to an exclusion.
      const exclusion = (k: BlockKind) => k === 'self' || k === 'operator';
      let allowed: boolean;
      if (current.kind === 'closed') allowed = exclusion(kind);
      else {
        // Compared by the database: months and years are calendar ones.
        const laterEnd =
          length === null || current.until === null
            ? length === null
            : rowsOf(await tx.execute(sql`select ${endSql} >= ${new Date(current.until).toISOString()}::timestamptz as later`))[0]!.later === true;
        allowed = exclusion(kind) ? !exclusion(current.kind) || laterEnd : kind === 'timeout' && current.kind === 'timeout' && laterEnd;
      }
      if (!allowed) return false;
    }
    const values = { blockKind: kind, blockFrom: sql`now()`, blockUntil: endSql, reopenAt: null, updatedAt: sql`now()` };
    await tx.update(rgMember).set(values).where(eq(rgMember.memberId, memberId));
    await recordSignificant(tx, { memberId, kind: kind === 'timeout' ? 'block.timeout' : kind === 'closed' ? 'block.closed' : 'block.exclusion', actor, ip, detail: { ...detail, kind } });
    return true;
  });
  if (!done) throw new ApiError(409, 'protection.block.shorter');
  await revokeMemberSessions(db, memberId);
  return (await blockOf(db, memberId))!;
}

/** The player's time-out. */
export function takeTimeout(db: Db, memberId: number, length: TimeoutLength, ip: string): Promise<BlockView> {
  return startBlock(db, memberId, 'timeout', TIMEOUTS[length], 'member', ip, { length });
}

/** The player's self-exclusion. */
export function selfExclude(db: Db, memberId: number, length: ExclusionLength, ip: string): Promise<BlockView> {
  return startBlock(db, memberId, 'self', EXCLUSIONS[length], 'member', ip, { length });
}

/** An exclusion set by the operator (a regulator's or a register's request); `until` null: permanent. */
export function operatorExclude(db: Db, memberId: number, until: Date | null, actor: string, reason: string): Promise<BlockView> {
  return startBlock(db, memberId, 'operator', until === null ? null : { until }, actor, null, { reason, until: until?.toISOString() ?? 'permanent' });
}

/** The player closes the account (not an exclusion: the balance stays withdrawable, and the player may reopen it after the cooling-off). */
export function closeAccount(db: Db, memberId: number, ip: string): Promise<BlockView> {
  return startBlock(db, memberId, 'closed', null, 'member', ip, {});
}

/**
 * The player asks to come back after an exclusion that has ended, or to reopen a closed account:
 * the return holds after the cooling-off (and is refused while the block still runs).
 */
export async function askReopen(db: Db, memberId: number, ip: string): Promise<number> {
  const hours = protectionSettings().coolingOffHours;
  const rows = rowsOf(
    await db.execute(sql`
      update rg_member set reopen_at = now() + make_interval(hours => ${hours}), updated_at = now()
      where member_id = ${memberId} and reopen_at is null
        and ((block_kind in ('self', 'operator') and block_until is not null and block_until <= now()) or block_kind = 'closed')
      returning extract(epoch from reopen_at) * 1000 as at`),
  );
  if (!rows.length) throw new ApiError(409, 'protection.reopen.refused');
  await recordSignificant(db, { memberId, kind: 'block.reopen.asked', actor: 'member', ip });
  return Math.round(Number(rows[0]!.at));
}

/**
 * The login's gate: refuses a blocked member with the block's end, or (an exclusion that has
 * ended) says the player may ask to come back, and asks it when `reopen` is set (after the
 * password was checked). A return whose time has come clears the block. Also refuses identities
 * on an imported self-exclusion register.
 */
export async function loginGate(db: Db, m: { id: number; mobile: string | null; email: string | null; idNumber?: string | null }, o: { reopen: boolean; ip: string }): Promise<void> {
  if (await externallyExcluded(db, [m.mobile, m.email, m.idNumber ?? null])) throw new ApiError(403, 'protection.blocked.register');
  const b = await blockOf(db, m.id);
  if (!b) return;
  if (!b.holds) {
    // A return that has come: the account is open again.
    await db
      .update(rgMember)
      .set({ blockKind: null, blockFrom: null, blockUntil: null, reopenAt: null, updatedAt: sql`now()` })
      .where(eq(rgMember.memberId, m.id));
    return;
  }
  // A closed account may still log in, to withdraw what is left or to ask to reopen; every other door refuses it.
  if (b.kind === 'closed') return;
  if (b.lapsed && !b.reopenAt && o.reopen) throw new ApiError(403, 'protection.reopen.wait', { at: await askReopen(db, m.id, o.ip) });
  throw blockRefusal(b)!;
}

/** The sha-256 of an identifier as the register import keeps it (trimmed, lower case, a phone's digits only). */
export function identityHash(id: string): string {
  const t = id.trim().toLowerCase();
  const norm = /^[+\d\s()-]+$/.test(t) ? t.replace(/\D/g, '').replace(/^0+/, '') : t;
  return createHash('sha256').update(norm).digest('hex');
}

/** Is any of these identifiers on an imported self-exclusion register? */
export async function externallyExcluded(db: Db | Tx, ids: readonly (string | null | undefined)[]): Promise<boolean> {
  const hashes = ids.filter((x): x is string => !!x && x.trim().length > 0).map(identityHash);
  if (!hashes.length) return false;
  const rows = await db.select({ h: rgExternalExclusion.hash }).from(rgExternalExclusion).where(inArray(rgExternalExclusion.hash, hashes)).limit(1);
  return rows.length > 0;
}

/**
 * Imports identifiers of a register (already hashed or plain): answers how many were new, and
 * the members already registered whom they name. Those are excluded at once (an operator
 * exclusion without end: the register, not the player, decides), so their live sessions end and
 * every door refuses them, instead of playing on until they next log in. Members are matched by
 * the same hash as at login and registration (identityHash of the mobile with its dialing code,
 * the e-mail, the id number), computed here page by page rather than re-written in SQL.
 */
export async function importRegister(db: Db, ids: readonly string[], source: string, hashed: boolean, actor = 'ops'): Promise<{ added: number; excluded: string[] }> {
  let added = 0;
  const hashes = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500).map((id) => ({ hash: hashed ? id.trim().toLowerCase() : identityHash(id), kind: 'self', source }));
    for (const c of chunk) hashes.add(c.hash);
    const rows = await db.insert(rgExternalExclusion).values(chunk).onConflictDoNothing().returning({ h: rgExternalExclusion.hash });
    added += rows.length;
  }
  const excluded: string[] = [];
  for (let after = 0; ;) {
    const page = await db
      .select({ id: member.id, username: member.username, dial: member.countryDialingCode, mobile: member.mobile, email: member.email, idNumber: sql<string | null>`${member.profile}->>'idNumber'` })
      .from(member)
      .where(gt(member.id, after))
      .orderBy(member.id)
      .limit(5000);
    if (!page.length) break;
    after = page[page.length - 1]!.id;
    for (const m of page) {
      const named = [m.mobile ? `${m.dial ?? ''}${m.mobile}` : null, m.email, m.idNumber].some((x) => !!x && x.trim() !== '' && hashes.has(identityHash(x)));
      if (!named) continue;
      const current = await blockOf(db, m.id);
      if (current?.kind === 'operator' && current.holds && current.until === null) continue;
      await startBlock(db, m.id, 'operator', null, actor, null, { reason: `self-exclusion register: ${source}`, until: 'permanent' });
      excluded.push(m.username);
    }
  }
  return { added, excluded };
}

/** Minutes the member's sessions have run today (brand day, database clock): from login (or midnight) to the last activity. */
export async function sessionMinutesToday(db: Db | Tx, memberId: number): Promise<number> {
  const z = zoneLiteral();
  const dayStart = sql.raw(`(date_trunc('day', now() at time zone ${z}) at time zone ${z})`);
  const rows = await db
    .select({ ms: sql<string>`coalesce(sum(extract(epoch from (least(${memberSession.lastSeenAt}, now()) - greatest(${memberSession.createdAt}, ${dayStart})))), 0)` })
    .from(memberSession)
    .where(
      and(
        eq(memberSession.memberId, memberId),
        gt(memberSession.lastSeenAt, dayStart),
        lt(memberSession.createdAt, sql`now()`),
        or(isNull(memberSession.revokedAt), gt(memberSession.revokedAt, dayStart)),
      ),
    );
  return Math.floor(Number(rows[0]?.ms ?? 0) / 60);
}

/** The player's reality-check interval (minutes; 0 off), the brand's imposed one winning when shorter or when the player chose none. */
export async function realityMinutesOf(db: Db | Tx, memberId: number): Promise<number> {
  const [row] = await db.select({ m: rgMember.realityMinutes }).from(rgMember).where(eq(rgMember.memberId, memberId));
  const own = row?.m ?? 0;
  const imposed = protectionSettings().realityCheckMinutes ?? 0;
  if (!imposed) return own;
  return own > 0 ? Math.min(own, imposed) : imposed;
}

/** Sets the player's reality-check interval (0: off, where the brand imposes none). */
export async function setRealityMinutes(db: Db, memberId: number, minutes: 0 | 15 | 30 | 60, ip: string): Promise<number> {
  await db
    .insert(rgMember)
    .values({ memberId, realityMinutes: minutes })
    .onConflictDoUpdate({ target: rgMember.memberId, set: { realityMinutes: minutes, updatedAt: sql`now()` } });
  await recordSignificant(db, { memberId, kind: 'reality.set', actor: 'member', ip, detail: { minutes } });
  return realityMinutesOf(db, memberId);
}
