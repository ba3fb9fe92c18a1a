/**
 * The missions page's state and steps (issue 32; spec 2.14), as the reward centre's store does:
 * the member's missions of the current periods, and claiming a reached step's reward (the reward
 * centre's claim). The member centre's badge follows the count of mission rewards to claim.
 */
import { map } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import { refreshBalance } from '../../wallet/client.ts';
import { missionSummary, rewardClaim, type MissionsValue, type RewardItem } from '../contract.ts';
import { $claimableMissions, refreshRewards } from '../client.ts';

export interface MissionsView {
  /** null until the first answer arrives. */
  data: MissionsValue | null;
  error: string | null;
  /** What the last claim did: the reward as paid, or the server's message. */
  notice: { kind: 'done'; value: RewardItem } | { kind: 'refused'; text: string } | null;
  /** The reward being claimed. */
  busy: number | null;
}

const message = (err: unknown) => (err instanceof ApiFailure ? err.message : String(err));

/**
 * The time left until `end` (ms) from `now`, in days and hours, hours and minutes, or minutes.
 * @example timeLeft(90 * 60_000, 0) // { unit: 'hours', d: 0, h: 1, m: 30 }
 */
export function timeLeft(end: number, now: number): { unit: 'days' | 'hours' | 'minutes'; d: number; h: number; m: number } {
  const minutes = Math.max(0, Math.ceil((end - now) / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return { unit: d > 0 ? 'days' : h > 0 ? 'hours' : 'minutes', d, h, m };
}

/** One missions page's store, on the member's session (`client`). */
export function createMissions(o: { client: ApiClient }) {
  const { client } = o;
  const $missions = map<MissionsView>({ data: null, error: null, notice: null, busy: null });
  const patch = (p: Partial<MissionsView>) => $missions.set({ ...$missions.get(), ...p });
  let load = 0;

  async function reload(): Promise<void> {
    const mine = ++load;
    patch({ error: null });
    try {
      const data = await client.call(missionSummary);
      if (mine !== load) return;
      patch({ data });
      $claimableMissions.set(data.claimable);
    } catch (err) {
      if (mine === load) patch({ error: message(err) });
    }
  }

  /** Claims a reached step's reward into the main wallet, then reads the missions again. */
  async function claim(rewardId: number): Promise<void> {
    patch({ busy: rewardId, notice: null });
    try {
      const out = await client.call(rewardClaim, { body: { id: rewardId } });
      patch({ notice: { kind: 'done', value: out.item } });
      void refreshBalance();
    } catch (err) {
      patch({ notice: { kind: 'refused', text: message(err) } });
    } finally {
      patch({ busy: null });
      await reload();
      void refreshRewards();
    }
  }

  return { $missions, reload, claim };
}

export type MissionsStore = ReturnType<typeof createMissions>;
