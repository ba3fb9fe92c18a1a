/**
 * Registration by username and by mobile (spec 4 submit flow, 5 rules): every rule the form
 * applies is applied again here, with the same shared code and messages.
 */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { accountGates } from './gates.ts';
import { isTrialType, PLAYER_TYPE, type LoginValue, type registerBody } from '../contract.ts';
import { isRequired, mobileUsername, normaliseDialingCode, normaliseInput, renderIssue, validateRegistration, type FieldIssue, type RegisterMode } from '../registerPatterns.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { phoneAuthProvider } from '../../../providers/phone-auth/index.ts';
import { checkCaptcha } from '../../../kernel/captcha/captcha.ts';
import { proveHuman } from './human.ts';
import { LIMITS, hit } from '../../../kernel/rate-limit.ts';
import { captchaIdOf, flags, issueLogin } from './login.ts';
import { createMember, findByAffiliateCode, findByMobile, findByUsername, type Member } from './members.ts';
import { passwords, randomPassword, sameText } from './passwords.ts';
import { consumeCode } from './sms-codes.ts';
import { ageNow } from './downline.ts';

type RegisterBody = z.output<typeof registerBody>;

/** Turns shared-validation issues into the dispatcher's field errors, in the caller's language. */
export function fieldErrorsOf(issues: Record<string, FieldIssue>, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, issue] of Object.entries(issues)) out[field] = renderIssue(issue, (k) => t(`accounts:${k}`));
  return out;
}

/** Refuses with request.invalid and these field errors, when there are any. */
export function refuseFields(issues: Record<string, FieldIssue>, t: TFunction): void {
  if (Object.keys(issues).length) throw new ApiError(400, 'request.invalid', {}, fieldErrorsOf(issues, t));
}

const TEXT_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'birthday',
  'email',
  'qqNum',
  'mobileNum',
  'countryDialingCode',
  'recommenderId',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
  'domain',
  'captcha',
] as const;

/** PUT /wps/member/register and /wps/member/register/mobile. */
export async function registerMember(db: Db, body: RegisterBody, ctx: HandlerContext, mode: RegisterMode): Promise<LoginValue> {
  const f = flags();
  if (mode === 'registerMobile' && !f.MOBILENUMREG3) throw new ApiError(403, 'register.mobile.disabled');
  if (!(await proveHuman(db, body))) {
    // No proof (a `compatible` brand's client): registrations from one address are limited.
    const made = await hit(db, `register:ip:${ctx.ip}`, LIMITS.registrationWindowMs);
    if (made.count > LIMITS.registrationsPerIp) throw new ApiError(429, 'register.rate.limited');
  }
  const raw: Record<string, string | undefined> = {};
  for (const k of TEXT_FIELDS) raw[k] = body[k];
  const input = normaliseInput(raw);
  const rules = brand().register;
  const age = ageNow();
  const options = { mode, smsVerification: !!f.REGMOBVERF3, mobilePassword: !!f.MOBILENUMPASSREG3, age };
  const issues = validateRegistration(input, rules, options);
  const weak = brand().accounts.weakDefaultPassword;
  if (!issues.password && input.password && sameText(input.password, weak)) issues.password = { key: 'validation.passwordFormat' };
  if (!issues.paymentPassword && input.paymentPassword && sameText(input.paymentPassword, weak)) issues.paymentPassword = { key: 'validation.passwordFormat' };
  const dialingCode = normaliseDialingCode(input.countryDialingCode || brand().accounts.defaultDialingCode);
  if (input.mobileNum && !dialingCode) issues.countryDialingCode = { key: 'validation.mobile' };
  refuseFields(issues, ctx.t);

  if (rules.captcha?.enabled && !(await checkCaptcha(db, captchaIdOf(ctx, body), input.captcha))) {
    throw new ApiError(400, 'captcha.invalid');
  }

  // Affiliate (spec 4): the typed code, else the one from the address; an unknown code stops here.
  let upline: Member | null = null;
  const code = input.affiliateCode || input.referralCode;
  if (code) {
    upline = await findByAffiliateCode(db, code);
    if (!upline || isTrialType(upline.type) || upline.status !== 'active') throw new ApiError(400, 'affiliate.invalid');
  }

  const mobile = input.mobileNum || null;
  const username = mode === 'registerMobile' ? mobileUsername(mobile!) : input.username!;
  if (await findByUsername(db, username)) throw new ApiError(409, mode === 'registerMobile' ? 'register.mobile.taken' : 'register.username.taken');
  if (mobile && (await findByMobile(db, dialingCode!, mobile))) throw new ApiError(409, 'register.mobile.taken');

  if (mobile && isRequired('verificationCode', rules, options, input)) {
    const provider = phoneAuthProvider();
    if (provider && body.firebaseChannel === 'sms' && body.firebaseIdToken) {
      const verified = await provider.verifyIdToken(body.firebaseIdToken);
      if (verified !== `+${dialingCode}${mobileUsername(mobile)}`) throw new ApiError(400, 'sms.code.invalid');
    } else {
      await consumeCode(db, 'register', { dialingCode: dialingCode!, mobile }, input.verificationCode ?? '');
    }
  }

  await accountGates().register(db, { mobile: mobile ? `${dialingCode}${mobile}` : null, email: input.email || null, idNumber: input.idNumber || null });
  const profile: Record<string, string> = {};
  for (const k of ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'recommenderId'] as const) if (input[k]) profile[k] = input[k]!;
  // Kept only where asked (and so checked): a birthday the brand does not ask for means nothing.
  if (input.birthday && rules.birthday?.enabled) profile.birthday = input.birthday;
  const created = await createMember(db, {
    username,
    type: PLAYER_TYPE,
    passwordHash: await passwords.hash(input.password || randomPassword(16)),
    paymentPasswordHash: input.paymentPassword ? await passwords.hash(input.paymentPassword) : null,
    countryDialingCode: dialingCode,
    mobile,
    email: input.email || null,
    payeeName: input.payeeName || null,
    profile,
    uplineId: upline?.id ?? null,
    registerIp: ctx.ip,
    registerUrl: body.registerUrl ?? null,
    domain: input.domain || null,
  });
  if ('clash' in created) throw new ApiError(409, created.clash === 'mobile' || mode === 'registerMobile' ? 'register.mobile.taken' : 'register.username.taken');
  return issueLogin(db, created, ctx, { deviceId: body.loginDeviceId, passwordExpired: false });
}
