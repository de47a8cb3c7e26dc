// SQL of authenticator sessions.
import type { Db } from '../db/index.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';
import { isoDateTime } from '../platform/clock.ts';

export interface AuthenticatorSessionRow {
  id: string;
  secret_digest: string;
  csrf_token: string;
  user_id: number;
  /** A digest of the user's password hash when the session began: another password ends the session. */
  password_stamp: string | null;
  created_at: string;
  expires_at: string;
}

declare module '../db/types.ts' {
  interface Database {
    authenticator_sessions: AuthenticatorSessionRow;
  }
}

export async function insertSession(db: Db, row: AuthenticatorSessionRow): Promise<void> {
  await db.insertInto('authenticator_sessions').values(row).execute();
}

export async function findSession(db: Db, id: string): Promise<AuthenticatorSessionRow | undefined> {
  return db.selectFrom('authenticator_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('authenticator_sessions').where('id', '=', id).execute();
}

/**
 * Deletes up to `batch.limit` expired authenticator sessions (housekeeping, src/housekeeping/task.ts): a session
 * is refused from its expiry on, so nothing needs it after that. Answers how many went.
 */
export async function purgeExpired(db: Db, batch: PurgeBatch): Promise<number> {
  const result = await db
    .deleteFrom('authenticator_sessions')
    .where(
      'id',
      'in',
      purgeCandidates(
        db.selectFrom('authenticator_sessions').select('id').where('expires_at', '<=', isoDateTime(batch.now)),
        batch,
      ),
    )
    .executeTakeFirst();
  return deletedRows(result);
}
