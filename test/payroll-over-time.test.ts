// Payroll over time end to end over HTTP: approved slips feeding holiday accrual (months worked, holidays paid)
// and the payslip's holiday lines, the Incomes Register report of a slip reconciled with the slip to the cent and
// the batch message of a payday, the employee's year summary and the company's employer contributions tied to
// the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ManualClock } from '../src/platform/clock.ts';
import { incomesRegisterBatches, markIncomesRegisterDelivered } from '../src/payroll/index.ts';
import { identityCode, monthListBody, salaryInfoBody, TAX_CARD_2026 } from './support/payroll.ts';
import { incomesRegisterErrors } from './support/incomes-register-xsd.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-06-15T10:00:00Z') });
});
afterAll(() => svc.close());

async function monthlyEmployee(
  name: string,
  code: string,
  salary: number,
  startDate: string,
  endDate?: string,
): Promise<number> {
  const person = await svc.api('POST', '/businesspartners', {
    name,
    type: 'PERSON',
    invoicingInfo: { identifier: code, identifierType: 'HETU' },
  });
  expect(person.status, person.text).toBe(200);
  const info = await svc.api(
    'POST',
    '/payrolls/employees/salaryinfo',
    salaryInfoBody(person.body.id, { baseSalaryValue: salary, baseSalaryType: 'ONE_MONTH' }),
  );
  expect(info.status, info.text).toBe(200);
  const id = info.body.employeeId as number;
  const employment = await svc.api('POST', `/payrolls/employees/${id}/salaryinfo/employments`, {
    startDate,
    ...(endDate ? { endDate } : {}),
    type: 'PERMANENT',
    hoursPerWeek: 37.5,
    terminationReason: 'NOT_APPLICABLE',
    keva: false,
  });
  expect(employment.status, employment.text).toBe(200);
  const card = await svc.api('POST', `/payrolls/employees/${id}/salaryinfo/taxcards`, TAX_CARD_2026);
  expect(card.status, card.text).toBe(200);
  const base = await svc.api('PUT', `/payrolls/employees/${id}/salarybase`, {
    rows: [
      { salaryTypeCode: 1000, quantity: 1, unitValue: salary, baseSalaryRow: true },
      { salaryTypeCode: 4010, quantity: 100, unitValue: 0.3 },
    ],
  });
  expect(base.status, base.text).toBe(200);
  return id;
}

/** Makes a one-employee list of a month and approves its slip; answers the slip. */
async function approvedSlip(
  employeeId: number,
  month: string,
  entry: Record<string, unknown> = {},
): Promise<{
  id: number;
  rows: { salaryTypeCode: number; quantity: number; unitValue: number }[];
  figures: Record<string, number>;
}> {
  const list = await svc.api('POST', '/payrolls/salarylists', {
    ...monthListBody(month),
    employeesDataForSalarySlip: [{ employeeId, ...entry }],
  });
  expect(list.status, list.text).toBe(200);
  const slipId = list.body.salarySlips[0].id as number;
  const approved = await svc.api('PUT', `/payrolls/salaryslips/${slipId}/approve`);
  expect(approved.status, approved.text).toBe(200);
  return (await svc.api('GET', `/payrolls/salaryslips/${slipId}`)).body;
}

const holidays = async (employeeId: number) => {
  const answer = await svc.api('GET', `/payrolls/employees/${employeeId}/holidaypay`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

let employeeId: number;
let aprilSlip: Awaited<ReturnType<typeof approvedSlip>>;
let juneSlip: Awaited<ReturnType<typeof approvedSlip>>;

describe('approved slips feed holiday accrual', () => {
  it('from the contract alone: credit year 2025 full, 2026 with April and May', async () => {
    employeeId = await monthlyEmployee('Lomalainen Liisa', identityCode('120380', '234'), 3000, '2024-08-01');
    // 2025: 12 months × 2.5 = 30 days at 3000/25 = 120.00; 2026: April, May full (June not yet) = 5 days
    expect(await holidays(employeeId)).toMatchObject({
      totalRemainingHolidayDays: 35,
      totalRemainingHolidayPay: 4200,
      yearlyRemainings: [
        { holidayCreditYear: 2025, remainingHolidayDays: 30, remainingHolidayPay: 3600, remainingHolidayBonusDays: 30 },
        { holidayCreditYear: 2026, remainingHolidayDays: 5, remainingHolidayPay: 600, remainingHolidayBonusDays: 5 },
      ],
    });
  });

  it('a month mostly absent on an approved slip is not a full holiday credit month', async () => {
    aprilSlip = await approvedSlip(employeeId, '2026-04', { calendarWorkdays: 22, absentDays: 15 });
    // April: 7 days at work (< 14): credit year 2026 has May only, 2.5 → 3 days
    expect(await holidays(employeeId)).toMatchObject({
      yearlyRemainings: [
        { holidayCreditYear: 2025, remainingHolidayDays: 30 },
        { holidayCreditYear: 2026, remainingHolidayDays: 3, remainingHolidayPay: 360 },
      ],
    });
  });

  it('holiday pay and bonus paid on an approved slip are used from last credit year; the month counts worked', async () => {
    juneSlip = await approvedSlip(employeeId, '2026-06', {
      calendarWorkdays: 22,
      absentDays: 0,
      holidayPayData: { holidayDays: 10, holidayBonusDays: 10 },
    });
    // the list pays a day at a 25th of the monthly salary, as the accrual values it: 120.00, the bonus 60.00
    const holidayRow = juneSlip.rows.find((r) => r.salaryTypeCode === 1510)!;
    const bonusRow = juneSlip.rows.find((r) => r.salaryTypeCode === 1520)!;
    expect([holidayRow.quantity, holidayRow.unitValue, bonusRow.quantity, bonusRow.unitValue]).toEqual([
      10, 120, 10, 60,
    ]);
    const after = await holidays(employeeId);
    // 2025: 30 − 10 = 20 days at 120.00; 2026: May and June (22 days at work on the slip) = 5 days
    expect(after).toMatchObject({
      totalRemainingHolidayDays: 25,
      totalRemainingHolidayPay: 3000,
      totalRemainingHolidayBonusDays: 25,
      yearlyRemainings: [
        { holidayCreditYear: 2025, remainingHolidayDays: 20, remainingHolidayPay: 2400, remainingHolidayBonusDays: 20 },
        { holidayCreditYear: 2026, remainingHolidayDays: 5, remainingHolidayPay: 600, remainingHolidayBonusDays: 5 },
      ],
    });
  });

  it('cancelling the approval gives the holidays back', async () => {
    expect((await svc.api('PUT', `/payrolls/salaryslips/${juneSlip.id}/cancelapproval`)).status).toBe(200);
    expect((await holidays(employeeId)).yearlyRemainings[0]).toMatchObject({ remainingHolidayDays: 30 });
    expect((await svc.api('PUT', `/payrolls/salaryslips/${juneSlip.id}/approve`)).status).toBe(200);
    expect((await holidays(employeeId)).yearlyRemainings[0]).toMatchObject({ remainingHolidayDays: 20 });
  });

  it('the payslip shows the holidays paid and the accrual left by credit year', { timeout: 60_000 }, async () => {
    const bytes = new Uint8Array(
      await (
        await fetch(`${svc.base}/api/payrolls/salaryslips/${juneSlip.id}/pdf`, {
          headers: { authorization: `Bearer ${await svc.token()}` },
        })
      ).arrayBuffer(),
    );
    const document = await getDocument({ data: bytes, useSystemFonts: false }).promise;
    const page = await document.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    for (const expected of [
      'Holiday pay paid',
      '1 200,00 €',
      'Holiday bonus paid',
      'Holidays left, credit year 2025–2026',
      '2 400,00 €',
      'Holidays left, credit year 2026–2027',
    ])
      expect(text).toContain(expected);
  });
});

type Transaction = { incomeTypeCode: number; amount: number };
const amountOf = (transactions: Transaction[], code: number) =>
  transactions.find((t) => t.incomeTypeCode === code)?.amount;
const cents = (n: number) => Math.round(n * 100);

describe('holiday compensation at the end of the employment', () => {
  it("the list of the employment's last month pays the holidays not taken", async () => {
    const leaving = await monthlyEmployee(
      'Lähtevä Leo',
      identityCode('010290', '345'),
      2500,
      '2025-04-01',
      '2026-07-31',
    );
    // 2025: 12 months × 2.5 (a year by 31.3.2026) = 30 days; 2026: April–July 4 × 2.5 = 10 days; a day 2500/25
    const slip = await approvedSlip(leaving, '2026-07', { calendarWorkdays: 23, absentDays: 0 });
    expect(slip.rows.filter((r) => r.salaryTypeCode === 1530)).toMatchObject([
      { quantity: 30, unitValue: 100, earningsPeriodStart: '2025-04-01' },
      { quantity: 10, unitValue: 100, earningsPeriodStart: '2026-04-01' },
    ]);
    // once paid the holidays are used: nothing is left to compensate
    const next = await svc.api('POST', '/payrolls/salarylists', {
      name: 'After the end',
      paymentPeriodStart: '2026-07-01',
      paymentPeriodEnd: '2026-07-31',
      accountingDate: '2026-07-31',
      dueDate: '2026-07-31',
      payday: '2026-07-31',
      employeesDataForSalarySlip: [{ employeeId: leaving }],
    });
    expect(next.status, next.text).toBe(200);
    const again = (await svc.api('GET', `/payrolls/salaryslips/${next.body.salarySlips[0].id}`)).body;
    expect(again.rows.map((r: { salaryTypeCode: number }) => r.salaryTypeCode)).not.toContain(1530);
  });
});

describe('the Incomes Register', () => {
  it('a slip not approved has no report; an unknown slip neither', async () => {
    const list = await svc.api('POST', '/payrolls/salarylists', {
      name: 'Draft',
      paymentPeriodStart: '2026-05-01',
      paymentPeriodEnd: '2026-05-31',
      accountingDate: '2026-05-31',
      dueDate: '2026-05-31',
      payday: '2026-05-29',
      employeesDataForSalarySlip: [{ employeeId }],
    });
    expect(list.status, list.text).toBe(200);
    const draft = await svc.api('GET', `/payrolls/salaryslips/${list.body.salarySlips[0].id}/incomesregister`);
    expect(draft.status).toBe(404);
    expect((await svc.api('GET', '/payrolls/salaryslips/999999/incomesregister')).status).toBe(404);
  });

  it("an approved slip's report reconciles with the slip to the cent", async () => {
    const answer = await svc.api('GET', `/payrolls/salaryslips/${juneSlip.id}/incomesregister`);
    expect(answer.status, answer.text).toBe(200);
    const report = answer.body;
    expect(report).toMatchObject({
      salarySlipId: juneSlip.id,
      incomesRegisterReportingSetting: 'FORM_BOTH_REPORTS',
      payer: { businessId: '1234567-1', name: 'Demo Oy' },
      incomeEarner: { personalIdentityCode: identityCode('120380', '234'), name: 'Lomalainen Liisa' },
      paymentDate: '2026-06-30',
      payPeriod: { start: '2026-06-01', end: '2026-06-30' },
    });
    const t: Transaction[] = report.transactions;
    const f = juneSlip.figures;
    const rowSum = (...codes: number[]) =>
      juneSlip.rows
        .filter((r) => codes.includes(r.salaryTypeCode))
        .reduce((sum, r) => sum + cents(r.quantity * r.unitValue), 0);
    // wages itemised (salary and holiday pay 201, bonus 213), never also as the 101 total
    expect(amountOf(t, 101)).toBeUndefined();
    expect(cents(amountOf(t, 201)!) + cents(amountOf(t, 213)!)).toBe(cents(f.taxablePay));
    expect(cents(amountOf(t, 402)!)).toBe(cents(f.withholding));
    expect(cents(amountOf(t, 413)!)).toBe(cents(f.employeePension));
    expect(cents(amountOf(t, 414)!)).toBe(cents(f.employeeUnemployment));
    // every insurance is due on the whole taxable pay: no 102–106 to tell a difference
    for (const code of [102, 103, 104, 105, 106]) expect(amountOf(t, code)).toBeUndefined();
    expect(report).toMatchObject({ actionCode: 1, pensionInsurance: { actCode: 1 }, insuranceExceptions: [] });
    expect(cents(amountOf(t, 201)!)).toBe(rowSum(1000, 1510));
    expect(cents(amountOf(t, 213)!)).toBe(rowSum(1520));
    expect(cents(amountOf(t, 311)!)).toBe(rowSum(4010));
    // what was paid out ties: the earnings less what the 400s withheld is the slip's net pay
    const earnings = rowSum(1000, 1510, 1520, 4010);
    expect(earnings).toBe(cents(f.grossPay));
    expect(earnings - cents(amountOf(t, 402)!) - cents(amountOf(t, 413)!) - cents(amountOf(t, 414)!)).toBe(
      cents(f.netPay),
    );
    expect(t.map((x) => x.incomeTypeCode)).toEqual([...t.map((x) => x.incomeTypeCode)].sort((a, b) => a - b));
  });

  it("the batch message of a payday has the company's reported slips; others are left out by their setting", async () => {
    const slip = (await svc.api('GET', `/payrolls/salaryslips/${aprilSlip.id}`)).body;
    expect((await svc.api('PUT', `/payrolls/salaryslips/${aprilSlip.id}/cancelapproval`)).status).toBe(200);
    const fresh = (await svc.api('GET', `/payrolls/salaryslips/${aprilSlip.id}`)).body;
    const edited = await svc.api('PUT', `/payrolls/salaryslips/${aprilSlip.id}`, {
      ...fresh,
      incomesRegisterReportingSetting: 'EARNINGS_REPORTED_ELSEWHERE',
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await svc.api('PUT', `/payrolls/salaryslips/${aprilSlip.id}/approve`)).status).toBe(200);
    expect(slip.figures).toEqual((await svc.api('GET', `/payrolls/salaryslips/${aprilSlip.id}`)).body.figures);

    const [april] = await incomesRegisterBatches(svc.app.ctx, '2026-04-30', svc.demo.companyId);
    expect(april).toMatchObject({ reported: [], leftOut: [aprilSlip.id], xml: null });

    // the register requires the payer's contact person: no message without one
    await expect(incomesRegisterBatches(svc.app.ctx, '2026-06-30')).rejects.toThrow(/contact person/);
    const contact = await svc.api('PUT', '/payrolls/salariesbasicinfo/incomesregistercontact', {
      name: 'Palkanlaskija Paula',
      telephone: '+358 40 123 4567',
      email: 'palkat@example.fi',
    });
    expect(contact.status, contact.text).toBe(200);
    expect((await svc.api('GET', '/payrolls/salariesbasicinfo/incomesregistercontact')).body).toMatchObject({
      name: 'Palkanlaskija Paula',
    });

    const batches = await incomesRegisterBatches(svc.app.ctx, '2026-06-30');
    expect(batches).toHaveLength(1);
    const [june] = batches;
    expect(june).toMatchObject({ companyId: svc.demo.companyId, reported: [juneSlip.id], leftOut: [] });
    const xml = june.xml!;
    expect(xml).toContain('<PaymentDate>2026-06-30</PaymentDate>');
    expect(xml).toContain(`<Code>${identityCode('120380', '234')}</Code>`);
    const report = (await svc.api('GET', `/payrolls/salaryslips/${juneSlip.id}/incomesregister`)).body;
    for (const t of report.transactions as Transaction[])
      expect(xml).toContain(
        `<TransactionCode>${t.incomeTypeCode}</TransactionCode>\n              <Amount>${t.amount.toFixed(2)}</Amount>`,
      );
    expect(xml).toContain('<ProductionEnvironment>false</ProductionEnvironment>');
    expect(await incomesRegisterErrors(xml)).toEqual([]);
    // only a message written out counts as delivered
    expect((await svc.api('GET', `/payrolls/salaryslips/${juneSlip.id}/incomesregister`)).body.actionCode).toBe(1);
    await markIncomesRegisterDelivered(svc.app.ctx, batches);

    // corrected after it was reported: approved again, the slip's report replaces the one delivered
    expect((await svc.api('PUT', `/payrolls/salaryslips/${juneSlip.id}/cancelapproval`)).status).toBe(200);
    expect((await svc.api('PUT', `/payrolls/salaryslips/${juneSlip.id}/approve`)).status).toBe(200);
    const replacement = (await svc.api('GET', `/payrolls/salaryslips/${juneSlip.id}/incomesregister`)).body;
    expect(replacement).toMatchObject({ actionCode: 2, reportId: report.reportId });
    const [again] = await incomesRegisterBatches(svc.app.ctx, '2026-06-30', svc.demo.companyId);
    expect(again.xml).toContain(`<ActionCode>2</ActionCode>\n          <ReportId>${report.reportId}</ReportId>`);
    expect(await incomesRegisterErrors(again.xml!)).toEqual([]);
  });
});

describe('year reports', () => {
  it("the employee's year sums the approved slips by month", async () => {
    const answer = await svc.api('GET', `/payrolls/employees/${employeeId}/yearsummary?year=2026`);
    expect(answer.status, answer.text).toBe(200);
    const june = juneSlip.figures;
    const april = aprilSlip.figures;
    expect(answer.body).toMatchObject({ year: 2026, slips: 2 });
    expect(answer.body.months.map((m: { month: string }) => m.month)).toEqual(['2026-04', '2026-06']);
    expect(cents(answer.body.taxablePay)).toBe(cents(june.taxablePay) + cents(april.taxablePay));
    expect(cents(answer.body.withholding)).toBe(cents(june.withholding) + cents(april.withholding));
    expect(cents(answer.body.netPay)).toBe(cents(june.netPay) + cents(april.netPay));
    expect(cents(answer.body.taxFreeItems)).toBe(3000 + 3000);
    expect(cents(answer.body.employer.pension)).toBe(cents(june.employerPension) + cents(april.employerPension));
    expect((await svc.api('GET', `/payrolls/employees/${employeeId}/yearsummary?year=2025`)).body.slips).toBe(0);
    expect((await svc.api('GET', '/payrolls/employees/999999/yearsummary?year=2026')).status).toBe(404);
    expect((await svc.api('GET', `/payrolls/employees/${employeeId}/yearsummary`)).body).toMatchObject({
      year: 2026,
      slips: 2,
    });
    expect((await svc.api('GET', `/payrolls/employees/${employeeId}/yearsummary?year=20x6`)).status).toBe(400);
  });

  it("the company's employer contributions by month tie to the ledger's postings", async () => {
    const answer = await svc.api('GET', '/payrolls/employercontributions?year=2026');
    expect(answer.status, answer.text).toBe(200);
    const months: { month: string; pension: number; healthInsurance: number; unemployment: number }[] = answer.body;
    expect(months.map((m) => m.month)).toEqual(['2026-04', '2026-06', '2026-07']);
    for (const month of months) {
      const end = new Date(Date.UTC(2026, Number(month.month.slice(5, 7)), 0)).toISOString().slice(0, 10);
      for (const [account, figure] of [
        ['6130', month.pension],
        ['6300', month.healthInsurance],
        ['6410', month.unemployment],
      ] as const) {
        const ledger = await svc.api(
          'GET',
          `/reports/generalledger?startDate=${month.month}-01&endDate=${end}&accounts=${account}&size=200`,
        );
        expect(ledger.status, ledger.text).toBe(200);
        // cancelled approvals were reversed in the same month: the lines sum to what the approved slips booked
        const booked = (ledger.body.results as { accountingValue: number }[]).reduce(
          (sum, line) => sum + cents(line.accountingValue),
          0,
        );
        expect(booked).toBe(cents(figure));
        expect(booked).toBeGreaterThan(0);
      }
    }
  });
});

describe('POST /payrolls/salaryslips/{id}/payleaves (26.10)', () => {
  let slipId: number;
  const leavesPath = () => `/payrolls/salaryslips/${slipId}/payleaves`;

  it('is not served before version 26.10', async () => {
    const list = await svc.api('POST', '/payrolls/salarylists', {
      name: 'July 2026',
      paymentPeriodStart: '2026-07-01',
      paymentPeriodEnd: '2026-07-31',
      accountingDate: '2026-07-31',
      dueDate: '2026-07-31',
      payday: '2026-07-31',
      employeesDataForSalarySlip: [{ employeeId, calendarWorkdays: 23, absentDays: 0 }],
    });
    expect(list.status, list.text).toBe(200);
    slipId = list.body.salarySlips[0].id;
    const body = { holidayPayLeaves: [{ holidayCreditYear: 2025, holidayDays: 1 }] };
    for (const version of ['v2602', 'v2605', 'v2608']) {
      const answer = await svc.request('POST', `/${version}/api${leavesPath()}`, { token: await svc.token(), body });
      expect(answer.status, version).toBe(404);
    }
    const before = (await svc.api('GET', `/payrolls/salaryslips/${slipId}`)).body;
    expect(before.rows.map((r: { salaryTypeCode: number }) => r.salaryTypeCode)).not.toContain(1510);
  });

  it('refuses more than is left, every problem together, and changes nothing', async () => {
    const before = (await svc.api('GET', `/payrolls/salaryslips/${slipId}`)).body;
    const answer = await svc.request('POST', `/v2610/api${leavesPath()}`, {
      token: await svc.token(),
      body: {
        holidayPayLeaves: [
          { holidayCreditYear: 2025, holidayDays: 21, holidayBonusDays: 5 },
          { holidayCreditYear: 2026, holidayDays: 1, holidayAdditionalLeaveDays: 1 },
        ],
        // a 37.5-hour week earns no working hour reduction
        workingHourReductionLeaves: [{ year: 2026, workingHourReductionHours: 2 }],
      },
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'holidayPayLeaves[0].holidayDays',
      'holidayPayLeaves[1].holidayAdditionalLeaveDays',
      'workingHourReductionLeaves[0]',
    ]);
    expect(answer.body.errors[0].message).toBe('PAY_LEAVE_NOT_AVAILABLE: 21 holiday days asked of 2025, 20 left.');
    expect((await svc.api('GET', `/payrolls/salaryslips/${slipId}`)).body).toEqual(before);
  });

  it('adds holiday pay and bonus rows of the credit year, recalculates, and approval uses them', async () => {
    const answer = await svc.api('POST', leavesPath(), {
      holidayPayLeaves: [{ holidayCreditYear: 2025, holidayDays: 12, holidayBonusDays: 12 }],
    });
    expect(answer.status, answer.text).toBe(200);
    const rows = answer.body.rows as {
      salaryTypeCode: number;
      quantity: number;
      unitValue: number;
      earningsPeriodStart?: string;
    }[];
    expect(rows.filter((r) => [1510, 1520].includes(r.salaryTypeCode))).toMatchObject([
      { salaryTypeCode: 1510, quantity: 12, unitValue: 120, earningsPeriodStart: '2025-04-01' },
      { salaryTypeCode: 1520, quantity: 12, unitValue: 60, earningsPeriodStart: '2025-04-01' },
    ]);
    // 3000 salary + 30 allowance + 1440 holiday pay + 720 bonus
    expect(answer.body.figures.grossPay).toBe(5190);
    expect(answer.body.figures.taxablePay).toBe(5160);

    // what the slip already pays counts against what is left: 20 − 12 = 8
    const more = await svc.api('POST', leavesPath(), {
      holidayPayLeaves: [{ holidayCreditYear: 2025, holidayDays: 9 }],
    });
    expect(more.status).toBe(400);
    expect(more.body.errors[0].message).toBe('PAY_LEAVE_NOT_AVAILABLE: 9 holiday days asked of 2025, 8 left.');

    expect((await svc.api('PUT', `/payrolls/salaryslips/${slipId}/approve`)).status).toBe(200);
    expect((await holidays(employeeId)).yearlyRemainings[0]).toMatchObject({
      holidayCreditYear: 2025,
      remainingHolidayDays: 8,
      remainingHolidayPay: 960,
      remainingHolidayBonusDays: 8,
    });
    const approved = await svc.api('POST', leavesPath(), {
      holidayPayLeaves: [{ holidayCreditYear: 2025, holidayDays: 1 }],
    });
    expect(approved.status).toBe(400);
    expect(approved.body.errors[0].message).toMatch(/^SALARY_SLIP_STATUS/);
    expect((await svc.api('POST', '/payrolls/salaryslips/999999/payleaves', {})).status).toBe(404);
  });
});
