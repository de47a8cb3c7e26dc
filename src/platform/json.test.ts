import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJson, serializeJson, stringifyJson, serializedOnce } from './json.ts';
import { Decimal, isDecimal, jsonDecimal } from '../domain/decimal.ts';

describe('exact JSON numbers', () => {
  it('parses decimals from their source text, never through a float', () => {
    const value = parseJson('{"a":0.1,"b":12345678901234567.891,"c":5,"d":1e2,"e":[0.30000000000000004]}') as Record<
      string,
      unknown
    >;
    expect(isDecimal(value.a) && value.a.toFixed()).toBe('0.1');
    expect((value.b as Decimal).toFixed()).toBe('12345678901234567.891');
    expect(value.c).toBe(5);
    expect((value.d as Decimal).toFixed()).toBe('100');
    expect((value.e as Decimal[])[0].toFixed()).toBe('0.30000000000000004');
  });
  it('keeps unsafe integers exact', () => {
    const value = parseJson('{"n":9007199254740993}') as { n: Decimal };
    expect(value.n.toFixed()).toBe('9007199254740993');
  });
  it('writes decimals as bare JSON numbers with their digits', () => {
    expect(stringifyJson({ sum: new Decimal('0.1').plus('0.2'), big: new Decimal('12345678901234567.891') })).toBe(
      '{"sum":0.3,"big":12345678901234567.891}',
    );
  });
  it('writes answers marked serializedOnce, and lists and pages of them, as JSON.stringify would', () => {
    const answer = (id: number) =>
      serializedOnce({ id, name: `P"${id}`, price: jsonDecimal('10.50'), code: undefined, group: null, tags: ['a'] });
    const results = serializedOnce([answer(1), answer(2), { id: 3, skip: () => 1 }, undefined]);
    const page = serializedOnce({ results, meta: { pageNumber: 0, totalCount: 3 }, gone: undefined, 'odd "key"': 1 });
    const plain = (value: unknown) => JSON.stringify(value);
    expect(stringifyJson(page)).toBe(plain(page));
    expect(stringifyJson(page)).toBe(plain(page)); // the kept text
    expect(stringifyJson(results)).toBe(plain(results));
    expect(stringifyJson(answer(4))).toBe(plain(answer(4)));
    const withToJson = serializedOnce({ toJSON: () => ({ replaced: true }) });
    expect(stringifyJson(serializedOnce([withToJson]))).toBe('[{"replaced":true}]');
    expect(stringifyJson(serializedOnce([]))).toBe('[]');
    expect(stringifyJson(serializedOnce({}))).toBe('{}');
    // a member whose toJSON answers undefined is left out, and a kept answer shared by two pages is made once
    const shared = answer(5);
    const first = serializedOnce({ results: serializedOnce([shared]), hidden: { toJSON: () => undefined }, n: 1 });
    const second = serializedOnce({ hidden: { toJSON: () => undefined }, results: serializedOnce([shared, shared]) });
    expect(stringifyJson(first)).toBe(plain(first));
    expect(stringifyJson(second)).toBe(plain(second));
  });
  it('joins a list not marked whose members are kept, with texts of any script between them', () => {
    const member = fc.record({ id: fc.integer(), name: fc.string({ unit: 'binary' }), gone: fc.constant(undefined) });
    const plain = fc.oneof(fc.string({ unit: 'binary', maxLength: 3 }), fc.integer(), fc.constant(null), member);
    fc.assert(
      fc.property(
        member,
        fc.array(fc.tuple(fc.boolean(), plain)),
        fc.string({ unit: 'binary', maxLength: 10 }),
        (first, rest, key) => {
          // the list itself is not marked: its first member is kept, the others kept or plain values in any order
          const results = [
            first,
            ...rest.map(([kept, value]) =>
              kept && typeof value === 'object' && value ? serializedOnce({ ...value }) : value,
            ),
          ];
          results[0] = serializedOnce({ ...first });
          const page = serializedOnce({ [key]: 'ä', results, meta: { key, n: results.length } });
          expect(Buffer.from(serializeJson(page)).toString('utf8')).toBe(JSON.stringify(page));
        },
      ),
    );
  });
  it('answers the bytes of values marked serializedOnce for the wire, the text of others', () => {
    const answer = serializedOnce({ name: 'Kahvi ☕ ä', price: jsonDecimal('2.50') });
    const page = serializedOnce({
      results: serializedOnce(Array.from({ length: 100 }, () => answer)),
      totalCount: 100,
    });
    const bytes = serializeJson(page);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(Buffer.compare(bytes as Buffer, Buffer.from(JSON.stringify(page)))).toBe(0);
    expect(serializeJson(page)).toBe(bytes); // made once
    expect(serializeJson({ plain: 1 })).toBe('{"plain":1}');
    const big = serializedOnce(Array.from({ length: 200 }, () => answer));
    expect(Buffer.isBuffer(serializeJson(big))).toBe(true);
    expect(serializeJson(answer)).toBe(JSON.stringify(answer)); // a short one goes as its text
  });
});
