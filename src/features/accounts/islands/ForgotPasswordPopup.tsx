/**
 * The forgot-password popup of spec 2.11: by e-mail (username or mobile, and e-mail; a temporary
 * password is mailed) or by mobile (dialing code, number, sms code with Get code and countdown,
 * new password). The switch shows only when CHNGPASSMAIL3 and CHNGPASSVERIF3 are both on; the
 * default is mobile when CHNGPASSVERIF3 is on. A customer-service link is in the footer.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { forgotPasswordEmail, setPasswordBySms } from '../contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { humanCheck } from '../client/human-check.ts';
import { api } from '../client/session.ts';
import { $flags, $status, loadRegisterRules, loadStatus } from '../client/site.ts';
import { closePopup, showDialog } from '../../../ui/stores/ui.ts';
import { checkValue, isEmail, isMobileNumber, isUsernameFormat, MSG, type FieldRule } from '../registerPatterns.ts';
import Popup from '../../../ui/Popup.tsx';
import { FormError, focusFirstInvalid, readyToSend } from '../../../ui/form.tsx';
import { Field, PasswordField } from './fields.tsx';
import { MobileCodeFields, useMobileCode } from './mobile-code.tsx';
import { goHome } from './flow.ts';
import { useLabels } from '../../../shell/labels.tsx';
import { issueText } from './issue-text.ts';

type Method = 'email' | 'mobile';
type Errors = Partial<Record<'username' | 'email' | 'mobile' | 'code' | 'newPassword', string>>;

export default function ForgotPasswordPopup({ onClose }: { onClose: () => void }) {
  const labels = useLabels();
  const { auth } = labels;
  const flags = useStore($flags);
  const status = useStore($status);
  const [chosen, setChosen] = useState<Method | null>(null);
  const [rules, setRules] = useState<Record<string, FieldRule>>({});
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const phone = useMobileCode({ onNote: setNote, onMobileError: (mobile) => setErrors((e) => ({ ...e, mobile })) });
  const { mobile, dial, code } = phone;

  useEffect(() => {
    void loadStatus().catch(() => {});
    void loadRegisterRules()
      .then(setRules)
      .catch(() => {});
  }, []);

  const byEmail = flags.CHNGPASSMAIL3 === true;
  const byMobile = flags.CHNGPASSVERIF3 === true;
  // Spec 2.11: mobile by default when CHNGPASSVERIF3 is on, otherwise e-mail.
  const method: Method = chosen ?? (byMobile ? 'mobile' : 'email');
  const required = issueText(labels, { key: MSG.required });
  const service = status?.info.customerService[0];

  const switchMethod = (m: Method) => {
    setChosen(m);
    setErrors({});
    setFormError(null);
  };

  function validate(): Errors {
    const e: Errors = {};
    if (method === 'email') {
      const u = username.trim();
      const m = email.trim();
      if (!u) e.username = required;
      else if (!isUsernameFormat(u, rules.username?.enabled ? rules.username : undefined)) e.username = issueText(labels, { key: MSG.account });
      if (!m) e.email = required;
      else if (!isEmail(m)) e.email = issueText(labels, { key: MSG.email });
    } else {
      const m = mobile.trim();
      if (!m) e.mobile = required;
      else if (!isMobileNumber(m)) e.mobile = issueText(labels, { key: MSG.mobile });
      if (!code) e.code = required;
      if (!newPassword) e.newPassword = required;
      else if (rules.password) {
        const issue = checkValue('password', newPassword, rules.password);
        if (issue) e.newPassword = issueText(labels, issue);
      }
    }
    return e;
  }

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    if (busy) return;
    if (!readyToSend(validate(), { form: formRef.current, setErrors, clearFormError: () => setFormError(null) })) return;
    setBusy(true);
    try {
      if (method === 'email') {
        const answer = await humanCheck(api());
        await api().call(forgotPasswordEmail, { body: { username: username.trim(), email: email.trim(), ...answer } });
        closePopup();
        // Spec 8: 'The password has been sent. Please check it out.' and the popup closes.
        await showDialog({ kind: 'success', text: String((labels.accounts.sent as Record<string, string>).password) });
      } else {
        await api().call(setPasswordBySms, {
          body: { newPassword, mobileNum: mobile.trim(), countryDialingCode: dial, verificationCode: code },
        });
        closePopup();
        await showDialog({ kind: 'success', text: auth.forget.resetDone });
        goHome(labels);
      }
    } catch (err) {
      if (err instanceof ApiFailure) {
        const fe = err.fieldErrors;
        const e: Errors = {};
        if (fe.username) e.username = fe.username;
        if (fe.email) e.email = fe.email;
        if (fe.mobileNum) e.mobile = fe.mobileNum;
        if (fe.verificationCode || err.errorCode.startsWith('sms.code.')) e.code = fe.verificationCode ?? err.message;
        if (fe.newPassword || err.errorCode === 'password.format') e.newPassword = fe.newPassword ?? err.message;
        if (Object.keys(e).length) {
          setErrors(e);
          focusFirstInvalid(formRef.current);
        } else setFormError(err.message);
      } else setFormError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popup title={auth.forget.title} closeLabel={auth.close} onClose={onClose} className="popup-auth">
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        {byEmail && byMobile && (
          <div className="segmented" role="group" aria-label={auth.forget.methods}>
            <button type="button" aria-pressed={method === 'email'} onClick={() => switchMethod('email')}>
              {auth.forget.byEmail}
            </button>
            <button type="button" aria-pressed={method === 'mobile'} onClick={() => switchMethod('mobile')}>
              {auth.forget.byMobile}
            </button>
          </div>
        )}
        {method === 'email' ? (
          <>
            <p className="lead">{auth.forget.emailLead}</p>
            <Field
              name="username"
              label={auth.forget.username}
              value={username}
              onChange={setUsername}
              error={errors.username}
              required
              maxLength={64}
              autoComplete="username"
              autoFocus
            />
            <Field
              name="email"
              type="email"
              inputMode="email"
              label={auth.forget.email}
              value={email}
              onChange={setEmail}
              error={errors.email}
              required
              maxLength={100}
              autoComplete="email"
            />
          </>
        ) : (
          <>
            <p className="lead">{auth.forget.mobileLead}</p>
            <MobileCodeFields state={phone} errors={errors} codeName="verificationCode" />
            <PasswordField
              name="newPassword"
              label={auth.forget.newPassword}
              value={newPassword}
              onChange={setNewPassword}
              error={errors.newPassword}
              required
              maxLength={128}
              autoComplete="new-password"
            />
          </>
        )}
        <div role="status" aria-live="polite" className="form-status">
          {busy && method === 'email' ? auth.verifying : note}
        </div>
        <FormError message={formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {method === 'email' ? auth.forget.sendEmail : auth.forget.reset}
        </button>
        {service && (
          <p className="switch">
            {auth.forget.needHelp}{' '}
            <a href={service.path} target="_blank" rel="noopener noreferrer">
              {auth.customerService}
            </a>
          </p>
        )}
      </form>
    </Popup>
  );
}
