/**
 * A feature's own part of the brand file (issue 27: each feature owns its errors, its strings and
 * its settings): `brandSection('agent', schema)` declares the key and its zod schema in the
 * feature, and answers an accessor that parses the current brand's part once per brand file. The kernel's schema (schema.ts) keeps such keys aside as `sections` without
 * knowing them; the app lists every feature's declarations (their manifests' `settings`) and
 * checks at start that the file has no key nobody declares and that each part parses
 * (src/app/brand.ts), so a misspelt key or a bad value still stops the server, as before.
 */
import type { z } from 'zod';
import { brand } from './index.ts';
import type { Brand } from './types.ts';

export interface BrandSection<S extends z.ZodType = z.ZodType> {
  /** The part's key in the brand file. */
  key: string;
  schema: S;
  /** The current brand's part, parsed (the schema's defaults when the file has none). */
  (): z.output<S>;
  /** The part of `b`, parsed; throws an Error naming the bad fields. */
  of(b: Brand): z.output<S>;
}

export function brandSection<S extends z.ZodType>(key: string, schema: S): BrandSection<S> {
  // Keyed by the file's sections, which every form of the brand shares (the operators' overrides
  // make a new Brand object, not new sections): a part is parsed once per file.
  const parsed = new WeakMap<object, z.output<S>>();
  const of = (b: Brand): z.output<S> => {
    if (parsed.has(b.sections)) return parsed.get(b.sections)!;
    const r = schema.safeParse(b.sections[key]);
    if (!r.success) {
      const lines = r.error.issues.map((i) => `  ${[key, ...i.path].join('.')}: ${i.message}`);
      throw new Error(`Brand ${b.merchantCode}: its "${key}" settings are not valid:\n${lines.join('\n')}`);
    }
    parsed.set(b.sections, r.data);
    return r.data;
  };
  return Object.assign(() => of(brand()), { key, schema, of });
}
