/** The play feature's operator commands (`npm run ops -- live ...`): the sandbox's live tables. */
import { and, desc, eq } from 'drizzle-orm';
import type { OpsCommand } from '../../../kernel/feature.ts';
import { clock } from '../../../kernel/clock.ts';
import { env } from '../../../kernel/env.ts';
import { liveRound } from './tables.ts';
import { drawLiveNow, runLiveDraws } from './sandbox/live-tables.ts';

const USAGE = `  live rounds --table <NODE_ID>                        a live table's latest rounds: open or drawn, with their draws
  live run                                             draw every live round whose window has closed
  live draw-now --table <NODE_ID>                      sandbox only: close the table's round taking bets now and draw it (demos, tests)`;

export const playCommands: OpsCommand[] = [
  {
    name: 'live',
    consoleRoles: ['finance'],
    usage: USAGE,
    options: ['table'],
    async run(db, { verb, flags }) {
      if (verb === 'run') {
        const r = await runLiveDraws(db, clock.now());
        return { ok: true, changed: r.drawn > 0, output: `${r.drawn} live round(s) drawn.` };
      }
      const nodeId = Number(flags.table);
      if ((verb === 'rounds' || verb === 'draw-now') && !(Number.isSafeInteger(nodeId) && nodeId > 0)) return { ok: false, output: `--table must name a live table by its game's node id\n${USAGE}` };
      if (verb === 'rounds') {
        const rows = await db.select().from(liveRound).where(eq(liveRound.nodeId, nodeId)).orderBy(desc(liveRound.roundNo)).limit(10);
        const lines = rows.map((r) => `${String(r.roundNo).padEnd(7)} ${r.status.padEnd(6)} ${r.closesAt.toISOString()} ${r.stops ? r.stops.join(' ') : ''}`);
        return { ok: true, output: lines.join('\n') || 'No rounds yet (a table runs while someone watches it).' };
      }
      if (verb === 'draw-now') {
        // A live table draws when its window closes; the sandbox lets a demo or a test see a draw without waiting.
        if (env().GAME_PROVIDER !== 'sandbox') return { ok: false, output: 'draw-now is for the sandbox game provider only (GAME_PROVIDER=sandbox).' };
        const drawn = await drawLiveNow(db, nodeId, clock.now());
        if (!drawn) {
          const [open] = await db
            .select({ id: liveRound.id })
            .from(liveRound)
            .where(and(eq(liveRound.nodeId, nodeId), eq(liveRound.status, 'open')));
          return { ok: false, output: open ? 'The round was drawn by another process.' : `Table ${nodeId} has no round taking bets (a table runs while someone watches it).` };
        }
        return { ok: true, changed: true, output: `Table ${nodeId} round ${drawn.roundNo} drawn now: ${drawn.stops?.join(' ')}` };
      }
      return { ok: false, output: `Usage:\n${USAGE}` };
    },
  },
];
