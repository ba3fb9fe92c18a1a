/**
 * Form pieces shared by the accounts popups: a labelled field with its first error under it
 * (spec 8 'Field errors appear as the first error under each field'), a password field with a
 * show/hide toggle, a mobile number with its dialing code, an sms code with its Get code button
 * and countdown, and the captcha with its image refreshable at most once a second.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CAPTCHA_REFRESH_MS, SMS_BUTTON_THROTTLE_MS } from '../../../kernel/constants.ts';
import type { Country } from '../client/site.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { focusIsFree } from '../../../ui/modal.ts';

export interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  type?: 'text' | 'password' | 'email' | 'tel' | 'date';
  /** The latest (`max`) and earliest (`min`) value of a date field, yyyy-MM-dd. */
  max?: string;
  min?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  maxLength?: number;
  required?: boolean;
  placeholder?: string;
  /** A control placed after the input (toggle, button, image). */
  addon?: ReactNode;
  /** A hint under the input. */
  hint?: ReactNode;
  /** The input's name (form data, autofill). */
  name: string;
  autoFocus?: boolean;
  /** A control placed before the input (dialing code). */
  prefix?: ReactNode;
}

/** A labelled input with its error message under it. */
export function Field(p: FieldProps) {
  const { auth } = useLabels();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // A field that arrives after its popup opened (rules loaded late) takes focus if nothing has it.
  useEffect(() => {
    if (p.autoFocus && focusIsFree()) inputRef.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // An error goes away as soon as the player edits its field, and comes back only from the next
  // check (a submit of the form, or a new message): an old 'cannot be empty' never sits under a
  // field that is filled in now.
  const [editedAway, setEditedAway] = useState<string | null>(null);
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const again = () => setEditedAway(null);
    form.addEventListener('submit', again, true);
    return () => form.removeEventListener('submit', again, true);
  }, []);
  const error = p.error && p.error !== editedAway ? p.error : null;
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const described = [error ? errId : null, p.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>
        {p.label}
        {p.required && (
          <abbr className="req" title={auth.required} aria-hidden="true">
            *
          </abbr>
        )}
      </label>
      <div className="control">
        {p.prefix}
        <input
          ref={inputRef}
          id={id}
          name={p.name}
          type={p.type ?? 'text'}
          value={p.value}
          onChange={(e) => {
            if (p.error) setEditedAway(p.error);
            p.onChange(e.target.value);
          }}
          autoComplete={p.autoComplete ?? 'off'}
          inputMode={p.inputMode}
          maxLength={p.maxLength}
          max={p.max}
          min={p.min}
          placeholder={p.placeholder}
          aria-invalid={error ? true : undefined}
          aria-required={p.required || undefined}
          aria-describedby={described}
          spellCheck={false}
          autoCapitalize="off"
          data-autofocus={p.autoFocus ? '' : undefined}
        />
        {p.addon}
      </div>
      {p.hint && (
        <p className="field-hint" id={hintId}>
          {p.hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(p: Omit<FieldProps, 'type' | 'addon'>) {
  const { auth } = useLabels();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...p}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="addon-btn eye"
          aria-pressed={visible}
          aria-label={visible ? auth.hidePassword : auth.showPassword}
          title={visible ? auth.hidePassword : auth.showPassword}
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {visible && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}

/** The dialing-code picker placed before a mobile input. */
export function DialingCode({ value, onChange, countries }: { value: string; onChange: (v: string) => void; countries: Country[] }) {
  const { auth } = useLabels();
  const list = countries.length ? countries : [{ iso: '', name: '', dialingCode: value }];
  return (
    <select className="dial" aria-label={auth.countryCode} value={value} onChange={(e) => onChange(e.target.value)}>
      {list.map((c) => (
        <option key={`${c.iso}-${c.dialingCode}`} value={c.dialingCode}>
          {c.name ? `${c.name} +${c.dialingCode}` : `+${c.dialingCode}`}
        </option>
      ))}
    </select>
  );
}

/** Seconds left of a countdown started by `start(seconds)`. */
export function useCountdown(): { seconds: number; start: (s: number) => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const t = window.setTimeout(() => setNow(Date.now()), 250);
    return () => window.clearTimeout(t);
  }, [until, now]);
  const start = useCallback((s: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + s * 1000);
  }, []);
  return { seconds: Math.max(0, Math.ceil((until - now) / 1000)), start };
}

/**
 * The Get code button (spec 4): refused while counting down or when `check()` says the mobile
 * is invalid, throttled to one press a second; `send()` answers the code's life in minutes, or
 * null when sending failed. The countdown is expiredMinutes x 60 s (60 s when none is given).
 */
export function GetCodeButton({ check, send }: { check: () => boolean; send: () => Promise<number | null> }) {
  const { auth } = useLabels();
  const { seconds, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const last = useRef(0);
  const counting = seconds > 0;
  const press = async () => {
    const t = Date.now();
    if (counting || busy || t - last.current < SMS_BUTTON_THROTTLE_MS) return;
    last.current = t;
    if (!check()) return;
    setBusy(true);
    try {
      const minutes = await send();
      if (minutes !== null) start((minutes > 0 ? minutes : 1) * 60);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="addon-btn get-code" aria-disabled={counting || busy || undefined} onClick={() => void press()}>
      {counting ? (
        <>
          <span aria-hidden="true">{fill(auth.resendIn, { seconds })}</span>
          <span className="sr-only">{fill(auth.resendInLabel, { seconds })}</span>
        </>
      ) : (
        auth.getCode
      )}
    </button>
  );
}

/**
 * The captcha image as a button: a press loads a new image, at most once a second (spec 4).
 * `load()` answers the PNG in base64.
 */
export function CaptchaImage({ load, version }: { load: () => Promise<string>; version: number }) {
  const { auth } = useLabels();
  const [src, setSrc] = useState<string | null>(null);
  const last = useRef(0);
  const refresh = useCallback(
    async (force = false) => {
      const t = Date.now();
      if (!force && t - last.current < CAPTCHA_REFRESH_MS) return;
      last.current = t;
      try {
        setSrc(`data:image/png;base64,${await load()}`);
      } catch {
        setSrc(null);
      }
    },
    [load],
  );
  // A new version (the server asked for a new captcha) reloads at once.
  useEffect(() => {
    void refresh(true);
  }, [version, refresh]);
  return (
    <button type="button" className="addon-btn captcha-img" title={auth.captchaRefresh} aria-label={auth.captchaRefresh} onClick={() => void refresh()}>
      {src ? <img src={src} alt={auth.captchaImage} width="168" height="56" /> : <span className="captcha-empty" aria-hidden="true" />}
    </button>
  );
}

/** The terms link of spec 2.9 and 2.10 (/help#term in the page's language). */
export function TermsLink() {
  const { auth, prefix } = useLabels();
  return (
    <a href={`${prefix}/help#term`} target="_blank" rel="noopener">
      {auth.termsLink}
    </a>
  );
}
