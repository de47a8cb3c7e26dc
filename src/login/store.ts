// SQL of the login page: flows past the password step (a global table, the company is not known yet); a flow
// before it lives in its cookie only. The counters of wrong passwords are identity's (src/auth/attempts.ts).
import type { Db } from '../db/index.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';
import { isoDateTime } from '../platform/clock.ts';
import type { LoginFlowRow } from '../auth/index.ts';

export async function insertFlow(db: Db, row: LoginFlowRow): Promise<void> {
  await db.insertInto('login_flows').values(row).execute();
}

export async function findFlow(db: Db, id: string): Promise<LoginFlowRow | undefined> {
  return db.selectFrom('login_flows').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateFlow(
  db: Db,
  id: string,
  changes: Partial<Pick<LoginFlowRow, 'secret_digest' | 'user_id' | 'auth_time'>>,
): Promise<void> {
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
    .where(
      'id',
      'in',
      purgeCandidates(db.selectFrom('login_flows').select('id').where('expires_at', '<', before), batch),
    )
    .executeTakeFirst();
  return deletedRows(result);
}
