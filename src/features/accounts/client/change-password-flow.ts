/**
 * The change-password form's state and steps (spec 2.12, 5), as nanostores advises: one store per
 * form, actions as plain functions, the component (islands/ChangePasswordForm.tsx) only renders.
 * The old password is not asked when the login that just happened checked it; the new one is
 * checked against the brand's password rule, then confirmed.
 */
import { map } from 'nanostores';
import { changePassword } from '../contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { api, loadMemberInfo } from './session.ts';
import { loadRegisterRules } from './site.ts';
import { checkValue, MSG, type FieldIssue, type FieldRule } from '../registerPatterns.ts';

export type ChangePasswordErrors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmNewPassword', string>>;

export interface ChangePasswordView {
  oldPassword: string;
  newPassword: string;
  confirm: string;
  /** The brand's password rule; null until loaded (or when it has none). */
  rule: FieldRule | null;
  errors: ChangePasswordErrors;
  formError: string | null;
  busy: boolean;
  /** Grows when the first field in error should take focus. */
  focusErrors: number;
}

/** The form's own checks (the old password only when `askOld`); the server checks again. */
export function changePasswordErrors(v: Pick<ChangePasswordView, 'oldPassword' | 'newPassword' | 'confirm' | 'rule'>, askOld: boolean, issue: (issue: FieldIssue) => string): ChangePasswordErrors {
  const required = issue({ key: MSG.required });
  const e: ChangePasswordErrors = {};
  if (askOld && !v.oldPassword) e.oldPassword = required;
  if (!v.newPassword) e.newPassword = required;
  else if (v.rule) {
    const found = checkValue('password', v.newPassword, v.rule);
    if (found) e.newPassword = issue(found);
  }
  if (!v.confirm) e.confirmNewPassword = required;
  else if (v.confirm !== v.newPassword) e.confirmNewPassword = issue({ key: MSG.confirm });
  return e;
}

/**
 * One change-password form's store. `knownOldPassword` is the current password when the login
 * just checked it (kept in memory only); without it the form asks for it.
 */
export function createChangePasswordFlow(o: { words: { issue: (issue: FieldIssue) => string }; knownOldPassword?: string }) {
  const askOld = !o.knownOldPassword;
  const $change = map<ChangePasswordView>({
    oldPassword: '',
    newPassword: '',
    confirm: '',
    rule: null,
    errors: {},
    formError: null,
    busy: false,
    focusErrors: 0,
  });
  const get = () => $change.get();
  const set = (patch: Partial<ChangePasswordView>) => $change.set({ ...get(), ...patch });

  /** Loads the brand's password rule. */
  function open(): void {
    void loadRegisterRules()
      .then((r) => set({ rule: r.password ?? null }))
      .catch(() => {});
  }

  /** A field as typed. */
  function type<K extends 'oldPassword' | 'newPassword' | 'confirm'>(field: K, value: string): void {
    set({ [field]: value } as Partial<ChangePasswordView>);
  }

  /** Checks, then changes the password and reloads the member's information; then `done` runs (still busy). */
  async function submit(done: () => unknown): Promise<void> {
    const v = get();
    if (v.busy) return;
    const found = changePasswordErrors(v, askOld, o.words.issue);
    set({ errors: found, formError: null });
    if (Object.values(found).some(Boolean)) {
      set({ focusErrors: get().focusErrors + 1 });
      return;
    }
    set({ busy: true });
    try {
      await api().call(changePassword, {
        body: { oldPassword: askOld ? v.oldPassword : o.knownOldPassword, newPassword: v.newPassword, confirmNewPassword: v.confirm },
      });
      await loadMemberInfo();
      await done();
    } catch (err) {
      if (err instanceof ApiFailure && Object.keys(err.fieldErrors).length) {
        const fe = err.fieldErrors;
        set({ errors: { oldPassword: askOld ? fe.oldPassword : undefined, newPassword: fe.newPassword, confirmNewPassword: fe.confirmNewPassword } });
        if (!fe.newPassword && !fe.confirmNewPassword && !(askOld && fe.oldPassword)) set({ formError: err.message });
      } else if (err instanceof ApiFailure && err.errorCode === 'password.old.incorrect' && askOld) {
        set({ errors: { oldPassword: err.message } });
      } else {
        set({ formError: err instanceof Error ? err.message : String(err) });
      }
    } finally {
      set({ busy: false });
    }
  }

  return { $change, askOld, open, type, submit };
}

export type ChangePasswordFlow = ReturnType<typeof createChangePasswordFlow>;
