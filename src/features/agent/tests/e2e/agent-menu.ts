/**
 * The back office as the e2e specs use it: the agent's login on /agent, and the menu, which on a
 * phone is collapsed behind a button that names the section shown, so choosing a section opens
 * it first.
 */
import type { Page } from '@playwright/test';
import { at, expect, submitLogin, t } from '../../../../../tests/e2e-support/accounts.ts';
import type { Lang } from '../../../../../tests/e2e-support/i18n.ts';

/** Logs in on /agent (answering the new-network question for the demo agent) and ends on /agentHome. */
export async function agentLogin(page: Page, lang: Lang, username: string, password = 'Demo1234'): Promise<void> {
  await page.goto(at(lang, '/agent'));
  await submitLogin(page, lang, username, password);
  // Each test speaks from its own address: a login from a new network asks the payee name.
  const payee = page.getByRole('textbox', { name: t(lang, 'auth', 'ipVerify.payeeName') });
  await expect(payee.or(page.locator('.agent-app'))).toBeVisible({ timeout: 15_000 });
  if (await payee.isVisible()) {
    await payee.fill('Demo Agent');
    await page.getByRole('button', { name: t(lang, 'auth', 'ipVerify.submit'), exact: true }).click();
  }
  await expect(page).toHaveURL(new RegExp(`${at(lang, '/agentHome')}$`), { timeout: 15_000 });
}

export function agentMenu(page: Page, lang: Lang) {
  const nav = page.getByRole('navigation', { name: t(lang, 'agent', 'menuLabel') });
  const toggle = nav.getByRole('button', { name: new RegExp(`^${t(lang, 'agent', 'menuToggle')}`) });
  // Hidden ones too: on a phone the collapsed menu still marks the section shown.
  const item = (key: string) => nav.getByRole('button', { name: t(lang, 'auth', `agent.items.${key}`), exact: true, includeHidden: true });
  /** Chooses a section, opening the menu first where it is collapsed (a phone). */
  const choose = async (key: string) => {
    await nav.waitFor();
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await item(key).click();
  };
  return { nav, toggle, item, choose };
}
