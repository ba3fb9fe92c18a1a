/** Handlers of the security centre (contract: securityInfo, totpSetup, totpConfirm, totpDisable). */
import type { SecurityValue } from '../contract.ts';
import { MSG } from '../registerPatterns.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { LIMITS, attempt, reset } from '../../../kernel/rate-limit.ts';
import { maskMobile } from '../registerPatterns.ts';
import { findById, type Member } from './members.ts';
import { passwords } from './passwords.ts';
import { refuseFields } from './register.ts';
import { beginTotp, checkSecondFactor, confirmTotp, disableTotp, recoveryCodesLeft } from './second-factor.ts';
import { requireRealAccount } from './sessions.ts';

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
    payeeName: !!m.payeeName,
    newAddressProof: m.totpSecret ? 'totp' : sms ? 'sms' : m.payeeName ? 'payeeName' : null,
  };
}

/** POST /wps/member/security/totp. */
export async function totpSetup(db: Db, ctx: HandlerContext) {
  const m = await me(db, ctx);
  if (m.totpSecret) throw new ApiError(409, 'totp.already');
  return beginTotp(db, m);
}

/**
 * Counts a code try of this member before checking it (5 in 15 minutes, like wrong old
 * passwords), so a code cannot be guessed by many concurrent tries.
 */
async function codeTry(db: Db, memberId: number) {
  const tried = await attempt(db, [`totp:${memberId}`], LIMITS.loginWindowMs);
  if (tried.before[0]!.count >= LIMITS.oldPasswordFailures) {
    await tried.release();
    throw new ApiError(429, 'totp.rate.limited');
  }
  return tried;
}

/** POST /wps/member/security/totp/confirm. */
export async function totpConfirm(db: Db, body: { code: string }, ctx: HandlerContext) {
  const m = await me(db, ctx);
  if (!body.code.trim()) refuseFields({ code: { key: MSG.required } }, ctx.t);
  if (!m.totpPendingSecret) throw new ApiError(409, 'totp.not.started');
  const tried = await codeTry(db, m.id);
  const codes = await confirmTotp(db, m, body.code);
  if (!codes) throw new ApiError(400, 'totp.code.invalid', {}, { code: ctx.t('errors:totp.code.invalid') });
  await tried.release();
  await reset(db, `totp:${m.id}`);
  return { recoveryCodes: codes };
}

/** POST /wps/member/security/totp/disable (enc). */
export async function totpDisable(db: Db, body: { password: string; code: string }, ctx: HandlerContext): Promise<null> {
  const m = await me(db, ctx);
  refuseFields({ ...(body.password ? {} : { password: { key: MSG.required } }), ...(body.code.trim() ? {} : { code: { key: MSG.required } }) }, ctx.t);
  if (!m.totpSecret) throw new ApiError(409, 'totp.not.enabled');
  const tried = await codeTry(db, m.id);
  if (!(await passwords.verify(body.password, m.passwordHash))) throw new ApiError(400, 'password.old.incorrect', {}, { password: ctx.t('errors:password.old.incorrect') });
  if (!(await checkSecondFactor(db, m, body.code))) throw new ApiError(400, 'totp.code.invalid', {}, { code: ctx.t('errors:totp.code.invalid') });
  await tried.release();
  await reset(db, `totp:${m.id}`);
  await disableTotp(db, m.id);
  return null;
}
