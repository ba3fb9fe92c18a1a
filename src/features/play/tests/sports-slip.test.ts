/**
 * The sports book page's slip (client/sports-book.ts): a selection per fixture (another of the
 * same fixture replaces it, the same one again takes it off), what singles and a parlay would
 * return, the stake's message under its field (a decimal comma read as the point), the book's
 * new prices taken into the slip with the moved legs marked and the closed ones dropped, and a
 * bet whose answer was lost sent again as it was (its key and prices) so that it goes on once.
 */
import { describe, expect, it } from 'vitest';
import { createSportsBook, repriceSlip, slipReturn, stakeIssue, stakeText, toggleLeg, type SlipLeg } from '../client/sports-book.ts';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import type { FixtureView } from '../contract/sports.ts';

const words = { stakeRequired: 'required', stakeInvalid: 'invalid', stakeMin: 'min {{min}}', placed: '', placedMany: '', moved: '', network: '' };
const fmt = (a: string) => `$${a}`;

describe('the slip', () => {
  it('takes one selection per fixture', () => {
    let slip: SlipLeg[] = [];
    slip = toggleLeg(slip, { fixtureId: 1, market: '1x2', selection: 'home', price: 185 });
    slip = toggleLeg(slip, { fixtureId: 2, market: 'total', selection: 'over', price: 190 });
    expect(slip.map((l) => l.fixtureId)).toEqual([1, 2]);
    slip = toggleLeg(slip, { fixtureId: 1, market: 'hcp', selection: 'away', price: 205 });
    expect(slip[0]).toMatchObject({ fixtureId: 1, market: 'hcp', selection: 'away', price: 205, moved: false });
    slip = toggleLeg(slip, { fixtureId: 1, market: 'hcp', selection: 'away', price: 205 });
    expect(slip.map((l) => l.fixtureId)).toEqual([2]);
  });

  it('returns: singles each at the stake, a parlay the product, rounded down', () => {
    const slip: SlipLeg[] = [
      { fixtureId: 1, market: '1x2', selection: 'home', price: 185, moved: false },
      { fixtureId: 2, market: 'total', selection: 'over', price: 210, moved: false },
    ];
    expect(slipReturn(slip, 'singles', 1000n)).toBe(1850n + 2100n);
    expect(slipReturn(slip, 'parlay', 1000n)).toBe(3885n);
    expect(slipReturn(slip, 'parlay', 0n)).toBe(0n);
    expect(slipReturn([], 'parlay', 1000n)).toBe(0n);
  });

  it('says what is wrong with the stake', () => {
    expect(stakeIssue(' ', '1.00', words, fmt)).toBe('required');
    expect(stakeIssue('ten', '1.00', words, fmt)).toBe('invalid');
    expect(stakeIssue('1.234', '1.00', words, fmt)).toBe('invalid');
    expect(stakeIssue('0.50', '1.00', words, fmt)).toBe('min $1.00');
    expect(stakeIssue('10,50', '1.00', words, fmt)).toBe('');
    expect(stakeText(' 10,50 ')).toBe('10.50');
  });

  it('takes the book new prices: moved legs marked, closed fixtures dropped', () => {
    const fx = (id: number, status: FixtureView['status'], price: number | null) =>
      ({ id, status, markets: [{ market: '1x2', line: null, selections: [{ selection: 'home', price }] }] }) as unknown as FixtureView;
    const slip: SlipLeg[] = [
      { fixtureId: 1, market: '1x2', selection: 'home', price: 185, moved: false },
      { fixtureId: 2, market: '1x2', selection: 'home', price: 200, moved: false },
      { fixtureId: 3, market: '1x2', selection: 'home', price: 300, moved: false },
    ];
    expect(repriceSlip(slip, [fx(1, 'open', 185), fx(2, 'open', 195), fx(3, 'live', null)])).toEqual([
      { fixtureId: 1, market: '1x2', selection: 'home', price: 185, moved: false },
      { fixtureId: 2, market: '1x2', selection: 'home', price: 195, moved: true },
    ]);
  });
});

describe('placing the slip', () => {
  const fixture = (price: number) =>
    ({ id: 7, sport: 'football', status: 'open', home: 'A', away: 'B', markets: [{ market: '1x2', line: null, selections: [{ selection: 'home', price }] }] }) as unknown as FixtureView;
  const bookWith = (price: number) => ({ book: 'sports', serverNow: '', fixtures: [fixture(price)], results: [], bets: [], balance: '100.00', minStake: '1.00', maxReturn: '100000.00' });

  it('after a lost answer, the same selections go again with the same request and key, though the prices moved meanwhile; a new bet gets a new key', async () => {
    let price = 185;
    const sent: { legs: { price: number }[]; idempotencyKey: string }[] = [];
    let fail = true;
    const client = {
      async call(def: { name: string }, input?: { body?: unknown }) {
        if (def.name === 'sportsBook') return bookWith(price);
        sent.push(input!.body as (typeof sent)[number]);
        if (fail) throw new ApiFailure('lost', 'network', 0);
        return { bet: {}, balance: '90.00' };
      },
    } as unknown as ApiClient;
    const store = createSportsBook({ client, launch: 'x'.repeat(43), words, fmt, onBalance: () => {}, onEnded: () => {} });
    await store.load();
    store.pick(7, '1x2', 'home', 185);
    store.typeStake('10');
    expect(await store.place()).toBe(false);
    expect(store.$book.get().error).toBe(words.network);
    // The book's prices move before the member tries again: the slip shows the new price...
    price = 190;
    await store.load();
    expect(store.$book.get().slip[0]).toMatchObject({ price: 190, moved: true });
    // ...but the retry is the bet that may have gone on: its request and key, unchanged.
    fail = false;
    expect(await store.place()).toBe(true);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1]!.legs[0]!.price).toBe(185);
    // A new bet: a new key.
    store.pick(7, '1x2', 'home', 190);
    store.typeStake('10');
    expect(await store.place()).toBe(true);
    expect(sent[2]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
  });
});
