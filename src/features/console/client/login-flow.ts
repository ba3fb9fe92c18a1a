/**
 * The console's login form (issue 29) as one store: the stage (password, code, the app's
 * set-up, the recovery codes shown once), the fields, the refusals under their fields. The
 * component (islands/Login.tsx) only renders it.
 */
import { map } from 'nanostores';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { consoleLogin, type ConsoleMe } from '../contract.ts';
import type { ConsoleState } from './console.ts';

export type Stage = { kind: 'password' } | { kind: 'code' } | { kind: 'setup'; secret: string; qrSvg: string; mustChangePassword: boolean } | { kind: 'recovery'; codes: string[]; me: ConsoleMe };
export type LoginField = 'username' | 'password' | 'code' | 'newPassword';

export interface LoginView {
  stage: Stage;
  fields: Record<LoginField, string>;
  errors: Partial<Record<LoginField, string>>;
  busy: boolean;
}

export function createLoginFlow(c: ConsoleState) {
  const $view = map<LoginView>({ stage: { kind: 'password' }, fields: { username: '', password: '', code: '', newPassword: '' }, errors: {}, busy: false });

  function set(field: LoginField, value: string): void {
    $view.setKey('fields', { ...$view.get().fields, [field]: value });
  }

  async function submit(): Promise<void> {
    const { stage, fields } = $view.get();
    $view.set({ ...$view.get(), busy: true, errors: {} });
    try {
      const withCode = stage.kind === 'code' || stage.kind === 'setup';
      const mustChange = stage.kind === 'setup' && stage.mustChangePassword;
      const answer = await c.client.call(consoleLogin, {
        body: { username: fields.username, password: fields.password, ...(withCode ? { code: fields.code } : {}), ...(mustChange ? { newPassword: fields.newPassword } : {}) },
      });
      c.$notice.set(null);
      const next: Stage | null =
        answer.stage === 'code'
          ? { kind: 'code' }
          : answer.stage === 'setup'
            ? { kind: 'setup', secret: answer.secret, qrSvg: answer.qrSvg, mustChangePassword: answer.mustChangePassword }
            : answer.recoveryCodes
              ? { kind: 'recovery', codes: answer.recoveryCodes, me: answer.me }
              : null;
      if (next) $view.set({ ...$view.get(), stage: next, busy: false, fields: { ...fields, code: '' } });
      else if (answer.stage === 'done') c.signedIn(answer.me);
    } catch (err) {
      const f = err instanceof ApiFailure ? err : null;
      const message = err instanceof Error ? err.message : String(err);
      const errors: LoginView['errors'] =
        f && Object.keys(f.fieldErrors).length
          ? (f.fieldErrors as LoginView['errors'])
          : f?.errorCode.startsWith('console.code')
            ? { code: message }
            : f?.errorCode.startsWith('console.password')
              ? { newPassword: message }
              : { password: message };
      $view.set({ ...$view.get(), busy: false, errors });
    } finally {
      if ($view.get().busy) $view.setKey('busy', false);
    }
  }

  /** After the recovery codes were read: in. */
  function kept(): void {
    const { stage } = $view.get();
    if (stage.kind === 'recovery') c.signedIn(stage.me);
  }

  return { $view, set, submit, kept };
}
