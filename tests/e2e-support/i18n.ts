/** The site's own EN and ES catalogues, so that tests look for what a visitor reads. */
import { readLanguage } from '../../src/kernel/i18n/catalogues.ts';
import { readFileSync } from 'node:fs';
import { test } from '@playwright/test';

export type Lang = 'en' | 'es';

/** Both languages with the prefix of their pages ('' for English, '/es' for Spanish). */
export const LANGS: { lang: Lang; prefix: string }[] = [
  { lang: 'en', prefix: '' },
  { lang: 'es', prefix: '/es' },
];

/**
 * The text of `key` (dotted for nested objects) in namespace `ns` of `lang`; throws when it is
 * missing, so that a test never looks for `undefined`. i18next placeholders are left as they are.
 * @example text('es', 'system', 'maintenance.title')
 */
export function text(lang: Lang, ns: string, key: string): string {
  const data = (readLanguage(lang)[ns] ?? {}) as Record<string, unknown>;
  const value = key in data ? data[key] : key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], data);
  if (typeof value !== 'string') throw new Error(`No text for ${ns}:${key} in ${lang}`);
  return value;
}

/** A page path in `lang`: localized('/rng', 'es') is '/es/rng', localized('/', 'es') is '/es/'. */
export function localized(p: string, lang: Lang): string {
  return lang === 'en' ? p : `/es${p}`;
}

/**
 * Inside a describe of one language: on the phone project, runs it in English only. The flows and
 * popups are the same markup in Spanish with other words; Spanish on a phone is checked where
 * words change the layout (every visitor page's fit, src/app/tests/e2e/visitor-pages.spec.ts) and
 * Spanish itself on the desktop. Keeps the suite inside CI's time.
 */
export function phoneInEnglishOnly(lang: Lang): void {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name === 'phone' && lang !== 'en', 'Spanish runs on the desktop; the phone runs English');
  });
}

/** The two page projects of playwright.config.ts. */
export type Size = 'phone' | 'desktop';

/**
 * Inside a describe: runs its tests on the project `size` only. The skip happens in a hook that
 * asks for no fixture, so the other project opens no browser context for them.
 */
export function onProject(size: Size): void {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== size, `runs on the ${size} project`);
  });
}

/**
 * The language axe reads a page in on each size: English on the phone, Spanish on the desktop.
 * axe checks each page or popup once (it is the suite's heaviest step, 3-8 s a page on a loaded
 * 2-core machine): on the phone in English or on the desktop in Spanish, each spec says which,
 * spreading its pages between the two so that both sizes and both languages are put through it.
 */
export const AXE_LANG: Record<Size, Lang> = { phone: 'en', desktop: 'es' };

/** Whether this test is the one place axe checks a page or popup that its spec checks on `size` (see AXE_LANG). */
export function axeOnce(size: Size, project: string, lang: Lang): boolean {
  if (project !== 'phone' && project !== 'desktop') return true;
  return project === size && lang === AXE_LANG[size];
}

/**
 * Inside a describe of one language: on the phone in English, on the desktop in Spanish (the
 * pairs of AXE_LANG), for specs that look at pages at both sizes: each size is read once, in one
 * language, and both languages are read (a third run, English on the desktop, read the same
 * markup at a size and in words both already read).
 */
export function englishOnPhoneSpanishOnDesktop(lang: Lang): void {
  test.beforeEach(({}, testInfo) => {
    const project = testInfo.project.name;
    if (project === 'phone' || project === 'desktop') test.skip(lang !== AXE_LANG[project], 'English runs on the phone, Spanish on the desktop');
  });
}

/**
 * Inside a describe of one language, for flows (login, registration, wallet, play...): runs each
 * test in one of the two languages only, alternating through the spec's tests in their order, so
 * that a spec's flows are split between English and Spanish instead of each running twice. The
 * flows are the same code in both languages; what Spanish changes is its words, which every
 * Spanish half still reads (and the catalogues' completeness is a unit test). Halves the flows'
 * share of CI's time.
 */
export function flowInOneLanguage(lang: Lang): void {
  test.beforeEach(({}, testInfo) => {
    const runs = languageOfFlow(testInfo.file, testInfo.line);
    test.skip(runs !== lang, `this flow runs in ${runs === 'en' ? 'English' : 'Spanish'}`);
  });
}

const testLines = new Map<string, number[]>();
/** The language a flow runs in: English for the spec's 1st, 3rd... test() call, Spanish for the 2nd, 4th... */
export function languageOfFlow(file: string, line: number): Lang {
  if (!testLines.has(file)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    testLines.set(
      file,
      lines.flatMap((l, i) => (/^\s*test\(/.test(l) ? [i + 1] : [])),
    );
  }
  const index = testLines.get(file)!.indexOf(line);
  return index % 2 === 0 ? 'en' : 'es';
}
