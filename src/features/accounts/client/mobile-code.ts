/**
 * The mobile number and sms code pair that the sms login and the reset by phone share, as
 * nanostores advises: the values in one store, the steps as plain functions, the fields
 * (islands/mobile-code.tsx) only render. The dialing code defaults to the visitor's country; the
 * number is checked before a code is sent; the send is the human check, then smsNoLogin (a refusal
 * shows the server's message in a warning dialog, spec 8).
 */
import { map } from 'nanostores';
import { smsNoLogin } from '../contract.ts';
import { humanCheck } from './human-check.ts';
import { api } from './session.ts';
import { loadCountries } from './site.ts';
import { showDialog } from '../../../ui/stores/ui.ts';
import { isMobileNumber, MSG, type FieldIssue } from '../registerPatterns.ts';

export interface MobileCodeView {
  mobile: string;
  dial: string;
  code: string;
}

/** The words the pair says itself, in the page's language. */
export interface MobileCodeWords {
  /** A validation issue, in words. */
  issue: (issue: FieldIssue) => string;
  codeSent: string;
}

/**
 * The number's own check before a code is sent: its error, or undefined when it is fit.
 * @example mobileIssue('', words) // words.issue({ key: 'validation.required' })
 */
export function mobileIssue(mobile: string, words: Pick<MobileCodeWords, 'issue'>): string | undefined {
  const m = mobile.trim();
  if (!m) return words.issue({ key: MSG.required });
  return isMobileNumber(m) ? undefined : words.issue({ key: MSG.mobile });
}

/**
 * One mobile + sms code pair's store. `onNote` gets the 'code sent' note (null when a send
 * starts); `onMobileError` the number's error from the check before a send.
 */
export function createMobileCode(o: {
  words: MobileCodeWords;
  onNote: (note: string | null) => void;
  onMobileError: (error: string | undefined) => void;
  initial?: { mobile?: string; dial?: string };
}) {
  const $phone = map<MobileCodeView>({ mobile: o.initial?.mobile ?? '', dial: o.initial?.dial ?? '', code: '' });
  const get = () => $phone.get();
  const set = (patch: Partial<MobileCodeView>) => $phone.set({ ...get(), ...patch });

  /** Loads the dialing codes; an empty dialing code becomes the visitor's country's. */
  function open(): void {
    void loadCountries()
      .then((c) => set({ dial: get().dial || c.list.find((x) => x.iso === c.current)?.dialingCode || c.list[0]?.dialingCode || '' }))
      .catch(() => {});
  }

  /** Checks the number before a code is sent; its error goes under the field. */
  function checkMobile(): boolean {
    const error = mobileIssue(get().mobile, o.words);
    o.onMobileError(error);
    return error === undefined;
  }

  /** Sends a code; answers its lifetime in minutes, or null after a refusal. */
  async function sendCode(): Promise<number | null> {
    o.onNote(null);
    try {
      const answer = await humanCheck(api());
      const v = await api().call(smsNoLogin, { body: { mobileNum: get().mobile.trim(), countryDialingCode: get().dial, ...answer } });
      o.onNote(o.words.codeSent);
      return v.expiredMinutes;
    } catch (err) {
      await showDialog({ kind: 'warning', text: err instanceof Error ? err.message : String(err) });
      return null;
    }
  }

  return {
    $phone,
    open,
    setMobile: (mobile: string) => set({ mobile }),
    setDial: (dial: string) => set({ dial }),
    setCode: (code: string) => set({ code }),
    checkMobile,
    sendCode,
  };
}

export type MobileCodeFlow = ReturnType<typeof createMobileCode>;
