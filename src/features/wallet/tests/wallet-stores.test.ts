/**
 * The wallet pages' stores against a scripted API, without a DOM: a form's submission
 * (client/form.ts), the transfer page (client/transfer.ts), the record filters
 * (client/records.ts; the period picker's store is the UI kit's: src/ui/tests) and the withdrawal
 * page (client/withdrawal.ts).
 */
import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { fill } from '../../../kernel/i18n/browser.ts';

const sent: { name: string; body?: Record<string, unknown> }[] = [];
let answers: Record<string, (body: Record<string, unknown>) => unknown> = {};
const $status = atom<{ info: { currencySymbol: string } } | null>({ info: { currencySymbol: '$' } });

vi.mock('../../accounts/client.ts', () => ({
  $status,
  api: () => ({
    call: async (def: CallDef, input: { body?: Record<string, unknown> } = {}) => {
      sent.push({ name: def.name, body: input.body });
      const answer = answers[def.name];
      if (!answer) throw new Error(`unexpected call ${def.name}`);
      return answer(input.body ?? {});
    },
  }),
}));
const dialogs: { text: string }[] = [];
let dialogAnswer = true;
vi.mock('../../../ui/stores/ui.ts', () => ({
  showDialog: async (o: { text: string }) => {
    dialogs.push(o);
    return dialogAnswer;
  },
}));

const { createWalletForm, errorsOf } = await import('../client/form.ts');
const { createTransferPage, transferChoice, walletsOf } = await import('../client/transfer.ts');
const { createRecordFilter } = await import('../client/records.ts');
const { createWithdrawalAnswer, createWithdrawalPage, proofIssue, receivedIssue, withdrawBounds } = await import('../client/withdrawal.ts');
const { $balance, $merchantWallet, currencySymbol, refreshBalance } = await import('../client/wallet.ts');
const w = (await import('../i18n/en/wallet.json')).default;

const words = {
  w,
  lang: 'en',
  money: (a: string) => `${currencySymbol()}${a}`,
  amountError: (typed: string, bounds: { max?: string | null }, notEnough?: string) =>
    !typed ? 'Enter an amount' : bounds.max && Number(typed) > Number(bounds.max) ? (notEnough ?? 'Too much') : undefined,
};
const balance = (main: number, games: Record<string, number> = {}) => ({
  sumBalance: main + Object.values(games).reduce((a, b) => a + b, 0),
  heldBalance: 0,
  currency: 'USD',
  currencySymbol: '$',
  balance: [
    { accountTypeName: 'MAIN', accountTypeId: 0, name: 'Main', availBalance: main },
    ...Object.entries(games).map(([code, n], i) => ({ accountTypeName: code, accountTypeId: i + 1, name: code, availBalance: n })),
  ],
});
const merchant = {
  isSingle: false,
  vendors: [
    { accountTypeName: 'JL', accountTypeId: 1, name: 'JILI' },
    { accountTypeName: 'PG', accountTypeId: 2, name: 'PG Soft' },
  ],
};
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  sent.length = 0;
  dialogs.length = 0;
  dialogAnswer = true;
  answers = {};
  $balance.set(null);
  $merchantWallet.set(null);
});
afterEach(() => vi.useRealTimers());

describe('the header’s balance', () => {
  it('reads again after a load under way when asked meanwhile: money that moved since is never missed', async () => {
    let main = 40;
    let release: () => void = () => undefined;
    let first = true;
    answers.walletBalance = async () => {
      const seen = main;
      if (first) {
        first = false;
        await new Promise<void>((r) => (release = r));
      }
      return balance(seen);
    };
    const before = sent.length;
    const a = refreshBalance();
    // The money moves while the first request is under way, and a game window says so (twice).
    main = 43.2;
    const b = refreshBalance();
    const c = refreshBalance();
    release();
    await Promise.all([a, b, c]);
    expect(sent.slice(before).map((x) => x.name)).toEqual(['walletBalance', 'walletBalance']);
    expect($balance.get()?.sumBalance).toBe(43.2);
    expect(await b).toEqual(await c);
  });
});

describe('a wallet form’s submission', () => {
  it('sends nothing while its checks find errors, and asks for focus on the first', async () => {
    const form = createWalletForm<'amount'>({ refused: () => ({}) });
    const send = vi.fn();
    await form.submit({ check: () => ({ amount: 'Enter an amount' }), send, done: vi.fn() });
    expect(form.$form.get()).toMatchObject({ errors: { amount: 'Enter an amount' }, focusErrors: 1, busy: false });
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the key while a refused payload is sent again, maps the refusal to its fields, and takes a new key once done', async () => {
    const form = createWalletForm<'amount'>({ refused: (err) => ({ amount: (err as Error).message }) });
    const keys: string[] = [];
    const steps = (fail: boolean) => ({
      check: () => ({}),
      send: async (keyFor: (p: unknown) => string) => {
        keys.push(keyFor({ amount: '5' }));
        if (fail) throw new Error('Refused');
        return 'ok';
      },
      done: vi.fn(),
    });
    await form.submit(steps(true));
    expect(form.$form.get()).toMatchObject({ errors: { amount: 'Refused' }, focusErrors: 1 });
    const ok = steps(false);
    await form.submit(ok);
    expect(ok.done).toHaveBeenCalledWith('ok');
    await form.submit(steps(false));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('lets the confirmation line go after 8 seconds', () => {
    vi.useFakeTimers();
    const form = createWalletForm({ refused: () => ({}) });
    form.setNotice('Moved');
    vi.advanceTimersByTime(7999);
    expect(form.$form.get().notice).toBe('Moved');
    vi.advanceTimersByTime(1);
    expect(form.$form.get().notice).toBeNull();
  });

  it('keeps only the errors that are set', () => {
    expect(errorsOf({ amount: undefined, game: 'Pick one' })).toEqual({ game: 'Pick one' });
  });
});

describe('the transfer page', () => {
  it('lists the wallets once the balance and the merchant wallet are known, the first game chosen by default', () => {
    expect(walletsOf(null, merchant)).toBeNull();
    const ws = walletsOf(balance(40, { PG: 12.5 }), merchant)!;
    expect(ws).toEqual({
      total: '52.50',
      main: '40.00',
      held: '0.00',
      single: false,
      games: [
        { code: 'JL', name: 'JILI', amount: '0.00' },
        { code: 'PG', name: 'PG Soft', amount: '12.50' },
      ],
    });
    expect(transferChoice({ direction: 'in', game: null }, ws)).toEqual({ game: 'JL', gameName: 'JILI', source: '40.00', anyInGames: true });
    expect(transferChoice({ direction: 'out', game: 'PG' }, ws)).toMatchObject({ gameName: 'PG Soft', source: '12.50' });
  });

  it('says why the page could not load, and loads again on retry', async () => {
    answers = {
      walletBalance: () => {
        throw new ApiFailure('Network link is abnormal', 'network', 0);
      },
      merchantWallet: () => merchant,
    };
    const page = createTransferPage({ words, refused: () => ({}), failed: vi.fn() });
    await page.open();
    expect(page.$transfer.get().loadError).toBe('Network link is abnormal');
    answers.walletBalance = () => balance(40);
    await page.open();
    expect(page.$transfer.get().loadError).toBeNull();
    expect(page.$wallets.get()?.main).toBe('40.00');
  });

  it('checks, moves money into the chosen game wallet, takes the new balance and says so', async () => {
    answers = { walletBalance: () => balance(40), merchantWallet: () => merchant, walletTransfer: () => balance(30, { PG: 10 }) };
    const page = createTransferPage({ words, refused: () => ({}), failed: vi.fn() });
    await page.open();
    await page.submit();
    expect(page.form.$form.get().errors).toEqual({ amount: 'Enter an amount' });
    page.chooseGame('PG');
    page.typeAmount('50');
    await page.submit();
    expect(page.form.$form.get().errors).toEqual({ amount: fill(w.wallet.notEnough, { amount: '$40.00' }) });
    page.typeAmount('10');
    await page.submit();
    expect(sent.at(-1)).toMatchObject({ name: 'walletTransfer', body: { from: 'MAIN', to: 'PG', amount: '10' } });
    expect(page.$transfer.get().amount).toBe('');
    expect(page.$wallets.get()?.main).toBe('30.00');
    expect(page.form.$form.get().notice).toBe(fill(w.wallet.movedIn, { amount: '$10', game: 'PG Soft' }));
  });

  it('brings every game wallet back, and hands a refusal to the page', async () => {
    const failed = vi.fn();
    answers = { walletTransfer: () => balance(52.5) };
    const page = createTransferPage({ words, refused: () => ({}), failed });
    await page.allBack();
    expect(sent.at(-1)).toMatchObject({ name: 'walletTransfer', body: { to: 'MAIN', all: true } });
    expect(page.form.$form.get().notice).toBe(w.wallet.allBackDone);
    answers.walletTransfer = () => {
      throw new ApiFailure('Maintenance', 'vendor.maintenance', 200);
    };
    await page.allBack();
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: 'Maintenance' }));
    expect(page.$transfer.get().allBusy).toBe(false);
  });
});

describe('the record filters', () => {
  it('start on the last 7 days and go back to page 1 when the period changes', () => {
    const f = createRecordFilter('2026-03-15');
    expect(f.$filter.get()).toEqual({ range: { from: '2026-03-09', to: '2026-03-15' }, page: 1 });
    f.setPage(3);
    f.setRange({ from: '2026-03-01', to: '2026-03-05' });
    expect(f.$filter.get()).toEqual({ range: { from: '2026-03-01', to: '2026-03-05' }, page: 1 });
  });
});

describe('the withdrawal page', () => {
  const info = { available: '80.00', min: '10.00', max: '50.00', needPaymentPassword: true, payeeName: null, autoReceiveMinutes: 60, wageringRemaining: '0.00' };
  const item = { id: 'W1', amount: '40.00', status: 'paid' } as never;

  it('knows the most that may be asked, and when too little is there', () => {
    expect(withdrawBounds(info)).toEqual({ ceiling: '50.00', tooLittle: false });
    expect(withdrawBounds({ available: '5.00', min: '10.00', max: '50.00' })).toEqual({ ceiling: '5.00', tooLittle: true });
  });

  it('asks for the payment password, then requests the amount, empties the form and reads the page again', async () => {
    answers = { withdrawCreate: () => ({ id: 'W2', amount: '20.00' }) };
    const page = createWithdrawalPage({ words, refused: () => ({}) });
    page.typeAmount('20');
    await page.submit(info);
    expect(page.form.$form.get().errors).toEqual({ paymentPassword: w.withdrawal.passwordRequired });
    page.typePassword('secret');
    await page.submit(info);
    expect(sent[0]).toEqual({ name: 'withdrawCreate', body: { amount: '20', paymentPassword: 'secret', idempotencyKey: expect.any(String) } });
    expect(sent[1]?.name, 'the header’s balance read again').toBe('walletBalance');
    expect(page.$request.get()).toEqual({ amount: '', password: '' });
    expect(page.$version.get()).toBe(1);
    expect(page.form.$form.get().notice).toBe(fill(w.withdrawal.requested, { amount: '$20.00' }));
  });

  it('confirms a withdrawal as received only after the dialog says yes', async () => {
    answers = { withdrawConfirm: () => ({}) };
    const changed = vi.fn();
    const a = createWithdrawalAnswer({ words, cancel: 'Cancel', refused: () => ({}), failed: vi.fn(), changed });
    dialogAnswer = false;
    await a.confirmReceived(item);
    expect(sent).toEqual([]);
    dialogAnswer = true;
    await a.confirmReceived(item);
    expect(dialogs[0]!.text).toContain('$40.00');
    expect(sent).toEqual([{ name: 'withdrawConfirm', body: { id: 'W1', received: true, idempotencyKey: expect.any(String) } }]);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('checks what arrived and the proof before saying a withdrawal did not arrive', async () => {
    expect(receivedIssue(words, '', '40.00')).toBe(w.amount.required);
    expect(receivedIssue(words, '40.00', '40.00')).toBe(fill(w.withdrawal.receivedLess, { amount: '$40.00' }));
    expect(receivedIssue(words, '1.005', '40.00')).toBe(w.amount.decimals);
    expect(receivedIssue(words, '12.50', '40.00')).toBeUndefined();
    expect(proofIssue(w, { type: 'image/gif', name: 'a.gif', size: 10 })).toBe(w.withdrawal.proofType);
    expect(proofIssue(w, { type: 'image/png', name: 'a.png', size: 6 * 1024 * 1024 })).toBe(w.withdrawal.proofSize);
    expect(proofIssue(w, { type: 'image/jpeg', name: 'a.JPG', size: 10 })).toBeNull();
  });

  it('reads the proof, sends the amount that arrived with it, and opens afresh after a cancel', async () => {
    vi.stubGlobal(
      'FileReader',
      class {
        result: string | null = null;
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        readAsDataURL(f: { name: string }) {
          this.result = `data:image/png;base64,${f.name}`;
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    answers = { withdrawConfirm: () => ({}) };
    const changed = vi.fn();
    const a = createWithdrawalAnswer({ words, cancel: 'Cancel', refused: () => ({}), failed: vi.fn(), changed });
    a.openNotReceived();
    expect(a.$answer.get()).toMatchObject({ mode: 'notReceived', received: '0.00', proof: null });
    await a.sendNotReceived(item);
    expect(a.form.$form.get().errors).toEqual({ proofImage: w.withdrawal.proofRequired });
    expect(a.chooseProof({ type: 'image/gif', name: 'x.gif', size: 1 } as File)).toBe(false);
    expect(a.form.$form.get().errors.proofImage).toBe(w.withdrawal.proofType);
    expect(a.chooseProof({ type: 'image/png', name: 'x.png', size: 1 } as File)).toBe(true);
    await settle();
    expect(a.$answer.get().proof).toEqual({ name: 'x.png', dataUrl: 'data:image/png;base64,x.png' });
    a.typeReceived('12.5');
    await a.sendNotReceived(item);
    expect(sent.at(-1)).toMatchObject({ name: 'withdrawConfirm', body: { id: 'W1', received: false, receivedAmount: '12.5', proofImage: 'data:image/png;base64,x.png' } });
    expect(changed).toHaveBeenCalledTimes(1);
    a.cancelNotReceived();
    a.openNotReceived();
    expect(a.$answer.get()).toMatchObject({ mode: 'notReceived', received: '0.00', proof: null });
    expect(a.form.$form.get().errors).toEqual({});
    vi.unstubAllGlobals();
  });
});
