/**
 * The brand's customer-service settings (issue 31), its own part of the brand file (`support`):
 * the feedback form's question types (their names are in the support catalogue under
 * feedback.types; a type without one shows as written), its limits within the spec's, and how
 * many a member may send in an hour; the live chat's hours, limits and canned replies.
 */
import { z } from 'zod';
import { brandSection } from '../../../kernel/brand/sections.ts';
import { FEEDBACK_MAX_CONTENT, FEEDBACK_MAX_IMAGES } from '../contract.ts';

const DEFAULT_TYPES = ['deposit', 'withdrawal', 'game', 'promotion', 'account', 'suggestion', 'other'];
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

const chat = z
  .object({
    /** The widget offers the live chat (LIVECHAT). */
    enabled: z.boolean().default(true),
    /**
     * When people answer, in the brand's time zone (ISO days 1 Monday ... 7 Sunday): 'brand' (the
     * default) the brand's `supportHours`, null always. Out of these hours a chat is still taken,
     * and told it will be answered in the member's messages.
     */
    hours: z
      .union([z.literal('brand'), z.object({ fromDay: z.number().int().min(1).max(7), toDay: z.number().int().min(1).max(7), opens: hhmm, closes: hhmm }).strict()])
      .nullable()
      .default('brand'),
    /** Conversations one staff member holds at once before new ones go to another (auto-assignment stops). */
    perAgent: z.number().int().min(1).max(50).default(5),
    /** Messages a member or visitor may send in a minute (and an address, ten times this). */
    perMinute: z.number().int().min(1).max(120).default(20),
    /** Longest message, in characters. */
    maxLength: z.number().int().min(50).max(4000).default(1000),
    /** Minutes after which a support answer the member has not read is sent on as a platform message. */
    forwardAfterMinutes: z.number().int().min(1).max(1440).default(5),
    /** Replies support inserts with a click, per language (`default` for any other). */
    canned: z.record(z.string(), z.array(z.string().min(1).max(1000)).max(50)).default({}),
  })
  .strict();

export const supportSettings = brandSection(
  'support',
  z
    .object({
      feedback: z
        .object({
          types: z
            .array(z.string().regex(/^[a-z][a-zA-Z]{1,31}$/))
            .min(1)
            .max(12)
            .default(DEFAULT_TYPES),
          maxContent: z.number().int().min(10).max(FEEDBACK_MAX_CONTENT).default(FEEDBACK_MAX_CONTENT),
          maxImages: z.number().int().min(0).max(FEEDBACK_MAX_IMAGES).default(FEEDBACK_MAX_IMAGES),
          perHour: z.number().int().min(1).max(100).default(5),
        })
        .strict()
        .prefault({}),
      chat: chat.prefault({}),
    })
    .strict()
    .prefault({}),
);

export type ChatSettings = z.infer<typeof chat>;
