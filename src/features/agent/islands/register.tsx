/**
 * Register account (spec 2.15; issue 13): a player, or a sub-agent of the agent's own type, with
 * errors under the fields; once made, a link to the team. The form is its store
 * (client/register-account.ts); this renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { api, Field, latestBirthday, PasswordField } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { dayIn } from '../../../kernel/days.ts';
import { brandTimeZone } from '../../../kernel/intl.ts';
import { focusFirstInvalid, FormError } from '../../../ui/form.tsx';
import type { Profile } from '../client/back-office.ts';
import type { AgentLabels } from '../client/labels.ts';
import { createRegisterAccount } from '../client/register-account.ts';

export function RegisterAccount({ a, profile, onShowTeam }: { a: AgentLabels; profile: Profile | null; onShowTeam: () => void }) {
  const labels = useLabels();
  const profileRef = useRef(profile);
  profileRef.current = profile;
  const [form] = useState(() =>
    createRegisterAccount({
      client: api,
      words: { required: (labels.accounts as { validation: { required: string } }).validation.required, done: a.register.done },
      birthdayRequired: () => profileRef.current?.birthday === 'required',
    }),
  );
  const { values, errors, formError, busy, done, focusErrors } = useStore(form.$form);
  const formRef = useRef<HTMLFormElement>(null);
  // The first field in error takes focus whenever the store says so.
  useEffect(() => {
    if (focusErrors) focusFirstInvalid(formRef.current);
  }, [focusErrors]);
  const types = profile?.creatableTypes ?? [0];
  const set = (k: keyof typeof values) => (v: string) => form.type(k, v);

  return (
    <>
      <h2 id="agent-panel-title">{a.register.title}</h2>
      <p className="muted">{a.register.lead}</p>
      <form
        ref={formRef}
        className="auth-form agent-register"
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit();
        }}
        noValidate
      >
        <div className="field">
          <label htmlFor="register-type">{a.register.type}</label>
          <div className="control">
            <select id="register-type" name="type" value={values.type} onChange={(e) => set('type')(e.target.value)}>
              {types.map((t) => (
                <option key={t} value={String(t)}>
                  {t === 0 ? a.register.types['0'] : a.register.types.agent}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Field name="username" label={a.register.username} value={values.username} onChange={set('username')} error={errors.username} required maxLength={64} autoComplete="off" />
        <PasswordField name="password" label={a.register.password} value={values.password} onChange={set('password')} error={errors.password} autoComplete="new-password" />
        <PasswordField
          name="confirmPassword"
          label={a.register.confirmPassword}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
        {profile && profile.birthday !== 'off' && (
          <Field
            name="birthday"
            type="date"
            label={a.register.birthday}
            value={values.birthday}
            onChange={set('birthday')}
            error={errors.birthday}
            required={profile.birthday === 'required'}
            min="1900-01-01"
            max={latestBirthday(profile.minimumAge, dayIn(Date.now(), brandTimeZone()))}
            hint={fill(a.register.birthdayHint, { age: profile.minimumAge })}
          />
        )}
        <Field name="nickname" label={a.register.nickname} value={values.nickname} onChange={set('nickname')} error={errors.nickname} maxLength={64} />
        <FormError message={formError} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? a.register.busy : a.register.submit}
        </button>
        {done && (
          <p className="form-notice" role="status">
            {done}{' '}
            <button type="button" className="link" onClick={onShowTeam}>
              {a.register.showTeam}
            </button>
          </p>
        )}
      </form>
    </>
  );
}
