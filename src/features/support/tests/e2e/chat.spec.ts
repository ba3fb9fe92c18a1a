/**
 * The live chat (issue 31) in Chromium, with two browser contexts: a player opens the chat from
 * the service widget (the customer-service window), asks about a withdrawal; a support staff member
 * takes it at the console's desk and answers; the player sees the answer arrive without a reload,
 * and their message marked read. A visitor who sends without saying who they are is told so under
 * the field (on the phone too, where the chat opens in place). Each flow in one language; axe on
 * the chat window, the desk and the phone's chat page.
 */
import { LANGS, flowInOneLanguage, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { addStaff, firstLogin } from '../../../../../tests/e2e-support/staff.ts';

const rt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'support', `chat.room.${key}`, values);
const ct = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'console', key, values);

for (const { lang } of LANGS) {
  test.describe(`live chat in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('a player asks support about a withdrawal in the chat window and gets the answer live', async ({ page, browser }, testInfo) => {
      // The customer-service window is the desktop's; the phone opens the same page in place (the visitor's test).
      test.skip(testInfo.project.name !== 'desktop', 'the chat window is the desktop form');
      test.setTimeout(90_000);
      const player = await createUser();
      await signIn(page, lang, player.username, player.password);
      // The service widget's live chat opens the customer-service window (the tab's session goes with it).
      await page.locator('.cs-widget > summary').click();
      const opening = page.waitForEvent('popup');
      await page
        .locator('.cs-widget')
        .getByRole('link', { name: t(lang, 'layout', 'cs.LIVECHAT') })
        .click();
      const chat = await opening;
      await expect(chat.getByRole('heading', { name: rt(lang, 'title') })).toBeVisible();
      expect(chat.viewportSize()?.width ?? 440).toBeLessThanOrEqual(460);
      const words = lang === 'en' ? 'My withdrawal has been pending since yesterday.' : 'Mi retiro está pendiente desde ayer.';
      const box = chat.getByPlaceholder(rt(lang, 'message'));
      await box.fill(words);
      await box.press('Enter');
      const log = chat.getByRole('log', { name: rt(lang, 'log') });
      await expect(log).toContainText(words);
      await expect(log).toContainText(rt(lang, 'sent'));
      await expect(chat.getByRole('status')).toHaveText(rt(lang, 'live'));
      await expectNoSeriousA11yViolations(chat);

      const staff = await browser.newContext();
      const desk = await staff.newPage();
      await firstLogin(desk, lang, await addStaff('support'));
      await desk.getByRole('link', { name: ct(lang, 'nav.chat') }).click();
      await desk.getByRole('button', { name: new RegExp(player.username) }).click();
      const room = desk.getByRole('article');
      await expect(room.getByRole('log')).toContainText(words);
      await room.getByRole('button', { name: ct(lang, 'chat.take') }).click();
      await expect(desk.getByRole('status').filter({ hasText: ct(lang, 'chat.taken') })).toBeVisible();
      await expectNoSeriousA11yViolations(desk);
      const answer = lang === 'en' ? 'It is approved and on its way.' : 'Está aprobado y en camino.';
      await room.getByLabel(ct(lang, 'chat.answer')).fill(answer);
      await room.getByRole('button', { name: ct(lang, 'chat.send'), exact: true }).click();

      // The player's window shows it without a reload; the desk has read the player's message.
      await expect(log).toContainText(answer);
      await expect(log).toContainText(rt(lang, 'read'));
      await staff.close();
    });

    test('a visitor who writes without saying who they are is told so under the field', async ({ page }, testInfo) => {
      await page.goto(at(lang, '/chat'));
      await expect(page.getByRole('group', { name: rt(lang, 'who') })).toBeVisible();
      // The page in place on a phone: axe reads it there.
      if (testInfo.project.name === 'phone') await expectNoSeriousA11yViolations(page);
      const box = page.getByPlaceholder(rt(lang, 'message'));
      await box.fill(lang === 'en' ? 'I cannot log in.' : 'No puedo entrar.');
      await page.getByRole('button', { name: rt(lang, 'send'), exact: true }).click();
      const name = page.getByLabel(rt(lang, 'name'));
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('alert').first()).toHaveText(t(lang, 'errors', 'support.chat.name'));
      await name.fill('Ana');
      await page.getByLabel(rt(lang, 'contact')).fill('ana@example.com');
      await page.getByRole('button', { name: rt(lang, 'send'), exact: true }).click();
      await expect(page.getByRole('log', { name: rt(lang, 'log') })).toContainText(lang === 'en' ? 'I cannot log in.' : 'No puedo entrar.');
      // She said who she is: the form does not ask again.
      await expect(page.getByRole('group', { name: rt(lang, 'who') })).toHaveCount(0);
    });
  });
}
