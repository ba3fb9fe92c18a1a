/**
 * The manual rebate page's state and steps (issue 36; spec 2.14): today's rebate so far, read
 * when the page opens and again every half minute while it stays open (bets settle meanwhile), and
 * claiming it (one idempotency key per claim, kept while the same claim is retried after a network
 * failure, so a retry never pays twice).
 */
import { map } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import { refreshBalance } from '../../wallet/client.ts';
import { manualRebate, manualRebateClaim, type ManualRebateView } from '../contract.ts';

export interface ManualRebateState {
  /** null until the first answer arrives. */
  data: ManualRebateView | null;
  error: string | null;
  /** What the last claim did: paid (with its wagering), or the server's refusal. */
  notice: { kind: 'paid'; paid: string; turnover: string } | { kind: 'refused'; text: string } | null;
  busy: boolean;
}

const message = (err: unknown) => (err instanceof ApiFailure ? err.message : String(err));
const newKey = () => crypto.randomUUID();
/** How often the page reads the rebate again while open. */
export const REBATE_REFRESH_MS = 30_000;

/** One page's store, on the member's session (`client`). */
export function createManualRebate(o: { client: ApiClient }) {
  const { client } = o;
  const $rebate = map<ManualRebateState>({ data: null, error: null, notice: null, busy: false });
  const patch = (p: Partial<ManualRebateState>) => $rebate.set({ ...$rebate.get(), ...p });
  let key = newKey();
  let load = 0;

  async function reload(): Promise<void> {
    const mine = ++load;
    try {
      const data = await client.call(manualRebate);
      if (mine === load) patch({ data, error: null });
    } catch (err) {
      if (mine === load) patch({ error: message(err) });
    }
  }

  /** Claims what is claimable now; the same key is sent again only when the answer was lost. */
  async function claim(): Promise<void> {
    if ($rebate.get().busy) return;
    patch({ busy: true, notice: null });
    try {
      const out = await client.call(manualRebateClaim, { body: { idempotencyKey: key } });
      key = newKey();
      load++;
      patch({ data: out.rebate, notice: { kind: 'paid', paid: out.paid, turnover: out.turnover } });
      void refreshBalance();
    } catch (err) {
      // A refusal is final for this key; a lost answer keeps it, so the retry answers the first claim.
      if (err instanceof ApiFailure && err.status > 0) key = newKey();
      patch({ notice: { kind: 'refused', text: message(err) } });
      void reload();
    } finally {
      patch({ busy: false });
    }
  }

  /** Reads now and every REBATE_REFRESH_MS until the returned function is called. */
  function open(): () => void {
    void reload();
    const timer = setInterval(() => void reload(), REBATE_REFRESH_MS);
    return () => clearInterval(timer);
  }

  return { $rebate, reload, claim, open };
}

export type ManualRebateStore = ReturnType<typeof createManualRebate>;
