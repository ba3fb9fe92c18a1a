import { describe, expect, it } from 'vitest';
import { fairQueue, QueueFull } from '../fair-queue.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the fair queue', () => {
  it("serves callers round-robin: one caller's burst does not hold another's task behind it", async () => {
    const q = fairQueue({ concurrency: 1, maxWaitingPerCaller: 100 });
    const order: string[] = [];
    const task = (name: string) => async () => {
      await tick();
      order.push(name);
    };
    const burst = Array.from({ length: 20 }, (_, i) => q.run('attacker', task(`a${i}`)));
    const ordinary = q.run('player', task('player'));
    await Promise.all([...burst, ordinary]);
    // The player's task runs after the one running and the attacker's next turn, not after all 20.
    expect(order.indexOf('player')).toBeLessThanOrEqual(2);
    expect(order).toHaveLength(21);
  });

  it('refuses a caller with too many tasks waiting, and never the server itself', async () => {
    const q = fairQueue({ concurrency: 1, maxWaitingPerCaller: 2 });
    let release!: () => void;
    const blocker = q.run('x', () => new Promise<void>((r) => (release = r)));
    const waiting = [q.run('attacker', async () => 1), q.run('attacker', async () => 2)];
    await expect(q.run('attacker', async () => 3)).rejects.toBeInstanceOf(QueueFull);
    const server = Array.from({ length: 5 }, (_, i) => q.run('server', async () => i, { bounded: false }));
    release();
    await blocker;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
    expect(await Promise.all(server)).toEqual([0, 1, 2, 3, 4]);
    expect(q.size()).toEqual({ running: 0, waiting: 0 });
  });
});
