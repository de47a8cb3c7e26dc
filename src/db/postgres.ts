// The production engine: PostgreSQL through pg. Dates and datetimes are stored as ISO text and amounts as
// integer minor units or exact decimal text, the same as on the embedded engine.
import type pg from 'pg';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';

let loaded: typeof pg | undefined;

/** pg, loaded with the first PostgreSQL database: a start on the embedded engine never needs it. */
export function pgDriver(): typeof pg {
  if (loaded) return loaded;
  loaded = createRequire(import.meta.url)('pg') as typeof pg;
  loaded.types.setTypeParser(loaded.types.builtins.INT8, (value: string) => {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : BigInt(value);
  });
  return loaded;
}

const DML = /^\s*(select|insert|update|delete|with)\b/i;
const names = new Map<string, string>();

/**
 * Data statements are sent as named prepared statements: PostgreSQL then parses and plans each statement once
 * per connection instead of on every execution (measured: a point read 656 µs → 182 µs under load). A name is
 * derived from the SQL text, so the same text always maps to the same statement.
 */
function statementName(sql: string): string | undefined {
  if (!DML.test(sql)) return undefined;
  let name = names.get(sql);
  if (!name) {
    name = `t_${createHash('sha1').update(sql).digest('base64url')}`;
    if (names.size > 20_000) names.clear();
    names.set(sql, name);
  }
  return name;
}

/**
 * Errors raised by the driver: a statement's (its connection broke, the server refused it) or a checkout's from the
 * pool (no server took the connection). Only these can say that the database is unavailable: an ECONNREFUSED of
 * an outgoing call (a webhook receiver, a currency rate source) is that call's own failure.
 */
const driverErrors = new WeakSet<object>();

function fromDriver(err: unknown): never {
  if (typeof err === 'object' && err !== null) driverErrors.add(err);
  throw err;
}

/** What pg's client calls on the statement it is running (pg/lib/client.js); a Submittable. */
interface PgQuery {
  name?: string;
  text?: string;
  submit(connection: PgConnection): Error | null;
  handleRowDescription(msg: unknown): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: { command?: string }, connection: PgConnection): void;
  handleEmptyQuery(connection: PgConnection): void;
  handlePortalSuspended(connection: PgConnection): void;
  handleError(err: unknown, connection: PgConnection): void;
  handleReadyForQuery(connection: PgConnection): void;
  handleCopyInResponse(connection: PgConnection): void;
  handleCopyData(msg: unknown, connection: PgConnection): void;
}

interface PgConnection {
  stream: { cork(): void; uncork(): void };
  parse(config: { text: string; name?: string }): void;
  bind(config: { statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  submittedNamedStatements: Record<string, string | undefined>;
}

/**
 * A transaction's BEGIN sent in the same write as its first statement, before that statement's Sync: one round
 * trip and one write instead of two each. Messages before a Sync run in order and a BEGIN among them opens the
 * transaction block the statement then runs in (PostgreSQL manual, 55.2.4 "Pipelining"); if the BEGIN fails, the
 * server skips to the Sync and the statement fails with it, unrun.
 */
class BegunWith implements PgQuery {
  readonly #statement: PgQuery;
  /** The BEGIN's CommandComplete has not come yet: its ParseComplete must not count as the statement's. */
  #beginning = true;
  /** The statement's Parse went out with it (its name then waits for that Parse's answer). */
  #parsing = false;

  constructor(statement: PgQuery) {
    this.#statement = statement;
  }
  get name(): string | undefined {
    return this.#beginning ? undefined : this.#statement.name;
  }
  get text(): string | undefined {
    return this.#statement.text;
  }
  submit(connection: PgConnection): Error | null {
    const name = this.#statement.name;
    this.#parsing = name !== undefined && connection.submittedNamedStatements[name] === undefined;
    connection.stream.cork();
    try {
      connection.parse({ text: 'begin' });
      connection.bind({ values: [] });
      connection.execute({});
      // the statement's own Parse?/Bind/Describe/Execute/Sync, corked with the BEGIN's into one write
      return this.#statement.submit(connection);
    } finally {
      connection.stream.uncork();
    }
  }
  handleCommandComplete(msg: { command?: string }, connection: PgConnection): void {
    if (this.#beginning) return void (this.#beginning = false);
    this.#statement.handleCommandComplete(msg, connection);
  }
  handleError(err: unknown, connection: PgConnection): void {
    // the server skipped the statement's Parse with the rest: it is not prepared on this connection
    const name = this.#statement.name;
    if (this.#beginning && this.#parsing && name !== undefined) delete connection.submittedNamedStatements[name];
    this.#statement.handleError(err, connection);
  }
  handleRowDescription(msg: unknown): void {
    this.#statement.handleRowDescription(msg);
  }
  handleDataRow(msg: unknown): void {
    this.#statement.handleDataRow(msg);
  }
  handleEmptyQuery(connection: PgConnection): void {
    this.#statement.handleEmptyQuery(connection);
  }
  handlePortalSuspended(connection: PgConnection): void {
    this.#statement.handlePortalSuspended(connection);
  }
  handleReadyForQuery(connection: PgConnection): void {
    this.#statement.handleReadyForQuery(connection);
  }
  handleCopyInResponse(connection: PgConnection): void {
    this.#statement.handleCopyInResponse(connection);
  }
  handleCopyData(msg: unknown, connection: PgConnection): void {
    this.#statement.handleCopyData(msg, connection);
  }
}

class NamedStatementClient {
  readonly #client: pg.PoolClient;
  readonly #named: boolean;
  constructor(client: pg.PoolClient, named: boolean) {
    this.#client = client;
    this.#named = named;
  }
  /** A BEGIN answered but not yet sent: it goes out with the transaction's first statement (see BegunWith). */
  #beginPending = false;

  query(...args: unknown[]): unknown {
    const [text, values] = args;
    if (text === 'begin' && !this.#beginPending) {
      this.#beginPending = true;
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [] });
    }
    if (!this.#beginPending) return this.#send(text, values, args);
    this.#beginPending = false;
    // a transaction that ran no statement: nothing was begun, so there is nothing to end
    if (text === 'commit' || text === 'rollback')
      return Promise.resolve({ command: text.toUpperCase(), rowCount: null, rows: [] });
    const name = this.#named && typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined;
    if (name) return this.#run(new (pgDriver().Query)({ name, text: text as string, values: values as unknown[] }));
    // any other statement (a raw one, a streamed read): the BEGIN on its own first, queued ahead of it
    const begun = this.#client.query('begin').catch(fromDriver);
    begun.catch(() => undefined); // awaited with the statement; never an unhandled rejection
    const result = this.#send(text, values, args);
    // the statement fails with its BEGIN (a BEGIN fails only with its connection, so the statement cannot have run)
    return result instanceof Promise
      ? Promise.all([begun, result as Promise<unknown>]).then(([, answer]) => answer)
      : result;
  }

  /** `query` sent after a BEGIN in one write; its answer. */
  #run(query: pg.Query): Promise<unknown> {
    const answer = new Promise<unknown>((resolve, reject) => {
      (query as unknown as { callback: (err: Error | null, result: unknown) => void }).callback = (err, result) =>
        err ? reject(err) : resolve(result);
    });
    this.#client.query(new BegunWith(query as unknown as PgQuery) as unknown as pg.Query);
    return answer.catch(fromDriver);
  }

  #send(text: unknown, values: unknown, args: unknown[]): unknown {
    if (this.#named && typeof text === 'string' && Array.isArray(values)) {
      const name = statementName(text);
      if (name) return this.#client.query({ name, text, values }).catch(fromDriver);
    }
    const result = (this.#client as unknown as { query(...a: unknown[]): unknown }).query(...args);
    // a cursor (a streamed read) reports its errors by itself; a statement's promise is marked
    return result instanceof Promise ? result.catch(fromDriver) : result;
  }

  release(): void {
    this.#beginPending = false;
    this.#client.release();
  }
}

const listened = new WeakSet<pg.PoolClient>();

class NamedStatementPool implements PostgresPool {
  readonly #pool: pg.Pool;
  readonly #named: boolean;
  constructor(pool: pg.Pool, named: boolean) {
    this.#pool = pool;
    this.#named = named;
  }
  async connect(): Promise<PostgresPoolClient> {
    const client = await this.#pool.connect().catch(fromDriver);
    if (!listened.has(client)) {
      listened.add(client);
      // A server that dies (SIGKILL of the primary, a failover) sends FATAL 57P01 also to a connection checked out
      // between two statements of a transaction; pg emits that as 'error' on the client, which without a listener
      // ends the process. The client is already unusable: its next statement fails (answered 503) and pg drops
      // it from the pool when it is released.
      client.on('error', () => {});
    }
    return new NamedStatementClient(client, this.#named) as unknown as PostgresPoolClient;
  }
  end(): Promise<void> {
    return this.#pool.end();
  }
}

/**
 * `?pooling=transaction` in the URL says a pooler in transaction mode (pgbouncer before 1.21) stands between the
 * service and the server: a named statement prepared on one server connection would be missing on the next, so
 * statements go unnamed (parsed on every execution).
 */
export function transactionPooled(url: string): { url: string; pooled: boolean } {
  const parsed = new URL(url);
  const pooled = parsed.searchParams.get('pooling') === 'transaction';
  parsed.searchParams.delete('pooling');
  return { url: parsed.toString(), pooled };
}

const CONNECT_TIMEOUT_MS = 5_000;

/** SQLSTATE classes and codes that say the server is gone or cannot take this write now, not that it was wrong. */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03|25006|53300)$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * An error that says the PostgreSQL primary could not be reached or has just stopped being the primary: the
 * server shut down or crashed (57P01/57P02), is starting or promoting (57P03), a connection broke, or the server
 * answering is a standby that was the primary a moment ago (25006 read-only transaction). pg has already dropped
 * such a connection from its pool, so the next request opens a new one to whichever server is primary by then.
 * The request is answered 503: retrying it later is the client's choice (a write whose commit was under way when
 * the connection broke may or may not have been committed). Only an error of the driver counts (driverErrors).
 */
export function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (typeof e !== 'object' || e === null || !driverErrors.has(e)) return false;
  if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_SOCKET.has(e.code))) return true;
  return typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message);
}

/**
 * `settings` are set for every session of the pool when it starts (not through a pooler in transaction mode, which
 * would pass neither them nor a session's SET on).
 */
export function openPostgres(
  given: string,
  poolSize: number,
  settings: Record<string, string> = {},
): { dialect: PostgresDialect; pool: pg.Pool; pooled: boolean } {
  const { url, pooled } = transactionPooled(given);
  const options = Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`);
  const pool = new (pgDriver().Pool)({
    connectionString: url,
    max: poolSize,
    ...(options.length > 0 && !pooled ? { options: options.join(' ') } : {}),
    // named so an operator (and `tase admin restore`) can tell the service's sessions apart; a URL's own wins
    application_name: `tase ${process.pid}`,
    // While no server takes connections (a failover), a request waits at most this long for one and is then
    // answered 503 (databaseUnavailable) instead of hanging; keepalive notices a peer gone without a reset.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection that the server ends (restart, failover, an administrator's termination) is reported on
  // the pool; pg has already dropped it and the next checkout opens a new one, so it must not end the process.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') process.emitWarning(`an idle database connection failed: ${err.message}`);
  });
  return { dialect: new PostgresDialect({ pool: new NamedStatementPool(pool, !pooled) }), pool, pooled };
}
