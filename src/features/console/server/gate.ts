/**
 * The console's door (issue 29): its calls answer only from the brand's allowed addresses (none
 * listed: any), and during maintenance or a region block too, since staff must be able to end
 * them. The staff session is the console's HttpOnly cookie; a member's token is never read here.
 */
import { isIP } from 'node:net';
import type { BlockList } from 'node:net';
import { buildBlockList, normaliseIp } from '../../system/index.ts';
import { db } from '../../../kernel/db/index.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { CONSOLE_COOKIE } from '../contract.ts';
import { consoleSettings } from './settings.ts';
import { resolveStaffSession, type StaffSession } from './staff.ts';

export const CONSOLE_PREFIX = '/wps/console/';

let cached: { key: string; list: BlockList } | null = null;

/** Refuses a console call from an address the brand does not allow. */
export function consoleAddressGate(ctx: HandlerContext): void {
  const allowed = consoleSettings().allowedIps;
  if (!allowed.length) return;
  const key = allowed.join(',');
  if (cached?.key !== key) cached = { key, list: buildBlockList(allowed) };
  const ip = normaliseIp(ctx.ip);
  const v = isIP(ip);
  if (v === 0 || !cached.list.check(ip, v === 4 ? 'ipv4' : 'ipv6')) throw new ApiError(403, 'console.address.refused');
}

/** The staff session of the caller's console cookie, or null. */
export async function resolveStaff(ctx: HandlerContext, o: { slide?: boolean } = {}): Promise<StaffSession | null> {
  const token = ctx.cookies[CONSOLE_COOKIE];
  if (!token) return null;
  return resolveStaffSession(await db(), token, o);
}
