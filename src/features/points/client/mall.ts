/**
 * The points mall's state and steps (issue 32), as nanostores advises: one store per page, the
 * island only renders. The member's points, the items, the redeem history; redeeming and
 * converting behind the payment password (their refusals kept as the server's words, under the
 * field they are about).
 */
import { map } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import { refreshBalance } from '../../wallet/client.ts';
import { convertPoints, mallItems, pointsBalance, redeemItem, redemptions, type MallItemView, type RedemptionView } from '../contract.ts';

export interface MallView {
  points: number | null;
  items: MallItemView[] | null;
  history: RedemptionView[] | null;
  /** The item whose redeem form is open. */
  open: number | null;
  busy: boolean;
  /** What the last step did, in words the page fills. */
  /** What the last redemption or conversion did (with the slot to play, for free spins). */
  done: { kind: 'redeemed'; title: string; points: number; game: MallItemView['game']; on: string | null } | { kind: 'converted'; money: string; points: number } | null;
  /** A refusal: its field (password, address, points) or the form's own. */
  error: { field: 'password' | 'name' | 'phone' | 'address' | 'points' | 'form'; text: string } | null;
}

const FIELD_OF: Record<string, MallView['error'] extends infer E ? (E extends { field: infer F } ? F : never) : never> = {
  'wallet.paymentPassword.required': 'password',
  'wallet.paymentPassword.incorrect': 'password',
  'wallet.paymentPassword.locked': 'password',
  'points.address.required': 'address',
  'points.convert.minimum': 'points',
  'points.convert.step': 'points',
};

const newKey = () => crypto.randomUUID();

export function createMall(o: { client: ApiClient; member: boolean }) {
  const { client } = o;
  const $mall = map<MallView>({ points: null, items: null, history: null, open: null, busy: false, done: null, error: null });
  const patch = (p: Partial<MallView>) => $mall.set({ ...$mall.get(), ...p });
  const refusal = (err: unknown, fallback: MallView['error'] extends infer E ? (E extends { field: infer F } ? F : never) : never = 'form') =>
    err instanceof ApiFailure ? { field: FIELD_OF[err.errorCode] ?? fallback, text: err.message } : { field: fallback, text: String(err) };
  // One key per form opening: a retried submit (a lost answer) redeems once.
  let redeemKey = newKey();
  let convertKey = newKey();

  async function load(): Promise<void> {
    const items = await client.call(mallItems);
    patch({ items: items.items });
    if (!o.member) return;
    const [balance, history] = await Promise.all([client.call(pointsBalance), client.call(redemptions, { query: { pageNo: 1, pageSize: 20 } })]);
    patch({ points: balance.points, history: history.content });
  }

  function openItem(id: number | null): void {
    redeemKey = newKey();
    patch({ open: id, error: null, done: null });
  }

  async function redeem(itemId: number, input: { paymentPassword: string; address?: { name: string; phone: string; address: string } }): Promise<void> {
    const missing = !input.paymentPassword
      ? 'password'
      : input.address && !input.address.name.trim()
        ? 'name'
        : input.address && !input.address.phone.trim()
          ? 'phone'
          : input.address && !input.address.address.trim()
            ? 'address'
            : null;
    if (missing) {
      patch({ error: { field: missing, text: '' } });
      return;
    }
    patch({ busy: true, error: null, done: null });
    try {
      const r = await client.call(redeemItem, { body: { itemId, paymentPassword: input.paymentPassword, idempotencyKey: redeemKey, address: input.address } });
      const item = $mall.get().items?.find((i) => i.id === itemId);
      patch({ done: { kind: 'redeemed', title: r.redemption.title, points: r.points, game: item?.kind === 'freeSpins' ? item.game : null, on: item?.on ?? null }, open: null, points: r.points });
      redeemKey = newKey();
      void refreshBalance();
      await load();
    } catch (err) {
      patch({ error: refusal(err) });
      // The item may have sold out or the points changed meanwhile: show them as they are.
      void load().catch(() => {});
    } finally {
      patch({ busy: false });
    }
  }

  async function convert(points: number, paymentPassword: string): Promise<void> {
    if (!(points > 0)) return patch({ error: { field: 'points', text: '' } });
    if (!paymentPassword) return patch({ error: { field: 'password', text: '' } });
    patch({ busy: true, error: null, done: null, open: null });
    try {
      const r = await client.call(convertPoints, { body: { points, paymentPassword, idempotencyKey: convertKey } });
      convertKey = newKey();
      patch({ done: { kind: 'converted', money: r.money, points: r.points }, points: r.points });
      void refreshBalance();
    } catch (err) {
      patch({ error: refusal(err, 'form') });
    } finally {
      patch({ busy: false });
    }
  }

  return { $mall, load, openItem, redeem, convert };
}

export type MallStore = ReturnType<typeof createMall>;
