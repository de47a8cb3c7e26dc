// Payroll over real HTTP: labor unions, working-hour reduction, salaries basic info and holiday pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-04-15T10:00:00Z') });
});
afterAll(() => svc.close());

const salaryInfo = (personId: number, income: Record<string, unknown>) => ({
  personId,
  incomeConfiguration: {
    baseSalaryHours: 160,
    travelExpensesSpecialHandling: 'NONE',
    salaryChannel: 'EMAIL',
    excludedFromAutomatedWithholdingPercentageRequest: false,
    ...income,
  },
  insurancesConfiguration: {
    pensionInsurance: { type: 'TYEL' },
    accidentInsurance: { percent: 0.7 },
    pensionVoluntarilyPaid: false,
  },
  internationalSituationsConfiguration: { notSubjectToWithholding: false, nonResidentTaxPayer: false },
});

async function employee(name: string, income: Record<string, unknown>, ...employments: Record<string, unknown>[]) {
  const person = await svc.api('POST', '/businesspartners', { name, type: 'PERSON' });
  expect(person.status, person.text).toBe(200);
  const info = await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfo(person.body.id, income));
  expect(info.status, info.text).toBe(200);
  const id = info.body.employeeId as number;
  for (const employment of employments) {
    const answer = await svc.api('POST', `/payrolls/employees/${id}/salaryinfo/employments`, {
      terminationReason: 'NOT_APPLICABLE',
      keva: false,
      ...employment,
    });
    expect(answer.status, answer.text).toBe(200);
  }
  return id;
}

describe('labor unions', () => {
  it('lists the unions of the company', async () => {
    const answer = await svc.api('GET', '/payrolls/laborunionsettings');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(5);
    expect(answer.body[0]).toEqual({ id: expect.any(Number), name: 'Palvelualojen ammattiliitto PAM' });
  });

  it('gives a company set up before the unions were its unions on the first read, once', async () => {
    const other = await otherCompany(svc, 'Union Late Oy');
    await svc.app.ctx.db.deleteFrom('labor_union_settings').where('company_id', '=', other.companyId).execute();
    const read = () =>
      svc.request('GET', '/api/payrolls/laborunionsettings', { headers: { authorization: `Bearer ${other.token}` } });
    const [first, second] = await Promise.all([read(), read()]);
    expect(first.status, first.text).toBe(200);
    const names = (await read()).body.map((u: { name: string }) => u.name);
    expect(names).toContain('Teollisuusliitto');
    expect(new Set(names).size).toBe(names.length);
    expect(second.status).toBe(200);
  });

  it('adds, lists, reads, replaces with the version and deletes a membership', async () => {
    const id = await employee('Union Member', { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' });
    const [pam, teollisuus] = (await svc.api('GET', '/payrolls/laborunionsettings')).body;
    const base = `/payrolls/employees/${id}/salaryinfo/laborunionmemberships`;
    const created = await svc.api('POST', base, {
      laborUnionSettingId: pam.id,
      membershipId: 'M-123',
      department: 'Helsinki',
      membershipStart: '2024-05-01',
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      laborUnionSettingId: pam.id,
      membershipId: 'M-123',
      department: 'Helsinki',
      membershipStart: '2024-05-01',
      version: expect.any(String),
    });
    const one = `${base}/${created.body.id}`;
    expect((await svc.api('GET', one)).body).toEqual(created.body);
    const earlier = await svc.api('POST', base, { laborUnionSettingId: teollisuus.id, membershipStart: '2020-01-01' });
    expect((await svc.api('GET', base)).body.map((m: { id: number }) => m.id)).toEqual([
      earlier.body.id,
      created.body.id,
    ]);

    const replaced = await svc.api('PUT', one, {
      ...created.body,
      membershipEnd: '2026-03-31',
      explanation: 'Moved to another union',
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ membershipEnd: '2026-03-31', explanation: 'Moved to another union' });
    expect(replaced.body.version).not.toBe(created.body.version);
    const stale = await svc.api('PUT', one, created.body);
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].field).toBe('version');
    const { version: _v, ...unversioned } = replaced.body;
    expect((await svc.api('PUT', one, unversioned)).status).toBe(400);

    expect((await svc.api('DELETE', one)).status).toBe(204);
    expect((await svc.api('GET', one)).status).toBe(404);
    expect((await svc.api('GET', base)).body).toHaveLength(1);
  });

  it('refuses an unknown union, an end before the start, an unknown employee and a missing start', async () => {
    const id = await employee('Union Refused', { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' });
    const base = `/payrolls/employees/${id}/salaryinfo/laborunionmemberships`;
    const [pam] = (await svc.api('GET', '/payrolls/laborunionsettings')).body;
    const unknown = await svc.api('POST', base, { laborUnionSettingId: 999999, membershipStart: '2025-01-01' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toBe('Labor union setting not found.');
    const backwards = await svc.api('POST', base, {
      laborUnionSettingId: pam.id,
      membershipStart: '2025-01-01',
      membershipEnd: '2024-12-31',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].field).toBe('membershipEnd');
    const noStart = await svc.api('POST', base, { laborUnionSettingId: pam.id });
    expect(noStart.status).toBe(400);
    const noEmployee = await svc.api('POST', '/payrolls/employees/999999/salaryinfo/laborunionmemberships', {
      laborUnionSettingId: pam.id,
      membershipStart: '2025-01-01',
    });
    expect(noEmployee.status).toBe(404);
    expect((await svc.api('GET', base)).body).toEqual([]);
  });
});

describe('working hour reduction and salaries basic info', () => {
  it('earns 8 hours for every 17 days at work on a 40-hour week, none on a shorter week', async () => {
    // 40 hours a week from 1.1.2026: 1.1.–15.4.2026 has 75 weekdays, 4 × 17: 32 hours, 4 days
    const forty = await employee(
      'Reduction Forty',
      { baseSalaryValue: 3200, baseSalaryType: 'ONE_MONTH' },
      { startDate: '2025-06-01', hoursPerWeek: 40 },
    );
    const answer = await svc.api('GET', `/payrolls/employees/${forty}/workinghourreduction`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      startDate: '2026-01-01',
      totalRemainingWorkingHourReductionHours: 32,
      totalRemainingWorkingHourReductionDays: 4,
    });
    const shorter = await employee(
      'Reduction Shorter',
      { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' },
      { startDate: '2026-02-02', hoursPerWeek: 37.5 },
    );
    expect((await svc.api('GET', `/payrolls/employees/${shorter}/workinghourreduction`)).body).toEqual({
      startDate: '2026-02-02',
      totalRemainingWorkingHourReductionHours: 0,
      totalRemainingWorkingHourReductionDays: 0,
    });
    expect((await svc.api('GET', '/payrolls/employees/999999/workinghourreduction')).status).toBe(404);
  });

  it("answers the year's employer contribution rates, this year's when no year is asked", async () => {
    const answer = await svc.api('GET', '/payrolls/salariesbasicinfo');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      yearlyFigures: {
        year: 2026,
        paidSalariesSum: 0,
        pensionInsuranceContributionPercent: 17.1,
        unemploymentInsurancePercentBasic: 0.31,
        unemploymentInsurancePercentAdditional: 0.72,
        accidentInsurancePercent: 0.7,
        groupLifeInsurancePercent: 0.06,
        healthCareInsurancePercent: 1.91,
      },
      workHours: { monthly: 160, weekly: 37.5 },
      incomesRegisterConfiguration: { payerTypes: [] },
      pensionContracts: [],
      accidentInsurancePolicies: [],
    });
    const y2025 = await svc.api('GET', '/payrolls/salariesbasicinfo?year=2025');
    expect(y2025.body.yearlyFigures).toMatchObject({ year: 2025, healthCareInsurancePercent: 1.87 });
    expect((await svc.api('GET', '/payrolls/salariesbasicinfo?year=2019')).status).toBe(404);
    expect((await svc.api('GET', '/payrolls/salariesbasicinfo?year=x')).status).toBe(400);
  });
});

describe('GET /payrolls/employees/{id}/holidaypay', () => {
  it('a monthly-paid employee: 2 days a month in the first credit year, 2.5 after a year, 1/25 of the salary a day', async () => {
    // from 1.8.2024: credit year 2025 has 12 full months × 2.5 = 30 days (a year by 31.3.2026); April 2026 not full
    const id = await employee(
      'Holiday Monthly',
      { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' },
      { startDate: '2024-08-01', type: 'PERMANENT', hoursPerWeek: 37.5 },
    );
    const answer = await svc.api('GET', `/payrolls/employees/${id}/holidaypay`);
    expect(answer.status, answer.text).toBe(200);
    // the credit years followed are last year's (its holidays taken this season) and the running one
    expect(answer.body).toEqual({
      useHolidayCalculation: true,
      holidayEarningStartDate: '2025-04-01',
      holidayBonusEarningStartDate: '2025-04-01',
      totalRemainingHolidayDays: 30,
      totalRemainingHolidayPay: 3600,
      totalRemainingHolidayBonusDays: 30,
      totalRemainingAdditionalLeaveDays: 0,
      yearlyRemainings: [
        {
          holidayCreditYear: 2025,
          remainingHolidayDays: 30,
          remainingHolidayPay: 3600,
          remainingHolidayBonusDays: 30,
          remainingAdditionalLeaveDays: 0,
        },
        {
          holidayCreditYear: 2026,
          remainingHolidayDays: 0,
          remainingHolidayPay: 0,
          remainingHolidayBonusDays: 0,
          remainingAdditionalLeaveDays: 0,
        },
      ],
    });
  });

  it('a start mid-month under the 14-day rule, and an hourly employee under the 35-hour rule', async () => {
    const late = await employee(
      'Holiday Late',
      { baseSalaryValue: 2800, baseSalaryType: 'ONE_MONTH' },
      { startDate: '2025-06-16', endDate: '2026-03-31', type: 'FIXED_TERM' },
    );
    const lateAnswer = await svc.api('GET', `/payrolls/employees/${late}/holidaypay`);
    // June has 11 working days: July–March, 9 × 2 = 18 days at 112.00; the employment has ended
    expect(lateAnswer.body).toMatchObject({ totalRemainingHolidayDays: 18, totalRemainingHolidayPay: 2016 });

    // two 8-hour days a week at 15.00 an hour from Monday 5.5.2025: every month has over 35 hours
    const hourly = await employee(
      'Holiday Hourly',
      { baseSalaryValue: 15, baseSalaryType: 'HOURLY' },
      { startDate: '2025-05-05', type: 'PART_TIME', hoursPerWeek: 16 },
    );
    const answer = await svc.api('GET', `/payrolls/employees/${hourly}/holidaypay`);
    expect(answer.status, answer.text).toBe(200);
    const y2025 = answer.body.yearlyRemainings.find((y: { holidayCreditYear: number }) => y.holidayCreditYear === 2025);
    expect(y2025.remainingHolidayDays).toBe(22); // May–March: 11 months × 2
    // pay 5.5.2025–31.3.2026: 237 weekdays × 3.2 h × 15.00 = 11,376.00; 9 % = 1,023.84
    expect(y2025.remainingHolidayPay).toBe(1023.84);
  });

  it('an employee without an employment has nothing yet; an unknown one is 404', async () => {
    const id = await employee('Holiday None', { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' });
    expect((await svc.api('GET', `/payrolls/employees/${id}/holidaypay`)).body).toEqual({
      useHolidayCalculation: true,
      totalRemainingHolidayDays: 0,
      totalRemainingHolidayPay: 0,
      totalRemainingHolidayBonusDays: 0,
      totalRemainingAdditionalLeaveDays: 0,
      yearlyRemainings: [],
    });
    expect((await svc.api('GET', '/payrolls/employees/999999/holidaypay')).status).toBe(404);
  });
});
