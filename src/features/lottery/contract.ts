/**
 * The lottery's calls (issue 16; spec 7): /lgw answers bare JSON, without the envelope (wire
 * notes). Shared by the server and the browser.
 */
import { z } from 'zod';
import { defineCall, pageSizeParam } from '../../kernel/contract.ts';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const drawValue = z.object({
  gameCode: z.string(),
  drawNo: z.string(),
  opensAt: z.number(),
  closesAt: z.number(),
  drawAt: z.number(),
  status: z.enum(['open', 'drawn', 'cancelled']),
  /** Published from the window's opening. */
  serverSeedHash: hex64,
  /** Revealed with the numbers. */
  serverSeed: hex64.nullable(),
  numbers: z.array(z.number().int()).nullable(),
});
export type DrawValue = z.infer<typeof drawValue>;

const openedQuery = z.object({
  gameCode: z.string().min(1).max(32),
  /** How many of the latest draws (default 20; above 100 taken as 100). */
  pageSize: pageSizeParam(100, 20),
});

/** Spec 7's opened numbers: a game's latest drawn draws, newest first, each with its revealed seed. */
export const openedNumbers = defineCall({
  name: 'openedNumbers',
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  query: openedQuery,
  value: z.object({ gameCode: z.string(), list: z.array(drawValue) }),
});

/** The same, at the lotto gateway's path of spec 7. */
export const openedNumerosLotto = defineCall({
  name: 'openedNumerosLotto',
  method: 'GET',
  path: '/lotto/lgw/games/opened/numero',
  query: openedQuery,
  value: z.object({ gameCode: z.string(), list: z.array(drawValue) }),
});

/** Recomputes a drawn draw from its revealed seed (the verify page's call): the HMAC message, the numbers, whether they match. */
export const lotteryVerify = defineCall({
  name: 'lotteryVerify',
  method: 'GET',
  path: '/lgw/lottery/verify',
  query: z.object({ gameCode: z.string().min(1).max(32), drawNo: z.string().regex(/^\d{8}(\d{4})?$/) }),
  value: drawValue.extend({
    family: z.string(),
    message: z.string(),
    seedMatchesHash: z.boolean(),
    recomputed: z.array(z.number().int()),
    matches: z.boolean(),
  }),
});

export const lotteryCalls = [openedNumbers, openedNumerosLotto, lotteryVerify];
