import { type Kysely, type Migration } from 'kysely';

// Identity: companies, users and their memberships, OAuth clients, API keys and token sessions.
export const identityMigrations: Record<string, Migration> = {
  '0001_core': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('id_sequences')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('last_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('id_sequences_pk', ['company_id', 'name'])
        .execute();
      await db.schema
        .createTable('service_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('companies')
        .addColumn('company_id', 'bigint', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('business_id', 'text')
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('contract_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('users')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('mobile_phone', 'text')
        .addColumn('api_login_only', 'boolean', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'text')
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('company_users')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('rights', 'text', (c) => c.notNull())
        .addColumn('partner_id', 'bigint')
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('company_users_pk', ['company_id', 'user_id'])
        .execute();
      await db.schema.createIndex('company_users_by_user').on('company_users').columns(['user_id']).execute();
      await db.schema
        .createTable('oauth_clients')
        .addColumn('client_id', 'text', (c) => c.primaryKey())
        .addColumn('secret_digest', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('owner_company_id', 'bigint')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('secret_digest', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addPrimaryKeyConstraint('api_keys_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createTable('auth_sessions')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('grant_type', 'text', (c) => c.notNull())
        .addColumn('auth_time', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('refresh_digest', 'text')
        .addColumn('refresh_expires_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_reason', 'text')
        .addPrimaryKeyConstraint('auth_sessions_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('auth_sessions_by_grant')
        .on('auth_sessions')
        .columns(['company_id', 'client_id', 'user_id', 'id'])
        .execute();
      await db.schema.createIndex('auth_sessions_by_user').on('auth_sessions').columns(['user_id']).execute();
    },
  },
  // The authorization code flow (login flows, codes), revocation by user and by API key, and the shared
  // rate-limit counter.
  '0002_identity_flows': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('auth_sessions').addColumn('api_key_id', 'bigint').execute();
      await db.schema
        .createIndex('auth_sessions_by_company_user')
        .on('auth_sessions')
        .columns(['company_id', 'user_id'])
        .execute();
      // A login in progress (global: the company is not known until the user picks one). The browser holds
      // `<id>.<secret>` in a cookie; only the secret's digest is stored.
      await db.schema
        .createTable('login_flows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret_digest', 'text', (c) => c.notNull())
        .addColumn('csrf_digest', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('code_challenge', 'text')
        .addColumn('user_id', 'bigint')
        .addColumn('auth_time', 'bigint')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_flows_by_expiry').on('login_flows').columns(['expires_at']).execute();
      // Authorization codes: single use, 5 minutes; `session_id` is what the code issued (revoked on reuse).
      await db.schema
        .createTable('auth_codes')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('code_digest', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('auth_time', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('session_id', 'bigint')
        .addPrimaryKeyConstraint('auth_codes_pk', ['company_id', 'id'])
        .execute();
      // One row per client: the request count of its current one-second window (shared by all processes).
      await db.schema
        .createTable('rate_limit_windows')
        .addColumn('client_id', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // Counters of wrong passwords per username-and-address and per address (src/auth/attempts.ts).
  '0043_login_attempts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_at', 'text', (c) => c.notNull())
        .addColumn('not_before', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_attempts_by_last').on('login_attempts').columns(['last_at']).execute();
    },
  },
};
