/**
 * The contract pages' stores (client/contracts.ts, offer-form.ts, offers-popup.ts) against a
 * scripted API: the page and its changes, a card's steps, the offer form's checks and refusals,
 * and the consolidated popup.
 */
import { allTasks } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { createContractCard, createContractPage } from '../client/contracts.ts';
import { createOfferForm } from '../client/offer-form.ts';
import { createOffersPopup } from '../client/offers-popup.ts';
import { fakeApi, type Sent } from './fake-api.ts';
import { agentFunds, contract } from './contract-fixture.ts';

const own = contract({
  terms: {
    tiers: [
      { minValidBet: 0, minActive: 0, minLoss: 0, rate: 1 },
      { minValidBet: 20_000, minActive: 0, minLoss: 0, rate: 2 },
    ],
    periodicMinBet: 0,
  },
});

describe('a contract page store', () => {
  it('loads its kind once shown; after a change it closes the offer form, loads again and starts the records afresh', async () => {
    const api = fakeApi(() => ({ kind: 'daily', enabled: true, own, offer: null, downlines: [], history: [] }));
    const page = createContractPage({ client: api.client, kind: 'daily' });
    page.$page.listen(() => undefined);
    await allTasks();
    expect(api.sent).toEqual([{ name: 'agentContracts', query: { kind: 'daily' } }]);
    page.offerTo(12);
    expect(page.$offering.get()).toBe(12);
    page.changed();
    await allTasks();
    expect(page.$offering.get()).toBeNull();
    expect(page.$version.get()).toBe(1);
    expect(api.sent).toHaveLength(2);
  });
});

describe('a contract card store', () => {
  it('stays busy while a step is sent and hands on the contract as the server answers it', async () => {
    const api = fakeApi((s: Sent) => ({ ...own, status: s.body!.action === 'accept' ? 'active' : 'rejected' }));
    const card = createContractCard({ client: api.client });
    let busyWhenDone: boolean | undefined;
    await card.decide(4, 'accept', (view) => {
      busyWhenDone = card.$card.get().busy;
      expect(view.status).toBe('active');
    });
    expect(busyWhenDone).toBe(true);
    expect(api.sent).toEqual([{ name: 'agentContractDecide', body: { id: 4, action: 'accept' } }]);
    expect(card.$card.get()).toEqual({ busy: false, error: null });
  });

  it('says a refused step on the card', async () => {
    const api = fakeApi(() => {
      throw new ApiFailure('The contract has ended', 'agent.contract.state', 409);
    });
    const card = createContractCard({ client: api.client });
    const done = vi.fn();
    await card.terminate(4, 'request', done);
    expect(api.sent).toEqual([{ name: 'agentContractTermination', body: { id: 4, action: 'request' } }]);
    expect(done).not.toHaveBeenCalled();
    expect(card.$card.get()).toEqual({ busy: false, error: 'The contract has ended' });
  });
});

describe('the offer form store', () => {
  const form = (answer: (s: Sent) => unknown = () => ({ ...own, id: 5, status: 'offered' })) => {
    const api = fakeApi(answer);
    return { api, form: createOfferForm({ client: api.client, kind: 'daily', own, current: null, agentId: 12, words: { number: 'Enter a number' } }) };
  };

  it('refuses rates left empty or not numbers before sending anything', async () => {
    const { api, form: f } = form();
    f.typeTier(1, 'rate', 'abc');
    const done = vi.fn();
    await f.submit(done);
    expect(f.$offer.get().errors).toEqual({ 'terms.tiers.0.rate': 'Enter a number', 'terms.tiers.1.rate': 'Enter a number' });
    expect(api.sent).toEqual([]);
    expect(done).not.toHaveBeenCalled();
  });

  it('sends the tiers typed to the downline agent, and runs `done` once the server took them', async () => {
    const { api, form: f } = form();
    f.typeTier(0, 'rate', '0,5');
    f.typeTier(1, 'rate', '1.5');
    const done = vi.fn();
    await f.submit(done);
    expect(api.sent).toEqual([
      {
        name: 'agentContractOffer',
        body: {
          agentId: 12,
          kind: 'daily',
          terms: {
            tiers: [
              { minValidBet: 0, minActive: 0, minLoss: 0, rate: 0.5 },
              { minValidBet: 20_000, minActive: 0, minLoss: 0, rate: 1.5 },
            ],
            periodicMinBet: 0,
          },
        },
      },
    ]);
    expect(done).toHaveBeenCalledOnce();
    expect(f.$offer.get()).toMatchObject({ errors: {}, formError: null, busy: false });
  });

  it("shows a rate above the agent's own under its field, and any other refusal over the buttons", async () => {
    let failure = new ApiFailure('At most 1 %', 'agent.contract.rateAbove', 400, { 'terms.tiers.0.rate': 'At most 1 %' });
    const { form: f } = form(() => {
      throw failure;
    });
    f.typeTier(0, 'rate', '1.5');
    f.typeTier(1, 'rate', '2');
    await f.submit(vi.fn());
    expect(f.$offer.get()).toMatchObject({ errors: { 'terms.tiers.0.rate': 'At most 1 %' }, formError: null });
    failure = new ApiFailure('Not a direct downline agent', 'agent.contract.notDirect', 400);
    await f.submit(vi.fn());
    expect(f.$offer.get()).toMatchObject({ errors: {}, formError: 'Not a direct downline agent' });
  });

  it('adds tiers up to ten and always keeps one', () => {
    const { form: f } = form();
    for (let i = 0; i < 12; i++) f.addTier();
    expect(f.$offer.get().draft.tiers).toHaveLength(10);
    for (let i = 0; i < 12; i++) f.removeTier(0);
    expect(f.$offer.get().draft.tiers).toHaveLength(1);
  });
});

describe('the consolidated popup store', () => {
  const funds = agentFunds({ dailysalreqtype: 2 });
  const offer = { ...own, id: 5, status: 'offered', upline: 'demoagent' };

  it('opens when an offer waits, shows a decided offer in its new state, and closes only when told', async () => {
    const api = fakeApi(() => ({ ...funds, offers: [offer] }));
    const popup = createOffersPopup({ client: api.client });
    popup.$popup.listen(() => undefined);
    await allTasks();
    expect(popup.$popup.get()).toEqual({ offers: [offer], open: true });
    popup.decided({ ...offer, status: 'active' });
    expect(popup.$popup.get()).toEqual({ offers: [{ ...offer, status: 'active' }], open: true });
    popup.close();
    expect(popup.$popup.get().open).toBe(false);
  });

  it('stays closed when no flag says an offer waits, or the call fails', async () => {
    const quiet = createOffersPopup({ client: fakeApi(() => ({ ...funds, dailysalreqtype: 1, offers: [offer] })).client });
    const failing = createOffersPopup({
      client: fakeApi(() => {
        throw new ApiFailure('Network link is abnormal, please try again', 'network', 0);
      }).client,
    });
    quiet.$popup.listen(() => undefined);
    failing.$popup.listen(() => undefined);
    await allTasks();
    expect(quiet.$popup.get()).toEqual({ offers: [], open: false });
    expect(failing.$popup.get()).toEqual({ offers: [], open: false });
  });
});
