/** Operator commands of the system feature: maintenance and region blocks (spec 2.3 status 1 and 2). */
import type { OpsCommand } from '../../../kernel/feature.ts';
import { readSetting } from '../../../kernel/db/settings.ts';
import { MAINTENANCE_KEY, REGIONS_KEY, setMaintenance, setRegionBlock, type Maintenance, type RegionBlock } from './status.ts';

export const maintenanceCommand: OpsCommand = {
  name: 'maintenance',
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
