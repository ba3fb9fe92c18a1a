/**
 * The back office's menu (client/sections.ts): which section opens first, and which entries the
 * menu shows for the brand's contract kinds.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_SECTION, rememberedSection, SECTIONS, shown } from '../client/sections.ts';

const none = { daily: false, hourly: false, realtime: false, dividend: false };

describe('the back office menu', () => {
  it('opens on the section remembered when it is a page of the back office', () => {
    expect(rememberedSection('userLoss')).toBe('userLoss');
    expect(rememberedSection('dailyWages')).toBe('dailyWages');
  });

  it('opens on team management when nothing, something unknown or a member-centre page was remembered', () => {
    expect(FIRST_SECTION).toBe('teamManagement');
    for (const stored of [null, '', 'nothing', 'deposit', 'withdraw', 'accountDetails']) expect(rememberedSection(stored)).toBe('teamManagement');
  });

  it('shows a contract page only for a kind the brand offers, and none before the profile is known', () => {
    expect(shown('dailyWages', { ...none, daily: true })).toBe(true);
    expect(shown('dividend', { ...none, daily: true })).toBe(false);
    expect(shown('realTimeSalary', null)).toBe(false);
    expect(shown('hourlySalary', undefined)).toBe(false);
  });

  it('always shows the sections that are not contract pages', () => {
    const others = SECTIONS.map(([k]) => k).filter((k) => !['dividend', 'dailyWages', 'hourlySalary', 'realTimeSalary'].includes(k));
    expect(others).toHaveLength(13);
    for (const k of others) expect(shown(k, null)).toBe(true);
  });
});
