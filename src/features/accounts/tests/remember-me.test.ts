import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRemembered, saveRemembered } from '../client/session.ts';

/** A cookie jar behind `document.cookie`, keeping what was written (attributes included). */
function fakeDocument() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  const doc = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair, ...attrs] = line.split('; ');
      const [k, v] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (attrs.includes('Max-Age=0')) jar.delete(k);
      else jar.set(k, v);
    },
  };
  return { doc, writes };
}

let writes: string[];
beforeEach(() => {
  const f = fakeDocument();
  writes = f.writes;
  Object.assign(globalThis, { document: f.doc, window: { location: { protocol: 'https:' } } });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
  Reflect.deleteProperty(globalThis, 'window');
});

describe('remember me', () => {
  it('keeps the username for 24 hours, in Secure cookies', () => {
    saveRemembered('DEMO', true, { username: 'maria01' });
    expect(readRemembered('DEMO')).toEqual({ username: 'maria01' });
    expect(writes.every((w) => w.includes('Max-Age=86400') && w.includes('Secure'))).toBe(true);
  });

  it("keeps the sms login's mobile and dialing code", () => {
    saveRemembered('DEMO', true, { mobileNum: '5512345678', countryDialingCode: '52' });
    expect(readRemembered('DEMO')).toEqual({ mobileNum: '5512345678', countryDialingCode: '52' });
  });

  it('forgets everything when the box is not ticked', () => {
    saveRemembered('DEMO', true, { username: 'maria01', mobileNum: '5512345678', countryDialingCode: '52' });
    saveRemembered('DEMO', false, {});
    expect(readRemembered('DEMO')).toBeNull();
    expect(document.cookie).toBe('');
  });

  it('has no way to keep a password: only the username, mobile and dialing code are written', () => {
    saveRemembered('DEMO', true, { username: 'maria01', password: 'Secret123' } as never);
    expect(writes.join('\n')).not.toContain('Secret123');
    expect(writes.map((w) => w.split('=')[0]).sort()).toEqual(['loginId_DEMO', 'loginRemember']);
  });
});
