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
  // Corrected returns: every filed version of a period is kept (version 1 the original return, each correction a
  // new row naming the reason and the version it replaces), and the vouchers booked in an open period that
  // correct a filed one, each naming the period it corrects and, once filed, the version that took it in.
  '0358_vat_return_corrections': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('vat_returns')
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('vat_returns').addColumn('correction_reason', 'text').execute();
      await db.schema.alterTable('vat_returns').addColumn('replaces_id', 'bigint').execute();
      await db.schema
        .createTable('vat_return_corrections')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('receipt_id', 'bigint', (c) => c.notNull())
        .addColumn('period_type', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('vat_return_id', 'bigint')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'bigint')
        .addPrimaryKeyConstraint('vat_return_corrections_pk', ['company_id', 'id'])
        .execute();
      // a voucher corrects one period
      await db.schema
        .createIndex('vat_return_corrections_by_receipt')
        .on('vat_return_corrections')
        .columns(['company_id', 'receipt_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('vat_return_corrections_by_period')
        .on('vat_return_corrections')
        .columns(['company_id', 'start_date', 'end_date'])
        .execute();
    },
  },
};
