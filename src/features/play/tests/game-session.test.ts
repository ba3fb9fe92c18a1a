/**
 * The game page's store (src/features/play/client/game-session.ts) against a scripted client:
 * what a player sees after loading, spinning, losing an answer, running short, changing the
 * stake and rotating the seed.
 */
import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import { createGameSession } from '../client/game-session.ts';

const TOKEN = 'a'.repeat(43);
const round = (n: number, win = '0.00') => ({ roundId: `R${n}`, bet: '1.00', win, grid: [], lineWins: [], nonce: n, serverSeed: null });
const state = {
  game: { nodeId: 7, gameName: 'Test Slot' },
  currency: 'USD',
  balance: '10.00',
  demo: false,
  wallet: { kind: 'game', vendor: 'PG' },
  rules: { reels: 3, bets: ['0.50', '1.00', '2.00'] },
  fairness: { clientSeed: 'seed-1', serverSeedHash: 'h1', nonce: 0 },
  history: [round(1)],
};

/** A client whose answers a test scripts per call name, recording what was sent. */
function scripted(answers: Record<string, (input: { body?: Record<string, unknown>; query?: Record<string, unknown> }) => unknown>) {
  const sent: { name: string; body?: Record<string, unknown> }[] = [];
  const client = {
    async call(def: CallDef, input: { body?: Record<string, unknown>; query?: Record<string, unknown> } = {}) {
      sent.push({ name: def.name, body: input.body });
      const answer = answers[def.name];
      if (!answer) throw new Error(`unexpected call ${def.name}`);
      return answer(input);
    },
  } as unknown as ApiClient;
  return { client, sent };
}

const words = {
  spinning: 'Spinning',
  resultWin: 'Won {{amount}}',
  resultNone: 'No win ({{bet}})',
  rotated: 'Rotated',
  clientSeedRequired: 'Required',
  clientSeedTooLong: 'Too long',
  clientSeedChars: 'Bad characters',
  liveDrawn: 'Round {{n}} drawn.',
  livePlaced: 'Bets on round {{n}}: {{amount}}.',
};
const make = (client: ApiClient) => createGameSession({ client, words, format: (a, c) => `${c} ${a}`, animate: () => false });

describe('the game page store', () => {
  it('loads the session the address names, and says the session ended for a malformed token', async () => {
    const { client } = scripted({ sandboxState: () => state });
    const s = make(client);
    await s.load(TOKEN);
    // The first stake of 1.00 or more is the default (nothing remembered in this tab).
    expect(s.$game.get()).toMatchObject({ phase: 'ready', balance: '10.00', bet: '1.00', seedInput: 'seed-1', round: { roundId: 'R1' } });
    const ended = make(client);
    ended.start('?launch=short');
    expect(ended.$game.get().phase).toBe('ended');
  });

  it('plays a spin, shows the new balance and announces the result in words', async () => {
    const { client, sent } = scripted({ sandboxState: () => state, sandboxSpin: () => ({ round: round(2, '3.00'), balance: '12.50', fairness: state.fairness }) });
    const s = make(client);
    await s.load(TOKEN);
    await s.spin();
    expect(s.$game.get()).toMatchObject({ busy: false, balance: '12.50', announce: 'Won USD 3.00', spinError: null });
    expect(s.$game.get().history.map((r) => r.roundId)).toEqual(['R2', 'R1']);
    expect(sent.at(-1)).toMatchObject({ name: 'sandboxSpin', body: { launch: TOKEN, bet: '1.00' } });
  });

  it('retries a spin whose answer was lost with the same key, and a new stake with a new key', async () => {
    let fail = true;
    const { client, sent } = scripted({
      sandboxState: () => state,
      sandboxSpin: () => {
        if (fail) throw new ApiFailure('Network link is abnormal', 'network', 0);
        return { round: round(3), balance: '9.50', fairness: state.fairness };
      },
    });
    const s = make(client);
    await s.load(TOKEN);
    await s.spin();
    expect(s.$game.get().spinError).toEqual({ kind: 'network' });
    expect(s.retrying('1.00')).toBe(true);
    fail = false;
    await s.spin();
    const keys = sent.filter((c) => c.name === 'sandboxSpin').map((c) => c.body!.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    await s.spin();
    expect(sent.filter((c) => c.name === 'sandboxSpin').at(-1)!.body!.idempotencyKey).not.toBe(keys[0]);
  });

  it('asks to move money when a game wallet runs short, and a new stake clears the refusal', async () => {
    const { client } = scripted({
      sandboxState: () => state,
      sandboxSpin: () => {
        throw new ApiFailure('Insufficient', 'wallet.balance.insufficient', 400);
      },
    });
    const s = make(client);
    await s.load(TOKEN);
    await s.spin();
    expect(s.$game.get()).toMatchObject({ spinError: { kind: 'insufficient' }, needMoney: 1 });
    s.stepStake(1);
    expect(s.$game.get()).toMatchObject({ bet: '2.00', spinError: null });
  });

  it('ends the page when the session expires mid-play', async () => {
    const { client } = scripted({
      sandboxState: () => state,
      sandboxSpin: () => {
        throw new ApiFailure('Ended', 'game.session.invalid', 401);
      },
    });
    const s = make(client);
    await s.load(TOKEN);
    await s.spin();
    expect(s.$game.get().phase).toBe('ended');
  });

  it('refuses an empty client seed without a call, and reveals the old seed on rotation', async () => {
    const revealed = { serverSeed: 'old', serverSeedHash: 'h1', clientSeed: 'seed-1', lastNonce: 1 };
    const { client, sent } = scripted({ sandboxState: () => state, sandboxSeed: () => ({ fairness: { ...state.fairness, clientSeed: 'mine', serverSeedHash: 'h2' }, revealed }) });
    const s = make(client);
    await s.load(TOKEN);
    s.typeSeed('  ');
    expect(await s.rotateSeed()).toBe(false);
    expect(s.$game.get().seedError).toBe('Required');
    expect(sent.some((c) => c.name === 'sandboxSeed')).toBe(false);
    s.typeSeed('mine');
    expect(await s.rotateSeed()).toBe(true);
    expect(s.$game.get()).toMatchObject({ seedInput: 'mine', seedMessage: 'Rotated', revealed });
  });
});
