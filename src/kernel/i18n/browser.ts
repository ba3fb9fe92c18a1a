/**
 * The browser's side of i18n: catalogues reach the browser as chunks of their own, loaded when a
 * part first needs them (so no cached page carries them in its HTML), and their `{{name}}`
 * placeholders are filled here (i18next's syntax; there is no i18n library in the browser).
 * Browser-safe and tiny: every island that shows catalogue strings uses it.
 */
import { DEFAULT_LOCALE } from '../locales.ts';

/**
 * Fills the `{{name}}` placeholders of a catalogue string; a missing value leaves nothing.
 * @example fill('Resend in {{seconds}} s', { seconds: 5 }) // 'Resend in 5 s'
 */
export function fill(template: string, values: Record<string, string | number | undefined> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

/**
 * A loader of one namespace's catalogue by language, over the files an `import.meta.glob` of
 * `<folder>/i18n/*\/<namespace>.json` found (the glob must be written where it is used: Vite
 * reads it there). One request per language and page; a failed load is tried again next time.
 * @example const wallet = lazyCatalogue(import.meta.glob<WalletLabels>('../i18n/*\/wallet.json', { import: 'default' }));
 */
export function lazyCatalogue<T>(files: Record<string, () => Promise<T>>) {
  const loads = new Map<string, Promise<T>>();
  const loaded = new Map<string, T>();
  return {
    /** The catalogue of `lang` (the default language's folder when `lang` has none). */
    load(lang: string): Promise<T> {
      let p = loads.get(lang);
      if (!p) {
        const of = (l: string) => Object.keys(files).find((k) => k.split('/').at(-2) === l);
        const key = of(lang) ?? of(DEFAULT_LOCALE);
        p = key ? files[key]!() : Promise.reject(new Error(`No catalogue for ${lang}`));
        p.then((c) => loaded.set(lang, c)).catch(() => loads.delete(lang));
        loads.set(lang, p);
      }
      return p;
    },
    /** The catalogue of `lang` if it has arrived. */
    loaded(lang: string): T | undefined {
      return loaded.get(lang);
    },
  };
}
