/**
 * The agent feature's part of the brand file (`agent`, src/kernel/brand/sections.ts; the first
 * releases' `agentContracts` and `agentTeam` are still read):
 * - `contracts` (issue 14; spec 2.15): which kinds the brand offers (the back office's dividend,
 *   daily wages, hourly and real-time salary pages follow), and how long an offer waits for its
 *   answer;
 * - `team`: whose registration and last-login addresses an upline sees in its team list.
 *   'direct' (default): its direct members' in full, those deeper in its team masked
 *   (203.0.113.*, 2001:db8:85a3:*); 'masked': every member's masked; 'hidden': none.
 */
import { z } from 'zod';
import { brandSection } from '../../../kernel/brand/sections.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Brand } from '../../../kernel/brand/types.ts';

const contracts = z
  .object({
    daily: z.boolean().default(true),
    hourly: z.boolean().default(true),
    realtime: z.boolean().default(true),
    dividend: z.boolean().default(true),
    offerExpiryHours: z.number().int().min(1).max(720).default(72),
  })
  .strict();

const team = z.object({ memberAddresses: z.enum(['direct', 'masked', 'hidden']).default('direct') }).strict();

const part = brandSection('agent', z.object({ contracts: contracts.optional(), team: team.optional() }).strict().optional());
/** The keys of the first releases (`agentContracts`, `agentTeam` at the file's top), still read so that a brand file written then keeps its settings. */
const oldContracts = brandSection('agentContracts', contracts.optional());
const oldTeam = brandSection('agentTeam', team.optional());

export type AgentSettings = { contracts: z.output<typeof contracts>; team: z.output<typeof team> };

const settled = new WeakMap<object, AgentSettings>();

/** The agent settings of `b`: `agent.contracts` and `agent.team`, else the old keys, else the defaults. */
function settingsOf(b: Brand): AgentSettings {
  let s = settled.get(b.sections);
  if (!s) {
    const p = part.of(b);
    s = { contracts: p?.contracts ?? oldContracts.of(b) ?? contracts.parse({}), team: p?.team ?? oldTeam.of(b) ?? team.parse({}) };
    settled.set(b.sections, s);
  }
  return s;
}

/** The current brand's agent settings (`agentSettings().contracts.daily`); `of(b)` for another brand. */
export const agentSettings = Object.assign(() => settingsOf(brand()), { of: settingsOf });

/** Every key of the file the agent feature reads, for the app's check (src/app/brand.ts). */
export const agentBrandSections = [part, oldContracts, oldTeam];
