/**
 * A contract page's state (issue 14; spec 2.15): the agent's contracts of a kind, which downline's
 * offer form is open, and the version that starts the settlement records afresh after a change;
 * and a contract card's steps (deciding an offer, ending a contract by agreement). The islands
 * (contracts.tsx, contract-card.tsx) only render.
 */
import { atom, map, onMount } from 'nanostores';
import type { ApiClient } from '../../../kernel/http/client.ts';
import { agentContractDecide, agentContracts, agentContractTermination, type ContractKindName, type ContractView } from '../contract.ts';
import { createLoad } from './load.ts';

/** One contract page of `kind`. */
export function createContractPage(o: { client: () => ApiClient; kind: ContractKindName }) {
  const page = createLoad((kind: ContractKindName) => o.client().call(agentContracts, { query: { kind } }));
  /** The downline agent whose offer form is open, if any. */
  const $offering = atom<number | null>(null);
  /** Grows after every change: the settlement records start again from the last days. */
  const $version = atom(0);
  onMount(page.$load, () => void page.load(o.kind));
  return {
    $page: page.$load,
    $offering,
    $version,
    retry: page.reload,
    /** Opens the offer form for a downline agent (one at a time). */
    offerTo: (agentId: number) => $offering.set(agentId),
    cancelOffer: () => $offering.set(null),
    /** After a contract changed (an offer sent, decided, a termination step): everything afresh. */
    changed(): void {
      $offering.set(null);
      $version.set($version.get() + 1);
      void page.reload();
    },
  };
}

export interface CardView {
  busy: boolean;
  error: string | null;
}

/**
 * One contract card's steps. `done` receives the contract as the server answers it, while the
 * card is still busy.
 */
export function createContractCard(o: { client: () => ApiClient }) {
  const $card = map<CardView>({ busy: false, error: null });
  async function act(run: () => Promise<ContractView>, done: (view: ContractView) => void): Promise<void> {
    $card.set({ busy: true, error: null });
    try {
      done(await run());
    } catch (err) {
      $card.set({ ...$card.get(), error: err instanceof Error ? err.message : String(err) });
    } finally {
      $card.set({ ...$card.get(), busy: false });
    }
  }
  return {
    $card,
    /** Accepts or rejects an offer. */
    decide: (id: number, action: 'accept' | 'reject', done: (view: ContractView) => void) => act(() => o.client().call(agentContractDecide, { body: { id, action } }), done),
    /** Asks to end a contract, agrees to the other party's request, or declines (withdraws) it. */
    terminate: (id: number, action: 'request' | 'accept' | 'decline', done: (view: ContractView) => void) => act(() => o.client().call(agentContractTermination, { body: { id, action } }), done),
  };
}

export type ContractPage = ReturnType<typeof createContractPage>;
export type ContractCard = ReturnType<typeof createContractCard>;
