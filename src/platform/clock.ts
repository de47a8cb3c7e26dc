// Time comes from a clock object, so that expiry rules (tokens, two-factor, login flows, API version support)
// are tested by moving a clock rather than by sleeping.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = new Date()) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(to: Date | string): void {
    this.#ms = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}

/** The system time moved forward by an offset: the sandbox's clock, which integrators move (POST /sandbox/clock). */
export class ShiftedClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}

/** `YYYY-MM-DD` of a date, in UTC. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `YYYY-MM-DDThh:mm:ss.sss` in UTC, the wire form of datetimes (no zone, as in the real service). */
export function isoDateTime(date: Date): string {
  return date.toISOString().slice(0, 23);
}

/** The upper bound of a datetime filter: a bare date includes the whole day. */
export function endOfDay(value: string | undefined): string | undefined {
  return value && value.length === 10 ? `${value}T23:59:59.999` : value;
}

/** Parses a wire datetime (no zone: UTC) or date. */
export function parseDateTime(text: string): Date {
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}${text.length === 10 ? 'T00:00:00' : ''}Z`);
}

/**
 * The `version` of a resource: the datetime of its last change, strictly increasing per resource so that it
 * works as an optimistic lock even for two changes within one millisecond.
 */
export function nextVersion(now: Date, previous?: string | null): string {
  let ms = now.getTime();
  if (previous) ms = Math.max(ms, parseDateTime(previous).getTime() + 1);
  return isoDateTime(new Date(ms));
}
