/**
 * The lottery's games and their draw schedules (issue 16), pure. A draw has a number, a betting
 * window (from the draw before it to `closeMs` before its own time) and a time:
 * - fast games draw every 1, 3 or 5 minutes, on the minute (UTC-aligned, so every process agrees);
 *   their draw number is the draw's local date and time, YYYYMMDDHHmm in the game's time zone;
 * - the Vietnamese regions draw daily at their usual hour (north 18:15, central and south 16:15,
 *   Vietnam time), SEA 4D on Wednesday, Saturday and Sunday at 19:00 (Malaysia time); their draw
 *   number is the local date, YYYYMMDD.
 */
import { dayIn, addDays, timeOnDay } from '../../../../kernel/days.ts';
import type { Family } from './draws.ts';

export interface LotteryGame {
  code: string;
  family: Family;
  /** The game vendor that sells it (spec 4's launch routing and wallets): TCG_LOTTO_VN, TCG_SEA, LOTT or ELOTT. */
  vendor: 'TCG_LOTTO_VN' | 'TCG_SEA' | 'LOTT' | 'ELOTT';
  /** Its name in records (the pages translate it). */
  name: string;
  /** Every `everyMinutes` (fast games), or at `localTime` on `weekdays` (0 Sunday) in `timeZone`. */
  schedule: { kind: 'interval'; everyMinutes: number } | { kind: 'daily'; localTime: string; weekdays: readonly number[] };
  timeZone: string;
  /** Betting closes this long before the draw. */
  closeMs: number;
}

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const LOTTERY_GAMES: readonly LotteryGame[] = [
  { code: 'SSC1', vendor: 'ELOTT', name: 'SSC 1 Min', family: 'ssc', schedule: { kind: 'interval', everyMinutes: 1 }, timeZone: 'Asia/Ho_Chi_Minh', closeMs: 10_000 },
  { code: 'SSC3', vendor: 'ELOTT', name: 'SSC 3 Min', family: 'ssc', schedule: { kind: 'interval', everyMinutes: 3 }, timeZone: 'Asia/Ho_Chi_Minh', closeMs: 20_000 },
  { code: 'SSC5', vendor: 'ELOTT', name: 'SSC 5 Min', family: 'ssc', schedule: { kind: 'interval', everyMinutes: 5 }, timeZone: 'Asia/Ho_Chi_Minh', closeMs: 30_000 },
  { code: '11X5', vendor: 'ELOTT', name: '11X5 3 Min', family: '11x5', schedule: { kind: 'interval', everyMinutes: 3 }, timeZone: 'Asia/Ho_Chi_Minh', closeMs: 20_000 },
  { code: 'PK10', vendor: 'ELOTT', name: 'PK10 5 Min', family: 'pk10', schedule: { kind: 'interval', everyMinutes: 5 }, timeZone: 'Asia/Ho_Chi_Minh', closeMs: 30_000 },
  { code: 'LHC', vendor: 'LOTT', name: 'Mark Six 5 Min', family: 'lhc', schedule: { kind: 'interval', everyMinutes: 5 }, timeZone: 'Asia/Ho_Chi_Minh', closeMs: 30_000 },
  {
    code: 'VN_NORTH',
    vendor: 'TCG_LOTTO_VN',
    name: 'Northern VN Lottery',
    family: 'vnNorth',
    schedule: { kind: 'daily', localTime: '18:15', weekdays: ALL_DAYS },
    timeZone: 'Asia/Ho_Chi_Minh',
    closeMs: 15 * 60_000,
  },
  {
    code: 'VN_SOUTH',
    vendor: 'TCG_LOTTO_VN',
    name: 'Southern VN Lottery',
    family: 'vnSouth',
    schedule: { kind: 'daily', localTime: '16:15', weekdays: ALL_DAYS },
    timeZone: 'Asia/Ho_Chi_Minh',
    closeMs: 15 * 60_000,
  },
  { code: 'SEA_4D', vendor: 'TCG_SEA', name: 'SEA 4D', family: '4d', schedule: { kind: 'daily', localTime: '19:00', weekdays: [0, 3, 6] }, timeZone: 'Asia/Kuala_Lumpur', closeMs: 15 * 60_000 },
];

export const lotteryGame = (code: string): LotteryGame | undefined => LOTTERY_GAMES.find((g) => g.code === code);

export interface DrawSlot {
  drawNo: string;
  /** Betting opens (the draw before it), closes, and the numbers are drawn (ms). */
  opensAt: number;
  closesAt: number;
  drawAt: number;
}

/** Local YYYYMMDD and HHmm of an instant in a time zone. */
function local(ms: number, timeZone: string): { ymd: string; hm: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { ymd: `${parts.year}${parts.month}${parts.day}`, hm: `${parts.hour}${parts.minute}` };
}

/** The draw times of a daily game from the first at or after `from`, `count` of them. */
function dailyTimes(g: LotteryGame & { schedule: { kind: 'daily' } }, from: number, count: number, dir: 1 | -1 = 1): number[] {
  const out: number[] = [];
  let day = dayIn(from, g.timeZone);
  for (let guard = 0; out.length < count && guard < 400; guard++, day = addDays(day, dir)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (!g.schedule.weekdays.includes(weekday)) continue;
    const t = timeOnDay(day, g.schedule.localTime, g.timeZone);
    if (dir === 1 ? t >= from : t < from) out.push(t);
  }
  return out;
}

/** The slot of the draw at `drawAt` (one of the game's draw times). */
function slotOf(g: LotteryGame, drawAt: number): DrawSlot {
  const l = local(drawAt, g.timeZone);
  if (g.schedule.kind === 'interval') {
    const step = g.schedule.everyMinutes * 60_000;
    return { drawNo: `${l.ymd}${l.hm}`, opensAt: drawAt - step, closesAt: drawAt - g.closeMs, drawAt };
  }
  const before = dailyTimes(g as LotteryGame & { schedule: { kind: 'daily' } }, drawAt, 1, -1)[0] ?? drawAt - 86_400_000;
  return { drawNo: l.ymd, opensAt: before, closesAt: drawAt - g.closeMs, drawAt };
}

/** The game's draws whose time is after `now`: the one being bet on first, `count` in all. */
export function upcomingDraws(g: LotteryGame, now: number, count = 2): DrawSlot[] {
  if (g.schedule.kind === 'interval') {
    const step = g.schedule.everyMinutes * 60_000;
    const first = Math.floor(now / step) * step + step;
    return Array.from({ length: count }, (_, i) => slotOf(g, first + i * step));
  }
  return dailyTimes(g as LotteryGame & { schedule: { kind: 'daily' } }, now + 1, count).map((t) => slotOf(g, t));
}
