/**
 * Operator commands of the promotions engine: rewards by hand for one member (claimable in the
 * reward centre), a member's rewards, the rewards job run now; a member's VIP level and the VIP job.
 */
import { randomBytes } from 'node:crypto';
import type { OpsCommand } from '../../../kernel/feature.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { parseMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { findByUsername } from '../../accounts/index.ts';
import { grantOperatorReward, listRewards, runRewardJobs } from './rewards.ts';
import { runVipJob, vip, vipStatus } from './vip.ts';
import { runRaffleJobs } from './raffle.ts';
import { decideApplication, pendingApplications } from './engine.ts';

const USAGE = `  reward grant --username <U> --amount <A> --title <text> [--title-es <text>] [--days <N>] [--key <K>]
                                                       a reward the member claims in the reward centre
                                                       within N days (default 7); --key makes it once
  reward list --username <U>                           a member's rewards
  reward run                                           compute the closed days' rebates and expire old rewards now`;

export const promotionCommands: OpsCommand[] = [
  {
    name: 'reward',
    consoleRoles: ['finance'],
    usage: USAGE,
    options: ['username', 'amount', 'title', 'title-es', 'days', 'key'],
    async run(db, { verb, flags }) {
      if (verb === 'run') {
        const r = await runRewardJobs(db, Date.now());
        return { ok: true, changed: r.written + r.expired > 0, output: `${r.written} reward(s) written, ${r.expired} expired.` };
      }
      const username = (flags.username ?? '').trim();
      if (!username || username === 'true') return { ok: false, output: `--username is required\n${USAGE}` };
      const m = await findByUsername(db, username);
      if (!m) return { ok: false, output: `No member ${username}.` };
      if (verb === 'list') {
        const { items } = await listRewards(db, m.id, 'en');
        return {
          ok: true,
          output:
            items
              .map(
                (r) =>
                  `${r.id}  ${r.status.padEnd(9)}  ${r.prize.kind === 'money' ? r.amount : `${r.prize.count} ${r.prize.kind}${r.prize.on ? ` (${r.prize.on})` : ''}`}  ${r.title}${r.period ? ` (${r.period})` : ''}`,
              )
              .join('\n') || '(no reward)',
        };
      }
      if (verb === 'grant') {
        const amount = parseMinor(flags.amount ?? '', brand().currencyDecimals);
        if (amount === null || amount <= 0n) return { ok: false, output: '--amount is a positive amount, such as 12.50' };
        const title = (flags.title ?? '').trim();
        if (!title || title === 'true') return { ok: false, output: '--title is required (the member reads it)' };
        const days = Number(flags.days ?? 7);
        if (!Number.isInteger(days) || days < 1 || days > 365) return { ok: false, output: '--days is a whole number of days, 1 to 365' };
        const key = flags.key && flags.key !== 'true' ? flags.key : randomBytes(12).toString('hex');
        const titles: Record<string, string> = { en: title };
        if (flags['title-es'] && flags['title-es'] !== 'true') titles.es = flags['title-es'];
        try {
          const created = await grantOperatorReward(db, { memberId: m.id, key, titles, amount, days });
          return { ok: true, changed: created, output: created ? `Reward of ${flags.amount} for ${username}, claimable for ${days} day(s).` : 'A reward with this --key exists already.' };
        } catch (err) {
          if (err instanceof ApiError) return { ok: false, output: err.errorCode };
          throw err;
        }
      }
      return { ok: false, output: `Usage:\n${USAGE}` };
    },
  },
];

const VIP_USAGE = `  vip show --username <U>                              a member's VIP level, figures and what is left to the next
  vip run                                              raise the levels of members who played, and pay the month's VIP bonuses, now`;

promotionCommands.push({
  name: 'vip',
  consoleRoles: ['finance'],
  usage: VIP_USAGE,
  options: ['username'],
  async run(db, { verb, flags }) {
    if (!vip()) return { ok: false, output: 'The brand has no VIP programme (a promotion rule of kind vip in its brand file).' };
    if (verb === 'run') {
      const r = await runVipJob(db, Date.now());
      return { ok: true, changed: r.raised + r.monthly > 0, output: `${r.raised} member(s) raised, ${r.monthly} monthly bonus(es) written.` };
    }
    if (verb !== 'show') return { ok: false, output: `Usage:\n${VIP_USAGE}` };
    const username = (flags.username ?? '').trim();
    if (!username || username === 'true') return { ok: false, output: `--username is required\n${VIP_USAGE}` };
    const m = await findByUsername(db, username);
    if (!m) return { ok: false, output: `No member ${username}.` };
    try {
      const v = await vipStatus(db, m.id);
      const next = v.next ? `next ${v.next.label}: ${v.next.validBetsLeft} of valid bets and ${v.next.depositsLeft} of deposits to go` : 'top level';
      return { ok: true, output: `${username}: ${v.label} (valid bets ${v.validBets}, deposits ${v.deposits}); ${next}; ${v.claimable} VIP bonus(es) to claim.` };
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, output: err.errorCode };
      throw err;
    }
  },
});

promotionCommands.push({
  name: 'raffle',
  consoleRoles: ['finance'],
  usage: '  raffle run                                           open the current draws and draw the ended periods now',
  async run(db, { verb }) {
    if (verb !== 'run') return { ok: false, output: 'Usage:\n  raffle run' };
    const r = await runRaffleJobs(db, Date.now());
    return { ok: true, changed: r.drawn > 0, output: `${r.drawn} draw(s) made, ${r.prizes} prize(s) awarded.` };
  },
});

const APPLY_USAGE = `  promotion applications [--id <N>]                    applications waiting for a decision, oldest first
  promotion approve --username <U> --id <N>            pay the promotion's reward to the applicant (a message tells them)
  promotion reject --username <U> --id <N> [--note <text>]
                                                       turn an application down (the note goes in the member's message)`;

promotionCommands.push({
  name: 'promotion',
  consoleRoles: ['finance'],
  usage: APPLY_USAGE,
  options: ['username', 'id', 'note'],
  async run(db, { verb, flags }) {
    const id = flags.id === undefined ? undefined : Number(flags.id);
    if (id !== undefined && (!Number.isInteger(id) || id < 1)) return { ok: false, output: '--id is a promotion id, such as 10' };
    if (verb === 'applications') {
      const list = await pendingApplications(db, id);
      return { ok: true, output: list.map((a) => `${a.appliedAt.toISOString()}  ${a.username}  ${a.promotionId} ${a.title}`).join('\n') || '(no application waiting)' };
    }
    if (verb !== 'approve' && verb !== 'reject') return { ok: false, output: `Usage:\n${APPLY_USAGE}` };
    const username = (flags.username ?? '').trim();
    if (!username || username === 'true' || id === undefined) return { ok: false, output: `--username and --id are required\n${APPLY_USAGE}` };
    const m = await findByUsername(db, username);
    if (!m) return { ok: false, output: `No member ${username}.` };
    const note = flags.note && flags.note !== 'true' ? flags.note : '';
    try {
      const status = await decideApplication(db, m.id, id, verb, note);
      return { ok: true, changed: true, output: status === 'issued' ? `Approved: ${username} is paid promotion ${id}'s reward.` : `Rejected: ${username}'s application for promotion ${id}.` };
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, output: err.errorCode };
      throw err;
    }
  },
});
