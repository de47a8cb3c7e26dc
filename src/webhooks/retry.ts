// When a failed delivery is tried again: growing delays (1, 2, 4, … minutes, at most 8 hours apart) within a
// window of 24 hours from the event. The last attempt falls exactly at the end of the window; when it fails
// too, the delivery is marked failed. Pure functions, so the schedule is tested without a clock.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Delivery window: a delivery still failing this long after its event is given up. */
export const DELIVERY_WINDOW_MS = 24 * HOUR_MS;
/** Longest wait between two attempts. */
const MAX_RETRY_DELAY_MS = 8 * HOUR_MS;
/** Upper bound on attempts, whatever the clock does (the schedule below makes 12). */
const MAX_ATTEMPTS = 20;

/** Wait after the `attempts`-th failed attempt (1-based): 1 min, 2 min, 4 min, … capped at 8 h. */
export function retryDelayMs(attempts: number): number {
  if (!Number.isInteger(attempts) || attempts < 1)
    throw new Error(`attempts must be a positive integer, got ${attempts}`);
  return Math.min(MINUTE_MS * 2 ** Math.min(attempts - 1, 30), MAX_RETRY_DELAY_MS);
}

/**
 * After a failed attempt: the time of the next attempt, or null when the delivery is to be marked failed.
 * `deadline` is the end of the delivery window (event time + 24 h).
 */
export function nextAttemptAt(failedAt: Date, attempts: number, deadline: Date): Date | null {
  if (attempts >= MAX_ATTEMPTS || failedAt.getTime() >= deadline.getTime()) return null;
  const next = failedAt.getTime() + retryDelayMs(attempts);
  return new Date(Math.min(next, deadline.getTime()));
}

/** The whole schedule from an event time when every attempt fails (for documentation and tests). */
export function attemptSchedule(start: Date): Date[] {
  const deadline = new Date(start.getTime() + DELIVERY_WINDOW_MS);
  const times = [start];
  for (;;) {
    const next = nextAttemptAt(times[times.length - 1], times.length, deadline);
    if (!next) return times;
    times.push(next);
  }
}
