/** Handlers of the security centre (contract: securityInfo, emailCode, emailVerify, totpSetup, totpConfirm, totpDisable). */
import type { SecurityValue } from '../contract.ts';
import { MSG } from '../registerPatterns.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { maskEmail, maskMobile } from '../registerPatterns.ts';
import { and, eq } from 'drizzle-orm';
import { clock } from '../../../kernel/clock.ts';
import { member } from './tables.ts';
import { newAddressProofOf } from './login.ts';
import { chargeSend, consumeCode, emailTarget, sendEmailCode } from './sms-codes.ts';
import { findById, type Member } from './members.ts';
import { passwords } from './passwords.ts';
import { refuseFields } from './register.ts';
import { beginTotp, checkSecondFactor, confirmTotp, countProofTry, disableTotp, recoveryCodesLeft } from './second-factor.ts';
import { requireRealAccount, revokeMemberSessions } from './sessions.ts';

async function me(db: Db, ctx: HandlerContext): Promise<Member> {
  const m = await findById(db, requireRealAccount(ctx).memberId);
  if (!m) throw new ApiError(401, 'login.not.session');
  return m;
}

/** GET /wps/member/security. */
export async function securityInfo(db: Db, ctx: HandlerContext): Promise<SecurityValue> {
  const m = await me(db, ctx);
  const sms = !!(m.mobile && m.countryDialingCode);
  return {
    totp: !!m.totpSecret,
    recoveryCodesLeft: m.totpSecret ? await recoveryCodesLeft(db, m.id) : 0,
    mobile: sms ? maskMobile(m.mobile!) : null,
    email: m.email ? maskEmail(m.email) : null,
    emailVerified: !!(m.email && m.emailVerifiedAt),
    payeeName: !!m.payeeName,
    newAddressProof: newAddressProofOf(m),
  };
}

/** POST /wps/member/security/email/code: a code to the address on file, to verify it. */
export async function emailCode(db: Db, ctx: HandlerContext) {
  const m = await me(db, ctx);
  if (!m.email) throw new ApiError(409, 'email.missing');
  if (m.emailVerifiedAt) throw new ApiError(409, 'email.verified');
  await chargeSend(db, emailTarget(m.email), ctx.ip);
  return sendEmailCode(db, 'emailVerify', m.email, ctx.locale);
}

/** POST /wps/member/security/email/verify: the code mailed by emailCode proves the address. */
export async function emailVerify(db: Db, body: { code: string }, ctx: HandlerContext): Promise<null> {
  const m = await me(db, ctx);
  if (!body.code.trim()) refuseFields({ code: { key: MSG.required } }, ctx.t);
  if (!m.email) throw new ApiError(409, 'email.missing');
  try {
    await consumeCode(db, 'emailVerify', emailTarget(m.email), body.code.trim());
  } catch (err) {
    if (err instanceof ApiError && (err.errorCode === 'sms.code.invalid' || err.errorCode === 'sms.code.expired')) {
      throw new ApiError(400, err.errorCode, {}, { code: ctx.t(`errors:${err.errorCode}`) });
    }
    throw err;
  }
  await db
    .update(member)
    .set({ emailVerifiedAt: new Date(clock.now()) })
    .where(and(eq(member.id, m.id), eq(member.email, m.email)));
  return null;
}

/** POST /wps/member/security/totp. */
export async function totpSetup(db: Db, ctx: HandlerContext) {
  const m = await me(db, ctx);
  if (m.totpSecret) throw new ApiError(409, 'totp.already');
  return beginTotp(db, m);
}

/**
 * POST /wps/member/security/totp/confirm (enc): the password and a first code of the app. The
 * password, so that a stolen session cannot put its own app on the account; the member's other
 * sessions end, as after a password change.
 */
export async function totpConfirm(db: Db, body: { password: string; code: string }, ctx: HandlerContext) {
  const s = requireRealAccount(ctx);
  const m = await me(db, ctx);
  refuseFields({ ...(body.password ? {} : { password: { key: MSG.required } }), ...(body.code.trim() ? {} : { code: { key: MSG.required } }) }, ctx.t);
  if (!m.totpPendingSecret || m.totpSecret) throw new ApiError(409, 'totp.not.started');
  const tried = await countProofTry(db, m.id);
  if (!(await passwords.verify(body.password, m.passwordHash))) throw new ApiError(400, 'password.old.incorrect', {}, { password: ctx.t('errors:password.old.incorrect') });
  const codes = await confirmTotp(db, m, body.code);
  if (!codes) throw new ApiError(400, 'totp.code.invalid', {}, { code: ctx.t('errors:totp.code.invalid') });
  await tried.release();
  await revokeMemberSessions(db, m.id, s.sessionId);
  return { recoveryCodes: codes };
}

/** POST /wps/member/security/totp/disable (enc): the password and a code; the other sessions end. */
export async function totpDisable(db: Db, body: { password: string; code: string }, ctx: HandlerContext): Promise<null> {
  const s = requireRealAccount(ctx);
  const m = await me(db, ctx);
  refuseFields({ ...(body.password ? {} : { password: { key: MSG.required } }), ...(body.code.trim() ? {} : { code: { key: MSG.required } }) }, ctx.t);
  if (!m.totpSecret) throw new ApiError(409, 'totp.not.enabled');
  const tried = await countProofTry(db, m.id);
  if (!(await passwords.verify(body.password, m.passwordHash))) throw new ApiError(400, 'password.old.incorrect', {}, { password: ctx.t('errors:password.old.incorrect') });
  if (!(await checkSecondFactor(db, m, body.code))) throw new ApiError(400, 'totp.code.invalid', {}, { code: ctx.t('errors:totp.code.invalid') });
  await tried.release();
  await disableTotp(db, m.id);
  await revokeMemberSessions(db, m.id, s.sessionId);
  return null;
}
