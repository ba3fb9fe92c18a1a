import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
const base = 'http://127.0.0.1:4700';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const page = await ctx.newPage();
await page.goto(base + '/console');
await page.locator('input').nth(0).fill('demoowner');
await page.locator('input[type=password]').first().fill('DemoOwner1234');
await page.locator('button[type=submit]').click();
await page.locator('.cs-key').waitFor();
const secret = ((await page.locator('.cs-key').textContent()) ?? '').trim();
const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
const inputs = page.locator('form input');
const n = await inputs.count();
for (let i = 0; i < n; i++) {
  const el = inputs.nth(i);
  const type = await el.getAttribute('type');
  const ac = await el.getAttribute('autocomplete');
  if (ac === 'one-time-code' || (await el.getAttribute('inputmode')) === 'numeric') await el.fill(code);
  else if (type === 'password') await el.fill('a-new-owner-password');
}
await page.locator('button.btn-primary').last().click();
await page.locator('.cs-codes').waitFor();
await page.locator('button.btn-primary').last().click();
await page.waitForTimeout(800);
for (const lang of ['', '/es']) {
  for (const s of ['deposits', 'lottery&game=PK10', 'brand']) {
    await page.goto(`${base}${lang}/console?section=${s}`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shot-${lang ? 'es' : 'en'}-${s.split('&')[0]}.png`, fullPage: true });
  }
}
await page.setViewportSize({ width: 820, height: 1100 });
await page.goto(`${base}/es/console?section=brand`);
await page.waitForTimeout(1200);
await page.screenshot({ path: `/tmp/shot-tablet-brand.png`, fullPage: false });
await page.goto(`${base}/console?section=lottery`);
await page.waitForTimeout(1200);
await page.screenshot({ path: `/tmp/shot-tablet-lottery.png`, fullPage: false });
await browser.close();
