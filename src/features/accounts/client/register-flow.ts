/**
 * The registration form's state and steps (spec 2.10 and 4), as nanostores advises: one store per
 * form, actions as plain functions, the component (islands/RegisterModal.tsx) only renders. The
 * fields come from the brand's per-field rules (registerPatterns.ts decides which show, which are
 * required and how each is checked); username or mobile registration (MOBILENUMREG3, with an sms
 * code under REGMOBVERF3 and a password under MOBILENUMPASSREG3); the terms box checked by
 * default; referralCode from the address; the affiliate check on opening and on submit.
 */
import { map } from 'nanostores';
import { ACCOUNT_ERRORS, affiliateCheck, affiliateInfo, register, registerMobile, smsRegister, type RegisterBody } from '../contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { humanCheck } from './human-check.ts';
import { api, beginSession, loginDeviceId, minimumAge } from './session.ts';
import { dayIn } from '../../../kernel/days.ts';
import { brandTimeZone } from '../../../kernel/intl.ts';
import { loadCountries, loadRegisterRules, loadStatus, type Flags } from './site.ts';
import { showDialog } from '../../../ui/stores/ui.ts';
import {
  isMobileNumber,
  mobileUsername,
  MSG,
  normaliseInput,
  validateRegistration,
  visibleFields,
  type FieldIssue,
  type FieldRule,
  type RegisterMode,
  type RegisterOptions,
} from '../registerPatterns.ts';

export interface RegisterView {
  rules: Record<string, FieldRule> | null;
  /** Chosen by the player; null: the brand's default. */
  mode: RegisterMode | null;
  values: Record<string, string>;
  dial: string;
  terms: boolean;
  errors: Record<string, string>;
  formError: string | null;
  status: string | null;
  busy: boolean;
  /** Grows when a new captcha image is due. */
  captchaVersion: number;
  /** The site's own affiliate code; hidden: the check on opening accepted it (spec 4). */
  site: { code: string | null; hidden: boolean };
  /** From the address (spec 3); an unknown one is warned about once, then dropped. */
  referralCode: string | undefined;
  /** Grows when the first field in error should take focus. */
  focusErrors: number;
}

/** The words the store says itself, in the page's language. */
export interface RegisterWords {
  /** A validation issue of the registration rules, in words. */
  issue: (issue: FieldIssue) => string;
  codeSent: string;
  affiliateInvalid: string;
  confirm: string;
}

/** What the form shows for the brand's flags and the player's choice: the mode, the rule options and the fields. */
export function formOf(v: Pick<RegisterView, 'rules' | 'mode' | 'site'>, flags: Flags) {
  // Spec 4: the default is mobile registration when MOBILENUMREG3 is on.
  const mobileReg = flags.MOBILENUMREG3 === true;
  const activeMode: RegisterMode = v.mode ?? (mobileReg ? 'registerMobile' : 'register');
  const options: RegisterOptions = {
    mode: activeMode,
    smsVerification: flags.REGMOBVERF3 === true,
    mobilePassword: flags.MOBILENUMPASSREG3 === true,
    affiliateHidden: v.site.hidden,
    age: { minimum: minimumAge(), today: dayIn(Date.now(), brandTimeZone()) },
  };
  return { mobileReg, activeMode, options, fields: v.rules ? visibleFields(v.rules, options) : [] };
}

/** One registration form's store, for the page at `address` (its domain and referral code). */
export function createRegisterFlow(o: { words: RegisterWords; flags: () => Flags; address: URL }) {
  const { words } = o;
  const domain = o.address.hostname;
  const $register = map<RegisterView>({
    rules: null,
    mode: null,
    values: {},
    dial: '',
    terms: true,
    errors: {},
    formError: null,
    status: null,
    busy: false,
    captchaVersion: 0,
    site: { code: null, hidden: false },
    referralCode: o.address.searchParams.get('referralCode')?.trim() || undefined,
    focusErrors: 0,
  });
  const get = () => $register.get();
  const set = (patch: Partial<RegisterView>) => $register.set({ ...get(), ...patch });
  const form = () => formOf(get(), o.flags());
  const showErrors = (errors: Record<string, string>) => set({ errors, focusErrors: get().focusErrors + 1 });

  /** Loads the rules, the countries and (spec 4) runs the affiliate check with the site's information. */
  async function open(): Promise<void> {
    void Promise.all([loadStatus(), loadRegisterRules()])
      .then(([, rules]) => set({ rules }))
      .catch((err: unknown) => set({ formError: err instanceof Error ? err.message : String(err) }));
    void loadCountries()
      .then((c) => set({ dial: get().dial || c.list.find((x) => x.iso === c.current)?.dialingCode || c.list[0]?.dialingCode || '' }))
      .catch(() => {});
    try {
      const info = await api().call(affiliateInfo, { query: { domain } });
      if (!info.affiliateCode) return;
      try {
        const ok = await api().call(affiliateCheck, { query: { code: info.affiliateCode, domain } });
        set({ site: { code: ok.affiliateCode, hidden: true } });
      } catch {
        set({ site: { code: info.affiliateCode, hidden: false } });
      }
    } catch {
      /* no site information: the field shows per its rule */
    }
  }

  /** Username or mobile registration. */
  function switchMode(mode: RegisterMode): void {
    set({ mode, errors: {}, formError: null });
  }

  /** A field as typed. */
  function type(field: string, value: string): void {
    set({ values: { ...get().values, [field]: value } });
  }

  /** The terms box; checking it clears its error. */
  function setTerms(terms: boolean): void {
    const { terms: _, ...rest } = get().errors;
    set({ terms, ...(terms ? { errors: rest } : {}) });
  }

  /** Checks the mobile number before an sms code is sent; answers whether it is fit. */
  function checkMobile(): boolean {
    const { values, rules, errors } = get();
    const m = (values.mobileNum ?? '').trim();
    const error = !m ? words.issue({ key: MSG.required }) : !isMobileNumber(m, rules?.mobileNum?.enabled ? rules.mobileNum : undefined) ? words.issue({ key: MSG.mobile }) : null;
    const next = { ...errors };
    if (error) next.mobileNum = error;
    else delete next.mobileNum;
    set({ errors: next });
    return error === null;
  }

  /** Sends the registration sms code (after the proof of work); answers the code's lifetime in minutes, or null. */
  async function sendCode(): Promise<number | null> {
    set({ status: null });
    try {
      const answer = await humanCheck(api());
      const v = await api().call(smsRegister, {
        body: { mobileNo: (get().values.mobileNum ?? '').trim(), countryDialingCode: get().dial, regType: form().activeMode, ...answer },
      });
      set({ status: words.codeSent });
      return v.expiredMinutes;
    } catch (err) {
      await showDialog({ kind: 'warning', text: err instanceof Error ? err.message : String(err) });
      return null;
    }
  }

  async function affiliateAccepted(code: string): Promise<boolean> {
    try {
      await api().call(affiliateCheck, { query: { code, domain } });
      return true;
    } catch (err) {
      if (err instanceof ApiFailure && err.errorCode === ACCOUNT_ERRORS.affiliateInvalid) {
        await showDialog({ kind: 'warning', text: words.affiliateInvalid, confirmLabel: words.confirm });
        return false;
      }
      throw err;
    }
  }

  /** What a refusal means for the form: errors under the fields it names, a dialog, or a message. */
  function refused(err: unknown): void {
    const { fields, activeMode } = form();
    if (fields.includes('captcha')) set({ values: { ...get().values, captcha: '' }, captchaVersion: get().captchaVersion + 1 });
    if (!(err instanceof ApiFailure)) {
      set({ formError: err instanceof Error ? err.message : String(err) });
      return;
    }
    const fe: Record<string, string> = { ...err.fieldErrors };
    const code = err.errorCode;
    if (code === 'register.username.taken') fe[activeMode === 'registerMobile' ? 'mobileNum' : 'username'] ??= err.message;
    if (code === 'register.mobile.taken') fe.mobileNum ??= err.message;
    if (code.startsWith('sms.code.')) fe.verificationCode ??= err.message;
    if (code.startsWith('captcha.')) fe.captcha ??= err.message;
    if (fe.mobileNo) fe.mobileNum ??= fe.mobileNo;
    const shown = Object.fromEntries(Object.entries(fe).filter(([f]) => fields.includes(f)));
    if (Object.keys(shown).length) return showErrors(shown);
    if (code === ACCOUNT_ERRORS.affiliateInvalid) {
      void showDialog({ kind: 'warning', text: words.affiliateInvalid, confirmLabel: words.confirm });
      return;
    }
    set({ formError: err.message });
  }

  /**
   * Checks, then registers (the new account is logged in); answers true when it did. An unknown
   * affiliate or referral code stops with a warning (a referral code is then dropped).
   */
  async function submit(): Promise<boolean> {
    const v = get();
    const { fields, options, activeMode } = form();
    if (v.busy || !v.rules) return false;
    set({ formError: null });
    const input = normaliseInput(Object.fromEntries(fields.map((f) => [f, v.values[f] ?? ''])));
    const found: Record<string, string> = {};
    for (const [f, issue] of Object.entries(validateRegistration(input, v.rules, options))) found[f] = words.issue(issue);
    if (!v.terms) found.terms = words.issue({ key: MSG.terms });
    set({ errors: found });
    if (Object.keys(found).length) {
      showErrors(found);
      return false;
    }
    set({ busy: true });
    try {
      // Spec 4: no affiliate field shown -> the site's code; a code is checked before registering.
      const affiliateCode = fields.includes('affiliateCode') ? input.affiliateCode || undefined : (v.site.code ?? undefined);
      if (affiliateCode && v.rules.affiliateCode?.enabled && !(await affiliateAccepted(affiliateCode))) return false;
      if (!affiliateCode && v.referralCode && !(await affiliateAccepted(v.referralCode))) {
        set({ referralCode: undefined });
        return false;
      }
      const answer = await humanCheck(api());
      const body: RegisterBody = {
        ...Object.fromEntries(Object.entries(input).filter(([, x]) => x !== '')),
        affiliateCode,
        referralCode: v.referralCode,
        domain,
        login: true,
        registerUrl: o.address.href,
        registerMethod: 'WEB',
        loginDeviceId: loginDeviceId(),
        ...answer,
      };
      if (fields.includes('mobileNum')) body.countryDialingCode = v.dial;
      if (activeMode === 'registerMobile') body.username = mobileUsername(input.mobileNum ?? '');
      const login = await api().call(activeMode === 'registerMobile' ? registerMobile : register, { body });
      await beginSession(login);
      return true;
    } catch (err) {
      refused(err);
      return false;
    } finally {
      set({ busy: false });
    }
  }

  return { $register, open, switchMode, type, setDial: (dial: string) => set({ dial }), setTerms, checkMobile, sendCode, submit };
}

export type RegisterFlow = ReturnType<typeof createRegisterFlow>;
