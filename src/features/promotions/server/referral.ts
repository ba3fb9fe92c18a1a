/**
 * Invite friends (issue 15; spec 2.4, 2.14, 3's REFERRAL entry): the brand's rule of kind
 * `referral` (server/settings.ts). A player's invite code is the player's affiliate code
 * (accounts): a member who registers with it has the player as upline, and is the player's friend.
 *
 * When the friend's deposits reach the rule's minimum and the friend's valid bets
 * (the wallet's daily figures) reach its target, the referral is decided once, with the referrer's
 * row locked (so the monthly cap counts right whoever decides): both earn their reward in the
 * reward centre; past the cap only the friend does; a friend who registered or logged in from one
 * of the referrer's addresses earns neither (one household or device). Who decides: the deposit
 * consumer (a friend's credited deposit), the job `promotions.referral` every minute for friends
 * who played since its last run (rounds make no event), and the referral page when the referrer
 * opens it. The inbox tells both. Agents' codes recruit their team (agent contracts pay them), not friends.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import { referralProgramme, type PromotionRule, type ReferralReward, promotionRules } from './settings.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { readSetting, writeSetting } from '../../../kernel/db/settings.ts';
import { addDays, dayIn } from '../../../kernel/days.ts';
import { consumer, emit, on } from '../../../kernel/events.ts';
import { depositCredited } from '../../wallet/contract.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { maskName } from '../../../kernel/mask.ts';
import { PLAYER_TYPE, TRIAL_TYPE, isTrialType } from '../../accounts/contract.ts';
import { member } from '../../accounts/index.ts';
import { listPromotions } from '../../content/index.ts';
import { money } from '../../wallet/index.ts';
import { referralRewarded, referralWelcomed, type ReferralStatus } from '../contract.ts';
import { publicStatus } from './engine.ts';
import { promoReferral, promoReward } from './tables.ts';
import { turnoverOf } from './rules.ts';

const DAY = 86_400_000;

type Decided = 'rewarded' | 'capped' | 'sameAddress';
export type FriendStatus = Decided | 'pending';

/** The brand's invite-friends programme, or null when it has none. */
export function referral(): { rule: PromotionRule; reward: ReferralReward } | null {
  return referralProgramme(promotionRules());
}

/** Did the promotion run when the friend registered (its page's dates)? A rule without a page runs nothing. */
function ranAt(rule: PromotionRule, at: number): boolean {
  const words = listPromotions('en').find((p) => p.id === rule.id);
  if (!words) return false;
  const s = publicStatus(rule, words, at);
  return s !== 'comingSoon' && s !== 'closed';
}

/** The friend's deposits and valid bets so far, from the wallet's daily figures. */
async function progressOf(db: Db | Tx, friendId: number): Promise<{ deposits: bigint; bets: bigint }> {
  const [r] = rowsOf(await db.execute(sql`select coalesce(sum(deposit), 0)::text as deposits, coalesce(sum(valid_bet), 0)::text as bets from member_day where member_id = ${friendId}`));
  return { deposits: BigInt(String(r?.deposits ?? '0')), bets: BigInt(String(r?.bets ?? '0')) };
}

/** Do the two members share an address (registration or any login)? */
async function shareAnAddress(db: Db | Tx, a: number, b: number): Promise<boolean> {
  const [r] = rowsOf(
    await db.execute(sql`
      with addresses as (
        select id as member_id, register_ip as ip from member where id in (${a}, ${b}) and register_ip is not null
        union select member_id, ip from member_login_ip where member_id in (${a}, ${b}))
      select exists (
        select 1 from addresses x join addresses y on x.ip = y.ip and x.member_id = ${a} and y.member_id = ${b}) as shared`),
  );
  return r?.shared === true || r?.shared === 't';
}

/**
 * Decides the friend's referral inside `tx` when it is due, once: answers its status (pending
 * while the deposits or the valid bets are short), or null when the member is nobody's
 * friend under the rule (no player upline, a trial account, registered outside the promotion).
 */
export async function settleFriend(tx: Tx, friendId: number, now = clock.now()): Promise<FriendStatus | null> {
  const programme = referral();
  if (!programme) return null;
  const { rule, reward } = programme;
  const [f] = await tx.select({ type: member.type, uplineId: member.uplineId, username: member.username, createdAt: member.createdAt }).from(member).where(eq(member.id, friendId));
  if (!f || isTrialType(f.type) || f.uplineId === null || !ranAt(rule, f.createdAt.getTime())) return null;
  // The referrer's row first: two deciders of one referrer's friends queue here, and the cap counts right.
  // (no key update: the referrer's own rounds and deposits, which reference the row, go on meanwhile)
  const [r] = await tx.select({ type: member.type, username: member.username }).from(member).where(eq(member.id, f.uplineId)).for('no key update');
  if (!r || r.type !== PLAYER_TYPE) return null;
  const [done] = await tx.select({ status: promoReferral.status }).from(promoReferral).where(eq(promoReferral.friendId, friendId));
  if (done) return done.status as Decided;
  const p = await progressOf(tx, friendId);
  if (p.deposits < reward.minDeposit || p.bets < reward.validBets) return 'pending';

  const month = dayIn(now, brand().timeZone).slice(0, 7);
  let status: Decided;
  if (await shareAnAddress(tx, f.uplineId, friendId)) status = 'sameAddress';
  else {
    const [c] = await tx
      .select({ n: count() })
      .from(promoReferral)
      .where(and(eq(promoReferral.referrerId, f.uplineId), eq(promoReferral.month, month), eq(promoReferral.status, 'rewarded')));
    status = Number(c?.n ?? 0) >= reward.monthlyCap ? 'capped' : 'rewarded';
  }
  await tx.insert(promoReferral).values({ friendId, referrerId: f.uplineId, status, month, decidedAt: new Date(now) });
  const pay = async (memberId: number, amount: bigint, period: string | null) => {
    if (amount <= 0n) return;
    await tx
      .insert(promoReward)
      .values({
        memberId,
        kind: 'referral',
        promotionId: rule.id,
        reference: `referral:${friendId}`,
        period,
        amount,
        turnover: turnoverOf(amount, rule.wagering),
        wageringDays: rule.wagering?.days ?? null,
        status: 'claimable',
        createdAt: new Date(now),
        expiresAt: new Date(now + reward.claimDays * DAY),
      })
      .onConflictDoNothing();
  };
  const symbol = brand().currencySymbol;
  if (status === 'rewarded' && reward.referrer > 0n) {
    await pay(f.uplineId, reward.referrer, maskName(f.username));
    await emit(tx, referralRewarded, f.uplineId, { friend: maskName(f.username), reward: money(reward.referrer), symbol });
  }
  if (status !== 'sameAddress' && reward.friend > 0n) {
    await pay(friendId, reward.friend, maskName(r.username));
    await emit(tx, referralWelcomed, friendId, { reward: money(reward.friend), symbol });
  }
  return status;
}

/** A friend's credited deposit may complete the referral: heard from the wallet's event, in the batch's transaction. */
export const referralConsumer = consumer('promotions.referral', [
  on(depositCredited, async (tx, e) => {
    if (e.memberId !== null) await settleFriend(tx, e.memberId);
  }),
]);

/** SQL: the friend `f` reached both of the rule's figures (only then is there anything to decide). */
const due = (reward: ReferralReward) => sql`
  (select coalesce(sum(d.deposit), 0) from member_day d where d.member_id = f.id) >= ${reward.minDeposit}
  and (select coalesce(sum(d.valid_bet), 0) from member_day d where d.member_id = f.id) >= ${reward.validBets}`;

/** When the job last looked (ms): the next run looks at friends with figures since the day before it. */
const SCANNED = 'promotions.referral.scannedAt';

/** The job: the undecided friends of players who played or deposited since the day before its last run (all of them on the first). */
export async function runReferralJob(db: Db, now = clock.now()): Promise<{ decided: number }> {
  const programme = referral();
  if (!programme) return { decided: 0 };
  const last = await readSetting<number | null>(db, SCANNED, null);
  const recent = last === null ? sql`true` : sql`d.day >= ${addDays(dayIn(Math.min(last, now), brand().timeZone), -1)}`;
  const ids = rowsOf(
    await db.execute(sql`
      select f.id from member f
      join member r on r.id = f.upline_id and r.type = ${PLAYER_TYPE}
      where f.type <> ${TRIAL_TYPE}
        and not exists (select 1 from promo_referral p where p.friend_id = f.id)
        and exists (select 1 from member_day d where d.member_id = f.id and ${recent})
        and ${due(programme.reward)}`),
  ).map((x) => Number(x.id));
  let decided = 0;
  for (const id of ids) {
    const s = await db.transaction((tx) => settleFriend(tx, id, now));
    if (s && s !== 'pending') decided += 1;
  }
  await writeSetting(db, SCANNED, now);
  return { decided };
}

/** The referral page's answer (its friends decided first where due). */
export async function referralStatus(db: Db, memberId: number): Promise<ReferralStatus> {
  const programme = referral();
  if (!programme) throw new ApiError(404, 'promotion.referral.off');
  const { rule, reward } = programme;
  const [me] = await db.select({ type: member.type, code: member.affiliateCode }).from(member).where(eq(member.id, memberId));
  if (!me) throw new ApiError(401, 'login.not.session');
  if (isTrialType(me.type) || !me.code) throw new ApiError(403, 'account.trial');
  if (me.type !== PLAYER_TYPE) throw new ApiError(403, 'promotion.referral.agent');
  const undecided = rowsOf(
    await db.execute(sql`
      select f.id from member f
      where f.upline_id = ${memberId} and not exists (select 1 from promo_referral p where p.friend_id = f.id) and ${due(reward)}
      limit 500`),
  );
  for (const x of undecided) await db.transaction((tx) => settleFriend(tx, Number(x.id)));
  const friends = rowsOf(
    await db.execute(sql`
      select f.username, f.created_at, p.status,
        coalesce((select sum(d.deposit) from member_day d where d.member_id = f.id), 0)::text as deposits,
        coalesce((select sum(d.valid_bet) from member_day d where d.member_id = f.id), 0)::text as bets
      from member f left join promo_referral p on p.friend_id = f.id
      where f.upline_id = ${memberId} and f.type <> ${TRIAL_TYPE}
      order by f.created_at desc, f.id desc
      limit 200`),
  );
  const month = dayIn(clock.now(), brand().timeZone).slice(0, 7);
  const [rewarded] = await db
    .select({ n: count() })
    .from(promoReferral)
    .where(and(eq(promoReferral.referrerId, memberId), eq(promoReferral.month, month), eq(promoReferral.status, 'rewarded')));
  const [waiting] = await db
    .select({ n: count() })
    .from(promoReward)
    .where(and(eq(promoReward.memberId, memberId), eq(promoReward.kind, 'referral'), eq(promoReward.status, 'claimable'), gt(promoReward.expiresAt, new Date(clock.now()))));
  return {
    promotionId: rule.id,
    code: me.code,
    minDeposit: money(reward.minDeposit),
    validBets: money(reward.validBets),
    referrerReward: money(reward.referrer),
    friendReward: money(reward.friend),
    monthlyCap: reward.monthlyCap,
    rewardedThisMonth: Number(rewarded?.n ?? 0),
    claimable: Number(waiting?.n ?? 0),
    friends: friends.map((f) => {
      const bets = BigInt(String(f.bets ?? '0'));
      return {
        name: maskName(String(f.username)),
        registeredAt: new Date(f.created_at as string).getTime(),
        deposited: BigInt(String(f.deposits ?? '0')) >= reward.minDeposit,
        validBets: money(bets < reward.validBets ? bets : reward.validBets),
        status: (f.status as FriendStatus | null) ?? 'pending',
      };
    }),
  };
}
