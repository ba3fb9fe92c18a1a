import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { pageOrigin, publicOrigin, setSelfOrigin, siteOrigin } from '../http/origins.ts';
import { ORIGIN_HEADER } from '../http/node-bridge.ts';
import { resetEnv } from '../env.ts';

const req = (headers: Record<string, string>, encrypted = false) => ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;
const saved = { SITE_URL: process.env.SITE_URL, TRUST_PROXY: process.env.TRUST_PROXY };
function setEnv(values: { SITE_URL?: string; TRUST_PROXY?: string }): void {
  for (const k of ['SITE_URL', 'TRUST_PROXY'] as const) {
    if (values[k] === undefined) delete process.env[k];
    else process.env[k] = values[k];
  }
  resetEnv();
}
afterEach(() => {
  setEnv(saved);
  setSelfOrigin(null);
});

describe('the public address of a page', () => {
  it('is SITE_URL when it is set, whatever the request says', () => {
    setEnv({ SITE_URL: 'https://casino.example/' });
    expect(publicOrigin(req({ host: 'other.example', 'x-forwarded-host': 'evil.example' }))).toBe('https://casino.example');
  });

  it('is read from the request at run time without SITE_URL: its Host, https on a TLS socket', () => {
    setEnv({});
    expect(publicOrigin(req({ host: '127.0.0.1:4410' }))).toBe('http://127.0.0.1:4410');
    expect(publicOrigin(req({ host: 'Casino.Example' }, true))).toBe('https://casino.example');
    expect(publicOrigin(req({ host: '[::1]:8080' }))).toBe('http://[::1]:8080');
  });

  it('believes X-Forwarded-Host and -Proto only behind a trusted proxy', () => {
    setEnv({ TRUST_PROXY: '0' });
    expect(publicOrigin(req({ host: 'app:4321', 'x-forwarded-host': 'casino.example', 'x-forwarded-proto': 'https' }))).toBe('http://app:4321');
    setEnv({ TRUST_PROXY: '1' });
    expect(publicOrigin(req({ host: 'app:4321', 'x-forwarded-host': 'casino.example, proxy.internal', 'x-forwarded-proto': 'https' }))).toBe('https://casino.example');
  });

  it('falls back to the listening address for a Host that is not a host name', () => {
    setEnv({});
    setSelfOrigin('http://127.0.0.1:4321');
    for (const host of ['evil.example/path', 'a b', '"><script>', '', 'x..y']) {
      expect(publicOrigin(req(host ? { host } : {})), JSON.stringify(host)).toBe('http://127.0.0.1:4321');
    }
  });

  it('is what the server worked out for a page, else SITE_URL, else the URL asked for', () => {
    setEnv({});
    const url = new URL('http://localhost:4321/rng');
    expect(pageOrigin(new Request(url, { headers: { [ORIGIN_HEADER]: 'https://casino.example' } }), url)).toBe('https://casino.example');
    expect(pageOrigin(new Request(url), url)).toBe('http://localhost:4321');
    setEnv({ SITE_URL: 'https://brand.example' });
    expect(pageOrigin(new Request(url), url)).toBe('https://brand.example');
  });

  it('is never the address partners call back: that is SITE_URL or the listening address', () => {
    setEnv({});
    setSelfOrigin('http://127.0.0.1:4500');
    expect(siteOrigin()).toBe('http://127.0.0.1:4500');
    setEnv({ SITE_URL: 'https://casino.example' });
    expect(siteOrigin()).toBe('https://casino.example');
  });
});
