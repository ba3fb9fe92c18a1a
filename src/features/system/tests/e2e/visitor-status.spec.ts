/**
 * The whole-app screens of spec 2.3, switched by the operator command while the server runs:
 * maintenance (status 1) and region block (status 2) replace every page, in both languages,
 * and switching them off brings the normal site back without a restart.
 *
 * These tests change the site for every visitor, so they run one after another in the 'status'
 * project, which playwright.config.ts schedules after all page tests; afterAll switches
 * everything back off whatever happened.
 */
import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../../../../../tests/e2e-support/fixtures.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { LANGS, localized, text, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';

// One after another in one worker. Not 'serial': that would skip every later test after one
// failure and hide what else is broken; here a failed test ends its worker (afterAll switches
// everything off), and the next worker re-enters the describe through its beforeAll.
test.describe.configure({ mode: 'default' });

const NOTICE = 'Scheduled upgrade of the game servers';
// A fixed instant in the future, so that the screen has an end time to show.
const END = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 15, 10, 30));

/** The status the API reports to this machine. */
async function apiStatus(request: APIRequestContext): Promise<number> {
  const res = await request.get('/wps/system/status', { headers: { merchant: 'DEMO', language: 'EN', device: 'web' } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { success: boolean; value: { status: number } };
  expect(body.success).toBe(true);
  return body.value.status;
}

/** Waits until the API reports `status` (the server re-reads its state at most once a second). */
async function expectApiStatus(request: APIRequestContext, status: number): Promise<void> {
  await expect.poll(() => apiStatus(request), { timeout: 10_000 }).toBe(status);
}

/** The customer-service action, a button or a link. */
function customerService(page: Page, lang: Lang) {
  const name = text(lang, 'system', 'contactService');
  return page.getByRole('button', { name }).or(page.getByRole('link', { name }));
}

/** The normal site is back: the home page answers 200 and is not a status screen. */
async function expectNormalHome(page: Page, lang: Lang): Promise<void> {
  const res = await page.goto(localized('/', lang));
  expect(res!.status()).toBe(200);
  await expect(page.getByRole('heading', { name: text(lang, 'system', 'maintenanceTitle') })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: text(lang, 'system', 'blockedTitle') })).toHaveCount(0);
}

test.afterAll(async () => {
  await ops('maintenance', 'off');
  await ops('regions', 'clear');
});

test.describe('maintenance', () => {
  test.beforeAll(async () => {
    await ops('maintenance', 'on', '--end', END.toISOString(), '--notice', NOTICE);
  });

  test('the API reports status 1 with the end time and notice', async ({ request }) => {
    await expectApiStatus(request, 1);
    const res = await request.get('/wps/system/status');
    const { value } = (await res.json()) as { value: Record<string, unknown> };
    expect(value).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: END.getTime(), maintenanceNotice: NOTICE });
  });

  for (const { lang } of LANGS) {
    for (const p of ['/', '/rng', '/promotions']) {
      const url = localized(p, lang);
      test(`${url} shows the maintenance screen with title, end time, notice and customer service, as HTTP 503`, async ({ page }) => {
        const res = await page.goto(url);
        expect(res!.status()).toBe(503);
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
        await expect(page.getByRole('heading', { name: text(lang, 'system', 'maintenanceTitle') })).toBeVisible();
        await expect(page.getByText(NOTICE)).toBeVisible();
        // The end time, in the brand's time zone: 15 January of next year in any zone from GMT-10 to GMT+13.
        const endLead = text(lang, 'system', 'maintenanceEnd').split('{{time}}')[0]!.trim();
        const end = page.getByText(endLead);
        await expect(end).toBeVisible();
        await expect(end).toContainText(String(END.getUTCFullYear()));
        await expect(end).toContainText('15');
        await expect(customerService(page, lang)).toBeVisible();
        // Nothing of the app is left around it.
        await expect(page.getByRole('link', { name: text(lang, 'nav', 'promotions') })).toHaveCount(0);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      });
    }

    test(`the maintenance screen in ${lang.toUpperCase()} passes axe and fits a phone`, async ({ browser }) => {
      const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      await page.goto(localized('/', lang));
      await expect(page.getByRole('heading', { name: text(lang, 'system', 'maintenanceTitle') })).toBeVisible();
      await expect(customerService(page, lang)).toBeInViewport();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
      await context.close();
    });
  }

  test('switching maintenance off brings the normal site back in both languages', async ({ page, request }) => {
    await ops('maintenance', 'off');
    await expectApiStatus(request, 0);
    for (const { lang } of LANGS) await expectNormalHome(page, lang);
  });
});

test.describe('region block', () => {
  test.beforeAll(async () => {
    await ops('regions', 'block', '127.0.0.0/8', '::1/128');
  });

  test('the API reports status 2 to a blocked address', async ({ request }) => {
    await expectApiStatus(request, 2);
    const res = await request.get('/wps/system/status');
    const { value } = (await res.json()) as { value: Record<string, unknown> };
    expect(value).toMatchObject({ status: 2, maintenance: false, regionRestriction: true, location: { ip: '127.0.0.1' } });
  });

  for (const { lang } of LANGS) {
    for (const p of ['/', '/rng']) {
      const url = localized(p, lang);
      test(`${url} shows the block screen with the visitor's IP, notice and customer service`, async ({ page }) => {
        const res = await page.goto(url);
        expect(res!.status()).toBe(403);
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
        await expect(page.getByRole('heading', { name: text(lang, 'system', 'blockedTitle') })).toBeVisible();
        await expect(page.getByText(text(lang, 'system', 'yourIp').replace('{{ip}}', '127.0.0.1'))).toBeVisible();
        await expect(page.getByText(text(lang, 'system', 'blockedText'))).toBeVisible();
        await expect(customerService(page, lang)).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  }

  test('maintenance wins over a region block', async ({ page, request }) => {
    await ops('maintenance', 'on', '--notice', NOTICE);
    try {
      await expectApiStatus(request, 1);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: text('en', 'system', 'maintenanceTitle') })).toBeVisible();
    } finally {
      await ops('maintenance', 'off');
    }
  });

  test('clearing the regions brings the normal site back in both languages', async ({ page, request }) => {
    await ops('regions', 'clear');
    await expectApiStatus(request, 0);
    for (const { lang } of LANGS) await expectNormalHome(page, lang);
  });
});

// White-label flags switched by the operator while the server runs (issue 10): each flag the
// pages show changes them within a second (the server re-reads the brand at most once a second
// and drops its cached pages), and switching it back restores them. Here, because a flag
// changes the site for every visitor, as maintenance does.
test.describe('white-label flags', () => {
  test.afterAll(async () => {
    await ops('brand', 'reset');
  });

  /** Opens a popup route once the server answers the brand as `want` says, and the page has read its status. */
  async function openWith(page: Page, path: string, title: string, modId: string, want: boolean) {
    await expect(async () => {
      const status = page.waitForResponse((r) => r.url().includes('/wps/system/status'));
      await page.goto(path);
      const body = (await (await status).json()) as { value: { info: { whitelabel: { modId: string; enabled: string; childrenNodes: { modId: string; enabled: string }[] }[] } } };
      const node = body.value.info.whitelabel.flatMap((n) => n.childrenNodes).find((n) => n.modId === modId);
      expect(node?.enabled).toBe(want ? '1' : '0');
    }).toPass({ timeout: 10_000 });
    const popup = page.getByRole('dialog', { name: title });
    await expect(popup).toBeVisible();
    return popup;
  }

  const cases: { modId: string; path: string; title: string; control: string }[] = [
    { modId: 'FREEPLAY3', path: '/login', title: text('en', 'auth', 'login.title'), control: text('en', 'auth', 'login.freePlay') },
    { modId: 'MOBILEVERCODELOGIN3', path: '/login', title: text('en', 'auth', 'login.title'), control: text('en', 'auth', 'login.bySms') },
    { modId: 'MOBILENUMREG3', path: '/register', title: text('en', 'auth', 'register.title'), control: text('en', 'auth', 'register.byMobile') },
    { modId: 'CHNGPASSVERIF3', path: '/forget', title: text('en', 'auth', 'forget.title'), control: text('en', 'auth', 'forget.byMobile') },
    { modId: 'CHNGPASSMAIL3', path: '/forget', title: text('en', 'auth', 'forget.title'), control: text('en', 'auth', 'forget.byEmail') },
  ];
  for (const c of cases) {
    test(`${c.modId} off takes its control off the page, on brings it back`, async ({ page }) => {
      await ops('brand', 'flag', c.modId, 'off');
      const off = await openWith(page, c.path, c.title, c.modId, false);
      await expect(off.getByRole('button', { name: c.control, exact: true })).toHaveCount(0);
      await ops('brand', 'flag', c.modId, 'on');
      const on = await openWith(page, c.path, c.title, c.modId, true);
      await expect(on.getByRole('button', { name: c.control, exact: true })).toBeVisible();
    });
  }
});
