// The row types agree with the schema the migrations build, on the engine under test: the same tables, the same
// columns, the same nullability. The row types themselves are tied to test/support/row-columns.ts by the compiler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate, type DatabaseHandle } from '../src/db/index.ts';
import { freshDatabase, testEngine } from './support/database.ts';
import { ROW_COLUMNS } from './support/row-columns.ts';
import { allMigrations } from '../src/modules.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await freshDatabase();
  await migrate(handle.db, allMigrations());
});
afterAll(() => handle.close());

/** SQLite lets a primary-key column other than INTEGER PRIMARY KEY hold null unless declared NOT NULL. */
async function sqlitePrimaryKey(table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string; pk: number }>`
    select p.name, p.pk from sqlite_master m join pragma_table_info(m.name) p where m.name = ${table}
  `.execute(handle.db);
  return new Set(rows.filter((r) => r.pk > 0).map((r) => r.name));
}

describe('row types', () => {
  it('declare every migrated table and no other', async () => {
    const tables = await handle.db.introspection.getTables();
    expect(tables.map((t) => t.name).sort()).toEqual(Object.keys(ROW_COLUMNS).sort());
  });

  it('declare the columns of each table with their nullability', async () => {
    const declared = ROW_COLUMNS as Record<string, Record<string, 'null' | 'notnull'>>;
    for (const table of await handle.db.introspection.getTables()) {
      const primaryKey = testEngine === 'sqlite' ? await sqlitePrimaryKey(table.name) : new Set<string>();
      const migrated = Object.fromEntries(
        table.columns.map((c) => [c.name, c.isNullable && !primaryKey.has(c.name) ? 'null' : 'notnull']),
      );
      expect(declared[table.name], table.name).toEqual(migrated);
    }
  });
});
