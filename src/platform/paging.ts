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
