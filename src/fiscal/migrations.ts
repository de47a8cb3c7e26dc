import type { Kysely, Migration } from 'kysely';

export const fiscalMigrations: Record<string, Migration> = {
  '0301_fiscal_years': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fiscal_years')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('closed', 'boolean', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('fiscal_years_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('fiscal_years_by_start')
        .on('fiscal_years')
        .columns(['company_id', 'start_date'])
        .unique()
        .execute();
      // Monthly periods of a fiscal year; postings into a closed one are refused.
      await db.schema
        .createTable('fiscal_periods')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('fiscal_year_id', 'bigint', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('closed', 'boolean', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('fiscal_periods_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('fiscal_periods_by_start')
        .on('fiscal_periods')
        .columns(['company_id', 'start_date'])
        .unique()
        .execute();
      await db.schema
        .createIndex('fiscal_periods_by_year')
        .on('fiscal_periods')
        .columns(['company_id', 'fiscal_year_id'])
        .execute();
    },
  },
};
