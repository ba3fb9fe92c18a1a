/**
 * The brand's customer-service settings (issue 31), its own part of the brand file (`support`):
 * the feedback form's question types (their names are in the support catalogue under
 * feedback.types; a type without one shows as written), its limits within the spec's, and how
 * many a member may send in an hour.
 */
import { z } from 'zod';
import { brandSection } from '../../../kernel/brand/sections.ts';
import { FEEDBACK_MAX_CONTENT, FEEDBACK_MAX_IMAGES } from '../contract.ts';

const DEFAULT_TYPES = ['deposit', 'withdrawal', 'game', 'promotion', 'account', 'suggestion', 'other'];

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
        .default({ types: DEFAULT_TYPES, maxContent: FEEDBACK_MAX_CONTENT, maxImages: FEEDBACK_MAX_IMAGES, perHour: 5 }),
    })
    .strict()
    .default({ feedback: { types: DEFAULT_TYPES, maxContent: FEEDBACK_MAX_CONTENT, maxImages: FEEDBACK_MAX_IMAGES, perHour: 5 } }),
);
