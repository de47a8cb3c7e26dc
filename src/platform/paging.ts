// Paging of collection GETs: `page`/`size` (offset) or `previousId` (keyset), answered in the envelope
// {results, meta:{pageNumber,pageSize,resultCount,totalCount}}. A page past the end is an empty list.
import { apiError } from './errors.ts';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
/** Largest offset a page may start at: an int32 page of the largest size, far inside a 64-bit SQL integer. */
const MAX_OFFSET = 2147483647 * MAX_PAGE_SIZE;

export interface PageQuery {
  page?: number;
  size?: number;
  previousId?: number;
  orderById?: 'ASC' | 'DESC';
}

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
  offset: number;
  /** Keyset paging: only ids after this one in the chosen order. */
  previousId?: number;
  order: 'asc' | 'desc';
}

export function pageRequest(query: PageQuery, defaultOrder: 'asc' | 'desc' = 'asc'): PageRequest {
  const pageSize = query.size ?? DEFAULT_PAGE_SIZE;
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw apiError('PAGE_SIZE_TOO_LARGE', 'size', { max: MAX_PAGE_SIZE });
  const pageNumber = query.previousId !== undefined ? 0 : (query.page ?? 0);
  const order = query.orderById ? (query.orderById.toLowerCase() as 'asc' | 'desc') : defaultOrder;
  const offset = pageNumber * pageSize;
  // the schemas bound page and size (PagingQuery); this keeps a caller without them from overflowing SQL
  if (!Number.isSafeInteger(offset) || offset > MAX_OFFSET)
    throw apiError('VALIDATION_FAILED', 'page', { detail: `'page' must be <= ${Math.floor(MAX_OFFSET / pageSize)}.` });
  return { pageNumber, pageSize, offset, previousId: query.previousId, order };
}

export interface Paged<T> {
  results: T[];
  meta: { pageNumber: number; pageSize: number; resultCount: number; totalCount: number };
}

export function paged<T>(results: T[], totalCount: number, request: PageRequest): Paged<T> {
  return {
    results,
    meta: { pageNumber: request.pageNumber, pageSize: request.pageSize, resultCount: results.length, totalCount },
  };
}

/** Matches counted for a first page's `totalCount` at most; past it the count is left out. */
const COUNT_CAP = 1_000;

/** A page whose `totalCount` is given only where it is known cheaply (the real interface has it optional). */
export interface PartlyCounted<T> {
  results: T[];
  meta: Omit<Paged<T>['meta'], 'totalCount'> & { totalCount?: number };
}

/**
 * The page with `totalCount` where it costs no more than the page: on a page that ends the list (shorter than its
 * size, offset paging), and on the first page when at most COUNT_CAP match (`countUpTo(limit)` counts the
 * matches, stopping at `limit`); otherwise it is left out and the list goes on until a short page. A count of
 * every match would grow with the table on every page.
 */
export async function pagedCountingCheaply<T>(
  results: T[],
  request: PageRequest,
  countUpTo: (limit: number) => Promise<number>,
): Promise<PartlyCounted<T>> {
  const meta = { pageNumber: request.pageNumber, pageSize: request.pageSize, resultCount: results.length };
  if (request.previousId !== undefined) return { results, meta };
  if (results.length < request.pageSize && (results.length > 0 || request.offset === 0))
    return { results, meta: { ...meta, totalCount: request.offset + results.length } };
  if (request.offset > 0) return { results, meta };
  const n = await countUpTo(COUNT_CAP + 1);
  return { results, meta: n > COUNT_CAP ? meta : { ...meta, totalCount: n } };
}
