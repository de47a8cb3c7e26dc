import type { Kysely, Migration } from 'kysely';

// The dimension register (cost centres, projects, …), its items, and the default dimension allocations of
// products, persons and business partners.
export const dimensionMigrations: Record<string, Migration> = {
  '0200_dimensions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dimensions')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('dimensions_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('dimensions_by_name')
        .on('dimensions')
        .columns(['company_id', 'name'])
        .unique()
        .execute();
      await db.schema
        .createTable('dimension_items')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('dimension_id', 'bigint', (c) => c.notNull())
        .addColumn('code_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull()) // 'ACTIVE' | 'PASSIVE'
        .addColumn('description', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('dimension_items_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('dimension_items_by_code')
        .on('dimension_items')
        .columns(['company_id', 'dimension_id', 'code_name'])
        .unique()
        .execute();
      await db.schema
        .createTable('default_dimensions')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        // 'PRODUCT' | 'PERSON' | 'PARTNER'; persons are partners of type PERSON but keep their own defaults
        .addColumn('owner_type', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'bigint', (c) => c.notNull())
        .addColumn('dimension_id', 'bigint', (c) => c.notNull())
        .addColumn('item_id', 'bigint', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        // exact decimal text, two decimals
        .addColumn('percent', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('default_dimensions_pk', [
          'company_id',
          'owner_type',
          'owner_id',
          'dimension_id',
          'item_id',
        ])
        .execute();
    },
  },
};
