import { sql, type Kysely, type Migration } from 'kysely';

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
      await db.schema
        .createIndex('products_by_group')
        .on('products')
        .columns(['company_id', 'product_group_id'])
        .execute();
    },
  },
  '0011_products_real_units': {
    // Units are the real service's 111 since this version: the few earlier spellings it names otherwise are
    // renamed, and units it has no counterpart for are cleared (the unit is optional).
    async up(db: Kysely<unknown>) {
      const renamed: Record<string, string> = {
        MILLILITER: 'MILLILITRE',
        CENTIMETER: 'CM',
        GALLON: 'GALLON_US',
        RUN_METER: 'LINEAR_METER',
      };
      const cleared = [
        'PACKAGE',
        'SHEET',
        'TIMES',
        'PERIOD',
        'QUARTER',
        'NIGHT',
        'ROOM',
        'SEAT',
        'TRIP',
        'KILOMETER_ALLOWANCE',
        'LICENSE',
        'USER',
        'CONTRACT',
        'PERCENT',
        'SQUARE_FOOT',
      ];
      const companies = await sql<{ company_id: number | string }>`select company_id from companies`.execute(db);
      for (const { company_id: companyId } of companies.rows) {
        for (const [before, after] of Object.entries(renamed)) {
          await sql`update products set unit = ${after} where company_id = ${companyId} and unit = ${before}`.execute(
            db,
          );
        }
        await sql`update products set unit = null where company_id = ${companyId} and unit in (${sql.join(cleared)})`.execute(
          db,
        );
      }
    },
  },
  // A page of products (types, in id order) reads its ids from this index alone, never the rows: a page takes
  // the products themselves from the service's cache of answers.
  '0395_products_by_id_and_type': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('products_by_id_and_type')
        .on('products')
        .columns(['company_id', 'id', 'type'])
        .execute();
    },
  },
};
