import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import { isRateValidOn, ratesOn, standardRateOn, vatCountry } from './vat.ts';

const fi = vatCountry('FI')!;
const percents = (date: string) => ratesOn(fi, date).map((r) => r.percent);

describe('Finnish VAT rates by date', () => {
  it('answers the rates valid on each day', () => {
    expect(percents('2024-08-31')).toEqual(['24', '14', '10', '0']);
    expect(percents('2024-09-01')).toEqual(['25.5', '14', '10', '0']);
    expect(percents('2025-12-31')).toEqual(['25.5', '14', '10', '0']);
    expect(percents('2026-01-01')).toEqual(['25.5', '13.5', '10', '0']);
  });

  it('knows the standard rate and whether a rate is valid on a date', () => {
    expect(standardRateOn(fi, '2026-05-01').toFixed()).toBe('25.5');
    expect(isRateValidOn(fi, '2026-05-01', new Decimal('13.5'))).toBe(true);
    expect(isRateValidOn(fi, '2026-05-01', new Decimal('14'))).toBe(false);
    expect(isRateValidOn(fi, '2025-05-01', new Decimal('14.00'))).toBe(true);
  });

  it('finds countries by ISO code or by name', () => {
    expect(vatCountry('se')?.name).toBe('SWEDEN');
    expect(vatCountry('FINLAND')?.iso).toBe('FI');
    expect(vatCountry('XX')).toBeUndefined();
    expect(ratesOn(vatCountry('EE')!, '2025-07-01')[0].percent).toBe('24');
    expect(ratesOn(vatCountry('EE')!, '2025-06-30')[0].percent).toBe('22');
  });
});
