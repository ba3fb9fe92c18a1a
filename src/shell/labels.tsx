/**
 * The strings of the shell's popups and pages. Islands get their strings from the page, as
 * props; the shell is loaded lazily and needs many strings, so instead of weighing every page's
 * HTML with them it loads the page language's catalogues (`auth` for the interface, `accounts`
 * for the validation messages shared with the server) as chunks of their own, on demand.
 */
import { createContext, useContext } from 'react';
import { localeOfHtmlLang, localePrefix, type Locale } from '../kernel/locales.ts';
import { fill } from '../kernel/i18n/browser.ts';
import { accountsCatalogue, authCatalogue, type AuthLabels } from '../features/accounts/client.ts';

export type { AuthLabels };
export type Lang = Locale;

export interface Labels {
  lang: Lang;
  /** Path prefix of the page's language: '' for the default, '/es' for Spanish. */
  prefix: string;
  auth: AuthLabels;
  /** The `accounts` catalogue: validation.*, reg_pattern_<id>, sent.* */
  accounts: Record<string, unknown>;
}

/** The language of the page (its <html lang>). */
export function pageLang(): Lang {
  return localeOfHtmlLang(document.documentElement.lang);
}

/** Loads both catalogues of `lang`. */
export async function loadLabels(lang: Lang): Promise<Labels> {
  const [auth, accounts] = await Promise.all([authCatalogue.load(lang), accountsCatalogue.load(lang)]);
  return { lang, prefix: localePrefix(lang), auth, accounts };
}

export const LabelsContext = createContext<Labels | null>(null);

/** The labels of the shell (inside <LabelsContext.Provider>). */
export function useLabels(): Labels {
  const l = useContext(LabelsContext);
  if (!l) throw new Error('useLabels outside the shell');
  return l;
}

/** Fills `{{name}}` placeholders: the kernel's one browser helper (src/kernel/i18n/browser.ts). */
export { fill };

/** A path of the site in the page's language. */
export function localPath(labels: Pick<Labels, 'prefix'>, path: string): string {
  if (!labels.prefix) return path;
  return path === '/' ? labels.prefix : `${labels.prefix}${path}`;
}
