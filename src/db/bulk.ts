// Many rows written by one statement whose text does not depend on how many there are: the rows go in as one JSON
// parameter and are read back as a table. A statement of hundreds of placeholders would be compiled anew
// for every count (an UPDATE with a CASE of 500 branches takes SQLite a tenth of a second to prepare) and each
// count would stay in the prepared-statement cache.
import { PostgresAdapter, sql, type Compilable, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from './index.ts';
import type { Database } from './types.ts';

export type ColumnType = 'bigint' | 'integer' | 'boolean' | 'text';

/**
 * The rows as a query with the columns named, of the SQL types given; values are numbers, strings, bigints or
 * null (bigints and amounts travel as text, converted by the cast). Rows written by id take it as a materialized
 * common table expression that the statement both joins and takes the ids from, so that both engines look the
 * target rows up by their keys (SQLite would otherwise scan the company's rows, and the JSON for each):
 *
 *   with v as materialized ${jsonRows(…)} update t set a = v.a from v
 *   where t.company_id = ${companyId} and t.id in (select id from v) and t.id = v.id
 */
export function jsonRows(
  db: Db,
  rows: readonly Record<string, unknown>[],
  columns: Record<string, ColumnType>,
): RawBuilder<unknown> {
  const json = JSON.stringify(rows, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  const names = Object.keys(columns);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const types = sql.raw(names.map((name) => `${name} ${columns[name]}`).join(', '));
    return sql`(select * from json_to_recordset(cast(${json} as json)) as r(${types}))`;
  }
  const fields = names.map((name) => `cast(value ->> '${name}' as ${columns[name]}) as ${name}`);
  return sql`(select ${sql.raw(fields.join(', '))} from json_each(${json}))`;
}

interface Reusable {
  query: CompiledQuery;
  /** The statement's parameters with its constants in place; the rows' values are written over the others. */
  constants: unknown[];
  /** Writes the rows' values into the parameters. */
  fill: (rows: readonly object[], parameters: unknown[]) => void;
}

type Slot = { row: number; column: string } | { value: unknown };

/** Writes a row's values, in the order of the columns it was made for, into `out` from `at` on. */
export type RowWriter = (row: object, out: unknown[], at: number) => void;

const PLAIN_NAME = /^[a-z_][a-z0-9_]*$/;
const rowWriters = new Map<string, RowWriter>();

/**
 * A row writer for its columns, compiled for them when they are plain SQL names: each value read by its name written
 * in the code, which V8 reads at a fixed offset of the rows' shape. Read by a name held in an array, every value took a
 * lookup in V8's megamorphic cache, ~0.1 µs: 2 s of a posting of a million lines on SQLite. `textBigints` writes
 * bigints as their decimal text and undefined as null (for JSON, which has neither).
 */
export function rowWriter(columns: readonly string[], textBigints = false): RowWriter {
  if (!columns.every((column) => PLAIN_NAME.test(column)))
    return (row, out, at) => {
      for (let j = 0; j < columns.length; j++) {
        const value = (row as Record<string, unknown>)[columns[j]];
        out[at + j] = !textBigints ? value : typeof value === 'bigint' ? value.toString() : (value ?? null);
      }
    };
  const key = `${textBigints}:${columns.join(',')}`;
  let writer = rowWriters.get(key);
  if (!writer) {
    // the names were checked above to be plain SQL names, and are written as JSON strings
    const body = columns
      .map((column, j) => {
        const read = `row[${JSON.stringify(column)}]`;
        return textBigints
          ? `v = ${read}; out[at + ${j}] = typeof v === 'bigint' ? v.toString() : v === undefined ? null : v;`
          : `out[at + ${j}] = ${read};`;
      })
      .join('\n');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled once per list of column names
    writer = new Function('row', 'out', 'at', `let v;\n${body}`) as RowWriter;
    if (rowWriters.size >= 500) rowWriters.clear();
    rowWriters.set(key, writer);
  }
  return writer;
}

/**
 * The writer of the rows' values into the parameters: when they are one run of parameters, row after row, each
 * row's columns in one order (as a multi-row insert binds them), a row writer for that order (rowWriter);
 * otherwise each parameter read by the row and column its slot names.
 */
function fillerOf(slots: readonly Slot[]): Reusable['fill'] {
  const first = slots.findIndex((slot) => 'row' in slot);
  const rowCount = slots.reduce((n, slot) => ('row' in slot ? Math.max(n, slot.row + 1) : n), 0);
  const order: string[] = [];
  for (let i = Math.max(first, 0); i < slots.length; i++) {
    const slot = slots[i];
    if (!('row' in slot) || slot.row !== 0) break;
    order.push(slot.column);
  }
  const width = order.length;
  const inOneRun =
    first >= 0 &&
    slots.every((slot, i) => {
      const k = i - first;
      if (k < 0 || k >= rowCount * width) return !('row' in slot);
      return 'row' in slot && slot.row === Math.floor(k / width) && slot.column === order[k % width];
    });
  if (inOneRun) {
    const writeRow = rowWriter(order);
    return (rows, parameters) => {
      for (let r = 0; r < rows.length; r++) writeRow(rows[r], parameters, first + r * width);
    };
  }
  return (rows, parameters) => {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if ('row' in slot) parameters[i] = (rows[slot.row] as Record<string, unknown>)[slot.column];
    }
  };
}

const SLOT = '\u0000tase-row:';
const reusables = new Map<string, Reusable>();

/**
 * Runs a statement over whole rows (every row with the same columns) that is built and compiled once per `name`,
 * engine, column list and row count, the values bound straight from the rows: `build` gets stand-ins of the rows
 * whose values become the statement's parameters. For a multi-row insert the query builder's work (every value
 * parsed into a node, the tree compiled) costs more than the engine's writing of the rows. The company-scope
 * check and the prepared-statement caches see the same SQL as from the builder; a plugin that rewrites queries
 * would apply only to the first compilation (the service uses none).
 */
export async function withRows<Row extends object, Result>(
  db: Db,
  name: string,
  rows: readonly Row[],
  build: (rows: Row[]) => Compilable<Result>,
): Promise<Result[]> {
  const columns = Object.keys(rows[0]);
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const key = `${engine}:${name}:${rows.length}:${columns.join(',')}`;
  let reusable = reusables.get(key);
  if (!reusable) {
    const standIns = rows.map((_, row) =>
      Object.fromEntries(columns.map((column) => [column, `${SLOT}${row}:${column}`])),
    ) as Row[];
    const query = build(standIns).compile();
    const slots = query.parameters.map((value): Slot => {
      if (typeof value !== 'string' || !value.startsWith(SLOT)) return { value };
      const [row, column] = value.slice(SLOT.length).split(':');
      return { row: Number(row), column };
    });
    const constants = slots.map((slot) => ('value' in slot ? slot.value : null));
    reusable = { query, constants, fill: fillerOf(slots) };
    if (reusables.size >= 500) reusables.clear();
    reusables.set(key, reusable);
  }
  const { query, constants, fill } = reusable;
  const parameters = constants.slice();
  fill(rows, parameters);
  return (await db.executeQuery<Result>({ ...query, parameters })).rows;
}

/** Inserts whole rows through a statement compiled once per table and row count (see `withRows`). */
export async function insertRows<T extends keyof Database>(
  db: Db,
  table: T,
  rows: readonly Database[T][],
): Promise<void> {
  if (rows.length > 0) await withRows(db, table, rows, (standIns) => db.insertInto(table).values(standIns as never));
}
