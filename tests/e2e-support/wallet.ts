import { readFileSync } from 'node:fs';
/**
 * What the wallet e2e specs share: the `wallet` catalogue's strings, the member-centre overlay and
 * its pages, the header's balance, money as the site writes it, and the operator's wallet commands
 * (`npm run ops -- adjust | withdrawals ...`) run against the e2e server.
 */
import { type Page } from '@playwright/test';
import { ops } from './server.ts';
import { expect, t } from './accounts.ts';
import type { Lang } from './i18n.ts';

/** A string of the `wallet` catalogue, {{placeholders}} filled. */
export const wt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'wallet', key, values);

/** How the demo brand writes numbers per language (brands/demo.json's intlLocales: es-MX, en-US). */
const INTL: Record<string, string> = (JSON.parse(readFileSync(new URL('../../brands/demo.json', import.meta.url), 'utf8')) as { intlLocales?: Record<string, string> }).intlLocales ?? {};

/**
 * An amount as the site shows it in the demo brand's currency, in the brand's number format for
 * the page's language (src/kernel/intl.ts).
 * @example usd('en', '1234.5') // '$1,234.50'
 * @example usd('es', '1121.5') // '$1,121.50' (es-MX)
 */
export function usd(lang: Lang, amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const locale = INTL[lang] ?? lang;
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return `$${new Intl.NumberFormat(locale).format(BigInt(whole))}${decimal}${fraction.padEnd(2, '0')}`;
}

/** The member centre's own words (the shell's `centre` catalogue: title, menu, lead, account). */
export const centreWord = (lang: Lang, key: string) => t(lang, 'centre', key);

/** A member-centre page's name in the menu, from the catalogue of the feature that declares it. */
export function pageTitle(lang: Lang, name: string): string {
  for (const ns of ['wallet', 'promotions', 'inbox', 'protection', 'points']) {
    try {
      return t(lang, ns, `centre.pages.${name}`);
    } catch {
      /* not this feature's page */
    }
  }
  throw new Error(`No member-centre page ${name}`);
}

/** The member-centre overlay. */
export const memberCentre = (page: Page, lang: Lang) => page.getByRole('dialog', { name: centreWord(lang, 'title') });

/** Goes to a member-centre page through the overlay's menu and waits for its heading. */
export async function openCentrePage(page: Page, lang: Lang, name: string): Promise<void> {
  const centre = memberCentre(page, lang);
  await centre
    .getByRole('navigation', { name: centreWord(lang, 'menu') })
    .getByRole('link', { name: pageTitle(lang, name), exact: true })
    .click();
  await expect(centre.getByRole('heading', { level: 3, name: pageTitle(lang, name) })).toBeVisible();
}

/** The header's balance button (its accessible name says the amount, or that it is hidden). */
export const headerBalance = (page: Page, lang: Lang, amount: string) => page.getByRole('button', { name: wt(lang, 'header.balanceIs', { amount }), exact: true });

/** Credits (or debits, with a minus) a player's main wallet through the operator's adjust command. */
export async function adjust(username: string, amount: string, reason = 'e2e test funds'): Promise<void> {
  const out = await ops('adjust', '--username', username, '--amount', amount, '--reason', reason);
  if (!out.startsWith(`Adjusted ${username}`)) throw new Error(`adjust answered: ${out}`);
}

/** The operator approves (pays out) a pending withdrawal. */
export async function approveWithdrawal(id: string): Promise<void> {
  const out = await ops('withdrawals', 'approve', id);
  expect(out).toContain(id);
}

/** A 1x1 PNG, as a proof image. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
