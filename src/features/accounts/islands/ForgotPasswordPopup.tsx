/**
 * The forgot-password popup of spec 2.11: by e-mail (username or mobile, and e-mail; a temporary
 * password is mailed) or by mobile (dialing code, number, sms code with Get code and countdown,
 * new password). The switch shows only when CHNGPASSMAIL3 and CHNGPASSVERIF3 are both on; the
 * default is mobile when CHNGPASSVERIF3 is on. A customer-service link is in the footer. The steps
 * live in the form's store (src/features/accounts/client/forgot-password-flow.ts); this component
 * renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { createForgotPasswordFlow, forgotMethods } from '../client/forgot-password-flow.ts';
import { $flags, $status } from '../client/site.ts';
import { closePopup, showDialog } from '../../../ui/stores/ui.ts';
import Popup from '../../../ui/Popup.tsx';
import { FormError, focusFirstInvalid } from '../../../ui/form.tsx';
import { Field, PasswordField } from './fields.tsx';
import { MobileCodeFields, useMobileCodeOf } from './mobile-code.tsx';
import { goHome } from './flow.ts';
import { useLabels } from '../../../shell/labels.tsx';
import { ServiceLink } from '../../../ui/ServiceLink.tsx';
import { issueText } from './issue-text.ts';

export default function ForgotPasswordPopup({ onClose }: { onClose: () => void }) {
  const labels = useLabels();
  const { auth } = labels;
  const flags = useStore($flags);
  const status = useStore($status);
  // The form's store (src/features/accounts/client/forgot-password-flow.ts): state and steps; this component renders.
  const [flow] = useState(() => createForgotPasswordFlow({ words: { issue: (issue) => issueText(labels, issue), codeSent: auth.codeSent }, flags: () => $flags.get() }));
  const view = useStore(flow.$forgot);
  const { chosen, username, email, newPassword, errors, formError, note, busy } = view;
  const phone = useMobileCodeOf(flow.phone);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => flow.open(), [flow]);
  // The first field in error takes focus whenever the store says so.
  useEffect(() => {
    if (view.focusErrors) focusFirstInvalid(formRef.current);
  }, [view.focusErrors]);

  const { byEmail, byMobile, method } = forgotMethods(chosen, flags);
  const service = status?.info.customerService[0];
  const switchMethod = flow.switchMethod;
  const setUsername = (v: string) => flow.type('username', v);
  const setEmail = (v: string) => flow.type('email', v);
  const setNewPassword = (v: string) => flow.type('newPassword', v);

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    await flow.submit(async (way) => {
      closePopup();
      if (way === 'email') {
        // Spec 8: 'The password has been sent. Please check it out.' and the popup closes.
        await showDialog({ kind: 'success', text: String((labels.accounts.sent as Record<string, string>).password) });
      } else {
        await showDialog({ kind: 'success', text: auth.forget.resetDone });
        goHome(labels);
      }
    });
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
            <Field name="username" label={auth.forget.username} value={username} onChange={setUsername} error={errors.username} required maxLength={64} autoComplete="username" autoFocus />
            <Field name="email" type="email" inputMode="email" label={auth.forget.email} value={email} onChange={setEmail} error={errors.email} required maxLength={100} autoComplete="email" />
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
            {auth.forget.needHelp} <ServiceLink channel={service}>{auth.customerService}</ServiceLink>
          </p>
        )}
      </form>
    </Popup>
  );
}
