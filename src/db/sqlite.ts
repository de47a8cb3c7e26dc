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

interface CachedStatement {
  statement: StatementSync;
  reader: boolean;
}

const STATEMENT_CACHE_LIMIT = 2000;

class CachingDatabase {
  readonly #db: DatabaseSync;
  readonly #cache = new Map<string, CachedStatement>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  close(): void {
    this.#cache.clear();
    this.#db.close();
  }

  prepare(sql: string) {
    let cached = this.#cache.get(sql);
    if (!cached) {
      const statement = this.#db.prepare(sql);
      cached = { statement, reader: statement.columns().length > 0 };
      if (this.#cache.size >= STATEMENT_CACHE_LIMIT) this.#cache.delete(this.#cache.keys().next().value!);
      this.#cache.set(sql, cached);
    }
    const { statement, reader } = cached;
    return {
      reader,
      all: (parameters: readonly unknown[]) => statement.all(...parameters.map(bindable)),
      run: (parameters: readonly unknown[]) => statement.run(...parameters.map(bindable)),
      iterate: (parameters: readonly unknown[]) => statement.iterate(...parameters.map(bindable)),
    };
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
}

export function openSqlite(location: string): EmbeddedDatabase {
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  const db = new DatabaseSync(location);
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  if (location !== ':memory:') {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
  }
  // Changes when another connection (another process) commits: lets the process trust its caches otherwise.
  const dataVersion = db.prepare('PRAGMA data_version');
  const caching = new CachingDatabase(db);
  return {
    dialect: new SqliteDialect({ database: caching as never }),
    dataVersion: () => Number((dataVersion.get() as { data_version: number }).data_version),
    readNow: (sql, parameters) => (db.isTransaction ? undefined : caching.prepare(sql).all(parameters)),
  };
}
