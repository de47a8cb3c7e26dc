import type { Kysely, Migration } from 'kysely';

export const currenciesMigrations: Record<string, Migration> = {
  '0400_currency_rates': {
    async up(db: Kysely<unknown>) {
      // The euro reference rates, one row per day and currency: units of the currency per one euro, as exact
      // decimal text. Global: every company converts with the same published rates.
      await db.schema
        .createTable('currency_rates')
        .addColumn('rate_day', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('rate', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('currency_rates_pk', ['currency', 'rate_day'])
        .execute();
      await db.schema.createIndex('currency_rates_by_day').on('currency_rates').columns(['rate_day']).execute();
    },
  },
};
