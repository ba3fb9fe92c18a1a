/**
 * Feedback (spec 2.14, issue 31), a member-centre page: a question type, a message of at most the
 * brand's length with a counter, up to three pictures (png or jpg, 5 MB each: checked here for a
 * quick word, and by the server on the bytes), then the member's feedback with its state and
 * support's answer. Pictures of sent feedback are fetched with the session (never public) and
 * shown from memory.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { formatDateTime } from '../../../kernel/intl.ts';
import { FormError } from '../../../ui/form.tsx';
import { feedbackImage, feedbackList, feedbackSubmit, FEEDBACK_IMAGE_MAX_BYTES, type FeedbackView } from '../contract.ts';
import { useSupportLabels } from './labels.ts';
import css from './support.css?url';
import { addStylesheet } from '../../../ui/stylesheets.ts';

void addStylesheet(css);

type Mine = { items: FeedbackView[]; types: string[]; maxContent: number; maxImages: number };
type Picked = { name: string; data: string; url: string };

/** A file's bytes as base64 (what the call carries). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export default function FeedbackPage() {
  const labels = useLabels();
  const l = useSupportLabels(labels.lang);
  const ids = useId();
  const [mine, setMine] = useState<Mine | null>(null);
  const [form, setForm] = useState({ type: '', content: '' });
  const [pictures, setPictures] = useState<Picked[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [tick, setTick] = useState(0);
  // A second press while one is being sent does nothing (a picture's upload takes a moment).
  const inFlight = useRef(false);

  useEffect(() => {
    void api()
      .call(feedbackList)
      .then(setMine)
      .catch((err: unknown) => setOutcome({ ok: false, text: err instanceof Error ? err.message : String(err) }));
  }, [tick]);

  if (!mine && outcome && !outcome.ok) return <FormError message={outcome.text} />;
  if (!l || !mine) return <p className="muted">{labels.auth.loading}</p>;
  const F = l.feedback;
  const typeName = (t: string) => F.types[t as keyof typeof F.types] ?? t;

  async function pick(files: FileList | null) {
    if (!files || !l) return;
    const next = [...pictures];
    const problems: string[] = [];
    for (const file of [...files]) {
      const n = next.length + 1;
      if (next.length >= mine!.maxImages) {
        problems.push(fill(F.tooManyPictures, { max: mine!.maxImages }));
        break;
      }
      if (!/^image\/(png|jpeg)$/.test(file.type)) problems.push(fill(F.pictureType, { n }));
      else if (file.size > FEEDBACK_IMAGE_MAX_BYTES) problems.push(fill(F.pictureSize, { n }));
      else next.push({ name: file.name, data: await base64Of(file), url: URL.createObjectURL(file) });
    }
    setPictures(next);
    setErrors({ ...errors, images: problems.join(' ') });
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setErrors({});
    setOutcome(null);
    try {
      await api().call(feedbackSubmit, { body: { type: form.type, content: form.content, images: pictures.map((p) => ({ name: p.name, data: p.data })) } });
      for (const p of pictures) URL.revokeObjectURL(p.url);
      setPictures([]);
      setForm({ type: '', content: '' });
      setOutcome({ ok: true, text: F.sent });
      setTick((t) => t + 1);
    } catch (err) {
      const x = err as { fieldErrors?: Record<string, string>; message?: string };
      // A picture's refusal (images.1) shows under the pictures.
      const fe = Object.fromEntries(Object.entries(x.fieldErrors ?? {}).map(([k, v]) => [k.startsWith('images') ? 'images' : k, v]));
      setErrors(fe);
      setOutcome({ ok: false, text: x.message ?? String(err) });
    } finally {
      inFlight.current = false;
    }
  }

  const err = (name: string) => errors[name] || undefined;
  const described = (name: string, hint?: boolean) => [hint ? `${ids}-${name}-hint` : '', err(name) ? `${ids}-${name}-err` : ''].filter(Boolean).join(' ') || undefined;
  const errorLine = (name: string) =>
    err(name) && (
      <p className="field-error" id={`${ids}-${name}-err`}>
        {err(name)}
      </p>
    );

  return (
    <div className="fb-page">
      <p className="fb-lead">{F.lead}</p>
      <form className="auth-form fb-form" onSubmit={(e) => void send(e)} noValidate>
        <div className={err('type') ? 'field has-error' : 'field'}>
          <label htmlFor={`${ids}-type`}>{F.type}</label>
          <div className="control">
            <select
              className="wl-select"
              id={`${ids}-type`}
              value={form.type}
              onChange={(e) => setForm({ ...form, type: e.target.value })}
              aria-invalid={err('type') ? true : undefined}
              aria-describedby={described('type')}
            >
              <option value="">–</option>
              {mine.types.map((t) => (
                <option key={t} value={t}>
                  {typeName(t)}
                </option>
              ))}
            </select>
          </div>
          {errorLine('type')}
        </div>
        <div className={err('content') ? 'field has-error' : 'field'}>
          <label htmlFor={`${ids}-content`}>{F.content}</label>
          <div className="control">
            <textarea
              id={`${ids}-content`}
              rows={4}
              maxLength={mine.maxContent}
              value={form.content}
              onChange={(e) => setForm({ ...form, content: e.target.value })}
              aria-invalid={err('content') ? true : undefined}
              aria-describedby={described('content', true)}
            />
          </div>
          <p className="fb-hint" id={`${ids}-content-hint`}>
            {fill(F.counter, { count: form.content.length, max: mine.maxContent })}
          </p>
          {errorLine('content')}
        </div>
        {mine.maxImages > 0 && (
          <div className={err('images') ? 'field has-error' : 'field'}>
            <label htmlFor={`${ids}-images`}>{F.images}</label>
            <div className="control">
              <input
                id={`${ids}-images`}
                type="file"
                accept="image/png,image/jpeg"
                multiple
                disabled={pictures.length >= mine.maxImages}
                onChange={(e) => void pick(e.target.files).then(() => (e.target.value = ''))}
                aria-describedby={described('images', true)}
                aria-invalid={err('images') ? true : undefined}
              />
            </div>
            <p className="fb-hint" id={`${ids}-images-hint`}>
              {fill(F.imagesHint, { max: mine.maxImages })}
            </p>
            {errorLine('images')}
            {pictures.length > 0 && (
              <ul className="fb-picked">
                {pictures.map((p, i) => (
                  <li key={p.url}>
                    <img src={p.url} alt={fill(F.picture, { n: i + 1 })} />
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() => {
                        URL.revokeObjectURL(p.url);
                        setPictures(pictures.filter((x) => x !== p));
                      }}
                    >
                      {fill(F.remove, { n: i + 1 })}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <button type="submit" className="btn btn-primary">
          {F.send}
        </button>
        {outcome?.ok ? (
          <p className="fb-notice" role="status">
            {outcome.text}
          </p>
        ) : (
          <FormError message={outcome?.text ?? null} />
        )}
      </form>
      <section className="fb-mine" aria-labelledby={`${ids}-mine`}>
        <h3 id={`${ids}-mine`}>{F.mine}</h3>
        {!mine.items.length ? (
          <p className="muted">{F.none}</p>
        ) : (
          <ul className="fb-list">
            {mine.items.map((item) => (
              <li key={item.id} className="fb-item">
                <p className="fb-item-head">
                  <strong>{typeName(item.type)}</strong> · {formatDateTime(item.createdAt, labels.lang)} · <span className={`fb-state ${item.status}`}>{F.states[item.status]}</span>
                </p>
                <p className="fb-text">{item.content}</p>
                {item.images.length > 0 && (
                  <div className="fb-pictures">
                    {item.images.map((img, i) => (
                      <Picture key={img.id} id={img.id} width={img.width} height={img.height} alt={fill(F.picture, { n: i + 1 })} />
                    ))}
                  </div>
                )}
                {item.answer && (
                  <p className="fb-answer">
                    <strong>{F.answer}:</strong> {item.answer}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A picture of the member's own feedback, fetched with the session and shown from memory. */
function Picture(p: { id: number; width: number; height: number; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    void api()
      .download(feedbackImage, { query: { id: p.id } })
      .then((f) => {
        if (!live) return;
        made = URL.createObjectURL(f.blob);
        setUrl(made);
      })
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [p.id]);
  return url ? <img className="fb-picture" src={url} width={p.width} height={p.height} alt={p.alt} /> : <span className="fb-picture fb-picture-wait" aria-hidden="true" />;
}
