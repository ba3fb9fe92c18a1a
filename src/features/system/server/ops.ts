/** Operator commands of the system feature: maintenance and region blocks (spec 2.3 status 1 and 2), and the brand's flags and rules. */
import path from 'node:path';
import type { OpsCommand } from '../../../kernel/feature.ts';
import { env } from '../../../kernel/env.ts';
import { applyOverrides, brandsDir, flattenWhitelabel, loadBrandFile, overridesKey, setBrandOverrides, type BrandOverrides } from '../../../kernel/brand/index.ts';
import { readSetting } from '../../../kernel/db/settings.ts';
import { MAINTENANCE_KEY, REGIONS_KEY, setMaintenance, setRegionBlock, type Maintenance, type RegionBlock } from './status.ts';

export const maintenanceCommand: OpsCommand = {
  name: 'maintenance',
  consoleRoles: ['risk'],
  usage: `  maintenance on [--end <ISO time>] [--notice <text>]   switch maintenance on
  maintenance off                                      switch it off
  maintenance status                                   show it`,
  options: ['end', 'notice'],
  async run(db, { verb, flags }) {
    if (verb === 'on') {
      let end: number | null = null;
      if (flags.end) {
        end = Date.parse(flags.end);
        if (Number.isNaN(end)) return { ok: false, output: `Not a time: ${flags.end} (use ISO 8601, e.g. 2026-12-01T10:00:00Z)` };
      }
      await setMaintenance(db, { on: true, end, notice: flags.notice ?? null });
      return { ok: true, changed: true, output: `Maintenance is on${end ? ` until ${new Date(end).toISOString()}` : ''}.` };
    }
    if (verb === 'off') {
      await setMaintenance(db, { on: false, end: null, notice: null });
      return { ok: true, changed: true, output: 'Maintenance is off.' };
    }
    if (verb === 'status') {
      const m = await readSetting<Maintenance>(db, MAINTENANCE_KEY, { on: false, end: null, notice: null });
      return { ok: true, output: JSON.stringify(m) };
    }
    return { ok: false, output: '' };
  },
};

export const regionsCommand: OpsCommand = {
  name: 'regions',
  consoleRoles: ['risk'],
  usage: `  regions block <CIDR> [<CIDR> ...]                    block visitors from these subnets
  regions unblock <CIDR> [<CIDR> ...]                  lift blocks
  regions clear                                        lift every block
  regions list                                         show the blocked subnets`,
  async run(db, { verb, rest }) {
    const current = (await readSetting<RegionBlock>(db, REGIONS_KEY, { cidrs: [] })).cidrs;
    if (verb === 'list') return { ok: true, output: current.length ? current.join('\n') : '(no region is blocked)' };
    if (verb === 'clear') {
      await setRegionBlock(db, []);
      return { ok: true, changed: true, output: 'No region is blocked.' };
    }
    if ((verb === 'block' || verb === 'unblock') && rest.length) {
      const next = verb === 'block' ? [...new Set([...current, ...rest])] : current.filter((c) => !rest.includes(c));
      await setRegionBlock(db, next);
      return { ok: true, changed: true, output: `Blocked subnets: ${next.length ? next.join(', ') : '(none)'}` };
    }
    return { ok: false, output: '' };
  },
};

const REGISTER_KEYS = ['enabled', 'required', 'min', 'max'] as const;
const onOff = (v: string | undefined): boolean | null => (v === 'on' || v === 'true' || v === '1' ? true : v === 'off' || v === 'false' || v === '0' ? false : null);

/**
 * brand: shows the brand in force and changes its white-label flags and registration rules on
 * every running process (within a second, see refreshBrand), recorded in the audit log. The file
 * brands/<BRAND>.json stays as it was: `brand reset` goes back to it.
 */
export const brandCommand: OpsCommand = {
  name: 'brand',
  consoleRoles: ['owner'],
  usage: `  brand show                                           the brand in force: file, flags, rules, overrides
  brand flag <MODID> on|off                            switch a white-label flag (e.g. FREEPLAY3)
  brand register <field> [--enabled on|off] [--required on|off] [--min N] [--max N]
                                                       change a registration rule (e.g. email)
  brand protocol strict|compatible                     the protocol profile (docs/protocol.md)
  brand reset                                          drop every override: back to the brand file`,
  options: ['enabled', 'required', 'min', 'max'],
  async run(db, { verb, rest, flags }) {
    const file = path.join(brandsDir(), `${env().BRAND}.json`);
    const now = await readSetting<BrandOverrides>(db, overridesKey(), {});
    if (verb === 'show') {
      const on = applyOverrides(loadBrandFile(env().BRAND), now);
      return {
        ok: true,
        output: [
          `${on.name} (${on.merchantCode}) from ${file}`,
          `flags: ${Object.entries(flattenWhitelabel(on.whitelabel))
            .map(([k, v]) => `${k}=${v ? 'on' : 'off'}`)
            .join(' ')}`,
          `register: ${Object.entries(on.register)
            .map(([k, r]) => `${k}(${r.enabled ? 'on' : 'off'}${r.required ? ',required' : ''},${r.min}-${r.max})`)
            .join(' ')}`,
          `protocol: ${on.protocol}`,
          `overrides: ${JSON.stringify(now)}`,
        ].join('\n'),
      };
    }
    if (verb === 'reset') {
      await setBrandOverrides(db, {});
      return { ok: true, changed: true, output: `Overrides dropped: the brand is as in ${file}.` };
    }
    if (verb === 'flag') {
      const [modId, state] = rest;
      const known = Object.keys(flattenWhitelabel(loadBrandFile(env().BRAND).whitelabel));
      if (!modId || !known.includes(modId)) return { ok: false, output: `Unknown flag ${modId ?? ''}; the brand has: ${known.join(', ')}` };
      const value = onOff(state);
      if (value === null) return { ok: false, output: 'Say on or off.' };
      await setBrandOverrides(db, { ...now, flags: { ...now.flags, [modId]: value } });
      return { ok: true, changed: true, output: `${modId} is ${value ? 'on' : 'off'} on every process within a second.` };
    }
    if (verb === 'protocol') {
      const [profile] = rest;
      if (profile !== 'strict' && profile !== 'compatible') return { ok: false, output: 'Say strict or compatible.' };
      await setBrandOverrides(db, { ...now, protocol: profile });
      return { ok: true, changed: true, output: `The protocol profile is ${profile} on every process within a second.` };
    }
    if (verb === 'register') {
      const [field] = rest;
      const base = loadBrandFile(env().BRAND);
      const rule = field ? base.register[field] : undefined;
      if (!field || !rule) return { ok: false, output: `Unknown field ${field ?? ''}; the brand has: ${Object.keys(base.register).join(', ')}` };
      const patch: NonNullable<BrandOverrides['register']>[string] = { ...now.register?.[field] };
      for (const k of REGISTER_KEYS) {
        const v = flags[k];
        if (v === undefined) continue;
        if (k === 'enabled' || k === 'required') {
          const b = onOff(v);
          if (b === null) return { ok: false, output: `--${k} takes on or off` };
          patch[k] = b;
        } else {
          const n = Number(v);
          if (!Number.isInteger(n) || n < 0 || n > 255) return { ok: false, output: `--${k} takes a whole number from 0 to 255` };
          patch[k] = n;
        }
      }
      if (!Object.keys(patch).length) return { ok: false, output: 'Give at least one of --enabled, --required, --min, --max.' };
      const merged = { ...rule, ...patch };
      if (merged.min > merged.max) return { ok: false, output: `min (${merged.min}) must not exceed max (${merged.max})` };
      await setBrandOverrides(db, { ...now, register: { ...now.register, [field]: patch } });
      return {
        ok: true,
        changed: true,
        output: `${field}: ${merged.enabled ? 'on' : 'off'}${merged.required ? ', required' : ''}, ${merged.min}-${merged.max} characters, on every process within a second.`,
      };
    }
    return { ok: false, output: '' };
  },
};
