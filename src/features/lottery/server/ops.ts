/** The lottery's operator commands (`npm run ops -- lottery ...`). */
import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { OpsCommand } from '../../../kernel/feature.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { env } from '../../../kernel/env.ts';
import { drawOne, runDraws } from './draws.ts';
import { lotteryGame, LOTTERY_GAMES } from './engine/schedule.ts';
import { lotteryDraw } from './tables.ts';
import { cancelDraw } from './tickets.ts';

const USAGE = `  lottery draws [--game <CODE>]                        the latest draws of each game (or one): open, drawn, cancelled
  lottery run                                          open the next draws and draw the due ones now
  lottery cancel --game <CODE> --draw <NUMBER>         cancel an open draw and refund every ticket on it
  lottery draw-now --game <CODE>                       sandbox only: close the draw taking bets now and draw it (demos, tests)`;

export const lotteryCommands: OpsCommand[] = [
  {
    name: 'lottery',
    consoleRoles: ['finance'],
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
          .where(
            inArray(
              lotteryDraw.gameCode,
              games.map((g) => g.code),
            ),
          )
          .orderBy(desc(lotteryDraw.drawAt))
          .limit(games.length * 4);
        const lines = rows.map((r) => `${r.gameCode.padEnd(9)} ${r.drawNo.padEnd(13)} ${r.status.padEnd(9)} ${r.drawAt.toISOString()} ${r.numbers ? r.numbers.join(' ') : ''}`);
        return { ok: true, output: lines.join('\n') || 'No draws yet (the server opens them as it runs).' };
      }
      if (verb === 'draw-now') {
        // A real lottery draws on its published schedule; the sandbox game provider lets a demo or
        // a test see a draw without waiting for it (the e2e suite's lottery flow).
        if (env().GAME_PROVIDER !== 'sandbox') return { ok: false, output: 'draw-now is for the sandbox game provider only (GAME_PROVIDER=sandbox).' };
        const game = flags.game ? lotteryGame(flags.game) : undefined;
        if (!game) return { ok: false, output: `--game must name a lottery game (${LOTTERY_GAMES.map((g) => g.code).join(', ')})\n${USAGE}` };
        const now = new Date(clock.now());
        const [open] = await db
          .update(lotteryDraw)
          .set({ closesAt: now, drawAt: now })
          .where(and(eq(lotteryDraw.gameCode, game.code), eq(lotteryDraw.status, 'open'), lte(lotteryDraw.opensAt, now), gt(lotteryDraw.closesAt, now)))
          .returning({ id: lotteryDraw.id, drawNo: lotteryDraw.drawNo });
        if (!open) return { ok: false, output: `No draw of ${game.code} is taking bets now.` };
        const drawn = await drawOne(db, open.id, now.getTime());
        return { ok: true, changed: true, output: `${game.code} ${open.drawNo} drawn now: ${drawn?.numbers?.join(' ') ?? '(drawn by another process)'}` };
      }
      if (verb === 'cancel') {
        if (!flags.game || !flags.draw) return { ok: false, output: `--game and --draw are required\n${USAGE}` };
        try {
          const r = await cancelDraw(db, flags.game, flags.draw);
          return {
            ok: true,
            changed: true,
            output: `${flags.game} ${flags.draw} cancelled: ${r.closed} ticket(s) refunded to ${r.payouts} member(s), ${formatMinor(r.paid, brand().currencyDecimals)} in all.`,
          };
        } catch (err) {
          if (err instanceof ApiError) return { ok: false, output: err.errorCode };
          throw err;
        }
      }
      return { ok: false, output: `Usage:\n${USAGE}` };
    },
  },
];
