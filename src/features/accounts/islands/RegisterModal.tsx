/**
 * The registration modal of spec 2.10 and 4: fields from the brand's per-field rules of
 * /wps/system/setting/register (src/features/accounts/registerPatterns.ts decides which show, which are
 * required and how each is checked), username or mobile registration (MOBILENUMREG3, with an sms
 * code under REGMOBVERF3 and a password under MOBILENUMPASSREG3), terms box checked by default,
 * referralCode from the address, the affiliate check on mount and on submit. Success logs in
 * and goes to /. The steps live in the form's store (src/features/accounts/client/register-flow.ts);
 * this component renders it.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { captchaImage } from '../contract.ts';
import { createRegisterFlow, formOf } from '../client/register-flow.ts';
import { api } from '../client/session.ts';
import { $countries, $flags } from '../client/site.ts';
import { closePopup, openPopup } from '../../../ui/stores/ui.ts';
import { isRequired, latestBirthday, mobileUsername } from '../registerPatterns.ts';
import { FormError, focusFirstInvalid } from '../../../ui/form.tsx';
import Popup from '../../../ui/Popup.tsx';
import { CaptchaImage, DialingCode, Field, GetCodeButton, PasswordField, TermsLink } from './fields.tsx';
import { goHome } from './flow.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { issueText } from './issue-text.ts';

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
  birthday: 'bday',
  verificationCode: 'one-time-code',
};

export default function RegisterModal({ onClose }: { onClose: () => void }) {
  const labels = useLabels();
  const { auth } = labels;
  const flags = useStore($flags);
  const countries = useStore($countries);
  const ids = useId();
  // The form's store (src/features/accounts/client/register-flow.ts): state and steps; this component renders.
  const [flow] = useState(() =>
    createRegisterFlow({
      words: { issue: (issue) => issueText(labels, issue), codeSent: auth.codeSent, affiliateInvalid: auth.invitation_code_error, confirm: auth.confirm },
      flags: () => $flags.get(),
      address: new URL(window.location.href),
    }),
  );
  const view = useStore(flow.$register);
  const { rules, values, dial, terms, errors, formError, status, busy, captchaVersion, site } = view;
  const { mobileReg, activeMode, options, fields } = formOf(view, flags);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => void flow.open(), [flow]);
  // The first field in error takes focus whenever the store says so.
  useEffect(() => {
    if (view.focusErrors) focusFirstInvalid(formRef.current);
  }, [view.focusErrors]);

  const set = (f: string) => (v: string) => flow.type(f, v);
  const setDial = flow.setDial;
  const loadCaptcha = useCallback(() => api().call(captchaImage), []);
  const switchMode = flow.switchMode;
  const checkMobile = flow.checkMobile;
  const sendCode = flow.sendCode;

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (await flow.submit()) {
      closePopup();
      goHome(labels);
    }
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
    if (f === 'birthday' && options.age) return <Field key={f} {...common} type="date" max={latestBirthday(options.age.minimum, options.age.today)} min="1900-01-01" />;
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
              onChange={(e) => flow.setTerms(e.target.checked)}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? termsId : undefined}
            />
            <span>
              {fill(auth.register.terms, { age: options.age?.minimum ?? 18 })} <TermsLink />
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
