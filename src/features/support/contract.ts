/**
 * Customer service (issue 31), stage 1: the member centre's feedback form (spec 2.14 and 5:
 * `PUT /wps/feedback`, a question type, content up to 140 characters, up to three png or jpg
 * images of 5 MB each) and the member's list of their feedback with its state and answer. The
 * answer is written by support in the operator console and arrives as a platform message too.
 * Images travel as base64 in the JSON body (as the content studio's uploads do) and are judged by
 * their bytes, never by their name.
 */
import { z } from 'zod';
import { defineCall, fileAnswer, idParam } from '../../kernel/contract.ts';

/** The limits the spec states (the brand may lower the count or the length, not raise them). */
export const FEEDBACK_MAX_CONTENT = 140;
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Base64 of the largest image and a tenth more, read in full so that a picture a little too large is told so in words. */
const IMAGE_BASE64_MAX = Math.ceil((1.1 * FEEDBACK_IMAGE_MAX_BYTES * 4) / 3) + 200;

export const feedbackImageInput = z.object({ name: z.string().max(300), data: z.string().min(1).max(IMAGE_BASE64_MAX) });

export const feedbackView = z.object({
  id: z.number(),
  type: z.string(),
  content: z.string(),
  /** open (waiting for support) or answered. */
  status: z.enum(['open', 'answered']),
  createdAt: z.number(),
  answer: z.string().nullable(),
  answeredAt: z.number().nullable(),
  /** Its pictures (re-encoded as WebP, metadata dropped), fetched with feedbackImage. */
  images: z.array(z.object({ id: z.number(), width: z.number(), height: z.number() })),
});
export type FeedbackView = z.infer<typeof feedbackView>;

/** Sends a feedback (spec's `PUT /wps/feedback`). */
export const feedbackSubmit = defineCall({
  name: 'feedbackSubmit',
  method: 'PUT',
  path: '/wps/feedback',
  token: true,
  maxBodyBytes: FEEDBACK_MAX_IMAGES * IMAGE_BASE64_MAX + 16 * 1024,
  body: z.object({
    type: z.string().trim().min(1).max(32),
    content: z.string().trim().min(1).max(FEEDBACK_MAX_CONTENT),
    images: z.array(feedbackImageInput).max(FEEDBACK_MAX_IMAGES).default([]),
  }),
  value: feedbackView,
});

/** The member's feedback, newest first, with the question types the brand offers. */
export const feedbackList = defineCall({
  name: 'feedbackList',
  method: 'GET',
  path: '/wps/feedback/mine',
  token: true,
  value: z.object({ items: z.array(feedbackView), types: z.array(z.string()), maxContent: z.number(), maxImages: z.number() }),
});

/** One picture of the member's own feedback (WebP); anyone else's is not found. */
export const feedbackImage = defineCall({ name: 'feedbackImage', method: 'GET', path: '/wps/feedback/image', token: true, query: z.object({ id: idParam }), value: fileAnswer });

export const supportCalls = [feedbackSubmit, feedbackList, feedbackImage];
