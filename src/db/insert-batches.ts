// Group commit on PostgreSQL, for writes that are one insert of one row. There a small write's cost is mostly not
// its row: each statement is a write to the socket and a Bind/Execute the server runs, and each commit a WAL
// flush (and a run of the table's statement triggers). The rows that writes of one turn of the event loop insert
// into one table therefore go in one statement of many rows, a transaction by itself (every statement outside a
// transaction block is one: PostgreSQL manual, BEGIN), so they commit together:
//   - a statement is all or nothing, so each row is too; no write is answered before that statement's commit;
//   - when the statement is refused (an error of the rows, not of the server), nothing of it was written and each
//     row is inserted again alone, so that only the row at fault fails, with exactly the error it has alone;
//   - when the server could not be reached or broke off (databaseUnavailable), every write of the batch fails with
//     that error, as each would alone: the outcome of a commit cut off is unknown, so nothing is sent again.
// The embedded engine and a request's transaction never get here (batchedInsert, src/db/index.ts).
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './types.ts';
import { databaseUnavailable } from './postgres.ts';
import { outsideRequests } from './request-transaction.ts';
import { noticeInStatement } from './change-notices.ts';

// The handle of src/db/index.ts, named here without importing it (index.ts imports this file).
type Db = Kysely<Database>;

/** Rows of one statement at most: bounds the statement's parameters (each column one array of these rows). */
const BATCH_LIMIT = 64;

/**
 * Statements of one table in flight at once: the rows that arrive while they commit wait and go together in the
 * next, so under load a statement carries what arrived during the one before (as in a WAL group flush).
 */
const STATEMENTS_IN_FLIGHT = 1;

/** The two statements of an insert that can be batched: one row, and many rows of one table in one statement. */
export interface RowInserts<Row> {
  one(db: Db, row: Row): Promise<unknown>;
  many(db: Db, rows: readonly Row[]): Promise<unknown>;
}

interface Waiting<Row> {
  row: Row;
  resolve: () => void;
  reject: (error: unknown) => void;
}

class Batch<Row> {
  readonly #db: Db;
  readonly #inserts: RowInserts<Row>;
  readonly #unavailable: (error: unknown) => boolean;
  #waiting: Waiting<Row>[] = [];
  #scheduled = false;
  /** Statements sent and not yet answered. */
  #sending = 0;

  constructor(db: Db, inserts: RowInserts<Row>, unavailable: (error: unknown) => boolean) {
    this.#db = db;
    this.#inserts = inserts;
    this.#unavailable = unavailable;
  }

  insert(row: Row): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ row, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#sending >= STATEMENTS_IN_FLIGHT) return;
    this.#scheduled = true;
    // after the I/O callbacks of this turn: every request that reached its insert in them joins the statement
    setImmediate(() => outsideRequests(() => this.#flush()));
  }

  #flush(): void {
    this.#scheduled = false;
    while (this.#waiting.length > 0 && this.#sending < STATEMENTS_IN_FLIGHT) {
      this.#sending++;
      void this.#commit(this.#waiting.splice(0, BATCH_LIMIT)).finally(() => {
        this.#sending--;
        this.#schedule();
      });
    }
  }

  async #commit(writes: Waiting<Row>[]): Promise<void> {
    if (writes.length === 1) return this.#alone(writes[0]);
    try {
      await this.#inserts.many(
        this.#db,
        writes.map((w) => w.row),
      );
    } catch (error) {
      if (this.#unavailable(error)) for (const write of writes) write.reject(error);
      else await Promise.all(writes.map((write) => this.#alone(write)));
      return;
    }
    for (const write of writes) write.resolve();
  }

  async #alone(write: Waiting<Row>): Promise<void> {
    try {
      await this.#inserts.one(this.#db, write.row);
      write.resolve();
    } catch (error) {
      write.reject(error);
    }
  }
}

/** The batches of each root database of PostgreSQL, by the statements they run. */
export class InsertBatches {
  readonly #db: Db;
  readonly #unavailable: (error: unknown) => boolean;
  readonly #batches = new Map<RowInserts<never>, Batch<never>>();

  /** `unavailable`: whether an error says the server could not be reached or broke off. */
  constructor(db: Db, unavailable: (error: unknown) => boolean = databaseUnavailable) {
    this.#db = db;
    this.#unavailable = unavailable;
  }

  /** Inserts `row` in the next statement of its table's batch; settles after that statement's commit. */
  insert<Row>(inserts: RowInserts<Row>, row: Row): Promise<void> {
    let batch = this.#batches.get(inserts) as Batch<Row> | undefined;
    if (!batch) {
      batch = new Batch(this.#db, inserts, this.#unavailable);
      this.#batches.set(inserts, batch as Batch<never>);
    }
    return batch.insert(row);
  }
}

/**
 * The insert of many rows of `table` in one statement: each column goes as one array parameter, unnested into
 * rows, so the statement's text is the same whatever the number of rows and is parsed and planned once per
 * connection (a named prepared statement, src/db/postgres.ts). `columns`: every column with its SQL type.
 * The statement sends the table's change notice itself: one commit for the rows and their notice, where a notice
 * after the commit (src/db/commit-notices.ts) is a second transaction with its own WAL flush (a transaction that
 * notifies is given a transaction id at its commit: PreCommit_Notify, src/backend/commands/async.c). A notifying
 * transaction holds PostgreSQL's notify lock through its commit, which one statement in flight at a time
 * (STATEMENTS_IN_FLIGHT) does not contend for with the table's other inserts.
 */
export function unnestInsert<Row>(
  table: string,
  columns: Record<keyof Row & string, string>,
): (db: Db, rows: readonly Row[]) => Promise<unknown> {
  const names = Object.keys(columns) as (keyof Row & string)[];
  const insert = `insert into ${table} (${names.join(', ')}) select * from unnest(${names
    .map((name, i) => `$${i + 1}::${columns[name]}[]`)
    .join(', ')})`;
  const notice = noticeInStatement(table);
  const text = notice ? `with written as (${insert} returning 1) select ${notice}` : insert;
  return (db, rows) =>
    db.executeQuery(
      CompiledQuery.raw(
        text,
        names.map((name) => rows.map((row) => row[name])),
      ),
    );
}

/** Registered by openDatabase for each PostgreSQL database. */
export const insertBatches = new WeakMap<object, InsertBatches>();
