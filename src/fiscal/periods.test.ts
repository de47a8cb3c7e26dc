import { describe, expect, it } from 'vitest';
import { addDays, calendarYearOf, fiscalYearProblem, lastDayOfMonth, monthlyPeriods } from './periods.ts';

describe('fiscal periods', () => {
  it('splits a calendar year into 12 months, February of a leap year included', () => {
    const periods = monthlyPeriods('2028-01-01', '2028-12-31');
    expect(periods).toHaveLength(12);
    expect(periods[1]).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(periods[11]).toEqual({ startDate: '2028-12-01', endDate: '2028-12-31' });
  });

  it('handles a broken fiscal year of 18 months', () => {
    const periods = monthlyPeriods('2026-07-01', '2027-12-31');
    expect(periods).toHaveLength(18);
    expect(periods[0].startDate).toBe('2026-07-01');
  });

  it('validates the shape of a fiscal year', () => {
    expect(fiscalYearProblem('2026-01-01', '2026-12-31')).toBeUndefined();
    expect(fiscalYearProblem('2026-01-02', '2026-12-31')).toMatch(/first day/);
    expect(fiscalYearProblem('2026-01-01', '2026-12-30')).toMatch(/last day/);
    expect(fiscalYearProblem('2026-01-01', '2027-07-31')).toMatch(/18 months/);
    expect(fiscalYearProblem('2026-01-01', '2027-06-30')).toBeUndefined();
  });

  it('date helpers', () => {
    expect(lastDayOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(calendarYearOf('2026-11-21')).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
  });
});
