// The ids of a page of products as one row of text instead of one row per product: each row costs the driver an
// object (node:sqlite builds one per row with its column names, about half a µs; pg parses one per row), while the
// page needs only the numbers. The aggregate repeats the page's order, so the list is in the page's order.
import { PostgresAdapter, sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.ts';

/** The ids of `page` joined by commas in `order` (`null` for an empty page): `string_agg` or `group_concat`. */
export function joinedIds(db: Db, order: Expression<unknown>): RawBuilder<string | null> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string | null>`string_agg(cast(id as text), ',' order by ${order})`
    : sql<string | null>`group_concat(id, ',' order by ${order})`;
}

/**
 * The page's LIMIT. SQLite's planner reads a LIMIT bound as a lone `?` and marks the statement expired whenever
 * that parameter is bound again (sqlite3ExprIsInteger in src/expr.c, vdbeUnbind in src/vdbeapi.c), so every page
 * prepared its statement anew — half the ids query's time; `+?` binds the same value, which the planner does not
 * read.
 */
export function pageLimit(db: Db, limit: number): number | RawBuilder<number> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? limit : sql<number>`+${limit}`;
}

/** The numbers of a list that joinedIds made. */
export function splitIds(list: string | null): number[] {
  if (list === null || list === '') return [];
  const ids = list.split(',');
  const out = new Array<number>(ids.length);
  for (let i = 0; i < ids.length; i++) out[i] = Number(ids[i]);
  return out;
}
