// Hot-path queries built once. Kysely builds and compiles a query object on every call; for the few queries on
// every request (the token's session, a product by id) the SQL is compiled once per engine with named
// placeholders and only the parameters change. The statement still passes the company-scope check (cached by
// SQL text) and, on SQLite, the prepared-statement cache.
import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './types.ts';

// The handle of src/db/index.ts, named here without importing it (index.ts imports this file).
type Db = Kysely<Database>;

const SENTINEL = '\u0000tase-param:';

/**
 * Per database (the root instance, never a transaction): runs a compiled read synchronously when the engine can
 * do so safely, or answers undefined. Registered by openDatabase for the embedded engine.
 */
export const immediateReaders = new WeakMap<object, (compiled: CompiledQuery) => unknown[] | undefined>();

interface Compiled {
  sql: CompiledQuery;
  /** For each positional parameter: the name of the placeholder, or the constant value. */
  slots: ({ name: string } | { value: unknown })[];
}

export function preparedQuery<Params extends Record<string, unknown>, Row>(
  // A placeholder stands in for a value of any column type: `never` is assignable to each of them.
  build: (db: Db, param: (name: keyof Params & string) => never) => Compilable<Row>,
): (db: Db, params: Params) => Promise<Row[]> {
  const byAdapter = new Map<unknown, Compiled>();
  return async (db, params) => {
    const adapter = db.getExecutor().adapter.constructor;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      const sql = build(db, (name) => `${SENTINEL}${name}` as never).compile();
      const slots = sql.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(SENTINEL) ? { name: value.slice(SENTINEL.length) } : { value },
      );
      compiled = { sql, slots };
      byAdapter.set(adapter, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('name' in slot ? params[slot.name] : slot.value));
    const query = { ...compiled.sql, parameters };
    const immediate = immediateReaders.get(db)?.(query);
    if (immediate) return immediate as Row[];
    return (await db.executeQuery<Row>(query)).rows;
  };
}
