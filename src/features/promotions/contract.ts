/**
 * Promotions that the engine runs (issue 15; spec 3 statuses): each member's status of each
 * promotion with rules, and joining one. Our own calls (the spec names none), in the envelope.
 */
import { freeSpinsValue } from '../play/contract.ts';
import { z } from 'zod';
import { defineEvent } from '../../kernel/event-types.ts';
import { defineCall, intParam } from '../../kernel/contract.ts';
import { PROMO_STATUSES } from '../content/contract.ts';
import { idempotencyKey } from '../wallet/contract.ts';

export const memberPromotion = z.object({
  id: z.number().int(),
  status: z.enum(PROMO_STATUSES),
});
export type MemberPromotion = z.infer<typeof memberPromotion>;

/** The caller's status of every promotion the engine runs (join, inProcess, issued, closed, comingSoon...). */
export const promotionStatuses = defineCall({
  name: 'promotionStatuses',
  method: 'GET',
  path: '/wps/promotions/status',
  token: true,
  value: z.array(memberPromotion),
});

/** Joins a promotion that starts with a join (its reward follows, e.g. at the first deposit). */
export const promotionJoin = defineCall({
  name: 'promotionJoin',
  method: 'POST',
  path: '/wps/promotions/join',
  token: true,
  body: z.object({ id: z.number().int().positive() }),
  value: memberPromotion,
});

/**
 * A promotion a deposit can earn now, for the deposit page: `join` (the player must press Join
 * before depositing, or the deposit will not count) or `ready` (joined or automatic: a deposit
 * that meets the terms earns it).
 */
export const depositOffer = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The promotion's details on the promotions page, in the caller's language. */
  href: z.string(),
  action: z.enum(['join', 'ready']),
  /** Only the member's first deposit earns it (a deposit now closes it if it does not). */
  firstDeposit: z.boolean(),
  /** The smallest deposit that earns it, or null. */
  minDeposit: z.string().nullable(),
  /** A share of the deposit (percent, up to cap) or a fixed amount. */
  percent: z.number().int().nullable(),
  cap: z.string().nullable(),
  amount: z.string().nullable(),
  /** Days of the week (0 Sunday) on which a deposit earns it, or null for every day. */
  weekdays: z.array(z.number().int().min(0).max(6)).nullable(),
});
export type DepositOffer = z.infer<typeof depositOffer>;

/** A promotion the member was eligible for that their first deposit closed without a bonus, and why. */
export const missedOffer = z.object({
  id: z.number().int(),
  title: z.string(),
  href: z.string(),
  /** notJoined: Join was not pressed before the deposit; belowMinimum: the deposit was under the promotion's minimum. */
  reason: z.enum(['notJoined', 'belowMinimum']),
  /** The deposit order that closed it, its amount and when it was credited. */
  orderId: z.string(),
  deposit: z.string(),
  minDeposit: z.string().nullable(),
  at: z.number(),
});
export type MissedOffer = z.infer<typeof missedOffer>;

/**
 * What the deposit page shows above its form: the promotions the next deposit can still start or
 * earn, and those the member's first deposit closed in the last 7 days (the deposit's result).
 */
export const depositOffers = defineCall({
  name: 'depositOffers',
  method: 'GET',
  path: '/wps/promotions/deposit-offers',
  token: true,
  value: z.object({ offers: z.array(depositOffer), missed: z.array(missedOffer), symbol: z.string() }),
});

/**
 * What a reward gives (issue 32): money (`amount`), points, free spins (of the slot `on`) or
 * raffle tickets (in the raffle `on`), `count` of them.
 */
export const prizeView = z.object({
  kind: z.enum(['money', 'points', 'freeSpins', 'raffleTickets']),
  /** The money ('12.50'); null for the others. */
  amount: z.string().nullable(),
  /** The points, spins or tickets; null for money. */
  count: z.number().int().nullable(),
  /** The free spins' slot or the tickets' raffle, by name (null when it is gone). */
  on: z.string().nullable(),
  /** The free spins' slot, to launch it (null for the others). */
  game: z.object({ nodeId: z.number().int(), vassalage: z.string() }).nullable(),
});
export type PrizeView = z.infer<typeof prizeView>;

export const rewardItem = z.object({
  id: z.number().int(),
  /** rebate (a day's rebate of a promotion), signin (a day's sign-in), vip (a level-up or monthly VIP bonus), raffle (a raffle prize), referral (a friend invited, for the referrer and the friend), mission (a mission's step reached), leaderboard (a leaderboard prize) or operator (granted by hand). */
  kind: z.enum(['rebate', 'operator', 'signin', 'vip', 'raffle', 'referral', 'mission', 'leaderboard']),
  promotionId: z.number().int().nullable(),
  title: z.string(),
  /** What it is for, when it says: the brand day (rebate, sign-in), the VIP level reached or the month (vip), the friend's masked name (referral). */
  period: z.string().nullable(),
  /** The money it pays ('0.00' when it gives something else: see `prize`). */
  amount: z.string(),
  /** The turnover its bonus asks once claimed ('0.00': none). */
  turnover: z.string(),
  /** What it gives. */
  prize: prizeView,
  status: z.enum(['claimable', 'claimed', 'expired']),
  createdAt: z.number(),
  expiresAt: z.number(),
  claimedAt: z.number().nullable(),
});
export type RewardItem = z.infer<typeof rewardItem>;

/** The reward centre (spec 2.14): what may be claimed now first; `available` is spec 3's availablePromoCount. */
export const rewardList = defineCall({
  name: 'rewardList',
  method: 'GET',
  path: '/wps/promotions/rewards',
  token: true,
  value: z.object({ available: z.number().int(), items: z.array(rewardItem) }),
});

/** Claims one reward: it is paid into the main wallet once. */
export const rewardClaim = defineCall({
  name: 'rewardClaim',
  method: 'POST',
  path: '/wps/promotions/rewards/claim',
  token: true,
  body: z.object({ id: z.number().int().positive() }),
  value: z.object({ item: rewardItem, available: z.number().int() }),
});

/** Redeems a bonus code: its promotion's bonus is paid into the main wallet at once, with its wagering requirement. */
export const bonusCode = defineCall({
  name: 'bonusCode',
  method: 'POST',
  path: '/wps/promotions/code',
  token: true,
  body: z.object({ code: z.string().trim().min(1).max(40) }),
  value: z.object({ promotionId: z.number().int(), title: z.string(), amount: z.string(), turnover: z.string() }),
});

export const signinCalendar = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  /** Today, the brand's day. */
  today: z.string(),
  signedToday: z.boolean(),
  /** Days of the current unbroken run (today's, or the one today would continue). */
  streak: z.number().int(),
  period: z.enum(['W', 'M']),
  /** Every day of the period: signed, and what it earns (null for a day missed). */
  days: z.array(z.object({ day: z.string(), signed: z.boolean(), today: z.boolean(), reward: z.string().nullable() })),
});
export type SigninCalendar = z.infer<typeof signinCalendar>;

/** The daily sign-in's calendar of the current period (issue 15). */
export const signinStatus = defineCall({
  name: 'signinStatus',
  method: 'GET',
  path: '/wps/promotions/signin',
  token: true,
  value: signinCalendar,
});

/** Signs in for today: once per brand day; the day's reward goes to the reward centre. */
export const signinToday = defineCall({
  name: 'signinToday',
  method: 'POST',
  path: '/wps/promotions/signin',
  token: true,
  value: z.object({ day: z.string(), streak: z.number().int(), reward: rewardItem }),
});

const vipLevelView = z.object({ label: z.string(), validBets: z.string(), deposits: z.string(), levelUp: z.string(), monthly: z.string() });

export const vipStatusValue = z.object({
  /** The VIP promotion's id (its page). */
  promotionId: z.number().int(),
  /** The member's level (0 is where everyone starts) and its label (member info's clubLabel.labelName). */
  level: z.number().int(),
  label: z.string(),
  /** Valid bets and deposits since registration. */
  validBets: z.string(),
  deposits: z.string(),
  /** The next level and what is left to reach it; null at the top. */
  next: z.object({ label: z.string(), validBets: z.string(), deposits: z.string(), validBetsLeft: z.string(), depositsLeft: z.string() }).nullable(),
  /** The share of a level's valid bets that a month must reach for the level's monthly bonus. */
  keepPercent: z.number().int(),
  /** VIP bonuses waiting in the reward centre. */
  claimable: z.number().int(),
  levels: z.array(vipLevelView),
});
export type VipStatus = z.infer<typeof vipStatusValue>;

/** The VIP page (issue 15): the caller's level and progress, and the levels; refused with promotion.vip.off while the brand's VIP is off. */
export const vipStatus = defineCall({
  name: 'vipStatus',
  method: 'GET',
  path: '/wps/promotions/vip',
  token: true,
  value: vipStatusValue,
});

/** Today's daily free spins of a promotion (issue 15): the slot of the day, what a claim gives, and today's grant once claimed. */
export const freeSpinsOffer = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  /** The brand day they are for; they end at its end (`endsAt`). */
  day: z.string(),
  endsAt: z.number(),
  game: z.object({ nodeId: z.number().int(), gameName: z.string(), vassalage: z.string(), iconUrl: z.string() }),
  spins: z.number().int(),
  /** The stake of each spin on today's game. */
  bet: z.string(),
  /** The winnings' bonus asks this many times its amount in turnover. */
  wagering: z.number(),
  /** Today's grant, once claimed (its spins left and winnings so far); null before. */
  grant: freeSpinsValue.nullable(),
});
export type FreeSpinsOffer = z.infer<typeof freeSpinsOffer>;

export const freeSpinsStatus = defineCall({
  name: 'freeSpinsStatus',
  method: 'GET',
  path: '/wps/promotions/freespins',
  token: true,
  value: z.object({ items: z.array(freeSpinsOffer) }),
});

/** Claims today's free spins of a promotion (once per brand day: a second claim answers the same grant); trial accounts are refused. */
export const freeSpinsClaim = defineCall({
  name: 'freeSpinsClaim',
  method: 'POST',
  path: '/wps/promotions/freespins/claim',
  token: true,
  body: z.object({ promotionId: z.number().int().positive() }),
  value: freeSpinsOffer,
});

/** A friend of the referral page: the masked name, and how far the friend is (never the friend's figures beyond the targets). */
export const referralFriend = z.object({
  name: z.string(),
  registeredAt: z.number(),
  /** The friend's deposits reached the rule's minimum. */
  deposited: z.boolean(),
  /** Valid bets so far, at most the target. */
  validBets: z.string(),
  /** pending (on the way), rewarded (both paid), capped (the friend paid; the referrer's month was full), sameAddress (neither: the referrer's address). */
  status: z.enum(['pending', 'rewarded', 'capped', 'sameAddress']),
});

export const referralStatusValue = z.object({
  /** The invite-friends promotion's id (its page). */
  promotionId: z.number().int(),
  /** The caller's invite code (registration's referralCode). */
  code: z.string(),
  /** The rule: the friend's deposits to reach, the valid bets to reach, the two rewards and the monthly cap. */
  minDeposit: z.string(),
  validBets: z.string(),
  referrerReward: z.string(),
  friendReward: z.string(),
  monthlyCap: z.number().int(),
  /** Friends rewarded this brand month. */
  rewardedThisMonth: z.number().int(),
  /** Referral rewards waiting in the reward centre. */
  claimable: z.number().int(),
  /** The newest first, at most 200. */
  friends: z.array(referralFriend),
});
export type ReferralStatus = z.infer<typeof referralStatusValue>;

/** The referral page (issue 15; spec 2.14): the caller's invite code and friends; refused with promotion.referral.off while the brand has no invite-friends rule, and for agents (their code recruits a team). */
export const referralStatus = defineCall({
  name: 'referralStatus',
  method: 'GET',
  path: '/wps/promotions/referral',
  token: true,
  value: referralStatusValue,
});

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const raffleStatusValue = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  /** One ticket per this much of valid bets in the period, at most maxTickets. */
  ticketPer: z.string(),
  maxTickets: z.number().int(),
  /** The prizes, first prize first. */
  prizes: z.array(z.string()),
  /** This period: its bounds, when it is drawn, the SHA-256 of its secret seed (shown before the draw), the caller's tickets so far. */
  current: z.object({ start: z.number(), end: z.number(), from: z.string(), to: z.string(), drawAfter: z.number(), seedHash: hex64, tickets: z.number().int() }).nullable(),
  /** The latest drawn period: its revealed seed, tickets, the caller's ticket numbers, the winners (names masked; the caller's own with its reward). */
  last: z
    .object({
      start: z.number(),
      end: z.number(),
      /** The period's first and last brand days. */
      from: z.string(),
      to: z.string(),
      seedHash: hex64,
      seed: hex64,
      tickets: z.number().int(),
      myTickets: z.object({ first: z.number().int(), count: z.number().int() }).nullable(),
      winners: z.array(
        z.object({
          rank: z.number().int(),
          ticket: z.number().int(),
          account: z.string(),
          amount: z.string(),
          mine: z.boolean(),
          rewardId: z.number().int().nullable(),
          status: z.enum(['claimable', 'claimed', 'expired']).nullable(),
        }),
      ),
    })
    .nullable(),
});
export type RaffleStatus = z.infer<typeof raffleStatusValue>;

/** The brand's raffles as the caller sees them (the reward centre). */
export const raffleStatus = defineCall({
  name: 'raffleStatus',
  method: 'GET',
  path: '/wps/promotions/raffle',
  token: true,
  query: z.object({ promotionId: intParam(1, 1_000_000) }),
  value: z.array(raffleStatusValue),
});

export const raffleVerification = z.object({
  promotionId: z.number().int(),
  start: z.number(),
  seed: hex64,
  seedHash: hex64,
  /** SHA-256 of the seed's bytes is the hash shown before the draw. */
  seedMatchesHash: z.boolean(),
  /** The HMAC message of the first block of words (then the same with `:1`, `:2`... appended). */
  message: z.string(),
  tickets: z.number().int(),
  /** Every entry's ticket range, in ticket order (no names). */
  entries: z.array(z.object({ first: z.number().int(), count: z.number().int() })),
  /** The winners recomputed from the seed and entries. */
  winners: z.array(z.object({ rank: z.number().int(), ticket: z.number().int(), account: z.string() })),
  /** The recomputed winners are the recorded ones. */
  matches: z.boolean(),
});
export type RaffleVerification = z.infer<typeof raffleVerification>;

/** Recomputes a drawn period from its revealed seed (public: anyone may check a draw). */
export const raffleVerify = defineCall({
  name: 'raffleVerify',
  method: 'GET',
  path: '/wps/promotions/raffle/verify',
  query: z.object({ promotionId: intParam(1, 1_000_000), start: z.coerce.number().int().min(0).max(8.64e15) }),
  value: raffleVerification,
});

/** Spec 7's raffle claim: one prize by its reward id, or every claimable prize (of one raffle, by promotionId). */
export const claimRafflePromotion = defineCall({
  name: 'MCS2_claimRafflePromotion',
  method: 'POST',
  path: '/wps/relay/MCS2_claimRafflePromotion',
  token: true,
  body: z.object({ id: z.number().int().positive().optional(), promotionId: z.number().int().positive().optional() }),
  value: z.object({ claimed: z.array(rewardItem), available: z.number().int() }),
});

/** A step of a mission: its target, its reward and the reward's state in the current period. */
export const missionStep = z.object({
  /** Money ('100.00') for money goals, else a count ('20'). */
  target: z.string(),
  reward: prizeView,
  /** The turnover a money reward's bonus asks once claimed ('0.00': none, or not money). */
  turnover: z.string(),
  /** open: not reached yet; claimable: reached, its reward waits in the reward centre; claimed; expired. */
  state: z.enum(['open', 'claimable', 'claimed', 'expired']),
  /** The reward centre's reward of a reached step (claimed with rewardClaim). */
  rewardId: z.number().int().nullable(),
});

export const missionView = z.object({
  id: z.number().int(),
  title: z.string(),
  /** D daily, W weekly (from Monday), M monthly, once: one run between two days. */
  period: z.enum(['D', 'W', 'M', 'once']),
  /** What counts (server/mission-settings.ts): the page words it. */
  goal: z.object({
    kind: z.enum(['deposit', 'wager', 'rounds', 'winMultiple', 'loginDays', 'lotteryTickets', 'friends']),
    measure: z.enum(['amount', 'count']).nullable(),
    categories: z.array(z.string()),
    vendors: z.array(z.string()),
    multiple: z.number().nullable(),
    minBet: z.string().nullable(),
    consecutive: z.boolean().nullable(),
  }),
  unit: z.enum(['money', 'count']),
  /** Progress in the current period, and the last step's target. */
  progress: z.string(),
  target: z.string(),
  /** The current period's first instant and the instant it resets or ends (null: never). */
  startsAt: z.number(),
  endsAt: z.number().nullable(),
  steps: z.array(missionStep),
  /** claimable: a reward waits; done: every step reached; open: steps to go. */
  state: z.enum(['open', 'claimable', 'done']),
});
export type MissionView = z.infer<typeof missionView>;

export const missionsValue = z.object({
  /** Mission rewards waiting in the reward centre (the missions page's red badge). */
  claimable: z.number().int(),
  symbol: z.string(),
  missions: z.array(missionView),
});
export type MissionsValue = z.infer<typeof missionsValue>;

/** Spec 7's missions call: the caller's missions of the current periods, with progress and steps (the spec shows no shape: this one is ours). */
export const missionSummary = defineCall({
  name: 'MCSFE_getMissionSummaryDetails',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionSummaryDetails',
  token: true,
  value: missionsValue,
});

const leaderboardEntry = z.object({ rank: z.number().int(), account: z.string(), score: z.string(), mine: z.boolean() });

export const leaderboardView = z.object({
  id: z.number().int(),
  title: z.string(),
  period: z.enum(['D', 'W', 'M']),
  goal: z.object({ kind: z.enum(['deposit', 'wager', 'rounds']), categories: z.array(z.string()), vendors: z.array(z.string()) }),
  unit: z.enum(['money', 'count']),
  /** The smallest score that takes part. */
  minScore: z.string(),
  /** Prizes by rank, the first's first. */
  prizes: z.array(prizeView),
  /** The current period and the SHA-256 of its seed (ties of its final standings are broken by it). */
  startsAt: z.number(),
  endsAt: z.number(),
  seedHash: hex64,
  /** The top 20 now, names masked; equal scores share a rank until the end. */
  top: z.array(leaderboardEntry),
  /**
   * The caller's score and rank (null below the minimum), and their entrant code in this period
   * (the verify call lists contenders by it); null for a trial account or a member who takes no part.
   */
  me: z.object({ score: z.string(), rank: z.number().int().nullable(), entrant: z.string() }).nullable(),
  /** The last paid period: its winners and revealed seed. */
  last: z
    .object({
      key: z.string(),
      from: z.string(),
      to: z.string(),
      seedHash: hex64,
      seed: hex64,
      entries: z.number().int(),
      winners: z.array(leaderboardEntry.omit({ mine: true }).extend({ prize: prizeView, mine: z.boolean() })),
    })
    .nullable(),
});
export type LeaderboardView = z.infer<typeof leaderboardView>;
export const leaderboardsValue = z.object({ symbol: z.string(), boards: z.array(leaderboardView) });
export type LeaderboardsValue = z.infer<typeof leaderboardsValue>;

/** Spec 7's mission leaderboard (the cash-back tile): the brand's leaderboards with the top and the caller's rank (the spec shows no shape: this one is ours). */
export const missionLeaderboard = defineCall({
  name: 'MCSFE_getMissionLeaderboard',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionLeaderboard',
  token: true,
  value: leaderboardsValue,
});

export const leaderboardVerification = z.object({
  boardId: z.number().int(),
  periodKey: z.string(),
  seed: hex64,
  seedHash: hex64,
  seedMatchesHash: z.boolean(),
  /** The HMAC-SHA256 message of a contender's tie-break, keyed by the seed's bytes (`<entrant>`: their code). */
  message: z.string(),
  /** How many prizes the period paid. */
  prizes: z.number().int(),
  /**
   * Everyone who could win when the period was paid (every score at least the last prize's, so
   * the tied at the edge too), by entrant code and masked name, with the tie-break and the prize
   * rank won (null: none). A period paid before entrant codes lists its winners only, without codes.
   */
  contenders: z.array(z.object({ entrant: z.string().nullable(), account: z.string(), score: z.string(), tiebreak: z.string().nullable(), rank: z.number().int().nullable() })),
  /** The contenders' order recomputed from the seed (score, then tie-break) gives the recorded winners. */
  matches: z.boolean(),
});
export type LeaderboardVerification = z.infer<typeof leaderboardVerification>;

/** Recomputes a paid leaderboard period's order from its revealed seed (public). */
export const leaderboardVerify = defineCall({
  name: 'leaderboardVerify',
  method: 'GET',
  path: '/wps/promotions/leaderboard/verify',
  query: z.object({ boardId: intParam(1, 1_000_000), periodKey: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) }),
  value: leaderboardVerification,
});

/** The manual rebate (issue 36; spec 2.14) as the member sees it. */
export const manualRebateView = z.object({
  /** false: the brand offers no manual rebate, or the account is a trial one. */
  enabled: z.boolean(),
  promotionId: z.number().int().nullable(),
  title: z.string().nullable(),
  symbol: z.string(),
  /** The brand day it counts, and when the next one starts (what is not claimed by then is the day's automatic rebate). */
  day: z.string(),
  resetsAt: z.number(),
  /** The promotion's rates, basis points per game category (120 = 1.20%). */
  rates: z.array(z.object({ category: z.string(), rate: z.number().int() })),
  /** Today's valid bets not claimed yet, per category, with their rebate. */
  categories: z.array(z.object({ category: z.string(), validBet: z.string(), rate: z.number().int(), amount: z.string() })),
  /** The categories' rebates added up, and what a claim pays now (the total floored once, within the day's cap). */
  total: z.string(),
  claimable: z.string(),
  /** The smallest claim, the day's cap, and what claims took of it today. */
  min: z.string(),
  max: z.string(),
  claimedToday: z.string(),
  /** The wagering a claim's bonus asks (null: none). */
  wagering: z.object({ multiple: z.number(), days: z.number().int() }).nullable(),
  /** The latest claims. */
  history: z.array(z.object({ id: z.number().int(), at: z.number(), day: z.string(), amount: z.string(), validBet: z.string() })),
});
export type ManualRebateView = z.infer<typeof manualRebateView>;

/** The caller's manual rebate now (the spec names no call; ours). */
export const manualRebate = defineCall({
  name: 'manualRebate',
  method: 'GET',
  path: '/wps/promotions/rebate',
  token: true,
  value: manualRebateView,
});

/** Claims today's manual rebate: paid into the main wallet once (the same key answers the first claim). */
export const manualRebateClaim = defineCall({
  name: 'manualRebateClaim',
  method: 'POST',
  path: '/wps/promotions/rebate/claim',
  token: true,
  body: z.object({ idempotencyKey }),
  value: z.object({ paid: z.string(), turnover: z.string(), rebate: manualRebateView }),
});

export const promotionCalls = [
  manualRebate,
  manualRebateClaim,
  missionSummary,
  missionLeaderboard,
  leaderboardVerify,
  depositOffers,
  freeSpinsStatus,
  freeSpinsClaim,
  referralStatus,
  raffleStatus,
  raffleVerify,
  claimRafflePromotion,
  vipStatus,
  signinStatus,
  signinToday,
  promotionStatuses,
  promotionJoin,
  rewardList,
  rewardClaim,
  bonusCode,
];

/** The promotions' events (src/kernel/event-types.ts), each with the system message it gives its member. */
const amountText = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A name in every language of the site (a promotion's title): the message shows the reader's. */
const titles = z.record(z.string(), z.string());
export const bonusIssued = defineEvent({
  kind: 'promotions.bonus.issued',
  version: 1,
  payload: z.object({ promotionId: z.number().int(), amount: amountText, turnover: amountText, symbol: z.string() }),
  message: 'messages:promotions.bonusIssued',
  marketing: true,
});
export const bonusMissed = defineEvent({
  kind: 'promotions.bonus.missed',
  version: 1,
  payload: z.object({
    promotionId: z.number().int(),
    titles,
    reason: z.enum(['notJoined', 'belowMinimum']),
    amount: amountText,
    minDeposit: amountText.nullable(),
    symbol: z.string(),
    orderId: z.string(),
  }),
  message: 'messages:promotions.bonusMissed',
  marketing: true,
});
export const vipLevelUp = defineEvent({
  kind: 'promotions.vip.levelup',
  version: 1,
  payload: z.object({ level: z.string(), reward: amountText, symbol: z.string() }),
  message: 'messages:promotions.vipLevelUp',
  marketing: true,
});
export const applicationRejected = defineEvent({
  kind: 'promotions.application.rejected',
  version: 1,
  payload: z.object({ promotionId: z.number().int(), titles, note: z.string() }),
  message: 'messages:promotions.applicationRejected',
});
export const referralRewarded = defineEvent({
  kind: 'promotions.referral.rewarded',
  version: 1,
  payload: z.object({ friend: z.string(), reward: amountText, symbol: z.string() }),
  message: 'messages:promotions.referralRewarded',
  marketing: true,
});
export const referralWelcomed = defineEvent({
  kind: 'promotions.referral.welcomed',
  version: 1,
  payload: z.object({ reward: amountText, symbol: z.string() }),
  message: 'messages:promotions.referralWelcomed',
  marketing: true,
});
export const promotionEvents = [bonusIssued, bonusMissed, vipLevelUp, applicationRejected, referralRewarded, referralWelcomed];
