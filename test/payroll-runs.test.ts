// Salary bases, salary lists, salary periods and salary slips end to end over HTTP: the worked 2026 example of
// domain-facts §2.3 calculated on a list, approved and posted to the ledger, cancelled (reversed), the rules of
// rows and dimensions, the non-resident rule, searches and the payslip PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const salaryInfo = (personId: number, nonResidentTaxPayer = false) => ({
  personId,
  incomeConfiguration: {
    baseSalaryValue: 4000,
    baseSalaryType: 'ONE_MONTH',
    baseSalaryHours: 160,
    travelExpensesSpecialHandling: 'NONE',
    salaryChannel: 'EMAIL',
    excludedFromAutomatedWithholdingPercentageRequest: false,
  },
  insurancesConfiguration: {
    pensionInsurance: { type: 'TYEL' },
    accidentInsurance: { percent: 0.7 },
    pensionVoluntarilyPaid: false,
  },
  internationalSituationsConfiguration: { notSubjectToWithholding: false, nonResidentTaxPayer },
});

async function newEmployee(name: string, identifier: string, nonResident = false): Promise<number> {
  const person = await svc.api('POST', '/businesspartners', {
    name,
    type: 'PERSON',
    invoicingInfo: { identifier, identifierType: 'HETU' },
  });
  expect(person.status, person.text).toBe(200);
  const employee = await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfo(person.body.id, nonResident));
  expect(employee.status, employee.text).toBe(200);
  return employee.body.employeeId;
}

const LIST = {
  name: 'March 2026',
  paymentPeriodStart: '2026-03-01',
  paymentPeriodEnd: '2026-03-31',
  accountingDate: '2026-03-31',
  dueDate: '2026-03-31',
  payday: '2026-03-31',
};

/** A personal identity code of the 1900s with its control character. */
const identityCode = (date: string, individual: string) =>
  `${date}-${individual}${'0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(date + individual) % 31]}`;
const codes = (rows: { salaryTypeCode: number }[]) => rows.map((r) => r.salaryTypeCode);
const row = (rows: { salaryTypeCode: number; unitValue?: number }[], code: number) =>
  rows.find((r) => r.salaryTypeCode === code)?.unitValue;

describe('the worked 2026 example through a salary list', () => {
  let employeeId: number;
  let slipId: number;
  let cardPath: string;

  it('saves a salary base and adds the calculated rows', async () => {
    employeeId = await newEmployee('Virtanen Maija', '150385-1230');
    const card = await svc.api('POST', `/payrolls/employees/${employeeId}/salaryinfo/taxcards`, {
      type: 'A',
      revised: false,
      validFrom: '2026-02-01',
      basePercent: 22,
      additionalPercent: 40,
      annualIncomeLimit: 80000,
    });
    expect(card.status, card.text).toBe(200);
    cardPath = `/payrolls/employees/${employeeId}/salaryinfo/taxcards/${card.body.id}`;

    // made with the salary info: its monthly salary as the base-salary row, and the rows calculated from it
    const made = await svc.api('GET', `/payrolls/employees/${employeeId}/salarybase`);
    expect(made.status).toBe(200);
    expect(codes(made.body.rows)).toEqual([1000, 5010, 6010, 6020, 8010]);
    expect(made.body.rows[0]).toMatchObject({ quantity: 1, unitValue: 4000, baseSalaryRow: true });

    const put = await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, {
      notes: 'Monthly salary and a company car',
      version: made.body.version,
      rows: [
        made.body.rows[0],
        {
          salaryTypeCode: 3010,
          quantity: 1,
          unitValue: 800,
          carBenefitDetails: { carAgeGroup: 'A', benefitLimited: false, emissionValue: 0 },
        },
      ],
    });
    expect(put.status, put.text).toBe(200);
    expect(codes(put.body.rows)).toEqual([1000, 3010, 5010, 6010, 6020, 8010]);
    expect(put.body).toMatchObject({
      employeeId,
      notes: 'Monthly salary and a company car',
      version: expect.any(String),
    });
    expect(new Set(put.body.rows.map((r: { id: number }) => r.id)).size).toBe(6);

    // saved again with its ids and version: the same rows, no duplicates of the calculated ones
    const again = await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, put.body);
    expect(again.status, again.text).toBe(200);
    expect(again.body.rows.map((r: { id: number }) => r.id)).toEqual(put.body.rows.map((r: { id: number }) => r.id));
    const stale = await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, put.body);
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].message).toMatch(/changed by someone else/);
  });

  it('POST /payrolls/salarylists makes a calculated slip per employee', async () => {
    const created = await svc.api('POST', '/payrolls/salarylists', {
      ...LIST,
      employeesDataForSalarySlip: [{ employeeId, calendarWorkdays: 22, absentDays: 0 }],
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ ...LIST, id: expect.any(Number), version: expect.any(String) });
    expect(created.body.salarySlips).toHaveLength(1);
    expect(created.body.salarySlips[0]).toMatchObject({
      employeeName: 'Virtanen Maija',
      payday: '2026-03-31',
      status: 'CREATED',
      salaryChannel: 'EMAIL',
      salary: 4000,
      fringeBenefit: 800,
      salaryForIns: 4800,
      tax: 1056,
      netPay: 2550.88,
      otherDeductions: 393.12,
    });
    slipId = created.body.salarySlips[0].id;

    const slip = await svc.api('GET', `/payrolls/salaryslips/${slipId}`);
    expect(slip.status).toBe(200);
    expect(slip.body).toMatchObject({
      id: slipId,
      employeeId,
      employeeName: 'Virtanen Maija',
      status: 'CREATED',
      salaryBaseNote: 'Monthly salary and a company car',
      incomesRegisterReportingSetting: 'FORM_BOTH_REPORTS',
      settings: { accountingDate: '2026-03-31', dueDate: '2026-03-31', salaryChannel: 'EMAIL' },
      adjustments: { payday: '2026-03-31' },
      salaryListId: created.body.id,
      figures: {
        grossPay: 4000,
        taxablePay: 4800,
        fringeBenefits: 800,
        withholding: 1056,
        withholdingKind: 'CARD',
        employeePension: 350.4,
        employeeUnemployment: 42.72,
        netPay: 2550.88,
        employerPension: 820.8,
        employerHealthInsurance: 91.68,
        employerUnemployment: 14.88,
        accidentInsurance: 33.6,
        groupLifeInsurance: 2.88,
      },
    });
    expect(codes(slip.body.rows)).toEqual([1000, 3010, 5010, 6010, 6020, 8010]);
    expect(row(slip.body.rows, 5010)).toBe(1056);
    expect(row(slip.body.rows, 8010)).toBe(2550.88);
  });

  it('approves: the salary and the employer contributions posted, limitUsed counted', async () => {
    expect((await svc.api('GET', `/payrolls/salaryslips/${slipId}/accounting`)).status).toBe(404);
    const approved = await svc.api('PUT', `/payrolls/salaryslips/${slipId}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toEqual({ message: 'Salary slip approved.' });
    expect((await svc.api('GET', `/payrolls/salaryslips/${slipId}`)).body.status).toBe('APPROVED');
    expect((await svc.api('GET', cardPath)).body.limitUsed).toBe(4800);

    const accounting = await svc.api('GET', `/payrolls/salaryslips/${slipId}/accounting`);
    expect(accounting.status, accounting.text).toBe(200);
    expect(accounting.body.receiptDate).toBe('2026-03-31');
    const lines = accounting.body.transactions.map((t: { account: string; accountingValue: number }) => [
      t.account,
      t.accountingValue,
    ]);
    expect(lines).toEqual([
      ['5010', 4000],
      ['5420', 800],
      ['5990', -800],
      ['2921', -1056],
      ['2931', -350.4],
      ['2935', -42.72],
      ['2940', -2550.88],
    ]);

    const again = await svc.api('PUT', `/payrolls/salaryslips/${slipId}/approve`);
    expect(again.status).toBe(400);
    expect(again.body.errors[0].message).toMatch(/^SALARY_SLIP_STATUS/);
    const slip = (await svc.api('GET', `/payrolls/salaryslips/${slipId}`)).body;
    const edit = await svc.api('PUT', `/payrolls/salaryslips/${slipId}`, slip);
    expect(edit.status).toBe(400);
    expect(edit.body.errors[0].message).toMatch(/^SALARY_SLIP_STATUS/);
  });

  it(
    'the payslip PDF has the earnings, deductions, net pay and employer contributions',
    { timeout: 60_000 },
    async () => {
      const answer = await svc.api('GET', `/payrolls/salaryslips/${slipId}/pdf`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(
        await (
          await fetch(`${svc.base}/api/payrolls/salaryslips/${slipId}/pdf`, {
            headers: { authorization: `Bearer ${await svc.token()}` },
          })
        ).arrayBuffer(),
      );
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const document = await getDocument({ data: bytes, useSystemFonts: false }).promise;
      const page = await document.getPage(1);
      const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
      for (const expected of [
        'PAYSLIP',
        'Virtanen Maija',
        'Monthly salary',
        'Car benefit',
        '1 056,00 €',
        '2 550,88 €',
        '820,80 €',
        'Year to date 2026',
      ])
        expect(text).toContain(expected);
    },
  );

  it('cancelling the approval reverses both receipts and gives limitUsed back', async () => {
    const cancelled = await svc.api('PUT', `/payrolls/salaryslips/${slipId}/cancelapproval`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await svc.api('GET', `/payrolls/salaryslips/${slipId}`)).body.status).toBe('CREATED');
    expect((await svc.api('GET', cardPath)).body.limitUsed).toBe(0);
    expect((await svc.api('GET', `/payrolls/salaryslips/${slipId}/accounting`)).status).toBe(404);
    const again = await svc.api('PUT', `/payrolls/salaryslips/${slipId}/cancelapproval`);
    expect(again.status).toBe(400);
    expect(again.body.errors[0].message).toMatch(/^SALARY_SLIP_STATUS/);
  });

  it('PUT refuses every broken row rule at once and recalculates a valid change', async () => {
    const dims = await svc.api('POST', '/dimensions', {
      name: 'Cost centre',
      items: [{ codeName: 'Sales' }, { codeName: 'Production' }],
    });
    expect(dims.status, dims.text).toBe(200);
    const [sales, production] = dims.body.items.map((i: { id: number }) => i.id);
    const dimensionId = dims.body.id;
    const slip = (await svc.api('GET', `/payrolls/salaryslips/${slipId}`)).body;
    const salary = slip.rows[0];
    const broken = await svc.api('PUT', `/payrolls/salaryslips/${slipId}`, {
      ...slip,
      rows: [
        { ...salary, dimensions: [{ dimensionId, itemId: sales, quantity: 1, percentage: 100 }] },
        { ...slip.rows[1], carBenefitDetails: { carAgeGroup: 'A', benefitLimited: false, emissionValue: 95 } },
        {
          salaryTypeCode: 6050,
          quantity: 1,
          unitValue: 100,
          showEarningPeriodInExport: false,
          unjustEnrichment: false,
          dimensions: [{ dimensionId, itemId: sales, percentage: 100 }],
        },
        { salaryTypeCode: 9999, quantity: 1, unitValue: 1, showEarningPeriodInExport: false, unjustEnrichment: false },
      ],
    });
    expect(broken.status).toBe(400);
    expect(broken.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'rows[0].dimensions[0]',
      'rows[1].carBenefitDetails.emissionValue',
      'rows[2].dimensions',
      'rows[3].salaryTypeCode',
    ]);
    expect(broken.body.errors.map((e: { message: string }) => e.message.split(':')[0])).toEqual([
      'DIMENSION_QUANTITY_AND_PERCENTAGE',
      'CAR_BENEFIT_EMISSION_VALUE_NOT_ALLOWED',
      'SALARY_TYPE_GROUP_WITHOUT_DIMENSIONS',
      'SALARY_TYPE_NOT_FOUND',
    ]);
    const huge = await svc.api('PUT', `/payrolls/salaryslips/${slipId}`, {
      ...slip,
      rows: [salary, { ...salary, id: undefined, quantity: 1000, unitValue: 999999999.99 }],
    });
    expect(huge.status).toBe(400);
    expect(huge.body.errors[0]).toMatchObject({ field: 'rows', message: 'The rows add up to more than 999999999.99.' });
    const shares = await svc.api('PUT', `/payrolls/salaryslips/${slipId}`, {
      ...slip,
      rows: [{ ...salary, dimensions: [{ dimensionId, itemId: sales, percentage: 60 }] }],
    });
    expect(shares.status).toBe(400);
    expect(shares.body.errors[0].message).toMatch(/^DIMENSION_SHARES_DO_NOT_MAKE_UP_ROW/);
    expect((await svc.api('PUT', `/payrolls/salaryslips/${slipId}`, { ...slip, version: undefined })).status).toBe(400);

    const changed = await svc.api('PUT', `/payrolls/salaryslips/${slipId}`, {
      ...slip,
      adjustments: { payday: '2026-03-30' },
      rows: [
        {
          ...salary,
          dimensions: [
            { dimensionId, itemId: sales, percentage: 60 },
            { dimensionId, itemId: production, percentage: 40 },
          ],
        },
        {
          salaryTypeCode: 4010,
          quantity: 100,
          unitValue: 0.55,
          showEarningPeriodInExport: false,
          unjustEnrichment: false,
        },
        {
          salaryTypeCode: 6050,
          quantity: 1,
          unitValue: 100,
          showEarningPeriodInExport: false,
          unjustEnrichment: false,
        },
      ],
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.adjustments.payday).toBe('2026-03-30');
    expect(codes(changed.body.rows)).toEqual([1000, 4010, 6050, 5010, 6010, 6020, 8010]);
    // 4000 × 22 % = 880, 7.30 % = 292, 0.89 % = 35.60; net 4000 + 55 − 880 − 292 − 35.60 − 100
    expect(changed.body.figures).toMatchObject({ withholding: 880, netPay: 2747.4, taxFreeItems: 55 });
    expect(changed.body.rows[0].id).toBe(salary.id);

    expect((await svc.api('PUT', `/payrolls/salaryslips/${slipId}/approve`)).status).toBe(200);
    const accounting = (await svc.api('GET', `/payrolls/salaryslips/${slipId}/accounting`)).body;
    expect(accounting.transactions[0]).toMatchObject({
      account: '5010',
      accountingValue: 4000,
      dimensionItemValues: [
        { dimensionId, itemId: sales, value: 2400 },
        { dimensionId, itemId: production, value: 1600 },
      ],
    });
    // the accounting's dimension entries can be rewritten
    accounting.transactions[0].dimensionItemValues = [{ dimensionId, itemId: production, value: 4000 }];
    const rewritten = await svc.api('PUT', `/payrolls/salaryslips/${slipId}/accounting`, accounting);
    expect(rewritten.status, rewritten.text).toBe(200);
    expect(rewritten.body.transactions[0].dimensionItemValues).toEqual([
      { dimensionId, itemId: production, value: 4000 },
    ]);
    const unbalanced = structuredClone(rewritten.body);
    unbalanced.transactions[0].accountingValue = 4000.5;
    unbalanced.transactions[0].dimensionItemValues = [];
    expect((await svc.api('PUT', `/payrolls/salaryslips/${slipId}/accounting`, unbalanced)).status).toBe(400);
    const reconciled = await svc.api(
      'PUT',
      `/payrolls/salaryslips/${slipId}/accounting?createReconciliation=true`,
      unbalanced,
    );
    expect(reconciled.status, reconciled.text).toBe(200);
    expect(reconciled.body.transactions.at(-1)).toMatchObject({
      account: '2940',
      accountingValue: -0.5,
      transactionType: 'RECONCILIATION_ENTRY',
    });
  });
});

describe('salary lists, periods and slip searches', () => {
  let ids: number[];
  let listId: number;

  beforeAll(async () => {
    ids = [await newEmployee('Korhonen Aino', '010190-2347'), await newEmployee('Nieminen Eero', '020290-3458')];
    for (const id of ids) {
      const base = await svc.api('PUT', `/payrolls/employees/${id}/salarybase`, {
        rows: [{ salaryTypeCode: 1000, quantity: 1, unitValue: 3000 }],
      });
      expect(base.status, base.text).toBe(200);
    }
    // holidays are paid of what has been earned: employed since 2024, credit year 2025 (1.4.2025–31.3.2026) has
    // 12 full months × 2.5 = 30 days to pay the 5 asked from
    const employment = await svc.api('POST', `/payrolls/employees/${ids[1]}/salaryinfo/employments`, {
      startDate: '2024-01-01',
      type: 'PERMANENT',
      hoursPerWeek: 37.5,
      terminationReason: 'NOT_APPLICABLE',
      keva: false,
    });
    expect(employment.status, employment.text).toBe(200);
    const list = await svc.api('POST', '/payrolls/salarylists', {
      ...LIST,
      name: 'May 2026',
      paymentPeriodStart: '2026-05-01',
      paymentPeriodEnd: '2026-05-31',
      payday: '2026-05-29',
      holidayYear: 2027,
      employeesDataForSalarySlip: [
        { employeeId: ids[0], pensionInsuranceContributionPercent: 20, accidentInsurancePercent: 1 },
        { employeeId: ids[1], holidayPayData: { holidayDays: 5, holidayBonusDays: 5 } },
      ],
    });
    expect(list.status, list.text).toBe(200);
    listId = list.body.id;
  });

  it('per-employee insurance percentages and holiday pay; no tax card is 60 %', async () => {
    const list = (await svc.api('GET', `/payrolls/salarylists/${listId}`)).body;
    const [first, second] = list.salarySlips;
    const a = (await svc.api('GET', `/payrolls/salaryslips/${first.id}`)).body;
    expect(a.figures).toMatchObject({ withholding: 1800, employerPension: 600, accidentInsurance: 30 });
    const b = (await svc.api('GET', `/payrolls/salaryslips/${second.id}`)).body;
    // holiday pay 5 × 4000 / 25 = 800, the bonus half of it 400 (at the base %, no card: 60 %)
    expect(codes(b.rows)).toEqual([1000, 1510, 1520, 5010, 6010, 6020, 8010]);
    expect(b.figures).toMatchObject({ grossPay: 4200, withholding: 2520 });
  });

  it('GET /payrolls/salarylists searches by period and name, pages and sorts', async () => {
    const all = await svc.api('GET', '/payrolls/salarylists');
    expect(all.status).toBe(200);
    expect(all.body.meta.totalCount).toBe(2);
    const names = async (query: string) =>
      (await svc.api('GET', `/payrolls/salarylists?${query}`)).body.results.map((l: { name: string }) => l.name);
    expect(await names('name=may')).toEqual(['May 2026']);
    expect(await names('paymentPeriodStart=2026-04-01')).toEqual(['May 2026']);
    expect(await names('paymentPeriodEnd=2026-04-01')).toEqual(['March 2026']);
    expect(await names('orderById=DESC')).toEqual(['May 2026', 'March 2026']);
    expect(await names('size=1&page=1')).toEqual(['May 2026']);
    const may = (await svc.api('GET', '/payrolls/salarylists?name=may')).body.results[0];
    expect(may).toMatchObject({
      numberOfSlips: 2,
      unfinished: 2,
      paymentPeriodStart: '2026-05-01',
      created: expect.any(String),
    });
    expect(
      (await svc.api('GET', '/payrolls/salarylists?paymentPeriodStart=2026-06-01&paymentPeriodEnd=2026-05-01')).status,
    ).toBe(400);
    expect((await svc.api('GET', '/payrolls/salarylists/999999')).status).toBe(404);
  });

  it('salary periods by holiday credit year', async () => {
    expect((await svc.api('GET', '/payrolls/salaryperiods')).status).toBe(400);
    const credit2026 = await svc.api('GET', '/payrolls/salaryperiods?holidayCreditYear=2026');
    expect(credit2026.status).toBe(200);
    expect(credit2026.body).toEqual([{ id: expect.any(Number), name: 'March 2026' }]);
    expect((await svc.api('GET', '/payrolls/salaryperiods?holidayCreditYear=2027')).body).toEqual([
      { id: listId, name: 'May 2026' },
    ]);
    expect((await svc.api('GET', '/payrolls/salaryperiods?holidayCreditYear=2030')).status).toBe(404);
    const periods = await svc.api('GET', `/payrolls/salaryperiods/${listId}`);
    expect(periods.body).toEqual([
      {
        id: listId,
        name: 'May 2026',
        paymentPeriodStart: '2026-05-01',
        paymentPeriodEnd: '2026-05-31',
        holidayCreditYear: 2027,
        calendarWorkdays: 21,
        dueDate: '2026-03-31',
        payday: '2026-05-29',
        accountingDate: '2026-03-31',
      },
    ]);
  });

  it('GET /payrolls/salaryslips searches by payday, name, number and status; batch GET', async () => {
    const search = async (query: string) =>
      (await svc.api('GET', `/payrolls/salaryslips?${query}`)).body.results.map(
        (s: { employeeName: string }) => s.employeeName,
      );
    expect(await search('paydayStartDate=2026-05-01')).toEqual(['Korhonen Aino', 'Nieminen Eero']);
    expect(await search('employeeName=niem')).toEqual(['Nieminen Eero']);
    expect(await search('status=APPROVED')).toEqual(['Virtanen Maija']);
    expect(await search('status=UNFINISHED&paydayEndDate=2026-05-30')).toEqual(['Korhonen Aino', 'Nieminen Eero']);
    const all = (await svc.api('GET', '/payrolls/salaryslips')).body.results;
    expect(await search(`slipNumber=${all[1].slipNumber}`)).toEqual([all[1].employeeName]);
    expect(await search('slipNumber=x')).toEqual([]);
    expect((await svc.api('GET', '/payrolls/salaryslips?status=DONE')).status).toBe(400);
    const batch = await svc.api('GET', `/payrolls/salaryslips/${all[2].id},${all[1].id},999999`);
    expect(batch.body.map((s: { id: number }) => s.id)).toEqual([all[1].id, all[2].id]);
    expect((await svc.api('GET', '/payrolls/salaryslips/999999')).status).toBe(404);
  });

  it('refuses bad lists: unknown or repeated employees, zero working-hour reduction, a year without rates', async () => {
    const post = (body: object) =>
      svc.api('POST', '/payrolls/salarylists', {
        ...LIST,
        employeesDataForSalarySlip: [{ employeeId: ids[0] }],
        ...body,
      });
    expect((await post({ employeesDataForSalarySlip: [{ employeeId: 999999 }] })).status).toBe(404);
    const twice = await post({ employeesDataForSalarySlip: [{ employeeId: ids[0] }, { employeeId: ids[0] }] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].message).toMatch(/^DUPLICATE_SALARY_LIST_EMPLOYEE/);
    for (const reduction of [{ workingHourReductionDays: 0 }, { workingHourReductionHours: 0 }])
      expect(
        (await post({ employeesDataForSalarySlip: [{ employeeId: ids[0], workingHourReductionPayData: reduction }] }))
          .status,
      ).toBe(400);
    expect(
      (
        await post({
          employeesDataForSalarySlip: [
            { employeeId: ids[0], workingHourReductionPayData: { workingHourReductionDays: null } },
          ],
        })
      ).status,
    ).toBe(200);
    const noRates = await post({ payday: '2031-01-31' });
    expect(noRates.status).toBe(404);
    expect(noRates.body.errors[0].message).toMatch(/^NO_PAYROLL_RATES_FOR_YEAR/);
    expect((await post({ paymentPeriodStart: '2026-04-01' })).status).toBe(400);
  });

  it('cannot be reached through another company', async () => {
    const other = await otherCompany(svc, 'Payroll Other Oy');
    const as = (path: string) =>
      svc.request('GET', `/api${path}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect((await as(`/payrolls/salarylists/${listId}`)).status).toBe(404);
    expect((await as(`/payrolls/employees/${ids[0]}/salarybase`)).status).toBe(404);
    expect((await as('/payrolls/salaryslips')).body.results).toEqual([]);
  });
});

describe('approving a whole salary list', () => {
  it('approves every CREATED slip of the list in one go, and none twice', async () => {
    const employeeId = await newEmployee('Mäkinen Ville', '040490-567A');
    await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, {
      rows: [{ salaryTypeCode: 1000, quantity: 1, unitValue: 2500 }],
    });
    const list = await svc.api('POST', '/payrolls/salarylists', {
      ...LIST,
      name: 'Whole list',
      employeesDataForSalarySlip: [{ employeeId }],
    });
    expect(list.status, list.text).toBe(200);
    const approved = await svc.api('PUT', `/payrolls/salarylists/${list.body.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toEqual({ message: '1 salary slip(s) approved.' });
    const after = (await svc.api('GET', `/payrolls/salarylists/${list.body.id}`)).body;
    expect(after.salarySlips.map((s: { status: string }) => s.status)).toEqual(['APPROVED']);
    expect(after.version).not.toBe(list.body.version);
    expect((await svc.api('GET', `/payrolls/salaryslips/${after.salarySlips[0].id}/accounting`)).status).toBe(200);
    expect((await svc.api('PUT', `/payrolls/salarylists/${list.body.id}/approve`)).body).toEqual({
      message: '0 salary slip(s) approved.',
    });
    expect((await svc.api('PUT', '/payrolls/salarylists/999999/approve')).status).toBe(404);
  });
});

describe("the salary base follows the person's default dimensions", () => {
  it('PUT /businesspartners/{id}/defaults/dimensions/{dimensionId} updates the rows that may carry dimensions', async () => {
    const employeeId = await newEmployee('Laine Oona', identityCode('050595', '678'));
    const personId = (await svc.api('GET', `/payrolls/employees/${employeeId}/salaryinfo`)).body.personId;
    await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, {
      rows: [{ salaryTypeCode: 1000, quantity: 1, unitValue: 2800 }],
    });
    const dimension = await svc.api('POST', '/dimensions', {
      name: 'Project',
      items: [{ codeName: 'P1' }, { codeName: 'P2' }],
    });
    expect(dimension.status, dimension.text).toBe(200);
    const put = await svc.api('PUT', `/businesspartners/${personId}/defaults/dimensions/${dimension.body.id}`, {
      items: [
        { codeName: 'P1', percent: 75 },
        { codeName: 'P2', percent: 25 },
      ],
    });
    expect(put.status, put.text).toBe(200);
    const base = (await svc.api('GET', `/payrolls/employees/${employeeId}/salarybase`)).body;
    expect(base.rows[0].dimensions).toEqual([
      { dimensionId: dimension.body.id, itemId: dimension.body.items[0].id, percentage: 75 },
      { dimensionId: dimension.body.id, itemId: dimension.body.items[1].id, percentage: 25 },
    ]);
    expect(base.rows.slice(1).every((r: { dimensions?: unknown }) => r.dimensions === undefined)).toBe(true);
    await svc.api('PUT', `/businesspartners/${personId}/defaults/dimensions/${dimension.body.id}`, { items: [] });
    expect(
      (await svc.api('GET', `/payrolls/employees/${employeeId}/salarybase`)).body.rows[0].dimensions,
    ).toBeUndefined();
  });
});

describe('a non-resident taxed at source', () => {
  it('2922 rows bring tax at source; the flag stays while the base has them', async () => {
    const employeeId = await newEmployee('Smith John', '030390-123J', true);
    const card = await svc.api('POST', `/payrolls/employees/${employeeId}/salaryinfo/taxcards`, {
      type: 'TAX_AT_SOURCE',
      revised: false,
      validFrom: '2026-01-01',
      basePercent: 35,
      additionalPercent: 35,
      annualIncomeLimit: 0,
    });
    expect(card.status, card.text).toBe(200);
    const base = await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, {
      rows: [{ salaryTypeCode: 2922, quantity: 1, unitValue: 2000 }],
    });
    expect(base.status, base.text).toBe(200);
    expect(codes(base.body.rows)).toEqual([2922, 5020, 5030, 6010, 6020, 8010]);

    const info = (await svc.api('GET', `/payrolls/employees/${employeeId}/salaryinfo`)).body;
    info.internationalSituationsConfiguration.nonResidentTaxPayer = false;
    const cleared = await svc.api('PUT', `/payrolls/employees/${employeeId}/salaryinfo`, info);
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors[0].message).toMatch(/^NON_RESIDENT_FLAG_REQUIRED/);

    const list = await svc.api('POST', '/payrolls/salarylists', {
      ...LIST,
      name: 'Non-resident',
      employeesDataForSalarySlip: [{ employeeId }],
    });
    expect(list.status, list.text).toBe(200);
    const slip = (await svc.api('GET', `/payrolls/salaryslips/${list.body.salarySlips[0].id}`)).body;
    // (2000 − 510) × 35 % = 521.50
    expect(slip.figures).toMatchObject({ withholding: 521.5, withholdingKind: 'TAX_AT_SOURCE' });
    expect(row(slip.rows, 5020)).toBe(521.5);
    expect(row(slip.rows, 5030)).toBe(510);
    expect((await svc.api('PUT', `/payrolls/salaryslips/${slip.id}/approve`)).status).toBe(200);
    const lines = (await svc.api('GET', `/payrolls/salaryslips/${slip.id}/accounting`)).body.transactions;
    expect(lines.find((t: { account: string }) => t.account === '2922').accountingValue).toBe(-521.5);

    const emptied = await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, { rows: [] });
    expect(emptied.body.rows).toEqual([]);
    expect((await svc.api('PUT', `/payrolls/employees/${employeeId}/salaryinfo`, info)).status).toBe(200);
  });
});
