/**
 * The contract pages' own rules (client/offer-terms.ts): the offer form's first draft, the terms
 * it sends, the inputs it refuses before sending, a card's buttons, the popup's offers.
 */
import { describe, expect, it } from 'vitest';
import { agentFunds, contract } from './contract-fixture.ts';
import { cardButtons, draftOf, emptyTier, parseDecimal, termsOf, unreadableFields, waitingOffers, type TermsDraft } from '../client/offer-terms.ts';

describe('the offer form', () => {
  it('reads a decimal comma or point, and an empty field as no number', () => {
    expect(parseDecimal('1,5')).toBe(1.5);
    expect(parseDecimal('0.25')).toBe(0.25);
    expect(parseDecimal('  ')).toBeNaN();
    expect(parseDecimal('abc')).toBeNaN();
  });

  it("starts a first offer from the agent's own thresholds with every rate left to choose", () => {
    const d = draftOf(contract(), null);
    expect(d.tiers).toEqual([
      { minValidBet: '0', minActive: '0', minLoss: '0', rate: '' },
      { minValidBet: '20000', minActive: '3', minLoss: '0', rate: '' },
    ]);
    expect(d).toMatchObject({ periodicMinBet: '100', feeRate: '0', carry: false, lossRate: '', winRate: '' });
  });

  it("starts a change from the downline's current terms, rates included", () => {
    const current = contract({ id: 2, terms: { tiers: [{ minValidBet: 500, minActive: 1, minLoss: 0, rate: 0.5 }], periodicMinBet: 0 } });
    expect(draftOf(contract(), current).tiers).toEqual([{ minValidBet: '500', minActive: '1', minLoss: '0', rate: '0.5' }]);
    const realtime = contract({ kind: 'realtime', terms: { lossRate: 1, winRate: 0.5, minSingleBet: 10 } });
    expect(draftOf(realtime, realtime)).toMatchObject({ tiers: [emptyTier()], lossRate: '1', winRate: '0.5', minSingleBet: '10' });
    expect(draftOf(realtime, null)).toMatchObject({ lossRate: '', winRate: '', minSingleBet: '10' });
  });

  it("offers a dividend on the agent's own period, and salaries without the dividend's terms", () => {
    const draft: TermsDraft = { ...draftOf(contract(), null), tiers: [{ minValidBet: '0', minActive: '0', minLoss: '0', rate: '0,8' }], feeRate: '5', carry: true };
    expect(termsOf('dividend', draft, 'W')).toEqual({ tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 0.8 }], periodicMinBet: 100, feeRate: 5, period: 'W', carry: true });
    expect(termsOf('daily', draft, undefined)).toEqual({ tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 0.8 }], periodicMinBet: 100 });
    expect(termsOf('realtime', { ...draft, lossRate: '1', winRate: '', minSingleBet: '2' }, undefined)).toEqual({ lossRate: 1, winRate: Number.NaN, minSingleBet: 2 });
  });

  it('names every field that holds no number as the server names its refusals', () => {
    const draft = { ...draftOf(contract(), null), periodicMinBet: 'x' };
    expect(unreadableFields('daily', termsOf('daily', draft, undefined))).toEqual(['terms.tiers.0.rate', 'terms.tiers.1.rate', 'terms.periodicMinBet']);
    expect(unreadableFields('realtime', termsOf('realtime', { ...draft, lossRate: '1', winRate: '0.5', minSingleBet: '' }, undefined))).toEqual(['terms.minSingleBet']);
    expect(unreadableFields('hourly', { tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 1 }], periodicMinBet: 0 })).toEqual([]);
  });
});

describe("a contract card's buttons", () => {
  it('lets an agent accept or reject an offer waiting for it, and nothing else', () => {
    expect(cardButtons('offer', contract({ status: 'offered', upline: 'up' }))).toEqual({ decide: true, request: false, acceptEnd: false, cancelEnd: null, asked: null });
    expect(cardButtons('offer', contract({ status: 'accepted', upline: 'up' })).decide).toBe(false);
  });

  it('lets either party ask to end a contract in force from an agent, but not a grant from the house', () => {
    expect(cardButtons('own', contract({ upline: 'up' }))).toMatchObject({ request: true, acceptEnd: false, cancelEnd: null });
    expect(cardButtons('given', contract({ upline: 'me' }))).toMatchObject({ request: true });
    expect(cardButtons('own', contract({ upline: null }))).toMatchObject({ request: false, acceptEnd: false, cancelEnd: null });
    expect(cardButtons('own', contract({ upline: 'up', status: 'ended' })).request).toBe(false);
  });

  it('offers the asker to withdraw its request, and the other party to agree or decline', () => {
    // The holder ('agent') asked: on its own page it is its request; on the upline's, the other's.
    const asked = contract({ upline: 'up', terminationRequestedBy: 'agent' });
    expect(cardButtons('own', asked)).toEqual({ decide: false, request: false, acceptEnd: false, cancelEnd: 'withdraw', asked: 'byYou' });
    expect(cardButtons('given', asked)).toEqual({ decide: false, request: false, acceptEnd: true, cancelEnd: 'decline', asked: 'ofYou' });
    expect(cardButtons('own', { ...asked, terminationRequestedBy: 'upline' })).toMatchObject({ acceptEnd: true, cancelEnd: 'decline', asked: 'ofYou' });
  });
});

describe("the consolidated popup's offers", () => {
  const funds = agentFunds();
  const offer = contract({ status: 'offered', upline: 'up' });

  it('shows the offers when a flag says one waits for the answer (2)', () => {
    expect(waitingOffers({ ...funds, divtypereq: 2, offers: [offer] })).toEqual([offer]);
  });

  it('shows none while no flag says so', () => {
    expect(waitingOffers({ ...funds, offers: [offer] })).toEqual([]);
  });
});
