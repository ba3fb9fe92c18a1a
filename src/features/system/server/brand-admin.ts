/**
 * Changes to the brand in force that operators make (the `brand`, `maintenance` and `regions`
 * commands and the console's brand screen, one code path for both): white-label flags,
 * registration rules and the protocol profile as brand overrides (every process within a second,
 * refreshBrand), maintenance and region blocks as settings (systemState, within a second too).
 * Each refusal is an ApiError naming the field, so the console shows it under that field and the
 * command line prints it.
 */
import { applyOverrides, brandOverrides, flattenWhitelabel, loadBrandFile, updateBrandOverrides, type BrandOverrides } from '../../../kernel/brand/index.ts';
import type { WhitelabelNode } from '../../../kernel/brand/whitelabel.ts';
import { env } from '../../../kernel/env.ts';
import { clock } from '../../../kernel/clock.ts';
import { readSetting } from '../../../kernel/db/settings.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { getT } from '../../../kernel/i18n/server.ts';
import type { TFunction } from 'i18next';
import { MAINTENANCE_KEY, parseCidr, REGIONS_KEY, setMaintenance, setRegionBlock, type Maintenance, type RegionBlock } from './status.ts';

type RulePatch = NonNullable<BrandOverrides['register']>[string];
export interface BrandPatch {
  flags?: Record<string, boolean>;
  register?: Record<string, RulePatch>;
  protocol?: 'strict' | 'compatible';
}

/** The switches are the tree's leaves; a module node (ACCOUNT, AGENT) only groups them. */
const leaves = (nodes: WhitelabelNode[]): string[] => nodes.flatMap((n) => (n.childrenNodes.length ? leaves(n.childrenNodes) : [n.modId]));

/** The brand file's flags, rules and profile, and what is in force now (file plus overrides). */
export function brandRules() {
  const file = loadBrandFile(env().BRAND);
  const now = applyOverrides(file, brandOverrides());
  const fileFlags = flattenWhitelabel(file.whitelabel);
  const nowFlags = flattenWhitelabel(now.whitelabel);
  return {
    name: now.name,
    merchantCode: now.merchantCode,
    flags: leaves(file.whitelabel).map((id) => ({ id, on: !!nowFlags[id], file: !!fileFlags[id] })),
    register: Object.entries(now.register).map(([field, r]) => ({ field, enabled: r.enabled, required: r.required, min: r.min, max: r.max, file: file.register[field] ?? r })),
    protocol: now.protocol,
    fileProtocol: file.protocol,
  };
}

/** A refusal naming its field, with the message under that field in the caller's language. */
function refuse(t: TFunction, code: string, params: Record<string, string>, field: string): ApiError {
  return new ApiError(400, code, params, { [field]: t(`errors:${code}`, params) });
}

/**
 * Applies a change of flags, rules or profile on top of the overrides in force: unknown flags and
 * fields and a minimum above the maximum are refused, naming the field. Returns the overrides
 * before and after (for the audit log).
 */
export async function changeBrand(db: Db, patch: BrandPatch, t: TFunction = getT('en')): Promise<{ before: BrandOverrides; after: BrandOverrides }> {
  const file = loadBrandFile(env().BRAND);
  const known = leaves(file.whitelabel);
  for (const id of Object.keys(patch.flags ?? {})) if (!known.includes(id)) throw refuse(t, 'brand.flag.unknown', { flag: id, known: known.join(', ') }, `flags.${id}`);
  for (const field of Object.keys(patch.register ?? {}))
    if (!Object.hasOwn(file.register, field)) throw refuse(t, 'brand.register.unknown', { field, known: Object.keys(file.register).join(', ') }, `register.${field}`);
  // The stored overrides under their row lock (updateBrandOverrides), not this process's copy:
  // another staff member or process may have just changed them.
  const refused: { error?: ApiError } = {};
  const r = await updateBrandOverrides(db, (before) => {
    const next: BrandOverrides = { ...before };
    for (const [id, on] of Object.entries(patch.flags ?? {})) next.flags = { ...next.flags, [id]: on };
    for (const [field, p] of Object.entries(patch.register ?? {})) {
      const merged = { ...file.register[field]!, ...before.register?.[field], ...p };
      if (merged.min > merged.max) {
        refused.error = refuse(t, 'brand.register.range', { field, min: String(merged.min), max: String(merged.max) }, `register.${field}.min`);
        return before;
      }
      next.register = { ...next.register, [field]: { ...before.register?.[field], ...p } };
    }
    if (patch.protocol) next.protocol = patch.protocol;
    return next;
  });
  if (refused.error) throw refused.error;
  return r;
}

/**
 * Drops the operators' flags, rules and profile: back to the brand file. The licence texts and
 * mirror sites the content studio set are kept (the `brand reset` command drops those too).
 */
export function resetBrandRules(db: Db): Promise<{ before: BrandOverrides; after: BrandOverrides }> {
  return updateBrandOverrides(db, (before) => {
    const after: BrandOverrides = { ...before };
    delete after.flags;
    delete after.register;
    delete after.protocol;
    return after;
  });
}

/** Maintenance and the blocked subnets as they are now. */
export async function siteStatus(db: Db): Promise<{ maintenance: Maintenance; regions: string[] }> {
  const [maintenance, regions] = await Promise.all([readSetting<Maintenance>(db, MAINTENANCE_KEY, { on: false, end: null, notice: null }), readSetting<RegionBlock>(db, REGIONS_KEY, { cidrs: [] })]);
  return { maintenance, regions: regions.cidrs };
}

/** Switches maintenance (its end and notice kept only while on; an end already past is refused); returns the state before. */
export async function changeMaintenance(db: Db, m: Maintenance, t: TFunction = getT('en')): Promise<{ before: Maintenance; after: Maintenance }> {
  if (m.on && m.end !== null && m.end <= clock.now()) throw refuse(t, 'brand.maintenance.end', {}, 'end');
  const { maintenance: before } = await siteStatus(db);
  const after = m.on ? m : { on: false, end: null, notice: null };
  await setMaintenance(db, after);
  return { before, after };
}

/** Replaces the blocked subnets; one that does not parse is refused, naming its place in the list. */
export async function changeRegions(db: Db, cidrs: string[], t: TFunction = getT('en')): Promise<{ before: string[]; after: string[] }> {
  const after = [...new Set(cidrs.map((c) => c.trim()).filter(Boolean))];
  after.forEach((c, i) => {
    try {
      parseCidr(c);
    } catch {
      throw refuse(t, 'brand.region.invalid', { cidr: c }, `cidrs.${i}`);
    }
  });
  const { regions: before } = await siteStatus(db);
  await setRegionBlock(db, after);
  return { before, after };
}
