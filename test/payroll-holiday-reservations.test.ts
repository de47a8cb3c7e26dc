// Holidays and working hour reduction are paid once, end to end over HTTP: what salary lists, pay leaves and 1459
// rows typed into slips ask is checked against what the approved slips leave less what slips not yet approved
// reserve (also when two lists are made at once), approving checks again; the day worth of the hourly-paid; and
// the holiday bonus on holiday compensation where the company's holiday terms pay it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { holidayFixtures, monthListBody, rowsOf, yearOf, type Slip } from './support/payroll.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-06-15T10:00:00Z') });
});
afterAll(() => svc.close());

const { employee, list, slip, holidays, approve } = holidayFixtures({ api: (...a) => svc.api(...a) }, '200686');

/** Posts a list of a month; answers the HTTP answer (refusals included). */
const tryList = (month: string, entries: Record<string, unknown>[]) =>
  svc.api('POST', '/payrolls/salarylists', { ...monthListBody(month), employeesDataForSalarySlip: entries });
const listCount = async () => (await svc.api('GET', '/payrolls/salarylists')).body.meta.totalCount as number;
const put = (s: Slip, rows: Slip['rows']) => svc.api('PUT', `/payrolls/salaryslips/${s.id}`, { ...s, rows });
const refusal = (field: string, message: string) => [
  { status: 400, field, message: `PAY_LEAVE_NOT_AVAILABLE: ${message}` },
];

// 3,000.00 a month from 1.8.2024: credit year 2025 is 12 full months × 2.5 = 30 days, a day 3000/25 = 120.00, the
// bonus (the common terms: 50 %, with the holiday) 60.00
const monthly = () =>
  employee({ baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' }, { startDate: '2024-08-01', hoursPerWeek: 37.5 });

describe('holiday days and bonus days asked on lists are reserved until approved', () => {
  let id: number;
  let first: Slip;
  let second: Slip;

  it('a second list not yet approved may pay only the days the first leaves', async () => {
    id = await monthly();
    [first] = await list('2026-06', [{ employeeId: id, holidayPayData: { holidayDays: 20 } }]);
    expect(rowsOf(first, 1510)).toEqual([{ quantity: 20, unitValue: 120 }]);
    expect(rowsOf(first, 1520)).toEqual([{ quantity: 20, unitValue: 60 }]);
    // the accrual counts approved slips only: 30 days are still left there
    expect(yearOf(await holidays(id), 2025)).toMatchObject({ remainingHolidayDays: 30 });

    const lists = await listCount();
    const refused = await tryList('2026-06', [{ employeeId: id, holidayPayData: { holidayDays: 11 } }]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(
      refusal('employeesDataForSalarySlip[0].holidayPayData.holidayDays', '11 holiday days asked of 2025, 10 left.'),
    );
    const bonus = await tryList('2026-06', [
      { employeeId: id, holidayPayData: { holidayDays: 10, holidayBonusDays: 11 } },
    ]);
    expect(bonus.body.errors).toEqual(
      refusal(
        'employeesDataForSalarySlip[0].holidayPayData.holidayBonusDays',
        '11 holiday bonus days asked of 2025, 10 left.',
      ),
    );
    expect(await listCount()).toBe(lists);

    [second] = await list('2026-06', [{ employeeId: id, holidayPayData: { holidayDays: 10 } }]);
    expect(rowsOf(second, 1510)).toEqual([{ quantity: 10, unitValue: 120 }]);
    expect(rowsOf(second, 1520)).toEqual([{ quantity: 10, unitValue: 60 }]);
  });

  it('a pay leave on a third slip finds nothing left', async () => {
    const [third] = await list('2026-06', [{ employeeId: id }]);
    const leave = await svc.api('POST', `/payrolls/salaryslips/${third.id}/payleaves`, {
      holidayPayLeaves: [{ holidayCreditYear: 2025, holidayDays: 1, holidayBonusDays: 1 }],
    });
    expect(leave.status).toBe(400);
    expect(leave.body.errors).toEqual([
      ...refusal('holidayPayLeaves[0].holidayDays', '1 holiday days asked of 2025, 0 left.'),
      ...refusal('holidayPayLeaves[0].holidayBonusDays', '1 holiday bonus days asked of 2025, 0 left.'),
    ]);
    expect(rowsOf(await slip(third.id), 1510)).toEqual([]);
  });

  it('two pay leaves of a credit year in one request are checked together', async () => {
    const [own] = await list('2026-06', [{ employeeId: await monthly() }]);
    const leave = await svc.api('POST', `/payrolls/salaryslips/${own.id}/payleaves`, {
      holidayPayLeaves: [
        { holidayCreditYear: 2025, holidayDays: 20 },
        { holidayCreditYear: 2025, holidayDays: 11 },
      ],
    });
    expect(leave.body.errors).toEqual(
      refusal('holidayPayLeaves[1].holidayDays', '11 holiday days asked of 2025, 10 left.'),
    );
  });

  it('approving checks again against the approved slips: days typed in beyond what is left are refused', async () => {
    expect((await approve(first.id)).status).toBe(200);
    // the second slip's holiday rows raised by hand to 15 days: only 10 are left once the first is approved
    const raised = second.rows.map((r) => ([1510, 1520].includes(r.salaryTypeCode) ? { ...r, quantity: 15 } : r));
    const changed = await put(second, raised);
    expect(changed.status, changed.text).toBe(200);
    const refused = await approve(second.id);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      ...refusal('rows', '15 holiday days asked of 2025, 10 left.'),
      ...refusal('rows', '15 holiday bonus days asked of 2025, 10 left.'),
    ]);
    expect((await slip(second.id)).status).toBe('CREATED');
    const back = await put(changed.body, second.rows);
    expect(back.status, back.text).toBe(200);
    expect((await approve(second.id)).status).toBe(200);
    expect(yearOf(await holidays(id), 2025)).toMatchObject({ remainingHolidayDays: 0, remainingHolidayBonusDays: 0 });
  });

  it('two lists made at the same time pay the days once between them', async () => {
    const other = await monthly();
    const answers = await Promise.all([
      tryList('2026-06', [{ employeeId: other, holidayPayData: { holidayDays: 20 } }]),
      tryList('2026-06', [{ employeeId: other, holidayPayData: { holidayDays: 20 } }]),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.errors[0].message).toBe(
      'PAY_LEAVE_NOT_AVAILABLE: 20 holiday days asked of 2025, 10 left.',
    );
  });
});

describe('holiday pay of the hourly-paid', () => {
  it('a day is worth the credit year holiday pay over its days, however many are left', async () => {
    // 16 hours a week at 15.00 from 1.8.2024 (the 35-hour rule): credit year 2025 pays 261 weekdays × 3.2 h ×
    // 15.00 = 12,528.00, 11.5 % of it 1,440.72 for 30 days: 48.024 a day, the bonus half of it 24.01
    const partTime = await employee(
      { baseSalaryValue: 15, baseSalaryType: 'HOURLY' },
      { startDate: '2024-08-01', hoursPerWeek: 16 },
    );
    const [june] = await list('2026-06', [{ employeeId: partTime, holidayPayData: { holidayDays: 7 } }]);
    expect(rowsOf(june, 1510)).toEqual([{ quantity: 7, unitValue: 48.024 }]);
    expect(rowsOf(june, 1520)).toEqual([{ quantity: 7, unitValue: 24.01 }]);
    expect((await approve(june.id)).status).toBe(200);
    // 23 days left worth 1,440.72 × 23/30 = 1,104.55 (to the cent); a day is still 48.024, not 1,104.55/23
    expect(yearOf(await holidays(partTime), 2025)).toMatchObject({
      remainingHolidayDays: 23,
      remainingHolidayPay: 1104.55,
    });
    const [july] = await list('2026-07', [{ employeeId: partTime, holidayPayData: { holidayDays: 3 } }]);
    expect(rowsOf(july, 1510)).toEqual([{ quantity: 3, unitValue: 48.024 }]);
  });

  it('with no days left holiday days are refused, not paid at 0', async () => {
    // employed from 1.5.2026: nothing earned in credit year 2025
    const newcomer = await employee(
      { baseSalaryValue: 20, baseSalaryType: 'HOURLY' },
      { startDate: '2026-05-01', hoursPerWeek: 37.5 },
    );
    const refused = await tryList('2026-06', [{ employeeId: newcomer, holidayPayData: { holidayDays: 5 } }]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(
      refusal('employeesDataForSalarySlip[0].holidayPayData.holidayDays', '5 holiday days asked of 2025, 0 left.'),
    );
  });
});

describe('the holiday bonus on holiday compensation', () => {
  // 2,500.00 a month from 1.4.2025 to 31.7.2026: 30 days of credit year 2025 and 4 × 2.5 = 10 of 2026, a day 100.00
  const leaving = () =>
    employee(
      { baseSalaryValue: 2500, baseSalaryType: 'ONE_MONTH' },
      { startDate: '2025-04-01', endDate: '2026-07-31', hoursPerWeek: 37.5 },
    );

  it('is not paid under terms that do not say so', async () => {
    const [july] = await list('2026-07', [{ employeeId: await leaving() }]);
    expect(rowsOf(july, 1530).map((r) => r.quantity)).toEqual([30, 10]);
    expect(rowsOf(july, 1520)).toEqual([]);
  });

  it('is paid of the bonus days left of each credit year compensated, once', async () => {
    const terms = await svc.api('PUT', '/payrolls/holidayterms', {
      periods: [
        {
          validFrom: '2025-01-01',
          holidayBonusPercent: 50,
          holidayBonusPayment: 'WITH_HOLIDAY',
          additionalLeaveDays: 0,
          holidayBonusOnCompensation: true,
        },
      ],
    });
    expect(terms.status, terms.text).toBe(200);
    expect(terms.body.periods[0].holidayBonusOnCompensation).toBe(true);
    const id = await leaving();
    // 5 days of 2025 taken in June with their bonus: 25 days and 25 bonus days of 2025 are left to compensate
    const [june] = await list('2026-06', [{ employeeId: id, holidayPayData: { holidayDays: 5 } }]);
    expect((await approve(june.id)).status).toBe(200);
    const [july] = await list('2026-07', [{ employeeId: id }]);
    expect(rowsOf(july, 1530)).toEqual([
      { quantity: 25, unitValue: 100, from: '2025-04-01' },
      { quantity: 10, unitValue: 100, from: '2026-04-01' },
    ]);
    // the bonus: 50 % of a compensated day, 50.00
    expect(rowsOf(july, 1520)).toEqual([
      { quantity: 25, unitValue: 50, from: '2025-04-01' },
      { quantity: 10, unitValue: 50, from: '2026-04-01' },
    ]);
    // compensation 3,500 + bonus 1,750 (no salary base)
    expect(july.figures).toMatchObject({ grossPay: 5250 });
    // a second list of the end pays neither again
    const [again] = await list('2026-07', [{ employeeId: id }]);
    expect([...rowsOf(again, 1530), ...rowsOf(again, 1520)]).toEqual([]);
    expect((await approve(july.id)).status).toBe(200);
    expect(await holidays(id)).toMatchObject({ totalRemainingHolidayDays: 0, totalRemainingHolidayBonusDays: 0 });
    const report = await svc.api('GET', `/payrolls/salaryslips/${july.id}/incomesregister`);
    expect(report.status, report.text).toBe(200);
    const amount = (code: number) =>
      (report.body.transactions as { incomeTypeCode: number; amount: number }[]).find((t) => t.incomeTypeCode === code)
        ?.amount;
    expect([amount(234), amount(213)]).toEqual([3500, 1750]);
  });
});

describe('working hour reduction (1459) is reserved too, and rows typed in are checked', () => {
  let id: number;
  let first: Slip;
  let plain: Slip;

  it('a second list may pay only the hours the first leaves', async () => {
    // 40 hours a week at 20.00 from 1.1.2026: 118 weekdays at work to 15.6.2026, 6 × 17: 48 hours
    id = await employee(
      { baseSalaryValue: 20, baseSalaryType: 'HOURLY' },
      { startDate: '2026-01-01', hoursPerWeek: 40 },
    );
    const left = await svc.api('GET', `/payrolls/employees/${id}/workinghourreduction`);
    expect(left.body.totalRemainingWorkingHourReductionHours).toBe(48);
    [first] = await list('2026-03', [
      { employeeId: id, workingHourReductionPayData: { workingHourReductionHours: 16 } },
    ]);
    expect(rowsOf(first, 1459)).toEqual([{ quantity: 16, unitValue: 20 }]);
    const refused = await tryList('2026-03', [
      { employeeId: id, workingHourReductionPayData: { workingHourReductionDays: 5 } },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(
      refusal(
        'employeesDataForSalarySlip[0].workingHourReductionPayData',
        '40 working hour reduction hours asked of 2026, 32 left.',
      ),
    );
    const [second] = await list('2026-03', [
      { employeeId: id, workingHourReductionPayData: { workingHourReductionDays: 4 } },
    ]);
    expect(rowsOf(second, 1459)).toEqual([{ quantity: 32, unitValue: 20 }]);
  });

  it('a 1459 row typed into a slip may not take more than is left; one kept or lowered may', async () => {
    [plain] = await list('2026-03', [{ employeeId: id }]);
    const typed = {
      salaryTypeCode: 1459,
      quantity: 8,
      unitValue: 20,
      workingHourReductionRowDetails: { year: 2026 },
      showEarningPeriodInExport: false,
      unjustEnrichment: false,
    };
    const refused = await put(plain, [...plain.rows, typed] as Slip['rows']);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(refusal('rows', '8 working hour reduction hours asked of 2026, 0 left.'));
    // the first slip's own 16 hours are its own: raising them to 17 is one too many, lowering them is fine
    const raise = (s: Slip, quantity: number) =>
      put(
        s,
        s.rows.map((r) => (r.salaryTypeCode === 1459 ? { ...r, quantity } : r)),
      );
    const tooMany = await raise(first, 17);
    expect(tooMany.body.errors).toEqual(refusal('rows', '17 working hour reduction hours asked of 2026, 16 left.'));
    const kept = await raise(first, 16);
    expect(kept.status, kept.text).toBe(200);
    const lowered = await raise(kept.body, 8);
    expect(lowered.status, lowered.text).toBe(200);
    // the 8 hours freed may now be typed into the other slip; a pay leave on it then finds none left
    const typedIn = await put(plain, [...plain.rows, typed] as Slip['rows']);
    expect(typedIn.status, typedIn.text).toBe(200);
    const leave = await svc.api('POST', `/payrolls/salaryslips/${plain.id}/payleaves`, {
      workingHourReductionLeaves: [{ year: 2026, workingHourReductionHours: 1 }],
    });
    expect(leave.body.errors).toEqual(
      refusal('workingHourReductionLeaves[0]', '1 working hour reduction hours asked of 2026, 0 left.'),
    );
  });

  it('approving checks the hours against the approved slips', async () => {
    expect((await approve(plain.id)).status).toBe(200);
    expect((await approve(first.id)).status).toBe(200);
    const after = await svc.api('GET', `/payrolls/employees/${id}/workinghourreduction`);
    expect(after.body.totalRemainingWorkingHourReductionHours).toBe(32);
  });
});
