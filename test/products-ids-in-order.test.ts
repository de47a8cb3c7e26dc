// A page of the plain product list made from the kept order of ids is the page the ids query answers: after
// `previousId` in the page's order, skipping `offset`, at most `pageSize`; checked against a model of the query
// on random registers and pages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idsInOrder, pageOfOrder } from '../src/products/ids-in-order.ts';
import type { PageRequest } from '../src/platform/paging.ts';

/** The query's answer (store.ts `pageOf`): a filter, an order, an offset and a limit. */
function modelPage(ids: number[], page: PageRequest): number[] {
  const after = page.previousId;
  const sign = page.order === 'asc' ? 1 : -1;
  return ids
    .filter((id) => after === undefined || (page.order === 'asc' ? id > after : id < after))
    .sort((a, b) => (a - b) * sign)
    .slice(page.offset, page.offset + page.pageSize);
}

describe('a page of the kept order of product ids', () => {
  it('is the page the ids query answers, in both orders, with and without previousId', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 120 }),
        fc.record({
          pageSize: fc.integer({ min: 1, max: 60 }),
          offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 150 })),
          previousId: fc.option(fc.integer({ min: -5, max: 410 }), { nil: undefined }),
          order: fc.constantFrom('asc' as const, 'desc' as const),
        }),
        (ids, request) => {
          const page: PageRequest = { pageNumber: 0, ...request };
          // read in any order: the order made of them is ascending
          expect(pageOfOrder(idsInOrder(ids), page)).toEqual(modelPage(ids, page));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('answers an empty page past either end, however far', () => {
    const order = idsInOrder([3, 5, 8]);
    const far = { pageNumber: 0, pageSize: 200, offset: 2147483647 * 200 };
    expect(pageOfOrder(order, { ...far, order: 'asc' })).toEqual([]);
    expect(pageOfOrder(order, { ...far, order: 'desc' })).toEqual([]);
    expect(pageOfOrder(order, { pageNumber: 0, pageSize: 5, offset: 0, previousId: 8, order: 'asc' })).toEqual([]);
    expect(pageOfOrder(order, { pageNumber: 0, pageSize: 5, offset: 0, previousId: 3, order: 'desc' })).toEqual([]);
  });
});
