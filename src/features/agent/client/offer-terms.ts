/**
 * The contract pages' rules that the browser applies itself (issue 14): the offer form's drafts
 * and the terms they make, the inputs it refuses before sending (empty or not a number: the rate
 * rule is the server's, whose refusals come back under the same fields), which buttons a
 * contract card offers, and which offers the consolidated popup shows. Pure.
 */
import type { ContractKindName, ContractView, TermsInput, consolidatedFunds } from '../contract.ts';
import type { ValueOf } from '../../../kernel/contract.ts';

/** A tier as typed. */
export interface TierDraft {
  minValidBet: string;
  minActive: string;
  minLoss: string;
  rate: string;
}

/** The offer form as typed: tiers (daily, hourly, dividend), the dividend's terms, real time's. */
export interface TermsDraft {
  tiers: TierDraft[];
  periodicMinBet: string;
  feeRate: string;
  carry: boolean;
  lossRate: string;
  winRate: string;
  minSingleBet: string;
}

/** The most tiers a contract holds (contract.ts termsInput). */
export const MAX_TIERS = 10;

/** A new tier: from nothing, its rate still to be chosen. */
export const emptyTier = (): TierDraft => ({ minValidBet: '0', minActive: '0', minLoss: '0', rate: '' });

/**
 * A typed number, with a decimal comma or point; NaN when empty or not a number.
 * @example parseDecimal('1,5') // 1.5
 * @example parseDecimal(' ') // NaN
 */
export function parseDecimal(s: string): number {
  return s.trim() === '' ? Number.NaN : Number(s.replace(',', '.'));
}

/**
 * The form's first draft: the downline's current terms when it has a contract (a change), else
 * the agent's own thresholds with the rates left empty, so that no rate is offered unread.
 */
export function draftOf(own: ContractView, current: ContractView | null): TermsDraft {
  const base = current?.terms ?? own.terms;
  return {
    tiers: (base.tiers ?? []).length
      ? base.tiers!.map((t) => ({ minValidBet: String(t.minValidBet), minActive: String(t.minActive), minLoss: String(t.minLoss), rate: current ? String(t.rate) : '' }))
      : [emptyTier()],
    periodicMinBet: String(base.periodicMinBet ?? 0),
    feeRate: String(base.feeRate ?? 0),
    carry: base.carry ?? false,
    lossRate: current ? String(base.lossRate ?? '') : '',
    winRate: current ? String(base.winRate ?? '') : '',
    minSingleBet: String(base.minSingleBet ?? 0),
  };
}

/** The terms a draft offers; a dividend keeps the agent's own period (the server refuses another). */
export function termsOf(kind: ContractKindName, draft: TermsDraft, ownPeriod: string | undefined): TermsInput {
  const n = parseDecimal;
  if (kind === 'realtime') return { lossRate: n(draft.lossRate), winRate: n(draft.winRate), minSingleBet: n(draft.minSingleBet) };
  return {
    tiers: draft.tiers.map((t) => ({ minValidBet: n(t.minValidBet), minActive: n(t.minActive), minLoss: n(t.minLoss), rate: n(t.rate) })),
    periodicMinBet: n(draft.periodicMinBet),
    ...(kind === 'dividend' ? { feeRate: n(draft.feeRate), period: ownPeriod as 'D' | 'W' | 'H' | 'M', carry: draft.carry } : {}),
  };
}

/**
 * The fields of `terms` that hold no number (empty or not one), named as the server names its
 * refusals (`terms.tiers.0.rate`), so both show under the same field.
 */
export function unreadableFields(kind: ContractKindName, terms: TermsInput): string[] {
  const found: string[] = [];
  const check = (key: string, v: number | undefined) => {
    if (v === undefined || Number.isNaN(v)) found.push(key);
  };
  if (kind === 'realtime') {
    check('terms.lossRate', terms.lossRate);
    check('terms.winRate', terms.winRate);
    check('terms.minSingleBet', terms.minSingleBet);
  } else {
    (terms.tiers ?? []).forEach((t, i) => {
      check(`terms.tiers.${i}.minValidBet`, t.minValidBet);
      check(`terms.tiers.${i}.minActive`, t.minActive);
      check(`terms.tiers.${i}.minLoss`, t.minLoss);
      check(`terms.tiers.${i}.rate`, t.rate);
    });
    check('terms.periodicMinBet', terms.periodicMinBet);
  }
  return found;
}

/** Where a card shows: the agent's own contract, an offer to it, or one it gave a downline. */
export type CardRole = 'own' | 'offer' | 'given';

/** What a contract card offers: deciding an offer, and the steps of ending a contract by agreement. */
export interface CardButtons {
  /** Accept and reject (an offer waiting for this agent). */
  decide: boolean;
  /** Ask to end it. */
  request: boolean;
  /** Agree to end it (the other party asked). */
  acceptEnd: boolean;
  /** Take back one's own request ('withdraw') or refuse the other's ('decline'). */
  cancelEnd: 'withdraw' | 'decline' | null;
  /** A request to end it waits: asked by this agent, or of it. */
  asked: 'byYou' | 'ofYou' | null;
}

/**
 * The buttons of a card. Only a contract in force from an upline agent can be ended by
 * agreement (the house's grants end by an operator).
 */
export function cardButtons(role: CardRole, view: Pick<ContractView, 'status' | 'upline' | 'terminationRequestedBy'>): CardButtons {
  // Who asked to end it, seen from this page's agent: the holder is 'agent', the giver 'upline'.
  const mine = role === 'own' ? 'agent' : 'upline';
  const asked = view.terminationRequestedBy;
  const endable = role !== 'offer' && view.status === 'active' && view.upline !== null;
  return {
    decide: role === 'offer' && view.status === 'offered',
    request: endable && !asked,
    acceptEnd: endable && !!asked && asked !== mine,
    cancelEnd: endable && asked ? (asked === mine ? 'withdraw' : 'decline') : null,
    asked: asked ? (asked === mine ? 'byYou' : 'ofYou') : null,
  };
}

/**
 * The offers the consolidated popup shows: those waiting for the agent's answer, when a *req*
 * flag of the consolidated call says one waits (2); none otherwise.
 */
export function waitingOffers(v: ValueOf<typeof consolidatedFunds>): ContractView[] {
  const waiting = [v.dailysalreqtype, v.divtypereq, v.contracthoursalreq, v.realtimesalreqtype].some((f) => f === 2);
  return waiting ? v.offers : [];
}
