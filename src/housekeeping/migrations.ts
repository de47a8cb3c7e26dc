import type { Kysely, Migration } from 'kysely';

// Indexes the purges of the housekeeping task read (src/housekeeping/task.ts), so that each bounded delete finds
// its candidates without scanning the rows that stay. The global tables have theirs already: login_flows
// (expires_at), authenticator_sessions (expires_at), mfa_transactions (keep_until); rate_limit_windows holds one
// row per client.
export const housekeepingMigrations: Record<string, Migration> = {
  '0090_housekeeping_indexes': {
    async up(db: Kysely<unknown>) {
      // sessions without a refresh token by age, and sessions by the expiry of their refresh token
      await db.schema
        .createIndex('auth_sessions_by_expiry')
        .on('auth_sessions')
        .columns(['company_id', 'refresh_expires_at', 'created_at'])
        .execute();
      await db.schema
        .createIndex('auth_sessions_by_revocation')
        .on('auth_sessions')
        .columns(['company_id', 'revoked_at'])
        .execute();
      await db.schema
        .createIndex('auth_codes_by_expiry')
        .on('auth_codes')
        .columns(['company_id', 'expires_at'])
        .execute();
      // finished deliveries of a company by the time of their last attempt (the global due index serves the queue)
      await db.schema
        .createIndex('webhook_deliveries_finished')
        .on('webhook_deliveries')
        .columns(['company_id', 'status', 'next_attempt_at'])
        .execute();
    },
  },
};
