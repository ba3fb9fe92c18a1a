/**
 * The events the features declare (src/kernel/event-types.ts, issue 27): each kind declared
 * once; each message's words exist in every language, name only fields its payload declares, and
 * say the codes of enum fields (a contract's kind, why it ended) in words for every value.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONSUMERS, EVENTS } from '../features.ts';
import { catalogue, getT } from '../../kernel/i18n/server.ts';
import { LOCALES } from '../../kernel/locales.ts';

const withMessage = EVENTS.filter((e) => e.message);

/** The words of `ns:a.b.c` as written in the catalogue (undefined when missing). */
function raw(code: (typeof LOCALES)[number]['code'], key: string): unknown {
  const [ns, path] = key.split(':') as [string, string];
  return path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), catalogue(code, ns));
}

/** What the inbox derives from a field before the words are rendered: a name given in every language (`titles`) is said in the reader's (`title`). */
const DERIVED: Record<string, string> = { title: 'titles' };

/** The fields a message's words use: `{{field}}`, also inside a nested `$t(ns:key.{{field}})`. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);

/** A value of the declared field for the words to be rendered with: each value of an enum, else a sample. */
function samples(schema: z.ZodObject): Record<string, unknown>[] {
  const base: Record<string, unknown> = {};
  const enums: [string, readonly string[]][] = [];
  for (const [field, type] of Object.entries(schema.shape)) {
    const inner = type instanceof z.ZodNullable || type instanceof z.ZodOptional ? (type.unwrap() as z.ZodType) : (type as z.ZodType);
    if (inner instanceof z.ZodEnum) enums.push([field, inner.options as string[]]);
    else base[field] = inner instanceof z.ZodNumber ? 7 : inner instanceof z.ZodRecord ? { en: 'Title', es: 'Título' } : '12.50';
  }
  if (enums.length === 0) return [base];
  return enums.flatMap(([field, options]) => options.map((o) => ({ ...base, ...Object.fromEntries(enums.map(([f, opts]) => [f, opts[0]])), [field]: o })));
}

describe('declared events', () => {
  it('each kind is declared once, by one feature, and the inbox hears every one that has a message', () => {
    const kinds = EVENTS.map((e) => e.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(withMessage.length).toBeGreaterThanOrEqual(11);
    const inbox = CONSUMERS.find((c) => c.name === 'inbox.system-messages');
    expect([...(inbox?.kinds ?? [])].sort()).toEqual(withMessage.map((e) => e.kind).sort());
  });

  for (const event of withMessage) {
    it(`${event.kind}: its message's words exist in every language and use only its declared fields`, () => {
      const fields = Object.keys(event.payload.shape);
      const owner = event.message!.split(':')[1]!.split('.')[0]!;
      for (const { code } of LOCALES) {
        const t = getT(code);
        for (const part of ['title', 'body']) {
          const key = `${event.message}.${part}`;
          const words = raw(code, key);
          expect(typeof words, `${code} ${key}`).toBe('string');
          for (const p of placeholders(words as string)) expect(fields, `${code} ${key} uses {{${p}}}`).toContain(DERIVED[p] ?? p);
          // A code said in words (`$t(messages:agent.kinds.{{kind}})`): the words of every value of its
          // enum, in this language itself (i18next would fall back to English and hide a gap).
          for (const [, prefix, field] of (words as string).matchAll(/\$t\(([\w-]+:[\w.-]*)\{\{(\w+)\}\}\)/g)) {
            const type = event.payload.shape[field!] as z.ZodType;
            expect(type, `${code} ${key}: {{${field}}} in a nested key must be an enum`).toBeInstanceOf(z.ZodEnum);
            for (const value of (type as z.ZodEnum).options) expect(typeof raw(code, `${prefix}${String(value)}`), `${code} ${prefix}${String(value)}`).toBe('string');
          }
          // Rendered with every value of its enum fields: no code or key is left in the words.
          for (const values of samples(event.payload)) {
            const text = t(key, { ...values, title: 'Title' }) as string;
            // A nested key that is missing comes out as its path (agent.kinds.weekly).
            expect(text, `${code} ${key} with ${JSON.stringify(values)}`).not.toMatch(new RegExp(`\\{\\{|\\$t\\(|\\b${owner}\\.\\w`));
          }
        }
      }
    });
  }

  it("the agent's contract-ended message says the kind and the reason in the reader's words", () => {
    const ended = EVENTS.find((e) => e.kind === 'agent.contract.ended')!;
    const values = { kind: 'daily', reason: 'upline-rate' };
    expect(getT('en')(`${ended.message}.body`, values)).toContain('daily salary');
    expect(getT('es')(`${ended.message}.body`, values)).toContain('salario diario');
    expect(getT('es')(`${ended.message}.body`, values)).toContain('estaba por encima de la nueva tasa de tu superior');
  });
});
