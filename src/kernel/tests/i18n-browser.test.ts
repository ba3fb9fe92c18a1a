import { describe, expect, it } from 'vitest';
import { fill, lazyCatalogue } from '../i18n/browser.ts';

describe('catalogues in the browser', () => {
  it('fill placeholders, leaving nothing for a missing value', () => {
    expect(fill('Resend in {{seconds}} s', { seconds: 5 })).toBe('Resend in 5 s');
    expect(fill('{{a}}-{{b}}', { a: 'x' })).toBe('x-');
    expect(fill('no placeholder')).toBe('no placeholder');
  });

  it('load a language once, fall back to the default language, and try again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const catalogue = lazyCatalogue<{ hi: string }>({
      '../i18n/en/x.json': async () => ({ hi: 'hello' }),
      '../i18n/es/x.json': async () => {
        calls++;
        if (fail) throw new Error('offline');
        return { hi: 'hola' };
      },
    });
    await expect(catalogue.load('es')).rejects.toThrow('offline');
    fail = false;
    expect(await catalogue.load('es')).toEqual({ hi: 'hola' });
    expect(await catalogue.load('es')).toEqual({ hi: 'hola' });
    expect(calls).toBe(2);
    expect(catalogue.loaded('es')).toEqual({ hi: 'hola' });
    expect(await catalogue.load('fr')).toEqual({ hi: 'hello' });
  });
});
