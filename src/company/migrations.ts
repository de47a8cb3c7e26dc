import type { Kysely, Migration } from 'kysely';

// Company details, usage settings and invoice circulation settings (one row per company).
export const companySettingsMigrations: Record<string, Migration> = {
  '0202_company_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('company_settings')
        .addColumn('company_id', 'bigint', (c) => c.primaryKey())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('usage_settings', 'text')
        .addColumn('circulation_settings', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .execute();
    },
  },
};
