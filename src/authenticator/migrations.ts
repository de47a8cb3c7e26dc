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
  // The second factor: the devices a user confirms with (an authenticator app's TOTP secret; one not yet
  // confirmed is an enrolment under way), the digests of their single-use recovery codes, and when a session was
  // confirmed with one (a session with only the password lists and decides nothing).
  '0045_authenticator_factors': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('authenticator_factors')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .execute();
      await db.schema
        .createIndex('authenticator_factors_by_user')
        .on('authenticator_factors')
        .columns(['user_id'])
        .execute();
      await db.schema
        .createTable('authenticator_recovery_codes')
        .addColumn('code_digest', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('authenticator_recovery_codes_by_user')
        .on('authenticator_recovery_codes')
        .columns(['user_id'])
        .execute();
      await db.schema.alterTable('authenticator_sessions').addColumn('factor_at', 'text').execute();
    },
  },
  // Passkeys (WebAuthn credentials) a user confirms with, beside or instead of an app: the credential's id and
  // public key as the authenticator made them, its signature counter (a cloned authenticator shows as a counter
  // that does not grow), and the single-use challenges of the ceremonies under way, each bound to the session
  // that asked for it and expiring in minutes. Global like the area's other tables: a user is not a company's.
  '0046_authenticator_passkeys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('authenticator_passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createIndex('authenticator_passkeys_by_user')
        .on('authenticator_passkeys')
        .columns(['user_id'])
        .execute();
      await db.schema
        .createTable('authenticator_challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('ceremony', 'text', (c) => c.notNull())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('authenticator_challenges_by_session')
        .on('authenticator_challenges')
        .columns(['session_id', 'ceremony'])
        .execute();
      await db.schema
        .createIndex('authenticator_challenges_by_expiry')
        .on('authenticator_challenges')
        .columns(['expires_at'])
        .execute();
    },
  },
};
