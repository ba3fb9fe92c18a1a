/**
 * The brand's player-protection settings (issue 28), its own part of the brand file
 * (`protection`): which tools are offered, the minimum age, an imposed reality-check interval, the
 * cooling-off period before a raised limit or a return from exclusion (24 hours at least), the
 * help links of the player's country, and how long the significant-event log is kept.
 */
import { z } from 'zod';
import { brandSection } from '../../../kernel/brand/sections.ts';

const link = z.object({ name: z.string().min(1), url: z.url() }).strict();

export const protectionSettings = brandSection(
  'protection',
  z
    .object({
      tools: z
        .object({
          limits: z.boolean().default(true),
          timeout: z.boolean().default(true),
          exclusion: z.boolean().default(true),
          realityCheck: z.boolean().default(true),
          closure: z.boolean().default(true),
        })
        .strict()
        .default({ limits: true, timeout: true, exclusion: true, realityCheck: true, closure: true }),
      /** 18 or 21 (spec 5 and 8). */
      minimumAge: z.union([z.literal(18), z.literal(21)]).default(18),
      /** An interval the brand imposes (minutes); the player may choose a shorter one, not none. */
      realityCheckMinutes: z
        .union([z.literal(15), z.literal(30), z.literal(60)])
        .nullable()
        .default(null),
      /** Hours before a raise, a removal or a return takes effect; never below 24. */
      coolingOffHours: z
        .number()
        .int()
        .min(24)
        .max(24 * 30)
        .default(24),
      /** The session clock in the header. */
      sessionClock: z.boolean().default(true),
      /** Help organisations by country code (ISO 3166 alpha-2), with 'default' for the rest. */
      helpLinks: z.record(z.string(), z.array(link)).default({}),
      /** Days the significant-event log is kept (five years by default). */
      eventRetentionDays: z.number().int().min(365).default(1826),
      /** A win at least this large (major units) is a significant event. */
      largeWin: z.number().positive().default(1000),
    })
    .strict()
    .default({
      tools: { limits: true, timeout: true, exclusion: true, realityCheck: true, closure: true },
      minimumAge: 18,
      realityCheckMinutes: null,
      coolingOffHours: 24,
      sessionClock: true,
      helpLinks: {},
      eventRetentionDays: 1826,
      largeWin: 1000,
    }),
);
