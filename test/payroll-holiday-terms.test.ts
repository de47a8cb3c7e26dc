// The company's holiday terms and what salary lists pay of holidays, end to end over HTTP: the terms by validity
// date (holiday bonus percentage and its payment, additional leave) in the accrual and in the rows lists make;
// holiday pay of the hourly-paid on a list (the average-daily-pay and the percentage rules); and holiday
// compensation at the end of an employment paid once, whatever the order lists are made and approved in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { holidayFixtures, monthListBody, rowsOf, yearOf } from './support/payroll.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-06-15T10:00:00Z') });
});
afterAll(() => svc.close());

const { employee, list, slip, holidays, approve, cancel } = holidayFixtures({ api: (...a) => svc.api(...a) }, '150585');

describe('GET/PUT /payrolls/holidayterms', () => {
  it('answers the common terms until the company sets its own', async () => {
    const answer = await svc.api('GET', '/payrolls/holidayterms');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      periods: [
        {
          validFrom: '2000-01-01',
          holidayBonusPercent: 50,
          holidayBonusPayment: 'WITH_HOLIDAY',
          additionalLeaveDays: 0,
          holidayBonusOnCompensation: false,
        },
      ],
    });
  });

  it('refuses two periods of a day and a bonus month without ON_MONTH (or ON_MONTH without one), storing nothing', async () => {
    const answer = await svc.api('PUT', '/payrolls/holidayterms', {
      periods: [
        { validFrom: '2025-01-01', holidayBonusPercent: 40, holidayBonusPayment: 'ON_MONTH', additionalLeaveDays: 2 },
        {
          validFrom: '2025-01-01',
          holidayBonusPercent: 40,
          holidayBonusPayment: 'WITH_HOLIDAY',
          holidayBonusMonth: 6,
          additionalLeaveDays: 2,
        },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'periods[0].holidayBonusMonth',
      'periods[1].validFrom',
      'periods[1].holidayBonusMonth',
    ]);
    expect(answer.body.errors[1].message).toContain('DUPLICATE_HOLIDAY_TERMS_DATE');
    expect(answer.body.errors[0].message).toContain('HOLIDAY_BONUS_MONTH');
    const bad = await svc.api('PUT', '/payrolls/holidayterms', {
      periods: [
        {
          validFrom: '2025-01-01',
          holidayBonusPercent: 101,
          holidayBonusPayment: 'WITH_HOLIDAY',
          additionalLeaveDays: 0,
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await svc.api('GET', '/payrolls/holidayterms')).body.version).toBeUndefined();
  });
});

describe('the terms in the accrual and on lists', () => {
  let monthly: number;

  it('a credit year earns the additional leave of the terms in force on its last day', async () => {
    // 3000.00 a month from 1.8.2024: credit year 2025 is 12 full months × 2.5 = 30 days at 3000/25 = 120.00
    monthly = await employee(
      { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' },
      { startDate: '2024-08-01', hoursPerWeek: 37.5 },
    );
    expect(yearOf(await holidays(monthly), 2025)).toMatchObject({ remainingAdditionalLeaveDays: 0 });
    const put = await svc.api('PUT', '/payrolls/holidayterms', {
      periods: [
        {
          validFrom: '2025-01-01',
          holidayBonusPercent: 40,
          holidayBonusPayment: 'ON_MONTH',
          holidayBonusMonth: 6,
          additionalLeaveDays: 2,
        },
      ],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.version).toEqual(expect.any(String));
    // 2025 and the running 2026 (April and May full) each earn 2 additional leave days
    expect(await holidays(monthly)).toMatchObject({
      totalRemainingAdditionalLeaveDays: 4,
      yearlyRemainings: [
        { holidayCreditYear: 2025, remainingHolidayDays: 30, remainingAdditionalLeaveDays: 2 },
        { holidayCreditYear: 2026, remainingAdditionalLeaveDays: 2 },
      ],
    });
  });

  it("the list paid in the bonus month pays the last credit year's bonus days at its percentage; leave is taken", async () => {
    const [june] = await list('2026-06', [{ employeeId: monthly, holidayPayData: { holidayAdditionalLeaveDays: 1 } }]);
    // 30 bonus days of 2025 × 40 % of 120.00 = 48.00 a day; no holiday days asked
    expect(rowsOf(june, 1520)).toEqual([{ quantity: 30, unitValue: 48 }]);
    expect(rowsOf(june, 1510)).toEqual([]);
    expect((await approve(june.id)).status).toBe(200);
    expect(yearOf(await holidays(monthly), 2025)).toMatchObject({
      remainingHolidayDays: 30,
      remainingHolidayBonusDays: 0,
      remainingAdditionalLeaveDays: 1,
    });
  });

  it('a later period changes the credit years it governs; when the bonus is paid follows the payday', async () => {
    const current = (await svc.api('GET', '/payrolls/holidayterms')).body;
    const period = {
      validFrom: '2026-04-01',
      holidayBonusPercent: 60,
      holidayBonusPayment: 'WITH_HOLIDAY',
      additionalLeaveDays: 0,
    };
    const stale = await svc.api('PUT', '/payrolls/holidayterms', {
      periods: [...current.periods, period],
      version: '2020-01-01T00:00:00.000',
    });
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0]).toMatchObject({ field: 'version', message: expect.stringContaining('changed') });
    const put = await svc.api('PUT', '/payrolls/holidayterms', {
      periods: [period, ...current.periods],
      version: current.version,
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.periods.map((p: { validFrom: string }) => p.validFrom)).toEqual(['2025-01-01', '2026-04-01']);
    // credit year 2026 ends under the new terms: no additional leave
    expect(await holidays(monthly)).toMatchObject({
      totalRemainingAdditionalLeaveDays: 1,
      yearlyRemainings: [{ holidayCreditYear: 2025 }, { holidayCreditYear: 2026, remainingAdditionalLeaveDays: 0 }],
    });
    // July is paid WITH_HOLIDAY (the payday's terms), but the bonus of credit year 2025 was paid in full in June:
    // the holiday days are paid without a bonus, and a bonus asked for is refused
    const [july] = await list('2026-07', [{ employeeId: monthly, holidayPayData: { holidayDays: 5 } }]);
    expect(rowsOf(july, 1510)).toEqual([{ quantity: 5, unitValue: 120 }]);
    expect(rowsOf(july, 1520)).toEqual([]);
    const bonus = await svc.api('POST', '/payrolls/salarylists', {
      ...monthListBody('2026-07'),
      employeesDataForSalarySlip: [{ employeeId: monthly, holidayPayData: { holidayDays: 5, holidayBonusDays: 1 } }],
    });
    expect(bonus.status).toBe(400);
    expect(bonus.body.errors).toEqual([
      {
        status: 400,
        field: 'employeesDataForSalarySlip[0].holidayPayData.holidayBonusDays',
        message: expect.stringMatching(/^PAY_LEAVE_NOT_AVAILABLE: 1 holiday bonus days asked of 2025, 0 left/),
      },
    ]);
  });
});

describe('holiday pay of the hourly-paid on a list', () => {
  it('the average daily pay × the coefficient of §11 under the 14-day rule', async () => {
    // 20.00 an hour, 37.5 hours a week from 1.8.2024: credit year 2025 pays 261 weekdays × 7.5 h × 20.00 =
    // 39,150.00 for 261 days at work, 150.00 a day; 30 days × coefficient 27.8 = 4,170.00, 139.00 a day
    const hourly = await employee(
      { baseSalaryValue: 20, baseSalaryType: 'HOURLY' },
      { startDate: '2024-08-01', hoursPerWeek: 37.5 },
    );
    expect(yearOf(await holidays(hourly), 2025)).toMatchObject({ remainingHolidayDays: 30, remainingHolidayPay: 4170 });
    const [august] = await list('2026-08', [{ employeeId: hourly, holidayPayData: { holidayDays: 10 } }]);
    // 10 days × 139.00; the bonus with the holiday (terms of 2025: 40 %): 55.60 a day
    expect(rowsOf(august, 1510)).toEqual([{ quantity: 10, unitValue: 139 }]);
    expect(rowsOf(august, 1520)).toEqual([{ quantity: 10, unitValue: 55.6 }]);
    expect((await approve(august.id)).status).toBe(200);
    expect(yearOf(await holidays(hourly), 2025)).toMatchObject({ remainingHolidayDays: 20, remainingHolidayPay: 2780 });
  });

  it('the percentage rule under the 35-hour rule', async () => {
    // 16 hours a week at 15.00 from 1.8.2024 (under 14 days a month): credit year 2025 pays 261 weekdays × 3.2 h ×
    // 15.00 = 12,528.00; a year of employment by 31.3.2026, so 11.5 % = 1,440.72 for 12 × 2.5 = 30 days, 48.024 a day
    const partTime = await employee(
      { baseSalaryValue: 15, baseSalaryType: 'HOURLY' },
      { startDate: '2024-08-01', hoursPerWeek: 16 },
    );
    expect(yearOf(await holidays(partTime), 2025)).toMatchObject({
      remainingHolidayDays: 30,
      remainingHolidayPay: 1440.72,
    });
    const [august] = await list('2026-08', [
      { employeeId: partTime, holidayPayData: { holidayDays: 10, holidayBonusDays: 4 } },
    ]);
    // 10 × 48.024 = 480.24; the bonus days asked: 40 % of 48.024 = 19.21 a day
    expect(rowsOf(august, 1510)).toEqual([{ quantity: 10, unitValue: 48.024 }]);
    expect(rowsOf(august, 1520)).toEqual([{ quantity: 4, unitValue: 19.21 }]);
    expect(august.figures).toMatchObject({ grossPay: 480.24 + 76.84 });
  });
});

describe('holiday compensation is paid once per employment end', () => {
  // 2500.00 a month from 1.4.2025 to 31.7.2026: 30 days of 2025 and 4 × 2.5 = 10 of 2026, 100.00 a day
  const compensation = [
    { quantity: 30, unitValue: 100, from: '2025-04-01' },
    { quantity: 10, unitValue: 100, from: '2026-04-01' },
  ];
  const leaving = () =>
    employee(
      { baseSalaryValue: 2500, baseSalaryType: 'ONE_MONTH' },
      { startDate: '2025-04-01', endDate: '2026-07-31', hoursPerWeek: 37.5 },
    );

  it('a second list of the last month pays only what the first does not: the days are reserved', async () => {
    const id = await leaving();
    const [first] = await list('2026-07', [{ employeeId: id }]);
    expect(rowsOf(first, 1530)).toEqual(compensation);
    const [second] = await list('2026-07', [{ employeeId: id }]);
    expect(rowsOf(second, 1530)).toEqual([]);
    // the first slip no longer pays credit year 2026: a third list pays those 10 days, and only those
    const kept = first.rows.filter((r) => !(r.salaryTypeCode === 1530 && r.earningsPeriodStart === '2026-04-01'));
    const put = await svc.api('PUT', `/payrolls/salaryslips/${first.id}`, { ...first, rows: kept });
    expect(put.status, put.text).toBe(200);
    const [third] = await list('2026-07', [{ employeeId: id }]);
    expect(rowsOf(third, 1530)).toEqual([compensation[1]]);
    expect((await approve(third.id)).status).toBe(200);
    expect((await approve(first.id)).status).toBe(200);
    expect(await holidays(id)).toMatchObject({ totalRemainingHolidayDays: 0 });
  });

  it('lists made at the same time pay it once between them', async () => {
    const id = await leaving();
    const slips = (
      await Promise.all([list('2026-07', [{ employeeId: id }]), list('2026-07', [{ employeeId: id }])])
    ).flat();
    expect(slips.flatMap((s) => rowsOf(s, 1530)).reduce((days, r) => days + r.quantity, 0)).toBe(40);
  });

  it('of two slips paying it, the one approved first pays; cancelling its approval frees it for the other', async () => {
    const id = await leaving();
    const [a] = await list('2026-07', [{ employeeId: id }]);
    const [b] = await list('2026-07', [{ employeeId: id }]);
    // the compensation of credit year 2025 entered by hand on the second slip as well
    const extra = {
      salaryTypeCode: 1530,
      quantity: 30,
      unitValue: 100,
      earningsPeriodStart: '2025-04-01',
      earningsPeriodEnd: '2026-03-31',
      showEarningPeriodInExport: true,
      unjustEnrichment: false,
    };
    const put = await svc.api('PUT', `/payrolls/salaryslips/${b.id}`, { ...b, rows: [...b.rows, extra] });
    expect(put.status, put.text).toBe(200);

    expect((await approve(a.id)).status).toBe(200);
    const refused = await approve(b.id);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        status: 400,
        message: expect.stringContaining(
          'HOLIDAY_COMPENSATION_ALREADY_PAID: 30 days of holiday compensation of credit year 2025 asked, 0 left',
        ),
        field: 'rows',
      },
    ]);
    expect((await slip(b.id)).status).toBe('CREATED');

    expect((await cancel(a.id)).status).toBe(200);
    expect((await approve(b.id)).status).toBe(200);
    // now the other way round: the first slip waits, and approving its whole list is refused with the slip named
    const listOfA = Number((await slip(a.id)).salaryListId);
    const refusedList = await svc.api('PUT', `/payrolls/salarylists/${listOfA}/approve`);
    expect(refusedList.status).toBe(400);
    expect(refusedList.body.errors[0].field).toBe(`salarySlips[${a.id}].rows`);
    expect((await cancel(b.id)).status).toBe(200);
    expect((await approve(a.id)).status).toBe(200);
    expect(await holidays(id)).toMatchObject({ totalRemainingHolidayDays: 0 });
  });
});

describe('PUT /payrolls/holidayterms at the same time', () => {
  it('applies concurrent replacements one after the other: each whole, the same version taken once', async () => {
    const before = (await svc.api('GET', '/payrolls/holidayterms')).body;
    const termsFrom = (validFrom: string) => ({
      validFrom,
      holidayBonusPercent: 50,
      holidayBonusPayment: 'WITH_HOLIDAY',
      additionalLeaveDays: 0,
    });
    try {
      // without a version, every replacement is applied in turn and the last one stands whole, never a mixture
      const dates = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'];
      const blind = await Promise.all(
        dates.map((date) =>
          svc.api('PUT', '/payrolls/holidayterms', { periods: [termsFrom(date), termsFrom('2020-01-01')] }),
        ),
      );
      expect(blind.map((a) => a.status)).toEqual(dates.map(() => 200));
      const after = (await svc.api('GET', '/payrolls/holidayterms')).body;
      expect(after.periods).toHaveLength(2);
      expect(after.periods[0].validFrom).toBe('2020-01-01');
      expect(dates).toContain(after.periods[1].validFrom);
      // with the version read, one replacement wins; the others find it changed
      const raced = await Promise.all(
        dates.map((date) =>
          svc.api('PUT', '/payrolls/holidayterms', { periods: [termsFrom(date)], version: after.version }),
        ),
      );
      expect(raced.filter((a) => a.status === 200)).toHaveLength(1);
      for (const refused of raced.filter((a) => a.status !== 200)) {
        expect(refused.status, refused.text).toBe(400);
        expect(refused.body.errors[0]).toMatchObject({ field: 'version' });
      }
      expect((await svc.api('GET', '/payrolls/holidayterms')).body.periods).toHaveLength(1);
    } finally {
      const current = (await svc.api('GET', '/payrolls/holidayterms')).body;
      await svc.api('PUT', '/payrolls/holidayterms', { periods: before.periods, version: current.version });
    }
  });
});
