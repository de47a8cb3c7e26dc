import { Kysely, sql, type Migration } from 'kysely';
import { openSqlite } from './sqlite.ts';
export { editedImage } from './sqlite.ts';
import { openPostgres, transactionPooled } from './postgres.ts';
import { ChangeListener, NOTICED_TABLES, NOTICES_SETTING, sendChangeNotices } from './change-notices.ts';
import { CommitNotices } from './commit-notices.ts';
import { companyScopedDialect } from './company-scope.ts';
import { ChangeStamps } from './changes.ts';
import { immediateReaders } from './prepared.ts';
import { GroupCommit, groupCommits } from './group-commit.ts';
import { InsertBatches, insertBatches, type RowInserts } from './insert-batches.ts';
import type { Database } from './types.ts';
import { runMigrations } from './migration-runner.ts';
import { heldByRequest, requestTransactionDialect } from './request-transaction.ts';

export { MigrationError } from './migration-runner.ts';
export { databaseUnavailable } from './postgres.ts';
export { unnestInsert, type RowInserts } from './insert-batches.ts';

export type Engine = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** Tells per-process caches when what they hold may have changed. */
  changes: ChangeStamps;
  /** Connections of the pool (PostgreSQL; the embedded engine has one connection and no pool). */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /** The embedded engine: the whole database as the bytes of a database file. */
  image?: () => Uint8Array;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; a file path, `sqlite:path` or `:memory:` for the embedded engine. */
  url: string;
  poolSize?: number;
  /**
   * Tables not owned by one company, which the company-scope guard lets through unscoped: the areas' declared
   * `global` tables, given by the composition root (`globalTables()` of src/modules.ts).
   */
  globalTables: readonly string[];
  /**
   * PostgreSQL: a direct connection (not through a pooler in transaction mode) to LISTEN for change notices on,
   * which lets per-process caches answer (src/db/change-notices.ts). Default: `url` itself unless it says
   * `pooling=transaction`; false: no listening, nothing cached.
   */
  listenUrl?: string | false;
  /** The embedded engine in memory: start from this copy of a database file (a sandbox's template). */
  image?: Uint8Array;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const url = options.url;
  if (/^postgres(ql)?:\/\//.test(url)) {
    const max = options.poolSize ?? 16;
    const { dialect, pool, pooled } = openPostgres(url, max, { [NOTICES_SETTING]: 'after_commit' });
    // through a pooler in transaction mode the setting does not reach the sessions: the trigger notices instead
    const notices = pooled ? undefined : new CommitNotices(NOTICED_TABLES, (tables) => sendChangeNotices(pool, tables));
    const listenUrl = options.listenUrl ?? (transactionPooled(url).pooled ? false : url);
    const listener = listenUrl
      ? new ChangeListener(transactionPooled(listenUrl).url, (table) => changes.written([table]))
      : undefined;
    const changes = new ChangeStamps(listener && (() => listener.freshness()));
    const db = new Kysely<Database>({
      dialect: companyScopedDialect(
        requestTransactionDialect(notices ? notices.dialect(dialect) : dialect),
        options.globalTables,
        (tables) => changes.written(tables),
        () => changes.rolledBack(),
      ),
    });
    insertBatches.set(db, new InsertBatches(db));
    const usage = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
    const close = async () => {
      await notices?.close();
      await listener?.close();
      await db.destroy();
    };
    return { db, engine: 'postgres', changes, pool: usage, close };
  }
  const location = url.replace(/^sqlite:(\/\/)?/, '') || ':memory:';
  const sqlite = openSqlite(location, options.image);
  const changes = new ChangeStamps(sqlite.dataVersion);
  const dialect = companyScopedDialect(
    requestTransactionDialect(sqlite.dialect),
    options.globalTables,
    (tables) => changes.written(tables),
    () => changes.rolledBack(),
  );
  const db = new Kysely<Database>({ dialect });
  immediateReaders.set(db, (compiled) => {
    dialect.check(compiled);
    return sqlite.readNow(compiled.sql, compiled.parameters);
  });
  groupCommits.set(
    db,
    new GroupCommit(db, {
      inTransaction: sqlite.inTransaction,
      savepoint: sqlite.savepoint,
      rolledBack: () => changes.rolledBack(),
      runNow: (compiled) => {
        dialect.check(compiled);
        return sqlite.runNow(compiled.sql, compiled.parameters);
      },
    }),
  );
  return { db, engine: 'sqlite', changes, image: sqlite.image, close: () => db.destroy() };
}

/**
 * A transaction for a small write of a request: its own on PostgreSQL (and inside a transaction already open);
 * on the embedded engine one savepoint in a transaction shared with the other writes of the same turn of the
 * event loop, committed together (src/db/group-commit.ts). Either way `work` is undone alone when it throws, and
 * the promise settles only after the commit that makes the write durable. `work` must use only `trx`.
 */
export function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const group = heldByRequest() ? undefined : groupCommits.get(db);
  return group ? group.run(work) : db.transaction().execute(work);
}

/**
 * A write that is one statement (`work` sends exactly one, on the handle it is given): on PostgreSQL that statement
 * is sent alone, a transaction of its own (every statement outside a transaction block is one: PostgreSQL manual,
 * BEGIN), which spares the BEGIN and COMMIT round trips; on the embedded engine, and inside a request's
 * transaction (where a failure must undo only this write), it is a `writeTransaction`. All or nothing either way.
 */
function oneStatementWrite<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  return heldByRequest() || groupCommits.has(db) ? writeTransaction(db, work) : work(db);
}

/**
 * A write that is the insert of one row: on PostgreSQL the rows of `inserts` that writes of one turn of the
 * event loop insert go in one statement, committed together (src/db/insert-batches.ts); elsewhere it is the
 * one-row insert as a `oneStatementWrite`. Settles after the commit; fails alone, with the one-row insert's error.
 */
export function batchedInsert<Row>(db: Db, inserts: RowInserts<Row>, row: Row): Promise<unknown> {
  const batches = heldByRequest() ? undefined : insertBatches.get(db);
  return batches ? batches.insert(inserts, row) : oneStatementWrite(db, (d) => inserts.one(d, row));
}

/** A unique-key violation on either engine (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errcode?: number; message?: string };
  return (
    e?.code === '23505' ||
    e?.errcode === 2067 ||
    e?.errcode === 1555 ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/**
 * A write that lost to another request's at the same moment: a unique key the other one took first, or on
 * PostgreSQL a deadlock or serialization failure. Nothing of it stayed (its transaction was rolled back).
 */
export function isConcurrentWriteConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return isUniqueViolation(err) || code === '40001' || code === '40P01';
}

/**
 * A transaction that reads a row and inserts it when missing, else updates it, or that checks a unique name or
 * number is free before it writes it: two such requests at once may both find it missing on PostgreSQL, and the
 * second insert then violates the key. That one runs again and finds the row (and its answer, an update or a
 * refusal such as BANK_ACCOUNT_EXISTS), as if it had come second. Of several at once each run lets one more
 * through; after `runs` the violation goes up (a 409 CONCURRENT_WRITE).
 */
export async function insertOrUpdateTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, runs = 8): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (!isUniqueViolation(err) || run >= runs) throw err;
    }
  }
}

/** Brings the schema up to date; `migrations` are every area's (allMigrations() of src/modules.ts), each
 * committed with its record (see src/db/migration-runner.ts). */
export async function migrate(db: Db, migrations: Record<string, Migration>): Promise<string[]> {
  return runMigrations(db, migrations);
}

/**
 * Allocates ids from a per-company sequence (ids are unique within a company only, as in the spec).
 * Returns the first of `count` consecutive ids. Company 0 holds the sequences of global tables.
 */
export async function allocateIds(db: Db, companyId: number, name: string, count = 1): Promise<number> {
  const row = await db
    .insertInto('id_sequences')
    .values({ company_id: companyId, name, last_id: count })
    .onConflict((oc) =>
      oc.columns(['company_id', 'name']).doUpdateSet({ last_id: sql`id_sequences.last_id + ${count}` }),
    )
    .returning('last_id')
    .executeTakeFirstOrThrow();
  return Number(row.last_id) - count + 1;
}

/**
 * Several sequences of one company advanced in one statement (one round trip): the first of `count` consecutive
 * ids of each, in the order asked. The names must differ.
 */
export async function allocateIdBlocks(
  db: Db,
  companyId: number,
  blocks: readonly { name: string; count: number }[],
): Promise<number[]> {
  const rows = await db
    .insertInto('id_sequences')
    .values(blocks.map(({ name, count }) => ({ company_id: companyId, name, last_id: count })))
    .onConflict((oc) =>
      oc.columns(['company_id', 'name']).doUpdateSet({ last_id: sql`id_sequences.last_id + excluded.last_id` }),
    )
    .returning(['name', 'last_id'])
    .execute();
  const last = new Map(rows.map((r) => [r.name, Number(r.last_id)]));
  return blocks.map(({ name, count }) => last.get(name)! - count + 1);
}

export async function allocateId(db: Db, companyId: number, name: string): Promise<number> {
  return allocateIds(db, companyId, name, 1);
}
