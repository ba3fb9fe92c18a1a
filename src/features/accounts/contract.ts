/**
 * Accounts calls (spec 3 login/registration/change-password payloads, 4, 5, 7 session and member).
 *
 * Conventions every caller follows (written down here because the spec is silent):
 * - enc calls send `{ value }` plus an `Encryption` header, see docs/encryption.md and
 *   src/kernel/envelope/crypto.ts; the schemas below describe the body *after* decryption.
 *   The server refuses a plaintext body on an enc call (`request.encryption.required`) and a
 *   replayed or stale ciphertext (`request.replayed`, `request.expired`).
 * - Human verification is a proof-of-work challenge (`verificationChallenge`, see
 *   src/kernel/pow/pow.ts). Calls that send messages, create accounts or check a password
 *   without a code carry its answer in `challengeId` + `challengeNonce`; each challenge is good
 *   for one call. Missing or wrong: `verification.required` ('Please complete verification first').
 * - The captcha image's answer is bound to the caller by the HttpOnly cookie `wps_captcha`
 *   (Path=/wps, SameSite=Strict, 5 minutes) that `GET /wps/captcha` sets; a client without
 *   cookies may echo the `X-Captcha-Id` answer header as `captchaId` instead. One captcha
 *   serves one attempt.
 * - A refused login answers `success: false` with a `value` of `loginFailureValue`: the client
 *   shows the captcha field when `captchaRequired` is true. A login from an address the account
 *   has not used before answers `login.ip.verify` with `ipVerifyValue`; the client asks for the
 *   code (or the payee name) and sends the same login again with the answer, to
 *   `POST /wps/session/login/verification` (loginVerification) as clients of the existing API
 *   do, or to the login itself with `ipVerification`.
 */
import { sessionKey } from '../../kernel/envelope/contract.ts';
import { z } from 'zod';
import { defineCall } from '../../kernel/contract.ts';

/** Account types (spec 6): 0 player, 1, 2, 41, 42 agents, 4 trial. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const PLAYER_TYPE = 0;
export const TRIAL_TYPE = 4;
export const isAgentType = (type: number) => (AGENT_TYPES as readonly number[]).includes(type);
export const isTrialType = (type: number) => type === TRIAL_TYPE;

/** Minutes of inactivity after which a session token stops working. */
export const SESSION_IDLE_MINUTES = 30;

const str = (max: number) => z.string().max(max);
const opt = (max: number) => z.string().max(max).optional();

/** Proof-of-work answer fields (spec: 'the human-verification result fields'). */
export const challengeFields = {
  challengeId: opt(64),
  /** Decimal integer found by the client, see shared/pow.ts. */
  challengeNonce: opt(24),
};

/** Captcha fields: the answer typed by the user, and the id when cookies are not available. */
const captchaFields = {
  captcha: opt(16),
  captchaId: opt(64),
};

/** What a successful login, registration or free play answers. */
export const loginValue = z.object({
  /** 256-bit session token; sent back raw in the Authorization header. */
  token: z.string(),
  id: z.number().int(),
  /** id again: clients of the existing API read the registration answer's `customerId`. */
  customerId: z.number().int(),
  userName: z.string(),
  /** Account type: 0 player, 1/2/41/42 agent, 4 trial. */
  customerType: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** The account had never logged in before: run the first-login action. */
  firstTimeLogin: z.boolean(),
  /** The password is the brand's weak default, or expired while PWDEXPFORCECHANGE3 is on (never for sms login). */
  passwordExpired: z.boolean(),
  /** Time (ms) and address of the previous login, shown after login; null on the first. */
  lastLoginTime: z.number().nullable(),
  lastLoginIp: z.string().nullable(),
  /** Idle minutes after which the token expires. */
  idleMinutes: z.number().int(),
});
export type LoginValue = z.infer<typeof loginValue>;

/** The `value` of a refused login (errorCode login.failed, captcha.required, captcha.invalid, login.locked). */
export const loginFailureValue = z.object({ captchaRequired: z.boolean() });
export type LoginFailureValue = z.infer<typeof loginFailureValue>;

/** The `value` of a `login.ip.verify` refusal: how to prove it is the owner. */
export const ipVerifyValue = z.object({
  /**
   * totp: a code of the authenticator app (or a recovery code); sms: a code went to the
   * registered mobile; email: a code went to the verified e-mail address; payeeName: type the
   * account's payee name.
   */
  method: z.enum(['totp', 'sms', 'email', 'payeeName']),
  /** Masked mobile the code went to (sms only). */
  mobile: z.string().nullable(),
  /** Masked e-mail address the code went to (email only). */
  email: z.string().nullable(),
  /** Minutes the code lives (sms only; drives the countdown). */
  expiredMinutes: z.number().int().nullable(),
  captchaRequired: z.boolean(),
});
export type IpVerifyValue = z.infer<typeof ipVerifyValue>;

export const verificationChallenge = defineCall({
  name: 'verificationChallenge',
  method: 'GET',
  path: '/wps/verification/challenge',
  value: z.object({
    challengeId: z.string(),
    /** Hex; the client hashes UTF-8 `${salt}:${nonce}`. */
    salt: z.string(),
    /** Leading zero bits the SHA-256 must have. */
    difficulty: z.number().int(),
    /** ms since the epoch. */
    expiresAt: z.number(),
    algorithm: z.literal('SHA-256'),
  }),
});

export const loginBody = z.object({
  /** Username, or the mobile number in sms mode (trimmed by the server). */
  username: str(64).default(''),
  /** Password, or the sms code in sms mode (not trimmed). */
  password: str(128).default(''),
  /** 'username' or 'sms'; '1' (one client of the existing API) is a username login. */
  type: z.preprocess((v) => (v === '1' || v === 1 ? 'username' : v), z.enum(['username', 'sms'])).default('username'),
  /** Dialing code of the mobile number in sms mode, digits only ('52'). */
  countryDialingCode: opt(6),
  /** A UUID the browser keeps in local storage. */
  loginDeviceId: opt(64),
  /** The agent page's login: only agent accounts are let in. */
  agentLogin: z.boolean().optional(),
  /** The answer to a `login.ip.verify` prompt: the sms code, or the payee name. */
  ipVerification: opt(100),
  /** The player whose exclusion has ended asks to come back (it holds after the cooling-off). */
  reopenAccount: z.boolean().optional(),
  ...captchaFields,
  ...challengeFields,
});

export const login = defineCall({
  name: 'login',
  method: 'POST',
  path: '/wps/session/login',
  enc: true,
  body: loginBody,
  value: loginValue,
});

/**
 * The second step of a login from a new address, under the path real clients of the existing API
 * call for it (wire notes). It is the login again, with the answer to the `login.ip.verify`
 * prompt: every check of a login runs (password, captcha after failures, lockouts, the proof of
 * work of the strict profile), then the answer is checked. The answer may come as
 * `ipVerification` or under the names clients give it: `verifyCode`, `code`, `smsCode`,
 * `verificationCode` (a code), `payeeName` (the payee name). Our own front end sends its second
 * step here too.
 */
export const loginVerification = defineCall({
  name: 'loginVerification',
  method: 'POST',
  path: '/wps/session/login/verification',
  enc: true,
  body: loginBody
    .extend({ verifyCode: opt(100), code: opt(100), smsCode: opt(100), verificationCode: opt(100), payeeName: opt(100) })
    .transform(({ verifyCode, code, smsCode, verificationCode, payeeName, ...rest }) => ({
      ...rest,
      ipVerification: [rest.ipVerification, verifyCode, code, smsCode, verificationCode, payeeName].find((a) => a !== undefined && a.trim() !== '') ?? '',
    })),
  value: loginValue,
});

export const logout = defineCall({
  name: 'logout',
  method: 'DELETE',
  path: '/wps/session/logout',
  token: true,
  value: z.null(),
});

/** The same logout by POST, as one mobile client of the existing API sends it (wire notes). */
export const logoutPost = defineCall({
  name: 'logoutPost',
  method: 'POST',
  path: '/wps/session/logout',
  token: true,
  value: z.null(),
});

export const freePlayLogin = defineCall({
  name: 'freePlayLogin',
  method: 'POST',
  path: '/wps/session/login/freeplay',
  body: z.object({
    os: opt(32),
    /** 'W' for the web. */
    platform: opt(8),
    /** The existing platform's encrypted device string; kept for compatibility, not needed. */
    value: opt(2048),
    gatewayVersion: z.union([z.string().max(8), z.number()]).optional(),
    loginDeviceId: opt(64),
    ...challengeFields,
  }),
  value: loginValue,
});

const smsValue = z.object({ expiredMinutes: z.number().int() });

export const smsNoLogin = defineCall({
  name: 'smsNoLogin',
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  body: z.object({
    mobileNum: str(20).default(''),
    countryDialingCode: str(6).default(''),
    ...challengeFields,
  }),
  value: smsValue,
});

export const smsRegister = defineCall({
  name: 'smsRegister',
  method: 'POST',
  path: '/wps/verification/sms/register',
  body: z.object({
    mobileNo: str(20).default(''),
    countryDialingCode: str(6).default(''),
    /** 'register' (username form) or 'registerMobile'. */
    regType: opt(20),
    ...challengeFields,
  }),
  value: smsValue,
});

/** Member info (wire notes): mobile and email come masked. */
export const memberInfoValue = z.object({
  id: z.number().int(),
  account: z.string(),
  userName: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** Registration time, ms. */
  regDate: z.number(),
  mobile: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  email: z.string().nullable(),
  /** VIP label; null while VIP is off. */
  vip: z.string().nullable(),
  /** The language the member last chose on the site ('en', 'es'); null before the first choice. */
  language: z.string().nullable(),
  /** The VIP label where clients of the existing API read it (`clubLabel.labelName`); null while VIP is off. */
  clubLabel: z.object({ labelName: z.string() }).nullable(),
  firstTimeLogin: z.boolean(),
  /** The login before the current session (ms), null when there was none. */
  lastLoginTime: z.number().nullable(),
  lastLoginIp: z.string().nullable(),
  /** Code others register with to join this account's team or be invited by it. */
  affiliateCode: z.string().nullable(),
  upline: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  /** When this login session began (ms), for the header's session clock; null where the brand shows none. */
  sessionSince: z.number().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoValue>;

export const memberInfo = defineCall({
  name: 'memberInfo',
  method: 'GET',
  path: '/wps/member/info',
  token: true,
  value: memberInfoValue,
});

export const memberIcon = defineCall({
  name: 'memberIcon',
  method: 'GET',
  path: '/wps/member/info/icon',
  token: true,
  /** An SVG avatar drawn for the account (a data: URL), used by the header menu. */
  value: z.object({ iconUrl: z.string() }),
});

/**
 * The member's language (spec 4: a language change "triggers a server language update"): what the
 * server speaks to the member when no request says (messages, sms). `EN`, `es`, `es-MX`...: the
 * language part is taken; one the brand does not offer is refused with `language.unsupported`.
 */
export const memberLanguage = defineCall({
  name: 'memberLanguage',
  method: 'POST',
  path: '/wps/member/language',
  token: true,
  body: z.object({ language: z.string().trim().min(2).max(16) }),
  value: z.object({ language: z.string() }),
});

/** The registration record of spec 3; per-field rules of /wps/system/setting/register apply. */
export const registerBody = z.object({
  username: opt(64),
  password: opt(128),
  confirmPassword: opt(128),
  payeeName: opt(100),
  email: opt(100),
  qqNum: opt(40),
  mobileNum: opt(20),
  countryDialingCode: opt(6),
  recommenderId: opt(64),
  verificationCode: opt(255),
  affiliateCode: opt(64),
  paymentPassword: opt(64),
  line: opt(100),
  whatsapp: opt(40),
  facebook: opt(100),
  wechat: opt(100),
  idNumber: opt(40),
  /** yyyy-MM-dd, where the brand asks for it (register rule `birthday`). */
  birthday: opt(40),
  /** From the page's query string. */
  referralCode: opt(64),
  /** From the site's affiliate information. */
  domain: opt(255),
  /** Log in after registering (always true from the web). */
  login: z.boolean().optional(),
  registerUrl: opt(500),
  registerMethod: opt(16),
  loginDeviceId: opt(64),
  /** Auth-service sms (off by default): firebaseChannel 'sms' with its id token. */
  firebaseChannel: opt(16),
  firebaseIdToken: opt(4096),
  ...captchaFields,
  ...challengeFields,
});
export type RegisterBody = z.input<typeof registerBody>;

export const register = defineCall({
  name: 'register',
  method: 'PUT',
  path: '/wps/member/register',
  enc: true,
  body: registerBody,
  value: loginValue,
});

export const registerMobile = defineCall({
  name: 'registerMobile',
  method: 'PUT',
  path: '/wps/member/register/mobile',
  enc: true,
  body: registerBody,
  value: loginValue,
});

export const changePassword = defineCall({
  name: 'changePassword',
  method: 'POST',
  path: '/wps/member/password',
  token: true,
  enc: true,
  body: z.object({
    oldPassword: str(128).default(''),
    newPassword: str(128).default(''),
    confirmNewPassword: str(128).default(''),
  }),
  value: z.null(),
});

export const forgotPasswordEmail = defineCall({
  name: 'forgotPasswordEmail',
  method: 'POST',
  path: '/wps/member/password/email',
  form: true,
  body: z.object({
    username: str(64).default(''),
    email: str(100).default(''),
    ...challengeFields,
  }),
  /** Always the same answer, whether or not the pair exists (no enumeration). */
  value: z.null(),
});

export const setPasswordBySms = defineCall({
  name: 'setPasswordBySms',
  method: 'POST',
  path: '/wps/member/password/verification',
  enc: true,
  body: z.object({
    newPassword: str(128).default(''),
    /** Optional: when sent, must equal newPassword. */
    confirmNewPassword: opt(128),
    mobileNum: str(20).default(''),
    countryDialingCode: str(6).default(''),
    verificationCode: str(255).default(''),
  }),
  value: z.null(),
});

export const captchaImage = defineCall({
  name: 'captchaImage',
  method: 'GET',
  path: '/wps/captcha',
  /** A PNG in base64 (no data: prefix); show it as `data:image/png;base64,${value}`. */
  value: z.string(),
});

export const affiliateInfo = defineCall({
  name: 'affiliateInfo',
  method: 'GET',
  path: '/wps/agent/affiliate',
  query: z.object({ domain: opt(255) }),
  /** The site's affiliate information: the code a domain registers under, if any. */
  value: z.object({ domain: z.string(), affiliateCode: z.string().nullable() }),
});

export const affiliateCheck = defineCall({
  name: 'affiliateCheck',
  method: 'GET',
  path: '/wps/agent/affiliate/check',
  query: z.object({ code: str(64).default(''), domain: opt(255) }),
  /** success true with the normalised code; an unknown code answers `affiliate.invalid`. */
  value: z.object({ affiliateCode: z.string() }),
});

/** The security centre's view of how the account proves itself from a new address. */
export const securityValue = z.object({
  /** An authenticator app is set up. */
  totp: z.boolean(),
  /** Recovery codes of the app not yet used. */
  recoveryCodesLeft: z.number().int(),
  /** Masked registered mobile (codes go there), or null. */
  mobile: z.string().nullable(),
  payeeName: z.boolean(),
  /** Masked e-mail address on file, or null; and whether a code proved it. */
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** What a login from a new address asks for: the strongest the account has; null: none, so it cannot log in from a new address. */
  newAddressProof: z.enum(['totp', 'sms', 'email', 'payeeName']).nullable(),
});
export type SecurityValue = z.infer<typeof securityValue>;

export const securityInfo = defineCall({
  name: 'securityInfo',
  method: 'GET',
  path: '/wps/member/security',
  token: true,
  value: securityValue,
});

/** Mails a code to the member's e-mail address, to verify it. */
export const emailCode = defineCall({
  name: 'emailCode',
  method: 'POST',
  path: '/wps/member/security/email/code',
  token: true,
  body: z.object({}),
  value: z.object({ expiredMinutes: z.number().int() }),
});

/** Verifies the e-mail address with the code mailed to it. */
export const emailVerify = defineCall({
  name: 'emailVerify',
  method: 'POST',
  path: '/wps/member/security/email/verify',
  token: true,
  body: z.object({ code: str(16).default('') }),
  value: z.null(),
});

/** Starts setting up an authenticator app: a new secret, its otpauth address and QR code (SVG). */
export const totpSetup = defineCall({
  name: 'totpSetup',
  method: 'POST',
  path: '/wps/member/security/totp',
  token: true,
  body: z.object({}),
  value: z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
});

/** Confirms the app with the password and its first code; answers ten recovery codes, shown once. */
export const totpConfirm = defineCall({
  name: 'totpConfirm',
  method: 'POST',
  path: '/wps/member/security/totp/confirm',
  token: true,
  enc: true,
  body: z.object({ password: str(128).default(''), code: str(16).default('') }),
  value: z.object({ recoveryCodes: z.array(z.string()) }),
});

/** Turns the app off: the password and a code of the app (or a recovery code). */
export const totpDisable = defineCall({
  name: 'totpDisable',
  method: 'POST',
  path: '/wps/member/security/totp/disable',
  token: true,
  enc: true,
  body: z.object({ password: str(128).default(''), code: str(16).default('') }),
  value: z.null(),
});

export const accountCalls = [
  sessionKey,
  verificationChallenge,
  login,
  loginVerification,
  logout,
  logoutPost,
  freePlayLogin,
  smsNoLogin,
  smsRegister,
  memberInfo,
  memberIcon,
  memberLanguage,
  register,
  registerMobile,
  changePassword,
  forgotPasswordEmail,
  setPasswordBySms,
  captchaImage,
  affiliateInfo,
  affiliateCheck,
  securityInfo,
  emailCode,
  emailVerify,
  totpSetup,
  totpConfirm,
  totpDisable,
];

/** errorCodes of the accounts calls that a client reacts to (beyond showing the message). */
export const ACCOUNT_ERRORS = {
  /** Wrong username or password (never says which); value: loginFailureValue. */
  loginFailed: 'login.failed',
  /** Username or password empty. */
  loginEmpty: 'login.empty',
  /** The captcha must be answered (show and load it); value: loginFailureValue. */
  captchaRequired: 'captcha.required',
  /** The captcha answer was wrong or stale (load a new one); value: loginFailureValue. */
  captchaInvalid: 'captcha.invalid',
  /** Too many failures for this account or address; value: loginFailureValue. */
  loginLocked: 'login.locked',
  /** Agent page: the account is not an agent. */
  agentOnly: 'login.agent.only',
  /** A trial account tried a password login. */
  nonMember: 'login.non.member',
  /** New address: value ipVerifyValue; send the login again with ipVerification. */
  ipVerify: 'login.ip.verify',
  /** The ipVerification answer was wrong; value ipVerifyValue. */
  ipVerifyInvalid: 'login.ip.verify.invalid',
  /** Proof-of-work missing, wrong, used or expired: get a new challenge. */
  verificationRequired: 'verification.required',
  /** Trial account refused an account action (in_need_true_account). */
  trialRefused: 'account.trial',
  smsRateLimited: 'sms.rate.limited',
  smsMobileInvalid: 'sms.mobile.invalid',
  smsCodeInvalid: 'sms.code.invalid',
  smsCodeExpired: 'sms.code.expired',
  affiliateInvalid: 'affiliate.invalid',
  /** Field errors in fieldErrors (field -> message). */
  invalid: 'request.invalid',
  /** Encrypted calls: fetch the key again and retry once. */
  decryptFailed: 'request.decrypt.failed',
  encryptionRequired: 'request.encryption.required',
  replayed: 'request.replayed',
  expired: 'request.expired',
} as const;

/** The encryption envelope's key call is the kernel's; accounts serves it (server/routes.ts). */
export { sessionKey };
