import { describe, expect, it } from 'vitest';
import { parseIdList } from './batch.ts';
import { ApiError } from './errors.ts';
import { mergePatch } from './resource.ts';

describe('batch ids', () => {
  it('keeps valid ids, sorted, without duplicates', () => {
    expect(parseIdList('5,3,x,3,0,-1,7')).toEqual({ ids: [3, 5, 7], many: true });
    expect(parseIdList('4')).toEqual({ ids: [4], many: false });
  });
  it('refuses more than 200 ids', () => {
    const ids = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    expect(() => parseIdList(ids)).toThrow(ApiError);
    expect(parseIdList(ids.split(',').slice(0, 200).join(',')).ids).toHaveLength(200);
  });
});

describe('merge patch', () => {
  it('keeps left-out fields, clears nulls, merges objects and replaces arrays', () => {
    const stored = { a: 1, b: { c: 2, d: 3 }, e: [1, 2], f: 'x' };
    expect(mergePatch(stored, { b: { c: null, g: 4 }, e: [3], f: null })).toEqual({ a: 1, b: { d: 3, g: 4 }, e: [3] });
  });
});
