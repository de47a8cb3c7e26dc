// One transaction around a whole request, for the requests whose answer must be stored with their work (an
// `Idempotency-Key`, src/platform/idempotency.ts): while `inRequestTransaction` runs, every statement of that
// request — the reads and the transactions its services open — goes to the one connection of the request's
// transaction, a service's transaction becoming a savepoint in it. The answer is then written in the same
// transaction before it commits, so a crash after the commit still leaves the answer for the client's retry.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';

interface Held {
  connection: DatabaseConnection | undefined;
  /** The outer transaction has begun on `connection`: later begins are savepoints. */
  begun: boolean;
  savepoints: string[];
  next: number;
}

const held = new AsyncLocalStorage<Held>();

/** Runs `work` with every statement it makes on one connection; `work` opens the outer transaction itself. */
export function inRequestTransaction<T>(work: () => Promise<T>): Promise<T> {
  return held.run({ connection: undefined, begun: false, savepoints: [], next: 0 }, work);
}

/** Whether the caller runs inside a request's transaction (its writes must not join a group commit). */
export function heldByRequest(): boolean {
  return held.getStore()?.begun === true;
}

/** Runs `work` outside any request's transaction: work shared by several requests must not take one's connection. */
export function outsideRequests<T>(work: () => T): T {
  return held.exit(work);
}

class RequestTransactionDriver implements Driver {
  readonly #inner: Driver;
  constructor(inner: Driver) {
    this.#inner = inner;
  }
  init() {
    return this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const store = held.getStore();
    if (store?.connection) return store.connection;
    const connection = await this.#inner.acquireConnection();
    if (store) store.connection = connection;
    return connection;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const store = held.getStore();
    if (store?.begun && store.connection === connection) {
      const name = `tase_request_${store.next++}`;
      store.savepoints.push(name);
      await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
      return;
    }
    await this.#inner.beginTransaction(connection, settings);
    if (store && store.connection === connection) store.begun = true;
  }
  async commitTransaction(connection: DatabaseConnection) {
    const store = held.getStore();
    const name = store?.connection === connection ? store.savepoints.pop() : undefined;
    if (name) return void (await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`)));
    await this.#inner.commitTransaction(connection);
    if (store) store.begun = false;
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const store = held.getStore();
    const name = store?.connection === connection ? store.savepoints.pop() : undefined;
    if (name) {
      await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
      await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
      return;
    }
    await this.#inner.rollbackTransaction(connection);
    if (store) store.begun = false;
  }
  async releaseConnection(connection: DatabaseConnection) {
    const store = held.getStore();
    // the request's connection goes back only when its outer transaction has ended
    if (store?.connection === connection && store.begun) return;
    if (store?.connection === connection) store.connection = undefined;
    await this.#inner.releaseConnection(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.releaseSavepoint?.(connection, name, compile);
  }
  destroy() {
    return this.#inner.destroy();
  }
}

/** The dialect with requests' transactions (see above). */
export function requestTransactionDialect<D extends Dialect>(inner: D): D {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'createDriver') return () => new RequestTransactionDriver(target.createDriver());
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
