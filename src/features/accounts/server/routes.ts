/** Handlers of the accounts calls (contract: src/features/accounts/contract.ts). */
import {
  affiliateCheck,
  affiliateInfo,
  captchaImage,
  changePassword,
  forgotPasswordEmail,
  freePlayLogin,
  login,
  loginVerification,
  logout,
  logoutPost,
  memberIcon,
  memberLanguage,
  memberInfo,
  register,
  registerMobile,
  sessionKey,
  setPasswordBySms,
  smsNoLogin,
  smsRegister,
  verificationChallenge,
  securityInfo,
  emailCode,
  emailVerify,
  totpConfirm,
  totpDisable,
  totpSetup,
} from '../contract.ts';
import { isTrialType } from '../contract.ts';
import { db } from '../../../kernel/db/index.ts';
import { route, setCookie } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { CAPTCHA_COOKIE, CAPTCHA_HEADER, CAPTCHA_TTL_MS, newCaptcha } from '../../../kernel/captcha/captcha.ts';
import { newChallenge } from '../../../kernel/pow/challenge.ts';
import { publicKeyInfo } from '../../../kernel/envelope/server.ts';
import { freePlay, login as doLogin } from './login.ts';
import { findByAffiliateCode } from './members.ts';
import { affiliateForDomain, normaliseDomain } from './affiliate-domains.ts';
import { changePassword as doChangePassword, forgotByEmail, setPasswordBySms as doSetPasswordBySms } from './password.ts';
import { memberIcon as icon, memberInfo as info, setMemberLanguage } from './profile.ts';
import { LIMITS, hit } from '../../../kernel/rate-limit.ts';
import { registerMember } from './register.ts';
import { revokeSession, sessionOf } from './sessions.ts';
import { smsNoLogin as doSmsNoLogin, smsRegister as doSmsRegister } from './verification.ts';
import * as security from './security.ts';

/** Logout, by DELETE or POST: the session ends, and with it every game session it opened. */
async function endSession(ctx: Parameters<typeof sessionOf>[0]): Promise<null> {
  await revokeSession(await db(), sessionOf(ctx).sessionId);
  return null;
}

export const accountRoutes = [
  route(sessionKey, async () => publicKeyInfo(await db())),
  route(verificationChallenge, async () => newChallenge(await db())),
  route(login, async ({ body }, ctx) => doLogin(await db(), body, ctx)),
  route(loginVerification, async ({ body }, ctx) => doLogin(await db(), body, ctx)),
  route(logout, (_input, ctx) => endSession(ctx)),
  route(logoutPost, (_input, ctx) => endSession(ctx)),
  route(freePlayLogin, async ({ body }, ctx) => freePlay(await db(), body, ctx)),
  route(smsNoLogin, async ({ body }, ctx) => doSmsNoLogin(await db(), body, ctx)),
  route(smsRegister, async ({ body }, ctx) => doSmsRegister(await db(), body, ctx)),
  route(memberInfo, async (_input, ctx) => info(await db(), sessionOf(ctx))),
  route(memberIcon, (_input, ctx) => icon(sessionOf(ctx))),
  route(memberLanguage, async ({ body }, ctx) => setMemberLanguage(await db(), sessionOf(ctx), body.language)),
  route(register, async ({ body }, ctx) => registerMember(await db(), body, ctx, 'register')),
  route(registerMobile, async ({ body }, ctx) => registerMember(await db(), body, ctx, 'registerMobile')),
  route(changePassword, async ({ body }, ctx) => doChangePassword(await db(), body, ctx)),
  route(forgotPasswordEmail, async ({ body }, ctx) => forgotByEmail(await db(), body, ctx)),
  route(setPasswordBySms, async ({ body }, ctx) => doSetPasswordBySms(await db(), body, ctx)),
  route(captchaImage, async (_input, ctx) => {
    const d = await db();
    const made = await hit(d, `captcha:ip:${ctx.ip}`, LIMITS.captchaWindowMs);
    if (made.count > LIMITS.captchasPerIp) throw new ApiError(429, 'request.rate.limited');
    const c = await newCaptcha(d);
    setCookie(ctx, CAPTCHA_COOKIE, c.id, { maxAgeSeconds: CAPTCHA_TTL_MS / 1000 });
    ctx.response.headers.set(CAPTCHA_HEADER, c.id);
    return c.png.toString('base64');
  }),
  route(securityInfo, async (_input, ctx) => security.securityInfo(await db(), ctx)),
  route(emailCode, async (_input, ctx) => security.emailCode(await db(), ctx)),
  route(emailVerify, async ({ body }, ctx) => security.emailVerify(await db(), body, ctx)),
  route(totpSetup, async (_input, ctx) => security.totpSetup(await db(), ctx)),
  route(totpConfirm, async ({ body }, ctx) => security.totpConfirm(await db(), body, ctx)),
  route(totpDisable, async ({ body }, ctx) => security.totpDisable(await db(), body, ctx)),
  route(affiliateInfo, async ({ query }, ctx) => {
    const domain = normaliseDomain(query.domain || ctx.url.hostname);
    return { domain, affiliateCode: await affiliateForDomain(await db(), domain) };
  }),
  route(affiliateCheck, async ({ query }) => {
    const m = query.code.trim() ? await findByAffiliateCode(await db(), query.code) : null;
    if (!m || isTrialType(m.type) || m.status !== 'active') throw new ApiError(400, 'affiliate.invalid');
    return { affiliateCode: m.affiliateCode! };
  }),
];
