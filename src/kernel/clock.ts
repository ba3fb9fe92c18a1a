/**
 * The accounts slice reads time through this clock, never Date.now() directly, so tests can
 * move time (idle expiry, code expiry, rate-limit windows) without waiting.
 */
export const clock = {
  now: (): number => Date.now(),
};

/** The clock's time as a Date. */
export const nowDate = () => new Date(clock.now());

/** A Date `ms` after the clock's now. */
export const after = (ms: number) => new Date(clock.now() + ms);
