/**
 * The operator console in Chromium (issue 29), on the desktop project only (the console is desktop
 * first; it is not among playwright.config.ts's PHONE_SPECS), each flow in one language: a
 * finance staff member approves the withdrawal a player asked for and the player sees it paid;
 * support finds a member, ends their sessions, notes the case and locks the account (the player's page is signed out); an owner adds
 * a staff member who must choose a password and set up an authenticator app at the first login,
 * runs an operator command from the console's command panel and blocks a subnet on the brand
 * screen (a bad one refused under the field); finance also finds the player's deposit with the
 * provider's word on it and a game's lottery draws.
 * axe looks at the login, the app's set-up, the recovery codes and each section once.
 */
import { LANGS, flowInOneLanguage, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { accountButton, at, createUser, expect, signIn, newUsername, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { adjust, memberCentre, usd, wt } from '../../../../../tests/e2e-support/wallet.ts';
import { callApi } from '../../../../../tests/e2e-support/play.ts';
import { addStaff, firstLogin } from '../../../../../tests/e2e-support/staff.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';

const ct = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'console', key, values);
const SHIRT = { en: 'Lucky Demo T-shirt (demo)', es: 'Camiseta Lucky Demo (demo)' } as const;

for (const { lang } of LANGS) {
  test.describe(`the operator console in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('finance approves the withdrawal a player asked for, and the player sees it paid', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const player = await createUser();
      await adjust(player.username, '100');
      await signIn(page, lang, player.username, player.password);
      const asked = await callApi<{ id: string }>(page, '/wps/wallet/withdraw', { method: 'POST', body: { amount: '40.00', idempotencyKey: `e2e-${Date.now()}` } });
      expect(asked.success).toBe(true);
      const order = await callApi<{ orderId: string }>(page, '/wps/wallet/deposit', { method: 'POST', body: { amount: '25.00', channel: 'SANDBOX_CARD', idempotencyKey: `e2e-d-${Date.now()}` } });
      expect(order.success).toBe(true);
      expect((await callApi(page, '/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.value.orderId, outcome: 'paid' } })).success).toBe(true);

      const staff = await browser.newContext();
      const desk = await staff.newPage();
      await firstLogin(desk, lang, await addStaff('finance'), { axe: true });
      // Finance starts on the dashboard: the period's money, from the wallet's figures.
      await expect(desk.getByRole('heading', { name: ct(lang, 'dashboard.title') })).toBeVisible();
      await expect(desk.getByRole('term').filter({ hasText: ct(lang, 'dashboard.ggr') })).toBeVisible();
      await expectNoSeriousA11yViolations(desk);
      await desk.getByRole('link', { name: ct(lang, 'nav.withdrawals') }).click();
      await expect(desk.getByRole('heading', { name: ct(lang, 'withdrawals.title') })).toBeVisible();
      await desk.getByLabel(ct(lang, 'withdrawals.username')).fill(player.username);
      await desk.getByRole('button', { name: ct(lang, 'common.search') }).click();
      await expect(desk).toHaveURL(new RegExp(`section=withdrawals.*username=${player.username}`));
      const row = desk.getByRole('row').filter({ hasText: asked.value.id });
      await expect(row).toContainText(player.username);
      await expectNoSeriousA11yViolations(desk);
      await row.getByRole('button', { name: `${ct(lang, 'withdrawals.approve')} ${asked.value.id}` }).click();
      await expect(desk.getByRole('status').filter({ hasText: ct(lang, 'withdrawals.paid', { id: asked.value.id }) })).toBeVisible();
      await expect(desk.getByRole('row').filter({ hasText: asked.value.id })).toHaveCount(0);
      // A goodwill credit below the two-key threshold is made at once.
      await desk.getByRole('link', { name: ct(lang, 'nav.adjustments') }).click();
      await desk.getByLabel(ct(lang, 'adjust.username')).fill(player.username);
      await desk.getByLabel(ct(lang, 'adjust.amount'), { exact: true }).fill('10.00');
      await desk.getByLabel(ct(lang, 'adjust.reason')).fill('Goodwill');
      await desk.getByRole('button', { name: ct(lang, 'adjust.submit') }).click();
      await expect(desk.getByRole('status').filter({ hasText: player.username })).toBeVisible();
      await expectNoSeriousA11yViolations(desk);
      // The player's deposit, with what the payment provider said of it.
      await desk.getByRole('link', { name: ct(lang, 'nav.deposits') }).click();
      await desk.getByLabel(ct(lang, 'withdrawals.username')).fill(player.username);
      await desk.getByRole('button', { name: ct(lang, 'common.search') }).click();
      const deposit = desk.getByRole('row').filter({ hasText: order.value.orderId });
      await expect(deposit).toContainText(ct(lang, 'members.depositStatuses.paid'));
      await expect(deposit).toContainText(ct(lang, 'deposits.outcomes.credited'));
      await expectNoSeriousA11yViolations(desk);
      // The lottery's draws of one game, with their state (read only here: the suite shares the draws).
      await desk.getByRole('link', { name: ct(lang, 'nav.lottery') }).click();
      await desk.getByLabel(ct(lang, 'lottery.game')).selectOption('PK10');
      await expect(desk).toHaveURL(/section=lottery.*game=PK10/);
      // The schedule runs: a draw takes tickets, or (between its close and the next draw's
      // opening, a few seconds every five minutes) waits for its draw.
      await expect(
        desk
          .getByRole('row')
          .filter({ hasText: new RegExp(`${ct(lang, 'lottery.phases.taking')}|${ct(lang, 'lottery.phases.closed')}`) })
          .first(),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(desk);
      await staff.close();

      await page.goto(at(lang, '/member?page=withdrawal'));
      const card = memberCentre(page, lang)
        .getByRole('listitem')
        .filter({ hasText: usd(lang, '40') });
      await expect(card).toContainText(wt(lang, 'withdrawal.status.paid'));
      // 100 - 40 + 25 (the deposit) + 10.
      await expect(
        memberCentre(page, lang)
          .locator('.wl-summary > div')
          .filter({ hasText: wt(lang, 'withdrawal.available') }),
      ).toContainText(usd(lang, '95'));
    });

    test("support finds a member, opens their page, ends their sessions, notes the case and locks the account; the player's page is signed out", async ({ page, browser }) => {
      test.setTimeout(90_000);
      const player = await createUser();
      // The player redeems a T-shirt in the points mall, to be sent to their address.
      expect(await ops('points', 'grant', '--username', player.username, '--points', '3000', '--reason', 'e2e mall desk')).toContain('Granted 3000 points');
      await signIn(page, lang, player.username, player.password, '/pointMall');
      const shirt = page.getByRole('listitem').filter({ has: page.getByText(SHIRT[lang], { exact: true }) });
      await shirt.getByRole('button', { name: t(lang, 'points', 'redeemNamed', { title: SHIRT[lang] }) }).click();
      await shirt.getByLabel(t(lang, 'points', 'addressName')).fill('Ana Demo');
      await shirt.getByLabel(t(lang, 'points', 'addressPhone')).fill('+34600000000');
      await shirt.getByLabel(t(lang, 'points', 'address'), { exact: true }).fill('Calle Mayor 1, Madrid');
      await shirt.getByLabel(t(lang, 'points', 'loginPassword')).fill(player.password);
      const [before, after] = t(lang, 'points', 'confirm', { points: '@' }).split('@') as [string, string];
      await shirt.getByRole('button', { name: new RegExp(`^${before}3\\D?000${after}$`) }).click();
      await expect(page.getByRole('status').filter({ hasText: SHIRT[lang] })).toBeVisible();

      const staff = await browser.newContext();
      const desk = await staff.newPage();
      await firstLogin(desk, lang, await addStaff('support'));
      await desk.getByRole('searchbox', { name: ct(lang, 'members.search') }).fill(player.username);
      await desk.getByRole('button', { name: ct(lang, 'common.search') }).click();
      await desk.getByRole('button', { name: ct(lang, 'members.open', { name: player.username }) }).click();
      const detail = desk.getByRole('article', { name: ct(lang, 'members.detailTitle', { name: player.username }) });
      await expect(detail.getByRole('cell', { name: ct(lang, 'members.live'), exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(desk);
      await detail.getByRole('button', { name: ct(lang, 'members.endAll') }).click();
      await expect(desk.getByRole('status').filter({ hasText: ct(lang, 'members.endedCount', { count: 1 }) })).toBeVisible();
      await expect(detail.getByRole('cell', { name: ct(lang, 'members.ended'), exact: true })).toBeVisible();
      // The login is in the member's history, with its address.
      await expect(
        detail
          .getByRole('region', { name: ct(lang, 'members.history') })
          .getByRole('cell', { name: ct(lang, 'members.events.login'), exact: true })
          .first(),
      ).toBeVisible();
      // A note needs its text, shown under the field; then it is kept with its author.
      await detail.getByRole('button', { name: ct(lang, 'members.saveNote') }).click();
      await expect(detail.getByRole('textbox', { name: ct(lang, 'members.addNote') })).toHaveAttribute('aria-invalid', 'true');
      await expect(detail.getByText(ct(lang, 'members.noteRequired'))).toBeVisible();
      await detail.getByRole('textbox', { name: ct(lang, 'members.addNote') }).fill('Asked to be signed out everywhere.');
      await detail.getByRole('button', { name: ct(lang, 'members.saveNote') }).click();
      await expect(detail.getByRole('listitem').filter({ hasText: 'Asked to be signed out everywhere.' })).toBeVisible();
      // A lock needs a reason, and says what it did.
      await detail.getByRole('button', { name: ct(lang, 'members.lock') }).click();
      await detail.getByRole('textbox', { name: ct(lang, 'members.reason') }).fill('Account shared with a friend');
      await detail
        .locator('form')
        .getByRole('button', { name: ct(lang, 'members.lock') })
        .click();
      await expect(desk.getByRole('status').filter({ hasText: ct(lang, 'members.lockedDone') })).toBeVisible();
      await expect(detail.getByRole('button', { name: ct(lang, 'members.unlock') })).toBeVisible();
      // A platform message to the member, from the engagement screen: a title is needed first.
      await desk.getByRole('link', { name: ct(lang, 'nav.engagement') }).click();
      await desk.getByLabel(ct(lang, 'engagement.to')).fill(player.username);
      await desk.getByLabel(ct(lang, 'engagement.body'), { exact: true }).first().fill('We looked into your account.');
      await desk.getByRole('button', { name: ct(lang, 'engagement.send') }).click();
      await expect(desk.getByLabel(ct(lang, 'engagement.title'), { exact: true }).first()).toHaveAttribute('aria-invalid', 'true');
      await desk.getByLabel(ct(lang, 'engagement.title'), { exact: true }).first().fill('About your account');
      await desk.getByRole('button', { name: ct(lang, 'engagement.send') }).click();
      await expect(desk.getByRole('status').filter({ hasText: ct(lang, 'engagement.sent', { count: 1 }) })).toBeVisible();
      await expect(desk.getByRole('row').filter({ hasText: 'About your account' }).first()).toContainText(player.username);
      // The mall desk on the same screen: the T-shirt waits with its address; support ships it with a tracking note.
      const mall = desk.getByRole('region', { name: ct(lang, 'mall.title') });
      const waiting = mall.getByRole('row').filter({ hasText: player.username });
      await expect(waiting).toContainText('Calle Mayor 1, Madrid');
      await expect(waiting).toContainText(ct(lang, 'mall.statuses.pending'));
      await waiting.getByRole('button', { name: new RegExp(`^${ct(lang, 'mall.moves.shipped')}:`) }).click();
      await mall.getByLabel(ct(lang, 'mall.tracking')).fill('TRACK-123');
      await mall.getByRole('button', { name: ct(lang, 'mall.moves.shipped'), exact: true }).click();
      await expect(waiting).toContainText(ct(lang, 'mall.statuses.shipped'));
      await expect(waiting).toContainText('TRACK-123');
      await expectNoSeriousA11yViolations(desk);
      await staff.close();

      // The player's next call finds the session ended: the site signs them out and says so.
      const info = await callApi(page, '/wps/member/info');
      expect([info.success, info.errorCode]).toEqual([false, 'user.or.token.invalid']);
      await page.reload();
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      await expect(accountButton(page, lang, player.username)).toHaveCount(0);
    });

    test("an agent manager reads the contracts, is told under the field that a player cannot hold one, and dry-runs a day's salaries", async ({ page }) => {
      test.setTimeout(60_000);
      await firstLogin(page, lang, await addStaff('agents'));
      await page.getByRole('link', { name: ct(lang, 'nav.agents') }).click();
      await expect(page.getByRole('heading', { name: ct(lang, 'agents.contracts') })).toBeVisible();
      // The demo agent's salary from the house (demo data) is in force.
      await page.getByLabel(ct(lang, 'agents.agent')).first().fill('demoagent');
      await page.getByRole('button', { name: ct(lang, 'common.search') }).click();
      await expect(page).toHaveURL(/section=agents.*agent=demoagent/);
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: ct(lang, 'agents.house') })
          .first(),
      ).toContainText(ct(lang, 'agents.statuses.active'));
      const grant = page.locator('form').filter({ has: page.getByRole('button', { name: ct(lang, 'agents.grantSubmit') }) });
      await grant.getByLabel(ct(lang, 'agents.agent')).fill('demoplayer');
      await grant.getByLabel(ct(lang, 'agents.tierRate', { n: 1 })).fill('1.5');
      await grant.getByRole('button', { name: ct(lang, 'agents.grantSubmit') }).click();
      await expect(grant.getByLabel(ct(lang, 'agents.agent'))).toHaveAttribute('aria-invalid', 'true');
      await expect(grant.getByRole('alert')).toContainText('demoplayer');
      // Yesterday's daily salaries (the field's default), as they would be paid now: nothing is paid.
      await page.getByRole('button', { name: ct(lang, 'agents.dryRun') }).click();
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'agents.dryDone', { period: '|' }).split('|')[1]! })).toBeVisible();
      // Settling pays: it asks first, and Cancel leaves it be.
      await page.getByRole('button', { name: ct(lang, 'agents.run') }).click();
      const ask = page.getByRole('group', { name: ct(lang, 'agents.runQuestion') });
      await expect(ask.getByRole('button', { name: ct(lang, 'agents.run') })).toBeFocused();
      await ask.getByRole('button', { name: ct(lang, 'common.cancel') }).click();
      await expect(ask).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });

    test('an owner adds a staff member, who must choose a password and set up an app at the first login', async ({ page, browser }) => {
      test.setTimeout(90_000);
      await firstLogin(page, lang, await addStaff('owner'));
      await page.getByRole('link', { name: ct(lang, 'nav.staff') }).click();
      const name = newUsername('nw');
      const form = page.locator('.cs-add');
      await form.getByLabel(ct(lang, 'staff.username')).fill(name);
      await form.getByRole('checkbox', { name: ct(lang, 'roles.support') }).check();
      await form.getByRole('button', { name: ct(lang, 'staff.add') }).click();
      const added = page.getByRole('status').filter({ hasText: name });
      await expect(added).toBeVisible();
      const password = ((await added.locator('code').textContent()) ?? '').trim();
      expect(password).toMatch(/^[\w-]{16}$/);
      await expect(page.getByRole('row').filter({ hasText: name })).toContainText(ct(lang, 'staff.appOff'));
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('link', { name: ct(lang, 'nav.audit') }).click();
      await expect(page.getByRole('row').filter({ hasText: 'staff add' }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // The command panel runs `npm run ops` commands (a read-only one here: the suite shares the server).
      await page.getByRole('link', { name: ct(lang, 'nav.commands') }).click();
      await page.getByRole('textbox', { name: ct(lang, 'commands.line') }).fill('regions list');
      await page.getByRole('button', { name: ct(lang, 'commands.run') }).click();
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'commands.output') })).toContainText('(no region is blocked)');
      await expectNoSeriousA11yViolations(page);
      // The brand screen: a subnet that does not parse is refused under the field; a documentation
      // subnet (no test's address) is blocked, then lifted.
      await page.getByRole('link', { name: ct(lang, 'nav.brand') }).click();
      const cidrs = page.getByLabel(ct(lang, 'brand.cidrs'));
      await cidrs.fill('192.0.2.0/24\n300.1.1.1/8');
      await page.getByRole('button', { name: ct(lang, 'brand.saveRegions') }).click();
      await expect(page.locator('.cs-field').filter({ has: cidrs }).getByRole('alert')).toContainText('300.1.1.1/8');
      await expect(cidrs).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousA11yViolations(page);
      await cidrs.fill('192.0.2.0/24');
      await page.getByRole('button', { name: ct(lang, 'brand.saveRegions') }).click();
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'brand.regionsSaved') })).toBeVisible();
      await cidrs.fill('');
      await page.getByRole('button', { name: ct(lang, 'brand.saveRegions') }).click();
      await expect(cidrs).toHaveValue('');
      await expect(cidrs).toHaveAttribute('aria-invalid', 'false');

      const other = await browser.newContext();
      const newcomer = await other.newPage();
      await firstLogin(newcomer, lang, { username: name, password });
      await expect(newcomer.getByText(ct(lang, 'nav.signedInAs', { name, roles: ct(lang, 'roles.support') }))).toBeVisible();
      // Support sees members, the live chat, feedback, engagement (its messages) and its commands, not staff, withdrawals or the audit log.
      await expect(newcomer.getByRole('navigation', { name: ct(lang, 'nav.label') }).getByRole('link')).toHaveText([
        ct(lang, 'nav.members'),
        ct(lang, 'nav.chat'),
        ct(lang, 'nav.feedback'),
        ct(lang, 'nav.engagement'),
        ct(lang, 'nav.commands'),
      ]);
      await other.close();
      await page.getByRole('link', { name: ct(lang, 'nav.staff') }).click();
      await expect(page.getByRole('row').filter({ hasText: name })).toContainText(ct(lang, 'staff.appOn'));
    });
  });
}
