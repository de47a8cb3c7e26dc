// The ids of a page of products as one row of text instead of one row per product: each row costs the driver an
// object (node:sqlite builds one per row with its column names, about half a µs; pg parses one per row), while the
// page needs only the numbers.
import { PostgresAdapter, sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.ts';

/**
 * The ids of `page` joined by commas (`null` for an empty page): `string_agg` or `group_concat`. With an `order`
 * the list is in that order; without one it is in whatever order the engine aggregates the rows (see
 * `splitIdsInOrder`): an ordered aggregate sorts the page's rows again in a temporary b-tree, a third of the
 * query's time on SQLite.
 */
export function joinedIds(db: Db, order?: Expression<unknown>): RawBuilder<string | null> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!order)
    return postgres ? sql<string | null>`string_agg(cast(id as text), ',')` : sql<string | null>`group_concat(id, ',')`;
  return postgres
    ? sql<string | null>`string_agg(cast(id as text), ',' order by ${order})`
    : sql<string | null>`group_concat(id, ',' order by ${order})`;
}

/**
 * The numbers of a list that joinedIds made without an order, in id order (`asc` or `desc`): both engines
 * aggregate a subquery's rows in the order it yields them, but neither promises it, so the list is checked and
 * sorted where it is not in order.
 */
export function splitIdsInOrder(list: string | null, order: 'asc' | 'desc'): number[] {
  const ids = splitIds(list);
  const sign = order === 'asc' ? 1 : -1;
  for (let i = 1; i < ids.length; i++) {
    if ((ids[i] - ids[i - 1]) * sign < 0) return ids.sort((a, b) => (a - b) * sign);
  }
  return ids;
}

/** The numbers of a list that joinedIds made. */
export function splitIds(list: string | null): number[] {
  if (list === null || list === '') return [];
  // digit by digit: split and Number cost a text per id (a page's 50 ids: about 2.5 µs). An id of more than 15
  // digits, or any other character, is read by Number, which rounds beyond 2^53 as the engine's text would.
  const ids: number[] = [];
  let id = 0;
  let digits = 0;
  for (let i = 0; i < list.length; i++) {
    const code = list.charCodeAt(i);
    if (code === 44 && digits > 0) {
      ids.push(id);
      id = 0;
      digits = 0;
    } else if (code >= 48 && code <= 57 && digits < 15) {
      id = id * 10 + (code - 48);
      digits++;
    } else return list.split(',').map(Number);
  }
  if (digits === 0) return list.split(',').map(Number);
  ids.push(id);
  return ids;
}
