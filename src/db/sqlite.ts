// The embedded engine: Node's built-in node:sqlite behind Kysely's SQLite dialect, with prepared statements
// kept and reused (preparing costs more than running a point read).
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SqliteDialect } from 'kysely';

type Param = null | number | bigint | string | Uint8Array;

function bindable(value: unknown): Param {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as Param;
}

function bindAll(parameters: readonly unknown[]): Param[] {
  const out = new Array<Param>(parameters.length);
  for (let i = 0; i < parameters.length; i++) out[i] = bindable(parameters[i]);
  return out;
}

/** A prepared statement in the shape Kysely's SQLite driver expects; built once per SQL text and kept. */
class CachedStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }
  all(parameters: readonly unknown[]) {
    return this.#statement.all(...bindAll(parameters));
  }
  run(parameters: readonly unknown[]) {
    return this.#statement.run(...bindAll(parameters));
  }
  iterate(parameters: readonly unknown[]) {
    return this.#statement.iterate(...bindAll(parameters));
  }
}

const STATEMENT_CACHE_LIMIT = 2000;
/**
 * Statements longer than this (multi-row writes, long IN lists) take memory by their length once prepared (a
 * write of 500 rows a few hundred kB) and come in as many texts as there are row counts: only the few used last
 * are kept.
 */
const LONG_STATEMENT = 4096;
const LONG_STATEMENT_LIMIT = 32;

class CachingDatabase {
  readonly #db: DatabaseSync;
  readonly #cache = new Map<string, CachedStatement>();
  readonly #long = new Map<string, CachedStatement>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  close(): void {
    this.#cache.clear();
    this.#long.clear();
    this.#db.close();
  }

  prepare(sql: string): CachedStatement {
    // A deferred transaction that reads and then writes fails at once (SQLITE_BUSY, no busy wait) when another
    // process committed in between; taking the write lock at the start makes it wait its turn instead. Within
    // this process Kysely runs one transaction at a time anyway.
    if (sql === 'begin') sql = 'begin immediate';
    const long = sql.length > LONG_STATEMENT;
    const cache = long ? this.#long : this.#cache;
    let cached = cache.get(sql);
    if (!cached) {
      cached = new CachedStatement(this.#db.prepare(sql));
      if (cache.size >= (long ? LONG_STATEMENT_LIMIT : STATEMENT_CACHE_LIMIT)) cache.delete(cache.keys().next().value!);
    } else if (long) {
      // the long ones leave least recently used first
      cache.delete(sql);
    }
    cache.set(sql, cached);
    return cached;
  }
}

export interface EmbeddedDatabase {
  dialect: SqliteDialect;
  dataVersion: () => number;
  /**
   * Runs a read at once, without Kysely's connection queue, when that is safe: the single connection is not
   * inside a transaction (whose uncommitted writes a read must not see). Undefined when it is.
   */
  readNow: (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
  /** Whether the connection is inside a transaction now (the engine may have rolled one back by itself). */
  inTransaction: () => boolean;
  /** Runs a statement at once: for the holder of the connection inside its transaction (src/db/group-commit.ts). */
  runNow: (sql: string, parameters: readonly unknown[]) => unknown[];
  /**
   * One savepoint run directly on the connection, without the driver's queue: for the holder of the connection
   * inside its transaction (src/db/group-commit.ts), where a savepoint through the query builder cost more than
   * the insert it guards.
   */
  savepoint: { open(): void; release(): void; rollBack(): void };
}

export function openSqlite(location: string): EmbeddedDatabase {
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  const db = new DatabaseSync(location);
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  // A statement inside a transaction keeps the pages it changes in a statement journal, to undo itself alone;
  // on disk (the default) a posting's insert of lines wrote it to a temporary file page by page — most of the
  // posting's system time. In memory it is as crash-safe (the WAL is what recovers a crash) and costs only the
  // pages of one statement. Temporary tables and sorts also stay in memory.
  db.exec('PRAGMA temp_store = MEMORY');
  // Up to 128 MiB of page cache instead of 2 MiB: a transaction of many postings touches thousands of index
  // pages, read again from the file otherwise.
  db.exec('PRAGMA cache_size = -131072');
  if (location !== ':memory:') {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    // The WAL is copied back into the database every 10 000 pages (about 40 MB) instead of every 1 000: a page
    // that successive transactions change (an index leaf, a month total) is copied once per checkpoint, not once
    // per transaction. The file is cut back to 64 MB after a checkpoint.
    db.exec('PRAGMA wal_autocheckpoint = 10000');
    db.exec('PRAGMA journal_size_limit = 67108864');
  }
  // Changes when another connection (another process) commits: lets the process trust its caches otherwise.
  const dataVersion = db.prepare('PRAGMA data_version');
  dataVersion.setReturnArrays(true);
  const caching = new CachingDatabase(db);
  const savepoint = {
    open: db.prepare('savepoint tase_write'),
    release: db.prepare('release tase_write'),
    rollBack: db.prepare('rollback to tase_write'),
  };
  return {
    dialect: new SqliteDialect({ database: caching }),
    dataVersion: () => Number((dataVersion.get() as unknown as [number])[0]),
    readNow: (sql, parameters) => (db.isTransaction ? undefined : caching.prepare(sql).all(parameters)),
    inTransaction: () => db.isTransaction,
    runNow: (sql, parameters) => caching.prepare(sql).all(parameters),
    savepoint: {
      open: () => savepoint.open.run(),
      release: () => savepoint.release.run(),
      rollBack: () => savepoint.rollBack.run(),
    },
  };
}
