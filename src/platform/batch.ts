// Batch GET: the id segment of the path takes up to 200 comma-separated ids. Only valid ids are answered,
// ordered by id, without duplicates; a multi-id request always answers a list; all unknown is a 404. A segment
// without a single well-formed id is a 400, as a malformed id is on every other path (the path schemas).
import { apiError, notFound } from './errors.ts';

const MAX_BATCH_IDS = 200;
const MAX_ID = 2147483647;
const ONE_ID = /^\d{1,16}$/;

/** The ids of resources the real interface types as int64: every id a JSON number carries exactly. */
export const MAX_ID64 = Number.MAX_SAFE_INTEGER;

export interface IdList {
  ids: number[];
  /** True when the path named more than one id (even if only one is valid): the answer is a list. */
  many: boolean;
}

export function parseIdList(segment: string, field = 'id', maxId = MAX_ID): IdList {
  // one id, the most common request, answered without splitting the segment
  if (ONE_ID.test(segment)) {
    const id = Number(segment);
    if (id >= 1 && id <= maxId) return { ids: [id], many: false };
  }
  const parts = segment
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length > MAX_BATCH_IDS)
    throw apiError('TOO_MANY_BATCH_IDS', field, { max: MAX_BATCH_IDS, count: parts.length });
  const ids = new Set<number>();
  for (const part of parts) {
    if (!ONE_ID.test(part)) continue;
    const n = Number(part);
    if (n >= 1 && n <= maxId) ids.add(n);
  }
  // one well-formed id among malformed ones is still answered: the batch rules want no error then
  if (ids.size === 0)
    throw apiError('VALIDATION_FAILED', field, {
      detail: `'${field}' must be an id or comma-separated ids (integers 1 to ${maxId}).`,
    });
  return { ids: [...ids].sort((a, b) => a - b), many: parts.length > 1 };
}

/**
 * A single id path parameter: a number when the route declares it with `PathId` (validated, out of range is a
 * 400); as text, anything that is not an id is a resource that cannot exist (404).
 */
export function parseId(segment: string | number, resource: string, maxId = MAX_ID): number {
  if (typeof segment === 'number') return segment;
  if (!ONE_ID.test(segment)) throw notFound(resource);
  const n = Number(segment);
  if (n < 1 || n > maxId) throw notFound(resource);
  return n;
}

/**
 * Answers a batch GET: `load` fetches the rows of the valid ids (any order, missing ones left out).
 */
export async function batchGet<T extends { id: number }>(
  segment: string,
  resource: string,
  field: string,
  load: (ids: number[]) => Promise<T[]>,
  maxId = MAX_ID,
): Promise<T | T[]> {
  const { ids, many } = parseIdList(segment, field, maxId);
  const found = (await load(ids)).sort((a, b) => a.id - b.id);
  if (found.length === 0) throw notFound(resource);
  return many ? found : found[0];
}
