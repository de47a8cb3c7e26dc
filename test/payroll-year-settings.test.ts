// Payroll through the year over real HTTP: a tax card followed cumulatively against one followed per period
// (three monthly slips crossing the income limit, worked by hand), the company's group life insurance rate of a
// year (set, shown, used by the calculation and the posting, overridden per employee), and working hour reduction
// paid on a salary list (salary type 1459), counted as used once approved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { payrollSettingsMigrations } from '../src/payroll/settings-migrations.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { monthListBody, salaryInfoBody } from './support/payroll.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-04-15T10:00:00Z') });
});
afterAll(() => svc.close());

async function employee(name: string, income: Record<string, unknown>, hoursPerWeek?: number): Promise<number> {
  const person = await svc.api('POST', '/businesspartners', { name, type: 'PERSON' });
  expect(person.status, person.text).toBe(200);
  const info = await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfoBody(person.body.id, income));
  expect(info.status, info.text).toBe(200);
  const id = info.body.employeeId as number;
  // pay only what each test puts in the base (withBase), not the base salary row the salary info brings
  const emptied = await svc.api('PUT', `/payrolls/employees/${id}/salarybase`, { rows: [] });
  expect(emptied.status, emptied.text).toBe(200);
  if (hoursPerWeek !== undefined) {
    const employment = await svc.api('POST', `/payrolls/employees/${id}/salaryinfo/employments`, {
      startDate: '2025-06-01',
      hoursPerWeek,
      terminationReason: 'NOT_APPLICABLE',
      keva: false,
    });
    expect(employment.status, employment.text).toBe(200);
  }
  return id;
}

async function withBase(id: number, monthly: number): Promise<void> {
  const base = await svc.api('PUT', `/payrolls/employees/${id}/salarybase`, {
    rows: [{ salaryTypeCode: 1000, quantity: 1, unitValue: monthly, baseSalaryRow: true }],
  });
  expect(base.status, base.text).toBe(200);
}

/** A salary list of a calendar month of 2026 ('2026-03'); its slips by employee id. */
async function monthList(month: string, entries: Record<string, unknown>[]) {
  const answer = await svc.api('POST', '/payrolls/salarylists', {
    ...monthListBody(month),
    employeesDataForSalarySlip: entries,
  });
  return answer;
}

async function slipOf(month: string, employeeId: number, entry: Record<string, unknown> = {}) {
  const list = await monthList(month, [{ employeeId, ...entry }]);
  expect(list.status, list.text).toBe(200);
  const slip = await svc.api('GET', `/payrolls/salaryslips/${list.body.salarySlips[0].id}`);
  expect(slip.status, slip.text).toBe(200);
  return slip.body;
}

const approve = async (slipId: number) => {
  const answer = await svc.api('PUT', `/payrolls/salaryslips/${slipId}/approve`);
  expect(answer.status, answer.text).toBe(200);
};

/** Sets the pay of the slip's monthly salary row; answers the recalculated slip. */
async function withMonthlyPay(slip: { id: number; rows: { salaryTypeCode: number }[] }, pay: number) {
  const answer = await svc.api('PUT', `/payrolls/salaryslips/${slip.id}`, {
    ...slip,
    rows: slip.rows.map((r) => (r.salaryTypeCode === 1000 ? { ...r, unitValue: pay } : r)),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe('a tax card followed cumulatively', () => {
  // base 20 %, additional 40 %, annual limit 36,000: 3,000 a month
  const CARD = {
    type: 'A',
    revised: false,
    validFrom: '2025-02-01',
    basePercent: 20,
    additionalPercent: 40,
    annualIncomeLimit: 36000,
  };
  let cumulative: number;
  let perPeriod: number;
  let cardPath: string;

  it('keeps the method on the card: PER_PERIOD unless CUMULATIVE is asked', async () => {
    cumulative = await employee('Kumulatiivinen Kaisa', { baseSalaryValue: 2000, baseSalaryType: 'ONE_MONTH' });
    perPeriod = await employee('Kausittainen Kalle', { baseSalaryValue: 2000, baseSalaryType: 'ONE_MONTH' });
    const cards = (id: number) => `/payrolls/employees/${id}/salaryinfo/taxcards`;
    const made = await svc.api('POST', cards(cumulative), { ...CARD, incomeLimitMethod: 'CUMULATIVE' });
    expect(made.status, made.text).toBe(200);
    expect(made.body.incomeLimitMethod).toBe('CUMULATIVE');
    cardPath = `${cards(cumulative)}/${made.body.id}`;
    expect((await svc.api('GET', cardPath)).body.incomeLimitMethod).toBe('CUMULATIVE');
    const plain = await svc.api('POST', cards(perPeriod), CARD);
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.incomeLimitMethod).toBe('PER_PERIOD');
    const wrong = await svc.api('POST', cards(perPeriod), { ...CARD, incomeLimitMethod: 'YEARLY' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('incomeLimitMethod');
    await withBase(cumulative, 2000);
    await withBase(perPeriod, 2000);
  });

  it('January and February under the accrued limit: 20 % each month', async () => {
    for (const month of ['2026-01', '2026-02']) {
      const slip = await slipOf(month, cumulative);
      // pay to date 2,000 / 4,000 under the limits to date 3,000 / 6,000: 400 / 800 less 0 / 400 withheld
      expect(slip.figures.withholding).toBe(400);
      await approve(slip.id);
      const other = await slipOf(month, perPeriod);
      expect(other.figures.withholding).toBe(400);
      await approve(other.id);
    }
    expect((await svc.api('GET', cardPath)).body.limitUsed).toBe(4000);
  });

  it('March crosses the limit: the tax on the year so far less what was withheld', async () => {
    const slip = await slipOf('2026-03', cumulative);
    // 6,000 to date under 9,000: 1,200 less 800
    expect(slip.figures.withholding).toBe(400);
    // 10,000 to date over 9,000: 9,000 × 20 % + 1,000 × 40 % = 2,200, less 800 withheld
    const raised = await withMonthlyPay(slip, 6000);
    expect(raised.figures.withholding).toBe(1400);
    expect(raised.rows.find((r: { salaryTypeCode: number }) => r.salaryTypeCode === 5010).unitValue).toBe(1400);
    await approve(slip.id);
    expect((await svc.api('GET', `/payrolls/salaryslips/${slip.id}`)).body.figures.withholding).toBe(1400);

    // per period the month's 3,000 limit alone: 3,000 × 20 % + 3,000 × 40 %
    const other = await withMonthlyPay(await slipOf('2026-03', perPeriod), 6000);
    expect(other.figures.withholding).toBe(1800);
  });

  it('a later slip of the same month counts the month once; a cancelled approval no longer counts', async () => {
    // March's limit is already counted: 10,500 to date over 9,000 → 2,400 less 2,200 withheld
    const extra = await slipOf('2026-03', cumulative);
    const bonus = await svc.api('PUT', `/payrolls/salaryslips/${extra.id}`, {
      ...extra,
      rows: [
        {
          salaryTypeCode: 2010,
          quantity: 1,
          unitValue: 500,
          showEarningPeriodInExport: false,
          unjustEnrichment: false,
        },
      ],
    });
    expect(bonus.status, bonus.text).toBe(200);
    expect(bonus.body.figures.withholding).toBe(200);

    // April without March's slip: 4,000 + 2,000 to date under 3 × 3,000 accrued → 1,200 less 800
    const march = (
      await svc.api(
        'GET',
        `/payrolls/salaryslips?paydayStartDate=2026-03-31&paydayEndDate=2026-03-31&employeeName=Kumulatiivinen&status=APPROVED`,
      )
    ).body.results;
    expect(march).toHaveLength(1);
    expect((await svc.api('PUT', `/payrolls/salaryslips/${march[0].id}/cancelapproval`)).status).toBe(200);
    const april = await slipOf('2026-04', cumulative);
    expect(april.figures.withholding).toBe(400);
  });
});

describe("the company's group life insurance rate", () => {
  let id: number;

  it('is the usual 0.06 % of a year until the company sets its own', async () => {
    const shown = await svc.api('GET', '/payrolls/salariesbasicinfo?year=2026');
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.yearlyFigures.groupLifeInsurancePercent).toBe(0.06);
    id = await employee('Ryhmä Henki', { baseSalaryValue: 4000, baseSalaryType: 'ONE_MONTH' });
    await withBase(id, 4000);
    // 4,000 × 0.06 %
    expect((await slipOf('2026-02', id)).figures.groupLifeInsurance).toBe(2.4);
  });

  it('PUT sets the rate of a year; slips of that year use it and post it', async () => {
    const set = await svc.api('PUT', '/payrolls/salariesbasicinfo/grouplifeinsurance', {
      year: 2026,
      groupLifeInsurancePercent: 0.1,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ year: 2026, groupLifeInsurancePercent: 0.1, version: expect.any(String) });
    const again = await svc.api('PUT', '/payrolls/salariesbasicinfo/grouplifeinsurance', {
      year: 2026,
      groupLifeInsurancePercent: 0.08,
    });
    expect(again.status, again.text).toBe(200);
    expect((await svc.api('GET', '/payrolls/salariesbasicinfo?year=2026')).body.yearlyFigures).toMatchObject({
      groupLifeInsurancePercent: 0.08,
    });
    expect((await svc.api('GET', '/payrolls/salariesbasicinfo?year=2025')).body.yearlyFigures).toMatchObject({
      groupLifeInsurancePercent: 0.06,
    });

    const slip = await slipOf('2026-03', id);
    // 4,000 × 0.08 %
    expect(slip.figures.groupLifeInsurance).toBe(3.2);
    await approve(slip.id);
    const receipts = await svc.api('GET', '/ledgerreceipts?startDate=2026-03-31&endDate=2026-03-31&size=200');
    expect(receipts.status, receipts.text).toBe(200);
    const lines: [string, number][] = [];
    for (const receipt of receipts.body.results) {
      const full = (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body;
      if (full.name.startsWith('Employer contributions') && full.name.includes('Ryhmä Henki'))
        for (const t of full.transactions) lines.push([t.account, t.accountingValue]);
    }
    expect(lines).toContainEqual(['6430', 3.2]);
    expect(lines).toContainEqual(['2965', -3.2]);
  });

  it("a list entry's own percentage goes before the company's", async () => {
    expect((await slipOf('2026-04', id, { groupLifeInsurancePercent: 0 })).figures.groupLifeInsurance).toBe(0);
    expect((await slipOf('2026-04', id, { groupLifeInsurancePercent: 0.5 })).figures.groupLifeInsurance).toBe(20);
  });

  it('refuses a bad rate, and another company keeps its own', async () => {
    for (const body of [
      { year: 2026, groupLifeInsurancePercent: -1 },
      { year: 2026, groupLifeInsurancePercent: 101 },
      { year: 20260, groupLifeInsurancePercent: 0.1 },
      { groupLifeInsurancePercent: 0.1 },
    ]) {
      const answer = await svc.api('PUT', '/payrolls/salariesbasicinfo/grouplifeinsurance', body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors.length).toBeGreaterThan(0);
    }
    const other = await otherCompany(svc, 'Ryhmä Toinen Oy');
    const theirs = await svc.request('GET', '/api/payrolls/salariesbasicinfo?year=2026', {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.status).toBe(200);
    expect(JSON.parse(theirs.text).yearlyFigures.groupLifeInsurancePercent).toBe(0.06);
  });
});

describe('working hour reduction paid on a salary list', () => {
  let hourly: number;

  it('pays the hours asked as a 1459 row at the hourly pay, marked with the year', async () => {
    // 40 hours a week: 1.1.–15.4.2026 has 75 weekdays at work, 4 × 17: 32 hours
    hourly = await employee('Tunti Tuula', { baseSalaryValue: 20, baseSalaryType: 'HOURLY' }, 40);
    const left = await svc.api('GET', `/payrolls/employees/${hourly}/workinghourreduction`);
    expect(left.body.totalRemainingWorkingHourReductionHours).toBe(32);
    const slip = await slipOf('2026-03', hourly, { workingHourReductionPayData: { workingHourReductionDays: 2 } });
    const row = slip.rows.find((r: { salaryTypeCode: number }) => r.salaryTypeCode === 1459);
    expect(row).toMatchObject({ quantity: 16, unitValue: 20, workingHourReductionRowDetails: { year: 2026 } });
    expect(slip.figures.grossPay).toBe(320);
    await approve(slip.id);

    const accounting = await svc.api('GET', `/payrolls/salaryslips/${slip.id}/accounting`);
    expect(accounting.status, accounting.text).toBe(200);
    expect(accounting.body.transactions).toContainEqual(
      expect.objectContaining({ account: '5020', accountingValue: 320 }),
    );
    const after = await svc.api('GET', `/payrolls/employees/${hourly}/workinghourreduction`);
    expect(after.body).toMatchObject({
      totalRemainingWorkingHourReductionHours: 16,
      totalRemainingWorkingHourReductionDays: 2,
    });
  });

  it('a monthly-paid employee is paid the monthly salary over its hours; hours go before days', async () => {
    const monthly = await employee('Kuukausi Kari', { baseSalaryValue: 3200, baseSalaryType: 'ONE_MONTH' }, 40);
    const slip = await slipOf('2026-03', monthly, {
      workingHourReductionPayData: { workingHourReductionDays: 3, workingHourReductionHours: 4 },
    });
    // 3,200 / 160 hours = 20 an hour
    expect(slip.rows.find((r: { salaryTypeCode: number }) => r.salaryTypeCode === 1459)).toMatchObject({
      quantity: 4,
      unitValue: 20,
    });
  });

  it('refuses more than is left, and pays nothing when days and hours are null', async () => {
    const refused = await monthList('2026-04', [
      { employeeId: hourly, workingHourReductionPayData: { workingHourReductionHours: 20 } },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      field: 'employeesDataForSalarySlip[0].workingHourReductionPayData',
      message: expect.stringMatching(
        /^PAY_LEAVE_NOT_AVAILABLE: 20 working hour reduction hours asked of 2026, 16 left/,
      ),
    });
    const none = await slipOf('2026-04', hourly, {
      workingHourReductionPayData: { workingHourReductionDays: null, workingHourReductionHours: null },
    });
    expect(none.rows.some((r: { salaryTypeCode: number }) => r.salaryTypeCode === 1459)).toBe(false);
    const types = await svc.api('GET', '/payrolls/salarytypes?code=1459');
    expect(types.body.results[0]).toMatchObject({ code: 1459, incomeTypeCode: 201, unit: 'HOUR' });
  });

  it('a company set up before 1459 was in the catalogue gets it by the migration, once', async () => {
    const other = await otherCompany(svc, 'Vanha Palkka Oy');
    const db = svc.app.ctx.db;
    await db.deleteFrom('salary_types').where('company_id', '=', other.companyId).where('code', '=', 1459).execute();
    const migration = payrollSettingsMigrations['0722_working_hour_reduction_salary_type'];
    await migration.up(db);
    await migration.up(db);
    const read = await svc.request('GET', '/api/payrolls/salarytypes?code=1459', {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(JSON.parse(read.text).results).toEqual([
      expect.objectContaining({ code: 1459, name: 'Työajanlyhennyskorvaus', category: 'SALARY_FOR_TIME_WORKED' }),
    ]);
  });
});
