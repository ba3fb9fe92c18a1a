/**
 * Security headers on what the server sends (issue 10): the page's Content-Security-Policy (the
 * hashes Astro puts in it, and frame-ancestors), nosniff, the referrer
 * and permissions policies, and HSTS only over HTTPS as a trusted proxy reports it. That the
 * pages work under their policy is checked by every e2e test (the CSP guard on its context fails a test
 * on any violation the browser reports, tests/e2e-support/accounts.ts).
 */
import { expect, test } from '../../../../../tests/e2e-support/accounts.ts';

const PAGES = ['/', '/es/rng', '/help', '/es/promotions', '/login'];

test.describe('security headers', () => {
  for (const path of PAGES) {
    test(`${path} is sent with its policies, and a CSP of hashes`, async ({ request }) => {
      const r = await request.get(path);
      expect(r.status()).toBe(200);
      const h = r.headers();
      expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['permissions-policy']).toContain('camera=()');
      expect(h['strict-transport-security']).toBeUndefined();
      // The page's policy: Astro's hashes of its own scripts and styles, nothing inline; in the
      // header of a server-rendered page, in a <meta> of a prerendered one.
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(await r.text())?.[1] ?? '';
      const csp = `${h['content-security-policy']} ${meta}`;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'( 'sha\d+-[^']+')+/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    });
  }

  test('API answers carry nosniff and no framing too', async ({ request }) => {
    const r = await request.get('/wps/system/status');
    expect(r.headers()['x-content-type-options']).toBe('nosniff');
    expect(r.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  test('HSTS only when a trusted proxy says the visit came over HTTPS', async ({ request }) => {
    const r = await request.get('/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(r.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

test.describe('framing', () => {
  // The browser's refusal to frame the site is itself a CSP report on the console: expected here.
  test.use({ allowCspViolations: true });

  test('a page of another site cannot frame the site', async ({ page, baseURL }) => {
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|X-Frame-Options/.test(m.text())) blocked.push(m.text());
    });
    await page.setContent(`<iframe src="${baseURL}/" title="framed"></iframe>`);
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
  });
});
