import type { Kysely, Migration } from 'kysely';

// Sessions of the authenticator page: a person logged in with their own credentials (global, like users).
export const authenticatorMigrations: Record<string, Migration> = {
  '0042_authenticator_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('authenticator_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret_digest', 'text', (c) => c.notNull())
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('authenticator_sessions_by_expiry')
        .on('authenticator_sessions')
        .columns(['expires_at'])
        .execute();
    },
  },
  // The password the session was opened with (a digest of its hash): a new password ends the session.
  '0044_authenticator_session_password': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('authenticator_sessions').addColumn('password_stamp', 'text').execute();
    },
  },
};
