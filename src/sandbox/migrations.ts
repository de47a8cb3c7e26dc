import type { Kysely, Migration } from 'kysely';

// The sandbox's settings of a company, by name (today: the scripted outcome of two-factor transactions).
export const sandboxMigrations: Record<string, Migration> = {
  '0810_sandbox_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sandbox_settings')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('sandbox_settings_pk', ['company_id', 'name'])
        .execute();
    },
  },
  // The users who may act on the whole sandbox (every company, the shared clock), named by `tase admin`.
  '0811_sandbox_administrators': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sandbox_administrators')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey())
        .addColumn('named_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Named states of a company: its baseline (the fixture or demo data it was made with) and the snapshots a test
  // suite takes; the rows themselves are in the copy tables of src/sandbox/snapshots.ts.
  '0812_sandbox_snapshots': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sandbox_snapshots')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('taken_at', 'text', (c) => c.notNull())
        .addColumn('clock_offset_ms', 'bigint', (c) => c.notNull())
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('row_count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sandbox_snapshots_pk', ['company_id', 'name'])
        .execute();
    },
  },
};
