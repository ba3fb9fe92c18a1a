import { describe, expect, it } from 'vitest';
import { readCatalogues } from '../../kernel/i18n/server.ts';
import { LOCALES } from '../../kernel/locales.ts';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('the message catalogues', () => {
  const cats = readCatalogues();
  const [first, ...others] = LOCALES.map((l) => l.code);

  it('have the same namespaces in every language', () => {
    for (const l of others) expect(Object.keys(cats[l]!).sort()).toEqual(Object.keys(cats[first!]!).sort());
  });

  it('have every key of every namespace in every language, none empty', () => {
    for (const ns of Object.keys(cats[first!]!)) {
      const base = keys(cats[first!]![ns]!).sort();
      for (const l of others) {
        expect({ ns, lang: l, keys: keys(cats[l]![ns] ?? {}).sort() }).toEqual({ ns, lang: l, keys: base });
      }
      for (const l of LOCALES.map((x) => x.code)) {
        const flat = keys(cats[l]![ns]!);
        for (const k of flat) {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], cats[l]![ns]);
          expect(typeof v === 'string' && v.trim().length > 0, `${l}/${ns}:${k} is empty`).toBe(true);
        }
      }
    }
  });

  it('use the same interpolation variables in every language', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const ns of Object.keys(cats[first!]!)) {
      for (const k of keys(cats[first!]![ns]!)) {
        const get = (l: string) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], cats[l]![ns]) as string;
        for (const l of others) expect(vars(get(l) ?? ''), `${l}/${ns}:${k}`).toEqual(vars(get(first!)));
      }
    }
  });
});
