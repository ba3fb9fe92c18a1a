/**
 * The agent feature's part of the brand file (`agent`, src/kernel/brand/sections.ts):
 * - `contracts` (issue 14; spec 2.15): which kinds the brand offers (the back office's dividend,
 *   daily wages, hourly and real-time salary pages follow), and how long an offer waits for its
 *   answer;
 * - `team`: whose registration and last-login addresses an upline sees in its team list.
 *   'direct' (default): its direct members' in full, those deeper in its team masked
 *   (203.0.113.*, 2001:db8:85a3:*); 'masked': every member's masked; 'hidden': none.
 */
import { z } from 'zod';
import { brandSection } from '../../../kernel/brand/sections.ts';

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

export const agentSettings = brandSection(
  'agent',
  z
    .object({ contracts: contracts.prefault({}), team: team.prefault({}) })
    .strict()
    .prefault({}),
);
