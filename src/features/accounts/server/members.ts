/** Queries of the member table: lookups, creation, login bookkeeping. */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { member, memberLoginIp } from './tables.ts';
import { clock } from '../../../kernel/clock.ts';
import { revokeMemberSessions } from './sessions.ts';

export type Member = typeof member.$inferSelect;

/** The member with this username, whatever its case. */
export async function findByUsername(db: Db, username: string): Promise<Member | null> {
  const rows = await db
    .select()
    .from(member)
    .where(sql`lower(${member.username}) = ${username.toLowerCase()}`);
  return rows[0] ?? null;
}

/** The member with this mobile (stored without leading zeros) under this dialing code. */
export async function findByMobile(db: Db, dialingCode: string, mobile: string): Promise<Member | null> {
  const rows = await db
    .select()
    .from(member)
    .where(and(eq(member.countryDialingCode, dialingCode), eq(member.mobile, normaliseMobile(mobile))));
  return rows[0] ?? null;
}

export async function findById(db: Db, id: number): Promise<Member | null> {
  const rows = await db.select().from(member).where(eq(member.id, id));
  return rows[0] ?? null;
}

/** The member owning an affiliate code (case-insensitive); trial accounts have none. */
export async function findByAffiliateCode(db: Db, code: string): Promise<Member | null> {
  const c = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,20}$/.test(c)) return null;
  const rows = await db.select().from(member).where(eq(member.affiliateCode, c));
  return rows[0] ?? null;
}

/** Mobiles are stored without leading zeros, so 055... and 55... are one number. */
export const normaliseMobile = (mobile: string) => mobile.trim().replace(/^0+/, '');

/** A fresh affiliate code: 8 characters without look-alikes. */
export function newAffiliateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (const b of randomBytes(8)) out += alphabet[b & 31];
  return out;
}

export interface NewMember {
  username: string;
  type: number;
  passwordHash: string;
  countryDialingCode?: string | null;
  mobile?: string | null;
  email?: string | null;
  payeeName?: string | null;
  nickname?: string | null;
  profile?: Record<string, string>;
  uplineId?: number | null;
  paymentPasswordHash?: string | null;
  mustChangePassword?: boolean;
  registerIp?: string | null;
  registerUrl?: string | null;
  domain?: string | null;
  isDemo?: boolean;
  /** When the account was made (demo data that tells a history: a team grown over weeks); now by default. */
  createdAt?: Date;
  /** Trial accounts get no affiliate code. */
  withAffiliateCode?: boolean;
}

/** Which unique rule a failed insert broke. */
export type Clash = 'username' | 'mobile' | 'affiliate';

/** Inserts a member; answers it, or the unique rule it broke. */
export async function createMember(db: Db, m: NewMember): Promise<Member | { clash: Clash }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const rows = await db
        .insert(member)
        .values({
          username: m.username,
          type: m.type,
          passwordHash: m.passwordHash,
          passwordChangedAt: new Date(clock.now()),
          countryDialingCode: m.mobile ? (m.countryDialingCode ?? null) : null,
          mobile: m.mobile ? normaliseMobile(m.mobile) : null,
          email: m.email || null,
          payeeName: m.payeeName || null,
          nickname: m.nickname || null,
          profile: m.profile ?? {},
          uplineId: m.uplineId ?? null,
          affiliateCode: m.withAffiliateCode === false ? null : newAffiliateCode(),
          paymentPasswordHash: m.paymentPasswordHash ?? null,
          mustChangePassword: m.mustChangePassword ?? false,
          registerIp: m.registerIp ?? null,
          registerUrl: m.registerUrl ?? null,
          domain: m.domain ?? null,
          isDemo: m.isDemo ?? false,
          createdAt: m.createdAt ?? new Date(clock.now()),
        })
        .returning();
      return rows[0]!;
    } catch (err) {
      const clash = uniqueClash(err);
      if (clash === 'affiliate') continue; // a new code is drawn on the next attempt
      if (clash) return { clash };
      throw err;
    }
  }
  throw new Error('Could not draw a free affiliate code');
}

function uniqueClash(err: unknown): Clash | null {
  const e = (err as { cause?: unknown }).cause ?? err;
  const code = (e as { code?: string }).code;
  if (code !== '23505') return null;
  const text = `${(e as { constraint?: string }).constraint ?? ''} ${(e as { message?: string }).message ?? ''}`;
  if (text.includes('member_username_uq')) return 'username';
  if (text.includes('member_mobile_uq')) return 'mobile';
  if (text.includes('member_affiliate_code_uq')) return 'affiliate';
  return null;
}

/** Has this member logged in from this address before? */
export async function knowsIp(db: Db, memberId: number, ip: string): Promise<boolean> {
  const rows = await db
    .select({ ip: memberLoginIp.ip })
    .from(memberLoginIp)
    .where(and(eq(memberLoginIp.memberId, memberId), eq(memberLoginIp.ip, ip)));
  return rows.length > 0;
}

/** Does this member have any known address yet? (none: the first login sets one) */
export async function hasKnownIps(db: Db, memberId: number): Promise<boolean> {
  const rows = await db.select({ ip: memberLoginIp.ip }).from(memberLoginIp).where(eq(memberLoginIp.memberId, memberId)).limit(1);
  return rows.length > 0;
}

/** Remembers an address of a member. */
export async function rememberIp(db: Db, memberId: number, ip: string): Promise<void> {
  const now = new Date(clock.now());
  await db
    .insert(memberLoginIp)
    .values({ memberId, ip, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [memberLoginIp.memberId, memberLoginIp.ip], set: { lastSeenAt: now } });
}

/** Records a login: time, address, first-login flag off. */
export async function recordLogin(db: Db, memberId: number, ip: string): Promise<void> {
  await db
    .update(member)
    .set({ lastLoginAt: new Date(clock.now()), lastLoginIp: ip, firstLogin: false })
    .where(eq(member.id, memberId));
  await rememberIp(db, memberId, ip);
}

/**
 * Freezes (an operator's lock: no login, no door) or unfreezes an account; a freeze ends its
 * sessions (and the game sessions they opened). Answers the status before, or null when there is
 * no such member.
 */
export async function setMemberFrozen(db: Db, memberId: number, frozen: boolean): Promise<{ before: string } | null> {
  const [row] = await db.select({ status: member.status }).from(member).where(eq(member.id, memberId));
  if (!row) return null;
  await db
    .update(member)
    .set({ status: frozen ? 'frozen' : 'active' })
    .where(eq(member.id, memberId));
  if (frozen) await revokeMemberSessions(db, memberId);
  return { before: row.status };
}
