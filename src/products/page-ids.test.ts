import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitIds, splitIdsInOrder } from './page-ids.ts';
import { productIdOfKey, productKey } from './cached-reads.ts';

describe('the ids of a page', () => {
  it('are put in the page order whatever order the engine joined them in', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 40 })),
        fc.constantFrom('asc', 'desc'),
        (ids, order) => {
          const sorted = [...ids].sort((a, b) => (order === 'asc' ? a - b : b - a));
          expect(splitIdsInOrder(ids.length ? ids.join(',') : null, order)).toEqual(sorted);
        },
      ),
    );
    expect(splitIds('')).toEqual([]);
  });
  it("are read as Number reads the engine's text, also past 2^53", () => {
    const id = fc.oneof(fc.integer({ min: 0, max: 2 ** 53 - 1 }), fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }));
    fc.assert(
      fc.property(fc.array(id, { minLength: 1 }), (ids) => {
        const list = ids.join(',');
        expect(splitIds(list)).toEqual(list.split(',').map(Number));
      }),
    );
    expect(splitIds('999999999999999,9007199254740993,12')).toEqual([999999999999999, 9007199254740992, 12]);
  });
  it('key the cache of answers one to one, small or large', () => {
    const edge = fc.oneof(
      fc.integer({ min: 0, max: 2 ** 53 - 1 }),
      fc.constantFrom(0, 1, 1023, 1024, 2 ** 20 - 1, 2 ** 20),
    );
    fc.assert(
      fc.property(edge, edge, edge, edge, (c1, i1, c2, i2) => {
        expect(productIdOfKey(productKey(c1, i1))).toBe(i1);
        expect(productKey(c1, i1) === productKey(c2, i2)).toBe(c1 === c2 && i1 === i2);
      }),
    );
  });
});
