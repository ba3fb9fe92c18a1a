/**
 * The reward centre's store (src/features/promotions/client/reward-centre.ts) against a scripted
 * client: the list and the badge, a claim, a refused claim, a bonus code, the daily sign-in.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';

const balanceRefreshed = vi.fn();
vi.mock('../../wallet/client.ts', () => ({ refreshBalance: () => balanceRefreshed() }));

const { createRewardCentre, hasWagering } = await import('../client/reward-centre.ts');
const { $availableRewards } = await import('../client.ts');

const item = (id: number, o: Record<string, unknown> = {}) => ({
  id,
  kind: 'rebate',
  promotionId: 1,
  title: `Reward ${id}`,
  period: null,
  amount: '5.00',
  turnover: '0.00',
  status: 'claimable',
  createdAt: 0,
  expiresAt: 1,
  claimedAt: null,
  ...o,
});
const calendar = { promotionId: 3, title: 'Sign-in', today: '2026-03-02', signedToday: false, streak: 0, days: [] };

/** A client whose answers a test scripts per call name, recording what was sent. */
function scripted(answers: Record<string, (body: Record<string, unknown>) => unknown>) {
  const sent: { name: string; body?: Record<string, unknown> }[] = [];
  const client = {
    async call(def: CallDef, input: { body?: Record<string, unknown> } = {}) {
      sent.push({ name: def.name, body: input.body });
      const answer = answers[def.name];
      if (!answer) throw new Error(`unexpected call ${def.name}`);
      return answer(input.body ?? {});
    },
  } as unknown as ApiClient;
  return { client, sent, names: () => sent.map((s) => s.name) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  balanceRefreshed.mockClear();
  $availableRewards.set(0);
});

describe('the reward centre store', () => {
  it('opens with the list, the badge’s count and the sign-in calendar', async () => {
    const { client } = scripted({ rewardList: () => ({ available: 2, items: [item(1), item(2)] }), signinStatus: () => calendar });
    const c = createRewardCentre({ client });
    c.open();
    await settle();
    expect(c.$rewards.get()).toMatchObject({ items: [{ id: 1 }, { id: 2 }], error: null, version: 0 });
    expect($availableRewards.get()).toBe(2);
    expect(c.$signin.get().calendar).toEqual(calendar);
  });

  it('says why the list could not be read, and reads it again on retry', async () => {
    let fail = true;
    const { client } = scripted({
      rewardList: () => {
        if (fail) throw new ApiFailure('Network link is abnormal', 'network', 0);
        return { available: 0, items: [] };
      },
      signinStatus: () => {
        throw new ApiFailure('No sign-in', 'promotions.none', 200);
      },
    });
    const c = createRewardCentre({ client });
    c.open();
    await settle();
    expect(c.$rewards.get()).toMatchObject({ items: null, error: 'Network link is abnormal' });
    expect(c.$signin.get().calendar, 'no calendar: no block').toBeNull();
    fail = false;
    c.reload();
    await settle();
    expect(c.$rewards.get()).toMatchObject({ items: [], error: null, version: 1 });
  });

  it('claims a reward: the item as paid, the badge, the balance; a raffle prize by its own call, and the raffles told', async () => {
    const { client, sent } = scripted({
      rewardList: () => ({ available: 2, items: [item(1), item(2, { kind: 'raffle' })] }),
      signinStatus: () => calendar,
      rewardClaim: () => ({ item: item(1, { status: 'claimed', claimedAt: 5, turnover: '25.00' }), available: 1 }),
      MCS2_claimRafflePromotion: () => ({ claimed: [item(2, { kind: 'raffle', status: 'claimed' })], available: 0 }),
    });
    const c = createRewardCentre({ client });
    c.open();
    await settle();
    await c.claim(c.$rewards.get().items![0]!);
    expect(c.$rewards.get()).toMatchObject({ busy: null, notice: { kind: 'done', value: { id: 1, turnover: '25.00' } }, items: [{ id: 1, status: 'claimed' }, { id: 2 }] });
    expect($availableRewards.get()).toBe(1);
    expect(balanceRefreshed).toHaveBeenCalledTimes(1);
    expect(c.$rewards.get().version, 'not a raffle: the raffles stay').toBe(0);

    await c.claim(c.$rewards.get().items![1]!);
    expect(sent.find((s) => s.name === 'MCS2_claimRafflePromotion')?.body).toEqual({ id: 2 });
    expect(c.$rewards.get().version).toBe(1);
  });

  it('shows a refused claim’s message and reads the list again', async () => {
    const { client, names } = scripted({
      rewardList: () => ({ available: 1, items: [item(1)] }),
      signinStatus: () => calendar,
      rewardClaim: () => {
        throw new ApiFailure('This reward has expired', 'promotions.reward.expired', 200);
      },
    });
    const c = createRewardCentre({ client });
    c.open();
    await settle();
    await c.claim(item(1) as never);
    await settle();
    expect(c.$rewards.get()).toMatchObject({ notice: { kind: 'refused', text: 'This reward has expired' }, busy: null, version: 1 });
    expect(names().filter((n) => n === 'rewardList')).toHaveLength(2);
    expect(balanceRefreshed).not.toHaveBeenCalled();
  });

  it('asks for a bonus code before sending, then pays it and empties the field', async () => {
    const { client, sent } = scripted({ bonusCode: () => ({ promotionId: 4, title: 'Welcome', amount: '10.00', turnover: '0.00' }) });
    const c = createRewardCentre({ client });
    await c.applyCode();
    expect(c.$code.get().error).toEqual({ kind: 'required' });
    expect(sent).toEqual([]);
    c.typeCode('WELCOME');
    await c.applyCode();
    expect(sent).toEqual([{ name: 'bonusCode', body: { code: 'WELCOME' } }]);
    expect(c.$code.get()).toMatchObject({ code: '', error: null, busy: false, paid: { title: 'Welcome', amount: '10.00' } });
    expect(balanceRefreshed).toHaveBeenCalledTimes(1);
  });

  it('keeps a refused code in the field with the server’s message', async () => {
    const { client } = scripted({
      bonusCode: () => {
        throw new ApiFailure('Unknown code', 'promotions.code.unknown', 200);
      },
    });
    const c = createRewardCentre({ client });
    c.typeCode('NOPE');
    await c.applyCode();
    expect(c.$code.get()).toMatchObject({ code: 'NOPE', error: { kind: 'refused', text: 'Unknown code' }, paid: null });
  });

  it('signs in for today: the day’s reward said, the calendar and the list read again', async () => {
    const { client, names } = scripted({
      rewardList: () => ({ available: 1, items: [item(9, { kind: 'signin' })] }),
      signinStatus: () => calendar,
      signinToday: () => ({ day: '2026-03-02', streak: 1, reward: item(9, { kind: 'signin', amount: '1.00' }) }),
    });
    const c = createRewardCentre({ client });
    await c.sign();
    await settle();
    expect(c.$signin.get()).toMatchObject({ busy: false, note: { kind: 'done', value: { amount: '1.00' } }, calendar });
    expect(names()).toEqual(['signinToday', 'signinStatus', 'rewardList']);
    expect(c.$rewards.get().version).toBe(1);
  });
});

describe('whether a bonus asks for turnover', () => {
  it('is no for zero and yes for any amount above it', () => {
    expect(hasWagering('0.00')).toBe(false);
    expect(hasWagering('0')).toBe(false);
    expect(hasWagering('0.01')).toBe(true);
    expect(hasWagering('150.00')).toBe(true);
  });
});
