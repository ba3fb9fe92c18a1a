/**
 * Player protection's calls (issue 28): the member's limits, time-out, self-exclusion, reality
 * check and account closure. Our own paths (the spec and the wire notes name none), in the
 * envelope, each needing a real member's session. Money goes as decimal text in major units, a
 * session limit in minutes; times as ms since the epoch, read off the database's clock.
 */
import { z } from 'zod';
import { defineCall } from '../../kernel/contract.ts';

export const limitKind = z.enum(['deposit', 'loss', 'wager', 'session']);
export const limitPeriod = z.enum(['day', 'week', 'month']);

const limitView = z.object({
  kind: limitKind,
  period: limitPeriod,
  /** Decimal text (minutes for session); null: none in force. */
  amount: z.string().nullable(),
  used: z.string(),
  resetsAt: z.number(),
  pending: z.object({ amount: z.string().nullable(), at: z.number(), confirmable: z.boolean() }).nullable(),
});
export type LimitViewWire = z.infer<typeof limitView>;

const blockView = z.object({
  kind: z.enum(['timeout', 'self', 'operator', 'closed']),
  from: z.number(),
  until: z.number().nullable(),
  lapsed: z.boolean(),
  reopenAt: z.number().nullable(),
});

export const protectionView = z.object({
  now: z.number(),
  limits: z.array(limitView),
  block: blockView.nullable(),
  /** The interval in force (minutes, 0 off), the player's own choice, and the brand's imposed one (null: none). */
  realityMinutes: z.number().int(),
  ownRealityMinutes: z.number().int(),
  imposedRealityMinutes: z.number().int().nullable(),
  sessionMinutesToday: z.number().int(),
  coolingOffHours: z.number().int(),
  tools: z.object({ limits: z.boolean(), timeout: z.boolean(), exclusion: z.boolean(), realityCheck: z.boolean(), closure: z.boolean() }),
  helpLinks: z.array(z.object({ name: z.string(), url: z.string() })),
  currencySymbol: z.string(),
});
export type ProtectionView = z.infer<typeof protectionView>;

export const protectionStatus = defineCall({
  name: 'protectionStatus',
  method: 'GET',
  path: '/wps/member/protection',
  token: true,
  value: protectionView,
});

const limitKey = { kind: limitKind, period: limitPeriod };

/** Sets, lowers, raises or removes (amount '' or null) one limit; a raise or removal waits (`state` pending, `at`). */
export const protectionSetLimit = defineCall({
  name: 'protectionSetLimit',
  method: 'POST',
  path: '/wps/member/protection/limits',
  token: true,
  body: z.object({ ...limitKey, amount: z.string().max(24).nullable().default(null) }),
  value: z.object({ state: z.enum(['set', 'lowered', 'pending', 'unchanged']), at: z.number().nullable(), status: protectionView }),
});

/** Applies a pending raise or removal once its cooling-off has passed. */
export const protectionConfirmLimit = defineCall({
  name: 'protectionConfirmLimit',
  method: 'POST',
  path: '/wps/member/protection/limits/confirm',
  token: true,
  body: z.object(limitKey),
  value: protectionView,
});

/** Drops a pending raise or removal. */
export const protectionCancelLimit = defineCall({
  name: 'protectionCancelLimit',
  method: 'POST',
  path: '/wps/member/protection/limits/cancel',
  token: true,
  body: z.object(limitKey),
  value: protectionView,
});

/** A time-out: ends the session at once; the next login is refused until it ends. */
export const protectionTimeout = defineCall({
  name: 'protectionTimeout',
  method: 'POST',
  path: '/wps/member/protection/timeout',
  token: true,
  body: z.object({ length: z.enum(['24h', '7d', '30d', '6w']) }),
  value: z.object({ until: z.number() }),
});

/** Self-exclusion: ends the session at once; `permanent` never ends. */
export const protectionExclude = defineCall({
  name: 'protectionExclude',
  method: 'POST',
  path: '/wps/member/protection/exclude',
  token: true,
  body: z.object({ length: z.enum(['6m', '1y', '3y', '5y', 'permanent']) }),
  value: z.object({ until: z.number().nullable() }),
});

/** The reality-check interval (minutes; 0 off where the brand imposes none). */
export const protectionReality = defineCall({
  name: 'protectionReality',
  method: 'POST',
  path: '/wps/member/protection/reality',
  token: true,
  body: z.object({ minutes: z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(60)]) }),
  value: protectionView,
});

/** Closes the account (bets, deposits and games refused; the balance stays withdrawable). */
export const protectionClose = defineCall({
  name: 'protectionClose',
  method: 'POST',
  path: '/wps/member/protection/close',
  token: true,
  value: protectionView,
});

/** Asks to reopen a closed account: it reopens after the cooling-off. */
export const protectionReopen = defineCall({
  name: 'protectionReopen',
  method: 'POST',
  path: '/wps/member/protection/reopen',
  token: true,
  value: protectionView,
});

export const protectionCalls = [
  protectionStatus,
  protectionSetLimit,
  protectionConfirmLimit,
  protectionCancelLimit,
  protectionTimeout,
  protectionExclude,
  protectionReality,
  protectionClose,
  protectionReopen,
];
