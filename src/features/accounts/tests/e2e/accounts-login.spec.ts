/**
 * Logging in and out, end to end against the running server, in English and Spanish: by
 * username (trimmed, remembered without the password, the previous login shown next time), by
 * sms code from the sandbox outbox, the captcha after failed logins, the extra check of a new
 * address, the forced change of a password that must change, and sign-out after its prompt.
 */
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { readCaptcha } from '../../../../../tests/e2e-support/captcha.ts';
import { E2E_PORT } from '../../../../../tests/e2e-support/server.ts';
import { closeAnnouncements } from '../../../../../tests/e2e-support/fixtures.ts';
import {
  accountButton,
  addressFor,
  at,
  createUser,
  dialog,
  expect,
  latestSmsCode,
  loginAs,
  newMobile,
  openLogin,
  signOut,
  smsCode,
  submitLogin,
  t,
  test,
} from '../../../../../tests/e2e-support/accounts.ts';

for (const { lang } of LANGS) {
  test.describe(`login in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('a player logs in by username with trimmed input, is remembered without the password, and sees the previous login next time', async ({ page }) => {
      const user = await createUser();
      await openLogin(page, lang);
      const popup = dialog(page, t(lang, 'auth', 'login.title'));
      await popup.locator('input[name="username"]').fill(`  ${user.username}  `);
      await popup.locator('input[name="password"]').fill(user.password);
      await popup.getByRole('checkbox', { name: t(lang, 'auth', 'login.remember') }).check();
      await popup.getByRole('button', { name: t(lang, 'auth', 'login.submit'), exact: true }).click();

      const welcome = dialog(page, t(lang, 'auth', 'afterLogin.title', { name: user.username }));
      await expect(welcome).toContainText(t(lang, 'auth', 'afterLogin.first'));
      await welcome.getByRole('button', { name: t(lang, 'auth', 'afterLogin.continue') }).click();
      // Spec 2.2: after login the user is on the home page.
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/')}$`));
      await expect(accountButton(page, lang, user.username)).toBeVisible();

      const stored = await page.evaluate(() => ({
        token: sessionStorage.getItem('token'),
        cookies: document.cookie,
        session: JSON.stringify({ ...sessionStorage }),
        local: JSON.stringify({ ...localStorage }),
      }));
      expect(stored.token, 'the token is in session storage').toMatch(/\S{20,}/);
      expect(stored.cookies, 'remember-me keeps the username').toContain(`loginId_DEMO=${user.username}`);
      for (const where of [stored.cookies, stored.session, stored.local]) expect(where, 'the password is stored nowhere').not.toContain(user.password);

      await signOut(page, lang, user.username);
      // (The page loaded after sign-out starts with the tests' own closed-announcements flags: tests/e2e-support/fixtures.ts.)
      const left = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => !k.startsWith('announcePopupClosed.')));
      expect(left, 'logout clears session storage').toEqual([]);

      await openLogin(page, lang);
      await expect(page.locator('input[name="username"]'), 'the remembered username is filled in').toHaveValue(user.username);
      await expect(page.locator('input[name="password"]')).toHaveValue('');
      await page.locator('input[name="password"]').fill(user.password);
      await page.getByRole('button', { name: t(lang, 'auth', 'login.submit'), exact: true }).click();
      const again = dialog(page, t(lang, 'auth', 'afterLogin.title', { name: user.username }));
      const previous = t(lang, 'auth', 'afterLogin.previous', { time: '' }).trim();
      await expect(again, 'the previous login time is shown').toContainText(previous);
    });

    test('a wrong password is refused with the server message, and empty fields get their messages under them', async ({ page }) => {
      const user = await createUser();
      await openLogin(page, lang);
      const popup = dialog(page, t(lang, 'auth', 'login.title'));
      await popup.getByRole('button', { name: t(lang, 'auth', 'login.submit'), exact: true }).click();
      await expect(popup.locator('.field-error')).toHaveText([t(lang, 'accounts', 'validation.required'), t(lang, 'accounts', 'validation.required')]);
      await expect(popup.locator('input[name="username"]')).toHaveAttribute('aria-invalid', 'true');

      await submitLogin(page, lang, user.username, 'Wrong12345');
      await expect(popup.getByRole('alert')).toHaveText(t(lang, 'errors', 'login.failed'));
      // The password toggle shows what was typed.
      await popup.getByRole('button', { name: t(lang, 'auth', 'showPassword') }).click();
      await expect(popup.locator('input[name="password"]')).toHaveAttribute('type', 'text');
    });

    test('a player logs in with an sms code; Get code refuses an invalid number and counts down', async ({ page }) => {
      const mobile = newMobile();
      const user = await createUser({ mobile });
      await openLogin(page, lang);
      const popup = dialog(page, t(lang, 'auth', 'login.title'));
      await popup.getByRole('button', { name: t(lang, 'auth', 'login.bySms') }).click();
      const mobileInput = popup.locator('input[name="mobileNum"]');
      await mobileInput.fill('12');
      await popup.getByRole('button', { name: t(lang, 'auth', 'getCode') }).click();
      await expect(popup.locator('.field-error')).toHaveText(t(lang, 'accounts', 'validation.mobile'));

      await mobileInput.fill(` ${mobile} `);
      await page.waitForTimeout(1100); // the button takes one press a second
      await popup.getByRole('button', { name: t(lang, 'auth', 'getCode') }).click();
      await expect(popup.getByRole('status').filter({ hasText: t(lang, 'auth', 'codeSent') })).toBeVisible();
      // Counting down: expiredMinutes (5) x 60 s, and refused while it counts.
      const counting = popup.locator('button.get-code');
      await expect(counting).toHaveAttribute('aria-disabled', 'true');
      await expect(counting).toContainText(/\b(2\d\d|300) s/);
      const code = await smsCode(mobile);
      await page.waitForTimeout(1100);
      await counting.click({ force: true }); // aria-disabled: a press that is refused
      await page.waitForTimeout(500);
      expect(await latestSmsCode(mobile), 'no second sms while counting').toBe(code);

      await popup.locator('input[name="code"]').fill(code);
      await popup.getByRole('button', { name: t(lang, 'auth', 'login.submit'), exact: true }).click();
      const welcome = dialog(page, t(lang, 'auth', 'afterLogin.title', { name: user.username }));
      await expect(welcome).toBeVisible();
    });

    test('the captcha appears after failed logins, refreshes at most once a second, and a solved captcha lets the player in', async ({ page }) => {
      const user = await createUser();
      const captchaCalls: number[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/wps/captcha') captchaCalls.push(Date.now());
      });
      await openLogin(page, lang);
      const popup = dialog(page, t(lang, 'auth', 'login.title'));
      const captchaInput = popup.locator('input[name="captcha"]');
      await expect(captchaInput, 'no captcha before the server asks').toHaveCount(0);
      for (let i = 0; i < 3; i++) {
        await submitLogin(page, lang, user.username, `Wrong${i}abc`);
        await expect(popup.getByRole('alert')).toBeVisible();
        await expect(popup.getByRole('button', { name: t(lang, 'auth', 'login.submit'), exact: true })).toBeEnabled();
      }
      await expect(captchaInput, 'the captcha shows once the server asks for it').toBeVisible();
      const image = popup.getByRole('img', { name: t(lang, 'auth', 'captchaImage') });
      await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);

      // Two presses within a second load one new image.
      await expect.poll(() => captchaCalls.length).toBeGreaterThan(0);
      const before = captchaCalls.length;
      await page.waitForTimeout(1100);
      const refresh = popup.getByRole('button', { name: t(lang, 'auth', 'captchaRefresh') });
      await refresh.click();
      await refresh.click();
      await page.waitForTimeout(500);
      expect(captchaCalls.length - before).toBe(1);

      // A wrong captcha with the right password is refused under the field.
      let src = await image.getAttribute('src');
      await captchaInput.fill('abcd');
      await submitLogin(page, lang, user.username, user.password);
      await expect(popup.locator('.field-error')).toHaveText(t(lang, 'errors', 'captcha.invalid'));

      // A new image replaces the used one; read it (the server draws four digits) and log in.
      const welcome = dialog(page, t(lang, 'auth', 'afterLogin.title', { name: user.username }));
      for (let attempt = 0; attempt < 3 && !(await welcome.isVisible()); attempt++) {
        await expect(image).not.toHaveAttribute('src', src!);
        src = await image.getAttribute('src');
        await captchaInput.fill(readCaptcha(Buffer.from(src!.split(',')[1]!, 'base64')));
        await submitLogin(page, lang, user.username, user.password);
        await expect(welcome.or(popup.locator('.field-error'))).toBeVisible();
      }
      await expect(welcome).toBeVisible();
    });

    test('a login from a new address asks for the code sent to the registered mobile', async ({ page, browser }, info) => {
      const mobile = newMobile();
      const user = await createUser({ mobile });
      await loginAs(page, lang, user.username, user.password);

      const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = info.project.use;
      const other = await browser.newContext({
        baseURL: baseURL ?? `http://127.0.0.1:${E2E_PORT}`,
        viewport,
        userAgent,
        isMobile,
        hasTouch,
        deviceScaleFactor,
        extraHTTPHeaders: { 'X-Forwarded-For': addressFor(info, 'elsewhere') },
      });
      await closeAnnouncements(other);
      const away = await other.newPage();
      await openLogin(away, lang);
      const before = await latestSmsCode(mobile);
      await submitLogin(away, lang, user.username, user.password);
      const popup = dialog(away, t(lang, 'auth', 'login.title'));
      await expect(popup.getByRole('heading', { name: t(lang, 'auth', 'ipVerify.title') })).toBeVisible();
      await expect(popup).toContainText(mobile.slice(-4));
      const code = await smsCode(mobile, before);
      await popup.locator('input[name="ipCode"]').fill(code === '000000' ? '111111' : '000000');
      await popup.getByRole('button', { name: t(lang, 'auth', 'ipVerify.submit') }).click();
      await expect(popup.locator('.field-error')).toHaveText(t(lang, 'errors', 'loginIp.invalid'));
      await popup.locator('input[name="ipCode"]').fill(code);
      // The second step goes where clients of the existing API send it.
      const step = away.waitForResponse((r) => new URL(r.url()).pathname === '/wps/session/login/verification');
      await popup.getByRole('button', { name: t(lang, 'auth', 'ipVerify.submit') }).click();
      expect((await step).status()).toBe(200);
      await expect(dialog(away, t(lang, 'auth', 'afterLogin.title', { name: user.username }))).toBeVisible();
      await other.close();
    });

    test('an account that must change its password gets the forced change, then goes home and logs in with the new one', async ({ page }) => {
      const user = await createUser({ keepPassword: false });
      await openLogin(page, lang);
      await submitLogin(page, lang, user.username, user.password);
      const change = dialog(page, t(lang, 'auth', 'changePassword.title'));
      await expect(change).toContainText(t(lang, 'auth', 'changePassword.forced'));
      await expect(change.locator('input[name="oldPassword"]'), 'the old password is known from the login').toHaveCount(0);
      await change.locator('input[name="newPassword"]').fill('Newpass123');
      await change.locator('input[name="confirmNewPassword"]').fill('Newpass124');
      await change.getByRole('button', { name: t(lang, 'auth', 'changePassword.submit') }).click();
      await expect(change.locator('.field-error')).toHaveText(t(lang, 'accounts', 'validation.confirm'));
      await change.locator('input[name="confirmNewPassword"]').fill('Newpass123');
      await change.getByRole('button', { name: t(lang, 'auth', 'changePassword.submit') }).click();
      const done = page.getByRole('alertdialog');
      await expect(done).toContainText(t(lang, 'auth', 'changePassword.done'));
      await done.getByRole('button', { name: t(lang, 'auth', 'confirm') }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/')}$`));
      await expect(accountButton(page, lang, user.username)).toBeVisible();

      await signOut(page, lang, user.username);
      await loginAs(page, lang, user.username, 'Newpass123');
      await expect(accountButton(page, lang, user.username)).toBeVisible();
    });

    test('closing the forced change signs out', async ({ page }) => {
      const user = await createUser({ keepPassword: false });
      await openLogin(page, lang);
      await submitLogin(page, lang, user.username, user.password);
      const change = dialog(page, t(lang, 'auth', 'changePassword.title'));
      await change.getByRole('button', { name: t(lang, 'auth', 'close') }).click();
      await expect(change).toBeHidden();
      await expect(page.getByRole('link', { name: t(lang, 'layout', 'login'), exact: true })).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    });
  });
}
