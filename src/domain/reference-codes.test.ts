import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canonicalReference,
  compactReference,
  finnishCheckDigit,
  finnishReference,
  isFinnishReference,
  isRfReference,
  luhnValid,
  referenceCodeProblem,
  referenceLookupKeys,
  rfReference,
} from './reference-codes.ts';

describe('reference codes', () => {
  it('computes the vectors of the Finnish 7-3-1 and RF (ISO 11649) references', () => {
    expect(finnishReference('123456')).toBe('1234561');
    expect(finnishReference('1234567')).toBe('12345672');
    expect(finnishCheckDigit('1111')).toBe(2);
    expect(rfReference('539007547034')).toBe('RF18539007547034');
    expect(rfReference('11112')).toBe('RF9811112');
    expect(rfReference('1234561')).toBe('RF341234561');
    expect(isRfReference('RF18 5390 0754 7034')).toBe(true);
    expect(compactReference(' rf18 5390 ')).toBe('RF185390');
  });

  it('validates what it generates and refuses any single changed digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{2,18}$/), fc.nat(), (base, k) => {
        const fi = finnishReference(base);
        expect(isFinnishReference(fi)).toBe(true);
        expect(isRfReference(rfReference(fi))).toBe(true);
        const i = k % fi.length;
        const changed = fi.slice(0, i) + String((Number(fi[i]) + 1) % 10) + fi.slice(i + 1);
        expect(isFinnishReference(changed)).toBe(false);
      }),
    );
  });

  it('checks each type by its own rule', () => {
    expect(luhnValid('1230')).toBe(true);
    expect(referenceCodeProblem('OCR', '1230')).toBeUndefined();
    expect(referenceCodeProblem('OCR', '1231')).toBeDefined();
    expect(referenceCodeProblem('KID', '1230')).toBeUndefined();
    expect(referenceCodeProblem('FIK71', '026840149965328')).toBeUndefined();
    expect(referenceCodeProblem('FIK71', '02684014996532')).toBeDefined();
    expect(referenceCodeProblem('FIK75', '0268401499653288')).toBeDefined();
    expect(referenceCodeProblem('GIK04', '1230')).toBeUndefined();
    expect(referenceCodeProblem('GIK01', '')).toBeUndefined();
    expect(referenceCodeProblem('FIK73', '1')).toBeDefined();
    expect(referenceCodeProblem('FI', '0000')).toBeDefined();
    expect(referenceCodeProblem('RF', 'RF00X')).toBeDefined();
  });

  it('compares references in their canonical form: padding, spaces and case dropped, check digits verified', () => {
    expect(canonicalReference('00000006450830029863')).toBe('6450830029863');
    expect(canonicalReference('64508 30029 863')).toBe('6450830029863');
    expect(canonicalReference('6450830029864')).toBeUndefined();
    expect(canonicalReference('00000000000000000000')).toBeUndefined();
    expect(canonicalReference('rf18 5390 0754 7034')).toBe('RF18539007547034');
    expect(canonicalReference('RF18000539007547034')).toBe('RF18539007547034');
    expect(canonicalReference('RF19539007547034')).toBeUndefined();
    expect(canonicalReference('ABC')).toBeUndefined();
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{2,18}$/), fc.nat(20), (base, zeros) => {
        const fi = finnishReference(base);
        const padded = fi.padStart(Math.min(20, fi.length + zeros), '0');
        expect(canonicalReference(padded)).toBe(fi);
        expect(referenceLookupKeys(fi)).toContain(padded);
      }),
    );
    expect(referenceLookupKeys('RF9811112')).toHaveLength(17);
    expect(referenceLookupKeys('RF9811112').at(-1)).toBe('RF98000000000000000011112');
  });
});
