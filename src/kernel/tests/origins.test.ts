import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ownAddressPath, pageOrigin, publicOrigin, requestOrigin, setSelfOrigin, siteOrigin } from '../http/origins.ts';
import { brand } from '../brand/index.ts';
import { ORIGIN_HEADER, clientIp } from '../http/node-bridge.ts';
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

  it('is read from the request at run time without SITE_URL: an official Host, https on a TLS socket', () => {
    setEnv({});
    setSelfOrigin('http://127.0.0.1:4410');
    const main = brand().mainDomain;
    expect(publicOrigin(req({ host: '127.0.0.1:4410' }))).toBe('http://127.0.0.1:4410');
    expect(publicOrigin(req({ host: main.toUpperCase() }, true))).toBe(`https://${main}`);
    // A mirror of the brand is official too.
    const mirror = new URL(brand().mirrors[0]!.url).host;
    expect(publicOrigin(req({ host: mirror }, true))).toBe(`https://${mirror}`);
  });

  it('never takes a host the site is not served at: forged Hosts get the listening address', () => {
    setEnv({});
    setSelfOrigin('http://127.0.0.1:4410');
    for (const host of ['evil.example', 'a1.example', '127.0.0.1:9999', 'evil.example/path', 'a b', '"><script>', '', 'x..y']) {
      expect(publicOrigin(req(host ? { host } : {})), JSON.stringify(host)).toBe('http://127.0.0.1:4410');
      expect(requestOrigin(req(host ? { host } : {})), JSON.stringify(host)).toBeNull();
    }
  });

  it('believes X-Forwarded-Host and -Proto only behind a trusted proxy, and only for official hosts', () => {
    setSelfOrigin('http://127.0.0.1:4410');
    const main = brand().mainDomain;
    setEnv({ TRUST_PROXY: '0' });
    expect(publicOrigin(req({ host: '127.0.0.1:4410', 'x-forwarded-host': main, 'x-forwarded-proto': 'https' }))).toBe('http://127.0.0.1:4410');
    setEnv({ TRUST_PROXY: '1' });
    expect(publicOrigin(req({ host: '127.0.0.1:4410', 'x-forwarded-host': `${main}, proxy.internal`, 'x-forwarded-proto': 'https' }))).toBe(`https://${main}`);
    expect(publicOrigin(req({ host: '127.0.0.1:4410', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }))).toBe('http://127.0.0.1:4410');
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

describe('an address a client hands in (a way back)', () => {
  it('is followed only to this site: a path, or an absolute address on an official host', () => {
    setEnv({});
    setSelfOrigin('http://127.0.0.1:4410');
    const main = brand()
      .mainDomain.replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '');
    expect(ownAddressPath('/rng?x=1#top')).toBe('/rng?x=1#top');
    expect(ownAddressPath('http://127.0.0.1:4410/es/pvp')).toBe('/es/pvp');
    expect(ownAddressPath(`https://${main}/fish`)).toBe('/fish');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'http://127.0.0.1:9999/',
      'rng',
      '',
      'data:text/html,x',
      '/..//evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/\t/evil.example',
      'http://127.0.0.1:4410//evil.example',
    ]) {
      expect(ownAddressPath(bad), bad).toBeNull();
    }
  });
});

describe("the caller's address", () => {
  const from = (xff: string | undefined) => ({ headers: xff === undefined ? {} : { 'x-forwarded-for': xff }, socket: { remoteAddress: '10.0.0.2' } }) as unknown as IncomingMessage;

  it('is the hop the trusted proxy appended (the last), never one the caller wrote before it', () => {
    setEnv({ TRUST_PROXY: '1' });
    expect(clientIp(from('6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientIp(from('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientIp(from(undefined))).toBe('10.0.0.2');
    setEnv({ TRUST_PROXY: '0' });
    expect(clientIp(from('203.0.113.9'))).toBe('10.0.0.2');
  });
});
