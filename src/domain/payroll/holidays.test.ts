// Holiday accrual under the Annual Holidays Act against hand-worked cases, and its invariants as properties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../decimal.ts';
import {
  contractMonths,
  creditYearOf,
  earnedHolidayDays,
  fullMonthRuleOf,
  holidayAccrual,
  holidayPayCoefficient,
  weekdaysBetween,
  type HolidayAccrualInput,
  type MonthOfWork,
} from './holidays.ts';

const d = (value: string | number) => new Decimal(value);
const fixed = (value: Decimal) => value.toFixed(2);

const monthly = (
  start: string,
  end: string | null,
  asOf: string,
  salary: number,
  more: Partial<HolidayAccrualInput> = {},
) => {
  const contract = {
    employmentStart: start,
    employmentEnd: end,
    daysPerWeek: d(5),
    hoursPerWeek: d('37.5'),
    pay: { monthly: d(salary) },
  };
  return holidayAccrual({
    employmentStart: start,
    employmentEnd: end,
    asOf,
    rule: 'DAYS_14',
    method: 'MONTHLY',
    monthlySalary: d(salary),
    months: contractMonths(contract, asOf),
    used: [],
    holidayBonusPercent: d(50),
    additionalLeaveDays: 0,
    ...more,
  });
};

describe('credit years and days', () => {
  it('runs credit years from 1.4. to 31.3., named by the year they begin in', () => {
    expect(creditYearOf('2025-04-01')).toBe(2025);
    expect(creditYearOf('2026-03-31')).toBe(2025);
    expect(creditYearOf('2026-01-15')).toBe(2025);
  });

  it('earns 2 or 2.5 days a full month, a half day rounding up', () => {
    expect(earnedHolidayDays(12, d(2))).toBe(24);
    expect(earnedHolidayDays(12, d('2.5'))).toBe(30);
    expect(earnedHolidayDays(11, d('2.5'))).toBe(28);
    expect(earnedHolidayDays(1, d('2.5'))).toBe(3);
  });

  it('has the coefficients of §11', () => {
    const table: [number, string][] = [
      [2, '1.8'],
      [3, '2.7'],
      [10, '9'],
      [14, '12.7'],
      [20, '18.3'],
      [24, '22.2'],
      [25, '23.2'],
      [30, '27.8'],
      [32, '29.6'],
    ];
    for (const [days, coefficient] of table)
      expect(holidayPayCoefficient(days).toFixed(), String(days)).toBe(coefficient);
  });

  it('counts weekdays and picks the rule by the days worked a month by contract', () => {
    expect(weekdaysBetween('2025-06-16', '2025-06-30')).toBe(11);
    expect(weekdaysBetween('2025-06-10', '2025-06-30')).toBe(15);
    expect(fullMonthRuleOf(d(5))).toBe('DAYS_14');
    expect(fullMonthRuleOf(d(4))).toBe('DAYS_14');
    expect(fullMonthRuleOf(d(3))).toBe('HOURS_35');
  });
});

describe('hand-worked cases', () => {
  it('a monthly-paid employee with a full credit year: 12 × 2.5 = 30 days at 1/25 of the salary', () => {
    // employed from 1.8.2024: credit year 2024 has 8 full months (under a year by 31.3.2025: 2 days each),
    // credit year 2025 all 12 (a year by 31.3.2026: 2.5 days each); the 16 days of 2024 were taken in summer 2025
    const accrual = monthly('2024-08-01', null, '2026-04-15', 3000, {
      used: [{ creditYear: 2024, days: 16, bonusDays: 16, additionalLeaveDays: 0 }],
    });
    const [y2024, y2025, y2026] = accrual.years;
    expect(y2024).toMatchObject({ creditYear: 2024, fullMonths: 8, earnedDays: 16, remainingDays: 0 });
    expect(fixed(y2024.holidayPay)).toBe('1920.00');
    expect(y2025).toMatchObject({
      creditYear: 2025,
      complete: true,
      fullMonths: 12,
      earnedDays: 30,
      remainingDays: 30,
    });
    expect(fixed(y2025.holidayPay)).toBe('3600.00'); // 30 × 3000 / 25
    expect(fixed(y2025.holidayBonus)).toBe('1800.00'); // 50 %
    expect(fixed(y2025.remainingPay)).toBe('3600.00');
    // 1–15 April 2026: 11 working days, not a full month yet
    expect(y2026).toMatchObject({ creditYear: 2026, complete: false, fullMonths: 0, earnedDays: 0 });
    expect(accrual.remainingDays).toBe(30);
    expect(fixed(accrual.remainingPay)).toBe('3600.00');
    expect(accrual.remainingBonusDays).toBe(30);
    expect(accrual.compensation).toBeNull();
  });

  it('a start mid-year under the 14-day rule: the first month counts only with 14 days at work', () => {
    // from Monday 16.6.2025: 11 working days in June, so July–March: 9 months × 2 days
    const late = monthly('2025-06-16', null, '2026-03-31', 2800);
    expect(late.years).toHaveLength(1);
    expect(late.years[0]).toMatchObject({ fullMonths: 9, earnedDays: 18, complete: true });
    expect(fixed(late.years[0].holidayPay)).toBe('2016.00'); // 18 × 2800 / 25
    // from Tuesday 10.6.2025: 15 working days in June, a full month
    const early = monthly('2025-06-10', null, '2026-03-31', 2800);
    expect(early.years[0]).toMatchObject({ fullMonths: 10, earnedDays: 20 });
  });

  it('an hourly employee under the 35-hour rule: months of 35 hours, 9 % of the pay earned', () => {
    const months: MonthOfWork[] = ['2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11']
      .concat(['2025-12', '2026-01', '2026-02', '2026-03'])
      .map((month) =>
        month === '2025-12'
          ? { month, daysAtWork: 4, hours: d(30), pay: d(450) }
          : { month, daysAtWork: 8, hours: d(64), pay: d(960) },
      );
    const accrual = holidayAccrual({
      employmentStart: '2025-05-05',
      employmentEnd: null,
      asOf: '2026-03-31',
      rule: 'HOURS_35',
      method: 'PERCENTAGE',
      monthlySalary: null,
      months,
      used: [],
      holidayBonusPercent: d(50),
      additionalLeaveDays: 0,
    });
    // 10 months of ≥ 35 hours (December had 30): 20 days; pay 10 × 960 + 450 = 10,050.00, 9 % = 904.50
    expect(accrual.years[0]).toMatchObject({ fullMonths: 10, earnedDays: 20 });
    expect(fixed(accrual.years[0].holidayPay)).toBe('904.50');
    expect(fixed(accrual.years[0].holidayBonus)).toBe('452.25');
    // after a year by the end of the credit year the percentage is 11.5
    const longer = holidayAccrual({
      employmentStart: '2025-04-01',
      employmentEnd: null,
      asOf: '2026-03-31',
      rule: 'HOURS_35',
      method: 'PERCENTAGE',
      monthlySalary: null,
      months: [{ month: '2025-04', daysAtWork: 8, hours: d(64), pay: d(1000) }],
      used: [],
      holidayBonusPercent: d(0),
      additionalLeaveDays: 0,
    });
    expect(longer.years[0]).toMatchObject({ fullMonths: 1, earnedDays: 3 });
    expect(fixed(longer.years[0].holidayPay)).toBe('115.00');
  });

  it('the contract of a 2-day week puts the employee under the 35-hour rule with hours and pay per month', () => {
    const contract = {
      employmentStart: '2025-05-05',
      employmentEnd: null,
      daysPerWeek: d(2),
      hoursPerWeek: d(16),
      pay: { hourly: d(15) },
    };
    expect(fullMonthRuleOf(contract.daysPerWeek)).toBe('HOURS_35');
    const [may] = contractMonths(contract, '2026-03-31');
    // 5–31 May 2025: 20 weekdays = 4 weeks: 64 hours, 8 days, 960.00
    expect(may).toEqual({ month: '2025-05', daysAtWork: 8, hours: d(64), pay: d(960) });
  });

  it('a pay rise: the days left are worth the salary now, 1/25 a day', () => {
    const before = monthly('2024-04-01', null, '2026-03-31', 3000, {
      used: [{ creditYear: 2024, days: 30, bonusDays: 30, additionalLeaveDays: 0 }],
    });
    const after = monthly('2024-04-01', null, '2026-03-31', 3300, {
      used: [{ creditYear: 2024, days: 30, bonusDays: 30, additionalLeaveDays: 0 }],
    });
    expect(before.remainingDays).toBe(30);
    expect(fixed(before.remainingPay)).toBe('3600.00');
    expect(fixed(after.remainingPay)).toBe('3960.00'); // 30 × 132.00
    // hourly under the 14-day rule: the average daily pay carries the rise into the holiday pay
    const months: MonthOfWork[] = [];
    for (const month of ['04', '05', '06', '07', '08', '09', '10', '11', '12'])
      months.push({ month: `2025-${month}`, daysAtWork: 21, hours: d(168), pay: d(2688) });
    for (const month of ['01', '02', '03'])
      months.push({ month: `2026-${month}`, daysAtWork: 21, hours: d(168), pay: d('2956.80') });
    const hourly = holidayAccrual({
      employmentStart: '2024-01-01',
      employmentEnd: null,
      asOf: '2026-03-31',
      rule: 'DAYS_14',
      method: 'AVERAGE_DAILY',
      monthlySalary: null,
      months,
      used: [],
      holidayBonusPercent: d(0),
      additionalLeaveDays: 0,
    });
    const y2025 = hourly.years.find((y) => y.creditYear === 2025)!;
    // average daily pay 33,062.40 / 252 = 131.20; × 27.8 (30 days) = 3,647.36
    expect(y2025.earnedDays).toBe(30);
    expect(fixed(y2025.holidayPay)).toBe('3647.36');
  });

  it('holiday compensation at the end of the employment for the days not taken', () => {
    // 1.4.–17.10.2025: April–September full, October 13 working days: 6 × 2 = 12 days; 4 taken in advance
    const accrual = monthly('2025-04-01', '2025-10-17', '2025-11-01', 3000, {
      used: [{ creditYear: 2025, days: 4, bonusDays: 0, additionalLeaveDays: 0 }],
    });
    expect(accrual.years[0]).toMatchObject({ fullMonths: 6, earnedDays: 12, remainingDays: 8, complete: true });
    expect(fixed(accrual.compensation!)).toBe('960.00'); // 8 × 120.00
    expect(monthly('2025-04-01', '2025-12-31', '2025-11-01', 3000).compensation).toBeNull();
  });

  it('follows the credit years from the first one asked, a year of employment still counted from its start', () => {
    const accrual = monthly('2020-01-01', null, '2026-03-31', 3000, { firstCreditYear: 2025 });
    expect(accrual.years.map((y) => [y.creditYear, y.earnedDays])).toEqual([[2025, 30]]);
  });

  it('grants the collective agreement additional leave in a credit year with a full month', () => {
    const accrual = monthly('2025-04-01', null, '2026-03-31', 3000, {
      additionalLeaveDays: 3,
      used: [{ creditYear: 2025, days: 0, bonusDays: 0, additionalLeaveDays: 1 }],
    });
    expect(accrual.years[0].additionalLeaveDays).toBe(3);
    expect(accrual.remainingAdditionalLeaveDays).toBe(2);
  });
});

describe('properties', () => {
  const monthArb = fc.record({
    daysAtWork: fc.integer({ min: 0, max: 23 }),
    hours: fc.integer({ min: 0, max: 200 }),
    cents: fc.integer({ min: 0, max: 1_000_000 }),
  });
  const CREDIT_MONTHS = ['04', '05', '06', '07', '08', '09', '10', '11', '12', '01', '02', '03'];
  const yearOf = (figures: { daysAtWork: number; hours: number; cents: number }[]): MonthOfWork[] =>
    figures.map((f, i) => ({
      month: `${i < 9 ? 2025 : 2026}-${CREDIT_MONTHS[i]}`,
      daysAtWork: f.daysAtWork,
      hours: d(f.hours),
      pay: d(f.cents).dividedBy(100),
    }));

  it('earns at most 30 days a year, 2 or 2.5 a full month, and what is left never exceeds what was earned', () => {
    fc.assert(
      fc.property(
        fc.array(monthArb, { minLength: 12, maxLength: 12 }),
        fc.constantFrom('DAYS_14' as const, 'HOURS_35' as const),
        fc.constantFrom('MONTHLY' as const, 'AVERAGE_DAILY' as const, 'PERCENTAGE' as const),
        fc.constantFrom('2020-01-01', '2025-04-01', '2025-04-02'),
        fc.integer({ min: 0, max: 40 }),
        (figures, rule, method, start, usedDays) => {
          const months = yearOf(figures);
          const accrual = holidayAccrual({
            employmentStart: start,
            employmentEnd: null,
            asOf: '2026-03-31',
            rule,
            method,
            monthlySalary: d(3000),
            months,
            used: [{ creditYear: 2025, days: usedDays, bonusDays: 0, additionalLeaveDays: 0 }],
            holidayBonusPercent: d(50),
            additionalLeaveDays: 0,
          });
          const year = accrual.years.find((y) => y.creditYear === 2025)!;
          const full = figures.filter((f) => (rule === 'DAYS_14' ? f.daysAtWork >= 14 : f.hours >= 35)).length;
          expect(year.fullMonths).toBe(full);
          const perMonth = start <= '2025-04-01' ? 2.5 : 2;
          expect(year.earnedDays).toBe(Math.ceil(full * perMonth));
          expect(year.earnedDays).toBeLessThanOrEqual(30);
          expect(year.remainingDays).toBe(Math.max(0, year.earnedDays - usedDays));
          expect(year.remainingPay.lessThanOrEqualTo(year.holidayPay)).toBe(true);
          expect(year.holidayPay.isNegative()).toBe(false);
          expect(year.holidayBonus.times(2).minus(year.holidayPay).abs().lessThanOrEqualTo('0.01')).toBe(true);
          if (method === 'MONTHLY') expect(fixed(year.holidayPay)).toBe(fixed(d(120).times(year.earnedDays)));
          if (method === 'PERCENTAGE') {
            const pay = months.reduce((sum, m) => sum.plus(m.pay), d(0));
            const percent = start <= '2025-04-01' ? '0.115' : '0.09';
            expect(fixed(year.holidayPay)).toBe(fixed(pay.times(percent).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)));
          }
        },
      ),
    );
  });

  it('counts the weekdays of any span as a day-by-day count does', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: -3, max: 400 }),
        (date, length) => {
          const from = date.toISOString().slice(0, 10);
          const end = new Date(date.getTime() + length * 86_400_000);
          let count = 0;
          for (let day = new Date(date); day <= end; day = new Date(day.getTime() + 86_400_000))
            if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) count++;
          expect(weekdaysBetween(from, end.toISOString().slice(0, 10))).toBe(count);
        },
      ),
    );
  });

  it('totals are the sums of the credit years', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2019-01-01'), max: new Date('2026-03-01'), noInvalidDate: true }),
        (date) => {
          const start = date.toISOString().slice(0, 10);
          const accrual = monthly(start, null, '2026-06-30', 3100);
          expect(accrual.remainingDays).toBe(accrual.years.reduce((sum, y) => sum + y.remainingDays, 0));
          expect(fixed(accrual.remainingPay)).toBe(
            fixed(accrual.years.reduce((sum, y) => sum.plus(y.remainingPay), d(0))),
          );
          for (const year of accrual.years) expect(year.earnedDays).toBeLessThanOrEqual(year.fullMonths * 2.5 + 0.5);
        },
      ),
    );
  });
});

describe("the collective agreement's terms by credit year", () => {
  it('takes the bonus percentage and the additional leave of each credit year from its terms', () => {
    const accrual = monthly('2024-08-01', null, '2026-06-15', 3000, {
      termsOf: (year) =>
        year === 2025
          ? { holidayBonusPercent: d(40), additionalLeaveDays: 2 }
          : { holidayBonusPercent: d(60), additionalLeaveDays: 0 },
    });
    const year = (y: number) => accrual.years.find((c) => c.creditYear === y)!;
    // 2025: 30 days at 120.00 = 3600.00, 40 % = 1440.00; 2026: April and May, 5 days = 600.00, 60 % = 360.00
    expect([fixed(year(2025).holidayBonus), year(2025).additionalLeaveDays]).toEqual(['1440.00', 2]);
    expect([fixed(year(2026).holidayBonus), year(2026).additionalLeaveDays]).toEqual(['360.00', 0]);
    expect(accrual.remainingAdditionalLeaveDays).toBe(2);
  });
});
