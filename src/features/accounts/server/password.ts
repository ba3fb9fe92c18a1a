/**
 * Changing and recovering passwords (spec 2.11, 2.12, 5): change with the old one, a temporary
 * password by e-mail, a new one by sms code. Every path ends other sessions.
 */
import { eq } from 'drizzle-orm';
import { isTrialType } from '../contract.ts';
import { MSG, checkValue, isEmail, isMobileNumber, isUsernameFormat, normaliseDialingCode, type FieldIssue } from '../registerPatterns.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { member } from './tables.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { emailProvider } from '../../../providers/email/index.ts';
import { proveHuman } from './human.ts';
import { clock } from '../../../kernel/clock.ts';
import { findById, findByMobile, findByUsername } from './members.ts';
import { passwords, randomPassword, sameText } from './passwords.ts';
import { LIMITS, attempt, hit, reset } from '../../../kernel/rate-limit.ts';
import { refuseFields } from './register.ts';
import { requireRealAccount, revokeMemberSessions } from './sessions.ts';
import { consumeCode } from './sms-codes.ts';
import { flags } from './login.ts';

export const TEMP_PASSWORD_MINUTES = 30;

/** Does a new password satisfy the brand's password rule (and is it not the weak default)? */
export function acceptablePassword(pw: string): boolean {
  const rule = brand().register.password;
  if (rule && checkValue('password', pw, rule) !== null) return false;
  return !sameText(pw, brand().accounts.weakDefaultPassword);
}

async function setPassword(db: Db, memberId: number, pw: string): Promise<void> {
  await db
    .update(member)
    .set({
      passwordHash: await passwords.hash(pw),
      passwordChangedAt: new Date(clock.now()),
      mustChangePassword: false,
      tempPasswordHash: null,
      tempPasswordExpiresAt: null,
    })
    .where(eq(member.id, memberId));
}

/** POST /wps/member/password (token, enc). */
export async function changePassword(db: Db, body: { oldPassword: string; newPassword: string; confirmNewPassword: string }, ctx: HandlerContext): Promise<null> {
  const s = requireRealAccount(ctx);
  const issues: Record<string, FieldIssue> = {};
  if (!body.oldPassword) issues.oldPassword = { key: MSG.required };
  if (!body.newPassword) issues.newPassword = { key: MSG.required };
  else if (!acceptablePassword(body.newPassword)) issues.newPassword = { key: MSG.passwordFormat };
  if (!body.confirmNewPassword) issues.confirmNewPassword = { key: MSG.required };
  else if (body.confirmNewPassword !== body.newPassword) issues.confirmNewPassword = { key: MSG.confirm };
  refuseFields(issues, ctx.t);
  const key = `pwold:${s.memberId}`;
  // Counted before it is checked, so that concurrent wrong old passwords see each other.
  const tried = await attempt(db, [key], LIMITS.loginWindowMs);
  if (tried.before[0]!.count >= LIMITS.oldPasswordFailures) {
    // Not checked: the refused try does not count.
    await tried.release();
    throw new ApiError(429, 'password.rate.limited');
  }
  const m = await findById(db, s.memberId);
  if (!m || !(await passwords.verify(body.oldPassword, m.passwordHash))) throw new ApiError(400, 'password.old.incorrect');
  await tried.release();
  if (body.newPassword === body.oldPassword) throw new ApiError(400, 'password.same');
  await reset(db, key);
  await setPassword(db, m.id, body.newPassword);
  await revokeMemberSessions(db, m.id, s.sessionId);
  return null;
}

/**
 * POST /wps/member/password/email (form): when username and e-mail belong together, a temporary
 * password is mailed; the old password keeps working until the temporary one is used. The
 * answer and its timing are the same either way.
 */
export async function forgotByEmail(db: Db, body: { username: string; email: string; challengeId?: string; challengeNonce?: string }, ctx: HandlerContext): Promise<null> {
  // Spec 2.11: the brand may switch this way off (CHNGPASSMAIL3); the server refuses it then, not only the form.
  if (!flags().CHNGPASSMAIL3) throw new ApiError(403, 'password.email.disabled');
  const username = body.username.trim();
  const email = body.email.trim();
  const issues: Record<string, FieldIssue> = {};
  if (!username) issues.username = { key: MSG.required };
  else if (!isUsernameFormat(username, brand().register.username)) issues.username = { key: MSG.account };
  if (!email) issues.email = { key: MSG.required };
  else if (!isEmail(email)) issues.email = { key: MSG.email };
  refuseFields(issues, ctx.t);
  await proveHuman(db, body);
  const [perIp, perUser] = await Promise.all([hit(db, `reset:ip:${ctx.ip}`, LIMITS.resetWindowMs), hit(db, `reset:user:${username.toLowerCase()}`, LIMITS.resetWindowMs)]);
  if (perIp.count > LIMITS.resetPerIp || perUser.count > LIMITS.resetPerUser) throw new ApiError(429, 'password.rate.limited');
  const m = await findByUsername(db, username);
  const temp = randomPassword(12);
  const tempHash = await passwords.hash(temp); // made either way, so timing does not tell
  if (m && m.email && m.email.toLowerCase() === email.toLowerCase() && m.status === 'active' && !isTrialType(m.type)) {
    const expiresAt = new Date(clock.now() + TEMP_PASSWORD_MINUTES * 60_000);
    await db.update(member).set({ tempPasswordHash: tempHash, tempPasswordExpiresAt: expiresAt }).where(eq(member.id, m.id));
    const vars = { brand: brand().name, password: temp, minutes: TEMP_PASSWORD_MINUTES };
    await emailProvider().send({ to: m.email, subject: ctx.t('accounts:email.resetSubject', vars), text: ctx.t('accounts:email.resetBody', vars), secret: { value: temp, expiresAt } });
  }
  ctx.response.message = ctx.t('accounts:sent.password');
  return null;
}

/** POST /wps/member/password/verification (enc): a new password with an sms code (noLogin). */
export async function setPasswordBySms(
  db: Db,
  body: { newPassword: string; confirmNewPassword?: string; mobileNum: string; countryDialingCode: string; verificationCode: string },
  ctx: HandlerContext,
): Promise<null> {
  // Spec 2.11: resetting with an sms code exists only while CHNGPASSVERIF3 is on.
  if (!flags().CHNGPASSVERIF3) throw new ApiError(403, 'password.sms.disabled');
  const mobile = body.mobileNum.trim();
  const dialingCode = normaliseDialingCode(body.countryDialingCode || brand().accounts.defaultDialingCode);
  const issues: Record<string, FieldIssue> = {};
  if (!mobile) issues.mobileNum = { key: MSG.required };
  else if (!dialingCode || !isMobileNumber(mobile)) issues.mobileNum = { key: MSG.mobile };
  if (!body.verificationCode) issues.verificationCode = { key: MSG.required };
  else if (body.verificationCode.length > 255) issues.verificationCode = { key: MSG.code };
  if (!body.newPassword) issues.newPassword = { key: MSG.required };
  else if (!acceptablePassword(body.newPassword)) issues.newPassword = { key: MSG.passwordFormat };
  if (body.confirmNewPassword !== undefined && body.confirmNewPassword !== body.newPassword) issues.confirmNewPassword = { key: MSG.confirm };
  refuseFields(issues, ctx.t);
  const target = { dialingCode: dialingCode!, mobile };
  await consumeCode(db, 'noLogin', target, body.verificationCode.trim());
  const m = await findByMobile(db, dialingCode!, mobile);
  if (!m || isTrialType(m.type)) throw new ApiError(400, 'sms.code.invalid');
  await setPassword(db, m.id, body.newPassword);
  await revokeMemberSessions(db, m.id);
  await reset(db, `login:acct:${m.username.toLowerCase()}`);
  return null;
}
