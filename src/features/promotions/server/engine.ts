/**
 * The promotions engine (issue 15): the rules of the brand file (server/settings.ts)
 * beside the words of src/content/promotions, joined by id. For each member and promotion it
 * computes the status of spec 3 from the facts (registration, deposits, its entry), lets a member
 * join, and pays the reward when the fact that earns it happens: today a first deposit, heard
 * from the wallet through the outbox (src/kernel/events.ts), in the transaction that moves the
 * consumer's cursor, so a deposit earns its bonus exactly once, across processes and crashes.
 */
import { isMarketable } from '../../protection/index.ts';
import { and, eq, gt } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import type { PromotionRule } from './settings.ts';
import { promotionRules } from './settings.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { consumer, emit, on } from '../../../kernel/events.ts';
import { depositCredited } from '../../wallet/contract.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { LOCALES, type Locale } from '../../../kernel/locales.ts';
import { parseMinor } from '../../../kernel/money.ts';
import { isTrialType } from '../../accounts/contract.ts';
import { member } from '../../accounts/index.ts';
import { listPromotions, type PromotionSummary } from '../../content/index.ts';
import type { PromoStatus } from '../../content/contract.ts';
import { firstPaidDeposit, grantBonus, money, paidDepositCount } from '../../wallet/index.ts';
import { grantByReference } from '../../play/index.ts';
import { applicationRejected, bonusIssued, bonusMissed, type DepositOffer, type MemberPromotion, type MissedOffer } from '../contract.ts';
import { promoEntry, promoReward, promoSignin } from './tables.ts';
import { dayIn } from '../../../kernel/days.ts';
import { periodAt } from '../../../kernel/periods.ts';
import { rewardFor } from './rules.ts';

const DAY = 86_400_000;

/** The key of a member's daily free spins of a promotion: one claim per brand day. */
export const freeSpinsReference = (promotionId: number, day: string) => `freespins:${promotionId}:${day}`;

/** The rules of the brand's promotions that have words too (a rule without a page is not offered). */
export function runPromotions(locale: Locale = 'en'): { rule: PromotionRule; words: PromotionSummary }[] {
  const words = new Map(listPromotions(locale).map((p) => [p.id, p]));
  return promotionRules().flatMap((rule) => {
    const w = words.get(rule.id);
    return w ? [{ rule, words: w }] : [];
  });
}

/** Start and end of a promotion's dates (brand time zone is not needed at day precision: UTC days). */
function window(w: PromotionSummary): { startMs: number | null; endMs: number | null } {
  return {
    startMs: w.start ? Date.parse(`${w.start}T00:00:00Z`) : null,
    endMs: w.end ? Date.parse(`${w.end}T00:00:00Z`) + DAY : null,
  };
}

/** What a visitor is shown: the dates decide coming soon and closed, else how it starts. */
export function publicStatus(rule: PromotionRule, w: PromotionSummary, now = clock.now()): PromoStatus {
  const { startMs, endMs } = window(w);
  if (startMs !== null && now < startMs) return 'comingSoon';
  if (endMs !== null && now >= endMs) return 'closed';
  if (rule.reward.kind === 'rebate' || rule.reward.kind === 'freeSpins') return 'claim';
  if (rule.reward.kind === 'signin') return 'join';
  if (rule.reward.kind === 'vip' || rule.reward.kind === 'raffle' || rule.reward.kind === 'referral') return 'inProcess';
  return rule.start === 'join' || rule.start === 'apply' || rule.start === 'code' ? 'join' : 'inProcess';
}

interface Who {
  id: number;
  type: number;
  createdAt: Date;
}

/** May `m` still earn it (registration age, no deposit yet when it follows the first deposit)? */
async function eligible(db: Db | Tx, m: Who, rule: PromotionRule, at: number): Promise<boolean> {
  if (isTrialType(m.type)) return false;
  const e = rule.eligibility;
  if (e.registeredWithinDays !== undefined && m.createdAt.getTime() + e.registeredWithinDays * DAY < at) return false;
  if (e.firstDeposit && (await paidDepositCount(db, m.id)) > 0) return false;
  return true;
}

type Entry = typeof promoEntry.$inferSelect;

async function signedOn(db: Db | Tx, memberId: number, promotionId: number, day: string): Promise<boolean> {
  const rows = await db
    .select({ day: promoSignin.day })
    .from(promoSignin)
    .where(and(eq(promoSignin.memberId, memberId), eq(promoSignin.promotionId, promotionId), eq(promoSignin.day, day)));
  return rows.length > 0;
}

async function statusOf(db: Db | Tx, m: Who, rule: PromotionRule, w: PromotionSummary, entry: Entry | undefined, claimable = false): Promise<PromoStatus> {
  if (entry?.status === 'issued') return 'issued';
  // An application waits for an operator, or was turned down (final: once per member).
  if (entry?.status === 'applying') return 'applying';
  if (entry?.status === 'rejected') return 'rejected';
  const now = clock.now();
  const open = publicStatus(rule, w, now);
  if (open === 'comingSoon' || open === 'closed') return open;
  if (!(await eligible(db, m, rule, now))) return 'closed';
  // A rebate accrues every day: claimable in the reward centre, or in process until the next one.
  // So do the VIP bonuses (a level reached, a month kept), raffle prizes and friends' rewards.
  if (rule.reward.kind === 'rebate' || rule.reward.kind === 'vip' || rule.reward.kind === 'raffle' || rule.reward.kind === 'referral') return claimable ? 'claim' : 'inProcess';
  // Daily free spins: today's to claim, being played, or all played.
  if (rule.reward.kind === 'freeSpins') {
    const g = await grantByReference(db, m.id, freeSpinsReference(rule.id, dayIn(now, brand().timeZone)));
    if (!g) return 'claim';
    return g.status === 'active' && g.spinsLeft > 0 && g.expiresAt.getTime() > now ? 'inProcess' : 'claimed';
  }
  // A sign-in: signed today, or waiting for today's.
  if (rule.reward.kind === 'signin') return (await signedOn(db, m.id, rule.id, dayIn(now, brand().timeZone))) ? 'signed' : 'join';
  if (entry?.status === 'joined' || rule.start === 'auto') return 'inProcess';
  return 'join';
}

async function who(db: Db | Tx, memberId: number): Promise<Who> {
  const [m] = await db.select({ id: member.id, type: member.type, createdAt: member.createdAt }).from(member).where(eq(member.id, memberId));
  if (!m) throw new ApiError(401, 'login.not.session');
  return m;
}

/** The member's status of every promotion the engine runs. */
export async function memberStatuses(db: Db, memberId: number): Promise<MemberPromotion[]> {
  const m = await who(db, memberId);
  const entries = new Map((await db.select().from(promoEntry).where(eq(promoEntry.memberId, memberId))).map((e) => [e.promotionId, e]));
  const claimable = new Set(
    (
      await db
        .selectDistinct({ id: promoReward.promotionId })
        .from(promoReward)
        .where(and(eq(promoReward.memberId, memberId), eq(promoReward.status, 'claimable'), gt(promoReward.expiresAt, new Date(clock.now()))))
    ).map((r) => r.id),
  );
  const out: MemberPromotion[] = [];
  for (const { rule, words } of runPromotions()) out.push({ id: rule.id, status: await statusOf(db, m, rule, words, entries.get(rule.id), claimable.has(rule.id)) });
  return out;
}

/** Joins a promotion that starts with a join; refuses with the reason otherwise. */
export async function joinPromotion(db: Db, memberId: number, id: number): Promise<MemberPromotion> {
  const found = runPromotions().find((p) => p.rule.id === id);
  if (!found) {
    if (listPromotions('en').some((p) => p.id === id)) throw new ApiError(409, 'promotion.notJoinable');
    throw new ApiError(404, 'promotion.unknown');
  }
  const { rule, words } = found;
  if (rule.start !== 'join' && rule.start !== 'apply') throw new ApiError(409, 'promotion.notJoinable');
  return db.transaction(async (tx) => {
    const m = await who(tx, memberId);
    if (isTrialType(m.type)) throw new ApiError(403, 'account.trial');
    const [entry] = await tx
      .select()
      .from(promoEntry)
      .where(and(eq(promoEntry.memberId, memberId), eq(promoEntry.promotionId, id)))
      .for('update');
    const status = await statusOf(tx, m, rule, words, entry);
    if (status === 'inProcess' || status === 'issued' || status === 'applying' || status === 'rejected') throw new ApiError(409, rule.start === 'apply' ? 'promotion.applied' : 'promotion.joined');
    if (status === 'comingSoon') throw new ApiError(409, 'promotion.notStarted');
    if (status === 'closed') throw new ApiError(409, publicStatus(rule, words) === 'closed' ? 'promotion.ended' : 'promotion.notEligible');
    const inserted = await tx
      .insert(promoEntry)
      .values({ memberId, promotionId: id, status: rule.start === 'apply' ? 'applying' : 'joined', joinedAt: new Date(clock.now()) })
      .onConflictDoNothing()
      .returning({ id: promoEntry.promotionId });
    if (inserted.length === 0) throw new ApiError(409, rule.start === 'apply' ? 'promotion.applied' : 'promotion.joined');
    return { id, status: rule.start === 'apply' ? ('applying' as const) : ('inProcess' as const) };
  });
}

export interface Application {
  memberId: number;
  username: string;
  promotionId: number;
  title: string;
  appliedAt: Date;
}

/** Applications waiting for an operator, oldest first (all promotions, or one). */
export async function pendingApplications(db: Db, promotionId?: number): Promise<Application[]> {
  const titles = new Map(listPromotions('en').map((p) => [p.id, p.title]));
  const rows = await db
    .select({ memberId: promoEntry.memberId, username: member.username, promotionId: promoEntry.promotionId, appliedAt: promoEntry.joinedAt })
    .from(promoEntry)
    .innerJoin(member, eq(member.id, promoEntry.memberId))
    .where(and(eq(promoEntry.status, 'applying'), promotionId === undefined ? undefined : eq(promoEntry.promotionId, promotionId)))
    .orderBy(promoEntry.joinedAt);
  return rows.map((r) => ({ ...r, title: titles.get(r.promotionId) ?? '', appliedAt: r.appliedAt ?? new Date(0) }));
}

/**
 * An operator's decision on an application: approved pays the promotion's reward at once (a
 * bonus with its wagering; the entry becomes issued), rejected ends it (the member may not apply
 * again); the inbox tells the member either way. Only an application still waiting can be decided.
 */
export async function decideApplication(db: Db, memberId: number, promotionId: number, decision: 'approve' | 'reject', note = ''): Promise<PromoStatus> {
  const found = runPromotions().find((p) => p.rule.id === promotionId && p.rule.start === 'apply');
  if (!found) throw new ApiError(404, 'promotion.unknown');
  const { rule, words } = found;
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(promoEntry)
      .where(and(eq(promoEntry.memberId, memberId), eq(promoEntry.promotionId, promotionId)))
      .for('update');
    if (entry?.status !== 'applying') throw new ApiError(409, 'promotion.notApplying');
    if (decision === 'reject') {
      await tx
        .update(promoEntry)
        .set({ status: 'rejected', issuedAt: new Date(clock.now()) })
        .where(and(eq(promoEntry.memberId, memberId), eq(promoEntry.promotionId, promotionId)));
      const titles = Object.fromEntries(LOCALES.map((l) => [l.code, listPromotions(l.code).find((p) => p.id === promotionId)?.title ?? words.title]));
      await emit(tx, applicationRejected, memberId, { promotionId, titles, note });
      return 'rejected';
    }
    // An application outlived by its promotion is not paid: the operator rejects it instead.
    if (publicStatus(rule, words) === 'closed') throw new ApiError(409, 'promotion.ended');
    const { bonus, turnover } = rewardFor(rule, 0n);
    if (bonus <= 0n) throw new ApiError(409, 'promotion.notEligible');
    await issueBonus(tx, memberId, rule, words, bonus, turnover);
    return 'issued';
  });
}

/**
 * Pays a promotion's bonus with its wagering requirement, marks the member's entry issued and
 * tells the inbox, inside `tx`; once per member and promotion (the bonus's reference), or for a
 * reload bonus once per member and `period` (its entry stays joined). Answers whether it paid.
 */
async function issueBonus(tx: Tx, memberId: number, rule: PromotionRule, words: PromotionSummary, bonus: bigint, turnover: bigint, period?: string): Promise<boolean> {
  const titles = Object.fromEntries(LOCALES.map((l) => [l.code, listPromotions(l.code).find((p) => p.id === rule.id)?.title ?? words.title]));
  const granted = await grantBonus(tx, {
    memberId,
    reference: `promotion:${rule.id}:member:${memberId}${period ? `:${period}` : ''}`,
    source: `promotion:${rule.id}`,
    titles,
    amount: bonus,
    turnoverRequired: turnover,
    weights: rule.wagering?.weights ?? {},
    maxBet: rule.wagering?.maxBet ?? null,
    validMs: (rule.wagering?.days ?? 30) * DAY,
  });
  if (!granted.created) return false;
  const now = new Date(clock.now());
  const status = period ? 'joined' : 'issued';
  await tx
    .insert(promoEntry)
    .values({ memberId, promotionId: rule.id, status, bonusId: granted.bonusId, joinedAt: now, issuedAt: now })
    .onConflictDoUpdate({ target: [promoEntry.memberId, promoEntry.promotionId], set: { status, bonusId: granted.bonusId, issuedAt: now } });
  await emit(tx, bonusIssued, memberId, { promotionId: rule.id, amount: money(bonus), turnover: money(turnover), symbol: brand().currencySymbol });
  return true;
}

/**
 * Redeems a bonus code (case does not matter): its promotion's bonus is paid at once, once per
 * member. Refused: an unknown code, a promotion not open (coming soon or ended), a member it is
 * not for, a code already used. Tries are counted per member and address (LIMITS).
 */
export async function redeemCode(db: Db, memberId: number, code: string): Promise<{ promotionId: number; title: string; amount: string; turnover: string }> {
  const wanted = code.trim().toUpperCase();
  const found = runPromotions().find((p) => p.rule.start === 'code' && p.rule.code === wanted);
  if (!found) throw new ApiError(404, 'promotion.code.unknown');
  const { rule, words } = found;
  return db.transaction(async (tx) => {
    const m = await who(tx, memberId);
    if (isTrialType(m.type)) throw new ApiError(403, 'account.trial');
    // The entry row first, so that two tries at once queue on it (a missing row locks nothing):
    // the second sees the first's outcome.
    await tx
      .insert(promoEntry)
      .values({ memberId, promotionId: rule.id, status: 'joined', joinedAt: new Date(clock.now()) })
      .onConflictDoNothing();
    const [entry] = await tx
      .select()
      .from(promoEntry)
      .where(and(eq(promoEntry.memberId, memberId), eq(promoEntry.promotionId, rule.id)))
      .for('update');
    if (entry?.status === 'issued') throw new ApiError(409, 'promotion.code.used');
    const open = publicStatus(rule, words);
    if (open === 'comingSoon') throw new ApiError(409, 'promotion.notStarted');
    if (open === 'closed') throw new ApiError(409, 'promotion.code.expired');
    if (!(await eligible(tx, m, rule, clock.now()))) throw new ApiError(409, 'promotion.notEligible');
    const { bonus, turnover } = rewardFor(rule, 0n);
    if (bonus <= 0n) throw new ApiError(409, 'promotion.notEligible');
    await issueBonus(tx, memberId, rule, words, bonus, turnover);
    return { promotionId: rule.id, title: words.title, amount: money(bonus), turnover: money(turnover) };
  });
}

/**
 * Pays the rewards a member's credited deposit earns, inside `tx`: first-deposit promotions, and
 * reload bonuses (earned again each period, on their weekdays). Rules are tried in the brand
 * file's order; one marked `alone` is skipped when an earlier one paid for this deposit.
 */
async function onDeposit(tx: Tx, memberId: number, deposit: bigint, at: Date, orderId = ''): Promise<void> {
  const m = await who(tx, memberId);
  if (isTrialType(m.type)) return;
  const tz = brand().timeZone;
  let paid = false;
  // Is this deposit the member's first? Asked of the order, not of the count: two deposits
  // credited before the consumer ran count 2 for both, and the first one's bonus was lost.
  let first: boolean | undefined;
  const isFirst = async () => (first ??= orderId ? (await firstPaidDeposit(tx, memberId))?.orderId === orderId : (await paidDepositCount(tx, memberId)) === 1);
  // A member blocked since asking for the deposit (player protection) is offered and paid nothing.
  if (!(await isMarketable(tx, memberId))) return;
  for (const { rule, words } of runPromotions()) {
    const e = rule.eligibility;
    if (!e.firstDeposit && !e.oncePer) continue;
    const [entry] = await tx
      .select()
      .from(promoEntry)
      .where(and(eq(promoEntry.memberId, memberId), eq(promoEntry.promotionId, rule.id)))
      .for('update');
    if (entry?.status === 'issued') continue;
    // A first deposit that closes a promotion the member could still have earned is said, never silent.
    const missed = e.firstDeposit ? closedBy(rule, words, m, entry?.status, deposit, at) : null;
    if (missed) {
      if (await isFirst()) {
        await emit(tx, bonusMissed, memberId, {
          promotionId: rule.id,
          titles: titlesOf(rule.id, words),
          reason: missed,
          amount: money(deposit),
          minDeposit: e.minDeposit === undefined ? null : money(e.minDeposit),
          symbol: brand().currencySymbol,
          orderId,
        });
      }
      continue;
    }
    if (rule.start === 'join' && entry?.status !== 'joined') continue;
    if (rule.start === 'apply' || rule.start === 'code') continue; // paid when approved, or when the code is entered
    const { startMs, endMs } = window(words);
    if ((startMs !== null && at.getTime() < startMs) || (endMs !== null && at.getTime() >= endMs)) continue;
    if (e.registeredWithinDays !== undefined && m.createdAt.getTime() + e.registeredWithinDays * DAY < at.getTime()) continue;
    // A first-deposit bonus: this deposit must be the member's first.
    if (e.firstDeposit && !(await isFirst())) continue;
    if (e.minDeposit !== undefined && deposit < e.minDeposit) continue;
    const day = dayIn(at.getTime(), tz);
    if (e.weekdays && !e.weekdays.includes(new Date(`${day}T00:00:00Z`).getUTCDay())) continue;
    if (e.alone && paid) continue;
    const { bonus, turnover } = rewardFor(rule, deposit);
    if (bonus <= 0n) continue;
    // A reload bonus's period: the brand week of the deposit (its Monday), once each.
    const period = e.oncePer ? dayIn(periodAt(e.oncePer, at.getTime(), tz).start, tz) : undefined;
    if (await issueBonus(tx, memberId, rule, words, bonus, turnover, period)) paid = true;
  }
}

/** Hears credited deposits (the wallet's event); each is handled once, in the batch's transaction. */
export const depositConsumer = consumer('promotions.deposits', [
  on(depositCredited, async (tx, e) => {
    if (e.memberId === null) return;
    const deposit = parseMinor(e.payload.amount, brand().currencyDecimals);
    if (deposit === null || deposit <= 0n) return;
    await onDeposit(tx, e.memberId, deposit, e.at, e.payload.orderId);
  }),
]);

/** A promotion's title in every language (messages are shown in the reader's). */
function titlesOf(id: number, words: PromotionSummary): Record<string, string> {
  return Object.fromEntries(LOCALES.map((l) => [l.code, listPromotions(l.code).find((p) => p.id === id)?.title ?? words.title]));
}

/** Does the rule pay a bonus for a deposit (a share of it, or a fixed amount)? */
const paysOnDeposit = (rule: PromotionRule) => (rule.reward.kind === 'depositPercent' || rule.reward.kind === 'fixed') && (rule.start === 'join' || rule.start === 'auto');

/**
 * Why a member's first deposit of `deposit` at `at` closes a first-deposit promotion without its
 * bonus, when the member could still have earned it just before: Join not pressed, or a deposit
 * under the minimum. Null when the deposit earns it or the member was never eligible.
 */
export function closedBy(rule: PromotionRule, words: PromotionSummary, m: Who, entryStatus: string | undefined, deposit: bigint, at: Date): MissedOffer['reason'] | null {
  const e = rule.eligibility;
  if (!e.firstDeposit || !paysOnDeposit(rule) || isTrialType(m.type)) return null;
  if (entryStatus === 'issued' || entryStatus === 'applying' || entryStatus === 'rejected') return null;
  const { startMs, endMs } = window(words);
  if ((startMs !== null && at.getTime() < startMs) || (endMs !== null && at.getTime() >= endMs)) return null;
  if (e.registeredWithinDays !== undefined && m.createdAt.getTime() + e.registeredWithinDays * DAY < at.getTime()) return null;
  if (rule.start === 'join' && entryStatus !== 'joined') return 'notJoined';
  if (e.minDeposit !== undefined && deposit < e.minDeposit) return 'belowMinimum';
  return null;
}

/** How long the deposit page keeps saying what a first deposit closed. */
const MISSED_SHOWN_MS = 7 * DAY;

/**
 * The deposit page's promotions (issue 11 of the audit): those the next deposit can still start
 * (Join first) or earn, and those the member's first deposit closed lately, with why.
 */
export async function depositOffers(db: Db, memberId: number, locale: Locale): Promise<{ offers: DepositOffer[]; missed: MissedOffer[]; symbol: string }> {
  const symbol = brand().currencySymbol;
  const m = await who(db, memberId);
  if (isTrialType(m.type)) return { offers: [], missed: [], symbol };
  const entries = new Map((await db.select().from(promoEntry).where(eq(promoEntry.memberId, memberId))).map((x) => [x.promotionId, x]));
  const first = await firstPaidDeposit(db, memberId);
  const now = clock.now();
  const tz = brand().timeZone;
  const offers: DepositOffer[] = [];
  const missed: MissedOffer[] = [];
  for (const { rule, words } of runPromotions(locale)) {
    const e = rule.eligibility;
    if (!paysOnDeposit(rule) || (!e.firstDeposit && !e.oncePer)) continue;
    const entry = entries.get(rule.id);
    const status = await statusOf(db, m, rule, words, entry);
    if (status === 'join' || status === 'inProcess') {
      // A reload bonus already earned this period waits for the next one.
      if (e.oncePer && entry?.issuedAt && entry.issuedAt.getTime() >= periodAt(e.oncePer, now, tz).start) continue;
      const r = rule.reward;
      offers.push({
        id: rule.id,
        title: words.title,
        href: words.href,
        action: status === 'join' ? 'join' : 'ready',
        firstDeposit: !!e.firstDeposit,
        minDeposit: e.minDeposit === undefined ? null : money(e.minDeposit),
        percent: r.kind === 'depositPercent' ? r.percent : null,
        cap: r.kind === 'depositPercent' ? money(r.cap) : null,
        amount: r.kind === 'fixed' ? money(r.amount) : null,
        weekdays: e.weekdays ?? null,
      });
    } else if (status === 'closed' && first && first.at.getTime() > now - MISSED_SHOWN_MS) {
      const reason = closedBy(rule, words, m, entry?.status, first.amount, first.at);
      if (reason)
        missed.push({
          id: rule.id,
          title: words.title,
          href: words.href,
          reason,
          orderId: first.orderId,
          deposit: money(first.amount),
          minDeposit: e.minDeposit === undefined ? null : money(e.minDeposit),
          at: first.at.getTime(),
        });
    }
  }
  return { offers, missed, symbol };
}
