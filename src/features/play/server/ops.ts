/** The play feature's operator commands (`npm run ops -- live ...`, `sports ...`): the sandbox's live tables and sports book. */
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { OpsCommand } from '../../../kernel/feature.ts';
import { clock } from '../../../kernel/clock.ts';
import { env } from '../../../kernel/env.ts';
import { liveRound, sportFixture } from './tables.ts';
import { SPORT_BOOKS, type SportBook } from '../contract/sports.ts';
import { correctFixture, ensureSchedule, finishFixtureNow, runSportsResults, voidFixture } from './sandbox/sports-book.ts';
import { drawLiveNow, runLiveDraws } from './sandbox/live-tables.ts';
import { tableAtOfKey } from '../contract/live.ts';

const USAGE = `  live rounds --table <NODE_ID|ROOM_ID>                a live table's or PVP room's (1234-r2) latest rounds: open or drawn, with their draws
  live run                                             draw every live and room round whose window has closed
  live draw-now --table <NODE_ID|ROOM_ID>              sandbox only: close the table's round taking bets now and draw it (demos, tests)`;

const SPORTS_USAGE = `  sports fixtures --book <sports|esports|cockfight>     a book's fixtures of the last hour and to come
  sports run                                           publish the results due and settle the fixtures behind
  sports finish-now --fixture <ID>                     sandbox only: end a fixture now, draw its result, settle its bets (demos, tests)
  sports void --fixture <ID>                           cancel a fixture: its legs count at 1.00, bets settled again (paid ones corrected)
  sports correct --fixture <ID> --score <H-A>          correct a finished fixture's score: its bets resettled through the wallet`;

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
      // A live table by its game's node id, or a PVP room by its room id ('1234-r2').
      const at = tableAtOfKey(flags.table ?? '');
      if ((verb === 'rounds' || verb === 'draw-now') && !at) return { ok: false, output: `--table must name a live table by its game's node id, or a PVP room by its room id (1234-r2)\n${USAGE}` };
      const { nodeId, room } = at ?? { nodeId: 0, room: '' };
      const table = and(eq(liveRound.nodeId, nodeId), eq(liveRound.room, room));
      if (verb === 'rounds') {
        const rows = await db.select().from(liveRound).where(table).orderBy(desc(liveRound.roundNo)).limit(10);
        const lines = rows.map((r) => `${String(r.roundNo).padEnd(7)} ${r.status.padEnd(6)} ${r.closesAt.toISOString()} ${r.stops ? r.stops.join(' ') : ''}`);
        return { ok: true, output: lines.join('\n') || 'No rounds yet (a table runs while someone watches it).' };
      }
      if (verb === 'draw-now') {
        // A live table draws when its window closes; the sandbox lets a demo or a test see a draw without waiting.
        if (env().GAME_PROVIDER !== 'sandbox') return { ok: false, output: 'draw-now is for the sandbox game provider only (GAME_PROVIDER=sandbox).' };
        const drawn = await drawLiveNow(db, at!, clock.now());
        if (!drawn) {
          const [open] = await db
            .select({ id: liveRound.id })
            .from(liveRound)
            .where(and(table, eq(liveRound.status, 'open')));
          return { ok: false, output: open ? 'The round was drawn by another process.' : `Table ${flags.table} has no round taking bets (a table runs while someone watches it).` };
        }
        return { ok: true, changed: true, output: `Table ${flags.table} round ${drawn.roundNo} drawn now: ${drawn.stops?.join(' ')}` };
      }
      return { ok: false, output: `Usage:\n${USAGE}` };
    },
  },
  {
    name: 'sports',
    consoleRoles: ['finance'],
    usage: SPORTS_USAGE,
    options: ['book', 'fixture', 'score'],
    async run(db, { verb, flags }) {
      const now = clock.now();
      if (verb === 'run') {
        const r = await runSportsResults(db, now);
        return { ok: true, changed: r.finished + r.settled > 0, output: `${r.finished} fixture(s) finished, ${r.settled} settled.` };
      }
      if (verb === 'fixtures') {
        const book = flags.book as SportBook;
        if (!SPORT_BOOKS.includes(book)) return { ok: false, output: `--book must be one of ${SPORT_BOOKS.join(', ')}\n${SPORTS_USAGE}` };
        await ensureSchedule(db, book, now);
        const rows = await db
          .select()
          .from(sportFixture)
          .where(and(eq(sportFixture.book, book), gt(sportFixture.endsAt, new Date(now - 3_600_000))))
          .orderBy(asc(sportFixture.startsAt), asc(sportFixture.lane))
          .limit(20);
        const lines = rows.map(
          (f) => `${String(f.id).padEnd(7)} ${f.startsAt.toISOString()} ${f.status.padEnd(9)} ${`${f.home} v ${f.away}`.padEnd(40)} ${f.result ? `${f.result.home}-${f.result.away}` : ''}`,
        );
        return { ok: true, output: lines.join('\n') };
      }
      const id = Number(flags.fixture);
      if (!(Number.isSafeInteger(id) && id > 0)) return { ok: false, output: `--fixture must name a fixture by its id\n${SPORTS_USAGE}` };
      if (verb === 'finish-now') {
        // A fixture ends on its schedule; the sandbox lets a demo or a test see a result without waiting.
        if (env().GAME_PROVIDER !== 'sandbox') return { ok: false, output: 'finish-now is for the sandbox game provider only (GAME_PROVIDER=sandbox).' };
        const f = await finishFixtureNow(db, id, now);
        return f
          ? { ok: true, changed: true, output: `Fixture ${id} finished now: ${f.home} ${f.result!.home}-${f.result!.away} ${f.away}` }
          : { ok: false, output: `Fixture ${id} is not scheduled.` };
      }
      if (verb === 'void') {
        const f = await voidFixture(db, id, now);
        return f ? { ok: true, changed: true, output: `Fixture ${id} (${f.home} v ${f.away}) is void: its legs count at 1.00.` } : { ok: false, output: `Fixture ${id} is not scheduled or finished.` };
      }
      if (verb === 'correct') {
        const m = /^(\d{1,3})-(\d{1,3})$/.exec(String(flags.score ?? ''));
        if (!m) return { ok: false, output: `--score must be the corrected score, home first, as 2-1\n${SPORTS_USAGE}` };
        const f = await correctFixture(db, id, { home: Number(m[1]), away: Number(m[2]) });
        return f
          ? { ok: true, changed: true, output: `Fixture ${id} corrected to ${m[1]}-${m[2]} (drawn ${f.drawn!.home}-${f.drawn!.away}); its bets are settled again.` }
          : { ok: false, output: `Fixture ${id} is not finished.` };
      }
      return { ok: false, output: `Usage:\n${SPORTS_USAGE}` };
    },
  },
];
