/**
 * Daily free spins (issue 15): a promotion whose reward is `freeSpins` (brand file). Each brand
 * day has its slot of the day (the rule's games in turn); a member claims the day's spins once
 * from the reward centre, and the play feature holds them as a grant on that game (its real
 * spins use them before any money; the winnings become a bonus with the rule's wagering when the
 * spins end: play/server/free-spins.ts). The grant's key is the promotion and the day, so a claim
 * is idempotent and a day's spins are claimed once whatever the number of tabs or processes.
 */
import { eq } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import type { FreeSpinsReward, PromotionRule } from './settings.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { addDays, dayIn, dayStart, daysBetween, type Day } from '../../../kernel/days.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { LOCALES, type Locale } from '../../../kernel/locales.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { isTrialType } from '../../accounts/contract.ts';
import { member } from '../../accounts/index.ts';
import { listPromotions, type PromotionSummary } from '../../content/index.ts';
import { game, gameIconUrl } from '../../games/index.ts';
import { freeSpinStake, freeSpinsView, grantByReference, grantFreeSpins } from '../../play/index.ts';
import type { FreeSpinsOffer } from '../contract.ts';
import { freeSpinsReference as grantReference, publicStatus, runPromotions } from './engine.ts';

interface Running {
  rule: PromotionRule;
  reward: FreeSpinsReward;
  words: PromotionSummary;
}

/** The brand's free-spin promotions that have words. */
export function freeSpinPromotions(locale: Locale = 'en'): Running[] {
  return runPromotions(locale).flatMap(({ rule, words }) => (rule.reward.kind === 'freeSpins' ? [{ rule, reward: rule.reward, words }] : []));
}

/** The slot of a brand day: the rule's games in turn, one a day. */
export function slotOfDay(reward: FreeSpinsReward, day: Day): number {
  const n = daysBetween('1970-01-01', day);
  return reward.games[((n % reward.games.length) + reward.games.length) % reward.games.length]!;
}

/** A promotion's offer of today for the member, with today's grant once claimed. */
async function offerOf(db: Db, memberId: number, p: Running, now: number): Promise<FreeSpinsOffer | null> {
  const tz = brand().timeZone;
  const day = dayIn(now, tz);
  const nodeId = slotOfDay(p.reward, day);
  const [g] = await db
    .select({ nodeId: game.nodeId, gameName: game.gameName, vassalage: game.vassalage, gameType: game.gameType, seed: game.seed, minBet: game.minBet })
    .from(game)
    .where(eq(game.nodeId, nodeId));
  if (!g) return null; // a game the catalogue no longer has: no offer that day
  const grant = await grantByReference(db, memberId, grantReference(p.rule.id, day));
  return {
    promotionId: p.rule.id,
    title: p.words.title,
    day,
    endsAt: dayStart(addDays(day, 1), tz),
    game: { nodeId: g.nodeId, gameName: g.gameName, vassalage: g.vassalage, iconUrl: gameIconUrl(g.gameType, g.seed) },
    spins: p.reward.spins,
    bet: formatMinor(grant?.bet ?? freeSpinStake(g, p.reward.bet), brand().currencyDecimals),
    wagering: p.rule.wagering?.multiple ?? 0,
    grant: grant ? freeSpinsView(grant) : null,
  };
}

const open = (p: Running, now: number) => {
  const s = publicStatus(p.rule, p.words, now);
  return s !== 'comingSoon' && s !== 'closed';
};

/** Today's free spins of every running promotion, for the reward centre (none for a trial account). */
export async function freeSpinsStatus(db: Db, memberId: number, locale: Locale, now = clock.now()): Promise<{ items: FreeSpinsOffer[] }> {
  const [m] = await db.select({ type: member.type }).from(member).where(eq(member.id, memberId));
  if (!m || isTrialType(m.type)) return { items: [] };
  const items: FreeSpinsOffer[] = [];
  for (const p of freeSpinPromotions(locale)) {
    if (!open(p, now)) continue;
    const offer = await offerOf(db, memberId, p, now);
    if (offer) items.push(offer);
  }
  return { items };
}

/** Claims today's spins of a promotion: granted once per brand day (a second claim answers the same grant). */
export async function claimFreeSpins(db: Db, memberId: number, promotionId: number, locale: Locale, now = clock.now()): Promise<FreeSpinsOffer> {
  const p = freeSpinPromotions(locale).find((x) => x.rule.id === promotionId);
  if (!p) throw new ApiError(404, 'promotion.unknown');
  const status = publicStatus(p.rule, p.words, now);
  if (status === 'comingSoon') throw new ApiError(409, 'promotion.notStarted');
  if (status === 'closed') throw new ApiError(409, 'promotion.ended');
  const tz = brand().timeZone;
  const day = dayIn(now, tz);
  const nodeId = slotOfDay(p.reward, day);
  const titles = Object.fromEntries(LOCALES.map((l) => [l.code, listPromotions(l.code).find((x) => x.id === promotionId)?.title ?? p.words.title]));
  await db.transaction(async (tx) => {
    const [m] = await tx.select({ type: member.type }).from(member).where(eq(member.id, memberId));
    if (!m) throw new ApiError(401, 'login.not.session');
    if (isTrialType(m.type)) throw new ApiError(403, 'account.trial');
    await grantFreeSpins(tx, {
      memberId,
      nodeId,
      reference: grantReference(promotionId, day),
      source: `promotion:${promotionId}`,
      titles,
      spins: p.reward.spins,
      bet: p.reward.bet,
      wageringMultiple: p.rule.wagering?.multiple ?? 0,
      wageringDays: p.rule.wagering?.days ?? 7,
      weights: p.rule.wagering?.weights ?? {},
      expiresAt: new Date(dayStart(addDays(day, 1), tz)),
    });
  });
  const offer = await offerOf(db, memberId, p, now);
  if (!offer) throw new ApiError(404, 'game.not.found');
  return offer;
}
