// Tenants are kept apart by one rule: every query on a company's table names that company. A wrapper around
// the database driver checks each statement before it runs and refuses one that does not: a SELECT, UPDATE or DELETE needs an equality
// (or IN) on `<table>.company_id` in a conjunctive position of its WHERE or JOIN ... ON for every company table
// it reads; an INSERT needs a `company_id` column. A mistake thus fails on its first run in any test, and the
// schema can be sharded by company_id (Citus) because no query crosses companies.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryCompiler,
  QueryResult,
  RootOperationNode,
  TransactionSettings,
} from 'kysely';

/**
 * Tables of the engine itself (the migration bookkeeping, SQLite's catalogue): never a company's. The other tables
 * that are not owned by one company are the `global` tables the areas declare, given by the composition root
 * when a database opens (`globalTables()` of src/modules.ts): identity shared by all companies, rate limits,
 * service settings, the euro reference rates.
 */
const ENGINE_TABLES = ['kysely_migration', 'kysely_migration_lock', 'sqlite_master', 'sqlite_schema'];

/** Table names the guard lets through unscoped. */
type GlobalTables = ReadonlySet<string>;

class UnscopedQueryError extends Error {
  override name = 'UnscopedQueryError';
}

type Node = OperationNode & Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  value !== null && typeof value === 'object' && typeof (value as { kind?: unknown }).kind === 'string';

function identifierName(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.kind === 'IdentifierNode') return node.name as string;
  if (node.kind === 'SchemableIdentifierNode') return identifierName(node.identifier);
  if (node.kind === 'TableNode') return identifierName(node.table);
  return undefined;
}

interface TableRef {
  table: string;
  alias: string;
}

/** Schema-qualified tables are the engines' catalogues (our tables never carry a schema). */
function isCatalogue(node: unknown): boolean {
  const table = isNode(node) && node.kind === 'AliasNode' ? (node.node as Node) : node;
  return isNode(table) && table.kind === 'TableNode' && isNode(table.table) && table.table.schema !== undefined;
}

function tableRef(node: unknown): TableRef | undefined {
  if (!isNode(node) || isCatalogue(node)) return undefined;
  if (node.kind === 'TableNode') {
    const table = identifierName(node)!;
    return { table, alias: table };
  }
  if (node.kind === 'AliasNode' && isNode(node.node) && node.node.kind === 'TableNode') {
    return { table: identifierName(node.node)!, alias: identifierName(node.alias)! };
  }
  return undefined; // derived tables are queries of their own and are checked as such
}

/** Qualifiers of `company_id` equalities reachable through AND only ('' for an unqualified column). */
function scopedQualifiers(condition: unknown, out: Set<string>): Set<string> {
  if (!isNode(condition)) return out;
  switch (condition.kind) {
    case 'AndNode':
      scopedQualifiers(condition.left, out);
      scopedQualifiers(condition.right, out);
      break;
    case 'ParensNode':
      scopedQualifiers(condition.node, out);
      break;
    case 'WhereNode':
      scopedQualifiers(condition.where, out);
      break;
    case 'OnNode':
      scopedQualifiers(condition.on, out);
      break;
    case 'BinaryOperationNode': {
      const operator = isNode(condition.operator) ? String(condition.operator.operator) : '';
      if (operator !== '=' && operator !== 'in') break;
      const left = condition.leftOperand;
      if (!isNode(left)) break;
      if (left.kind === 'ReferenceNode' && isNode(left.column) && identifierName(left.column.column) === 'company_id') {
        out.add(left.table ? (identifierName(left.table) ?? '') : '');
      } else if (left.kind === 'ColumnNode' && identifierName(left.column) === 'company_id') {
        out.add('');
      }
      break;
    }
  }
  return out;
}

function checkReads(
  global: GlobalTables,
  kind: string,
  tables: TableRef[],
  conditions: unknown[],
  cteNames: Set<string>,
): void {
  const owned = tables.filter((t) => !global.has(t.table) && !cteNames.has(t.table));
  if (owned.length === 0) return;
  const qualifiers = new Set<string>();
  for (const c of conditions) scopedQualifiers(c, qualifiers);
  for (const t of owned) {
    const scoped = qualifiers.has(t.alias) || (qualifiers.has('') && tables.length === 1);
    if (!scoped) {
      throw new UnscopedQueryError(`${kind} on '${t.table}' is not scoped by ${t.alias}.company_id`);
    }
  }
}

function collectCteNames(node: Node, into: Set<string>): void {
  const withNode = node.with;
  if (!isNode(withNode)) return;
  for (const cte of (withNode.expressions as Node[]) ?? []) {
    const name = identifierName((cte.name as Node)?.table);
    if (name) into.add(name);
  }
}

function checkQuery(global: GlobalTables, node: Node, cteNames: Set<string>): void {
  switch (node.kind) {
    case 'SelectQueryNode': {
      const froms = ((node.from as Node | undefined)?.froms as unknown[]) ?? [];
      const joins = (node.joins as Node[]) ?? [];
      const tables = [...froms, ...joins.map((j) => j.table)].map(tableRef).filter((t): t is TableRef => !!t);
      checkReads(global, 'SELECT', tables, [node.where, ...joins.map((j) => j.on)], cteNames);
      break;
    }
    case 'UpdateQueryNode': {
      const froms = ((node.from as Node | undefined)?.froms as unknown[]) ?? [];
      const joins = (node.joins as Node[]) ?? [];
      const tables = [node.table, ...froms, ...joins.map((j) => j.table)]
        .map(tableRef)
        .filter((t): t is TableRef => !!t);
      checkReads(global, 'UPDATE', tables, [node.where, ...joins.map((j) => j.on)], cteNames);
      break;
    }
    case 'DeleteQueryNode': {
      const froms = ((node.from as Node | undefined)?.froms as unknown[]) ?? [];
      const using = ((node.using as Node | undefined)?.tables as unknown[]) ?? [];
      const joins = (node.joins as Node[]) ?? [];
      const tables = [...froms, ...using, ...joins.map((j) => j.table)].map(tableRef).filter((t): t is TableRef => !!t);
      checkReads(global, 'DELETE', tables, [node.where, ...joins.map((j) => j.on)], cteNames);
      break;
    }
    case 'InsertQueryNode': {
      const table = identifierName(node.into);
      if (!table || global.has(table)) break;
      const columns = ((node.columns as Node[]) ?? []).map((c) => identifierName(c.column));
      if (!columns.includes('company_id')) throw new UnscopedQueryError(`INSERT into '${table}' has no company_id`);
      break;
    }
  }
}

function walk(global: GlobalTables, node: Node, cteNames: Set<string>): void {
  collectCteNames(node, cteNames);
  checkQuery(global, node, cteNames);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) walk(global, item, cteNames);
    } else if (isNode(value)) {
      walk(global, value, cteNames);
    }
  }
}

// A raw statement that touches a table at all (FROM, INTO, UPDATE) must name company_id, unless it is the
// engine's own bookkeeping (the migrator's advisory lock, catalogue look-ups) or a schema change of a
// migration (a trigger `after insert or update`, a function: no rows read).
const DML_RAW = /\b(from|into|update)\b/i;
const SCHEMA_CHANGE = /^\s*create\s+(or\s+replace\s+)?(trigger|function)\b/i;
const ENGINE_BOOKKEEPING = /\b(pg_advisory\w*|pg_catalog|information_schema|sqlite_master|sqlite_schema)\b/i;

function assertCompanyScoped(global: GlobalTables, root: RootOperationNode): void {
  const node = root as unknown as Node;
  if (node.kind === 'RawNode') {
    const text = (node.sqlFragments as string[]).join('?');
    if (
      DML_RAW.test(text) &&
      !SCHEMA_CHANGE.test(text) &&
      !ENGINE_BOOKKEEPING.test(text) &&
      !/company_id/.test(text) &&
      ![...global].some((t) => new RegExp(`\\b${t}\\b`).test(text))
    ) {
      throw new UnscopedQueryError(`raw query is not scoped by company_id: ${text.trim().slice(0, 120)}`);
    }
    return;
  }
  walk(global, node, new Set());
}

/**
 * Wraps a dialect so that every statement is checked just before it runs, whatever built it (query builder,
 * raw SQL, a prepared query). The verdict is cached by SQL text: identical SQL comes from an identical tree, so
 * a statement shape is walked once per process and the hot path pays one map lookup.
 */
export function companyScopedDialect(
  inner: Dialect,
  globalTables: readonly string[],
  onWrite?: (tables: string[] | null) => void,
  onRollback?: () => void,
): Dialect & { check(compiled: CompiledQuery): void } {
  const global: GlobalTables = new Set([...globalTables, ...ENGINE_TABLES]);
  const verdicts = new Map<string, Verdict>();
  const check = (compiled: CompiledQuery) => {
    let verdict = verdicts.get(compiled.sql);
    if (verdict === undefined) {
      let error: string | null = null;
      try {
        assertCompanyScoped(global, compiled.query);
      } catch (err) {
        if (!(err instanceof UnscopedQueryError)) throw err;
        error = err.message;
      }
      verdict = { error, writes: writtenTables(compiled.query) };
      if (verdicts.size > 10_000) verdicts.clear();
      verdicts.set(compiled.sql, verdict);
    }
    if (verdict.error !== null) throw new UnscopedQueryError(verdict.error);
    if (onWrite && verdict.writes !== undefined) onWrite(verdict.writes);
  };
  return {
    check,
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => new CheckingDriver(inner.createDriver(), check, onRollback),
  };
}

interface Verdict {
  /** Why the statement is refused, or null. */
  error: string | null;
  /** Tables a write statement changes (null: unknown, e.g. raw SQL); undefined for reads. */
  writes: string[] | null | undefined;
}

// Raw statements: the tables after UPDATE / INSERT INTO / DELETE FROM are the ones written. When a write word
// has no recognisable target, or the statement changes the schema, the tables are unknown (null) and every cache
// is refreshed. A read that merely says FOR UPDATE names a "table" that does not exist, which is harmless.
const RAW_SCHEMA_CHANGE = /\b(create|alter|drop|truncate|replace|merge)\b/i;
const RAW_WRITE_WORD = /\b(insert|update|delete)\b/gi;
const RAW_WRITE_TARGET = /\b(?:update|insert\s+(?:or\s+\w+\s+)?into|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;

function rawWrittenTables(text: string): string[] | null | undefined {
  if (RAW_SCHEMA_CHANGE.test(text)) return null;
  const words = text.match(RAW_WRITE_WORD)?.length ?? 0;
  if (words === 0) return undefined;
  const targets = [...text.matchAll(RAW_WRITE_TARGET)].map((m) => m[1].toLowerCase());
  return targets.length < words ? null : targets;
}

export function writtenTables(root: RootOperationNode): string[] | null | undefined {
  const node = root as unknown as Node;
  const own = ownWrites(node);
  const ctes = ((node.with as Node | undefined)?.expressions as Node[] | undefined) ?? [];
  if (ctes.length === 0 || own === null) return own;
  // data-modifying CTEs (`WITH r AS (INSERT …) INSERT …`, PostgreSQL) write their tables too
  const tables = new Set(own);
  for (const cte of ctes) {
    const writes = isNode(cte.expression) ? writtenTables(cte.expression as unknown as RootOperationNode) : undefined;
    if (writes === null) return null;
    for (const table of writes ?? []) tables.add(table);
  }
  return own === undefined && tables.size === 0 ? undefined : [...tables];
}

function ownWrites(node: Node): string[] | null | undefined {
  switch (node.kind) {
    case 'InsertQueryNode':
      return [identifierName(node.into)].filter((t): t is string => !!t);
    case 'UpdateQueryNode':
      return [tableRef(node.table)?.table].filter((t): t is string => !!t);
    case 'DeleteQueryNode':
      return (((node.from as Node | undefined)?.froms as unknown[]) ?? [])
        .map((f) => tableRef(f)?.table)
        .filter((t): t is string => !!t);
    case 'RawNode':
      return rawWrittenTables((node.sqlFragments as string[]).join(' '));
    case 'SelectQueryNode':
      return undefined;
    default:
      return null; // schema changes and anything else
  }
}

class CheckingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly #check: (compiled: CompiledQuery) => void;
  constructor(inner: DatabaseConnection, check: (compiled: CompiledQuery) => void) {
    this.inner = inner;
    this.#check = check;
  }
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.#check(compiled);
    return this.inner.executeQuery<R>(compiled);
  }
  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.#check(compiled);
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class CheckingDriver implements Driver {
  readonly #inner: Driver;
  readonly #check: (compiled: CompiledQuery) => void;
  readonly #onRollback: () => void;
  readonly #wrapped = new WeakMap<DatabaseConnection, CheckingConnection>();
  constructor(inner: Driver, check: (compiled: CompiledQuery) => void, onRollback?: () => void) {
    this.#inner = inner;
    this.#check = check;
    this.#onRollback = onRollback ?? (() => undefined);
  }
  init() {
    return this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.#inner.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) this.#wrapped.set(connection, (wrapped = new CheckingConnection(connection, this.#check)));
    return wrapped;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#inner.beginTransaction(unwrap(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(unwrap(connection));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await this.#inner.rollbackTransaction(unwrap(connection));
    } finally {
      this.#onRollback();
    }
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.savepoint?.(unwrap(connection), name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    try {
      await this.#inner.rollbackToSavepoint?.(unwrap(connection), name, compile);
    } finally {
      this.#onRollback();
    }
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.releaseSavepoint?.(unwrap(connection), name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.#inner.releaseConnection(unwrap(connection));
  }
  destroy() {
    return this.#inner.destroy();
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof CheckingConnection ? connection.inner : connection;
}
