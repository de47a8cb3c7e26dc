// The embedded engine: Node's built-in node:sqlite behind Kysely's SQLite dialect, with prepared statements
// kept and reused (preparing costs more than running a point read).
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { closeSync, mkdirSync, openSync, readSync } from 'node:fs';
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

/**
 * The statement with its LIMIT bound as `+?` instead of a lone `?`. SQLite's planner reads a lone bound LIMIT
 * (sqlite3ExprIsInteger in src/expr.c) and then marks the statement expired whenever that parameter is bound
 * again (vdbeUnbind in src/vdbeapi.c), so every run of a paged query prepared it anew: about 10 µs for a simple
 * page, more for a join. `+?` binds the same value, which the planner does not read. The plans of the paged
 * queries were compared with and without it over the whole test suite (docs/benchmarks.md).
 */
function withUnseenLimit(sql: string): string {
  return sql.includes(' limit ?') ? sql.replaceAll(' limit ?', ' limit +?') : sql;
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
  readonly #onClose: () => void;

  constructor(db: DatabaseSync, onClose: () => void) {
    this.#db = db;
    this.#onClose = onClose;
  }

  close(): void {
    this.#cache.clear();
    this.#long.clear();
    this.#onClose();
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
      cached = new CachedStatement(this.#db.prepare(withUnseenLimit(sql)));
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
  /** The whole database as the bytes of a database file (sqlite3_serialize). */
  image: () => Uint8Array;
}

/** `image`: an in-memory database starts as a copy of these bytes of a database file (sqlite3_deserialize). */
export function openSqlite(location: string, image?: Uint8Array): EmbeddedDatabase {
  if (location !== ':memory:') {
    // the books are readable by the service's user alone: the folder and the file are created owner-only (SQLite
    // gives its -wal and -shm files the database file's permissions)
    mkdirSync(dirname(location), { recursive: true, mode: 0o700 });
    try {
      closeSync(openSync(location, 'wx', 0o600));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const db = new DatabaseSync(location);
  if (image) {
    if (location !== ':memory:') throw new Error('only an in-memory database starts from an image');
    db.deserialize(image);
  }
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
  const commits = commitCounter(db, location);
  const caching = new CachingDatabase(db, commits.close);
  const savepoint = {
    open: db.prepare('savepoint tase_write'),
    release: db.prepare('release tase_write'),
    rollBack: db.prepare('rollback to tase_write'),
  };
  return {
    dialect: new SqliteDialect({ database: caching }),
    dataVersion: commits.read,
    readNow: (sql, parameters) => (db.isTransaction ? undefined : caching.prepare(sql).all(parameters)),
    inTransaction: () => db.isTransaction,
    runNow: (sql, parameters) => caching.prepare(sql).all(parameters),
    savepoint: {
      open: () => savepoint.open.run(),
      release: () => savepoint.release.run(),
      rollBack: () => savepoint.rollBack.run(),
    },
    image: () => db.serialize(),
  };
}

/** A database file's bytes after `sql` ran on a copy of them in memory (the original is untouched). */
export function editedImage(image: Uint8Array, sql: string): Uint8Array {
  const scratch = new DatabaseSync(':memory:');
  try {
    scratch.deserialize(image);
    scratch.exec(sql);
    return scratch.serialize();
  } finally {
    scratch.close();
  }
}

/** Bytes of the WAL-index header that every commit rewrites (the first of its two copies). */
const WAL_INDEX_HEADER = 48;

/**
 * `PRAGMA data_version`: it changes when another connection (another process) commits, which lets the process
 * trust its caches otherwise. Reading it is a statement that starts a WAL read (locks of the shared-memory file:
 * a few system calls, several µs, once per request). Every commit, by any connection, rewrites the WAL-index
 * header at the start of the `-shm` file (sqlite.org/walformat.html, "The WAL-Index Header": its change counter,
 * last frame, salts and checksums), which the committing connection does before its COMMIT returns. So while
 * those 48 bytes read with one `pread` are what they were at the last reading of `data_version`, nothing was
 * committed since and the pragma would answer the same; when they differ (a commit, also one of this process,
 * or a read torn by a commit in progress) the pragma is read again. Without a `-shm` file (in memory, or not in
 * WAL mode) every call reads the pragma.
 */
function commitCounter(db: DatabaseSync, location: string): { read: () => number; close: () => void } {
  const pragma = db.prepare('PRAGMA data_version');
  pragma.setReturnArrays(true);
  const readPragma = () => Number((pragma.get() as unknown as [number])[0]);
  let version = readPragma();
  let shm: number | undefined;
  if (location !== ':memory:' && db.prepare('PRAGMA journal_mode').get()?.journal_mode === 'wal') {
    try {
      shm = openSync(`${location}-shm`, 'r');
    } catch {
      shm = undefined;
    }
  }
  if (shm === undefined) return { read: readPragma, close: () => undefined };
  const fd = shm;
  const header = Buffer.alloc(WAL_INDEX_HEADER);
  const seen = Buffer.alloc(WAL_INDEX_HEADER);
  let open = true;
  return {
    read: () => {
      if (!open) return readPragma();
      let read: number;
      try {
        read = readSync(fd, header, 0, WAL_INDEX_HEADER, 0);
      } catch {
        read = 0; // the pragma answers whatever became of the file
      }
      if (read === WAL_INDEX_HEADER && header.equals(seen)) return version;
      // the header is kept before the pragma is read: a commit between the two makes the next header differ
      header.copy(seen);
      return (version = readPragma());
    },
    close: () => {
      if (open) closeSync(fd);
      open = false;
    },
  };
}
