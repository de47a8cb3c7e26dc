import type { Kysely, Migration } from 'kysely';

// Two-factor transactions. A global table: a transaction belongs to a person (a user, who may work for several
// companies), and the authenticator lists a user's pending transactions across companies. Every API read
// still names the company of the caller (company_id is checked by value).
export const mfaMigrations: Record<string, Migration> = {
  '0040_mfa_transactions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mfa_transactions')
        .addColumn('transaction_id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('session_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('result_field', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('api_version', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('failed', 'boolean', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('confirm_read_at', 'text')
        .addColumn('keep_until', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('mfa_transactions_by_user')
        .on('mfa_transactions')
        .columns(['user_id', 'status', 'created_at'])
        .execute();
      await db.schema.createIndex('mfa_transactions_by_age').on('mfa_transactions').columns(['keep_until']).execute();
    },
  },
};
