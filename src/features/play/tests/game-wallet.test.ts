/**
 * The game wallet line's store (src/features/play/client/game-wallet.ts) against a scripted
 * client: what the player sees when the page opens with an empty game wallet, moves money in,
 * brings it back, types a wrong amount, loses the session, and leaves the game.
 */
import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import { createGameWallet, type GameWalletLabels, type GameWalletPage } from '../client/game-wallet.ts';
import labels from '../i18n/en/play.json';

const balance = (main: string, game = '0.00') => ({
  sumBalance: 0,
  heldBalance: 0,
  currencySymbol: '$',
  balance: [
    { accountTypeName: 'MAIN', availBalance: Number(main) },
    { accountTypeName: 'PG', availBalance: Number(game) },
  ],
});

type Sent = { name: string; body?: Record<string, unknown>; keepalive?: boolean };

/** A client whose answers a test scripts per call name, recording what was sent. */
function scripted(answers: Record<string, (body: Record<string, unknown>) => unknown>) {
  const sent: Sent[] = [];
  const client = {
    async call(def: CallDef, input: { body?: Record<string, unknown>; keepalive?: boolean } = {}) {
      sent.push({ name: def.name, body: input.body, ...(input.keepalive ? { keepalive: true } : {}) });
      const answer = answers[def.name];
      if (!answer) throw new Error(`unexpected call ${def.name}`);
      return answer(input.body ?? {});
    },
  } as unknown as ApiClient;
  return { client, sent };
}

function make(client: ApiClient, page: Partial<GameWalletPage> = {}, token: string | null = 'T') {
  const props: GameWalletPage = {
    labels: labels.wallet as GameWalletLabels,
    vendor: 'PG',
    vendorName: 'PG Soft',
    gameBalance: '0.00',
    fmt: (a) => `$${a}`,
    lang: 'en',
    onMoved: async () => undefined,
    minBet: '0.50',
    ...page,
  };
  const wallet = createGameWallet({ client, token: () => token, page: () => props });
  return { wallet, props };
}

describe('the game wallet line', () => {
  it('links to the transfer page without a session in the tab, and says so when the session ended', async () => {
    const none = make(scripted({}).client, {}, null);
    none.wallet.start();
    expect(none.wallet.$wallet.get()).toMatchObject({ mode: 'none', ended: false });

    const { client } = scripted({
      walletBalance: () => {
        throw new ApiFailure('Not logged in', 'login.not.session', 401);
      },
    });
    const ended = make(client);
    await ended.wallet.loadMain();
    expect(ended.wallet.$wallet.get()).toMatchObject({ mode: 'none', ended: true });
  });

  it('offers an amount, not the whole main wallet, when the game opens unable to pay its smallest bet', async () => {
    const { client, sent } = scripted({ walletBalance: () => balance('40.00') });
    const { wallet } = make(client, { transferAmount: '20.00' });
    await wallet.loadMain();
    expect(wallet.$wallet.get()).toMatchObject({ mode: 'member', main: '40.00', prompt: true, amount: '20.00', focus: { count: 1, quiet: true } });
    expect(wallet.$canMax.get()).toBe(true);
    expect(sent.map((s) => s.name)).toEqual(['walletBalance']);
  });

  it('moves all of the main wallet in at once under the brand rule "all", and says where it goes on leaving', async () => {
    let moved = 0;
    const { client, sent } = scripted({ walletBalance: () => balance('40.00'), walletTransfer: () => balance('0.00', '40.00') });
    const { wallet } = make(client, { transfer: 'all', onMoved: async () => void moved++ });
    await wallet.loadMain();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent[1]).toMatchObject({ name: 'walletTransfer', body: { from: 'MAIN', to: 'PG', amount: '40.00' } });
    expect(moved).toBe(1);
    expect(wallet.$wallet.get()).toMatchObject({ main: '0.00', prompt: false, busy: false });
    expect(wallet.$wallet.get().notice).toBe('$40.00 moved into your PG Soft wallet. It now has $40.00. What is left in your PG Soft wallet goes back to your main wallet when you leave the game.');
  });

  it('leaves a game wallet that can pay alone', async () => {
    const { client } = scripted({ walletBalance: () => balance('40.00', '5.00') });
    const { wallet } = make(client, { gameBalance: '5.00', transfer: 'all' });
    await wallet.loadMain();
    expect(wallet.$wallet.get()).toMatchObject({ prompt: false, amount: '', busy: false });
  });

  it('refuses a wrong amount in words before sending, and clears the error as the player types', async () => {
    const { client, sent } = scripted({ walletBalance: () => balance('10.00', '5.00') });
    const { wallet } = make(client, { gameBalance: '5.00' });
    await wallet.loadMain();
    wallet.type('12');
    await wallet.move();
    expect(wallet.$wallet.get()).toMatchObject({ error: 'Your main wallet has $10.00.', focus: { count: 1, quiet: false } });
    wallet.type('1.005');
    expect(wallet.$wallet.get().error).toBe('');
    await wallet.move();
    expect(wallet.$wallet.get().error).toBe('Use at most 2 decimals.');
    wallet.type('abc');
    await wallet.move();
    expect(wallet.$wallet.get().error).toBe('Enter an amount such as 25.00.');
    expect(sent.map((s) => s.name)).toEqual(['walletBalance']);
  });

  it('keeps the idempotency key while the same amount is retried, and shows the server’s words under the field', async () => {
    let fail = true;
    const { client, sent } = scripted({
      walletBalance: () => balance('10.00', '5.00'),
      walletTransfer: () => {
        if (fail) throw new ApiFailure('Too much', 'wallet.balance.insufficient', 200, { amount: 'Not enough money' });
        return balance('7.00', '8.00');
      },
    });
    const { wallet } = make(client, { gameBalance: '5.00' });
    await wallet.loadMain();
    wallet.type('3');
    await wallet.move();
    expect(wallet.$wallet.get()).toMatchObject({ error: 'Not enough money', busy: false });
    fail = false;
    await wallet.move();
    const [first, second] = sent.filter((s) => s.name === 'walletTransfer');
    expect(second!.body!.idempotencyKey).toBe(first!.body!.idempotencyKey);
    expect(wallet.$wallet.get()).toMatchObject({ main: '7.00', amount: '', error: '' });
  });

  it('brings the game wallet back to the main wallet', async () => {
    const { client, sent } = scripted({ walletBalance: () => balance('10.00', '5.00'), walletTransfer: () => balance('15.00') });
    const { wallet } = make(client, { gameBalance: '5.00' });
    await wallet.loadMain();
    await wallet.bringBack();
    expect(sent.at(-1)).toMatchObject({ name: 'walletTransfer', body: { from: 'PG', to: 'MAIN', amount: '5.00' } });
    expect(wallet.$wallet.get()).toMatchObject({ main: '15.00', backBusy: false, notice: '$5.00 brought back to your main wallet. It now has $15.00.' });
  });

  it('sends what is left in the game back with a request that outlives the page, only for a member with money there', async () => {
    const { client, sent } = scripted({ walletBalance: () => balance('10.00', '5.00'), walletTransfer: () => balance('15.00') });
    const { wallet, props } = make(client, { gameBalance: '5.00' });
    wallet.leave();
    expect(sent, 'not before the session is known').toEqual([]);
    await wallet.loadMain();
    props.gameBalance = '6.50';
    wallet.leave();
    expect(sent.at(-1)).toMatchObject({ name: 'walletTransfer', body: { from: 'PG', to: 'MAIN', amount: '6.50' }, keepalive: true });
    props.gameBalance = '0.00';
    const before = sent.length;
    wallet.leave();
    expect(sent.length).toBe(before);
  });
});
