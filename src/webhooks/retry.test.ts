import { describe, expect, it } from 'vitest';
import { attemptSchedule, nextAttemptAt, retryDelayMs, DELIVERY_WINDOW_MS } from './retry.ts';

describe('webhook retry schedule', () => {
  it('doubles from one minute and caps at eight hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(retryDelayMs(10) / 3_600_000).toBe(8);
    expect(retryDelayMs(1000) / 3_600_000).toBe(8);
    expect(() => retryDelayMs(0)).toThrow();
  });

  it('ends with an attempt exactly 24 hours after the event, then gives up', () => {
    const start = new Date('2026-11-21T10:00:00Z');
    const times = attemptSchedule(start);
    const offsets = times.map((t) => (t.getTime() - start.getTime()) / 60_000);
    expect(offsets).toEqual([0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 991, 1440]);
    expect(times.at(-1)!.getTime() - start.getTime()).toBe(DELIVERY_WINDOW_MS);
    for (let i = 1; i < times.length; i++) expect(times[i].getTime()).toBeGreaterThan(times[i - 1].getTime());
    expect(nextAttemptAt(times.at(-1)!, times.length, times.at(-1)!)).toBeNull();
  });
});
