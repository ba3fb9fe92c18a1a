/**
 * Which language the site offers a visitor (audit item 14): a browser that prefers Spanish (es or
 * es-MX) landing on an English page is offered the Spanish site; the visitor's own earlier choice
 * wins over the browser; nothing is offered in the page's own language or in one the site lacks.
 */
import { describe, expect, it } from 'vitest';
import { offeredLocale, type Locale } from '../locales.ts';

const SITE: Locale[] = ['en', 'es'];

describe('the language offer', () => {
  it('offers Spanish on an English page to a browser that prefers es-MX or es', () => {
    expect(offeredLocale('en', ['es-MX', 'es', 'en'], null, SITE)).toBe('es');
    expect(offeredLocale('en', ['es'], null, SITE)).toBe('es');
    expect(offeredLocale('en', ['fr-FR', 'es-419'], null, SITE)).toBe('es');
  });

  it('offers nothing when the browser prefers the page language, or none the site speaks', () => {
    expect(offeredLocale('en', ['en-US', 'es'], null, SITE)).toBeNull();
    expect(offeredLocale('es', ['es-MX'], null, SITE)).toBeNull();
    expect(offeredLocale('en', ['fr', 'de'], null, SITE)).toBeNull();
    expect(offeredLocale('en', [], null, SITE)).toBeNull();
  });

  it("lets the visitor's earlier choice win over the browser", () => {
    expect(offeredLocale('en', ['es-MX'], 'en', SITE)).toBeNull();
    expect(offeredLocale('en', ['en-US'], 'es', SITE)).toBe('es');
    expect(offeredLocale('es', ['es-MX'], 'en', SITE)).toBe('en');
    // A stored language the brand no longer offers counts as no choice.
    expect(offeredLocale('en', ['es-MX'], 'fr', SITE)).toBe('es');
    expect(offeredLocale('en', ['es-MX'], null, ['en'])).toBeNull();
  });
});
