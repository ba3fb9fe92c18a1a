/**
 * Missions' arithmetic, pure (issue 32): a mission's period in the brand's zone, clipped to the
 * days it runs; the longest run of login days (a property against a plain count); the steps a
 * progress reaches; the page's time left; and the brand file's checks.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../../../kernel/days.ts';
import { longestRun, missionPeriod, stepsReached } from '../server/missions.ts';
import { missionSchema, type Mission } from '../server/mission-settings.ts';
import { timeLeft } from '../client/missions.ts';
import { entrantOf, rankEntries, sharedRanks, tiebreakOf } from '../server/leaderboards.ts';

const TZ = 'America/Mexico_City'; // UTC-6, no daylight saving since 2022
const H = 3_600_000;
const make = (o: Record<string, unknown>): Mission =>
  missionSchema.parse({ id: 1, titles: { en: 'M' }, period: 'D', goal: { kind: 'wager' }, steps: [{ target: 100, reward: { kind: 'money', amount: 5 } }], ...o });

describe('a mission period', () => {
  it('is the brand day, week from Monday or month that holds the instant', () => {
    const at = Date.UTC(2026, 11, 2, 12); // Wednesday 2 December, 06:00 in Mexico City
    expect(missionPeriod(make({}), at, TZ)).toEqual({ key: '2026-12-02T06:00:00.000Z', start: Date.UTC(2026, 11, 2, 6), end: Date.UTC(2026, 11, 3, 6), fromDay: '2026-12-02', toDay: '2026-12-02' });
    expect(missionPeriod(make({ period: 'W' }), at, TZ)).toMatchObject({ fromDay: '2026-11-30', toDay: '2026-12-06', end: Date.UTC(2026, 11, 7, 6) });
    expect(missionPeriod(make({ period: 'M' }), at, TZ)).toMatchObject({ key: '2026-12-01T06:00:00.000Z', fromDay: '2026-12-01', toDay: '2026-12-31' });
    // 05:00 UTC is still the day before there.
    expect(missionPeriod(make({}), Date.UTC(2026, 11, 2, 5), TZ)!.fromDay).toBe('2026-12-01');
  });

  it('is clipped to the days the mission runs, and none outside them', () => {
    const m = make({ period: 'W', start: '2026-12-02', end: '2026-12-04' });
    expect(missionPeriod(m, Date.UTC(2026, 11, 3, 12), TZ)).toMatchObject({
      key: '2026-11-30T06:00:00.000Z',
      fromDay: '2026-12-02',
      toDay: '2026-12-04',
      start: Date.UTC(2026, 11, 2, 6),
      end: Date.UTC(2026, 11, 5, 6),
    });
    expect(missionPeriod(m, Date.UTC(2026, 11, 2, 5), TZ)).toBeNull();
    expect(missionPeriod(m, Date.UTC(2026, 11, 5, 6), TZ)).toBeNull();
  });

  it('of a one-off mission runs from its first day to its last, or for ever', () => {
    expect(missionPeriod(make({ period: 'once', start: '2026-01-01' }), Date.UTC(2026, 11, 2), TZ)).toEqual({
      key: 'once',
      start: Date.UTC(2026, 0, 1, 6),
      end: null,
      fromDay: '2026-01-01',
      toDay: null,
    });
    expect(missionPeriod(make({ period: 'once', start: '2026-01-01', end: '2026-01-31' }), Date.UTC(2026, 0, 10), TZ)).toMatchObject({ end: Date.UTC(2026, 1, 1, 6), toDay: '2026-01-31' });
  });
});

describe('progress', () => {
  it('reaches the steps whose targets it meets', () => {
    const m = make({ steps: [10, 50, 200].map((target) => ({ target, reward: { kind: 'money', amount: 1 } })) });
    expect([0n, 9n, 10n, 49n, 50n, 199n, 200n, 10_000n].map((p) => stepsReached(m, p))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('of login days in a row is the longest unbroken run, in any order and with repeats', () => {
    expect(longestRun([])).toBe(0);
    expect(longestRun(['2026-12-01', '2026-12-03', '2026-12-02', '2026-12-02', '2026-12-05'])).toBe(3);
    expect(longestRun(['2026-02-28', '2026-03-01'])).toBe(2);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }), (offsets) => {
        const days = offsets.map((o) => addDays('2026-01-01', o));
        const set = new Set(offsets);
        let best = 0;
        for (let i = 0; i <= 60; i++) {
          let n = 0;
          while (set.has(i + n)) n++;
          best = Math.max(best, n);
        }
        expect(longestRun(days)).toBe(best);
      }),
    );
  });

  it('shows the time left in days, hours or minutes', () => {
    expect(timeLeft(2 * 24 * H + 3 * H + 1, 0)).toEqual({ unit: 'days', d: 2, h: 3, m: 1 });
    expect(timeLeft(90 * 60_000, 0)).toEqual({ unit: 'hours', d: 0, h: 1, m: 30 });
    expect(timeLeft(59_000, 0)).toEqual({ unit: 'minutes', d: 0, h: 0, m: 1 });
    expect(timeLeft(0, 5)).toEqual({ unit: 'minutes', d: 0, h: 0, m: 0 });
  });
});

describe('the brand file', () => {
  it('refuses missions it cannot run', () => {
    const bad = (o: Record<string, unknown>) =>
      missionSchema.safeParse({ id: 1, titles: { en: 'M' }, period: 'D', goal: { kind: 'wager' }, steps: [{ target: 100, reward: { kind: 'money', amount: 5 } }], ...o }).success;
    expect(bad({})).toBe(true);
    expect(bad({ titles: { es: 'M' } })).toBe(false);
    expect(bad({ period: 'once' })).toBe(false);
    expect(bad({ start: '2026-02-01', end: '2026-01-01' })).toBe(false);
    expect(bad({ steps: [10, 10].map((target) => ({ target, reward: { kind: 'money', amount: 1 } })) })).toBe(false);
    expect(bad({ goal: { kind: 'wager', categories: ['CASINO'] } })).toBe(false);
    expect(bad({ steps: [{ target: 100, reward: { kind: 'money', amount: 0 } }] })).toBe(false);
  });
});

describe('a leaderboard', () => {
  const seed = 'ab'.repeat(32);
  it('shares a rank among equal scores before the end (1, 2, 2, 4)', () => {
    expect(sharedRanks([])).toEqual([]);
    expect(sharedRanks([30n, 20n, 20n, 5n, 5n, 1n])).toEqual([1, 2, 2, 4, 4, 6]);
  });

  it("orders the final standings by score, then by the seed's tie-break, whatever the order it is given", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ entrant: fc.string({ minLength: 1, maxLength: 16 }), score: fc.bigInt({ min: 1n, max: 5n }) }), { selector: (e) => e.entrant, maxLength: 30 }),
        (entries) => {
          const ranked = rankEntries(seed, 1, 'k', entries);
          const again = rankEntries(seed, 1, 'k', [...entries].reverse());
          expect(again.map((e) => e.entrant)).toEqual(ranked.map((e) => e.entrant));
          ranked.forEach((e, i) => {
            expect(e.rank).toBe(i + 1);
            expect(e.tiebreak).toBe(tiebreakOf(seed, 1, 'k', e.entrant));
            const next = ranked[i + 1];
            if (next) expect(e.score > next.score || (e.score === next.score && e.tiebreak < next.tiebreak)).toBe(true);
          });
        },
      ),
    );
  });

  it('breaks ties differently with another seed, period or board (HMAC of all three)', () => {
    const a = tiebreakOf(seed, 1, 'k', 'e7');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(tiebreakOf('cd'.repeat(32), 1, 'k', 'e7')).not.toBe(a);
    expect(tiebreakOf(seed, 1, 'k2', 'e7')).not.toBe(a);
    expect(tiebreakOf(seed, 2, 'k', 'e7')).not.toBe(a);
    expect(tiebreakOf(seed, 1, 'k', 'e8')).not.toBe(a);
  });

  it("gives each member an entrant code of 16 hex digits, fixed by the period's key, that does not show the member id", () => {
    const key = 'cd'.repeat(32);
    expect(entrantOf(key, 7)).toMatch(/^[0-9a-f]{16}$/);
    expect(entrantOf(key, 7)).toBe(entrantOf(key, 7));
    expect(entrantOf(key, 8)).not.toBe(entrantOf(key, 7));
    expect(entrantOf('ef'.repeat(32), 7)).not.toBe(entrantOf(key, 7));
  });
});
