// Migrations on the embedded engine commit with their record, and a database left half-migrated by an older
// version (tables made, migration not recorded) is repaired on the next start; anything else unexplained is
// refused with a message, never a raw SQL error. (The kill itself is in test/crash.test.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrate, MigrationError, openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { allMigrations, globalTables } from '../src/modules.ts';
import { runMigrations } from '../src/db/migration-runner.ts';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fileDatabase(): DatabaseHandle {
  const dir = mkdtempSync(join(tmpdir(), 'tase-migrate-'));
  dirs.push(dir);
  const handle = openDatabase({ url: join(dir, 'tase.sqlite'), globalTables: globalTables() });
  handles.push(handle);
  return handle;
}

const names = Object.keys(allMigrations()).sort();
const HALF = '0200_dimensions';
const before = Object.fromEntries(names.filter((n) => n < HALF).map((n) => [n, allMigrations()[n]]));

async function recorded(db: Kysely<any>): Promise<string[]> {
  return (await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map(
    (r) => r.name as string,
  );
}

describe('migrations on SQLite', () => {
  it('record every migration with its schema', async () => {
    const { db } = fileDatabase();
    expect(await migrate(db, allMigrations())).toEqual(names);
    expect(await recorded(db)).toEqual(names);
    expect(await migrate(db, allMigrations())).toEqual([]);
  });

  it('repair a migration an older version left half-applied (tables present, migration not recorded)', async () => {
    const { db } = fileDatabase();
    await runMigrations(db, before);
    // what a kill between the statements of the next migration left: some of its tables, no record
    await allMigrations()[HALF].up(db);
    await sql`drop table default_dimensions`.execute(db);
    expect(await recorded(db)).not.toContain(HALF);
    const applied = await migrate(db, allMigrations());
    expect(applied[0]).toBe(HALF);
    expect(await recorded(db)).toEqual(names);
    await db.insertInto('dimensions').values({ company_id: 1, id: 1, name: 'Cost centre', version: 'v1' }).execute();
  });

  it('refuse, with a message naming them, objects no migration explains', async () => {
    const { db } = fileDatabase();
    await runMigrations(db, before);
    await sql`create table stray_things (id integer primary key)`.execute(db);
    const error = await migrate(db, allMigrations()).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(
      /table:stray_things.*not a partial run of the next migration 0200_dimensions/,
    );
    expect(await recorded(db)).toEqual(Object.keys(before).sort());
  });

  it('roll a failing migration back whole, with its record', async () => {
    const { db } = fileDatabase();
    const failing = {
      ...before,
      '9999_failing': {
        async up(trx: Kysely<any>) {
          await trx.schema.createTable('half_made').addColumn('id', 'integer').execute();
          throw new Error('boom');
        },
      },
    };
    await expect(runMigrations(db, failing)).rejects.toThrow(/migration 9999_failing failed and was rolled back.*boom/);
    const tables = await sql<{ name: string }>`select name from sqlite_master where name = 'half_made'`.execute(db);
    expect(tables.rows).toEqual([]);
    expect(await recorded(db)).toEqual(Object.keys(before).sort());
  });
});
