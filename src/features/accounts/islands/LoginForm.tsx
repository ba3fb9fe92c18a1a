/**
 * The login form of spec 2.9, in the popup and on the agent page: username or sms mode (sms only
 * with MOBILEVERCODELOGIN3), inputs trimmed except the code, remember box, show/hide password,
 * terms link, the captcha hidden until the server asks for it, human verification before a
 * non-sms login, free play (FREEPLAY3, not on the agent page), and the extra verification a
 * login from a new address needs (spec 4). The steps live in the form's store
 * (src/features/accounts/client/login-flow.ts); this component renders it.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { captchaImage, type LoginValue } from '../contract.ts';
import { createLoginFlow } from '../client/login-flow.ts';
import { api, merchantCode, readRemembered } from '../client/session.ts';
import { $flags, loadStatus } from '../client/site.ts';
import { MSG } from '../registerPatterns.ts';
import { FormError, focusFirstInvalid } from '../../../ui/form.tsx';
import { CaptchaImage, Field, PasswordField, TermsLink, useCountdown } from './fields.tsx';
import { MobileCodeFields, useMobileCode } from './mobile-code.tsx';
import type { LoginOutcome } from './flow.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { issueText } from './issue-text.ts';

export interface LoginFormProps {
  /** The agent page: only agents, no free play, no sign-up. */
  agent?: boolean;
  onSuccess: (outcome: LoginOutcome) => void | Promise<void>;
  onFreePlay?: (login: LoginValue) => void | Promise<void>;
  onForgot?: () => void;
  onRegister?: () => void;
}

export default function LoginForm({ agent = false, onSuccess, onFreePlay, onForgot, onRegister }: LoginFormProps) {
  const labels = useLabels();
  const { auth } = labels;
  const flags = useStore($flags);
  // The form's store (src/features/accounts/client/login-flow.ts): state and steps; this component renders.
  const [flow] = useState(() =>
    createLoginFlow({
      agent,
      words: { required: issueText(labels, { key: MSG.required }), mobile: issueText(labels, { key: MSG.mobile }), captcha: issueText(labels, { key: MSG.captcha }) },
    }),
  );
  const view = useStore(flow.$login);
  const { mode, username, password, captcha, captchaShown, captchaVersion, remember, errors, formError, status, busy, verifying, ipStep, ipAnswer } = view;
  const ipCountdown = useCountdown();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const remembered = useRef(readRemembered(merchantCode())).current;

  const phone = useMobileCode({
    onNote: flow.note,
    onMobileError: flow.mobileError,
    initial: { mobile: remembered?.mobileNum, dial: remembered?.countryDialingCode },
  });
  const phoneValues = { mobile: phone.mobile, dial: phone.dial, code: phone.code };

  useEffect(() => {
    void loadStatus().catch(() => {});
  }, []);
  // The first field in error takes focus whenever the store says so.
  useEffect(() => {
    if (view.focusErrors) focusFirstInvalid(formRef.current);
  }, [view.focusErrors]);
  // A new-address step by sms starts the resend countdown (the code's lifetime).
  useEffect(() => {
    const v = ipStep?.value;
    if (v?.method === 'sms') ipCountdown.start((v.expiredMinutes && v.expiredMinutes > 0 ? v.expiredMinutes : 1) * 60);
    // Once per step: the countdown object is new at every render and must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ipStep]);

  const smsEnabled = flags.MOBILEVERCODELOGIN3 === true;
  const freePlayEnabled = !agent && flags.FREEPLAY3 === true;

  const loadCaptcha = useCallback(() => api().call(captchaImage), []);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    await flow.submit(phoneValues, onSuccess);
  }

  /** Asks for the new-address code again. */
  async function attempt() {
    await flow.resendIpCode(phoneValues, onSuccess);
  }

  async function freePlay() {
    if (onFreePlay) await flow.freePlay(onFreePlay);
  }

  const switchMode = flow.switchMode;
  const setCaptcha = (v: string) => flow.type('captcha', v);
  const setIpAnswer = (v: string) => flow.type('ipAnswer', v);
  const setUsername = (v: string) => flow.type('username', v);
  const setPassword = (v: string) => flow.type('password', v);
  const setRemember = flow.setRemember;

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
    // A code sent by sms or by e-mail reads the same: a code field with its resend button.
    const sms = ipStep.value.method === 'sms' || ipStep.value.method === 'email';
    const totp = ipStep.value.method === 'totp';
    return (
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <h3 className="step-title">{auth.ipVerify.title}</h3>
        <p className="lead">{ipStep.message}</p>
        <Field
          name={sms || totp ? 'ipCode' : 'payeeName'}
          label={sms ? auth.verificationCode : totp ? auth.ipVerify.totp : auth.ipVerify.payeeName}
          value={ipAnswer}
          onChange={setIpAnswer}
          error={errors.ip}
          required
          autoFocus
          maxLength={100}
          inputMode={sms ? 'numeric' : 'text'}
          autoComplete={sms || totp ? 'one-time-code' : 'name'}
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
