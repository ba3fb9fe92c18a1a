/**
 * The security centre's second factor (issue 10), as nanostores advises: one store, actions as
 * plain functions, the component (islands/AuthenticatorPanel.tsx) only renders. What a login from
 * a new network asks for, the e-mail address (verified with a mailed code), and the authenticator
 * app: set up (QR code or key, a first code and the password, then the ten recovery codes shown
 * once) or turned off with the password and a code.
 */
import { map } from 'nanostores';
import { emailCode, emailVerify, securityInfo, totpConfirm, totpDisable, totpSetup, type SecurityValue } from '../contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { api } from './session.ts';

export type AuthenticatorSetup = { secret: string; qr: string };
/** What the panel shows: the state, the app's setup, the recovery codes, turning it off, or the e-mail's code. */
export type AuthenticatorPhase = { kind: 'view' } | { kind: 'setup'; setup: AuthenticatorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' } | { kind: 'email' };
export type AuthenticatorErrors = { code?: string; password?: string };

export interface AuthenticatorView {
  info: SecurityValue | null;
  loadError: string | null;
  phase: AuthenticatorPhase;
  code: string;
  password: string;
  errors: AuthenticatorErrors;
  formError: string | null;
  busy: boolean;
  /** Grows when the first field in error should take focus. */
  focusErrors: number;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The form's own checks: a code always, the password except for the e-mail's code.
 * @example authenticatorErrors({ kind: 'email' }, { code: ' ', password: '' }, 'Required') // { code: 'Required' }
 */
export function authenticatorErrors(phase: AuthenticatorPhase, v: { code: string; password: string }, required: string): AuthenticatorErrors {
  return { ...(v.password || phase.kind === 'email' ? {} : { password: required }), ...(v.code.trim() ? {} : { code: required }) };
}

/** The QR code's SVG as an image address. */
export const qrImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The security centre's store; `words.required` is said under an empty field. */
export function createAuthenticatorFlow(o: { words: { required: string } }) {
  const $security = map<AuthenticatorView>({
    info: null,
    loadError: null,
    phase: { kind: 'view' },
    code: '',
    password: '',
    errors: {},
    formError: null,
    busy: false,
    focusErrors: 0,
  });
  const get = () => $security.get();
  const set = (patch: Partial<AuthenticatorView>) => $security.set({ ...get(), ...patch });

  /** Loads (again) what the account has. */
  const load = (): Promise<void> =>
    api()
      .call(securityInfo)
      .then((info) => set({ info, loadError: null }))
      .catch((err: unknown) => set({ loadError: message(err) }));

  /** Goes to `next`, with empty fields and no errors. */
  function reset(next: AuthenticatorPhase): void {
    set({ phase: next, code: '', password: '', errors: {}, formError: null });
  }

  /** A button's call while the panel is busy; a refusal is the form's error. */
  async function step(call: () => Promise<void>): Promise<void> {
    set({ busy: true, formError: null });
    try {
      await call();
    } catch (err) {
      set({ formError: message(err) });
    } finally {
      set({ busy: false });
    }
  }

  /** Starts setting the app up: its key and QR code. */
  const begin = () =>
    step(async () => {
      const s = await api().call(totpSetup, { body: {} });
      reset({ kind: 'setup', setup: { secret: s.secret, qr: qrImage(s.qrSvg) } });
    });

  /** Mails a code to the e-mail address, to verify it. */
  const mailCode = () =>
    step(async () => {
      await api().call(emailCode, { body: {} });
      reset({ kind: 'email' });
    });

  /** A field as typed. */
  function type<K extends 'code' | 'password'>(field: K, value: string): void {
    set({ [field]: value } as Partial<AuthenticatorView>);
  }

  /** Checks, then confirms the app, verifies the e-mail or turns the app off; then loads the state again. */
  async function submit(): Promise<void> {
    const v = get();
    if (v.busy) return;
    const found = authenticatorErrors(v.phase, v, o.words.required);
    set({ errors: found, formError: null });
    if (Object.values(found).some(Boolean)) {
      set({ focusErrors: get().focusErrors + 1 });
      return;
    }
    set({ busy: true });
    try {
      const code = v.code.trim();
      if (v.phase.kind === 'setup') {
        const { recoveryCodes } = await api().call(totpConfirm, { body: { password: v.password, code } });
        reset({ kind: 'codes', codes: recoveryCodes });
      } else if (v.phase.kind === 'email') {
        await api().call(emailVerify, { body: { code } });
        reset({ kind: 'view' });
      } else {
        await api().call(totpDisable, { body: { password: v.password, code } });
        reset({ kind: 'view' });
      }
      await load();
    } catch (err) {
      if (err instanceof ApiFailure && Object.keys(err.fieldErrors).length) {
        set({ errors: { code: err.fieldErrors.code, password: err.fieldErrors.password }, focusErrors: get().focusErrors + 1 });
      } else set({ formError: message(err) });
    } finally {
      set({ busy: false });
    }
  }

  return { $security, load, reset, begin, mailCode, type, submit };
}

export type AuthenticatorFlow = ReturnType<typeof createAuthenticatorFlow>;
