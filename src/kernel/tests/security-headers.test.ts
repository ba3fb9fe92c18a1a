import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { isHttps, securityHeaders } from '../http/security-headers.ts';
import { resetEnv } from '../env.ts';

const req = (headers: Record<string, string>, encrypted = false) => ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;
const before = process.env.TRUST_PROXY;
afterEach(() => {
  if (before === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = before;
  resetEnv();
});

describe('security headers', () => {
  it('forbid framing unless the brand names who may frame, and send HSTS only over HTTPS', () => {
    const none = securityHeaders({ https: false, frameAncestors: [] });
    expect(none['content-security-policy']).toBe("frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
    expect(none['x-frame-options']).toBe('DENY');
    expect(none['strict-transport-security']).toBeUndefined();
    const some = securityHeaders({ https: true, frameAncestors: ['https://partner.example'] });
    expect(some['content-security-policy']).toContain('frame-ancestors https://partner.example;');
    expect(some['x-frame-options']).toBeUndefined();
    expect(some['strict-transport-security']).toContain('max-age=31536000');
  });

  it('believe X-Forwarded-Proto only from a trusted proxy', () => {
    process.env.TRUST_PROXY = '0';
    resetEnv();
    expect(isHttps(req({ 'x-forwarded-proto': 'https' }))).toBe(false);
    expect(isHttps(req({}, true))).toBe(true);
    process.env.TRUST_PROXY = '1';
    resetEnv();
    expect(isHttps(req({ 'x-forwarded-proto': 'https, http' }))).toBe(true);
    expect(isHttps(req({ 'x-forwarded-proto': 'http' }))).toBe(false);
  });
});
