/** Player protection's handlers (contract: src/features/protection/contract.ts). */
import { requireRealAccount } from '../../accounts/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { recordSignificant } from '../../../kernel/significant.ts';
import {
  protectionCancelLimit,
  protectionClose,
  protectionConfirmLimit,
  protectionExclude,
  protectionReality,
  protectionReopen,
  protectionSetLimit,
  protectionStatus,
  protectionTimeout,
  type ProtectionView,
} from '../contract.ts';
import { cancelPending, confirmLimit, limitsOf, MAX_MONEY_LIMIT, MAX_SESSION_MINUTES, setLimit, type LimitKind, type LimitPeriod } from './limits.ts';
import { protectionSettings } from './settings.ts';
import { askReopen, blockOf, closeAccount, realityMinutesOf, selfExclude, sessionMinutesToday, setRealityMinutes, takeTimeout } from './state.ts';
import { rgMember } from './tables.ts';
import { eq } from 'drizzle-orm';
import { COUNTRIES } from '../../system/index.ts';
import { findById } from '../../accounts/index.ts';

/** The member's protection page: limits with their use, the block, the reality check, today's session time. */
export async function statusOf(memberId: number): Promise<ProtectionView> {
  const d = await db();
  const m = await findById(d, memberId);
  const country = COUNTRIES.find((c) => c.dialingCode === m?.countryDialingCode)?.iso;
  const s = protectionSettings();
  const decimals = brand().currencyDecimals;
  const [{ now, limits }, block, reality, own, minutes] = await Promise.all([
    limitsOf(d, memberId),
    blockOf(d, memberId),
    realityMinutesOf(d, memberId),
    d
      .select({ m: rgMember.realityMinutes })
      .from(rgMember)
      .where(eq(rgMember.memberId, memberId))
      .then((r) => r[0]?.m ?? 0),
    sessionMinutesToday(d, memberId),
  ]);
  const text = (kind: LimitKind, v: bigint) => (kind === 'session' ? v.toString() : formatMinor(v, decimals));
  return {
    now,
    limits: limits.map((l) => ({
      kind: l.kind,
      period: l.period,
      amount: l.amount === null ? null : text(l.kind, l.amount),
      used: l.kind === 'session' ? String(minutes) : text(l.kind, l.used),
      resetsAt: l.resetsAt,
      pending: l.pending ? { amount: l.pending.amount === null ? null : text(l.kind, l.pending.amount), at: l.pending.at, confirmable: l.pending.confirmable } : null,
    })),
    block: block ? { kind: block.kind, from: block.from, until: block.until, lapsed: block.lapsed, reopenAt: block.reopenAt } : null,
    realityMinutes: reality,
    ownRealityMinutes: own,
    imposedRealityMinutes: s.realityCheckMinutes,
    sessionMinutesToday: minutes,
    coolingOffHours: s.coolingOffHours,
    tools: s.tools,
    helpLinks: s.helpLinks[country ?? ''] ?? s.helpLinks.default ?? [],
    currencySymbol: brand().currencySymbol,
  };
}

/** A limit's amount from the form: money in major units, or whole minutes for the session limit; null removes. */
function limitAmount(kind: LimitKind, text: string | null): bigint | null {
  const t = text?.trim() ?? '';
  if (!t) return null;
  if (kind === 'session') {
    if (!/^\d{1,5}$/.test(t) || Number(t) < 1 || Number(t) > MAX_SESSION_MINUTES) throw fieldError('protection.limit.minutes', { max: MAX_SESSION_MINUTES });
    return BigInt(t);
  }
  const minor = parseMinor(t, brand().currencyDecimals);
  if (minor === null) throw fieldError('protection.limit.amount', {});
  if (minor <= 0n || minor > MAX_MONEY_LIMIT) throw fieldError('protection.limit.amountRange', {});
  return minor;
}

function fieldError(code: string, params: Record<string, string | number>): ApiError {
  return new ApiError(400, code, params, { amount: code });
}

function tool(on: boolean): void {
  if (!on) throw new ApiError(403, 'protection.tool.off');
}

export const protectionRoutes = [
  route(protectionStatus, async (_i, ctx) => statusOf(requireRealAccount(ctx).memberId)),
  route(protectionSetLimit, async ({ body }, ctx) => {
    const s = requireRealAccount(ctx);
    tool(protectionSettings().tools.limits);
    const amount = limitAmount(body.kind, body.amount);
    const r = await setLimit(await db(), s.memberId, body.kind as LimitKind, body.period as LimitPeriod, amount);
    if (r.state !== 'unchanged') {
      await recordSignificant(await db(), {
        memberId: s.memberId,
        kind: r.state === 'pending' ? 'limit.raise.asked' : 'limit.set',
        actor: 'member',
        ip: ctx.ip,
        detail: { kind: body.kind, period: body.period, amount: amount?.toString() ?? null, ...(r.at ? { at: new Date(r.at).toISOString() } : {}) },
      });
    }
    return { state: r.state, at: r.at ?? null, status: await statusOf(s.memberId) };
  }),
  route(protectionConfirmLimit, async ({ body }, ctx) => {
    const s = requireRealAccount(ctx);
    const r = await confirmLimit(await db(), s.memberId, body.kind as LimitKind, body.period as LimitPeriod);
    await recordSignificant(await db(), {
      memberId: s.memberId,
      kind: 'limit.raise.applied',
      actor: 'member',
      ip: ctx.ip,
      detail: { kind: body.kind, period: body.period, amount: r.amount?.toString() ?? null },
    });
    return statusOf(s.memberId);
  }),
  route(protectionCancelLimit, async ({ body }, ctx) => {
    const s = requireRealAccount(ctx);
    await cancelPending(await db(), s.memberId, body.kind as LimitKind, body.period as LimitPeriod);
    await recordSignificant(await db(), { memberId: s.memberId, kind: 'limit.cancelled', actor: 'member', ip: ctx.ip, detail: { kind: body.kind, period: body.period } });
    return statusOf(s.memberId);
  }),
  route(protectionTimeout, async ({ body }, ctx) => {
    const s = requireRealAccount(ctx);
    tool(protectionSettings().tools.timeout);
    const b = await takeTimeout(await db(), s.memberId, body.length, ctx.ip);
    return { until: b.until! };
  }),
  route(protectionExclude, async ({ body }, ctx) => {
    const s = requireRealAccount(ctx);
    tool(protectionSettings().tools.exclusion);
    const b = await selfExclude(await db(), s.memberId, body.length, ctx.ip);
    return { until: b.until };
  }),
  route(protectionReality, async ({ body }, ctx) => {
    const s = requireRealAccount(ctx);
    tool(protectionSettings().tools.realityCheck);
    await setRealityMinutes(await db(), s.memberId, body.minutes, ctx.ip);
    return statusOf(s.memberId);
  }),
  route(protectionClose, async (_i, ctx) => {
    const s = requireRealAccount(ctx);
    tool(protectionSettings().tools.closure);
    await closeAccount(await db(), s.memberId, ctx.ip);
    return statusOf(s.memberId);
  }),
  route(protectionReopen, async (_i, ctx) => {
    const s = requireRealAccount(ctx);
    await askReopen(await db(), s.memberId, ctx.ip);
    return statusOf(s.memberId);
  }),
];
