// Bounded deletes of expired rows, the building block of every area's `purge…` store function (run by the
// housekeeping task, src/housekeeping/task.ts). One purge statement deletes at most `limit` rows:
//
//   DELETE FROM t WHERE <scope> AND key IN (SELECT key FROM t WHERE <scope> AND <expired> LIMIT n [FOR UPDATE SKIP LOCKED])
//
// so no statement holds locks on a large part of a table, and the caller repeats it until fewer than `limit`
// rows went. On PostgreSQL the candidates are locked with SKIP LOCKED: several processes purging at the same
// time take different rows and never wait for each other, and a purge never waits for a row the service is
// writing (so it cannot take part in a deadlock). Deleting what is already gone deletes nothing, so running the
// same purge twice, or in two processes at once, is harmless.
import type { SelectQueryBuilder } from 'kysely';
import type { Engine } from './index.ts';

export interface PurgeBatch {
  /** The service clock's present (ctx.clock): what is expired is decided against it. */
  now: Date;
  /** Most rows one statement deletes. */
  limit: number;
  engine: Engine;
}

/** The candidate keys of one purge statement: at most `batch.limit`, locked with SKIP LOCKED on PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function purgeCandidates<QB extends SelectQueryBuilder<any, any, any>>(query: QB, batch: PurgeBatch): QB {
  const limited = query.limit(batch.limit) as QB;
  return batch.engine === 'postgres' ? (limited.forUpdate().skipLocked() as QB) : limited;
}

/** Rows a DELETE removed. */
export function deletedRows(result: { numDeletedRows: bigint }): number {
  return Number(result.numDeletedRows);
}
