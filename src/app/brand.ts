/**
 * The brand file as a whole (issue 27): the kernel checks the fields it knows, and each feature
 * its own part (its manifest's `settings`, src/kernel/brand/sections.ts). The server checks both
 * at start, so a misspelt key or a bad value in any part stops it with the file's name and the
 * field's path, as a kernel field does.
 */
import type { Brand } from '../kernel/brand/types.ts';
import { FEATURES } from './features.ts';

/** Every feature's declared part of the brand file. */
export const BRAND_SECTIONS = FEATURES.flatMap((f) => f.settings ?? []);

/** Throws when `b` has a key no part declares, or a declared part that does not parse. */
export function checkBrand(b: Brand): void {
  const declared = new Set(BRAND_SECTIONS.map((s) => s.key));
  const unknown = Object.keys(b.sections).filter((k) => !declared.has(k));
  if (unknown.length) throw new Error(`Brand ${b.merchantCode}: unknown key(s) ${unknown.map((k) => `"${k}"`).join(', ')} (the kernel's fields and the features' parts: ${[...declared].join(', ')})`);
  for (const s of BRAND_SECTIONS) s.of(b);
}
