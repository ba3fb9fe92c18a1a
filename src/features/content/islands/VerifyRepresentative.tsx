/**
 * The official addresses with their 'Verify Representative' action (spec 1). A visitor types the
 * code or the address a representative gave them; the server says whether it is official and to
 * which address it belongs. A row's button narrows the check to that address. Labels come as
 * props from the .astro view, already translated.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { verifyRepresentative } from '../contract.ts';
import { ApiFailure, createApiClient, type ClientMessages } from '../../../kernel/http/client.ts';

export interface VerifyLabels {
  main: string;
  mirror: string;
  open: string;
  verify: string;
  verifyTitle: string;
  /** With {{host}}. */
  verifyFor: string;
  verifyHint: string;
  inputLabel: string;
  /** With {{host}}. */
  inputPlaceholder: string;
  check: string;
  checking: string;
  clear: string;
  /** With {{url}}. */
  valid: string;
  /** With {{url}} and {{host}}. */
  validOther: string;
  invalid: string;
  error: string;
}

export interface OfficialAddressView {
  url: string;
  host: string;
  main: boolean;
}

export interface Props {
  addresses: OfficialAddressView[];
  labels: VerifyLabels;
  /** The brand's merchant code and the page's API language, for the call's headers. */
  merchant: string;
  language: string;
  messages: ClientMessages;
}

type Result = { kind: 'valid' | 'other'; url: string } | { kind: 'invalid' } | { kind: 'error'; message: string };

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

const sameAddress = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

export default function VerifyRepresentative({ addresses, labels, merchant, language, messages }: Props) {
  const [selected, setSelected] = useState<OfficialAddressView | null>(null);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLElement>(null);
  const ids = useId();
  const resultId = `${ids}-result`;
  const example = selected?.host ?? addresses[0]?.host ?? '';

  function choose(address: OfficialAddressView | null) {
    setSelected(address);
    setResult(null);
    formRef.current?.scrollIntoView({ block: 'nearest' });
    inputRef.current?.focus();
  }

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = input.trim();
    if (!code || busy) return;
    setBusy(true);
    setResult(null);
    try {
      const api = createApiClient({ merchant, language, messages });
      const answer = await api.call(verifyRepresentative, { query: { code } });
      if (!answer.valid || !answer.url) setResult({ kind: 'invalid' });
      else if (selected && !sameAddress(answer.url, selected.url)) setResult({ kind: 'other', url: answer.url });
      else setResult({ kind: 'valid', url: answer.url });
    } catch (err) {
      setResult({ kind: 'error', message: err instanceof ApiFailure && err.errorCode !== 'network' ? err.message : labels.error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="verify-rep">
      <ul className="addresses">
        {addresses.map((a) => (
          <li key={a.host} className={selected?.host === a.host ? 'address selected' : 'address'}>
            <span className="kind">{a.main ? labels.main : labels.mirror}</span>
            <a className="url" href={a.url} rel="noopener">
              {a.host}
            </a>
            <span className="actions">
              <a className="btn btn-ghost btn-sm" href={a.url} rel="noopener">
                {labels.open}
              </a>
              <button type="button" className="btn btn-brand btn-sm" aria-pressed={selected?.host === a.host} onClick={() => choose(selected?.host === a.host ? null : a)}>
                {labels.verify}
              </button>
            </span>
          </li>
        ))}
      </ul>

      <section className="verify-form card" ref={formRef} aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>{selected ? fill(labels.verifyFor, { host: selected.host }) : labels.verifyTitle}</h2>
        <p className="muted">{labels.verifyHint}</p>
        <form onSubmit={onSubmit} noValidate>
          <label htmlFor={`${ids}-code`}>{labels.inputLabel}</label>
          <div className="row">
            <input
              id={`${ids}-code`}
              ref={inputRef}
              type="text"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={200}
              required
              value={input}
              placeholder={fill(labels.inputPlaceholder, { host: example })}
              aria-describedby={result ? resultId : undefined}
              onChange={(e) => {
                setInput(e.target.value);
                setResult(null);
              }}
            />
            <button type="submit" className="btn btn-primary" disabled={busy || input.trim() === ''}>
              {busy ? labels.checking : labels.check}
            </button>
          </div>
        </form>
        <div id={resultId} role="status" aria-live="polite">
          {result?.kind === 'valid' && <p className="result ok">{fill(labels.valid, { url: result.url })}</p>}
          {result?.kind === 'other' && <p className="result warn">{fill(labels.validOther, { url: result.url, host: selected?.host ?? '' })}</p>}
          {result?.kind === 'invalid' && <p className="result bad">{labels.invalid}</p>}
          {result?.kind === 'error' && <p className="result bad">{result.message}</p>}
        </div>
        {selected && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => choose(null)}>
            {labels.clear}
          </button>
        )}
      </section>
    </div>
  );
}
