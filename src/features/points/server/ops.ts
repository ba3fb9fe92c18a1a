/**
 * Operator commands of points and the mall (issue 32). `points` (finance: it makes value) gives a
 * member points by hand or runs the earning job now; `mall` (support and finance) lists the goods
 * waiting to be sent and moves a redemption on (shipped, done, or refused: its points and stock
 * given back).
 */
import { randomBytes } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import type { OpsCommand } from '../../../kernel/feature.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { isTrialType } from '../../accounts/contract.ts';
import { findByUsername } from '../../accounts/index.ts';
import { earnPointsOnce } from '../../wallet/index.ts';
import { setRedemptionStatus } from './mall.ts';
import { runEarnJob } from './earning.ts';
import { mallRedemption } from './tables.ts';

const POINTS_USAGE = `  points grant --username <U> --points <N> --reason <text>
                                                       give a member points by hand (at most 1,000,000;
                                                       recorded with the reason)
  points run                                           earn the closed days' points now`;

const MALL_USAGE = `  mall redemptions                                     goods redemptions pending or shipped, oldest first
  mall status --id <N> --to <shipped|done|refused> [--note <text>]
                                                       move a goods redemption on (refused gives its points
                                                       and its stock back)`;

export const pointsCommands: OpsCommand[] = [
  {
    name: 'points',
    consoleRoles: ['finance'],
    usage: POINTS_USAGE,
    options: ['username', 'points', 'reason'],
    async run(db, { verb, flags }) {
      if (verb === 'run') {
        const n = await runEarnJob(db, Date.now());
        return { ok: true, changed: n > 0, output: `${n} member(s) earned points.` };
      }
      if (verb === 'grant') {
        const m = await findByUsername(db, String(flags.username ?? ''));
        const n = Number(flags.points);
        const reason = flags.reason && flags.reason !== 'true' ? flags.reason : '';
        if (!m || isTrialType(m.type) || !Number.isInteger(n) || n <= 0 || n > 1_000_000 || !reason)
          return { ok: false, output: `--username (a real account), --points (1 to 1,000,000) and --reason are required\n${POINTS_USAGE}` };
        await db.transaction((tx) => earnPointsOnce(tx, m.id, BigInt(n), `points:grant:${m.id}:${randomBytes(8).toString('hex')}`, 'grant'));
        return { ok: true, changed: true, output: `Granted ${n} points to ${m.username} (${reason}).` };
      }
      return { ok: false, output: POINTS_USAGE };
    },
  },
  {
    name: 'mall',
    consoleRoles: ['support', 'finance'],
    usage: MALL_USAGE,
    options: ['id', 'to', 'note'],
    async run(db, { verb, flags }) {
      if (verb === 'redemptions') {
        const rows = await db
          .select()
          .from(mallRedemption)
          .where(inArray(mallRedemption.status, ['pending', 'shipped']))
          .orderBy(asc(mallRedemption.createdAt))
          .limit(200);
        return {
          ok: true,
          output:
            rows
              .map(
                (r) =>
                  `${r.id}  ${r.status.padEnd(8)}  member ${r.memberId}  ${r.titles.en ?? ''}  ${r.points} points  ${r.address ? `${r.address.name}, ${r.address.phone}, ${r.address.address}` : ''}`,
              )
              .join('\n') || '(none)',
        };
      }
      if (verb === 'status') {
        const id = Number(flags.id);
        const to = flags.to;
        if (!Number.isInteger(id) || id <= 0 || (to !== 'shipped' && to !== 'done' && to !== 'refused')) return { ok: false, output: `--id and --to are required\n${MALL_USAGE}` };
        try {
          const r = await setRedemptionStatus(db, id, to, flags.note && flags.note !== 'true' ? flags.note : null);
          return { ok: true, changed: true, output: `Redemption ${r.id} is now ${r.status}.` };
        } catch (err) {
          if (err instanceof ApiError) return { ok: false, output: `${err.errorCode}` };
          throw err;
        }
      }
      return { ok: false, output: MALL_USAGE };
    },
  },
];
