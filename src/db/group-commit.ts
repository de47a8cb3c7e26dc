// Group commit on the embedded engine. A commit there is most of a small write's cost: SQLite appends every page
// the transaction changed (the table's leaf and one leaf of each index) to the WAL and takes and drops its locks,
// whether the transaction inserted one row or fifty. Writes that arrive in the same turn of the event loop are
// therefore run in one transaction, one after the other, each in a savepoint of its own:
//   - a write that fails rolls back to its savepoint: only its own work is undone, the others go on;
//   - no write is answered before the COMMIT that makes it durable has returned (the same promise as a
//     transaction of its own: it settles after the commit);
//   - when the transaction as a whole cannot commit (the COMMIT fails, or the engine rolled the transaction back
//     under a write: a full disk, an I/O error), nothing of the group is written and every write of it fails;
//     a write that had failed on its own keeps its own error.
// The writes of a group run serially on the one connection, as they would one transaction after another: each
// sees the ones before it, nothing else reads in between (the connection is the group's until its commit), so
// no reader ever sees a write that is not committed. What `synchronous = NORMAL` promises is unchanged: a
// commit is in the WAL before it is answered (src/db/sqlite.ts).
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './types.ts';
import { immediateReaders } from './prepared.ts';

// The handle of src/db/index.ts, named here without importing it (index.ts imports this file).
type Db = Kysely<Database>;

/** Writes of one group at most; those beyond wait for the next (each write of a group waits for all of it). */
const GROUP_LIMIT = 64;

/** What the group needs of the connection beyond the query builder (src/db/sqlite.ts). */
export interface GroupConnection {
  /** Whether the connection is inside a transaction now (the engine may roll one back by itself). */
  inTransaction(): boolean;
  /** A savepoint on the connection, run directly: the group holds the connection while it uses it. */
  savepoint: { open(): void; release(): void; rollBack(): void };
  /** Told when a write is rolled back to its savepoint: caches and id blocks must forget what it did. */
  rolledBack(): void;
  /**
   * Runs a compiled statement at once (checked as the driver checks it), without the driver's queue: the
   * statements compiled once (src/db/prepared.ts) that the writes of a group run on it.
   */
  runNow: (compiled: CompiledQuery) => unknown[];
}

interface Write {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Thrown out of a group whose transaction the engine ended inside one of its writes. */
class TransactionLost extends Error {
  override name = 'TransactionLost';
}

export class GroupCommit {
  readonly #db: Db;
  readonly #connection: GroupConnection;
  #waiting: Write[] = [];
  #scheduled = false;

  constructor(db: Db, connection: GroupConnection) {
    this.#db = db;
    this.#connection = connection;
  }

  /** Runs `work` in the next group; settles after that group's commit (or its failure). */
  run<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // after the I/O callbacks of this turn: every request that reached its write in them joins the group
    setImmediate(() => void this.#flush());
  }

  async #flush(): Promise<void> {
    const writes = this.#waiting.splice(0, GROUP_LIMIT);
    try {
      const outcomes = await this.#commit(writes);
      writes.forEach((write, i) => {
        const outcome = outcomes[i];
        if (outcome.ok) write.resolve(outcome.value);
        else write.reject(outcome.error);
      });
    } finally {
      this.#scheduled = false;
      if (this.#waiting.length > 0) this.#schedule();
    }
  }

  async #commit(writes: Write[]): Promise<Outcome[]> {
    const connection = this.#connection;
    const outcomes: Outcome[] = [];
    /** Why the engine ended the transaction inside a write (the driver's rollback then fails for want of one). */
    let lost: unknown;
    try {
      await this.#db.transaction().execute(async (trx) => {
        // the group holds the connection until its commit: its statements need not queue for it
        immediateReaders.set(trx, connection.runNow);
        try {
          for (const write of writes) {
            connection.savepoint.open();
            let outcome: Outcome;
            try {
              outcome = { ok: true, value: await write.work(trx) };
            } catch (error) {
              outcome = { ok: false, error };
            }
            outcomes.push(outcome);
            if (!connection.inTransaction()) {
              lost = outcome.ok ? new TransactionLost('the transaction ended inside a write') : outcome.error;
              throw lost;
            }
            if (!outcome.ok) {
              connection.savepoint.rollBack();
              connection.rolledBack();
            }
            connection.savepoint.release();
          }
        } finally {
          immediateReaders.delete(trx);
        }
      });
      return outcomes;
    } catch (error) {
      // nothing of the group is written (the driver rolled it back): the writes that had succeeded fail with the
      // group's error, one that had failed on its own keeps its own
      return writes.map((_, i) => {
        const own = outcomes[i];
        return own && !own.ok ? own : { ok: false, error: lost ?? error };
      });
    }
  }
}

/** Group commit of each root database of the embedded engine (registered by openDatabase). */
export const groupCommits = new WeakMap<object, GroupCommit>();
