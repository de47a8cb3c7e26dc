// An empty SQLite database gets every migration in one transaction (src/db/migration-runner.ts): the schema and
// the records it leaves are those of the migration-by-migration path, object for object and column for column.
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate, openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { allMigrations, globalTables } from '../src/modules.ts';
import { testEngine } from './support/database.ts';

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

function memory(): DatabaseHandle {
  const handle = openDatabase({ url: ':memory:', globalTables: globalTables() });
  opened.push(handle);
  return handle;
}

/** Every schema object with its SQL, and every column of every table with its type, default and key. */
async function schemaOf(handle: DatabaseHandle) {
  const objects = await sql<{
    type: string;
    name: string;
    sql: string | null;
  }>`select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(handle.db);
  const columns = await sql<
    Record<string, unknown>
  >`select m.name as tbl, p.* from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' order by m.name, p.cid`.execute(
    handle.db,
  );
  const records = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
  return { objects: objects.rows, columns: columns.rows, records: records.rows.map((r) => r.name) };
}

describe.runIf(testEngine === 'sqlite')('migrations of an empty database', () => {
  it('leave the same schema in one transaction as one by one', async () => {
    const migrations = allMigrations();
    const names = Object.keys(migrations).sort();

    const atOnce = memory();
    expect(await migrate(atOnce.db, migrations)).toEqual(names);

    // the first migration alone, then the others one by one (the database is no longer empty)
    const oneByOne = memory();
    await migrate(oneByOne.db, { [names[0]]: migrations[names[0]] });
    expect(await migrate(oneByOne.db, migrations)).toEqual(names.slice(1));

    const expected = await schemaOf(oneByOne);
    expect(expected.objects.length).toBeGreaterThan(50);
    expect(await schemaOf(atOnce)).toEqual(expected);
  });

  it('fall back to one by one when a migration fails: those before it are kept, as before', async () => {
    const migrations = allMigrations();
    const names = Object.keys(migrations).sort();
    const broken = {
      ...migrations,
      [names[5]]: {
        up: () => Promise.reject(new Error('broken on purpose')),
      },
    };
    const handle = memory();
    await expect(migrate(handle.db, broken)).rejects.toThrow(`migration ${names[5]} failed and was rolled back`);
    expect((await schemaOf(handle)).records).toEqual(names.slice(0, 5));
    expect(await migrate(handle.db, migrations)).toEqual(names.slice(5));
  });
});
