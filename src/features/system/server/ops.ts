/** Operator commands of the system feature: maintenance and region blocks (spec 2.3 status 1 and 2), and the brand's flags and rules. */
import path from 'node:path';
import type { OpsCommand } from '../../../kernel/feature.ts';
import { env } from '../../../kernel/env.ts';
import type { OpsAnswer } from '../../../kernel/feature.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { getT } from '../../../kernel/i18n/server.ts';
import { applyOverrides, brandsDir, flattenWhitelabel, loadBrandFile, overridesKey, setBrandOverrides, type BrandOverrides } from '../../../kernel/brand/index.ts';
import { readSetting } from '../../../kernel/db/settings.ts';
import { MAINTENANCE_KEY, REGIONS_KEY, type Maintenance, type RegionBlock } from './status.ts';
import { brandRules, changeBrand, changeMaintenance, changeRegions, type BrandPatch } from './brand-admin.ts';

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
      try {
        await changeMaintenance(db, { on: true, end, notice: flags.notice?.trim() || null });
      } catch (err) {
        return refused(err);
      }
      return { ok: true, changed: true, output: `Maintenance is on${end ? ` until ${new Date(end).toISOString()}` : ''}.` };
    }
    if (verb === 'off') {
      await changeMaintenance(db, { on: false, end: null, notice: null });
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
      await changeRegions(db, []);
      return { ok: true, changed: true, output: 'No region is blocked.' };
    }
    if ((verb === 'block' || verb === 'unblock') && rest.length) {
      try {
        const { after } = await changeRegions(db, verb === 'block' ? [...current, ...rest] : current.filter((c) => !rest.includes(c)));
        return { ok: true, changed: true, output: `Blocked subnets: ${after.length ? after.join(', ') : '(none)'}` };
      } catch (err) {
        return refused(err);
      }
    }
    return { ok: false, output: '' };
  },
};

const REGISTER_KEYS = ['enabled', 'required', 'min', 'max'] as const;
type RulePatch = NonNullable<BrandPatch['register']>[string];

/** A refusal of the shared functions (brand-admin.ts) as the command's answer, in English. */
function refused(err: unknown): OpsAnswer {
  if (!(err instanceof ApiError)) throw err;
  return { ok: false, output: getT('en')(`errors:${err.errorCode}`, { ...err.params, defaultValue: err.errorCode }) };
}

async function change(db: Db, patch: BrandPatch, output: string): Promise<OpsAnswer> {
  try {
    await changeBrand(db, patch);
    return { ok: true, changed: true, output };
  } catch (err) {
    return refused(err);
  }
}
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
      const value = onOff(state);
      if (!modId) return { ok: false, output: 'Name a flag (brand show lists them).' };
      if (value === null) return { ok: false, output: 'Say on or off.' };
      return change(db, { flags: { [modId]: value } }, `${modId} is ${value ? 'on' : 'off'} on every process within a second.`);
    }
    if (verb === 'protocol') {
      const [profile] = rest;
      if (profile !== 'strict' && profile !== 'compatible') return { ok: false, output: 'Say strict or compatible.' };
      return change(db, { protocol: profile }, `The protocol profile is ${profile} on every process within a second.`);
    }
    if (verb === 'register') {
      const [field] = rest;
      if (!field) return { ok: false, output: 'Name a field (brand show lists them).' };
      const patch: RulePatch = {};
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
      const answer = await change(db, { register: { [field]: patch } }, '');
      if (!answer.ok) return answer;
      const r = brandRules().register.find((x) => x.field === field)!;
      return { ok: true, changed: true, output: `${field}: ${r.enabled ? 'on' : 'off'}${r.required ? ', required' : ''}, ${r.min}-${r.max} characters, on every process within a second.` };
    }
    return { ok: false, output: '' };
  },
};
