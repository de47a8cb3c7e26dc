import type { Kysely, Migration } from 'kysely';

// The company's own bank accounts: invoicing and payment accounts with their payment contracts.
export const bankAccountMigrations: Record<string, Migration> = {
  '0203_bank_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bank_accounts')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('iban', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('default_for_invoice', 'boolean', (c) => c.notNull())
        .addColumn('default_for_payment', 'boolean', (c) => c.notNull())
        // WEB_SERVICES, or OLD_CONNECTION: an account on an old-style bank connection cannot make payments
        .addColumn('connection', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('bank_accounts_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('bank_accounts_by_iban')
        .on('bank_accounts')
        .columns(['company_id', 'iban'])
        .unique()
        .execute();
    },
  },
};
