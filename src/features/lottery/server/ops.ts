/** The lottery's operator commands (`npm run ops -- lottery ...`). */
import { desc, inArray } from 'drizzle-orm';
import type { OpsCommand } from '../../../kernel/feature.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { runDraws } from './draws.ts';
import { lotteryGame, LOTTERY_GAMES } from './engine/schedule.ts';
import { lotteryDraw } from './tables.ts';
import { cancelDraw } from './tickets.ts';

const USAGE = `  lottery draws [--game <CODE>]                        the latest draws of each game (or one): open, drawn, cancelled
  lottery run                                          open the next draws and draw the due ones now
  lottery cancel --game <CODE> --draw <NUMBER>         cancel an open draw and refund every ticket on it`;

export const lotteryCommands: OpsCommand[] = [
  {
    name: 'lottery',
    usage: USAGE,
    options: ['game', 'draw'],
    async run(db, { verb, flags }) {
      if (verb === 'run') {
        const r = await runDraws(db, Date.now());
        return { ok: true, changed: r.drawn > 0, output: `${r.drawn} draw(s) drawn.` };
      }
      if (verb === 'draws') {
        const games = flags.game ? [lotteryGame(flags.game)].filter((g) => g !== undefined) : LOTTERY_GAMES;
        if (!games.length) return { ok: false, output: `No lottery game ${flags.game} (games: ${LOTTERY_GAMES.map((g) => g.code).join(', ')}).` };
        const rows = await db
          .select()
          .from(lotteryDraw)
          .where(inArray(lotteryDraw.gameCode, games.map((g) => g.code)))
          .orderBy(desc(lotteryDraw.drawAt))
          .limit(games.length * 4);
        const lines = rows.map((r) => `${r.gameCode.padEnd(9)} ${r.drawNo.padEnd(13)} ${r.status.padEnd(9)} ${r.drawAt.toISOString()} ${r.numbers ? r.numbers.join(' ') : ''}`);
        return { ok: true, output: lines.join('\n') || 'No draws yet (the server opens them as it runs).' };
      }
      if (verb === 'cancel') {
        if (!flags.game || !flags.draw) return { ok: false, output: `--game and --draw are required\n${USAGE}` };
        try {
          const r = await cancelDraw(db, flags.game, flags.draw);
          return { ok: true, changed: true, output: `${flags.game} ${flags.draw} cancelled: ${r.closed} ticket(s) refunded to ${r.payouts} member(s), ${formatMinor(r.paid, brand().currencyDecimals)} in all.` };
        } catch (err) {
          if (err instanceof ApiError) return { ok: false, output: err.errorCode };
          throw err;
        }
      }
      return { ok: false, output: `Usage:\n${USAGE}` };
    },
  },
];
