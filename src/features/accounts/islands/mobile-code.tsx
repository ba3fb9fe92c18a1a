/**
 * The mobile number and sms code pair that the sms login and the reset by phone share: the two
 * fields with the Get code button. The values and the steps (dialing code, the number's check, the
 * send) live in the pair's store (src/features/accounts/client/mobile-code.ts); this renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createMobileCode, type MobileCodeFlow } from '../client/mobile-code.ts';
import { $countries } from '../client/site.ts';
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

/** A mobile + sms code store's values and actions, for the fields. */
export function useMobileCodeOf(flow: MobileCodeFlow): MobileCode {
  const { mobile, dial, code } = useStore(flow.$phone);
  const { setMobile, setDial, setCode, checkMobile, sendCode } = flow;
  return { mobile, setMobile, dial, setDial, code, setCode, checkMobile, sendCode };
}

/**
 * A mobile + sms code pair of the component's own (the login form's). `onNote` gets the 'code
 * sent' note (null when a send starts); `onMobileError` the number's error from the check before a send.
 */
export function useMobileCode(opts: { onNote: (note: string | null) => void; onMobileError: (error: string | undefined) => void; initial?: { mobile?: string; dial?: string } }): MobileCode {
  const labels = useLabels();
  const [flow] = useState(() => createMobileCode({ words: { issue: (issue) => issueText(labels, issue), codeSent: labels.auth.codeSent }, ...opts }));
  useEffect(() => flow.open(), [flow]);
  return useMobileCodeOf(flow);
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
