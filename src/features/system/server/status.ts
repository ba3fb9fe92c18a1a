/**
 * System status of spec 2.3 and 4: 1 when maintenance is on, else 2 when the caller's address
 * is in a blocked region, else 0. The state is read from the database at most once a second per
 * process, so an operator's switch takes effect everywhere without a restart.
 */
import { BlockList, isIP } from 'node:net';
import { db as getDb } from '../../../kernel/db/index.ts';
import { readSetting, writeSetting } from '../../../kernel/db/settings.ts';
import type { Db } from '../../../kernel/db/index.ts';

export interface Maintenance {
  on: boolean;
  /** ms since the epoch, or null when no end is announced. */
  end: number | null;
  notice: string | null;
}

export interface RegionBlock {
  cidrs: string[];
}

export interface SystemState {
  maintenance: Maintenance;
  regions: RegionBlock;
  blockList: BlockList;
}

export const MAINTENANCE_KEY = 'system.maintenance';
export const REGIONS_KEY = 'system.regionBlock';
const TTL_MS = 1000;

let cache: { at: number; state: Promise<SystemState> } | null = null;

/** The current state, from a per-process cache of at most one second. */
export function systemState(): Promise<SystemState> {
  const now = Date.now();
  if (!cache || now - cache.at > TTL_MS) {
    const state = loadState();
    cache = { at: now, state };
    state.catch(() => (cache = null));
  }
  return cache.state;
}

/** Forgets the cached state (after this process changed it). */
export function invalidateSystemState(): void {
  cache = null;
}

async function loadState(): Promise<SystemState> {
  const db = await getDb();
  const maintenance = await readSetting<Maintenance>(db, MAINTENANCE_KEY, { on: false, end: null, notice: null });
  const regions = await readSetting<RegionBlock>(db, REGIONS_KEY, { cidrs: [] });
  return { maintenance, regions, blockList: buildBlockList(regions.cidrs) };
}

/** Parses 'a.b.c.d/n' or 'x::/n' (or a bare address) into a subnet; throws on nonsense. */
export function parseCidr(cidr: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [address, prefixText] = cidr.trim().split('/');
  const version = isIP(address ?? '');
  if (!address || version === 0) throw new Error(`Not an IP address or CIDR: ${cidr}`);
  const maxPrefix = version === 4 ? 32 : 128;
  // Digits only: '/' alone, '/0x10' or '/1e1' would read as another prefix (an empty one as /0, every address).
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) throw new Error(`Bad prefix length in ${cidr}`);
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix) throw new Error(`Bad prefix length in ${cidr}`);
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

export function buildBlockList(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const c of cidrs) {
    const { address, prefix, family } = parseCidr(c);
    list.addSubnet(address, prefix, family);
  }
  return list;
}

/** Strips the IPv4-mapped IPv6 form (::ffff:1.2.3.4) so IPv4 rules apply. */
export function normaliseIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1]! : ip;
}

/** Is `ip` inside one of the blocked subnets? */
export function isBlocked(state: SystemState, ip: string): boolean {
  const addr = normaliseIp(ip);
  const v = isIP(addr);
  if (v === 0) return false;
  return state.blockList.check(addr, v === 4 ? 'ipv4' : 'ipv6');
}

/** The spec's status code for a caller. */
export function statusFor(state: SystemState, ip: string): 0 | 1 | 2 {
  if (state.maintenance.on) return 1;
  if (isBlocked(state, ip)) return 2;
  return 0;
}

/** Switches maintenance; `end` and `notice` are kept only while it is on. */
export async function setMaintenance(db: Db, m: Maintenance): Promise<void> {
  await writeSetting(db, MAINTENANCE_KEY, m.on ? m : { on: false, end: null, notice: null });
  invalidateSystemState();
}

/** Replaces the list of blocked subnets (each validated first). */
export async function setRegionBlock(db: Db, cidrs: string[]): Promise<void> {
  buildBlockList(cidrs);
  await writeSetting(db, REGIONS_KEY, { cidrs: cidrs.map((c) => c.trim()) });
  invalidateSystemState();
}
