// The embedded engine writes one transaction at a time: a period needs no lock.
import type { PeriodLocks } from './period-locks.ts';

export const sqlitePeriodLocks: PeriodLocks = {
  holdPeriodsIn: () => Promise.resolve(),
  shared: (query) => query,
};
