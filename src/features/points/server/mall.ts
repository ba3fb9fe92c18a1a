/**
 * The points mall (issue 32; spec 2.16): the brand's items, redeeming one, converting points to
 * money, the redeem history, and the operator's updates of a redemption.
 *
 * A redemption is one transaction after its idempotency claim (kernel/idempotency.ts: a retried
 * key answers the first redemption): the item's stock row is locked and counted up only while
 * below its stock (so 100 redemptions at once of the last 10 sell 10), the member's points are
 * spent (their account's row lock serialises one member's redemptions; too few are refused by the
 * ledger), the member's limit is counted after that lock, and a bonus item pays its money (the
 * wallet's bonus, with its wagering) in the same transaction. A refused redemption (goods the
 * operator cannot send) gives its points and its stock back. Converting spends points and pays
 * money in one transaction too, as two ledger transfers (points and money never share one).
 * Both sit behind the payment password (spec 7's passwordCheck), or the login password for a member
 * who has none.
 */
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { dayIn, dayStart, addDays } from '../../../kernel/days.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { once } from '../../../kernel/idempotency.ts';
import { LOCALES, type Locale } from '../../../kernel/locales.ts';
import { findById, member } from '../../accounts/index.ts';
import { game } from '../../games/index.ts';
import { grantFreeSpins } from '../../play/index.ts';
import { refuseIfBlocked } from '../../protection/index.ts';
import { checkPaymentPassword, convertPoints as convertInLedger, grantBonus, isShortOfMoney, money, pointsBalance, spendPoints } from '../../wallet/index.ts';
import { REDEMPTION_STATUSES, type MallItemView, type RedemptionView } from '../contract.ts';
import { pointsRules, type MallItem } from './settings.ts';
import { mallRedemption, mallStock } from './tables.ts';

const DAY = 86_400_000;
/** Free spins from the mall may be played this long after the redemption. */
const SPINS_DAYS = 7;

/** Gives raffle tickets (the promotions' raffle, a later feature: src/app/features.ts provides it). */
export interface RaffleTickets {
  grant: (tx: Tx, g: { promotionId: number; memberId: number; tickets: number; reference: string; now?: number }) => Promise<void>;
  title: (promotionId: number, locale: Locale) => string | null;
}
let raffleTickets: RaffleTickets | null = null;
export function provideRaffleTickets(r: RaffleTickets): void {
  raffleTickets = r;
}

const titleIn = (titles: Record<string, string>, locale: Locale) => titles[locale] ?? titles.en ?? '';
/** The slots of free-spin items, by name, in one query. */
async function slotNames(db: Db, items: readonly MallItem[]): Promise<Map<number, { nodeId: number; gameName: string; vassalage: string }>> {
  const ids = [...new Set(items.flatMap((i) => (i.nodeId !== undefined ? [i.nodeId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ nodeId: game.nodeId, gameName: game.gameName, vassalage: game.vassalage }).from(game).where(inArray(game.nodeId, ids));
  return new Map(rows.map((r) => [r.nodeId, r]));
}

const turnoverOf = (i: MallItem) => (i.amount !== undefined && i.wagering ? (i.amount * BigInt(Math.round(i.wagering.multiple * 100))) / 100n : 0n);

/** Is the item open on the brand day of `now`? */
function isOpen(i: MallItem, now: number): boolean {
  const day = dayIn(now, brand().timeZone);
  return !(i.start && day < i.start) && !(i.end && day > i.end);
}

/** The items open now, with their stock left and, for a member, how many they have. */
export async function listItems(db: Db, memberId: number | null, locale: Locale, now = clock.now()): Promise<{ items: MallItemView[]; symbol: string }> {
  const rules = pointsRules();
  const items = (rules?.items ?? []).filter((i) => isOpen(i, now));
  const sold = new Map((await db.select().from(mallStock)).map((r) => [r.itemId, r.sold]));
  const slots = await slotNames(db, items);
  const mine = new Map<number, number>();
  if (memberId !== null) {
    const rows = await db
      .select({ itemId: mallRedemption.itemId, n: count() })
      .from(mallRedemption)
      .where(and(eq(mallRedemption.memberId, memberId), ne(mallRedemption.status, 'refused')))
      .groupBy(mallRedemption.itemId);
    for (const r of rows) mine.set(r.itemId, Number(r.n));
  }
  return {
    symbol: brand().currencySymbol,
    items: items.map((i) => ({
      id: i.id,
      title: titleIn(i.titles, locale),
      kind: i.kind,
      points: i.points,
      amount: i.amount !== undefined ? money(i.amount) : null,
      turnover: i.amount !== undefined ? money(turnoverOf(i)) : null,
      quantity: i.spins ?? i.tickets ?? null,
      on: i.nodeId !== undefined ? (slots.get(i.nodeId)?.gameName ?? null) : i.promotionId !== undefined ? (raffleTickets?.title(i.promotionId, locale) ?? null) : null,
      game: i.nodeId !== undefined && slots.has(i.nodeId) ? { nodeId: i.nodeId, vassalage: slots.get(i.nodeId)!.vassalage } : null,
      left: i.stock === undefined ? null : Math.max(0, i.stock - (sold.get(i.id) ?? 0)),
      perMember: i.perMember ?? null,
      mine: mine.get(i.id) ?? 0,
      image: i.image ?? null,
      start: i.start ?? null,
      end: i.end ?? null,
    })),
  };
}

type Row = typeof mallRedemption.$inferSelect;

function view(r: Row, locale: Locale): RedemptionView {
  return {
    id: r.id,
    itemId: r.itemId,
    title: titleIn(r.titles, locale),
    kind: r.kind as RedemptionView['kind'],
    points: Number(r.points),
    amount: r.amount !== null ? money(r.amount) : null,
    quantity: r.quantity,
    status: r.status as RedemptionView['status'],
    note: r.note,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  };
}

/** The member's redemptions, newest first. */
export async function listRedemptions(db: Db, memberId: number, locale: Locale, pageNo: number, pageSize: number) {
  const rows = await db
    .select()
    .from(mallRedemption)
    .where(eq(mallRedemption.memberId, memberId))
    .orderBy(desc(mallRedemption.createdAt), desc(mallRedemption.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(mallRedemption).where(eq(mallRedemption.memberId, memberId));
  const totalCount = Number(total?.n ?? 0);
  return { content: rows.map((r) => view(r, locale)), pageNum: pageNo, totalPages: Math.max(1, Math.ceil(totalCount / pageSize)), totalCount };
}

/**
 * The member, checked for the mall's money doors (spec 7's passwordCheck): not blocked, and the
 * payment password given, or the login password for a member who has no payment password (the
 * brand asks one at registration or not; there is always a password to confirm with). Wrong tries
 * are counted and limited as the wallet's payment password's are.
 */
async function passwordChecked(db: Db, memberId: number, given: string | undefined) {
  await refuseIfBlocked(db, memberId);
  const m = await findById(db, memberId);
  if (!m) throw new ApiError(404, 'points.unknownMember');
  await checkPaymentPassword(db, { id: m.id, paymentPasswordHash: m.paymentPasswordHash ?? m.passwordHash }, given);
  return m;
}

export interface RedeemInput {
  itemId: number;
  paymentPassword?: string;
  idempotencyKey: string;
  address?: { name: string; phone: string; address: string };
}

/** Spends points inside `tx`, answering the refusal in the mall's words when there are too few. */
async function spend(tx: Tx, req: Parameters<typeof spendPoints>[1]) {
  try {
    return await spendPoints(tx, req);
  } catch (err) {
    if (isShortOfMoney(err) || (err instanceof ApiError && err.errorCode === 'wallet.balance.insufficient')) throw new ApiError(409, 'points.notEnough');
    throw err;
  }
}

/** Redeems a mall item (see the top of this file); answers the redemption and the points left. */
export async function redeem(db: Db, memberId: number, input: RedeemInput, locale: Locale): Promise<{ redemption: RedemptionView; points: number }> {
  const rules = pointsRules();
  const item = rules?.items.find((i) => i.id === input.itemId);
  if (!item) throw new ApiError(404, 'points.item.unknown');
  if (!isOpen(item, clock.now())) throw new ApiError(409, 'points.item.closed');
  if (item.kind === 'goods' && !input.address) throw new ApiError(400, 'points.address.required');
  await passwordChecked(db, memberId, input.paymentPassword);
  const op = { name: 'points-redeem', memberId, key: input.idempotencyKey, request: { itemId: item.id, address: item.kind === 'goods' ? input.address : null } };
  const { value } = await once(db, op, async (tx) => {
    await tx.insert(mallStock).values({ itemId: item.id }).onConflictDoNothing();
    const counted = await tx
      .update(mallStock)
      .set({ sold: sql`${mallStock.sold} + 1` })
      .where(and(eq(mallStock.itemId, item.id), item.stock === undefined ? undefined : sql`${mallStock.sold} < ${item.stock}`))
      .returning({ sold: mallStock.sold });
    if (counted.length === 0) throw new ApiError(409, 'points.item.soldOut');
    const [row] = await tx
      .insert(mallRedemption)
      .values({
        memberId,
        itemId: item.id,
        titles: Object.fromEntries(LOCALES.map((l) => [l.code, titleIn(item.titles, l.code)])),
        kind: item.kind,
        points: BigInt(item.points),
        amount: item.amount ?? null,
        quantity: item.spins ?? item.tickets ?? null,
        status: item.kind === 'goods' ? 'pending' : 'done',
        address: item.kind === 'goods' ? input.address! : null,
      })
      .returning();
    // The member's points account is locked from here to the commit: their limit is counted after it.
    await spend(tx, { memberId, points: BigInt(item.points), kind: 'points_redeem', reference: `mall:${row!.id}`, memo: 'redeem' });
    if (item.perMember !== undefined) {
      const [n] = await tx
        .select({ n: count() })
        .from(mallRedemption)
        .where(and(eq(mallRedemption.memberId, memberId), eq(mallRedemption.itemId, item.id), ne(mallRedemption.status, 'refused')));
      if (Number(n?.n ?? 0) > item.perMember) throw new ApiError(409, 'points.item.limit', { count: item.perMember });
    }
    let done = row!;
    if (item.kind === 'bonus') {
      const turnover = turnoverOf(item);
      const granted = await grantBonus(tx, {
        memberId,
        reference: `mall:${row!.id}`,
        source: 'points-mall',
        titles: row!.titles,
        amount: item.amount!,
        turnoverRequired: turnover,
        validMs: (item.wagering?.days ?? 1) * DAY,
      });
      [done] = await tx.update(mallRedemption).set({ bonusId: granted.bonusId }).where(eq(mallRedemption.id, row!.id)).returning();
    } else if (item.kind === 'freeSpins') {
      await grantFreeSpins(tx, {
        memberId,
        nodeId: item.nodeId!,
        reference: `mall:${row!.id}`,
        source: 'points-mall',
        titles: row!.titles,
        spins: item.spins!,
        bet: item.bet!,
        wageringMultiple: item.wagering?.multiple ?? 0,
        wageringDays: item.wagering?.days ?? 7,
        expiresAt: new Date(clock.now() + SPINS_DAYS * DAY),
      });
    } else if (item.kind === 'raffleTickets') {
      // A raffle that is not running refuses the tickets: the item cannot be redeemed now.
      if (!raffleTickets) throw new ApiError(409, 'points.item.closed');
      try {
        await raffleTickets.grant(tx, { promotionId: item.promotionId!, memberId, tickets: item.tickets!, reference: `mall:${row!.id}` });
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) throw new ApiError(409, 'points.item.closed');
        throw err;
      }
    }
    return { redemption: view(done!, locale), points: Number(await pointsBalance(tx, memberId)) };
  });
  return value;
}

/** Converts points to money (see the top of this file). */
export async function convert(db: Db, memberId: number, input: { points: number; paymentPassword?: string; idempotencyKey: string }): Promise<{ points: number; money: string; balance: string }> {
  const rule = pointsRules()?.convert;
  if (!rule) throw new ApiError(409, 'points.convert.off');
  if (input.points < rule.minPoints) throw new ApiError(400, 'points.convert.minimum', { points: rule.minPoints });
  if (input.points % rule.points !== 0) throw new ApiError(400, 'points.convert.step', { points: rule.points });
  await passwordChecked(db, memberId, input.paymentPassword);
  const cash = (BigInt(input.points) / BigInt(rule.points)) * rule.money;
  const op = { name: 'points-convert', memberId, key: input.idempotencyKey, request: { points: input.points } };
  const { value } = await once(db, op, async (tx) => {
    try {
      const after = await convertInLedger(tx, { memberId, points: BigInt(input.points), money: cash, reference: `convert:${input.idempotencyKey}` });
      return { points: Number(after.points), money: money(cash), balance: money(after.main) };
    } catch (err) {
      if (err instanceof ApiError && err.errorCode === 'wallet.balance.insufficient') throw new ApiError(409, 'points.notEnough');
      throw err;
    }
  });
  return value;
}

/**
 * The operator moves a redemption on (ops `points:redemption`): pending -> shipped -> done, or
 * refused from pending or shipped (goods only: a bonus was paid at once), which gives the points
 * and the stock back. Under the redemption's row lock, once.
 */
export async function setRedemptionStatus(db: Db, id: number, status: 'shipped' | 'done' | 'refused', note: string | null): Promise<Row> {
  return db.transaction(async (tx) => {
    const [r] = await tx.select().from(mallRedemption).where(eq(mallRedemption.id, id)).for('update');
    if (!r) throw new ApiError(404, 'points.redemption.unknown');
    const allowed: Record<string, string[]> = { pending: ['shipped', 'done', 'refused'], shipped: ['done', 'refused'] };
    if (r.kind !== 'goods' || !(allowed[r.status] ?? []).includes(status)) throw new ApiError(409, 'points.redemption.status', { from: r.status, to: status });
    if (status === 'refused') {
      // The item's stock row before the points (the order a redemption takes its locks in: no deadlock).
      await tx
        .update(mallStock)
        .set({ sold: sql`${mallStock.sold} - 1` })
        .where(eq(mallStock.itemId, r.itemId));
      await spendPoints(tx, { memberId: r.memberId, points: r.points, kind: 'points_refund', reference: `mall:${r.id}`, memo: 'refund' });
    }
    const [row] = await tx
      .update(mallRedemption)
      .set({ status, note, updatedAt: new Date(clock.now()) })
      .where(eq(mallRedemption.id, id))
      .returning();
    return row!;
  });
}

/**
 * Every member's redemptions for the operator (the console's mall screen): by status and member,
 * goods waiting first when no status is asked (pending, then shipped, oldest first), then the
 * rest newest first; with the member's name and the delivery address.
 */
export async function listAllRedemptions(db: Db, q: { status?: (typeof REDEMPTION_STATUSES)[number]; memberId?: number; page: number; pageSize: number }, locale: Locale) {
  const where = and(q.status ? eq(mallRedemption.status, q.status) : undefined, q.memberId !== undefined ? eq(mallRedemption.memberId, q.memberId) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: mallRedemption, username: member.username })
      .from(mallRedemption)
      .innerJoin(member, eq(member.id, mallRedemption.memberId))
      .where(where)
      .orderBy(
        sql`case ${mallRedemption.status} when 'pending' then 0 when 'shipped' then 1 else 2 end`,
        sql`case when ${mallRedemption.status} in ('pending', 'shipped') then extract(epoch from ${mallRedemption.createdAt}) else -extract(epoch from ${mallRedemption.createdAt}) end`,
        desc(mallRedemption.id),
      )
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(mallRedemption).where(where),
  ]);
  return {
    items: rows.map(({ r, username }) => ({ ...view(r, locale), memberId: r.memberId, username, address: r.address })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Days of a points details range: [from, to] brand days, the last 7 by default, at most 90. */
export function detailsRange(q: { from?: string; to?: string }, now = clock.now()): { start: Date; end: Date } {
  const tz = brand().timeZone;
  const to = q.to ?? dayIn(now, tz);
  const from = q.from ?? addDays(to, -6);
  if (from > to) throw new ApiError(400, 'points.range.invalid');
  return { start: new Date(dayStart(from, tz)), end: new Date(Math.min(dayStart(addDays(to, 1), tz), dayStart(addDays(from, 90), tz))) };
}

/** Rows of the mall's stock, for tests and the operator. */
export const stockOf = async (db: Db, itemId: number) => rowsOf(await db.execute(sql`select sold from mall_stock where item_id = ${itemId}`))[0]?.sold ?? 0;
