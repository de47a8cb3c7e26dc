// PostgreSQL: other processes hear of this process's writes to the noticed tables (src/db/change-notices.ts) from
// a notice this process sends once the writing transaction has ended, not from the tables' trigger inside it.
// PostgreSQL takes one lock for every transaction that notifies and holds it through the commit's WAL flush
// (PreCommit_Notify, src/backend/commands/async.c), so in-transaction notices made concurrent writes of products
// commit one at a time (measured, 16 connections: 1 468 → 255 commits/s). The service's sessions say so with
// `tase.notices = after_commit`, which the trigger reads; any other writer (psql, a tool) is still noticed by it.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { writtenTables } from './company-scope.ts';
import { selfNoticedTables } from './change-notices.ts';

class NoticingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  /** Noticed tables written since the connection was taken (one transaction, or one statement). */
  readonly written = new Set<string>();
  readonly #tablesOf: (compiled: CompiledQuery) => readonly string[];
  constructor(inner: DatabaseConnection, tablesOf: (compiled: CompiledQuery) => readonly string[]) {
    this.inner = inner;
    this.#tablesOf = tablesOf;
  }
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    for (const table of this.#tablesOf(compiled)) this.written.add(table);
    return this.inner.executeQuery<R>(compiled);
  }
  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    for (const table of this.#tablesOf(compiled)) this.written.add(table);
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

function inner(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof NoticingConnection ? connection.inner : connection;
}

class NoticingDriver implements Driver {
  readonly #inner: Driver;
  readonly #notices: CommitNotices;
  readonly #wrapped = new WeakMap<DatabaseConnection, NoticingConnection>();
  constructor(driver: Driver, notices: CommitNotices) {
    this.#inner = driver;
    this.#notices = notices;
  }
  init() {
    return this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.#inner.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = new NoticingConnection(connection, (compiled) => this.#notices.tablesOf(compiled));
      this.#wrapped.set(connection, wrapped);
    }
    return wrapped;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#inner.beginTransaction(inner(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(inner(connection));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction(inner(connection));
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.savepoint?.(inner(connection), name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.rollbackToSavepoint?.(inner(connection), name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.releaseSavepoint?.(inner(connection), name, compile);
  }
  async releaseConnection(connection: DatabaseConnection) {
    // released: its transaction (or its one statement) has committed or rolled back; a rollback's notice only
    // makes other processes read again
    if (connection instanceof NoticingConnection && connection.written.size > 0) {
      this.#notices.ended(connection.written);
      connection.written.clear();
    }
    await this.#inner.releaseConnection(inner(connection));
  }
  destroy() {
    return this.#inner.destroy();
  }
}

/** The notices of ended transactions, sent together once per turn of the event loop. */
export class CommitNotices {
  readonly #noticed: ReadonlySet<string>;
  readonly #send: (tables: string[]) => Promise<void>;
  readonly #byStatement = new Map<string, readonly string[]>();
  readonly #pending = new Set<string>();
  #scheduled = false;
  #closed = false;
  readonly #sending = new Set<Promise<void>>();

  constructor(noticed: readonly string[], send: (tables: string[]) => Promise<void>) {
    this.#noticed = new Set(noticed);
    this.#send = send;
  }

  /** The noticed tables a statement writes (every one when it cannot be told, as for raw SQL). */
  tablesOf(compiled: CompiledQuery): readonly string[] {
    let tables = this.#byStatement.get(compiled.sql);
    if (tables === undefined) {
      const writes = writtenTables(compiled.query);
      // a statement that sends its own notice commits it with its write (src/db/insert-batches.ts)
      const sent = new Set(selfNoticedTables(compiled.sql));
      tables =
        writes === undefined
          ? []
          : writes === null
            ? [...this.#noticed]
            : writes.filter((t) => this.#noticed.has(t) && !sent.has(t));
      if (this.#byStatement.size > 10_000) this.#byStatement.clear();
      this.#byStatement.set(compiled.sql, tables);
    }
    return tables;
  }

  ended(tables: Iterable<string>): void {
    for (const table of tables) this.#pending.add(table);
    if (this.#scheduled) return;
    this.#scheduled = true;
    const sending = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#flush());
    this.#sending.add(sending);
    void sending.finally(() => this.#sending.delete(sending));
  }

  async #flush(): Promise<void> {
    this.#scheduled = false;
    // a write that ended while the database closed: its pool is gone with it
    if (this.#closed) return;
    const tables = [...this.#pending];
    this.#pending.clear();
    // once more on a failure (a connection dropped by a restart); past that, other processes see the write at
    // the next notice of the table (the window is that of a process ending between a commit and its notice)
    await this.#send(tables)
      .catch(() => this.#send(tables))
      .catch((err: Error) => {
        process.emitWarning(`change notices of ${tables.join(', ')} could not be sent: ${err.message}`);
      });
  }

  /** Sends the notices still to be sent; the pool closes next. */
  async close(): Promise<void> {
    while (this.#sending.size > 0) await Promise.all(this.#sending);
    this.#closed = true;
  }

  /** The dialect whose ended transactions are noticed here. */
  dialect<D extends Dialect>(dialect: D): D {
    return new Proxy(dialect, {
      get: (target, property, receiver) => {
        if (property === 'createDriver') return () => new NoticingDriver(target.createDriver(), this);
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
}
