/**
 * /seamless (issue 36; spec 1, 2) in a real browser: the demo brand plays KA Gaming's games in the
 * site's own frame. A visitor's free demo of one opens /seamless in the same tab (no new window),
 * the header kept, no footer, no side menu, the game in a titled frame ready to spin; a member's
 * Play does the same with real money, and the way back leads to the lobby. English on the phone,
 * Spanish on the desktop; axe once, on the phone.
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, englishOnPhoneSpanishOnDesktop, LANGS } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';

for (const { lang } of LANGS) {
  test.describe(`seamless play in ${lang.toUpperCase()}`, () => {
    englishOnPhoneSpanishOnDesktop(lang);

    test("a seamless vendor's games play in the site's frame, for a visitor's demo and a member's real money", async ({ page, context }, info) => {
      test.setTimeout(90_000);
      const opened: string[] = [];
      context.on('page', (p) => opened.push(p.url()));
      await page.goto(at(lang, '/rng?vassalage=KA'));
      const tile = page.locator('.tile[data-node-id][data-vassalage="KA"]').first();
      const name = (await tile.locator('.name').textContent())!.trim();
      await tile.getByRole('link', { name: t(lang, 'lobby', 'demoNamed', { name }) }).click();
      await expect(page).toHaveURL(/\/seamless\?nodeId=\d+&vassalage=KA&accountType=0/);
      const frame = page.frameLocator('iframe.sl-frame');
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(frame.getByRole('button', { name: t(lang, 'play', 'spin'), exact: true })).toBeVisible();
      // The page's frame: header, no footer, no side menu.
      await expect(page.locator('header.site-header')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.locator('#side-menu')).toHaveCount(0);
      expect(opened).toEqual([]);

      // A member's Play: real money, the same frame; the way back leads to the lobby.
      const user = await createUser();
      await signIn(page, lang, user.username, user.password, '/rng?vassalage=KA');
      await page
        .locator('.tile[data-node-id][data-vassalage="KA"]')
        .first()
        .getByRole('button', { name: t(lang, 'lobby', 'playNamed', { name }) })
        .click();
      await expect(page).toHaveURL(/\/seamless\?nodeId=\d+&vassalage=KA&accountType=1/);
      await expect(frame.getByRole('button', { name: t(lang, 'play', 'spin'), exact: true })).toBeVisible();
      expect(opened).toEqual([]);
      // Last: axe opens a page of its own to gather the frames' results.
      if (axeOnce('phone', info.project.name, lang)) await expectNoSeriousA11yViolations(page, { exclude: ['iframe', '.cs-widget'] });
      await page.getByRole('link', { name: t(lang, 'play', 'seamless.toLobby') }).click();
      await expect(page).toHaveURL(new RegExp(`:\\d+${lang === 'en' ? '/' : '/es/?'}$`));
    });
  });
}
