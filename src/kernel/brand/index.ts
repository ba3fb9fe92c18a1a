/** The brand this process serves, chosen by the BRAND setting. */
import { env } from '../env.ts';
import { demoBrand } from './brands/demo.ts';
import type { Brand } from './types.ts';

const brands: Record<string, Brand> = { demo: demoBrand };

/** The active brand's configuration. */
export function brand(): Brand {
  const b = brands[env().BRAND];
  if (!b) throw new Error(`Unknown BRAND "${env().BRAND}"; known: ${Object.keys(brands).join(', ')}`);
  return b;
}

export { flattenWhitelabel } from './whitelabel.ts';
export type { Brand } from './types.ts';
