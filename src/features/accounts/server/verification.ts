/** Sms code requests (spec 7): without login (sms login, set password) and for registration. */
import { isTrialType } from '../contract.ts';
import { isMobileNumber, normaliseDialingCode } from '../registerPatterns.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { proveHuman } from './human.ts';
import { flags } from './login.ts';
import { findByMobile } from './members.ts';
import { chargeSend, sendCode, type Target } from './sms-codes.ts';

function targetOf(mobileNum: string, dialing: string, checkRule: boolean): Target {
  const mobile = mobileNum.trim();
  if (!mobile) throw new ApiError(400, 'sms.mobile.missing');
  const dialingCode = normaliseDialingCode(dialing || brand().accounts.defaultDialingCode);
  if (!dialingCode || !isMobileNumber(mobile, checkRule ? brand().register.mobileNum : undefined)) throw new ApiError(400, 'sms.mobile.invalid');
  return { dialingCode, mobile };
}

/**
 * POST /wps/verification/sms/noLogin. The answer is the same whether or not the number has an
 * account; only a registered number gets a code.
 */
export async function smsNoLogin(db: Db, body: { mobileNum: string; countryDialingCode: string; challengeId?: string; challengeNonce?: string }, ctx: HandlerContext) {
  const f = flags();
  if (!f.MOBILEVERCODELOGIN3 && !f.CHNGPASSVERIF3) throw new ApiError(403, 'sms.not.allowed');
  const target = targetOf(body.mobileNum, body.countryDialingCode, false);
  await proveHuman(db, body);
  await chargeSend(db, target, ctx.ip);
  const m = await findByMobile(db, target.dialingCode, target.mobile);
  let expiredMinutes = brand().accounts.smsExpiredMinutes;
  if (m && m.status === 'active' && !isTrialType(m.type)) expiredMinutes = (await sendCode(db, 'noLogin', target, ctx.locale)).expiredMinutes;
  ctx.response.message = ctx.t('accounts:sent.code');
  return { expiredMinutes };
}

/** POST /wps/verification/sms/register: a code for a number that has no account yet. */
export async function smsRegister(db: Db, body: { mobileNo: string; countryDialingCode: string; challengeId?: string; challengeNonce?: string }, ctx: HandlerContext) {
  if (!flags().REGMOBVERF3) throw new ApiError(403, 'sms.not.allowed');
  const target = targetOf(body.mobileNo, body.countryDialingCode, true);
  await proveHuman(db, body);
  // Counted before it can reveal: probing which numbers have accounts costs sms allowance.
  await chargeSend(db, target, ctx.ip);
  if (await findByMobile(db, target.dialingCode, target.mobile)) throw new ApiError(409, 'register.mobile.taken');
  const sent = await sendCode(db, 'register', target, ctx.locale);
  ctx.response.message = ctx.t('accounts:sent.code');
  return sent;
}
