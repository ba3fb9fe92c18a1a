/**
 * The security centre's second factor (issue 10): what a login from a new network asks for, the
 * e-mail address (verified with a mailed code, it becomes a proof), and the authenticator app: set it up (scan the QR code or type the key, confirm a first code, keep
 * the ten recovery codes shown once; the password too, so that a borrowed session cannot do it), or
 * turn it off with the password and a code. Either ends the member's other sessions. The steps
 * live in the panel's store (src/features/accounts/client/authenticator-flow.ts); this component
 * renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { createAuthenticatorFlow } from '../client/authenticator-flow.ts';
import { MSG } from '../registerPatterns.ts';
import { FormError, focusFirstInvalid } from '../../../ui/form.tsx';
import { Field, PasswordField } from './fields.tsx';
import { useLabels } from '../../../shell/labels.tsx';
import { issueText } from './issue-text.ts';

export default function AuthenticatorPanel() {
  const labels = useLabels();
  const L = labels.auth.security;
  const ids = useId();
  // The panel's store (src/features/accounts/client/authenticator-flow.ts): state and steps; this component renders.
  const [flow] = useState(() => createAuthenticatorFlow({ words: { required: issueText(labels, { key: MSG.required }) } }));
  const view = useStore(flow.$security);
  const { info, loadError, phase, code, password, errors, formError, busy } = view;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void flow.load();
  }, [flow]);
  // The first field in error takes focus whenever the store says so.
  useEffect(() => {
    if (view.focusErrors) focusFirstInvalid(formRef.current);
  }, [view.focusErrors]);

  const { reset, begin, mailCode } = flow;
  const setCode = (v: string) => flow.type('code', v);
  const setPassword = (v: string) => flow.type('password', v);

  async function submit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    await flow.submit();
  }

  if (!info) return loadError ? <FormError message={loadError} /> : <p className="muted">{L.loading}</p>;
  const proof = info.newAddressProof;
  return (
    <div className="authenticator" data-testid="authenticator">
      <h3 id={`${ids}-h`}>{L.title}</h3>
      <p className={proof ? 'muted' : 'notice-warn'} data-testid="new-address-proof">
        {proof === 'totp'
          ? L.proof.totp
          : proof === 'sms'
            ? L.proof.sms.replace('{{mobile}}', info.mobile ?? '')
            : proof === 'email'
              ? L.proof.email.replace('{{email}}', info.email ?? '')
              : proof === 'payeeName'
                ? L.proof.payeeName
                : L.proof.none}
      </p>
      {phase.kind === 'view' && info.email && (
        <p data-testid="email-state">
          {info.emailVerified ? L.emailVerified.replace('{{email}}', info.email) : L.emailUnverified.replace('{{email}}', info.email)}{' '}
          {!info.emailVerified && (
            <button type="button" className="btn" onClick={() => void mailCode()} disabled={busy}>
              {L.verifyEmail}
            </button>
          )}
        </p>
      )}
      {phase.kind === 'view' && !info.totp && (
        <>
          <p>{L.lead}</p>
          <button type="button" className="btn btn-primary" onClick={() => void begin()} disabled={busy}>
            {L.setUp}
          </button>
          <FormError message={formError} />
        </>
      )}
      {phase.kind === 'view' && info.totp && (
        <>
          <p data-testid="totp-on">
            <strong>{L.on}</strong> {L.codesLeft.replace('{{count}}', String(info.recoveryCodesLeft))}
          </p>
          <button type="button" className="btn" onClick={() => reset({ kind: 'disable' })}>
            {L.turnOff}
          </button>
        </>
      )}
      {phase.kind === 'codes' && (
        <div role="status">
          <p>{L.codesLead}</p>
          <ul className="recovery-codes" data-testid="recovery-codes">
            {phase.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-primary" onClick={() => reset({ kind: 'view' })}>
            {L.codesSaved}
          </button>
        </div>
      )}
      {(phase.kind === 'setup' || phase.kind === 'disable' || phase.kind === 'email') && (
        <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-h`}>
          {phase.kind === 'setup' && (
            <>
              <p>{L.scan}</p>
              <img className="totp-qr" src={phase.setup.qr} width={200} height={200} alt={L.qrAlt} />
              <p className="muted">
                {L.typeKey} <code data-testid="totp-secret">{phase.setup.secret}</code>
              </p>
            </>
          )}
          {phase.kind === 'email' && <p>{L.emailSent.replace('{{email}}', info.email ?? '')}</p>}
          {phase.kind !== 'email' && (
            <PasswordField name="password" label={L.password} value={password} onChange={setPassword} error={errors.password} required maxLength={128} autoComplete="current-password" />
          )}
          <Field
            name="code"
            label={phase.kind === 'setup' ? L.code : phase.kind === 'email' ? L.emailCode : L.codeOrRecovery}
            value={code}
            onChange={setCode}
            error={errors.code}
            required
            maxLength={16}
            inputMode={phase.kind === 'disable' ? 'text' : 'numeric'}
            autoComplete="one-time-code"
          />
          <FormError message={formError} />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {phase.kind === 'disable' ? L.turnOff : L.confirm}
            </button>
            <button type="button" className="btn" onClick={() => reset({ kind: 'view' })}>
              {L.cancel}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
