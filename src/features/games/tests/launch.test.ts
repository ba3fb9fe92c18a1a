/**
 * The launch rules' PVP rooms (src/features/games/client/launch.ts): real-money Play on a PVP game asks for
 * a room first, its free demo and vendor items do not; an empty room list launches without a
 * room; stakes are written as the page's language writes money.
 */
import { describe, expect, it } from 'vitest';
import { hasRooms, launchStep, roomChoice, stake, stakeRange, type LaunchGame } from '../client/launch.ts';

const pvp: LaunchGame = { nodeId: 7, vassalage: 'KM', gameType: 'PVP', gameCode: 'km_1', isGame: 'GAME' };
const player = { login: true, trial: false };

describe('PVP rooms', () => {
  it('asks a player for a room on Play, not on Demo', () => {
    expect(launchStep(pvp, player)).toEqual({ kind: 'rooms' });
    expect(launchStep(pvp, player, false)).toEqual({ kind: 'rooms' });
    expect(launchStep(pvp, player, true)).toEqual({ kind: 'launch' });
  });

  it('keeps the earlier rules first: visitor, trial, vendor item', () => {
    expect(launchStep(pvp, { login: false, trial: false })).toEqual({ kind: 'login' });
    expect(launchStep(pvp, { login: true, trial: true })).toEqual({ kind: 'trial' });
    expect(launchStep({ ...pvp, isGame: 'VASSALAGE' }, player)).toEqual({ kind: 'go', path: '/pvp?vassalage=KM' });
  });

  it("a game's free demo is for everyone: visitors and trial accounts launch it (issue 17), not a lottery's or a vendor's", () => {
    for (const who of [
      { login: false, trial: false },
      { login: true, trial: true },
    ]) {
      expect(launchStep(pvp, who, true)).toEqual({ kind: 'launch' });
      expect(launchStep({ ...pvp, vassalage: 'TCG_SEA' }, who, true).kind).toBe(who.login ? 'trial' : 'login');
      expect(launchStep({ ...pvp, isGame: 'VASSALAGE' }, who, true).kind).toBe(who.login ? 'trial' : 'login');
    }
  });

  it('only PVP games have rooms', () => {
    expect(hasRooms(pvp)).toBe(true);
    for (const gameType of ['RNG', 'FISH', 'LIVE'] as const) {
      expect(hasRooms({ ...pvp, gameType })).toBe(false);
      expect(launchStep({ ...pvp, gameType }, player)).toEqual({ kind: 'launch' });
    }
    expect(hasRooms({ ...pvp, isGame: 'VASSALAGE' })).toBe(false);
  });

  it('an empty room list launches without a room', () => {
    expect(roomChoice([])).toEqual({ kind: 'launch' });
    const rooms = [{ roomId: 'r1', roomName: 'Beginner', minBet: '0.20', maxBet: '0.40' }];
    expect(roomChoice(rooms)).toEqual({ kind: 'pick', rooms });
  });

  it('writes stakes in the page language, exactly', () => {
    expect(stakeRange({ minBet: '0.20', maxBet: '0.40' }, 'en')).toBe('0.20 – 0.40');
    expect(stakeRange({ minBet: '0.20', maxBet: '0.40' }, 'es')).toBe('0,20 – 0,40');
    expect(stake('12345.5', 'en')).toBe('12,345.50');
    expect(stake('12345.5', 'es')).toMatch(/^12\.?345,50$/);
    expect(stake('5', 'en')).toBe('5.00');
    expect(stakeRange({ minBet: '500.00', maxBet: '500' }, 'en')).toBe('500.00');
    expect(stake('9007199254740993.01', 'en')).toBe('9,007,199,254,740,993.01');
  });
});
