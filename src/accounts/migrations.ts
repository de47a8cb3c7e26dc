import type { Kysely, Migration } from 'kysely';

export const accountMigrations: Record<string, Migration> = {
  '0300_accounts': {
    async up(db: Kysely<unknown>) {
      // The chart of accounts of a company, keyed by the account number (e.g. '1910').
      await db.schema
        .createTable('accounts')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // ASSET | LIABILITY | EQUITY | INCOME | EXPENSE
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        // default VAT of postings on the account: exact decimal text, e.g. '25.5'
        .addColumn('vat_percent', 'text')
        .addColumn('vat_status', 'integer')
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('accounts_pk', ['company_id', 'number'])
        .execute();
    },
  },
  '0305_account_translations': {
    async up(db: Kysely<unknown>) {
      // names of the account in other languages: JSON [{languageCode, translation}]
      await db.schema.alterTable('accounts').addColumn('translations', 'text').execute();
    },
  },
};
