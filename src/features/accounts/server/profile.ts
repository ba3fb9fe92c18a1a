/** Member info (wire notes shape, mobile and e-mail masked) and the generated avatar. */
import { accountGates } from './gates.ts';
import { isAgentType, isTrialType, type MemberInfo } from '../contract.ts';
import { maskEmail, maskMobile } from '../registerPatterns.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { findById } from './members.ts';
import { member } from './tables.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { isLocale } from '../../../kernel/locales.ts';
import { eq } from 'drizzle-orm';
import type { AccountSession } from './sessions.ts';

/** GET /wps/member/info */
export async function memberInfo(db: Db, s: AccountSession): Promise<MemberInfo> {
  const m = await findById(db, s.memberId);
  if (!m) throw new ApiError(401, 'user.or.token.invalid');
  const upline = m.uplineId ? await findById(db, m.uplineId) : null;
  const vip = vipLabel(m.type, m.vipLevel);
  return {
    id: m.id,
    account: m.username,
    userName: m.username,
    nickname: m.nickname ?? m.username,
    type: m.type,
    isAgent: isAgentType(m.type),
    isTrial: isTrialType(m.type),
    regDate: m.createdAt.getTime(),
    mobile: m.mobile ? maskMobile(m.mobile) : null,
    countryDialingCode: m.mobile ? m.countryDialingCode : null,
    email: m.email ? maskEmail(m.email) : null,
    vip,
    language: m.language,
    clubLabel: vip === null ? null : { labelName: vip },
    // The session was opened with the member's previous login; that login is what "first" means.
    firstTimeLogin: s.prevLoginAt === null,
    lastLoginTime: s.prevLoginAt,
    lastLoginIp: s.prevLoginIp,
    affiliateCode: m.affiliateCode,
    upline: upline?.username ?? null,
    hasPaymentPassword: m.paymentPasswordHash !== null,
    sessionSince: accountGates().sessionClock() ? s.createdAt : null,
  };
}

/**
 * The name of a VIP level, as the feature that runs the VIP programme tells it (the promotions,
 * handed in by the app: src/app/features.ts); null while no programme runs. Accounts come before
 * the promotions, so they are told rather than ask.
 */
let vipLevelName: (level: number) => string | null = () => null;

export function provideVipLevelName(name: (level: number) => string | null): void {
  vipLevelName = name;
}

/** The member's VIP label (its level's name); null while the brand's VIP is off, and for trial accounts. */
export function vipLabel(type: number, level: number): string | null {
  return isTrialType(type) ? null : vipLevelName(level);
}

/**
 * Raises a member's VIP level to `level` when it is lower (levels never go down); answers the
 * level it had, or null when nothing changed (already there, or raised by someone else first).
 * Runs in the caller's transaction, with the member's row locked until it ends.
 */
export async function raiseVipLevel(tx: Tx, memberId: number, level: number): Promise<number | null> {
  const [row] = await tx.select({ level: member.vipLevel }).from(member).where(eq(member.id, memberId)).for('update');
  if (!row || row.level >= level) return null;
  await tx.update(member).set({ vipLevel: level }).where(eq(member.id, memberId));
  return row.level;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An SVG avatar: the account's first two characters on a colour taken from its id.
 * @example avatarSvg(100001, 'maria') // '<svg ...>MA</svg>'
 */
export function avatarSvg(id: number, name: string): string {
  const hue = (id * 137) % 360;
  const initials = escapeXml([...name.replace(/[^\p{L}\p{N}]/gu, '')].slice(0, 2).join('').toUpperCase() || '?');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue} 55% 42%)"/>` +
    `<text x="32" y="41" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`
  );
}

/** GET /wps/member/info/icon: the avatar as a data: URL. */
export function memberIcon(s: AccountSession): { iconUrl: string } {
  const svg = avatarSvg(s.memberId, s.userName);
  return { iconUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** POST /wps/member/language: keeps the member's choice of language, one the brand offers. */
export async function setMemberLanguage(db: Db, s: AccountSession, language: string): Promise<{ language: string }> {
  const base = language.split(/[-_]/)[0]!.toLowerCase();
  if (!isLocale(base) || !brand().languages.includes(base)) throw new ApiError(400, 'language.unsupported', { language });
  await db.update(member).set({ language: base }).where(eq(member.id, s.memberId));
  return { language: base };
}
