/** Staff in the e2e suite (issue 29): added by the ops command, and their first login on /console. */
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { Lang } from './i18n.ts';
import { at, expect, newUsername, t } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { ops } from './server.ts';

const ct = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'console', key, values);
export const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** A staff member added by the ops command: their name and one-time password. */
export async function addStaff(role: string): Promise<{ username: string; password: string }> {
  const username = newUsername('st');
  const out = await ops('staff', 'add', username, '--role', role);
  const password = /One-time password: (\S+)/.exec(out)?.[1];
  if (!password) throw new Error(`staff add answered: ${out}`);
  return { username, password };
}

/**
 * A first login on /console: the one-time password, the app's set-up (its key read off the page),
 * a code of it and a new password, then the recovery codes. Answers the app's secret.
 */
export async function firstLogin(page: Page, lang: Lang, s: { username: string; password: string }, o: { axe?: boolean } = {}): Promise<string> {
  await page.goto(at(lang, '/console'));
  await page.getByLabel(ct(lang, 'login.username')).fill(s.username);
  await page.getByLabel(ct(lang, 'login.password'), { exact: true }).fill(s.password);
  if (o.axe) await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: ct(lang, 'login.submit') }).click();
  await expect(page.getByRole('heading', { name: ct(lang, 'login.setupTitle') })).toBeVisible();
  await expect(page.getByRole('img', { name: ct(lang, 'login.qrAlt') })).toBeVisible();
  const secret = ((await page.locator('.cs-key').textContent()) ?? '').trim();
  // Without the new password the login is not finished; the refusal is under its field.
  await page.getByLabel(ct(lang, 'login.code')).fill(code(secret));
  if (o.axe) await expectNoSeriousA11yViolations(page);
  await page.getByLabel(ct(lang, 'login.newPassword')).fill('a-new-staff-password');
  await page.getByRole('button', { name: ct(lang, 'login.finish') }).click();
  await expect(page.getByRole('heading', { name: ct(lang, 'login.recoveryTitle') })).toBeVisible();
  await expect(page.locator('.cs-codes li')).toHaveCount(10);
  if (o.axe) await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: ct(lang, 'login.recoveryDone') }).click();
  await expect(page.getByRole('button', { name: ct(lang, 'nav.logout') })).toBeVisible();
  return secret;
}
