// How the periods are held against a concurrent close or posting: row locks on PostgreSQL
// (period-locks-postgres.ts); nothing on the embedded engine, which writes one transaction at a time
// (period-locks-sqlite.ts). Chosen once when the area is built (index.ts).
import type { Db } from '../db/index.ts';

/** A query of fiscal periods that can be held for the transaction's time. */
interface Lockable<Q> {
  forShare(): Q;
}

export interface PeriodLocks {
  /** Holds the periods overlapping `start`..`end` against postings until the transaction ends. */
  holdPeriodsIn(trx: Db, companyId: number, start: string, end: string): Promise<void>;
  /** The query, its periods held against a close (not against other postings) until the transaction ends. */
  shared<Q extends Lockable<Q>>(query: Q): Q;
}
