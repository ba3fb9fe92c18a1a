/**
 * Operator commands of the points mall (issue 32): the redemptions waiting to be sent, and a
 * redemption moved on (shipped, done, or refused: its points and stock given back); the points
 * job run now.
 */
import type { OpsCommand } from '../../../kernel/feature.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { desc, inArray } from 'drizzle-orm';
import { setRedemptionStatus } from './mall.ts';
import { runEarnJob } from './earning.ts';
import { randomBytes } from 'node:crypto';
import { findByUsername } from '../../accounts/index.ts';
import { earnPointsOnce } from '../../wallet/index.ts';
import { mallRedemption } from './tables.ts';

const USAGE = `  points redemptions                                   goods redemptions pending or shipped, oldest first
  points status --id <N> --to <shipped|done|refused> [--note <text>]
                                                       move a goods redemption on (refused gives its points
                                                       and its stock back)
  points run                                           earn the closed days' points now
  points grant --username <U> --points <N> --reason <text>
                                                       give a member points by hand (recorded with the reason)`;

export const pointsCommands: OpsCommand[] = [
  {
    name: 'points',
    consoleRoles: ['support', 'finance'],
    usage: USAGE,
    options: ['id', 'to', 'note', 'username', 'points', 'reason'],
    async run(db, { verb, flags }) {
      if (verb === 'run') {
        const n = await runEarnJob(db, Date.now());
        return { ok: true, changed: n > 0, output: `${n} member-day(s) earned points.` };
      }
      if (verb === 'grant') {
        const m = await findByUsername(db, String(flags.username ?? ''));
        const n = Number(flags.points);
        const reason = flags.reason && flags.reason !== 'true' ? flags.reason : '';
        if (!m || !Number.isInteger(n) || n <= 0 || !reason) return { ok: false, output: `--username (a member), --points and --reason are required\n${USAGE}` };
        const done = await db.transaction((tx) => earnPointsOnce(tx, m.id, BigInt(n), `points:grant:${m.id}:${randomBytes(8).toString('hex')}:${reason.slice(0, 80)}`, 'grant'));
        return { ok: true, changed: !!done, output: `Granted ${n} points to ${m.username} (${reason}).` };
      }
      if (verb === 'redemptions') {
        const rows = await db
          .select()
          .from(mallRedemption)
          .where(inArray(mallRedemption.status, ['pending', 'shipped']))
          .orderBy(desc(mallRedemption.createdAt))
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
        if (!Number.isInteger(id) || id <= 0 || (to !== 'shipped' && to !== 'done' && to !== 'refused')) return { ok: false, output: `--id and --to are required\n${USAGE}` };
        try {
          const r = await setRedemptionStatus(db, id, to, flags.note && flags.note !== 'true' ? flags.note : null);
          return { ok: true, changed: true, output: `Redemption ${r.id} is now ${r.status}.` };
        } catch (err) {
          if (err instanceof ApiError) return { ok: false, output: `${err.errorCode}` };
          throw err;
        }
      }
      return { ok: false, output: USAGE };
    },
  },
];
