// The ids of the products that one search matches, in id order, kept by the cache of reads (cached-reads.ts): a
// page of that search is then a binary search and a slice, without a query. Products are a small register
// (a company has hundreds or a few thousand), so the whole order of one list costs kilobytes.
import type { PageRequest } from '../platform/paging.ts';

/** Longest order kept: reading it costs one query of its ids (about a millisecond for 10 000 on SQLite). */
export const IDS_KEPT_AT_MOST = 10_000;

/** The ids in ascending order, made from a list read in that order. */
export function idsInOrder(ids: readonly number[]): Float64Array {
  const order = Float64Array.from(ids);
  // the engine read them in index order; sorting again costs nothing where they are, and keeps the search exact
  for (let i = 1; i < order.length; i++) if (order[i] < order[i - 1]) return order.sort();
  return order;
}

/** How many ids of `order` are less than `id` (or, with `orEqual`, less than or equal to it). */
function countBelow(order: Float64Array, id: number, orEqual: boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order[middle] < id || (orEqual && order[middle] === id)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The ids of `page` as the ids query answers them (store.ts, `pageOf`): after `previousId` in the page's order
 * when it is given, then skipping `offset`, at most `pageSize`.
 */
export function pageOfOrder(order: Float64Array, page: PageRequest): number[] {
  const ids: number[] = [];
  if (page.order === 'asc') {
    const start = (page.previousId === undefined ? 0 : countBelow(order, page.previousId, true)) + page.offset;
    const end = Math.min(order.length, start + page.pageSize);
    for (let i = start; i < end; i++) ids.push(order[i]);
  } else {
    // descending: the ids below previousId, the largest first
    const below = page.previousId === undefined ? order.length : countBelow(order, page.previousId, false);
    const start = below - 1 - page.offset;
    const end = Math.max(-1, start - page.pageSize);
    for (let i = start; i > end; i--) ids.push(order[i]);
  }
  return ids;
}
