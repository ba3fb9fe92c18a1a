/**
 * The form that offers (or changes) a downline agent's contract (issue 14), as nanostores
 * advises: islands/offer-form.tsx only renders. It starts from the downline's current terms, or
 * the agent's own thresholds with the rates to choose; it refuses empty and non-numeric inputs
 * itself, and shows the server's refusals (a rate above the agent's own) under their fields.
 */
import { map } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import { agentContractOffer, type ContractKindName, type ContractView } from '../contract.ts';
import { draftOf, emptyTier, MAX_TIERS, termsOf, unreadableFields, type TermsDraft, type TierDraft } from './offer-terms.ts';

export interface OfferFormView {
  draft: TermsDraft;
  /** By the server's field names (`terms.tiers.0.rate`). */
  errors: Record<string, string>;
  formError: string | null;
  busy: boolean;
}

/** One offer form, to `agentId`, within the agent's own contract `own`. */
export function createOfferForm(o: { client: () => ApiClient; kind: ContractKindName; own: ContractView; current: ContractView | null; agentId: number; words: { number: string } }) {
  const $offer = map<OfferFormView>({ draft: draftOf(o.own, o.current), errors: {}, formError: null, busy: false });
  const get = () => $offer.get();
  const set = (patch: Partial<OfferFormView>) => $offer.set({ ...get(), ...patch });
  const draft = (patch: Partial<TermsDraft>) => set({ draft: { ...get().draft, ...patch } });
  const tiers = () => get().draft.tiers;

  /** Checks, then sends the offer; `done` runs once the server took it (the form still busy). */
  async function submit(done: () => void): Promise<void> {
    set({ errors: {}, formError: null });
    const terms = termsOf(o.kind, get().draft, o.own.terms.period);
    const unread = unreadableFields(o.kind, terms);
    if (unread.length) return set({ errors: Object.fromEntries(unread.map((key) => [key, o.words.number])) });
    set({ busy: true });
    try {
      await o.client().call(agentContractOffer, { body: { agentId: o.agentId, kind: o.kind, terms } });
      done();
    } catch (err) {
      if (err instanceof ApiFailure && Object.keys(err.fieldErrors).length) set({ errors: err.fieldErrors });
      else set({ formError: err instanceof Error ? err.message : String(err) });
    } finally {
      set({ busy: false });
    }
  }

  return {
    $offer,
    submit,
    /** A tier's field as typed. */
    typeTier: (i: number, field: keyof TierDraft, value: string) => draft({ tiers: tiers().map((t, j) => (j === i ? { ...t, [field]: value } : t)) }),
    /** Another tier, up to the most a contract holds. */
    addTier: () => tiers().length < MAX_TIERS && draft({ tiers: [...tiers(), emptyTier()] }),
    /** Removes a tier; the last one stays. */
    removeTier: (i: number) => tiers().length > 1 && draft({ tiers: tiers().filter((_, j) => j !== i) }),
    /** A field of the terms as typed. */
    type: (field: 'periodicMinBet' | 'feeRate' | 'lossRate' | 'winRate' | 'minSingleBet', value: string) => draft({ [field]: value }),
    setCarry: (carry: boolean) => draft({ carry }),
  };
}

export type OfferForm = ReturnType<typeof createOfferForm>;
