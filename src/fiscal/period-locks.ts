// How the periods are held against a concurrent close or posting: row locks on PostgreSQL; nothing on the embedded
// engine, which writes one transaction at a time. Chosen once when the area is built.
import type { Db, Engine } from '../db/index.ts';
import { postgresPeriodLocks } from './period-locks-postgres.ts';
import { sqlitePeriodLocks } from './period-locks-sqlite.ts';

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

export const periodLocks = (engine: Engine): PeriodLocks =>
  engine === 'postgres' ? postgresPeriodLocks : sqlitePeriodLocks;
