/**
 * The login form of spec 2.9, in the popup and on the agent page: username or sms mode (sms only
 * with MOBILEVERCODELOGIN3), inputs trimmed except the code, remember box, show/hide password,
 * terms link, the captcha hidden until the server asks for it, human verification before a
 * non-sms login, free play (FREEPLAY3, not on the agent page), and the extra verification a
 * login from a new address needs (spec 4).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  ACCOUNT_ERRORS,
  captchaImage,
  freePlayLogin,
  login as loginCall,
  type IpVerifyValue,
  type LoginValue,
} from '../../lib/contract/accounts.ts';
import { ApiFailure } from '../../lib/client/api.ts';
import { humanCheck } from '../../lib/client/human-check.ts';
import { api, loginDeviceId, merchantCode, readRemembered, saveRemembered } from '../../lib/client/stores/session.ts';
import { $flags, loadStatus } from '../../lib/client/stores/system.ts';
import { isMobileNumber, MSG } from '../../lib/shared/registerPatterns.ts';
import { FormError, focusFirstInvalid } from '../ui/form.tsx';
import { CaptchaImage, Field, PasswordField, TermsLink, useCountdown } from './fields.tsx';
import { MobileCodeFields, useMobileCode } from './mobile-code.tsx';
import type { LoginOutcome } from './flow.ts';
import { fill, issueText, useLabels } from '../shell/labels.tsx';

export interface LoginFormProps {
  /** The agent page: only agents, no free play, no sign-up. */
  agent?: boolean;
  onSuccess: (outcome: LoginOutcome) => void | Promise<void>;
  onFreePlay?: (login: LoginValue) => void | Promise<void>;
  onForgot?: () => void;
  onRegister?: () => void;
}

type Mode = 'username' | 'sms';
type Errors = Partial<Record<'username' | 'password' | 'mobile' | 'code' | 'captcha' | 'ip', string>>;

export default function LoginForm({ agent = false, onSuccess, onFreePlay, onForgot, onRegister }: LoginFormProps) {
  const labels = useLabels();
  const { auth } = labels;
  const flags = useStore($flags);
  const remembered = useRef(readRemembered(merchantCode())).current;
  const [mode, setMode] = useState<Mode>('username');
  const [username, setUsername] = useState(remembered?.username ?? '');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [remember, setRemember] = useState(remembered !== null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState<'login' | 'freeplay' | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [ipStep, setIpStep] = useState<{ value: IpVerifyValue; message: string } | null>(null);
  const [ipAnswer, setIpAnswer] = useState('');
  const ipCountdown = useCountdown();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();

  const phone = useMobileCode({
    onNote: setStatus,
    onMobileError: (mobile) => setErrors((e) => ({ ...e, mobile })),
    initial: { mobile: remembered?.mobileNum, dial: remembered?.countryDialingCode },
  });
  const { mobile, dial, code } = phone;

  useEffect(() => {
    void loadStatus().catch(() => {});
  }, []);

  const smsEnabled = flags.MOBILEVERCODELOGIN3 === true;
  const freePlayEnabled = !agent && flags.FREEPLAY3 === true;
  const required = issueText(labels, { key: MSG.required });

  const loadCaptcha = useCallback(() => api().call(captchaImage), []);

  const focusFirstError = () => focusFirstInvalid(formRef.current);

  function validate(): Errors {
    const e: Errors = {};
    if (mode === 'username') {
      if (!username.trim()) e.username = required;
      if (!password) e.password = required;
    } else {
      const m = mobile.trim();
      if (!m) e.mobile = required;
      else if (!isMobileNumber(m)) e.mobile = issueText(labels, { key: MSG.mobile });
      if (!code) e.code = required;
    }
    if (captchaShown && !captcha.trim()) e.captcha = issueText(labels, { key: MSG.captcha });
    if (ipStep && !ipAnswer.trim()) e.ip = required;
    return e;
  }

  /** Sends the login; `ipVerification` answers a new-address prompt. */
  async function attempt(ipVerification?: string) {
    setBusy('login');
    setFormError(null);
    setStatus(null);
    const sms = mode === 'sms';
    try {
      const body = {
        username: sms ? mobile.trim() : username.trim(),
        password: sms ? code : password,
        type: mode,
        loginDeviceId: loginDeviceId(),
        ...(sms ? { countryDialingCode: dial } : {}),
        ...(captchaShown ? { captcha: captcha.trim() } : {}),
        ...(agent ? { agentLogin: true } : {}),
        ...(ipVerification ? { ipVerification } : {}),
      };
      if (!sms) {
        setVerifying(true);
        Object.assign(body, await humanCheck(api()));
        setVerifying(false);
      }
      const login = await api().call(loginCall, { body });
      saveRemembered(merchantCode(), remember, sms ? { mobileNum: body.username, countryDialingCode: dial } : { username: body.username });
      await onSuccess({ login, type: mode, password: sms ? undefined : password, agent });
    } catch (err) {
      onFailure(err);
    } finally {
      setBusy(null);
      setVerifying(false);
    }
  }

  function onFailure(err: unknown) {
    if (!(err instanceof ApiFailure)) {
      setFormError(err instanceof Error ? err.message : String(err));
      return;
    }
    const value = (err.value ?? {}) as { captchaRequired?: boolean };
    // One captcha serves one attempt: a shown captcha is replaced after every refusal.
    if (value.captchaRequired || captchaShown) {
      setCaptchaShown(true);
      setCaptcha('');
      setCaptchaVersion((v) => v + 1);
    }
    if (err.errorCode === ACCOUNT_ERRORS.ipVerify) {
      const v = err.value as IpVerifyValue;
      setIpStep({ value: v, message: err.message });
      setIpAnswer('');
      if (v.method === 'sms') ipCountdown.start((v.expiredMinutes && v.expiredMinutes > 0 ? v.expiredMinutes : 1) * 60);
      return;
    }
    if (err.errorCode === ACCOUNT_ERRORS.ipVerifyInvalid) {
      setErrors({ ip: err.message });
      focusFirstError();
      return;
    }
    if (err.errorCode === ACCOUNT_ERRORS.captchaRequired || err.errorCode === ACCOUNT_ERRORS.captchaInvalid) {
      setErrors({ captcha: err.message });
      focusFirstError();
      return;
    }
    const fe = err.fieldErrors;
    if (fe && Object.keys(fe).length) {
      const e: Errors = {};
      if (fe.username) e[mode === 'sms' ? 'mobile' : 'username'] = fe.username;
      if (fe.password) e[mode === 'sms' ? 'code' : 'password'] = fe.password;
      if (fe.captcha) e.captcha = fe.captcha;
      if (fe.countryDialingCode) e.mobile = fe.countryDialingCode;
      setErrors(e);
      if (Object.keys(e).length) {
        focusFirstError();
        return;
      }
    }
    setFormError(err.message);
  }

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }
    await attempt(ipStep ? ipAnswer.trim() : undefined);
  }

  async function freePlay() {
    if (busy || !onFreePlay) return;
    setBusy('freeplay');
    setFormError(null);
    try {
      setVerifying(true);
      const answer = await humanCheck(api());
      setVerifying(false);
      const login = await api().call(freePlayLogin, {
        body: { platform: 'W', os: 'web', gatewayVersion: 3, loginDeviceId: loginDeviceId(), ...answer },
      });
      await onFreePlay(login);
    } catch (err) {
      setFormError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
      setVerifying(false);
    }
  }

  const switchMode = (m: Mode) => {
    setMode(m);
    setErrors({});
    setFormError(null);
    setIpStep(null);
  };

  const captchaField = captchaShown && (
    <Field
      name="captcha"
      label={auth.captcha}
      value={captcha}
      onChange={setCaptcha}
      error={errors.captcha}
      required
      maxLength={16}
      placeholder={auth.captchaPlaceholder}
      autoFocus
      addon={<CaptchaImage load={loadCaptcha} version={captchaVersion} />}
    />
  );

  const messages = (
    <>
      <div role="status" aria-live="polite" className="form-status">
        {verifying ? auth.verifying : status}
      </div>
      <FormError message={formError} />
    </>
  );

  if (ipStep) {
    const sms = ipStep.value.method === 'sms';
    return (
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <h3 className="step-title">{auth.ipVerify.title}</h3>
        <p className="lead">{ipStep.message}</p>
        <Field
          name={sms ? 'ipCode' : 'payeeName'}
          label={sms ? auth.verificationCode : auth.ipVerify.payeeName}
          value={ipAnswer}
          onChange={setIpAnswer}
          error={errors.ip}
          required
          autoFocus
          maxLength={100}
          inputMode={sms ? 'numeric' : 'text'}
          autoComplete={sms ? 'one-time-code' : 'name'}
          addon={
            sms ? (
              <button
                type="button"
                className="addon-btn get-code"
                aria-disabled={ipCountdown.seconds > 0 || busy !== null || undefined}
                onClick={() => ipCountdown.seconds === 0 && !busy && void attempt()}
              >
                {ipCountdown.seconds > 0 ? (
                  <>
                    <span aria-hidden="true">{fill(auth.resendIn, { seconds: ipCountdown.seconds })}</span>
                    <span className="sr-only">{fill(auth.resendInLabel, { seconds: ipCountdown.seconds })}</span>
                  </>
                ) : (
                  auth.ipVerify.resend
                )}
              </button>
            ) : undefined
          }
        />
        {captchaField}
        {messages}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy !== null}>
          {busy === 'login' ? auth.login.submitting : auth.ipVerify.submit}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={() => switchMode(mode)}>
          {auth.ipVerify.back}
        </button>
      </form>
    );
  }

  return (
    <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
      {smsEnabled && (
        <div className="segmented" role="group" aria-label={auth.login.methods}>
          <button type="button" aria-pressed={mode === 'username'} onClick={() => switchMode('username')}>
            {auth.login.byUsername}
          </button>
          <button type="button" aria-pressed={mode === 'sms'} onClick={() => switchMode('sms')}>
            {auth.login.bySms}
          </button>
        </div>
      )}
      {mode === 'username' ? (
        <>
          <Field
            name="username"
            label={auth.login.username}
            value={username}
            onChange={setUsername}
            error={errors.username}
            required
            maxLength={64}
            autoComplete="username"
            placeholder={auth.login.usernamePlaceholder}
            autoFocus
          />
          <PasswordField
            name="password"
            label={auth.login.password}
            value={password}
            onChange={setPassword}
            error={errors.password}
            required
            maxLength={128}
            autoComplete="current-password"
            placeholder={auth.login.passwordPlaceholder}
          />
        </>
      ) : (
        <MobileCodeFields state={phone} errors={errors} codeName="code" mobilePlaceholder={auth.mobilePlaceholder} />
      )}
      {captchaField}
      <div className="form-row">
        <label className="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} aria-describedby={`${ids}-remember`} />
          <span>{auth.login.remember}</span>
        </label>
        {onForgot && (
          <button type="button" className="link-btn" onClick={onForgot}>
            {auth.login.forgot}
          </button>
        )}
      </div>
      <p id={`${ids}-remember`} className="field-hint">
        {auth.login.rememberHint}
      </p>
      {messages}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy !== null}>
        {busy === 'login' ? auth.login.submitting : auth.login.submit}
      </button>
      {freePlayEnabled && onFreePlay && (
        <button type="button" className="btn btn-brand btn-block" onClick={() => void freePlay()} disabled={busy !== null} aria-describedby={`${ids}-free`}>
          {auth.login.freePlay}
        </button>
      )}
      {freePlayEnabled && onFreePlay && (
        <p id={`${ids}-free`} className="field-hint center">
          {auth.login.freePlayHint}
        </p>
      )}
      <p className="terms">
        {auth.termsPrefix} <TermsLink />
      </p>
      {onRegister && (
        <p className="switch">
          {auth.login.noAccount}{' '}
          <button type="button" className="link-btn" onClick={onRegister}>
            {auth.login.signUp}
          </button>
        </p>
      )}
    </form>
  );
}
