// How migrations run. PostgreSQL: Kysely's migrator, which runs the pending migrations and their records in one
// transaction under an advisory lock. SQLite: Kysely's migrator would run each statement on its own (its
// adapter declares no transactional DDL, although SQLite has it), so a kill between two statements left tables
// without their migration record and every later start failed on `table … already exists`. Here each migration
// and its row in kysely_migration commit together in one `BEGIN IMMEDIATE` transaction (which also orders
// several processes starting at once; an empty database gets them all in one), and a database left
// half-migrated by an older version is repaired: the objects that the first unrecorded migration would create
// and that exist already are dropped in the transaction that then runs it. Anything else unexplained is refused with a message saying what was found.
import { Kysely, Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { openSqlite } from './sqlite.ts';
import type { Database } from './types.ts';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

const RECORDS = 'kysely_migration';

type Migrations = Record<string, Migration>;

/** The one table the runner itself reads and writes; migrations see the database untyped, as Kysely's do. */
type MigrationRecords = {
  kysely_migration: { name: string; timestamp: string };
};
type MigratedDb = Kysely<MigrationRecords>;

export async function runMigrations(db: Kysely<Database>, migrations: Migrations): Promise<string[]> {
  const records: MigratedDb = db.withTables<MigrationRecords>();
  if (db.getExecutor().adapter.supportsTransactionalDdl) return runWithKysely(records, migrations);
  return runOnSqlite(records, migrations);
}

async function runWithKysely(db: MigratedDb, migrations: Migrations): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new MigrationError('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function recorded(db: MigratedDb): Promise<Set<string>> {
  const rows = await db.selectFrom(RECORDS).select('name').execute();
  return new Set(rows.map((r) => r.name));
}

async function runOnSqlite(db: MigratedDb, migrations: Migrations): Promise<string[]> {
  // the same bookkeeping table as Kysely's migrator, so databases migrated by either read the same
  await db.schema
    .createTable(RECORDS)
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
    .execute();
  const done = await recorded(db);
  const pending = Object.keys(migrations)
    .sort()
    .filter((name) => !done.has(name));
  if (pending.length === 0) return [];
  if (done.size === 0) {
    const all = await runAllOnEmpty(db, migrations, pending);
    if (all) return all;
  }
  const applied: string[] = [];
  let checked = false;
  for (const name of pending) {
    const ran = await db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        // another process may have run it while this one waited for the write lock
        const now = await recorded(conn);
        if (now.has(name)) {
          await sql`rollback`.execute(conn);
          return false;
        }
        // the schema is compared with the records under the write lock: read outside it, a process migrating
        // at the same time would show tables whose records this one had not seen yet
        if (!checked) await dropObjects(conn, await leftoversOf(conn, migrations, now, name));
        checked = true;
        await migrations[name].up(conn);
        await conn.insertInto(RECORDS).values({ name, timestamp: new Date().toISOString() }).execute();
        await sql`commit`.execute(conn);
        return true;
      } catch (err) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        if (err instanceof MigrationError) throw err;
        throw new MigrationError(
          `migration ${name} failed and was rolled back (the database is as before it): ${(err as Error).message}`,
          { cause: err },
        );
      }
    });
    if (ran) applied.push(name);
  }
  return applied;
}

/**
 * A database with no schema at all (a first start, every `:memory:` start) gets every migration, each with its
 * record, in one transaction: the same migrations replayed in the same order, without a transaction, a read of
 * the records and a schema check per migration. Undefined when the database, under the write lock, turns out
 * not to be empty (another process got there first) or a migration fails: the runner then goes migration by
 * migration.
 */
async function runAllOnEmpty(db: MigratedDb, migrations: Migrations, pending: string[]): Promise<string[] | undefined> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      if ((await recorded(conn)).size > 0 || (await schemaObjects(conn)).size > 0) {
        await sql`rollback`.execute(conn);
        return undefined;
      }
      for (const name of pending) {
        await migrations[name].up(conn);
        await conn.insertInto(RECORDS).values({ name, timestamp: new Date().toISOString() }).execute();
      }
      await sql`commit`.execute(conn);
      return pending;
    } catch {
      // one of them failed: back to empty, and the migrations run one by one, which keeps those before the
      // failing one and reports it
      await sql`rollback`.execute(conn).catch(() => undefined);
      return undefined;
    }
  });
}

/** Schema objects as `kind:name` (tables, indexes, triggers, views, and `column:table.column`). */
async function schemaObjects(db: MigratedDb): Promise<Set<string>> {
  const objects = await sql<{
    type: string;
    name: string;
  }>`select type, name from sqlite_master where name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db);
  const columns = await sql<{
    tbl: string;
    col: string;
  }>`select m.name as tbl, p.name as col from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like 'kysely_%'`.execute(
    db,
  );
  return new Set([
    ...objects.rows.map((o) => `${o.type}:${o.name}`),
    ...columns.rows.map((c) => `column:${c.tbl}.${c.col}`),
  ]);
}

/** The schema the given migrations produce on an empty database. */
async function replicaSchema(migrations: Migrations, names: string[]): Promise<Set<string>> {
  const replica = new Kysely<MigrationRecords>({ dialect: openSqlite(':memory:').dialect });
  try {
    for (const name of names) await migrations[name].up(replica);
    return await schemaObjects(replica);
  } finally {
    await replica.destroy();
  }
}

/**
 * What an interrupted run of `next` left behind: objects present that the recorded migrations do not create.
 * Answers them when `next` creates every one of them (then they are dropped and `next` runs again); throws when
 * some are not explained by it.
 */
async function leftoversOf(db: MigratedDb, migrations: Migrations, done: Set<string>, next: string): Promise<string[]> {
  const actual = await schemaObjects(db);
  const recordedNames = Object.keys(migrations)
    .sort()
    .filter((name) => done.has(name));
  const expected = recordedNames.length === 0 ? new Set<string>() : await replicaSchema(migrations, recordedNames);
  const extra = [...actual].filter((o) => !expected.has(o));
  if (extra.length === 0) return [];
  const withNext = await replicaSchema(migrations, [...recordedNames, next]);
  const unexplained = extra.filter((o) => !withNext.has(o));
  if (unexplained.length > 0) {
    throw new MigrationError(
      `the database schema does not match its recorded migrations: ${unexplained.slice(0, 10).join(', ')}${unexplained.length > 10 ? ', …' : ''} ` +
        `exist but no recorded migration creates them, and they are not a partial run of the next migration ${next}. ` +
        'Refusing to migrate: restore the database from a backup, or remove these objects.',
    );
  }
  return extra;
}

const DROP_ORDER = ['trigger', 'view', 'index', 'column', 'table'];

async function dropObjects(db: MigratedDb, objects: string[]): Promise<void> {
  if (objects.length === 0) return;
  // the half-made tables may reference each other: checks wait for the commit, when they are made again
  await sql`pragma defer_foreign_keys = on`.execute(db);
  const tables = new Set(objects.filter((o) => o.startsWith('table:')).map((o) => o.slice(6)));
  for (const kind of DROP_ORDER) {
    for (const object of objects.filter((o) => o.startsWith(`${kind}:`))) {
      const name = object.slice(kind.length + 1);
      if (kind === 'column') {
        const [table, column] = name.split('.');
        if (!tables.has(table)) await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
      } else if (kind === 'index') {
        await sql`drop index if exists ${sql.id(name)}`.execute(db);
      } else {
        await sql.raw(`drop ${kind} if exists "${name.replaceAll('"', '""')}"`).execute(db);
      }
    }
  }
}
