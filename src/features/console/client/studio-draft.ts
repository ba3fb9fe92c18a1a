/**
 * One language of a document being edited in the content studio (issue 30), in nanostores: its
 * fields and Markdown, the preview the server renders a moment after typing stops (the site's own
 * pipeline), the messages per field, and an image upload that puts the picture's Markdown where
 * the cursor is. The studio's island renders these stores.
 */
import { map } from 'nanostores';
import { consoleContentRender, consoleContentSave, consoleContentUpload, STUDIO_IMAGE_MAX_BYTES, type StudioImage, type StudioKind } from '../contract.ts';
import type { ConsoleState } from './console.ts';

export type Fields = Record<string, unknown>;

export interface DraftWords {
  /** Said while a picture uploads ({{name}}), once it is in the text, and when a file is too large. */
  uploading: string;
  inserted: string;
  tooLarge: string;
}

export interface DraftView {
  html: string;
  errors: Record<string, string>;
  busy: boolean;
  uploading: boolean;
  imageError: string | undefined;
}

const fill = (text: string, name: string) => text.replace('{{name}}', name);
const PREVIEW_DELAY_MS = 350;

export function createDraft(o: { c: ConsoleState; kind: StudioKind; locale: string; fields: Fields; body: string; html: string; words: DraftWords }) {
  const $draft = map<{ fields: Fields; body: string }>({ fields: o.fields, body: o.body });
  const $view = map<DraftView>({ html: o.html, errors: {}, busy: false, uploading: false, imageError: undefined });
  let timer: ReturnType<typeof setTimeout> | null = null;

  function preview(): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const { fields, body } = $draft.get();
      void o.c.client
        .call(consoleContentRender, { body: { kind: o.kind, fields, body } })
        .then((r) => {
          $view.setKey('html', r.html);
          $view.setKey('errors', r.fieldErrors);
        })
        .catch(() => {});
    }, PREVIEW_DELAY_MS);
  }

  /** Sets a field; an empty value takes it away (an optional field left blank). */
  function setField(name: string, value: unknown): void {
    const next = { ...$draft.get().fields };
    if (value === '' || value === undefined) delete next[name];
    else next[name] = value;
    $draft.setKey('fields', next);
    preview();
  }

  function setBody(body: string): void {
    $draft.setKey('body', body);
    preview();
  }

  /** Saves a new version on top of `base`; answers its number, or null (the refusal is shown under the fields and in the notice). */
  async function save(slug: string, base: number): Promise<number | null> {
    $view.setKey('busy', true);
    try {
      const { fields, body } = $draft.get();
      const r = await o.c.client.call(consoleContentSave, { body: { kind: o.kind, slug, locale: o.locale, fields, body, base } });
      return r.number;
    } catch (err) {
      const f = err as { fieldErrors?: Record<string, string>; message?: string };
      if (f.fieldErrors) $view.setKey('errors', f.fieldErrors);
      o.c.$notice.set({ kind: 'error', text: f.message ?? String(err) });
      return null;
    } finally {
      $view.setKey('busy', false);
    }
  }

  /** Uploads a picture (the refusal is shown under the field and in the notice); null when refused. */
  async function upload(file: File): Promise<StudioImage | null> {
    $view.setKey('imageError', undefined);
    if (file.size > STUDIO_IMAGE_MAX_BYTES) {
      $view.setKey('imageError', o.words.tooLarge);
      return null;
    }
    $view.setKey('uploading', true);
    o.c.$notice.set({ kind: 'ok', text: fill(o.words.uploading, file.name) });
    try {
      const data = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error('read'));
        reader.readAsDataURL(file);
      });
      const image = await o.c.client.call(consoleContentUpload, { body: { name: file.name, data } });
      o.c.$notice.set({ kind: 'ok', text: fill(o.words.inserted, image.name) });
      return image;
    } catch (err) {
      const message = (err as { message?: string }).message ?? String(err);
      $view.setKey('imageError', message);
      o.c.$notice.set({ kind: 'error', text: message });
      return null;
    } finally {
      $view.setKey('uploading', false);
    }
  }

  /** Uploads a picture and puts its Markdown at `cursor` in the text (on a paragraph of its own). */
  async function insertImage(file: File, cursor: number): Promise<void> {
    const image = await upload(file);
    if (!image) return;
    const b = $draft.get().body;
    const at = Math.min(cursor, b.length);
    setBody(`${b.slice(0, at)}${at > 0 && b[at - 1] !== '\n' ? '\n\n' : ''}${image.markdown}\n\n${b.slice(at)}`);
  }

  /** Uploads a picture as a field's value (a banner's image). */
  async function imageField(file: File, name: string): Promise<void> {
    const image = await upload(file);
    if (image) setField(name, image.url);
  }

  return { $draft, $view, setField, setBody, save, insertImage, imageField };
}

export type Draft = ReturnType<typeof createDraft>;
