/**
 * The strings of the shell's popups and pages. Islands get their strings from the page, as
 * props; the shell is loaded lazily and needs many strings, so instead of weighing every page's
 * HTML with them it loads the page language's catalogues (`auth` for the interface, `accounts`
 * for the validation messages shared with the server) as chunks of their own, on demand.
 */
import { createContext, useContext } from 'react';
import type enAuth from '../../i18n/locales/en/auth.json';
import { renderIssue, type FieldIssue } from '../../lib/shared/registerPatterns.ts';

export type AuthLabels = typeof enAuth;
export type Lang = 'en' | 'es';

export interface Labels {
  lang: Lang;
  /** Path prefix of the page's language: '' or '/es'. */
  prefix: string;
  auth: AuthLabels;
  /** The `accounts` catalogue: validation.*, reg_pattern_<id>, sent.* */
  accounts: Record<string, unknown>;
}

const authFiles = import.meta.glob<AuthLabels>('../../i18n/locales/*/auth.json', { import: 'default' });
const accountFiles = import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/accounts.json', { import: 'default' });

/** The language of the page (its <html lang>). */
export function pageLang(): Lang {
  return document.documentElement.lang.startsWith('es') ? 'es' : 'en';
}

/** Loads both catalogues of `lang`. */
export async function loadLabels(lang: Lang): Promise<Labels> {
  const load = (files: Record<string, () => Promise<unknown>>, ns: string) => files[`../../i18n/locales/${lang}/${ns}.json`]!();
  const [auth, accounts] = await Promise.all([load(authFiles, 'auth'), load(accountFiles, 'accounts')]);
  return { lang, prefix: lang === 'en' ? '' : `/${lang}`, auth: auth as AuthLabels, accounts: accounts as Record<string, unknown> };
}

export const LabelsContext = createContext<Labels | null>(null);

/** The labels of the shell (inside <LabelsContext.Provider>). */
export function useLabels(): Labels {
  const l = useContext(LabelsContext);
  if (!l) throw new Error('useLabels outside the shell');
  return l;
}

/**
 * Fills {{name}} placeholders.
 * @example fill('ID {{id}}', { id: 7 }) // 'ID 7'
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** Text of a validation issue from the `accounts` catalogue, bounds filled in. */
export function issueText(labels: Labels, issue: FieldIssue): string {
  return renderIssue(issue, (key) => {
    const v = key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], labels.accounts);
    return typeof v === 'string' ? v : key;
  });
}

/** A path of the site in the page's language. */
export function localPath(labels: Pick<Labels, 'prefix'>, path: string): string {
  if (!labels.prefix) return path;
  return path === '/' ? labels.prefix : `${labels.prefix}${path}`;
}
