// SQL of authenticator sessions.
import type { Db } from '../db/index.ts';

export interface AuthenticatorSessionRow {
  id: string;
  secret_digest: string;
  csrf_token: string;
  user_id: number;
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

export async function deleteExpired(db: Db, now: string): Promise<void> {
  await db.deleteFrom('authenticator_sessions').where('expires_at', '<=', now).execute();
}
