/**
 * The console's feedback inbox (issue 31, support): members' feedback, open ones oldest first,
 * each with its pictures (served to staff only) and an answer form; an answer is given once and
 * reaches the member as a platform message. Answered ones are listed newest first with who
 * answered.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { consoleAnswerFeedback, consoleFeedback, type ConsoleFeedback } from '../contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { Field, fill, pageOf, Pager, usePage, when, type Labels } from './parts.tsx';

export function Feedback({ L, c, lang }: { L: Labels; c: ConsoleState; lang: string }) {
  const id = useId();
  const F = L.feedback;
  const f = useStore(c.$filters);
  const status = f.status === 'answered' ? 'answered' : 'open';
  const { data, reload } = usePage(() => c.run((api) => api.call(consoleFeedback, { query: { status, page: pageOf(f) } })), JSON.stringify([status, f.page]));
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});

  async function answer(e: FormEvent, item: ConsoleFeedback) {
    e.preventDefault();
    setErrors({ ...errors, [item.id]: '' });
    try {
      await c.client.call(consoleAnswerFeedback, { body: { id: item.id, answer: answers[item.id] ?? '' } });
      c.$notice.set({ kind: 'ok', text: fill(F.answered, { name: item.username }) });
      reload();
    } catch (err) {
      const x = err as { fieldErrors?: Record<string, string>; message?: string };
      setErrors({ ...errors, [item.id]: x.fieldErrors?.answer ?? x.message ?? String(err) });
    }
  }

  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{F.title}</h2>
      <div className="cs-tabs" role="group" aria-label={F.state}>
        {(['open', 'answered'] as const).map((s) => (
          <button key={s} type="button" className="btn btn-sm btn-ghost" aria-pressed={status === s} onClick={() => c.setFilters({ ...f, status: s, page: '' })}>
            {F.states[s]}
          </button>
        ))}
      </div>
      {!data ? (
        <p className="muted">{L.common.loading}</p>
      ) : !data.items.length ? (
        <p className="muted cs-empty">{status === 'open' ? F.noneOpen : L.common.empty}</p>
      ) : (
        <>
          <ul className="cs-feedback">
            {data.items.map((item) => {
              const fid = `${id}-a-${item.id}`;
              return (
                <li key={item.id} className="card">
                  <article aria-labelledby={`${fid}-h`}>
                    <h3 id={`${fid}-h`}>
                      <a href={`?section=members&id=${item.memberId}`} onClick={(e) => (e.preventDefault(), c.open('members', { id: String(item.memberId) }))}>
                        {item.username}
                      </a>{' '}
                      · {F.types[item.type as keyof typeof F.types] ?? item.type}
                    </h3>
                    <p className="cs-sub">{when(item.createdAt, lang)}</p>
                    <p className="cs-feedback-text">{item.content}</p>
                    {item.images.length > 0 && (
                      <div className="cs-feedback-images">
                        {item.images.map((img, i) => (
                          <img
                            key={img.id}
                            src={`/wps/console/feedback/image?id=${img.id}`}
                            width={img.width}
                            height={img.height}
                            alt={fill(F.picture, { n: i + 1, name: item.username })}
                            loading="lazy"
                          />
                        ))}
                      </div>
                    )}
                    {item.status === 'answered' ? (
                      <p className="cs-feedback-answer">
                        <strong>{fill(F.answeredBy, { name: item.answeredBy ?? '', at: when(item.answeredAt, lang) })}</strong> {item.answer}
                      </p>
                    ) : (
                      <form className="cs-inline-form" onSubmit={(e) => void answer(e, item)} noValidate>
                        <Field id={fid} label={F.answer} error={errors[item.id] || undefined}>
                          <textarea
                            id={fid}
                            rows={3}
                            maxLength={2000}
                            value={answers[item.id] ?? ''}
                            onChange={(e) => setAnswers({ ...answers, [item.id]: e.target.value })}
                            aria-invalid={!!errors[item.id]}
                            aria-describedby={errors[item.id] ? `${fid}-error` : undefined}
                          />
                        </Field>
                        <button type="submit" className="btn btn-primary">
                          {F.send}
                        </button>
                      </form>
                    )}
                  </article>
                </li>
              );
            })}
          </ul>
          <Pager L={L} page={data.page} pageSize={data.pageSize} total={data.total} go={(p) => c.setFilters({ ...f, page: String(p) })} />
        </>
      )}
    </section>
  );
}
