// Many rows written by one statement whose text does not depend on how many there are: the rows go in as one JSON
// parameter and are read back as a table. A statement of hundreds of placeholders would be compiled anew
// for every count (an UPDATE with a CASE of 500 branches takes SQLite a tenth of a second to prepare) and each
// count would stay in the prepared-statement cache.
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Db } from './index.ts';

type ColumnType = 'bigint' | 'text';

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
