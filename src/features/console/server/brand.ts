/**
 * The console's brand screen (issue 29): the white-label flags, registration rules and protocol
 * profile (owners change them), maintenance and region blocks (risk switches them), through the
 * system feature's functions that the `brand`, `maintenance` and `regions` commands use. Each
 * change reaches every process within a second and is in the audit log with before and after.
 */
import type { TFunction } from 'i18next';
import { brandRules, changeBrand, changeMaintenance, changeRegions, resetBrandRules, siteStatus } from '../../system/index.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { ConsoleBrand } from '../contract.ts';
import type { Actor } from './desk.ts';

const actorName = (a: Actor) => `staff:${a.session.username}`;

export async function brandView(db: Db): Promise<ConsoleBrand> {
  return { ...brandRules(), ...(await siteStatus(db)) };
}

export async function saveBrand(
  db: Db,
  body: { flags?: Record<string, boolean>; register?: Record<string, Partial<{ enabled: boolean; required: boolean; min: number; max: number }>>; protocol?: 'strict' | 'compatible'; reset?: boolean },
  t: TFunction,
  a: Actor,
) {
  const { before, after } = body.reset ? await resetBrandRules(db) : await changeBrand(db, { flags: body.flags, register: body.register, protocol: body.protocol }, t);
  await recordAudit(db, { actor: actorName(a), command: body.reset ? 'brand reset rules' : 'brand rules', args: body, ip: a.ip, before, after });
  return brandView(db);
}

export async function setMaintenanceFor(db: Db, body: { on: boolean; end?: number | null; notice?: string | null }, t: TFunction, a: Actor) {
  const end = body.on ? (body.end ?? null) : null;
  const { before, after } = await changeMaintenance(db, { on: body.on, end, notice: body.on ? body.notice || null : null }, t);
  await recordAudit(db, { actor: actorName(a), command: `maintenance ${body.on ? 'on' : 'off'}`, args: body, ip: a.ip, before, after });
  return brandView(db);
}

export async function setRegionsFor(db: Db, cidrs: string[], t: TFunction, a: Actor) {
  const { before, after } = await changeRegions(db, cidrs, t);
  await recordAudit(db, { actor: actorName(a), command: 'regions', args: { cidrs }, ip: a.ip, before, after });
  return brandView(db);
}
