/**
 * The back office's menu as the e2e specs use it: on a phone it is collapsed behind a button
 * that names the section shown, so choosing a section opens it first.
 */
import type { Page } from '@playwright/test';
import { t } from '../../../../../tests/e2e-support/accounts.ts';
import type { Lang } from '../../../../../tests/e2e-support/i18n.ts';

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
