import type { Kysely, Migration } from 'kysely';

export const productMigrations: Record<string, Migration> = {
  '0010_products': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('product_groups')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_groups_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createTable('products')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('unit', 'text')
        // exact decimal text: unit prices and percentages are never summed by the database
        .addColumn('price', 'text', (c) => c.notNull())
        .addColumn('discount', 'text', (c) => c.notNull())
        .addColumn('vat', 'text')
        .addColumn('vat_status', 'integer')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('default_account', 'text')
        .addColumn('product_group_id', 'bigint')
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('bookkeeping_account', 'text')
        .addColumn('localizations', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('products_pk', ['company_id', 'id'])
        .execute();
      await db.schema.createIndex('products_by_type').on('products').columns(['company_id', 'type', 'id']).execute();
      await db.schema.createIndex('products_by_version').on('products').columns(['company_id', 'version']).execute();
      await db.schema.createIndex('products_by_group').on('products').columns(['company_id', 'product_group_id']).execute();
    },
  },
};
