/** The points feature's handlers (contract: src/features/points/contract.ts). */
import { callerSession, requireRealAccount, sessionOf } from '../../accounts/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { money, pointsBalance as balanceOf, pointsByType, pointsMovements } from '../../wallet/index.ts';
import { convertPoints, mallItems, pointsBalance, pointsConfig, pointsDetails, redeemItem, redemptions, type PointTypeName } from '../contract.ts';
import { convert, detailsRange, listItems, listRedemptions, redeem } from './mall.ts';
import { BET_POINT_TYPES, POINT_TYPES, pointsRules } from './settings.ts';

/** The type of a points movement: the earning's type (its transfer's memo), or what spent it. */
const typeOf = (memo: string | null): PointTypeName => (memo && (POINT_TYPES as readonly string[]).includes(memo) ? (memo as PointTypeName) : 'redeem');

export const pointsRoutes = [
  route(pointsBalance, async (_input, ctx) => {
    const s = sessionOf(ctx);
    if (s.isTrial) return { points: 0, byType: [] };
    const database = await db();
    return {
      points: Number(await balanceOf(database, s.memberId)),
      byType: (await pointsByType(database, s.memberId)).map((t) => ({ type: typeOf(t.type), points: Number(t.points) })),
    };
  }),
  route(pointsConfig, () => {
    const rules = pointsRules();
    const earn = rules
      ? [
          ...BET_POINT_TYPES.flatMap((type) => (rules.earn[type] ? [{ type, per: money(rules.earn[type]!.per), points: rules.earn[type]!.points }] : [])),
          ...(rules.deposit ? [{ type: 'deposit' as const, per: money(rules.deposit.per), points: rules.deposit.points }] : []),
        ]
      : [];
    return {
      enabled: !!rules,
      earn,
      convert: rules?.convert ? { points: rules.convert.points, money: money(rules.convert.money), minPoints: rules.convert.minPoints } : null,
      symbol: brand().currencySymbol,
    };
  }),
  route(mallItems, async (_input, ctx) => {
    const s = await callerSession(ctx);
    return listItems(await db(), s && !s.isTrial ? s.memberId : null, ctx.locale);
  }),
  route(redemptions, async ({ query }, ctx) => {
    const s = sessionOf(ctx);
    if (s.isTrial) return { content: [], pageNum: 1, totalPages: 1, totalCount: 0 };
    return listRedemptions(await db(), s.memberId, ctx.locale, query.pageNo ?? 1, query.pageSize ?? 20);
  }),
  route(pointsDetails, async ({ query }, ctx) => {
    const s = sessionOf(ctx);
    const size = query.pageSize ?? 20;
    const pageNo = query.pageNo ?? 1;
    if (s.isTrial) return { content: [], pageNum: 1, totalPages: 1, totalCount: 0 };
    const { rows, total } = await pointsMovements(await db(), s.memberId, detailsRange(query), size, (pageNo - 1) * size);
    return {
      content: rows.map((r) => ({
        id: r.id,
        type: typeOf(r.kind === 'points_earn' ? r.memo : r.kind.replace('points_', '')),
        points: Number(r.amount),
        balanceAfter: Number(r.balanceAfter),
        time: r.time.getTime(),
      })),
      pageNum: pageNo,
      totalPages: Math.max(1, Math.ceil(total / size)),
      totalCount: total,
    };
  }),
  route(redeemItem, async ({ body }, ctx) => redeem(await db(), requireRealAccount(ctx).memberId, body, ctx.locale)),
  route(convertPoints, async ({ body }, ctx) => convert(await db(), requireRealAccount(ctx).memberId, body)),
];
