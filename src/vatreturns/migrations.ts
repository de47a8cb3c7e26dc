import type { Kysely, Migration } from 'kysely';

export const vatReturnMigrations: Record<string, Migration> = {
  // A filed periodic VAT return: its period, its figures as filed (JSON of exact decimal texts) and the VAT
  // settlement receipt booked with it. Filed returns are never changed or deleted.
  '0352_vat_returns': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vat_returns')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('period_type', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('figures', 'text', (c) => c.notNull())
        .addColumn('settlement_receipt_id', 'bigint')
        .addColumn('filed_at', 'text', (c) => c.notNull())
        .addColumn('filed_by', 'bigint')
        .addPrimaryKeyConstraint('vat_returns_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('vat_returns_by_period')
        .on('vat_returns')
        .columns(['company_id', 'start_date', 'end_date'])
        .execute();
    },
  },
};
