/**
 * The lottery page's clock, pure (issue 27): where a game's draws stand at a moment of the
 * server's clock, when the page must read the game again, the countdowns and the menu's schedule
 * words. No DOM, no React: ../tests/draw-times.test.ts runs them in Node.
 */
import { fill } from '../../../kernel/i18n/browser.ts';
import { intlLocale } from '../../../kernel/intl.ts';
import type { DrawValue, GameMenuItem, TicketValue } from '../contract.ts';

type DrawWindow = Pick<DrawValue, 'opensAt' | 'closesAt' | 'drawAt'>;

/**
 * Time left as the board writes it, rounded up to the second: mm:ss, h:mm:ss from an hour on, never below 00:00.
 * @example countdown(65_000) // '01:05'; countdown(3_600_000) // '1:00:00'
 */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}

/** The draw taking bets at `now` (its window open), if any. */
export function openDraw<D extends DrawWindow>(draws: readonly D[], now: number): D | null {
  return draws.find((d) => d.opensAt <= now && now < d.closesAt) ?? null;
}

/** The draw whose betting has closed and whose numbers are not yet drawn at `now`, if any. */
export function closingDraw<D extends DrawWindow>(draws: readonly D[], now: number): D | null {
  return draws.find((d) => d.closesAt <= now && now < d.drawAt) ?? null;
}

/** The next draw to open after `now`, if any. */
export function upcomingDraw<D extends DrawWindow>(draws: readonly D[], now: number): D | null {
  return draws.find((d) => d.opensAt > now) ?? null;
}

/** A draw is made by the server's job within seconds of its time: the page looks this long after it, twice. */
export const LOOK_AFTER_DRAW_MS = [3000, 8000] as const;

/**
 * Whether the game must be read again at `now`, last read at `readAt` (both on the server's
 * clock): a draw's betting closed (the next draw opens), or a draw of the game or of an open
 * ticket was due to be made (its numbers, and the tickets' outcomes).
 */
export function refreshDue(readAt: number, now: number, draws: readonly DrawWindow[], tickets: readonly Pick<TicketValue, 'status' | 'drawAt'>[]): boolean {
  const drawTimes = [...draws.map((d) => d.drawAt), ...tickets.filter((x) => x.status === 'open').map((x) => x.drawAt)];
  const events = [...draws.map((d) => d.closesAt), ...drawTimes.flatMap((t) => LOOK_AFTER_DRAW_MS.map((after) => t + after))];
  return events.some((e) => readAt < e && e <= now);
}

/** A weekday's short name (0 Sunday) in the page's language. */
export function weekday(day: number, lang: string): string {
  // 4 January 1970 was a Sunday.
  return new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(1970, 0, 4 + day)));
}

/** The menu's words (the lottery catalogue's `menu`). */
export interface MenuWords {
  every: string;
  daily: string;
  days: string;
  closesIn: string;
  closed: string;
}

/**
 * How often a game draws, as the menu says it: every so many minutes, daily, or on its weekdays.
 * @example scheduleText({ everyMinutes: 3, weekdays: null }, words, 'en') // 'Every 3 min'
 */
export function scheduleText(g: Pick<GameMenuItem, 'everyMinutes' | 'weekdays'>, words: MenuWords, lang: string): string {
  if (g.everyMinutes !== null) return fill(words.every, { minutes: g.everyMinutes });
  if ((g.weekdays?.length ?? 7) === 7) return words.daily;
  return fill(words.days, { days: g.weekdays!.map((d) => weekday(d, lang)).join(', ') });
}

/** Whether a menu game takes bets at `now`, as the menu says it: the countdown to its close, or closed. */
export function menuStatus(g: Pick<GameMenuItem, 'nextDraw'>, now: number, words: MenuWords): string {
  return g.nextDraw && g.nextDraw.closesAt > now ? fill(words.closesIn, { time: countdown(g.nextDraw.closesAt - now) }) : words.closed;
}
