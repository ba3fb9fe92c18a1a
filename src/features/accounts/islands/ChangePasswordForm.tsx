/**
 * Change of password (spec 2.12, 5): old password (not asked when it is known from the login
 * that just happened), new password checked against the brand's password rule, confirmation.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { changePassword } from '../contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { api, loadMemberInfo } from '../client/session.ts';
import { loadRegisterRules } from '../client/site.ts';
import { checkValue, MSG, type FieldRule } from '../registerPatterns.ts';
import { FormError, readyToSend } from '../../../ui/form.tsx';
import { PasswordField } from './fields.tsx';
import { useLabels } from '../../../shell/labels.tsx';
import { issueText } from './issue-text.ts';

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmNewPassword', string>>;

export interface ChangePasswordFormProps {
  /** The current password when the login just checked it (kept in memory only). */
  knownOldPassword?: string;
  onDone: () => void | Promise<void>;
}

export default function ChangePasswordForm({ knownOldPassword, onDone }: ChangePasswordFormProps) {
  const labels = useLabels();
  const { auth } = labels;
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [rule, setRule] = useState<FieldRule | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const askOld = !knownOldPassword;

  useEffect(() => {
    void loadRegisterRules()
      .then((r) => setRule(r.password ?? null))
      .catch(() => {});
  }, []);

  function validate(): Errors {
    const required = issueText(labels, { key: MSG.required });
    const e: Errors = {};
    if (askOld && !oldPassword) e.oldPassword = required;
    if (!newPassword) e.newPassword = required;
    else if (rule) {
      const issue = checkValue('password', newPassword, rule);
      if (issue) e.newPassword = issueText(labels, issue);
    }
    if (!confirm) e.confirmNewPassword = required;
    else if (confirm !== newPassword) e.confirmNewPassword = issueText(labels, { key: MSG.confirm });
    return e;
  }

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    if (busy) return;
    if (!readyToSend(validate(), { form: formRef.current, setErrors, clearFormError: () => setFormError(null) })) return;
    setBusy(true);
    try {
      await api().call(changePassword, {
        body: { oldPassword: askOld ? oldPassword : knownOldPassword, newPassword, confirmNewPassword: confirm },
      });
      await loadMemberInfo();
      await onDone();
    } catch (err) {
      if (err instanceof ApiFailure && Object.keys(err.fieldErrors).length) {
        const fe = err.fieldErrors;
        setErrors({ oldPassword: askOld ? fe.oldPassword : undefined, newPassword: fe.newPassword, confirmNewPassword: fe.confirmNewPassword });
        if (!fe.newPassword && !fe.confirmNewPassword && !(askOld && fe.oldPassword)) setFormError(err.message);
      } else if (err instanceof ApiFailure && err.errorCode === 'password.old.incorrect' && askOld) {
        setErrors({ oldPassword: err.message });
      } else {
        setFormError(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
      {askOld && (
        <PasswordField
          name="oldPassword"
          label={auth.changePassword.oldPassword}
          value={oldPassword}
          onChange={setOld}
          error={errors.oldPassword}
          required
          maxLength={128}
          autoComplete="current-password"
        />
      )}
      <PasswordField
        name="newPassword"
        label={auth.changePassword.newPassword}
        value={newPassword}
        onChange={setNew}
        error={errors.newPassword}
        required
        maxLength={128}
        autoComplete="new-password"
      />
      <PasswordField
        name="confirmNewPassword"
        label={auth.changePassword.confirmNewPassword}
        value={confirm}
        onChange={setConfirm}
        error={errors.confirmNewPassword}
        required
        maxLength={128}
        autoComplete="new-password"
      />
      <FormError message={formError} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {auth.changePassword.submit}
      </button>
    </form>
  );
}
