/**
 * A fair limiter for scarce work (password hashing): at most `concurrency` tasks run at once, the
 * waiting ones are served round-robin by caller, so one caller's burst waits behind itself and
 * not in front of everyone else, and a caller with too many tasks waiting is refused at once
 * ("busy, try again") instead of queueing without bound.
 */

export class QueueFull extends Error {
  constructor() {
    super('Too much work is waiting for this caller');
    this.name = 'QueueFull';
  }
}

export function fairQueue(o: { concurrency: number; maxWaitingPerCaller: number }) {
  let running = 0;
  /** Waiting tasks by caller, in the order callers first queued (a Map keeps insertion order). */
  const waiting = new Map<string, Array<() => void>>();

  function next(): void {
    const first = waiting.keys().next();
    if (first.done) {
      running--;
      return;
    }
    const caller = first.value;
    const queue = waiting.get(caller)!;
    const start = queue.shift()!;
    // Round-robin: the caller goes to the back of the line of callers.
    waiting.delete(caller);
    if (queue.length) waiting.set(caller, queue);
    start();
  }

  return {
    /**
     * Runs `fn` for `caller` when a slot is free; refuses with QueueFull when the caller already
     * has too many waiting (`bounded: false`: never, for the server's own work).
     */
    async run<T>(caller: string, fn: () => Promise<T>, runOptions: { bounded?: boolean } = {}): Promise<T> {
      if (running >= o.concurrency) {
        const queue = waiting.get(caller) ?? [];
        if (runOptions.bounded !== false && queue.length >= o.maxWaitingPerCaller) throw new QueueFull();
        await new Promise<void>((resolve) => {
          queue.push(resolve);
          waiting.set(caller, queue);
        });
      } else running++;
      try {
        return await fn();
      } finally {
        next();
      }
    },
    /** Tasks running and waiting (tests). */
    size(): { running: number; waiting: number } {
      return { running, waiting: [...waiting.values()].reduce((n, q) => n + q.length, 0) };
    },
  };
}
