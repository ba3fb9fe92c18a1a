/**
 * The mobile number and sms code pair that the sms login and the reset by phone share: the
 * dialing code defaulting to the visitor's country, the number check before a code is sent, the
 * send itself (human check, then smsNoLogin; a refusal shows the server's message in a warning
 * dialog, spec 8) and the two fields with the Get code button.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { smsNoLogin } from '../contract.ts';
import { humanCheck } from '../client/human-check.ts';
import { api } from '../client/session.ts';
import { $countries, loadCountries } from '../client/site.ts';
import { showDialog } from '../../../ui/stores/ui.ts';
import { isMobileNumber, MSG } from '../registerPatterns.ts';
import { useLabels } from '../../../shell/labels.tsx';
import { issueText } from './issue-text.ts';
import { DialingCode, Field, GetCodeButton } from './fields.tsx';

export interface MobileCode {
  mobile: string;
  setMobile: (v: string) => void;
  dial: string;
  setDial: (v: string) => void;
  code: string;
  setCode: (v: string) => void;
  /** Checks the number before a code is sent; shows its error under the field. */
  checkMobile: () => boolean;
  /** Sends a code; answers its lifetime in minutes, or null after a refusal. */
  sendCode: () => Promise<number | null>;
}

/**
 * State and actions of the mobile + sms code pair. `onNote` gets the 'code sent' note (null when
 * a send starts); `onMobileError` the number's error from the check before a send.
 */
export function useMobileCode(opts: {
  onNote: (note: string | null) => void;
  onMobileError: (error: string | undefined) => void;
  initial?: { mobile?: string; dial?: string };
}): MobileCode {
  const labels = useLabels();
  const [mobile, setMobile] = useState(opts.initial?.mobile ?? '');
  const [dial, setDial] = useState(opts.initial?.dial ?? '');
  const [code, setCode] = useState('');

  useEffect(() => {
    void loadCountries()
      .then((c) => setDial((d) => d || c.list.find((x) => x.iso === c.current)?.dialingCode || c.list[0]?.dialingCode || ''))
      .catch(() => {});
  }, []);

  function checkMobile(): boolean {
    const m = mobile.trim();
    const error = !m ? issueText(labels, { key: MSG.required }) : !isMobileNumber(m) ? issueText(labels, { key: MSG.mobile }) : undefined;
    opts.onMobileError(error);
    return error === undefined;
  }

  async function sendCode(): Promise<number | null> {
    opts.onNote(null);
    try {
      const answer = await humanCheck(api());
      const v = await api().call(smsNoLogin, { body: { mobileNum: mobile.trim(), countryDialingCode: dial, ...answer } });
      opts.onNote(labels.auth.codeSent);
      return v.expiredMinutes;
    } catch (err) {
      await showDialog({ kind: 'warning', text: err instanceof Error ? err.message : String(err) });
      return null;
    }
  }

  return { mobile, setMobile, dial, setDial, code, setCode, checkMobile, sendCode };
}

/** The mobile number (with its dialing code) and the sms code field with its Get code button. */
export function MobileCodeFields(p: {
  state: MobileCode;
  /** The fields' errors (first error under each field). */
  errors: { mobile?: string; code?: string };
  /** Form name of the code input (the login sends `code`, the reset `verificationCode`). */
  codeName: string;
  mobilePlaceholder?: string;
}) {
  const { auth } = useLabels();
  const countries = useStore($countries);
  const s = p.state;
  return (
    <>
      <Field
        name="mobileNum"
        type="tel"
        inputMode="tel"
        label={auth.mobileNum}
        value={s.mobile}
        onChange={s.setMobile}
        error={p.errors.mobile}
        required
        maxLength={20}
        autoComplete="tel-national"
        placeholder={p.mobilePlaceholder}
        autoFocus
        prefix={<DialingCode value={s.dial} onChange={s.setDial} countries={countries?.list ?? []} />}
      />
      <Field
        name={p.codeName}
        label={auth.verificationCode}
        value={s.code}
        onChange={s.setCode}
        error={p.errors.code}
        required
        maxLength={255}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={auth.codePlaceholder}
        addon={<GetCodeButton check={s.checkMobile} send={s.sendCode} />}
      />
    </>
  );
}
