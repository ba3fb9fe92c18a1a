/**
 * The console's login (issue 29): password, then a code of the authenticator app; the first login
 * sets the app up (a QR code and its key, a code of it, a new password when one was handed over)
 * and shows the recovery codes once. Refusals appear under the field they concern.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { ConsoleState } from '../client/console.ts';
import { createLoginFlow } from '../client/login-flow.ts';
import { describedBy, Field, NoticeLine, type Labels } from './parts.tsx';

export function Login({ L, c, demo }: { L: Labels; c: ConsoleState; demo: boolean }) {
  const id = useId();
  const [flow] = useState(() => createLoginFlow(c));
  const { stage, fields, errors, busy } = useStore(flow.$view);
  const notice = useStore(c.$notice);
  const { username, password, code, newPassword } = fields;
  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    void flow.submit();
  };
  const setUsername = (v: string) => flow.set('username', v);
  const setPassword = (v: string) => flow.set('password', v);
  const setCode = (v: string) => flow.set('code', v);
  const setNewPassword = (v: string) => flow.set('newPassword', v);

  if (stage.kind === 'recovery') {
    return (
      <section className="cs-login card" aria-labelledby={`${id}-rc`}>
        <h2 id={`${id}-rc`}>{L.login.recoveryTitle}</h2>
        <p>{L.login.recoveryIntro}</p>
        <ul className="cs-codes">
          {stage.codes.map((k) => (
            <li key={k}>
              <code>{k}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary" onClick={flow.kept}>
          {L.login.recoveryDone}
        </button>
      </section>
    );
  }

  const heading = stage.kind === 'setup' ? L.login.setupTitle : L.login.title;
  return (
    <section className="cs-login card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{heading}</h2>
      <NoticeLine notice={notice} />
      <form onSubmit={submit} noValidate>
        {stage.kind === 'password' && (
          <>
            <Field id={`${id}-u`} label={L.login.username} error={errors.username}>
              <input
                id={`${id}-u`}
                name="username"
                autoComplete="username"
                required
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                aria-invalid={!!errors.username}
                aria-describedby={describedBy(`${id}-u`, { error: errors.username })}
              />
            </Field>
            <Field id={`${id}-p`} label={L.login.password} error={errors.password}>
              <input
                id={`${id}-p`}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={!!errors.password}
                aria-describedby={describedBy(`${id}-p`, { error: errors.password })}
              />
            </Field>
          </>
        )}
        {stage.kind === 'setup' && (
          <>
            <p>{L.login.setupIntro}</p>
            <img className="cs-qr" alt={L.login.qrAlt} width={200} height={200} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(stage.qrSvg)}`} />
            <p>
              {L.login.setupKey}: <code className="cs-key">{stage.secret}</code>
            </p>
          </>
        )}
        {stage.kind !== 'password' && (
          <Field id={`${id}-c`} label={L.login.code} hint={L.login.codeHint} error={errors.code}>
            <input
              id={`${id}-c`}
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={!!errors.code}
              aria-describedby={describedBy(`${id}-c`, { hint: true, error: errors.code })}
            />
          </Field>
        )}
        {stage.kind === 'setup' && stage.mustChangePassword && (
          <Field id={`${id}-n`} label={L.login.newPassword} hint={L.login.newPasswordHint} error={errors.newPassword}>
            <input
              id={`${id}-n`}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              minLength={10}
              required
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              aria-invalid={!!errors.newPassword}
              aria-describedby={describedBy(`${id}-n`, { hint: true, error: errors.newPassword })}
            />
          </Field>
        )}
        {errors.password && stage.kind !== 'password' && (
          <p className="field-error" role="alert">
            {errors.password}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {stage.kind === 'password' ? L.login.submit : stage.kind === 'setup' ? L.login.finish : L.login.verify}
        </button>
      </form>
      {demo && <p className="muted cs-demo">{L.login.demo}</p>}
    </section>
  );
}
