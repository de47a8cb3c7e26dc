// Knowing when cached database state may be stale. The scope-checking driver reports every write statement's
// tables here as it runs; on SQLite, `PRAGMA data_version` tells whether another connection (another process,
// e.g. a `tase admin` command) committed anything since. Together they make a per-process cache exact on the
// embedded engine. On PostgreSQL other processes' writes arrive as notices (src/db/change-notices.ts): the
// counter is then the listener's, null while it is not known to be current (do not cache).

export class ChangeStamps {
  readonly #epochs = new Map<string, number>();
  /** Writes whose tables could not be told (raw SQL): they invalidate everything. */
  #unknown = 0;
  readonly #external: (() => number | null) | undefined;
  /** The engine's counter as read since the last `refresh()` (undefined: not read yet). */
  #known: number | null | undefined;
  #forgetting = false;

  /**
   * `external` is the engine's counter of other connections' commits (null while unknown); without it nothing
   * may be cached.
   */
  constructor(external?: () => number | null) {
    this.#external = external;
  }

  /**
   * A transaction (or savepoint) rolled back: what it wrote, and what was read after those writes, is gone, so
   * nothing cached since may be trusted; `rollbacks` tells holders of ids reserved in it (src/ledger/posting.ts).
   */
  rolledBack(): void {
    this.#unknown++;
    this.rollbacks++;
  }

  /** How many transactions or savepoints of this process rolled back so far. */
  rollbacks = 0;

  written(tables: readonly string[] | null): void {
    if (tables === null) {
      this.#unknown++;
      return;
    }
    for (const table of tables) this.#epochs.set(table, (this.#epochs.get(table) ?? 0) + 1);
  }

  /**
   * The next stamp reads the engine's counter anew. Called as each request arrives: a commit of another process
   * that the client saw before sending the request is then seen by it, while the stamps taken for one request
   * (its session, its data) cost one read of the counter, not one each (on SQLite a statement).
   */
  refresh(): void {
    this.#known = undefined;
  }

  /**
   * A value that changes whenever one of `tables` may have changed. Take it before reading; a cached read is
   * valid while the stamp is the same. Null when the engine cannot tell (nothing may be cached).
   */
  stamp(tables: readonly string[]): string | null {
    let external = this.#known;
    if (external === undefined) {
      external = this.#known = this.#external?.() ?? null;
      // kept for one turn of the event loop at most
      if (!this.#forgetting) {
        this.#forgetting = true;
        setImmediate(() => {
          this.#forgetting = false;
          this.#known = undefined;
        });
      }
    }
    if (external === null) return null;
    let local = this.#unknown;
    for (const table of tables) local += this.#epochs.get(table) ?? 0;
    return `${external}:${local}`;
  }
}
