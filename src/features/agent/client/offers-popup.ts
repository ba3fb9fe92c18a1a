/**
 * The consolidated popup's state (issue 14; spec 2.15): the offers waiting for the agent's
 * answer, when the consolidated call says one waits. It stays open until its close button, and
 * an offer decided in it shows its new state there. islands/offers-popup.tsx renders it (and
 * owns the dialog and the page's scroll).
 */
import { map, onMount, task } from 'nanostores';
import type { ApiClient } from '../../../kernel/http/client.ts';
import { consolidatedFunds, type ContractView } from '../contract.ts';
import { waitingOffers } from './offer-terms.ts';

export interface OffersPopupView {
  offers: ContractView[];
  open: boolean;
}

export function createOffersPopup(o: { client: () => ApiClient }) {
  const $popup = map<OffersPopupView>({ offers: [], open: false });
  /** Asks whether offers wait; a failure shows nothing (the pages show the offers too). */
  const load = () =>
    task(() =>
      o
        .client()
        .call(consolidatedFunds)
        .then((v) => {
          const offers = waitingOffers(v);
          $popup.set({ offers, open: offers.length > 0 });
        })
        .catch(() => undefined),
    );
  onMount($popup, () => void load());
  return {
    $popup,
    /** An offer decided in the popup: it shows its new state until the popup is closed. */
    decided: (view: ContractView) => $popup.set({ ...$popup.get(), offers: $popup.get().offers.map((x) => (x.id === view.id ? view : x)) }),
    close: () => $popup.set({ ...$popup.get(), open: false }),
  };
}

export type OffersPopup = ReturnType<typeof createOffersPopup>;
