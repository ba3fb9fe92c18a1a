/**
 * The lottery page's clock (client/draw-times.ts): the countdowns, where a game's draws stand,
 * when the page reads the game again, and the menu's schedule words.
 */
import { describe, expect, it } from 'vitest';
import { closingDraw, countdown, menuStatus, openDraw, refreshDue, scheduleText, upcomingDraw, weekday } from '../client/draw-times.ts';

const draws = [
  { drawNo: 'A', opensAt: 0, closesAt: 50_000, drawAt: 60_000 },
  { drawNo: 'B', opensAt: 60_000, closesAt: 110_000, drawAt: 120_000 },
];
const words = { every: 'Every {{minutes}} min', daily: 'Daily draw', days: 'Draws on {{days}}', closesIn: 'closes in {{time}}', closed: 'closed' };

describe('the lottery clock', () => {
  it('counts down in minutes and seconds, hours when there are some, rounding up and never below zero', () => {
    expect(countdown(65_000)).toBe('01:05');
    expect(countdown(64_001)).toBe('01:05');
    expect(countdown(3_600_000)).toBe('1:00:00');
    expect(countdown(-5_000)).toBe('00:00');
  });

  it('finds the draw taking bets, the one closed and waiting for its numbers, and the next to open', () => {
    expect(openDraw(draws, 10_000)?.drawNo).toBe('A');
    expect(closingDraw(draws, 10_000)).toBeNull();
    expect(openDraw(draws, 55_000)).toBeNull();
    expect(closingDraw(draws, 55_000)?.drawNo).toBe('A');
    expect(upcomingDraw(draws, 55_000)?.drawNo).toBe('B');
    expect(openDraw(draws, 60_000)?.drawNo).toBe('B');
  });

  it('reads the game again once a draw closes and twice after a draw is due, its own or an open ticket’s', () => {
    expect(refreshDue(0, 49_999, draws, [])).toBe(false);
    expect(refreshDue(0, 50_000, draws, [])).toBe(true);
    // Read at the close: the next events are 3 and 8 seconds after the draw's time.
    expect(refreshDue(50_000, 62_999, draws, [])).toBe(false);
    expect(refreshDue(50_000, 63_000, draws, [])).toBe(true);
    expect(refreshDue(63_000, 68_000, draws, [])).toBe(true);
    expect(refreshDue(68_000, 100_000, draws, [])).toBe(false);
    // A ticket of an earlier draw, still open: looked for after its draw; a settled one is not.
    expect(refreshDue(68_000, 100_000, draws, [{ status: 'open', drawAt: 95_000 }])).toBe(true);
    expect(refreshDue(68_000, 100_000, draws, [{ status: 'won', drawAt: 95_000 }])).toBe(false);
  });

  it('says how often a game draws and whether it takes bets', () => {
    expect(scheduleText({ everyMinutes: 3, weekdays: null }, words, 'en')).toBe('Every 3 min');
    expect(scheduleText({ everyMinutes: null, weekdays: null }, words, 'en')).toBe('Daily draw');
    expect(scheduleText({ everyMinutes: null, weekdays: [0, 1, 2, 3, 4, 5, 6] }, words, 'en')).toBe('Daily draw');
    expect(scheduleText({ everyMinutes: null, weekdays: [3, 6, 0] }, words, 'en')).toBe(`Draws on ${weekday(3, 'en')}, ${weekday(6, 'en')}, ${weekday(0, 'en')}`);
    expect(weekday(0, 'en')).toBe('Sun');
    expect(menuStatus({ nextDraw: { drawNo: 'A', closesAt: 50_000, drawAt: 60_000 } }, 45_000, words)).toBe('closes in 00:05');
    expect(menuStatus({ nextDraw: { drawNo: 'A', closesAt: 50_000, drawAt: 60_000 } }, 50_000, words)).toBe('closed');
    expect(menuStatus({ nextDraw: null }, 0, words)).toBe('closed');
  });
});
