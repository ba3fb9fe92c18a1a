import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysBetween, dayStart, isDay, timeOnDay } from '../days.ts';

describe('calendar days in a time zone', () => {
  it('name the day an instant falls on in the zone', () => {
    expect(dayIn(Date.UTC(2026, 0, 1, 3), 'America/Mexico_City')).toBe('2025-12-31');
    expect(dayIn(Date.UTC(2026, 0, 1, 3), 'UTC')).toBe('2026-01-01');
    expect(dayIn(Date.UTC(2026, 0, 1, 20), 'Asia/Kolkata')).toBe('2026-01-02');
    expect(dayIn(Date.UTC(2026, 0, 1, 3))).toBe('2026-01-01');
  });

  it('fall back to UTC for a zone nobody knows', () => {
    expect(dayIn(Date.UTC(2026, 0, 1, 3), 'Mars/Olympus_Mons')).toBe('2026-01-01');
  });

  it('start at midnight in the zone, across offset changes', () => {
    expect(new Date(dayStart('2026-03-10', 'America/Mexico_City')).toISOString()).toBe('2026-03-10T06:00:00.000Z');
    expect(new Date(dayStart('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(dayStart('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(dayStart('2026-11-01', 'America/New_York')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(new Date(dayStart('2026-06-01', 'Asia/Kolkata')).toISOString()).toBe('2026-05-31T18:30:00.000Z');
  });

  it('put a wall-clock time on its day, across offset changes (not the day start plus hours)', () => {
    const iso = (day: string, hm: string, tz: string) => new Date(timeOnDay(day, hm, tz)).toISOString();
    // New York springs forward at 02:00 on 2026-03-08 and falls back at 02:00 on 2026-11-01.
    expect(iso('2026-03-07', '03:30', 'America/New_York')).toBe('2026-03-07T08:30:00.000Z');
    expect(iso('2026-03-08', '03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(dayStart('2026-03-08', 'America/New_York') + 3.5 * 3_600_000).not.toBe(timeOnDay('2026-03-08', '03:30', 'America/New_York'));
    expect(iso('2026-03-08', '01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(iso('2026-11-01', '12:00', 'America/New_York')).toBe('2026-11-01T17:00:00.000Z');
    expect(iso('2026-11-01', '00:30', 'America/New_York')).toBe('2026-11-01T04:30:00.000Z');
    // A repeated time (01:30 on the fall-back night) is its first occurrence, still on summer time.
    expect(iso('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    // A skipped time is the same time after the skip.
    expect(iso('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(iso('2026-06-01', '18:15', 'Asia/Ho_Chi_Minh')).toBe('2026-06-01T11:15:00.000Z');
  });

  it('add and count days over month, year and leap-day ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
  });

  it('know real calendar days from look-alikes', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('26-01-01')).toBe(false);
  });
});
