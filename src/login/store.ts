// SQL of the login page: flows in progress (a global table, the company is not known yet) and the user's
// failed-password counter.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';
import { isoDateTime } from '../platform/clock.ts';
import type { LoginFlowRow } from '../auth/store.ts';

export async function insertFlow(db: Db, row: LoginFlowRow): Promise<void> {
  await db.insertInto('login_flows').values(row).execute();
}

export async function findFlow(db: Db, id: string): Promise<LoginFlowRow | undefined> {
  return db.selectFrom('login_flows').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateFlow(db: Db, id: string, changes: Partial<Pick<LoginFlowRow, 'secret_digest' | 'user_id' | 'auth_time'>>): Promise<void> {
  await db.updateTable('login_flows').set(changes).where('id', '=', id).execute();
}

export async function deleteFlow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('login_flows').where('id', '=', id).execute();
}

/** An expired flow is kept a day, so that the page can still say it expired (a finished flow is deleted at once). */
const EXPIRED_FLOW_KEEP_SECONDS = 24 * 60 * 60;

/**
 * Deletes up to `batch.limit` login flows that expired more than a day ago (housekeeping, src/housekeeping/task.ts);
 * answers how many went.
 */
export async function purgeExpiredFlows(db: Db, batch: PurgeBatch): Promise<number> {
  const before = isoDateTime(new Date(batch.now.getTime() - EXPIRED_FLOW_KEEP_SECONDS * 1000));
  const result = await db
    .deleteFrom('login_flows')
    .where('id', 'in', purgeCandidates(db.selectFrom('login_flows').select('id').where('expires_at', '<', before), batch))
    .executeTakeFirst();
  return deletedRows(result);
}

/** Counts a wrong password; returns the count of consecutive failures. */
export async function countFailedLogin(db: Db, userId: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ failed_logins: sql`failed_logins + 1` })
    .where('user_id', '=', userId)
    .returning('failed_logins')
    .executeTakeFirst();
  return Number(row?.failed_logins ?? 0);
}

export async function lockUser(db: Db, userId: number, until: string): Promise<void> {
  await db.updateTable('users').set({ locked_until: until, failed_logins: 0 }).where('user_id', '=', userId).execute();
}

export async function clearFailedLogins(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ locked_until: null, failed_logins: 0 }).where('user_id', '=', userId).execute();
}
