/**
 * Feedback (issue 31, stage 1) in Chromium: a player sends a feedback with two pictures from the
 * member centre (a text file dressed as a png is refused under the field first), a support staff
 * member answers it in the console beside its pictures, and the player sees the answer on the
 * feedback and in their messages. Each flow in one language, on the desktop; axe on the form and
 * the console's inbox.
 */
import { LANGS, flowInOneLanguage, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { addStaff, firstLogin } from '../../../../../tests/e2e-support/staff.ts';
import { memberCentre } from '../../../../../tests/e2e-support/wallet.ts';
import { encodePng } from '../../../../kernel/captcha/png.ts';

/** A small picture made here, as a phone's would be. */
function png(shade: number): Buffer {
  const w = 320;
  const h = 200;
  const grey = new Uint8Array(w * h);
  for (let i = 0; i < grey.length; i++) grey[i] = (shade + i) % 256;
  return encodePng(w, h, grey);
}

const st = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'support', key, values);
const ct = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'console', key, values);

for (const { lang } of LANGS) {
  test.describe(`feedback in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('a player sends a feedback with two pictures, support answers it in the console, and the player reads the answer', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const player = await createUser();
      await signIn(page, lang, player.username, player.password);
      await page.goto(at(lang, '/member?page=feedback'));
      const centre = memberCentre(page, lang);
      await expect(centre.getByText(st(lang, 'feedback.lead'))).toBeVisible();
      await centre.getByLabel(st(lang, 'feedback.type')).selectOption({ label: st(lang, 'feedback.types.withdrawal') });
      const words = lang === 'en' ? 'My withdrawal is still pending.' : 'Mi retiro sigue pendiente.';
      await centre.getByLabel(st(lang, 'feedback.content')).fill(words);
      await expect(centre.getByText(st(lang, 'feedback.counter', { count: words.length, max: 140 }))).toBeVisible();
      const pictures = centre.getByLabel(st(lang, 'feedback.images'));
      // A text file dressed as a png is refused under the field, before anything is sent.
      await pictures.setInputFiles({ name: 'virus.png', mimeType: 'text/plain', buffer: Buffer.from('<script>alert(1)</script>') });
      await expect(pictures).toHaveAttribute('aria-invalid', 'true');
      await pictures.setInputFiles([
        { name: 'screen-1.png', mimeType: 'image/png', buffer: png(10) },
        { name: 'screen-2.png', mimeType: 'image/png', buffer: png(120) },
      ]);
      await expect(centre.getByRole('img', { name: st(lang, 'feedback.picture', { n: 2 }) })).toBeVisible();
      await expectNoSeriousA11yViolations(page, { exclude: ['.frame', '.cs-widget'] });
      await centre.getByRole('button', { name: st(lang, 'feedback.send') }).click();
      await expect(centre.getByRole('status').filter({ hasText: st(lang, 'feedback.sent') })).toBeVisible();
      const mine = centre.getByRole('listitem').filter({ hasText: words });
      await expect(mine).toContainText(st(lang, 'feedback.states.open'));
      // Its pictures come back from the server (re-encoded, with the session).
      await expect(mine.getByRole('img')).toHaveCount(2);
      await expect(mine.getByRole('img').first()).toHaveJSProperty('complete', true);

      const staff = await browser.newContext();
      const desk = await staff.newPage();
      await firstLogin(desk, lang, await addStaff('support'));
      await desk.getByRole('link', { name: ct(lang, 'nav.feedback') }).click();
      const item = desk.getByRole('article').filter({ hasText: words });
      await expect(item.getByRole('img')).toHaveCount(2);
      await expect
        .poll(() =>
          item
            .getByRole('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(320);
      await expectNoSeriousA11yViolations(desk);
      const answer = lang === 'en' ? 'It is paid now; sorry for the wait.' : 'Ya está pagado; disculpe la espera.';
      await item.getByLabel(ct(lang, 'feedback.answer')).fill(answer);
      await item.getByRole('button', { name: ct(lang, 'feedback.send') }).click();
      await expect(desk.getByRole('status').filter({ hasText: ct(lang, 'feedback.answered', { name: player.username }) })).toBeVisible();
      await staff.close();

      await page.goto(at(lang, '/member?page=feedback'));
      const answered = memberCentre(page, lang).getByRole('listitem').filter({ hasText: words });
      await expect(answered).toContainText(st(lang, 'feedback.states.answered'));
      await expect(answered).toContainText(answer);
      await page.goto(at(lang, '/member?page=messages'));
      await expect(memberCentre(page, lang).getByText(st(lang, 'feedback.answerTitle', { content: words }))).toBeVisible();
    });
  });
}
