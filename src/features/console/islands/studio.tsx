/**
 * The content studio (issue 30), for the content role: the documents of a kind with their state in
 * each language (live, draft, scheduled, missing, or behind another language), and an editor that
 * puts the brand's languages side by side: fields and Markdown, a live preview rendered by the
 * server's one pipeline, save a draft, publish now or at a time, unpublish, a preview of the drafts
 * on the real page, every version with a diff between any two and a rollback.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  consoleContentAction,
  consoleContentDiff,
  consoleContentEntry,
  consoleContentList,
  consoleContentPreviewLink,
  consoleContentPublish,
  consoleSaveSiteFacts,
  consoleSiteFacts,
  CONTENT_KINDS,
  type SiteFacts,
  type StudioDiff,
  type StudioEntry,
  type StudioKind,
  type StudioList,
  type StudioLocaleState,
} from '../contract.ts';
import { ANNOUNCEMENT_TYPES, AUDIENCES, BANNER_GROUPS, EXECUTIONS, PROMO_PERIODS, PROMO_STATUSES, PROMO_TILES, PROMO_TYPES } from '../../content/contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { createDraft, type Fields } from '../client/studio-draft.ts';
import { Field, Table, describedBy, fill, when, type Labels } from './parts.tsx';

interface Props {
  L: Labels;
  c: ConsoleState;
  lang: string;
}

type CL = Labels['content'];

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español' };
const langName = (l: string) => LANGUAGE_NAMES[l] ?? l;

function StateBadge({ L, s }: { L: CL; s: StudioLocaleState | undefined }) {
  if (!s) return <span className="cs-badge missing">{L.states.missing}</span>;
  return (
    <span className={`cs-badge ${s.state}`}>
      {L.states[s.state]}
      {s.outdated && <span className="cs-outdated"> · {L.outdated}</span>}
    </span>
  );
}

export function Studio({ L, c, lang }: Props) {
  const filters = useStore(c.$filters);
  if (filters.kind === 'facts') return <SiteFactsEditor L={L} c={c} lang={lang} />;
  const kind: StudioKind = (CONTENT_KINDS as readonly string[]).includes(filters.kind ?? '') ? (filters.kind as StudioKind) : 'help';
  const doc = filters.doc;
  if (doc !== undefined) return <Editor key={`${kind}/${doc}`} L={L} c={c} lang={lang} kind={kind} slug={doc} />;
  return <DocumentList L={L} c={c} lang={lang} kind={kind} />;
}

/** The studio's tabs: each kind of document, and the brand's licence texts and mirror sites. */
function KindTabs({ L, c, current }: { L: Labels; c: ConsoleState; current: StudioKind | 'facts' }) {
  const T = L.content;
  return (
    <div className="cs-tabs" role="group" aria-label={T.kindLabel}>
      {[...CONTENT_KINDS, 'facts' as const].map((k) => (
        <button key={k} type="button" className={`btn btn-sm ${k === current ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={k === current} onClick={() => c.setFilters({ kind: k })}>
          {k === 'facts' ? T.facts.tab : T.kinds[k]}
        </button>
      ))}
    </div>
  );
}

function SiteFactsEditor({ L, c }: Props) {
  const id = useId();
  const T = L.content;
  const F = T.facts;
  const [facts, setFacts] = useState<SiteFacts | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void c.run((api) => api.call(consoleSiteFacts)).then((v) => v && setFacts(v.current));
  }, [c]);
  if (!facts) return <p className="muted">{L.common.loading}</p>;
  const mexico = facts.licences.mexico ?? { holder: '', number: '' };
  const setLicence = (which: 'curacao' | 'mexico', key: 'holder' | 'number', value: string) =>
    setFacts({ ...facts, licences: { ...facts.licences, [which]: { ...(which === 'mexico' ? mexico : facts.licences.curacao), [key]: value } } });
  const setMirror = (i: number, key: 'url' | 'verifyCode', value: string) => setFacts({ ...facts, mirrors: facts.mirrors.map((m, j) => (j === i ? { ...m, [key]: value } : m)) });
  async function save(e: FormEvent) {
    e.preventDefault();
    if (!facts) return;
    setErrors({});
    const m = facts.licences.mexico;
    const body: SiteFacts = { ...facts, licences: { curacao: facts.licences.curacao, ...(m && (m.holder.trim() || m.number.trim()) ? { mexico: m } : {}) } };
    try {
      setFacts(await c.client.call(consoleSaveSiteFacts, { body }));
      c.$notice.set({ kind: 'ok', text: F.saved });
    } catch (err) {
      const f = err as { fieldErrors?: Record<string, string>; message?: string };
      if (f.fieldErrors) setErrors(f.fieldErrors);
      c.$notice.set({ kind: 'error', text: f.message ?? String(err) });
    }
  }
  const text = (name: string, label: string, value: string, onChange: (v: string) => void, hint?: string) => {
    const fid = `${id}-${name.replace(/\./g, '-')}`;
    return (
      <Field id={fid} label={label} error={errors[name]} hint={hint}>
        <input id={fid} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!errors[name]} aria-describedby={describedBy(fid, { hint: !!hint, error: errors[name] })} />
      </Field>
    );
  };
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>{T.title}</h2>
      </div>
      <KindTabs L={L} c={c} current="facts" />
      <form className="cs-doc cs-facts-form" onSubmit={(e) => void save(e)} noValidate>
        <h3>{F.title}</h3>
        <fieldset className="cs-fieldset">
          <legend>{F.curacao}</legend>
          <div className="cs-row">
            {text('licences.curacao.holder', F.holder, facts.licences.curacao.holder, (v) => setLicence('curacao', 'holder', v))}
            {text('licences.curacao.number', F.number, facts.licences.curacao.number, (v) => setLicence('curacao', 'number', v))}
          </div>
        </fieldset>
        <fieldset className="cs-fieldset">
          <legend>{F.mexico}</legend>
          <p className="muted cs-small">{F.mexicoHint}</p>
          <div className="cs-row">
            {text('licences.mexico.holder', F.holder, mexico.holder, (v) => setLicence('mexico', 'holder', v))}
            {text('licences.mexico.number', F.number, mexico.number, (v) => setLicence('mexico', 'number', v))}
          </div>
        </fieldset>
        <fieldset className="cs-fieldset">
          <legend>{F.mirrors}</legend>
          <p className="muted cs-small">{F.mirrorsHint}</p>
          {facts.mirrors.map((m, i) => (
            <div className="cs-row" key={i} role="group" aria-label={fill(F.mirror, { n: i + 1 })}>
              {text(`mirrors.${i}.url`, F.url, m.url, (v) => setMirror(i, 'url', v))}
              {text(`mirrors.${i}.verifyCode`, F.verifyCode, m.verifyCode, (v) => setMirror(i, 'verifyCode', v))}
              <button type="button" className="btn btn-ghost btn-sm cs-remove" onClick={() => setFacts({ ...facts, mirrors: facts.mirrors.filter((_, j) => j !== i) })}>
                {fill(F.remove, { n: i + 1 })}
              </button>
            </div>
          ))}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setFacts({ ...facts, mirrors: [...facts.mirrors, { url: 'https://', verifyCode: '' }] })}>
            {F.add}
          </button>
        </fieldset>
        <div className="cs-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {F.save}
          </button>
        </div>
      </form>
    </section>
  );
}

function DocumentList({ L, c, lang, kind }: Props & { kind: StudioKind }) {
  const id = useId();
  const T = L.content;
  const [list, setList] = useState<StudioList | null>(null);
  useEffect(() => {
    setList(null);
    void c.run((api) => api.call(consoleContentList, { query: { kind } })).then((v) => v && setList(v));
  }, [c, kind]);
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>{T.title}</h2>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => c.setFilters({ kind, doc: '' })}>
          {T.new}
        </button>
      </div>
      <KindTabs L={L} c={c} current={kind} />
      {!list ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <Table
          caption={T.kinds[kind]}
          empty={L.common.empty}
          head={[T.titleCol, T.id, ...list.locales.map(langName), T.updated]}
          rows={list.items.map((d) => [
            <button key="t" type="button" className="link" onClick={() => c.setFilters({ kind, doc: d.slug })} aria-label={fill(T.open, { title: d.title })}>
              {d.title}
            </button>,
            <code key="s">{d.slug}</code>,
            ...list.locales.map((l) => <StateBadge key={l} L={T} s={d.locales[l]} />),
            when(Math.max(...Object.values(d.locales).map((s) => s.latest.at)), lang),
          ])}
        />
      )}
    </section>
  );
}

function Editor({ L, c, lang, kind, slug }: Props & { kind: StudioKind; slug: string }) {
  const id = useId();
  const T = L.content;
  const [entry, setEntry] = useState<StudioEntry | null>(null);
  const [locales, setLocales] = useState<string[] | null>(null);
  const [tick, setTick] = useState(0);
  const [newSlug, setNewSlug] = useState('');
  const isNew = slug === '';
  useEffect(() => {
    void c.run((api) => api.call(consoleContentList, { query: { kind } })).then((v) => v && setLocales(v.locales));
    if (isNew) setEntry({ locales: {} });
    else void c.run((api) => api.call(consoleContentEntry, { query: { kind, slug } })).then((v) => v && setEntry(v));
  }, [c, kind, slug, isNew, tick]);
  const reload = () => setTick((t) => t + 1);
  // The document's title in the console's language when it has one.
  const title = entry && (entry.locales[lang.slice(0, 2)] ?? Object.values(entry.locales)[0])?.latest.title;
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>
          {T.kinds[kind]}: {isNew ? T.new : (title ?? slug)}
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => c.setFilters({ kind })}>
          {T.back}
        </button>
      </div>
      {isNew && (
        <Field id={`${id}-slug`} label={T.id} hint={kind === 'help' ? T.idHintHelp : T.idHintPromotion}>
          <input id={`${id}-slug`} value={newSlug} onChange={(e) => setNewSlug(e.target.value)} aria-describedby={`${id}-slug-hint`} autoComplete="off" />
        </Field>
      )}
      {!entry || !locales ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <div className="cs-studio">
          {locales.map((l) => (
            <LocaleEditor
              key={`${l}-${entry.locales[l]?.latest.number ?? 0}-${entry.locales[l]?.state.state ?? 'new'}-${entry.locales[l]?.state.published?.number ?? 0}`}
              L={L}
              c={c}
              lang={lang}
              kind={kind}
              slug={isNew ? newSlug : slug}
              locale={l}
              doc={entry.locales[l] ?? null}
              template={Object.values(entry.locales)[0]?.latest.fields ?? null}
              onSaved={(savedSlug) => {
                if (isNew) c.setFilters({ kind, doc: savedSlug });
                else reload();
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}

const EMPTY: Record<StudioKind, Fields> = {
  help: { title: '', order: 100 },
  promotion: { title: '', summary: '', promoType: 'special', period: 'none', order: 100 },
  announcement: { title: '', order: 100, type: 'B', execution: 'B', audience: 'everyone' },
  banner: { title: '', order: 100, group: 'w_home', image: '' },
};
const emptyFields = (kind: StudioKind): Fields => ({ ...EMPTY[kind] });

function LocaleEditor(p: Props & { kind: StudioKind; slug: string; locale: string; doc: StudioEntry['locales'][string] | null; template: Fields | null; onSaved: (slug: string) => void }) {
  const { L, c, lang, kind, locale, doc } = p;
  const T = L.content;
  const id = useId();
  const [draft] = useState(() =>
    createDraft({
      c,
      kind,
      locale,
      // A language without the document starts from the other's fields (order, type, dates), not its words.
      fields: doc ? doc.latest.fields : { ...emptyFields(kind), ...(p.template ?? {}), title: '', ...(kind === 'promotion' ? { summary: '' } : {}) },
      body: doc?.latest.body ?? '',
      html: doc?.latest.html ?? '',
      words: { uploading: T.uploading, inserted: T.inserted, tooLarge: T.imageHint },
    }),
  );
  const { fields, body } = useStore(draft.$draft);
  const { html, errors, busy, uploading, imageError } = useStore(draft.$view);
  const [at, setAt] = useState('');
  const dirty = !doc || JSON.stringify(fields) !== JSON.stringify(doc.latest.fields) || body !== doc.latest.body;
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const set = draft.setField;

  async function save(e: FormEvent) {
    e.preventDefault();
    const number = await draft.save(p.slug, doc?.latest.number ?? 0);
    if (number === null) return;
    c.$notice.set({ kind: 'ok', text: fill(T.saved, { number, locale: langName(locale) }) });
    p.onSaved(p.slug);
  }

  async function publish(schedule: boolean) {
    if (!doc) return;
    const when_ = schedule ? new Date(at).getTime() : undefined;
    if (schedule && !(when_! > Date.now())) {
      c.$notice.set({ kind: 'error', text: T.pastTime });
      return;
    }
    const r = await c.run((api) => api.call(consoleContentPublish, { body: { entryId: doc.state.entryId, number: doc.latest.number, ...(when_ ? { at: when_ } : {}) } }));
    if (!r) return;
    c.$notice.set({
      kind: 'ok',
      text: r.scheduled
        ? fill(T.scheduled, { number: r.scheduled.number, at: when(r.scheduled.at, lang), locale: langName(locale) })
        : fill(T.published, { number: doc.latest.number, locale: langName(locale) }),
    });
    p.onSaved(p.slug);
  }

  async function act(action: 'unpublish' | 'unschedule') {
    if (!doc) return;
    if (action === 'unpublish' && !window.confirm(fill(T.confirmUnpublish, { locale: langName(locale) }))) return;
    const r = await c.run(
      (api) => api.call(consoleContentAction, { body: { action, entryId: doc.state.entryId } }),
      () => (action === 'unpublish' ? fill(T.unpublished, { locale: langName(locale) }) : L.common.done),
    );
    if (r) p.onSaved(p.slug);
  }

  async function previewLink(kind: StudioKind) {
    // The tab opens at once (a popup blocker allows it), then goes to the link.
    const tab = window.open('about:blank', '_blank');
    const r = await c.run(
      (api) => api.call(consoleContentPreviewLink, { body: { kind, locale } }),
      () => T.previewReady,
    );
    if (r && tab) tab.location.href = r.url;
    else tab?.close();
  }

  const input = (name: string, label: string, type: 'text' | 'number' | 'date' = 'text', hint?: string) => {
    const fid = `${id}-${name}`;
    const v = fields[name];
    return (
      <Field id={fid} label={label} error={errors[name]} hint={hint}>
        <input
          id={fid}
          type={type}
          value={v === undefined ? '' : String(v)}
          onChange={(e) => set(name, type === 'number' ? (e.target.value === '' ? '' : Number(e.target.value)) : e.target.value)}
          aria-invalid={!!errors[name]}
          aria-describedby={describedBy(fid, { hint: !!hint, error: errors[name] })}
        />
      </Field>
    );
  };
  const select = (name: string, label: string, options: readonly string[], optional = false, hint?: string) => {
    const fid = `${id}-${name}`;
    return (
      <Field id={fid} label={label} error={errors[name]} hint={hint}>
        <select
          id={fid}
          value={fields[name] === undefined ? '' : String(fields[name])}
          onChange={(e) => set(name, e.target.value)}
          aria-invalid={!!errors[name]}
          aria-describedby={describedBy(fid, { hint: !!hint, error: errors[name] })}
        >
          {optional && <option value="">{T.fields.none}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </Field>
    );
  };

  return (
    <article className="cs-locale card" aria-labelledby={`${id}-lh`} lang={locale}>
      <h3 id={`${id}-lh`}>
        {langName(locale)} <StateBadge L={T} s={doc?.state} />
      </h3>
      {!doc && <p className="muted">{T.newIn}</p>}
      {doc?.state.published && <p className="muted cs-small">{fill(T.liveVersion, { number: doc.state.published.number, at: when(doc.state.published.at, lang) })}</p>}
      {doc?.state.scheduled && <p className="muted cs-small">{fill(T.scheduledVersion, { number: doc.state.scheduled.number, at: when(doc.state.scheduled.at, lang) })}</p>}
      <form className="cs-doc" onSubmit={(e) => void save(e)} noValidate>
        {input('title', T.fields.title)}
        {kind === 'promotion' && (
          <>
            {input('summary', T.fields.summary)}
            <div className="cs-row">
              {select('promoType', T.fields.promoType, PROMO_TYPES)}
              {select('period', T.fields.period, PROMO_PERIODS)}
              {select('tile', T.fields.tile, PROMO_TILES, true)}
            </div>
            <div className="cs-row">
              {input('start', T.fields.start, 'date')}
              {input('end', T.fields.end, 'date')}
              {select('status', T.fields.status, PROMO_STATUSES, true)}
            </div>
          </>
        )}
        {kind === 'announcement' && (
          <div className="cs-row">
            {select('type', T.fields.type, ANNOUNCEMENT_TYPES, false, T.fields.typeHint)}
            {select('execution', T.fields.execution, EXECUTIONS, false, T.fields.executionHint)}
            {select('audience', T.fields.audience, AUDIENCES)}
            {select('promotionType', T.fields.promotionType, PROMO_TYPES, true)}
          </div>
        )}
        {kind === 'banner' && (
          <>
            {input('subtitle', T.fields.subtitle)}
            {select('group', T.fields.group, BANNER_GROUPS, false, T.fields.groupHint)}
            {input('image', T.fields.image)}
            <Field id={`${id}-image-file`} label={T.fields.imageUpload} hint={T.imageHint} error={imageError}>
              <input
                id={`${id}-image-file`}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                disabled={uploading}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void draft.imageField(file, 'image');
                  e.target.value = '';
                }}
                aria-invalid={!!imageError}
                aria-describedby={describedBy(`${id}-image-file`, { hint: true, error: imageError })}
              />
            </Field>
            <div className="cs-row">
              {select('linkageType', T.fields.linkageType, ['URL', 'PROMO'], true)}
              {input('target', T.fields.target, 'text', T.fields.targetHint)}
            </div>
          </>
        )}
        {input('order', T.fields.order, 'number')}
        {kind !== 'banner' && (
          <>
            <Field id={`${id}-body`} label={T.body} hint={T.bodyHint} error={errors.body}>
              <textarea
                ref={bodyRef}
                id={`${id}-body`}
                className="cs-markdown"
                rows={14}
                value={body}
                onChange={(e) => draft.setBody(e.target.value)}
                aria-describedby={`${id}-body-hint`}
                spellCheck
              />
            </Field>
            <Field id={`${id}-image`} label={T.image} hint={T.imageHint} error={imageError}>
              <input
                id={`${id}-image`}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                disabled={uploading}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void draft.insertImage(file, bodyRef.current?.selectionStart ?? body.length);
                  e.target.value = '';
                }}
                aria-invalid={!!imageError}
                aria-describedby={describedBy(`${id}-image`, { hint: true, error: imageError })}
              />
            </Field>
          </>
        )}
        <div className="cs-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !dirty}>
            {T.save}
          </button>
          {dirty && doc && <span className="muted cs-small">{T.unsaved}</span>}
        </div>
      </form>
      <h4>{T.preview}</h4>
      <p className="muted cs-small">{T.previewNote}</p>
      {kind === 'banner' ? (
        <figure className="cs-preview cs-banner-preview" role="region" aria-label={`${T.preview} ${langName(locale)}`} tabIndex={0}>
          {typeof fields.image === 'string' && /^\/img\/(media|art)\//.test(fields.image) && <img src={fields.image} alt="" />}
          <figcaption>
            <strong>{String(fields.title ?? '')}</strong> {String(fields.subtitle ?? '')}
          </figcaption>
        </figure>
      ) : (
        <div className="cs-preview prose" role="region" aria-label={`${T.preview} ${langName(locale)}`} tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {doc && (
        <>
          <div className="cs-actions">
            {doc.state.state !== 'live' && (
              <button type="button" className="btn btn-primary btn-sm" disabled={dirty} onClick={() => void publish(false)}>
                {fill(T.publish, { number: doc.latest.number })}
              </button>
            )}
            {doc.state.published && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void act('unpublish')}>
                {T.unpublish}
              </button>
            )}
            {doc.state.scheduled && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void act('unschedule')}>
                {T.unschedule}
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void previewLink(kind)}>
              {T.previewLink}
            </button>
          </div>
          <div className="cs-inline-form">
            <Field id={`${id}-at`} label={T.scheduleAt}>
              <input id={`${id}-at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
            </Field>
            <button type="button" className="btn btn-ghost btn-sm" disabled={dirty || !at} onClick={() => void publish(true)}>
              {T.schedule}
            </button>
          </div>
          <History L={L} c={c} lang={lang} locale={locale} doc={doc} onChanged={() => p.onSaved(p.slug)} />
        </>
      )}
    </article>
  );
}

function History({ L, c, lang, locale, doc, onChanged }: Props & { locale: string; doc: NonNullable<StudioEntry['locales'][string]>; onChanged: () => void }) {
  const T = L.content;
  const id = useId();
  const numbers = doc.versions.map((v) => v.number);
  const [from, setFrom] = useState(numbers[1] ?? numbers[0] ?? 1);
  const [to, setTo] = useState(numbers[0] ?? 1);
  const [diff, setDiff] = useState<StudioDiff | null>(null);
  async function compare() {
    const d = await c.run((api) => api.call(consoleContentDiff, { query: { entryId: doc.state.entryId, from, to } }));
    if (d) setDiff(d);
  }
  async function rollback(number: number) {
    const r = await c.run((api) => api.call(consoleContentAction, { body: { action: 'rollback', entryId: doc.state.entryId, number } }));
    if (!r) return;
    c.$notice.set({ kind: 'ok', text: fill(T.rolledBack, { from: number, number: r.number ?? '', locale: langName(locale) }) });
    onChanged();
  }
  const pick = (value: number, onChange: (n: number) => void, label: string, suffix: string) => (
    <Field id={`${id}-${suffix}`} label={label}>
      <select id={`${id}-${suffix}`} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {numbers.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <details className="cs-history">
      <summary>
        {T.history} ({doc.versions.length})
      </summary>
      <Table
        caption={`${T.history} ${langName(locale)}`}
        empty={L.common.empty}
        numeric={[0]}
        head={[T.version, T.titleCol, T.author, T.updated, L.common.actions]}
        rows={doc.versions.map((v) => [
          v.number,
          v.title,
          v.author,
          when(v.at, lang),
          v.number !== doc.state.published?.number ? (
            <button key="r" type="button" className="btn btn-ghost btn-sm" onClick={() => void rollback(v.number)}>
              {fill(T.rollback, { number: v.number })}
            </button>
          ) : (
            <span key="l" className="muted">
              {T.states.live}
            </span>
          ),
        ])}
      />
      {numbers.length > 1 && (
        <div className="cs-inline-form">
          {pick(from, setFrom, T.compareFrom, 'from')}
          {pick(to, setTo, T.compareTo, 'to')}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void compare()}>
            {T.showDiff}
          </button>
        </div>
      )}
      {diff && (
        <div className="cs-diff" role="region" aria-label={T.compare} tabIndex={0}>
          {!diff.fields.length && diff.lines.every((l) => l.op === 'same') && <p className="muted">{T.noDiff}</p>}
          {diff.fields.map((f) => (
            <p key={f.name} className="cs-small">
              {fill(T.fieldChanged, { name: f.name, from: f.from ?? '–', to: f.to ?? '–' })}
            </p>
          ))}
          <pre>
            {diff.lines.map((l, i) => (
              <span key={i} className={`cs-line ${l.op}`}>
                {l.op === 'added' ? '+ ' : l.op === 'removed' ? '- ' : '  '}
                {l.text}
                {'\n'}
              </span>
            ))}
          </pre>
        </div>
      )}
      {doc.changes.length > 0 && (
        <>
          <h4>{T.changes}</h4>
          <ul className="cs-notes">
            {doc.changes.map((ch, i) => (
              <li key={i}>
                <p>
                  {T.actions[ch.action as keyof CL['actions']] ?? ch.action}
                  {ch.number !== null ? ` · ${T.version} ${ch.number}` : ''}
                </p>
                <span className="muted">
                  {ch.actor} · {when(ch.at, lang)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}
