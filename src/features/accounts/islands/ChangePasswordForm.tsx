/**
 * Change of password (spec 2.12, 5): old password (not asked when it is known from the login
 * that just happened), new password checked against the brand's password rule, confirmation.
 * The steps live in the form's store (src/features/accounts/client/change-password-flow.ts); this
 * component renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { createChangePasswordFlow } from '../client/change-password-flow.ts';
import { FormError, focusFirstInvalid } from '../../../ui/form.tsx';
import { PasswordField } from './fields.tsx';
import { useLabels } from '../../../shell/labels.tsx';
import { issueText } from './issue-text.ts';

export interface ChangePasswordFormProps {
  /** The current password when the login just checked it (kept in memory only). */
  knownOldPassword?: string;
  onDone: () => void | Promise<void>;
}

export default function ChangePasswordForm({ knownOldPassword, onDone }: ChangePasswordFormProps) {
  const labels = useLabels();
  const { auth } = labels;
  // The form's store (src/features/accounts/client/change-password-flow.ts): state and steps; this component renders.
  const [flow] = useState(() => createChangePasswordFlow({ words: { issue: (issue) => issueText(labels, issue) }, knownOldPassword }));
  const view = useStore(flow.$change);
  const { oldPassword, newPassword, confirm, errors, formError, busy } = view;
  const formRef = useRef<HTMLFormElement>(null);
  const askOld = flow.askOld;

  useEffect(() => flow.open(), [flow]);
  // The first field in error takes focus whenever the store says so.
  useEffect(() => {
    if (view.focusErrors) focusFirstInvalid(formRef.current);
  }, [view.focusErrors]);

  const setOld = (v: string) => flow.type('oldPassword', v);
  const setNew = (v: string) => flow.type('newPassword', v);
  const setConfirm = (v: string) => flow.type('confirm', v);

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    await flow.submit(onDone);
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
      <PasswordField name="newPassword" label={auth.changePassword.newPassword} value={newPassword} onChange={setNew} error={errors.newPassword} required maxLength={128} autoComplete="new-password" />
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
