// Payroll as a payroll office runs it, over HTTP: salary info → salary list → approval, the salary base never
// touched, pays seven hand-worked employees of March 2026 to the cent (ages 17, 30, 40, 53, 66 and 70, tax
// cards, no card, a car benefit, a daily allowance, hourly pay, one without an identity code), and every
// Incomes Register message of their slips is valid against the register's own schema. Bad input is refused
// whole.
//
// 2026 rates (domain-facts §1.1): employee TyEL 7.30 % from the month after the 17th birthday to the month of
// the upper age (68 for those born in 1957 or earlier, 69 for 1958–61); employee unemployment insurance 0.89 %
// at 18–64; employer TyEL 17.10 %; employer health insurance 1.91 % at 16–67. Ages are those reached by the
// end of February (the month before the pay month). Withholding per pay period: base % up to a 12th of the
// annual limit, additional % above it; 60 % without a tax card; tax-free allowances are paid on top of net pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { incomesRegisterBatches } from '../src/payroll/index.ts';
import { incomesRegisterErrors } from './support/incomes-register-xsd.ts';
import { identityCode, monthListBody, salaryInfoBody, TYEL, INCOMES_REGISTER_CONTACT } from './support/payroll.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
  const contact = await svc.api('PUT', '/payrolls/salariesbasicinfo/incomesregistercontact', INCOMES_REGISTER_CONTACT);
  expect(contact.status, contact.text).toBe(200);
});
afterAll(() => svc.close());

/** A personal identity code of the 2000s (century sign A). */
const identityCode2000s = (date: string, individual: string) =>
  `${date}A${individual}${'0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(date + individual) % 31]}`;

interface Card {
  basePercent: number;
  additionalPercent: number;
  annualIncomeLimit: number;
}

async function hire(
  name: string,
  identifier: string | null,
  income: Record<string, unknown>,
  card: Card | null,
): Promise<number> {
  const person = await svc.api('POST', '/businesspartners', {
    name,
    type: 'PERSON',
    ...(identifier ? { invoicingInfo: { identifier, identifierType: 'HETU' } } : {}),
  });
  expect(person.status, person.text).toBe(200);
  return hireNumbered(person.body.id, income, card);
}

/** The pension provider and policy number of every TyEL insured employee (Tase's additions). */
const PENSION = TYEL;

async function hireNumbered(personId: number, income: Record<string, unknown>, card: Card | null): Promise<number> {
  const body = salaryInfoBody(personId, income);
  const info = await svc.api('POST', '/payrolls/employees/salaryinfo', {
    ...body,
    insurancesConfiguration: { ...body.insurancesConfiguration, pensionInsurance: PENSION },
  });
  expect(info.status, info.text).toBe(200);
  const id = info.body.employeeId as number;
  if (card) {
    const made = await svc.api('POST', `/payrolls/employees/${id}/salaryinfo/taxcards`, {
      type: 'A',
      revised: false,
      validFrom: '2026-02-01',
      ...card,
    });
    expect(made.status, made.text).toBe(200);
  }
  return id;
}

type Figures = Record<string, number>;
interface Slip {
  id: number;
  employeeId: number;
  version: string;
  rows: Record<string, unknown>[];
  figures: Figures;
}

const MONTHLY = (value: number) => ({ baseSalaryValue: value, baseSalaryType: 'ONE_MONTH' });

describe('salary info → list → approval, the salary base untouched', () => {
  const ids: Record<string, number> = {};
  const slips: Record<string, Slip> = {};

  it('makes each base from the salary info', async () => {
    ids.aino = await hire('Aaltonen Aino', identityCode('150685', '202'), MONTHLY(3500), {
      basePercent: 18,
      additionalPercent: 40,
      annualIncomeLimit: 60000,
    });
    ids.bertta = await hire('Berg Bertta', identityCode('101072', '204'), MONTHLY(4000), {
      basePercent: 22,
      additionalPercent: 40,
      annualIncomeLimit: 80000,
    });
    ids.cecilia = await hire(
      'Carlsson Cecilia',
      identityCode2000s('200508', '206'),
      { baseSalaryValue: 18.5, baseSalaryType: 'HOURLY', baseSalaryHours: 120 },
      { basePercent: 10, additionalPercent: 30, annualIncomeLimit: 24000 },
    );
    ids.dan = await hire('Dahl Dan', identityCode('010859', '207'), MONTHLY(2800), {
      basePercent: 25,
      additionalPercent: 45,
      annualIncomeLimit: 50000,
    });
    ids.eero = await hire('Eskola Eero', identityCode('241255', '209'), MONTHLY(1500), {
      basePercent: 5,
      additionalPercent: 20,
      annualIncomeLimit: 30000,
    });
    ids.fanni = await hire('Forsman Fanni', identityCode('031195', '208'), MONTHLY(2000), null);
    // a person of the register without an identity code: reported with MissingId, names and birth date
    const person = await svc.api('POST', '/persons', {
      firstName: 'Gabriel',
      lastName: 'García',
      paymentInfo: { paymentMethod: 'BANK_TRANSFER', paymentTermDays: '7', penalInterestRate: 0 },
      invoicingInfo: { language: 'ENGLISH', gender: 'MALE', dateOfBirth: '1988-04-12' },
      registryInfo: { active: true },
    });
    expect(person.status, person.text).toBe(200);
    ids.gabriel = await hireNumbered(person.body.id, MONTHLY(3000), {
      basePercent: 20,
      additionalPercent: 40,
      annualIncomeLimit: 60000,
    });

    const cecilia = (await svc.api('GET', `/payrolls/employees/${ids.cecilia}/salarybase`)).body;
    expect(cecilia.rows.map((r: { salaryTypeCode: number }) => r.salaryTypeCode)).toEqual([
      1010, 5010, 6010, 6020, 8010,
    ]);
    expect(cecilia.rows[0]).toMatchObject({ quantity: 120, unitValue: 18.5, baseSalaryRow: true });
    const aino = (await svc.api('GET', `/payrolls/employees/${ids.aino}/salarybase`)).body;
    expect(aino.rows[0]).toMatchObject({ salaryTypeCode: 1000, quantity: 1, unitValue: 3500, baseSalaryRow: true });
  });

  it('a list of them pays each to the cent, with the benefits added on the slips', async () => {
    const list = await svc.api('POST', '/payrolls/salarylists', {
      ...monthListBody('2026-03'),
      employeesDataForSalarySlip: Object.values(ids).map((employeeId) => ({ employeeId })),
    });
    expect(list.status, list.text).toBe(200);
    for (const basic of list.body.salarySlips as { id: number }[]) {
      const slip: Slip = (await svc.api('GET', `/payrolls/salaryslips/${basic.id}`)).body;
      const name = Object.keys(ids).find((k) => ids[k] === slip.employeeId)!;
      slips[name] = slip;
    }
    // Bertta's car (full benefit, age group A) and Dan's two full-day domestic allowances go on their slips
    const addRows = async (name: string, rows: Record<string, unknown>[]) => {
      const slip = slips[name];
      const changed = await svc.api('PUT', `/payrolls/salaryslips/${slip.id}`, {
        ...slip,
        rows: [...slip.rows, ...rows.map((r) => ({ showEarningPeriodInExport: false, unjustEnrichment: false, ...r }))],
      });
      expect(changed.status, changed.text).toBe(200);
      slips[name] = changed.body;
    };
    await addRows('bertta', [
      {
        salaryTypeCode: 3010,
        quantity: 1,
        unitValue: 800,
        carBenefitDetails: { carAgeGroup: 'A', benefitLimited: false, emissionValue: 0 },
      },
    ]);
    await addRows('dan', [{ salaryTypeCode: 4020, quantity: 2, unitValue: 53, allowanceKind: 'FULL_DAY' }]);

    const figures = (name: string) => {
      const f = slips[name].figures;
      return {
        grossPay: f.grossPay,
        taxablePay: f.taxablePay,
        withholding: f.withholding,
        employeePension: f.employeePension,
        employeeUnemployment: f.employeeUnemployment,
        netPay: f.netPay,
        employerPension: f.employerPension,
        employerHealthInsurance: f.employerHealthInsurance,
      };
    };
    // Aino, 40, card 18 % / 40 % of 60,000 (5,000 a month): 3,500 all at 18 % = 630.00; TyEL 3,500 × 7.30 % =
    // 255.50; unemployment 3,500 × 0.89 % = 31.15; net 3,500 − 630 − 255.50 − 31.15 = 2,583.35.
    // Employer: TyEL 3,500 × 17.10 % = 598.50, health 3,500 × 1.91 % = 66.85.
    expect(figures('aino')).toEqual({
      grossPay: 3500,
      taxablePay: 3500,
      withholding: 630,
      employeePension: 255.5,
      employeeUnemployment: 31.15,
      netPay: 2583.35,
      employerPension: 598.5,
      employerHealthInsurance: 66.85,
    });
    // Bertta, 53, card 22 % / 40 % of 80,000: taxable 4,000 + car 800 = 4,800 (under 6,666.67) × 22 % = 1,056.00;
    // TyEL 4,800 × 7.30 % = 350.40; unemployment 4,800 × 0.89 % = 42.72; the car is not paid out: net
    // 4,000 − 1,056 − 350.40 − 42.72 = 2,550.88. Employer: TyEL 4,800 × 17.10 % = 820.80, health × 1.91 % = 91.68.
    expect(figures('bertta')).toEqual({
      grossPay: 4000,
      taxablePay: 4800,
      withholding: 1056,
      employeePension: 350.4,
      employeeUnemployment: 42.72,
      netPay: 2550.88,
      employerPension: 820.8,
      employerHealthInsurance: 91.68,
    });
    // Cecilia, 17 (born 20.5.2008), hourly 120 h × 18.50 = 2,220.00; card 10 % / 30 % of 24,000 (2,000 a month):
    // 2,000 × 10 % + 220 × 30 % = 200 + 66 = 266.00; TyEL (17 by the end of February) 2,220 × 7.30 % = 162.06;
    // no unemployment insurance under 18; net 2,220 − 266 − 162.06 = 1,791.94. Employer: TyEL 2,220 × 17.10 % =
    // 379.62, health 2,220 × 1.91 % = 42.402 → 42.40.
    expect(figures('cecilia')).toEqual({
      grossPay: 2220,
      taxablePay: 2220,
      withholding: 266,
      employeePension: 162.06,
      employeeUnemployment: 0,
      netPay: 1791.94,
      employerPension: 379.62,
      employerHealthInsurance: 42.4,
    });
    // Dan, 66 (born 1.8.1959, TyEL to 69): 2,800 × 25 % = 700.00; TyEL 2,800 × 7.30 % = 204.40; no unemployment
    // insurance from 65; the allowance 2 × 53 = 106 tax-free on top: gross 2,906, net 2,906 − 700 − 204.40 =
    // 2,001.60. Employer: TyEL 2,800 × 17.10 % = 478.80, health 2,800 × 1.91 % = 53.48.
    expect(figures('dan')).toEqual({
      grossPay: 2906,
      taxablePay: 2800,
      withholding: 700,
      employeePension: 204.4,
      employeeUnemployment: 0,
      netPay: 2001.6,
      employerPension: 478.8,
      employerHealthInsurance: 53.48,
    });
    // Eero, 70 (born 24.12.1955, TyEL to 68): no TyEL, unemployment or health insurance; 1,500 × 5 % = 75.00;
    // net 1,425.00.
    expect(figures('eero')).toEqual({
      grossPay: 1500,
      taxablePay: 1500,
      withholding: 75,
      employeePension: 0,
      employeeUnemployment: 0,
      netPay: 1425,
      employerPension: 0,
      employerHealthInsurance: 0,
    });
    // Fanni, 30, no tax card: 2,000 × 60 % = 1,200.00; TyEL 146.00; unemployment 17.80; net 636.20.
    // Employer: TyEL 342.00, health 38.20.
    expect(figures('fanni')).toEqual({
      grossPay: 2000,
      taxablePay: 2000,
      withholding: 1200,
      employeePension: 146,
      employeeUnemployment: 17.8,
      netPay: 636.2,
      employerPension: 342,
      employerHealthInsurance: 38.2,
    });
    // Gabriel, no identity code (so no age for the insurances): 3,000 × 20 % = 600.00; TyEL 219.00; unemployment
    // 26.70; net 2,154.30. Employer: TyEL 513.00, health 57.30.
    expect(figures('gabriel')).toEqual({
      grossPay: 3000,
      taxablePay: 3000,
      withholding: 600,
      employeePension: 219,
      employeeUnemployment: 26.7,
      netPay: 2154.3,
      employerPension: 513,
      employerHealthInsurance: 57.3,
    });

    const approved = await svc.api('PUT', `/payrolls/salarylists/${list.body.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
  });

  it("reports each slip by the register's rules, and the payday's message is valid against its schema", async () => {
    const report = async (name: string) => {
      const answer = await svc.api('GET', `/payrolls/salaryslips/${slips[name].id}/incomesregister`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body;
    };
    const amounts = (r: { transactions: { incomeTypeCode: number; amount: number }[] }) =>
      Object.fromEntries(r.transactions.map((t) => [t.incomeTypeCode, t.amount]));

    const bertta = await report('bertta');
    expect(amounts(bertta)).toEqual({ 201: 4000, 304: 800, 402: 1056, 413: 350.4, 414: 42.72 });
    expect(bertta.transactions.find((t: { incomeTypeCode: number }) => t.incomeTypeCode === 304).carBenefit).toEqual({
      limited: false,
      ageGroup: 'A',
    });
    expect(bertta.pensionInsurance).toEqual({ actCode: 1, providerCode: 54, policyNumber: '54-1234567A' });
    const dan = await report('dan');
    expect(amounts(dan)).toEqual({ 201: 2800, 331: 106, 402: 700, 413: 204.4 });
    expect(dan.insuranceExceptions).toEqual([4]);
    expect(dan.transactions.find((t: { incomeTypeCode: number }) => t.incomeTypeCode === 331).dailyAllowance).toEqual([
      'FULL_DAY',
    ]);
    // past the ages of TyEL (2), unemployment (4) and health insurance (5): exceptions of the whole report, no
    // pension insurance to name, no 102–106
    const eero = await report('eero');
    expect(eero).toMatchObject({ insuranceExceptions: [2, 4, 5], pensionInsurance: null });
    expect(amounts(eero)).toEqual({ 201: 1500, 402: 75 });
    const cecilia = await report('cecilia');
    expect(cecilia.insuranceExceptions).toEqual([4]);
    const gabriel = await report('gabriel');
    expect(gabriel.incomeEarner).toEqual({
      personalIdentityCode: null,
      name: 'Gabriel García',
      lastName: 'García',
      firstName: 'Gabriel',
      birthDate: '1988-04-12',
    });

    const [batch] = await incomesRegisterBatches(svc.app.ctx, '2026-03-31', svc.demo.companyId);
    expect(batch.reported).toHaveLength(7);
    const xml = batch.xml!;
    expect(await incomesRegisterErrors(xml)).toEqual([]);
    const parsed = new XMLParser({ parseTagValue: false, isArray: (n) => ['Report', 'Transaction'].includes(n) }).parse(
      xml,
    );
    const reports = parsed['wr:WageReportsRequestToIR'].DeliveryData.Reports.Report as {
      IncomeEarner: Record<string, unknown>;
      Transactions: { Transaction: Record<string, unknown>[] };
    }[];
    const missing = reports.find((r) => r.IncomeEarner.IncomeEarnerBasic);
    expect(missing?.IncomeEarner.IncomeEarnerBasic).toEqual({
      MissingId: 'true',
      LastName: 'García',
      FirstName: 'Gabriel',
      BirthDate: '1988-04-12',
    });
    const car = reports.flatMap((r) => r.Transactions.Transaction).find((t) => t.CarBenefit);
    expect(car?.CarBenefit).toEqual({ CarBenefitCode: '2', AgeGroupCode: '1' });
    const allowance = reports.flatMap((r) => r.Transactions.Transaction).find((t) => t.DailyAllowance);
    expect(allowance?.DailyAllowance).toEqual({ AllowanceCode: '2' });
  });
});

describe('the base follows the salary info', () => {
  it("a new base salary replaces the imported row; a row edited by hand stays the user's", async () => {
    const id = await hire('Heino Heikki', identityCode('050590', '210'), MONTHLY(3000), null);
    const path = `/payrolls/employees/${id}/salaryinfo`;
    const raise = async (value: number) => {
      const info = (await svc.api('GET', path)).body;
      const put = await svc.api('PUT', path, {
        ...info,
        incomeConfiguration: { ...info.incomeConfiguration, baseSalaryValue: value },
      });
      expect(put.status, put.text).toBe(200);
    };
    const baseRow = async () =>
      (await svc.api('GET', `/payrolls/employees/${id}/salarybase`)).body.rows.find(
        (r: { baseSalaryRow: boolean }) => r.baseSalaryRow,
      );
    await raise(3200);
    expect(await baseRow()).toMatchObject({ salaryTypeCode: 1000, quantity: 1, unitValue: 3200 });

    const base = (await svc.api('GET', `/payrolls/employees/${id}/salarybase`)).body;
    const edited = await svc.api('PUT', `/payrolls/employees/${id}/salarybase`, {
      ...base,
      rows: base.rows.map((r: { baseSalaryRow: boolean }) => (r.baseSalaryRow ? { ...r, unitValue: 3333 } : r)),
    });
    expect(edited.status, edited.text).toBe(200);
    await raise(3400);
    expect(await baseRow()).toMatchObject({ unitValue: 3333 });
  });

  it('refuses bad input whole, naming the field: no employee and no base are made', async () => {
    const person = await svc.api('POST', '/businesspartners', { name: 'Iso Ilkka', type: 'PERSON' });
    const before = (await svc.api('GET', '/payrolls/employees?includeInactive=true&size=200')).body.meta.resultCount;
    const negative = await svc.api(
      'POST',
      '/payrolls/employees/salaryinfo',
      salaryInfoBody(person.body.id, MONTHLY(-100)),
    );
    expect(negative.status).toBe(400);
    expect(negative.body.errors[0].field).toMatch(/baseSalaryValue/);
    const unknownType = await svc.api(
      'POST',
      '/payrolls/employees/salaryinfo',
      salaryInfoBody(person.body.id, {
        baseSalaryValue: 500,
        baseSalaryType: 'COMPENSATION',
        compensationForWorkBaseSalaryTypeCode: 9999,
      }),
    );
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.errors[0].field).toBe('incomeConfiguration.compensationForWorkBaseSalaryTypeCode');
    expect((await svc.api('GET', '/payrolls/employees?includeInactive=true&size=200')).body.meta.resultCount).toBe(
      before,
    );

    const id = await hire('Jokela Jaana', identityCode('121290', '212'), MONTHLY(2500), null);
    const base = (await svc.api('GET', `/payrolls/employees/${id}/salarybase`)).body;
    const badKind = await svc.api('PUT', `/payrolls/employees/${id}/salarybase`, {
      ...base,
      rows: [...base.rows, { salaryTypeCode: 4020, quantity: 1, unitValue: 53, allowanceKind: 'HALF_DAY' }],
    });
    expect(badKind.status).toBe(400);
    expect(badKind.body.errors[0].field).toMatch(/allowanceKind/);
    const kindOfSalary = await svc.api('PUT', `/payrolls/employees/${id}/salarybase`, {
      ...base,
      rows: [{ ...base.rows[0], allowanceKind: 'FULL_DAY' }],
    });
    expect(kindOfSalary.status).toBe(400);
    expect(kindOfSalary.body.errors[0].field).toBe('rows[0].allowanceKind');
    expect((await svc.api('GET', `/payrolls/employees/${id}/salarybase`)).body).toEqual(base);
  });
});
