/**
 * The registration modal of spec 2.10 and 4: fields from the brand's per-field rules of
 * /wps/system/setting/register (src/lib/shared/registerPatterns.ts decides which show, which are
 * required and how each is checked), username or mobile registration (MOBILENUMREG3, with an sms
 * code under REGMOBVERF3 and a password under MOBILENUMPASSREG3), terms box checked by default,
 * referralCode from the address, the affiliate check on mount and on submit. Success logs in
 * and goes to /.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  ACCOUNT_ERRORS,
  affiliateCheck,
  affiliateInfo,
  captchaImage,
  register,
  registerMobile,
  smsRegister,
  type RegisterBody,
} from '../../lib/contract/accounts.ts';
import { ApiFailure } from '../../lib/client/api.ts';
import { humanCheck } from '../../lib/client/human-check.ts';
import { api, beginSession, loginDeviceId } from '../../lib/client/stores/session.ts';
import { $countries, $flags, loadCountries, loadRegisterRules, loadStatus } from '../../lib/client/stores/system.ts';
import { closePopup, openPopup, showDialog } from '../../lib/client/stores/ui.ts';
import {
  isMobileNumber,
  isRequired,
  mobileUsername,
  MSG,
  normaliseInput,
  validateRegistration,
  visibleFields,
  type FieldRule,
  type RegisterMode,
  type RegisterOptions,
} from '../../lib/shared/registerPatterns.ts';
import { FormError, focusFirstInvalid } from '../ui/form.tsx';
import Popup from '../ui/Popup.tsx';
import { CaptchaImage, DialingCode, Field, GetCodeButton, PasswordField, TermsLink } from './fields.tsx';
import { goHome } from './flow.ts';
import { fill, issueText, useLabels } from '../shell/labels.tsx';

type FieldName = keyof ReturnType<typeof useLabels>['auth']['register']['fields'];

const SECRET = new Set(['password', 'confirmPassword', 'paymentPassword']);
const AUTOCOMPLETE: Record<string, string> = {
  username: 'username',
  password: 'new-password',
  confirmPassword: 'new-password',
  paymentPassword: 'off',
  email: 'email',
  mobileNum: 'tel-national',
  payeeName: 'name',
  verificationCode: 'one-time-code',
};

export default function RegisterModal({ onClose }: { onClose: () => void }) {
  const labels = useLabels();
  const { auth } = labels;
  const flags = useStore($flags);
  const countries = useStore($countries);
  const ids = useId();
  const [rules, setRules] = useState<Record<string, FieldRule> | null>(null);
  const [mode, setMode] = useState<RegisterMode | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [dial, setDial] = useState('');
  const [terms, setTerms] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  /** The site's own affiliate code; hidden: the check on mount accepted it (spec 4). */
  const [site, setSite] = useState<{ code: string | null; hidden: boolean }>({ code: null, hidden: false });
  const formRef = useRef<HTMLFormElement>(null);
  const domain = window.location.hostname;
  // Spec 3: referralCode comes from the address; an unknown one is warned about once, then dropped.
  const [referralCode, setReferralCode] = useState(() => new URLSearchParams(window.location.search).get('referralCode')?.trim() || undefined);

  useEffect(() => {
    void Promise.all([loadStatus(), loadRegisterRules()])
      .then(([, r]) => setRules(r))
      .catch((err: unknown) => setFormError(err instanceof Error ? err.message : String(err)));
    void loadCountries()
      .then((c) => setDial((d) => d || c.list.find((x) => x.iso === c.current)?.dialingCode || c.list[0]?.dialingCode || ''))
      .catch(() => {});
    // Spec 4: on mount the affiliate check runs with the site's information.
    void (async () => {
      try {
        const info = await api().call(affiliateInfo, { query: { domain } });
        if (!info.affiliateCode) return;
        try {
          const ok = await api().call(affiliateCheck, { query: { code: info.affiliateCode, domain } });
          setSite({ code: ok.affiliateCode, hidden: true });
        } catch {
          setSite({ code: info.affiliateCode, hidden: false });
        }
      } catch {
        /* no site information: the field shows per its rule */
      }
    })();
  }, [domain]);

  // Spec 4: the default is mobile registration when MOBILENUMREG3 is on.
  const mobileReg = flags.MOBILENUMREG3 === true;
  const activeMode: RegisterMode = mode ?? (mobileReg ? 'registerMobile' : 'register');
  const options: RegisterOptions = {
    mode: activeMode,
    smsVerification: flags.REGMOBVERF3 === true,
    mobilePassword: flags.MOBILENUMPASSREG3 === true,
    affiliateHidden: site.hidden,
  };
  const fields = rules ? visibleFields(rules, options) : [];
  const set = (f: string) => (v: string) => setValues((old) => ({ ...old, [f]: v }));
  const loadCaptcha = useCallback(() => api().call(captchaImage), []);

  const switchMode = (m: RegisterMode) => {
    setMode(m);
    setErrors({});
    setFormError(null);
  };

  function checkMobile(): boolean {
    const m = (values.mobileNum ?? '').trim();
    const error = !m
      ? issueText(labels, { key: MSG.required })
      : !isMobileNumber(m, rules?.mobileNum?.enabled ? rules.mobileNum : undefined)
        ? issueText(labels, { key: MSG.mobile })
        : null;
    setErrors((e) => {
      const next = { ...e };
      if (error) next.mobileNum = error;
      else delete next.mobileNum;
      return next;
    });
    return error === null;
  }

  async function sendCode(): Promise<number | null> {
    setStatus(null);
    try {
      const answer = await humanCheck(api());
      const v = await api().call(smsRegister, {
        body: { mobileNo: (values.mobileNum ?? '').trim(), countryDialingCode: dial, regType: activeMode, ...answer },
      });
      setStatus(auth.codeSent);
      return v.expiredMinutes;
    } catch (err) {
      await showDialog({ kind: 'warning', text: err instanceof Error ? err.message : String(err) });
      return null;
    }
  }

  const focusFirstError = () =>
    focusFirstInvalid(formRef.current);

  async function affiliateAccepted(code: string): Promise<boolean> {
    try {
      await api().call(affiliateCheck, { query: { code, domain } });
      return true;
    } catch (err) {
      if (err instanceof ApiFailure && err.errorCode === ACCOUNT_ERRORS.affiliateInvalid) {
        await showDialog({ kind: 'warning', text: auth.invitation_code_error, confirmLabel: auth.confirm });
        return false;
      }
      throw err;
    }
  }

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !rules) return;
    setFormError(null);
    const input = normaliseInput(Object.fromEntries(fields.map((f) => [f, values[f] ?? ''])));
    const found: Record<string, string> = {};
    for (const [f, issue] of Object.entries(validateRegistration(input, rules, options))) found[f] = issueText(labels, issue);
    if (!terms) found.terms = issueText(labels, { key: MSG.terms });
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }
    setBusy(true);
    try {
      // Spec 4: no affiliate field shown -> the site's code; a code is checked before registering.
      const affiliateCode = fields.includes('affiliateCode') ? input.affiliateCode || undefined : (site.code ?? undefined);
      if (affiliateCode && rules.affiliateCode?.enabled && !(await affiliateAccepted(affiliateCode))) return;
      if (!affiliateCode && referralCode && !(await affiliateAccepted(referralCode))) {
        setReferralCode(undefined);
        return;
      }
      const answer = await humanCheck(api());
      const body: RegisterBody = {
        ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== '')),
        affiliateCode,
        referralCode,
        domain,
        login: true,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        loginDeviceId: loginDeviceId(),
        ...answer,
      };
      if (fields.includes('mobileNum')) body.countryDialingCode = dial;
      if (activeMode === 'registerMobile') body.username = mobileUsername(input.mobileNum ?? '');
      const login = await api().call(activeMode === 'registerMobile' ? registerMobile : register, { body });
      await beginSession(login);
      closePopup();
      goHome(labels);
    } catch (err) {
      onFailure(err);
    } finally {
      setBusy(false);
    }
  }

  function onFailure(err: unknown) {
    if (fields.includes('captcha')) {
      setValues((v) => ({ ...v, captcha: '' }));
      setCaptchaVersion((n) => n + 1);
    }
    if (!(err instanceof ApiFailure)) {
      setFormError(err instanceof Error ? err.message : String(err));
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
    if (Object.keys(shown).length) {
      setErrors(shown);
      focusFirstError();
      return;
    }
    if (code === ACCOUNT_ERRORS.affiliateInvalid) {
      void showDialog({ kind: 'warning', text: auth.invitation_code_error, confirmLabel: auth.confirm });
      return;
    }
    setFormError(err.message);
  }

  const tabs = mobileReg && (
    <div className="segmented" role="group" aria-label={auth.register.methods}>
      <button type="button" aria-pressed={activeMode === 'register'} onClick={() => switchMode('register')}>
        {auth.register.byUsername}
      </button>
      <button type="button" aria-pressed={activeMode === 'registerMobile'} onClick={() => switchMode('registerMobile')}>
        {auth.register.byMobile}
      </button>
    </div>
  );

  const renderField = (f: string, index: number) => {
    const label = auth.register.fields[f as FieldName] ?? f;
    const rule = rules?.[f];
    const common = {
      name: f,
      label,
      value: values[f] ?? '',
      onChange: set(f),
      error: errors[f],
      required: rules ? isRequired(f, rules, options, values) : false,
      maxLength: f === 'verificationCode' ? 255 : rule && rule.max > 0 ? rule.max : 100,
      autoComplete: AUTOCOMPLETE[f] ?? 'off',
      autoFocus: index === 0,
    };
    if (SECRET.has(f)) return <PasswordField key={f} {...common} />;
    if (f === 'mobileNum') {
      const username = activeMode === 'registerMobile' && values.mobileNum?.trim() ? mobileUsername(values.mobileNum) : '';
      return (
        <Field
          key={f}
          {...common}
          type="tel"
          inputMode="tel"
          prefix={<DialingCode value={dial} onChange={setDial} countries={countries?.list ?? []} />}
          hint={username ? fill(auth.register.mobileUsername, { username }) : undefined}
        />
      );
    }
    if (f === 'verificationCode') {
      return <Field key={f} {...common} inputMode="numeric" placeholder={auth.codePlaceholder} addon={<GetCodeButton check={checkMobile} send={sendCode} />} />;
    }
    if (f === 'captcha') {
      return <Field key={f} {...common} placeholder={auth.captchaPlaceholder} addon={<CaptchaImage load={loadCaptcha} version={captchaVersion} />} />;
    }
    if (f === 'email') return <Field key={f} {...common} type="email" inputMode="email" />;
    return <Field key={f} {...common} />;
  };

  const termsId = `${ids}-terms-err`;
  return (
    <Popup
      title={auth.register.title}
      closeLabel={auth.close}
      onClose={onClose}
      className="popup-auth"
      headerExtra={
        flags.MOBILEVERCODELOGIN3 === true && (
        <div className="popup-tabs" role="group" aria-label={auth.register.title}>
          <button type="button" aria-pressed="false" onClick={() => openPopup('login')}>
            {auth.login.tabLogin}
          </button>
          <button type="button" aria-pressed="true">
            {auth.login.tabRegister}
          </button>
        </div>
        )
      }
    >
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        {tabs}
        {!rules && !formError && (
          <p className="muted" role="status">
            {auth.loading}…
          </p>
        )}
        {fields.map(renderField)}
        {site.hidden && <p className="field-hint">{auth.register.affiliateFromSite}</p>}
        <div className={errors.terms ? 'field has-error' : 'field'}>
          <label className="check">
            <input
              type="checkbox"
              name="terms"
              checked={terms}
              onChange={(e) => {
                setTerms(e.target.checked);
                if (e.target.checked) setErrors(({ terms: _, ...rest }) => rest);
              }}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? termsId : undefined}
            />
            <span>
              {auth.register.terms} <TermsLink />
            </span>
          </label>
          {errors.terms && (
            <p className="field-error" id={termsId}>
              {errors.terms}
            </p>
          )}
        </div>
        <div role="status" aria-live="polite" className="form-status">
          {busy ? auth.verifying : status}
        </div>
        <FormError message={formError} />
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              // Spec 2.10: Cancel goes to /.
              closePopup();
              goHome(labels);
            }}
          >
            {auth.register.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !rules}>
            {auth.register.submit}
          </button>
        </div>
        <p className="switch">
          {auth.register.haveAccount}{' '}
          <button type="button" className="link-btn" onClick={() => openPopup('login')}>
            {auth.register.login}
          </button>
          {' · '}
          <button type="button" className="link-btn" onClick={() => openPopup('forget')}>
            {auth.register.forgot}
          </button>
          {' · '}
          <a href={`${labels.prefix}/help`}>{auth.register.help}</a>
        </p>
      </form>
    </Popup>
  );
}
