/** A source of wall-clock time in Unix milliseconds; tests pass one they control. */
export interface Clock {
  now(): number;
}

/** The system clock (`Date.now`). */
export const systemClock: Clock = { now: () => Date.now() };
