/**
 * The brand this process serves: the file brands/<BRAND>.json (BRANDS_DIR to look elsewhere),
 * validated at start (src/kernel/brand/schema.ts), plus the operator's overrides of flags and
 * registration rules kept in the database (`npm run ops -- brand ...`). Every process reads the
 * overrides at most once a second (`refreshBrand`, awaited before each API call and page), so a
 * change reaches all of them within a second, as maintenance does, with no restart or rebuild.
 */
import { setIntlLocales } from '../intl.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { db as getDb, type Db } from '../db/index.ts';
import { readSetting, updateSetting, writeSetting } from '../db/settings.ts';
import { env, projectRoot } from '../env.ts';
import { parseBrandFile } from './schema.ts';
import { LOCALES } from '../locales.ts';
import type { Brand, RegisterRule } from './types.ts';

/** What an operator may change on a running brand. */
export interface BrandOverrides {
  /** White-label flags by modId (spec 3). */
  flags?: Record<string, boolean>;
  /** Registration rules by field. */
  register?: Record<string, Partial<Pick<RegisterRule, 'enabled' | 'required' | 'min' | 'max'>>>;
  /** The protocol profile (docs/protocol.md). */
  protocol?: Brand['protocol'];
  /** The licences the footer states, as the content studio last set them (issue 30). */
  licences?: Brand['licences'];
  /** The official mirror addresses, as the content studio last set them (issue 30). */
  mirrors?: Brand['mirrors'];
}

const TTL_MS = 1000;
let base: Brand | null = null;
let overrides: BrandOverrides = {};
let overridesText = '{}';
let current: Brand | null = null;
let fetched: { at: number; done: Promise<void> } | null = null;
const listeners = new Set<() => void>();

/** The folder of brand files. */
export function brandsDir(): string {
  const dir = env().BRANDS_DIR;
  return dir ? path.resolve(dir) : path.join(projectRoot, 'brands');
}

/** The names of the brand files there (without .json). */
export function brandNames(): string[] {
  try {
    return readdirSync(brandsDir())
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
  } catch {
    return [];
  }
}

/** Reads and validates one brand file; the error names the file and each bad field. */
export function loadBrandFile(name: string): Brand {
  const dir = brandsDir();
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/.test(name)) throw new Error(`BRAND must name a file in ${dir} (letters, digits, - and _), not "${name}"`);
  const file = path.join(dir, `${name}.json`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`Unknown BRAND "${name}": there is no ${file}; brands there: ${brandNames().join(', ') || '(none)'}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`Brand file ${file} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parseBrandFile(data, file);
}

/** The brand with `o` applied: flags set by modId anywhere in the tree, rules patched by field. */
export function applyOverrides(b: Brand, o: BrandOverrides): Brand {
  const flags = o.flags ?? {};
  const tree = (nodes: Brand['whitelabel']): Brand['whitelabel'] =>
    nodes.map((n) => ({ ...n, enabled: n.modId in flags ? (flags[n.modId] ? '1' : '0') : n.enabled, childrenNodes: tree(n.childrenNodes) }));
  const register = Object.fromEntries(Object.entries(b.register).map(([field, rule]) => [field, { ...rule, ...(o.register?.[field] ?? {}) }]));
  return { ...b, whitelabel: tree(b.whitelabel), register, protocol: o.protocol ?? b.protocol, licences: o.licences ?? b.licences, mirrors: o.mirrors ?? b.mirrors };
}

/** The brand as its file says, without the overrides (what `brand reset` goes back to). */
export function brandFile(): Brand {
  base ??= loadBrandFile(env().BRAND);
  return base;
}

/** The active brand's configuration (the file, with the overrides last read). */
export function brand(): Brand {
  if (!current) {
    base ??= loadBrandFile(env().BRAND);
    current = applyOverrides(base, overrides);
    // Numbers, money and dates on the server are written in the brand's regional locales.
    setIntlLocales(current.intlLocales, current.timeZone);
  }
  return current;
}

/** The settings key of this brand's overrides. */
export const overridesKey = () => `brand.overrides.${env().BRAND}`;

function adopt(next: BrandOverrides): void {
  const text = JSON.stringify(next);
  if (text === overridesText) return;
  overrides = next;
  overridesText = text;
  current = null;
  for (const l of listeners) l();
}

/** Reads the overrides from the database when the last read is older than a second. */
export function refreshBrand(): Promise<void> {
  const now = Date.now();
  if (!fetched || now - fetched.at > TTL_MS) {
    const done = getDb()
      .then((db) => readSetting<BrandOverrides>(db, overridesKey(), {}))
      .then(adopt);
    fetched = { at: now, done };
    done.catch(() => (fetched = null));
  }
  return fetched.done;
}

/** The overrides in force (as last read). */
export function brandOverrides(): BrandOverrides {
  return overrides;
}

/** Stores new overrides for every process, and applies them in this one at once. */
export async function setBrandOverrides(db: Db, next: BrandOverrides): Promise<void> {
  await writeSetting(db, overridesKey(), next);
  fetched = null;
  adopt(next);
}

/**
 * Changes the stored overrides from what is stored now (not this process's copy, which may be a
 * second old), under the setting's row lock, so that changes made at once by several staff or
 * processes are all kept; applies the result in this process at once.
 */
export async function updateBrandOverrides(db: Db, change: (current: BrandOverrides) => BrandOverrides): Promise<{ before: BrandOverrides; after: BrandOverrides }> {
  const r = await updateSetting<BrandOverrides>(db, overridesKey(), {}, change);
  fetched = null;
  adopt(r.after);
  return r;
}

/** Calls `listener` whenever the brand changes in this process (the page cache forgets its pages). */
export function onBrandChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The site's languages this brand offers, in the site's order (the language menus and alternates list these). */
export function brandLocales(): (typeof LOCALES)[number][] {
  const offered = brand().languages;
  return LOCALES.filter((l) => offered.includes(l.code));
}

export { flattenWhitelabel } from './whitelabel.ts';
export type { Brand } from './types.ts';
