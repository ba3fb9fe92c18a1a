/**
 * The brand's console settings (issue 29), its own part of the brand file (`console`): how long a
 * staff session lives idle, the addresses the console answers (none listed: any), and the amounts
 * above which a withdrawal or an adjustment needs a second staff member's key.
 */
import { z } from 'zod';
import { brandSection } from '../../../kernel/brand/sections.ts';

export const consoleSettings = brandSection(
  'console',
  z
    .object({
      /** Minutes a staff session lives without use (players' sessions live longer). */
      idleMinutes: z.number().int().min(5).max(120).default(15),
      /** Addresses or CIDR ranges the console answers; empty: any. */
      allowedIps: z.array(z.string().min(1)).default([]),
      /** A withdrawal above this amount (major units) needs two keys; null: never. */
      twoKeysWithdrawalAbove: z.number().nonnegative().nullable().default(1000),
      /** An adjustment larger than this (major units, either way) needs two keys; null: never. */
      twoKeysAdjustmentAbove: z.number().nonnegative().nullable().default(500),
    })
    .strict()
    .default({ idleMinutes: 15, allowedIps: [], twoKeysWithdrawalAbove: 1000, twoKeysAdjustmentAbove: 500 }),
);
