/**
 * Slots for long work that must not pile up (report exports): at most `perKey` held by one key
 * (a caller) and `total` by everyone in this process. A slot is taken at once or refused, never
 * queued: the caller is told to try again shortly instead of waiting behind others' work.
 * The counts are per process (each server process has its own bound).
 */
export interface Slots {
  /** Takes a slot for `key`: answers its release (safe to call more than once), or null when `key` or the process is at its bound. */
  take(key: string): (() => void) | null;
  /** Slots held now, by everyone. */
  readonly held: number;
}

export function keyedSlots(o: { perKey: number; total: number }): Slots {
  const byKey = new Map<string, number>();
  let held = 0;
  return {
    take(key) {
      const mine = byKey.get(key) ?? 0;
      if (mine >= o.perKey || held >= o.total) return null;
      byKey.set(key, mine + 1);
      held++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held--;
        const left = (byKey.get(key) ?? 1) - 1;
        if (left > 0) byKey.set(key, left);
        else byKey.delete(key);
      };
    },
    get held() {
      return held;
    },
  };
}
