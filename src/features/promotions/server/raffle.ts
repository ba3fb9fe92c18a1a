/**
 * Raffles (issue 15): a promotion whose reward is `raffle` (server/settings.ts). Each
 * period a member holds one ticket per `ticketPer` of valid bets in it (the wallet's daily
 * figures), at most `maxTickets`. The draw is provably fair, as the sandbox games are
 * (src/kernel/fairness.ts):
 *
 * - when the period opens, the job writes its draw with 32 random bytes as the server seed and
 *   shows their SHA-256 from then on (nobody, the operator included, can change the seed later
 *   without the hash showing it);
 * - after the period (and a grace for its last rounds), the draw numbers every member's tickets
 *   in member id order (0 .. total - 1), and picks winning tickets with the words of
 *   HMAC-SHA256(seed, `raffle:<promotion>:<period start ISO>:<sha-256 of the ticket counts>:0`),
 *   continued with `:1`, `:2`... (src/kernel/fairness.ts), by rejection sampling (no modulo bias);
 *   the counts make the draw depend on every ticket, known only once the period has closed; a
 *   ticket whose member already won is drawn again, so each member wins at most one prize, in
 *   the order of the prizes; the seed is revealed with the result;
 * - anyone can recompute the winners from the revealed seed and the published entries (ticket
 *   ranges, without names) (`drawWinners`, the verify call).
 *
 * The draw is one transaction (open -> drawn, entries, prizes, their rewards), so it happens once
 * whatever the number of processes, and again after a crash. A period the server never saw open
 * has no published hash and is not drawn. Prizes wait in the reward centre; a member claims them
 * with `MCS2_claimRafflePromotion` (or the reward centre's Claim), paid as a bonus with the
 * promotion's wagering.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import type { PromotionRule, RaffleReward } from './settings.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { createHash } from 'node:crypto';
import { makeServerSeed, roundMessage, roundWords, seedMatchesHash, uniformBelow } from '../../../kernel/fairness.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import type { Locale } from '../../../kernel/locales.ts';
import { maskName } from '../../../kernel/mask.ts';
import { periodAt, periodDays } from '../../../kernel/periods.ts';
import { dayIn } from '../../../kernel/days.ts';
import { TRIAL_TYPE, isTrialType } from '../../accounts/contract.ts';
import { member } from '../../accounts/index.ts';
import type { PromotionSummary } from '../../content/index.ts';
import { money } from '../../wallet/index.ts';
import type { RaffleStatus, RaffleVerification, RewardItem } from '../contract.ts';
import { runPromotions } from './engine.ts';
import { availableRewards, claimReward } from './rewards.ts';
import { promoReward, raffleBonus, raffleDraw, raffleEntry, rafflePrize } from './tables.ts';
import { multipleInHundredths } from './rules.ts';

const DAY = 86_400_000;
/** A period is drawn this long after it ended, so that its last rounds have settled. */
export const DRAW_GRACE_MS = 10 * 60_000;

export interface RaffleTickets {
  memberId: number;
  firstTicket: number;
  tickets: number;
}

/**
 * What a draw's words are keyed on besides the seed: the promotion, the period's first instant and
 * the SHA-256 of the tickets held (each entry's count in ticket order), so that the draw depends
 * on every ticket, fixed only when the period has closed: someone who knew the seed early could
 * not tell which ticket will win without knowing every other member's last bet.
 */
export function drawLabel(promotionId: number, periodStart: Date, entries: readonly RaffleTickets[]): string {
  const counts = [...entries].sort((a, b) => a.firstTicket - b.firstTicket).map((e) => e.tickets);
  return `raffle:${promotionId}:${periodStart.toISOString()}:${createHash('sha256').update(counts.join(',')).digest('hex')}`;
}

/** The HMAC message of the draw's first block of words (`roundWords` continues with `:1`, `:2`...). */
export const drawMessage = (label: string): string => roundMessage(label, 0, 0);

/**
 * The winners of a draw: up to `prizes` winning tickets, one per member, from the seed's words.
 * `entries` hold consecutive tickets from 0 in member order (as the draw writes them).
 * @example drawWinners(seed, 'raffle:9:2026-11-16T06:00:00.000Z', [{ memberId: 1, firstTicket: 0, tickets: 3 }], 1) // [{ rank: 1, ticket: 2, memberId: 1 }]
 */
export function drawWinners(seed: string, label: string, entries: readonly RaffleTickets[], prizes: number): { rank: number; ticket: number; memberId: number }[] {
  const sorted = [...entries].sort((a, b) => a.firstTicket - b.firstTicket);
  const total = sorted.reduce((n, e) => n + e.tickets, 0);
  if (total === 0) return [];
  const words = roundWords(seed, label, 0);
  const won = new Set<number>();
  const out: { rank: number; ticket: number; memberId: number }[] = [];
  const wanted = Math.min(prizes, sorted.length);
  while (out.length < wanted) {
    const ticket = uniformBelow(total, words);
    // The entry holding the ticket: the last whose first ticket is not above it.
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (sorted[mid]!.firstTicket <= ticket) lo = mid;
      else hi = mid - 1;
    }
    const owner = sorted[lo]!.memberId;
    if (won.has(owner)) continue;
    won.add(owner);
    out.push({ rank: out.length + 1, ticket, memberId: owner });
  }
  return out;
}

/** The brand's raffles that have words (a rule without a page is not run). */
export function raffles(): { rule: PromotionRule; reward: RaffleReward; words: PromotionSummary }[] {
  return runPromotions().flatMap(({ rule, words }) => (rule.reward.kind === 'raffle' ? [{ rule, reward: rule.reward, words }] : []));
}

function raffleById(id: number) {
  const found = raffles().find((r) => r.rule.id === id);
  if (!found) throw new ApiError(404, 'promotion.unknown');
  return found;
}

/** Within the promotion's dates (brand days of its words)? */
function running(words: PromotionSummary, ms: number): boolean {
  const day = dayIn(ms, brand().timeZone);
  return !(words.start && day < words.start) && !(words.end && day > words.end);
}

/** Writes the draw of the period holding `now` with its committed seed, once (a second writer changes nothing). */
async function openDraw(db: Db | Tx, promotionId: number, reward: RaffleReward, now: number): Promise<void> {
  const p = periodAt(reward.period, now, brand().timeZone);
  const seed = makeServerSeed();
  await db
    .insert(raffleDraw)
    .values({ promotionId, periodStart: new Date(p.start), periodEnd: new Date(p.end), seed: seed.serverSeed, seedHash: seed.serverSeedHash, status: 'open' })
    .onConflictDoNothing();
}

/** Draws one closed period, inside `tx`, if it is still open: entries, winners, prizes in the reward centre. Answers the prizes written. */
async function draw(tx: Tx, promotionId: number, reward: RaffleReward, rule: PromotionRule, words: PromotionSummary, periodStart: Date, now: number): Promise<number> {
  const [d] = await tx
    .update(raffleDraw)
    .set({ status: 'drawn', drawnAt: new Date(now) })
    .where(and(eq(raffleDraw.promotionId, promotionId), eq(raffleDraw.periodStart, periodStart), eq(raffleDraw.status, 'open')))
    .returning();
  if (!d) return 0; // drawn by another process
  const days = periodDays({ code: reward.period, start: d.periodStart.getTime(), end: d.periodEnd.getTime() }, brand().timeZone);
  // Only bets within the promotion's dates earn tickets.
  const from = words.start && words.start > days.from ? words.start : days.from;
  const to = words.end && words.end < days.to ? words.end : days.to;
  await tx.execute(sql`
    insert into raffle_entry (promotion_id, period_start, member_id, first_ticket, tickets)
    select ${promotionId}, ${d.periodStart}, x.member_id, (sum(x.t) over (order by x.member_id) - x.t)::int, x.t
    from (
      select y.member_id, sum(y.t)::int as t from (
        select md.member_id, least(${reward.maxTickets}::bigint, div(sum(md.valid_bet), ${reward.ticketPer}::bigint)) as t
        from member_day md
        join member m on m.id = md.member_id and m.type <> ${TRIAL_TYPE}
        where md.day >= ${from} and md.day <= ${to} and md.vendor <> ''
        group by md.member_id
        union all
        select b.member_id, sum(b.tickets)::bigint from raffle_bonus b
        join member m on m.id = b.member_id and m.type <> ${TRIAL_TYPE}
        where b.promotion_id = ${promotionId} and b.created_at >= ${d.periodStart} and b.created_at < ${d.periodEnd}
        group by b.member_id
      ) y
      group by y.member_id
    ) x
    where x.t > 0`);
  const entries = await tx
    .select({ memberId: raffleEntry.memberId, firstTicket: raffleEntry.firstTicket, tickets: raffleEntry.tickets })
    .from(raffleEntry)
    .where(and(eq(raffleEntry.promotionId, promotionId), eq(raffleEntry.periodStart, d.periodStart)));
  const total = entries.reduce((n, e) => n + e.tickets, 0);
  await tx
    .update(raffleDraw)
    .set({ tickets: total, prizes: reward.prizes.length })
    .where(and(eq(raffleDraw.promotionId, promotionId), eq(raffleDraw.periodStart, d.periodStart)));
  const winners = drawWinners(d.seed, drawLabel(promotionId, d.periodStart, entries), entries, reward.prizes.length);
  const multiple = multipleInHundredths(rule.wagering);
  const periodText = `${from} – ${to}`;
  for (const w of winners) {
    const amount = reward.prizes[w.rank - 1]!;
    const [r] = await tx
      .insert(promoReward)
      .values({
        memberId: w.memberId,
        kind: 'raffle',
        promotionId,
        reference: `raffle:${promotionId}:${d.periodStart.toISOString()}:${w.rank}`,
        period: periodText,
        amount,
        turnover: (amount * multiple) / 100n,
        wageringDays: rule.wagering?.days ?? null,
        status: 'claimable',
        createdAt: new Date(now),
        expiresAt: new Date(now + reward.claimDays * DAY),
      })
      .returning({ id: promoReward.id });
    await tx.insert(rafflePrize).values({ promotionId, periodStart: d.periodStart, rank: w.rank, ticket: w.ticket, memberId: w.memberId, amount, rewardId: r!.id });
  }
  return winners.length;
}

/**
 * The job: opens the current period's draw of every running raffle (its hash shown from now on),
 * and draws every open period that has ended (10 minutes after; on start for periods missed while
 * the server was down), each once whatever the number of processes.
 */
export async function runRaffleJobs(db: Db, now = clock.now()): Promise<{ drawn: number; prizes: number }> {
  let drawn = 0;
  let prizes = 0;
  for (const { rule, reward, words } of raffles()) {
    if (running(words, now)) await openDraw(db, rule.id, reward, now);
    const due = await db
      .select({ start: raffleDraw.periodStart })
      .from(raffleDraw)
      .where(and(eq(raffleDraw.promotionId, rule.id), eq(raffleDraw.status, 'open'), lte(raffleDraw.periodEnd, new Date(now - DRAW_GRACE_MS))))
      .orderBy(asc(raffleDraw.periodStart));
    for (const { start } of due) {
      const n = await db.transaction((tx) => draw(tx, rule.id, reward, rule, words, start, now));
      drawn += 1;
      prizes += n;
    }
  }
  return { drawn, prizes };
}

/** The member's tickets in the period so far (the same rule as the draw): earned by bets, and given. */
async function ticketsSoFar(db: Db, memberId: number, promotionId: number, reward: RaffleReward, start: number, end: number): Promise<number> {
  const { from, to } = periodDays({ code: reward.period, start, end }, brand().timeZone);
  const [r] = rowsOf(
    await db.execute(sql`
      select (select least(${reward.maxTickets}::bigint, div(coalesce(sum(valid_bet), 0), ${reward.ticketPer}::bigint))
          from member_day where member_id = ${memberId} and day >= ${from} and day <= ${to} and vendor <> '')
        + (select coalesce(sum(tickets), 0) from raffle_bonus
          where member_id = ${memberId} and promotion_id = ${promotionId} and created_at >= ${new Date(start)} and created_at < ${new Date(end)}) as t`),
  );
  return Number(r?.t ?? 0);
}

/** A raffle's title in `locale` (null: no such raffle). */
export function raffleTitle(promotionId: number, locale: Locale): string | null {
  return runPromotions(locale).find((p) => p.rule.id === promotionId && p.rule.reward.kind === 'raffle')?.words.title ?? null;
}

/**
 * Gives a member raffle tickets in the raffle's current period (a reward, a mall item), inside the
 * caller's transaction, once per reference; refused when the raffle is not running now (its dates,
 * or no such raffle). They count on top of the tickets bets earn (and of their cap).
 */
export async function grantRaffleTickets(tx: Tx, g: { promotionId: number; memberId: number; tickets: number; reference: string; now?: number }): Promise<void> {
  const now = g.now ?? clock.now();
  const found = raffles().find((r) => r.rule.id === g.promotionId);
  if (!found || !running(found.words, now)) throw new ApiError(409, 'promotion.raffle.closed');
  await openDraw(tx, g.promotionId, found.reward, now);
  // The period's draw row, shared until this commits: the draw (which takes it for update) waits
  // for these tickets, or has run already and they are refused rather than lost.
  const p = periodAt(found.reward.period, now, brand().timeZone);
  const [d] = await tx
    .select({ status: raffleDraw.status, end: raffleDraw.periodEnd })
    .from(raffleDraw)
    .where(and(eq(raffleDraw.promotionId, g.promotionId), eq(raffleDraw.periodStart, new Date(p.start))))
    .for('share');
  if (!d || d.status !== 'open' || d.end.getTime() <= now) throw new ApiError(409, 'promotion.raffle.closed');
  await tx
    .insert(raffleBonus)
    .values({ promotionId: g.promotionId, memberId: g.memberId, tickets: g.tickets, reference: g.reference, createdAt: new Date(now) })
    .onConflictDoNothing();
}

/** A raffle as the reward centre shows it to a member: this period's tickets and commitment, the last draw and the member's prizes. */
export async function raffleStatus(db: Db, memberId: number, promotionId: number | undefined, locale: Locale): Promise<RaffleStatus[]> {
  const list = promotionId === undefined ? raffles() : [raffleById(promotionId)];
  const words = new Map(runPromotions(locale).map((p) => [p.rule.id, p.words.title]));
  const now = clock.now();
  const out: RaffleStatus[] = [];
  for (const { rule, reward } of list) {
    const p = periodAt(reward.period, now, brand().timeZone);
    const [current] = await db
      .select()
      .from(raffleDraw)
      .where(and(eq(raffleDraw.promotionId, rule.id), eq(raffleDraw.periodStart, new Date(p.start))));
    const [last] = await db
      .select()
      .from(raffleDraw)
      .where(and(eq(raffleDraw.promotionId, rule.id), eq(raffleDraw.status, 'drawn')))
      .orderBy(sql`${raffleDraw.periodStart} desc`)
      .limit(1);
    out.push({
      promotionId: rule.id,
      title: words.get(rule.id) ?? '',
      ticketPer: money(reward.ticketPer),
      maxTickets: reward.maxTickets,
      prizes: reward.prizes.map(money),
      current: current
        ? {
            start: current.periodStart.getTime(),
            end: current.periodEnd.getTime(),
            ...periodDays(p, brand().timeZone),
            drawAfter: current.periodEnd.getTime() + DRAW_GRACE_MS,
            seedHash: current.seedHash,
            tickets: await ticketsSoFar(db, memberId, rule.id, reward, p.start, p.end),
          }
        : null,
      last: last ? await drawResult(db, rule.id, reward, last, memberId) : null,
    });
  }
  return out;
}

type DrawRow = typeof raffleDraw.$inferSelect;

async function drawResult(db: Db, promotionId: number, reward: RaffleReward, d: DrawRow, memberId: number): Promise<NonNullable<RaffleStatus['last']>> {
  const prizes = await db
    .select({
      rank: rafflePrize.rank,
      ticket: rafflePrize.ticket,
      amount: rafflePrize.amount,
      memberId: rafflePrize.memberId,
      username: member.username,
      rewardId: rafflePrize.rewardId,
      status: promoReward.status,
    })
    .from(rafflePrize)
    .innerJoin(member, eq(member.id, rafflePrize.memberId))
    .innerJoin(promoReward, eq(promoReward.id, rafflePrize.rewardId))
    .where(and(eq(rafflePrize.promotionId, promotionId), eq(rafflePrize.periodStart, d.periodStart)))
    .orderBy(asc(rafflePrize.rank));
  const [mine] = await db
    .select({ tickets: raffleEntry.tickets, first: raffleEntry.firstTicket })
    .from(raffleEntry)
    .where(and(eq(raffleEntry.promotionId, promotionId), eq(raffleEntry.periodStart, d.periodStart), eq(raffleEntry.memberId, memberId)));
  return {
    start: d.periodStart.getTime(),
    end: d.periodEnd.getTime(),
    ...periodDays({ code: reward.period, start: d.periodStart.getTime(), end: d.periodEnd.getTime() }, brand().timeZone),
    seedHash: d.seedHash,
    seed: d.seed,
    tickets: d.tickets ?? 0,
    myTickets: mine ? { first: mine.first, count: mine.tickets } : null,
    winners: prizes.map((p) => ({
      rank: p.rank,
      ticket: p.ticket,
      account: maskName(p.username),
      amount: money(p.amount),
      mine: p.memberId === memberId,
      rewardId: p.memberId === memberId ? p.rewardId : null,
      status: p.memberId === memberId ? (p.status as 'claimable' | 'claimed' | 'expired') : null,
    })),
  };
}

/**
 * Recomputes a drawn period from its revealed seed and published entries (public: anyone may
 * check a draw): the seed against the hash shown before, and the winners against the recorded ones.
 */
export async function verifyDraw(db: Db, promotionId: number, periodStart: number): Promise<RaffleVerification> {
  const [d] = await db
    .select()
    .from(raffleDraw)
    .where(and(eq(raffleDraw.promotionId, promotionId), eq(raffleDraw.periodStart, new Date(periodStart))));
  if (!d || d.status !== 'drawn') throw new ApiError(404, 'promotion.raffle.notDrawn');
  const entries = await db
    .select({ memberId: raffleEntry.memberId, firstTicket: raffleEntry.firstTicket, tickets: raffleEntry.tickets, username: member.username })
    .from(raffleEntry)
    .innerJoin(member, eq(member.id, raffleEntry.memberId))
    .where(and(eq(raffleEntry.promotionId, promotionId), eq(raffleEntry.periodStart, d.periodStart)))
    .orderBy(asc(raffleEntry.firstTicket));
  const recorded = await db
    .select({ rank: rafflePrize.rank, ticket: rafflePrize.ticket, memberId: rafflePrize.memberId })
    .from(rafflePrize)
    .where(and(eq(rafflePrize.promotionId, promotionId), eq(rafflePrize.periodStart, d.periodStart)))
    .orderBy(asc(rafflePrize.rank));
  const label = drawLabel(promotionId, d.periodStart, entries);
  const recomputed = drawWinners(d.seed, label, entries, d.prizes ?? 0);
  const names = new Map(entries.map((e) => [e.memberId, maskName(e.username)]));
  return {
    promotionId,
    start: d.periodStart.getTime(),
    seed: d.seed,
    seedHash: d.seedHash,
    seedMatchesHash: seedMatchesHash(d.seed, d.seedHash),
    message: drawMessage(label),
    tickets: d.tickets ?? 0,
    entries: entries.map((e) => ({ first: e.firstTicket, count: e.tickets })),
    winners: recomputed.map((w) => ({ rank: w.rank, ticket: w.ticket, account: names.get(w.memberId)! })),
    matches: JSON.stringify(recomputed) === JSON.stringify(recorded),
  };
}

/** MCS2_claimRafflePromotion: claims one raffle prize (by reward id), or every claimable one of a raffle (by promotion id), of the caller. */
export async function claimRafflePrizes(db: Db, memberId: number, input: { id?: number; promotionId?: number }, locale: Locale): Promise<{ claimed: RewardItem[]; available: number }> {
  const [m] = await db.select({ type: member.type }).from(member).where(eq(member.id, memberId));
  if (!m || isTrialType(m.type)) throw new ApiError(403, 'account.trial');
  let ids: number[];
  if (input.id !== undefined) {
    const [r] = await db
      .select({ id: promoReward.id })
      .from(promoReward)
      .where(and(eq(promoReward.id, input.id), eq(promoReward.memberId, memberId), eq(promoReward.kind, 'raffle')));
    if (!r) throw new ApiError(404, 'promotion.reward.unknown');
    ids = [r.id];
  } else {
    const where = [eq(promoReward.memberId, memberId), eq(promoReward.kind, 'raffle'), eq(promoReward.status, 'claimable'), sql`${promoReward.expiresAt} > ${new Date(clock.now())}`];
    if (input.promotionId !== undefined) where.push(eq(promoReward.promotionId, raffleById(input.promotionId).rule.id));
    ids = (
      await db
        .select({ id: promoReward.id })
        .from(promoReward)
        .where(and(...where))
    ).map((r) => r.id);
    if (!ids.length) throw new ApiError(409, 'promotion.raffle.nothing');
  }
  const claimed: RewardItem[] = [];
  for (const id of ids) {
    try {
      claimed.push((await claimReward(db, memberId, id, locale)).item);
    } catch (err) {
      // Claimed or expired meanwhile (another tab): the others are still paid; one asked by id says why.
      if (input.id !== undefined || !(err instanceof ApiError) || err.status !== 409) throw err;
    }
  }
  if (!claimed.length) throw new ApiError(409, 'promotion.raffle.nothing');
  return { claimed, available: await availableRewards(db, memberId) };
}
