/**
 * The verify page's store (src/features/play/client/verify-round.ts) against a scripted client:
 * a complete link checked at once without moving focus, the form's own checks, and the server's
 * refusals under their fields.
 */
import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import { createVerifyRound } from '../client/verify-round.ts';

const SEED = 'a'.repeat(64);
const answer = {
  hashMatches: true,
  serverSeedHash: 'h',
  stops: [1, 2, 3],
  grid: [
    ['A', 'B'],
    ['A', 'C'],
    ['A', 'D'],
  ],
  lineWins: [],
  multiplier: 0,
  win: null,
  lines: [[0, 0, 0]],
};

function scripted(answer: (query: Record<string, unknown>) => unknown) {
  const asked: Record<string, unknown>[] = [];
  const client = {
    async call(_def: CallDef, input: { query?: Record<string, unknown> } = {}) {
      asked.push(input.query ?? {});
      return answer(input.query ?? {});
    },
  } as unknown as ApiClient;
  return { client, asked };
}

const words = { required: 'Required', invalid: 'Invalid' };
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the verify page store', () => {
  it('checks a complete link at once, trimmed, and draws the answer without moving focus', async () => {
    const { client, asked } = scripted(() => answer);
    const v = createVerifyRound({ client, words });
    v.start(`?nodeId=12&serverSeed=${SEED}&clientSeed=abc&nonce=3&bet=%201.00`);
    await settle();
    expect(asked).toEqual([{ nodeId: '12', serverSeed: SEED, serverSeedHash: undefined, clientSeed: 'abc', nonce: '3', bet: '1.00' }]);
    expect(v.$verify.get()).toMatchObject({ busy: false, answer: { value: answer }, focus: { count: 0 } });
    expect(v.$grid.get()).toEqual({ reels: 3, rows: 2, lines: [[0, 0, 0]] });
  });

  it('says a link without the server seed waits for it, and sends nothing', async () => {
    const { client, asked } = scripted(() => answer);
    const v = createVerifyRound({ client, words });
    v.start('?nodeId=12&serverSeedHash=abc&clientSeed=abc&nonce=3');
    await settle();
    expect(v.$verify.get()).toMatchObject({ needsSeed: true, errors: {} });
    expect(asked).toEqual([]);
  });

  it('puts its own errors under the fields and focus on the first, and clears one as it is typed', async () => {
    const { client, asked } = scripted(() => answer);
    const v = createVerifyRound({ client, words });
    v.start('?nodeId=1&clientSeed=abc&nonce=x');
    await v.submit();
    expect(v.$verify.get()).toMatchObject({ errors: { serverSeed: 'Required', nonce: 'Invalid' }, focus: { count: 1, to: 'serverSeed' } });
    v.type('serverSeed', SEED);
    expect(v.$verify.get().errors.serverSeed).toBeUndefined();
    v.type('nonce', '3');
    await v.submit();
    expect(asked).toHaveLength(1);
    expect(v.$verify.get()).toMatchObject({ answer: { value: answer }, focus: { count: 2, to: 'result' } });
  });

  it('shows the server’s refusals under their fields, an unknown game under its number, and the rest above', async () => {
    let refusal = new ApiFailure('Bad', 'request.invalid', 400, { clientSeed: 'Too long' });
    const { client } = scripted(() => {
      throw refusal;
    });
    const v = createVerifyRound({ client, words });
    v.start(`?nodeId=12&serverSeed=${SEED}&clientSeed=abc&nonce=3`);
    await settle();
    expect(v.$verify.get()).toMatchObject({ errors: { clientSeed: 'Too long' }, focus: { count: 1, to: 'clientSeed' }, answer: null });
    refusal = new ApiFailure('No such game', 'game.not.found', 404);
    await v.submit();
    expect(v.$verify.get()).toMatchObject({ errors: { nodeId: 'No such game' }, focus: { to: 'nodeId' } });
    refusal = new ApiFailure('Busy', 'server.busy', 503);
    await v.submit();
    expect(v.$verify.get()).toMatchObject({ errors: {}, failure: 'Busy' });
  });
});
