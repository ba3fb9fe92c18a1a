/**
 * One i18next instance for the process; each request gets a fixed `t` for its language
 * (set into Astro.locals by the middleware, and used by the API dispatcher for messages).
 * Catalogues are JSON files, one per namespace, kept beside the code that uses them
 * (`./catalogues.ts` says where).
 */
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../locales.ts';
import { readLanguage } from './catalogues.ts';
import { formatDateTime } from '../intl.ts';

/** Reads every namespace of every locale from disk. */
export function readCatalogues(): Record<string, Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const { code } of LOCALES) out[code] = readLanguage(code);
  return out;
}

const resources = readCatalogues();
export const namespaces = Object.keys(resources[DEFAULT_LOCALE] ?? {});

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  ns: namespaces,
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

// `{{until, when}}`: an instant (ms) as the language and the brand's region write a date and time,
// in the brand's time zone (kernel/intl.ts), for messages that name one (a time-out's end).
instance.services.formatter?.add('when', (value: unknown, lng: string | undefined) =>
  typeof value === 'number' || typeof value === 'string' ? formatDateTime(Number(value), lng ?? DEFAULT_LOCALE, { dateStyle: 'medium' }) : String(value),
);

/** A translate function fixed to one locale; keys are 'namespace:key' or a common key. */
export function getT(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}

/** The raw catalogue of one namespace, for handing a few strings to an island. */
export function catalogue(locale: Locale, ns: string): Record<string, unknown> {
  return resources[locale]?.[ns] ?? {};
}
