/**
 * Validation rules of spec 5, shared by the browser forms and the server (which enforces every
 * one of them again). Pure code: no i18n library. A check answers a `FieldIssue` (a message key
 * of the `accounts` catalogue plus the bounds); `renderIssue` turns it into text with the
 * catalogue the caller holds, replacing (min) and (max).
 */

/** The per-field registration rule of /wps/system/setting/register. */
export interface FieldRule {
  enabled: boolean;
  required: boolean;
  /** '*' accepts anything; otherwise comma-separated pattern ids, any of which may match. */
  acceptedPattern: string;
  /** The pattern whose message (reg_pattern_<id>) is shown. */
  patternId: number;
  min: number;
  max: number;
}

export interface PatternVariant {
  id: number;
  /** What the pattern accepts, for docs and brand authors. */
  description: string;
  test(value: string): boolean;
}

const re = (r: RegExp) => (v: string) => r.test(v);

function isDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}
const ymd = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return !!m && isDate(+m[1]!, +m[2]!, +m[3]!);
};
const mdy = (v: string) => {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
  return !!m && isDate(+m[3]!, +m[1]!, +m[2]!);
};

const WORD = String.raw`\p{L}[\p{L}\p{M}]*(?:['.\-]\p{L}[\p{L}\p{M}]*)*`;
const JAPANESE = String.raw`\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー々`;

/** The pattern variants of spec 5, by id (0..23); message key reg_pattern_<id>. */
export const PATTERNS: readonly PatternVariant[] = [
  { id: 0, description: 'letters and digits', test: re(/^[A-Za-z0-9]+$/) },
  { id: 1, description: 'letters and digits, starting with a letter', test: re(/^[A-Za-z][A-Za-z0-9]*$/) },
  { id: 2, description: 'digits only', test: re(/^[0-9]+$/) },
  {
    id: 3,
    description: 'e-mail address',
    test: re(/^[A-Za-z0-9._%+\-]+@[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/),
  },
  { id: 4, description: 'letters and digits with at least one uppercase letter', test: re(/^(?=.*[A-Z])[A-Za-z0-9]+$/) },
  { id: 5, description: 'uppercase letters only', test: re(/^[A-Z]+$/) },
  { id: 6, description: 'English letters and spaces', test: re(/^[A-Za-z]+(?: [A-Za-z]+)*$/) },
  { id: 7, description: 'full name: first and last name', test: re(new RegExp(`^${WORD}(?: ${WORD})+$`, 'u')) },
  { id: 8, description: 'anything without spaces', test: re(/^\S+$/u) },
  { id: 9, description: 'Thai only', test: re(/^[\u0E00-\u0E7F]+$/) },
  { id: 10, description: 'Japanese only', test: re(new RegExp(`^[${JAPANESE}]+$`, 'u')) },
  { id: 11, description: 'date yyyy-MM-dd', test: ymd },
  { id: 12, description: 'date MM-dd-yyyy', test: mdy },
  {
    id: 13,
    description: 'password with an uppercase letter, a lowercase letter, a digit and a symbol, no spaces',
    test: re(/^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9\s])\S+$/),
  },
  { id: 14, description: 'English letters only', test: re(/^[A-Za-z]+$/) },
  { id: 15, description: 'letters and digits, at least one of each', test: re(/^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/) },
  { id: 16, description: 'lowercase letters and digits', test: re(/^[a-z0-9]+$/) },
  { id: 17, description: 'letters, digits and underscores, starting with a letter', test: re(/^[A-Za-z][A-Za-z0-9_]*$/) },
  { id: 18, description: 'letters of any language and spaces', test: re(/^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u) },
  { id: 19, description: 'letters, digits and spaces', test: re(/^[\p{L}\p{M}0-9]+(?: [\p{L}\p{M}0-9]+)*$/u) },
  { id: 20, description: 'Thai and spaces', test: re(/^[\u0E00-\u0E7F]+(?: [\u0E00-\u0E7F]+)*$/) },
  { id: 21, description: 'Japanese and spaces', test: re(new RegExp(`^[${JAPANESE}]+(?:[ \u3000][${JAPANESE}]+)*$`, 'u')) },
  { id: 22, description: 'date yyyy-MM-dd or MM-dd-yyyy', test: (v) => ymd(v) || mdy(v) },
  { id: 23, description: 'digits, optionally after a leading +', test: re(/^\+?[0-9]+$/) },
];

/** A refusal: a key of the `accounts` catalogue and the bounds to put into its text. */
export interface FieldIssue {
  key: string;
  min?: number;
  max?: number;
}

/** Message keys of the `accounts` catalogue used here (besides reg_pattern_0..23). */
export const MSG = {
  required: 'validation.required',
  confirm: 'validation.confirm',
  passwordLength: 'validation.passwordLength',
  passwordFormat: 'validation.passwordFormat',
  code: 'validation.code',
  mobile: 'validation.mobile',
  account: 'validation.account',
  email: 'validation.email',
  captcha: 'validation.captcha',
  loginEmpty: 'validation.loginEmpty',
  terms: 'validation.terms',
  invitation: 'validation.invitation',
  age: 'validation.age',
} as const;

/** Length in characters (code points), so Thai and Japanese count as typed. */
export const charLength = (v: string) => [...v].length;

/**
 * Puts bounds into a message: '(min)' and '(max)' are replaced; when min equals max the
 * combined '(min) - (max)' becomes the single number.
 * @example formatBounds('Please enter (min) - (max) digits', 6, 6) // 'Please enter 6 digits'
 */
export function formatBounds(template: string, min?: number, max?: number): string {
  let s = template;
  if (min !== undefined && max !== undefined && min === max) s = s.replace(/\(min\)\s*-\s*\(max\)/g, String(min));
  if (min !== undefined) s = s.replaceAll('(min)', String(min));
  if (max !== undefined) s = s.replaceAll('(max)', String(max));
  return s;
}

/** Text of an issue, with `lookup` reading the `accounts` catalogue (key -> template). */
export function renderIssue(issue: FieldIssue, lookup: (key: string) => string): string {
  return formatBounds(lookup(issue.key), issue.min, issue.max);
}

/** Does `value` match the rule's accepted pattern(s)? '*' accepts anything. */
export function matchesRule(value: string, rule: Pick<FieldRule, 'acceptedPattern' | 'patternId'>): boolean {
  const accepted = rule.acceptedPattern.trim();
  if (accepted === '*' || accepted === '') return true;
  const ids = accepted.split(',').map((s) => Number(s.trim()));
  return ids.some((id) => PATTERNS[id]?.test(value) ?? false);
}

/**
 * Checks one non-empty value against its rule: length first, then pattern. Passwords have
 * their own length message; mobiles their own message.
 */
export function checkValue(field: string, value: string, rule: FieldRule): FieldIssue | null {
  const len = charLength(value);
  const bounds = { min: rule.min, max: rule.max };
  const patternIssue = { key: `reg_pattern_${rule.patternId}`, ...bounds };
  if (field === 'mobileNum') return len >= rule.min && len <= rule.max && matchesRule(value, rule) ? null : { key: MSG.mobile };
  if (len < rule.min || len > rule.max) return field === 'password' ? { key: MSG.passwordLength, ...bounds } : patternIssue;
  return matchesRule(value, rule) ? null : patternIssue;
}

/** Registration fields driven by rules (spec 5), in form order. */
export const RULE_FIELDS = [
  'username',
  'password',
  'payeeName',
  'birthday',
  'paymentPassword',
  'email',
  'mobileNum',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'captcha',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/** Fields never trimmed (secrets and codes are taken as typed). */
const UNTRIMMED = new Set(['password', 'confirmPassword', 'paymentPassword', 'verificationCode', 'newPassword', 'confirmNewPassword', 'oldPassword']);

/** Trims every text field except passwords and codes; absent stays absent. */
export function normaliseInput<T extends Record<string, unknown>>(input: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) out[k] = typeof v === 'string' && !UNTRIMMED.has(k) ? v.trim() : v;
  return out as T;
}

export type RegisterMode = 'register' | 'registerMobile';

export interface RegisterOptions {
  mode: RegisterMode;
  /** REGMOBVERF3: a mobile number must be proven with an sms code. */
  smsVerification: boolean;
  /** MOBILENUMPASSREG3: mobile registration asks for a password too. */
  mobilePassword: boolean;
  /** The affiliate field is hidden because the site's code was accepted (spec 4). */
  affiliateHidden?: boolean;
  /**
   * The brand's minimum age (issue 28) and today's date (yyyy-MM-dd) in the brand's time zone: a
   * birthday less than that many years before today is refused. Without them only the birthday's
   * form is checked.
   */
  age?: { minimum: number; today: string };
}

/** Which fields a registration form shows, in order (the browser renders these). */
export function visibleFields(rules: Record<string, FieldRule>, o: RegisterOptions): string[] {
  const out: string[] = [];
  const shown = (f: string) => rules[f]?.enabled === true;
  if (o.mode === 'register') out.push('username');
  if (o.mode === 'registerMobile') out.push('mobileNum');
  if (passwordAsked(o)) out.push('password', 'confirmPassword');
  for (const f of RULE_FIELDS) {
    if (f === 'username' || f === 'password' || f === 'mobileNum' || f === 'captcha') continue;
    if (f === 'affiliateCode' && o.affiliateHidden) continue;
    if (shown(f)) out.push(f);
  }
  if (o.mode === 'register' && shown('mobileNum')) out.splice(out.indexOf('confirmPassword') + 1, 0, 'mobileNum');
  if (o.smsVerification && out.includes('mobileNum')) out.splice(out.indexOf('mobileNum') + 1, 0, 'verificationCode');
  if (shown('captcha')) out.push('captcha');
  return out;
}

function passwordAsked(o: RegisterOptions): boolean {
  return o.mode === 'register' || o.mobilePassword;
}

/** Is a field required in this form? (spec 5 'Always required' plus the rule's flag) */
export function isRequired(field: string, rules: Record<string, FieldRule>, o: RegisterOptions, values: Record<string, string | undefined> = {}): boolean {
  if (field === 'username') return o.mode === 'register';
  if (field === 'password' || field === 'confirmPassword') return passwordAsked(o);
  if (field === 'mobileNum') return o.mode === 'registerMobile' || rules.mobileNum?.required === true;
  if (field === 'verificationCode') return o.smsVerification && (o.mode === 'registerMobile' || !!values.mobileNum);
  if (field === 'paymentPassword' || field === 'captcha') return rules[field]?.enabled === true;
  return rules[field]?.enabled === true && rules[field]?.required === true;
}

/**
 * Validates a registration record (already trimmed) against the brand's rules; answers the
 * first issue of each field, keyed by field. Empty means valid.
 */
export function validateRegistration(input: Record<string, string | undefined>, rules: Record<string, FieldRule>, o: RegisterOptions): Record<string, FieldIssue> {
  const issues: Record<string, FieldIssue> = {};
  const fields = visibleFields(rules, o);
  for (const field of fields) {
    const value = input[field] ?? '';
    if (value === '') {
      if (isRequired(field, rules, o, input)) issues[field] = field === 'captcha' ? { key: MSG.captcha } : { key: MSG.required };
      continue;
    }
    if (field === 'confirmPassword') {
      if (value !== (input.password ?? '')) issues[field] = { key: MSG.confirm };
      continue;
    }
    if (field === 'verificationCode') {
      if (charLength(value) > 255) issues[field] = { key: MSG.code };
      continue;
    }
    const rule = rules[field];
    if (field === 'mobileNum' && !rule) {
      if (!isMobileNumber(value)) issues[field] = { key: MSG.mobile };
      continue;
    }
    if (!rule) continue;
    const issue = checkValue(field, value, rule) ?? (field === 'birthday' ? ageIssue(value, o.age) : null);
    if (issue) issues[field] = issue;
  }
  return issues;
}

/**
 * Full years between a birthday and a day, both yyyy-MM-dd (a birthday on 29 February comes of
 * age on 1 March in common years, as most jurisdictions count it).
 * @example yearsBetween('2008-11-29', '2026-11-29') // 18
 */
export function yearsBetween(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The latest birthday (yyyy-MM-dd) of someone who is `minimum` years old on `today`. */
export function latestBirthday(minimum: number, today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // 29 February of a year whose (y - minimum) is common: the day before 1 March.
  const day = isDate(y - minimum, m, d) ? d : d - 1;
  return `${String(y - minimum).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A birthday in the future or over 120 years ago is mistyped; one too recent is under age. */
function ageIssue(value: string, age: RegisterOptions['age']): FieldIssue | null {
  if (!age || !PATTERNS[11]!.test(value)) return null;
  const years = yearsBetween(value, age.today);
  if (value > age.today || years > 120) return { key: 'reg_pattern_11' };
  return years < age.minimum ? { key: MSG.age, min: age.minimum } : null;
}

/**
 * A plausible mobile number: 5 to 15 digits (a leading zero allowed), optionally checked
 * against the brand's mobileNum rule too.
 * @example isMobileNumber('0551234567') // true
 */
export function isMobileNumber(value: string, rule?: FieldRule): boolean {
  if (!/^[0-9]{5,15}$/.test(value)) return false;
  return rule ? checkValue('mobileNum', value, rule) === null : true;
}

/** A dialing code: 1 to 4 digits, an optional '+' dropped. */
export function normaliseDialingCode(value: string): string | null {
  const v = value.trim().replace(/^\+/, '');
  return /^[0-9]{1,4}$/.test(v) ? v : null;
}

/**
 * The username of a mobile registration: the number without its leading zero(s) (spec 4).
 * @example mobileUsername('0551234567') // '551234567'
 */
export function mobileUsername(mobile: string): string {
  return mobile.trim().replace(/^0+/, '');
}

/**
 * The login username check of forgot-by-email (spec 5 'in username format'): the username
 * rule when the brand has one, else letters and digits 4-20; a mobile username is digits.
 */
export function isUsernameFormat(value: string, rule?: FieldRule): boolean {
  if (/^[0-9]{5,15}$/.test(value)) return true;
  if (rule) return checkValue('username', value, rule) === null;
  return /^[A-Za-z0-9]{4,20}$/.test(value);
}

/** The e-mail check (pattern 3). */
export function isEmail(value: string): boolean {
  return value.length <= 100 && PATTERNS[3]!.test(value);
}

/**
 * Masks a mobile number for display: all but the last 4 digits become '*'.
 * @example maskMobile('5512345678') // '******5678'
 */
export function maskMobile(mobile: string): string {
  return mobile.length <= 4 ? '*'.repeat(mobile.length) : '*'.repeat(mobile.length - 4) + mobile.slice(-4);
}

/**
 * Masks an e-mail address: first letter of the local part, then '***'.
 * @example maskEmail('maria@example.com') // 'm***@example.com'
 */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
