import { sql, type Kysely, type Migration } from 'kysely';

export const vatMigrations: Record<string, Migration> = {
  '0302_vat': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vat_settings')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('unit_prices_include_vat_sales', 'boolean', (c) => c.notNull())
        .addColumn('unit_prices_include_vat_purchase', 'boolean', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('vat_settings_pk', ['company_id'])
        .execute();
      // The VAT status codes a company uses (the numeric part of `vat_12` etc.).
      await db.schema
        .createTable('company_vat_statuses')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('vat_status', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('sales', 'boolean', (c) => c.notNull())
        .addColumn('purchase', 'boolean', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addPrimaryKeyConstraint('company_vat_statuses_pk', ['company_id', 'vat_status'])
        .execute();
    },
  },
  // The real service's description of status 5 (its number was already the real one), in every company.
  '0350_vat_status_real_descriptions': {
    async up(db: Kysely<unknown>) {
      await sql`UPDATE company_vat_statuses SET description = ${'EU community sales (product)'}
        WHERE company_id IS NOT NULL AND vat_status = 5 AND description = ${'EU community sales (goods)'}`.execute(db);
    },
  },
};
