// Knowing when cached database state may be stale. The scope-checking driver reports every write statement's
// tables here as it runs; on SQLite, `PRAGMA data_version` tells whether another connection (another process,
// e.g. a `tase admin` command) committed anything since. Together they make a per-process cache exact on the
// embedded engine (the counter read once for a batch of arriving requests: see `arrived`). On PostgreSQL other
// processes' writes arrive as notices (src/db/change-notices.ts): the counter is then the listener's, null while
// it is not known to be current (do not cache).

export class ChangeStamps {
  readonly #epochs = new Map<string, number>();
  /** Writes whose tables could not be told (raw SQL): they invalidate everything. */
  #unknown = 0;
  readonly #external: (() => number | null) | undefined;
  /** The engine's counter as read for this request or turn (undefined: not read yet). */
  #known: number | null | undefined;
  #forgetting = false;
  /** The reading the arriving requests of this turn share (undefined: none taken yet). */
  #shared: number | null | undefined;
  /** The next reading is taken for an arriving request. */
  #sharing = false;
  /** Counts the turns of the event loop in which the counter was read. */
  #turn = 0;

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
   * A request arrived on `connection`: its stamps must see every commit another process completed before the
   * client sent it. The requests of one batch of connections the event loop found readable share one reading of
   * the engine's counter, taken as the first of them arrives: each of them began to arrive before the loop woke
   * for the batch, so before that reading (Node reads every ready connection of a batch in the same poll phase;
   * the reading is forgotten in the check phase that follows). A second request of the same connection in the
   * batch (pipelined, so perhaps sent after the reading) reads the counter anew. The bound: libuv takes at most
   * 1 024 ready connections from one wake-up and polls again for the rest within the same batch.
   */
  arrived(connection: object): void {
    const turn = this.#turn;
    if (this.#shared !== undefined && turnOf.get(connection) !== turn) {
      this.#known = this.#shared;
    } else {
      this.#known = undefined;
      this.#sharing = true;
      this.#forgetAfterThisTurn();
    }
    turnOf.set(connection, turn);
  }

  /**
   * A value that changes whenever one of `tables` may have changed. Take it before reading; a cached read is
   * valid while the stamp is the same. Null when the engine cannot tell (nothing may be cached).
   */
  stamp(tables: readonly string[]): string | null {
    let external = this.#known;
    if (external === undefined) {
      external = this.#known = this.#external?.() ?? null;
      // read for an arriving request: shared with the other first requests of its batch
      if (this.#sharing) this.#shared = external;
      this.#sharing = false;
      this.#forgetAfterThisTurn();
    }
    if (external === null) return null;
    let local = this.#unknown;
    for (const table of tables) local += this.#epochs.get(table) ?? 0;
    return `${external}:${local}`;
  }

  /** Readings are kept for one turn of the event loop at most. */
  #forgetAfterThisTurn(): void {
    if (this.#forgetting) return;
    this.#forgetting = true;
    setImmediate(this.#forget);
  }

  readonly #forget = () => {
    this.#forgetting = false;
    this.#known = undefined;
    this.#shared = undefined;
    this.#sharing = false;
    this.#turn++;
  };
}

/** The turn of the event loop in which each connection last brought a request. */
const turnOf = new WeakMap<object, number>();
