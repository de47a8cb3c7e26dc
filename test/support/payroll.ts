// Payroll test data: an employee's salary info body and personal identity codes; employees, month lists and
// holiday figures over HTTP.
import { expect } from 'vitest';
import type { TestService } from './service.ts';

/** The TyEL insurance of the employees of the tests: Elo's, with a policy number in the register's form. */
export const TYEL = { type: 'TYEL', pensionProviderCode: 54, pensionPolicyNumber: '54-1234567A' } as const;

/** The payroll's contact person for the Incomes Register, without whom no report is sent. */
export const INCOMES_REGISTER_CONTACT = { name: 'Palkanlaskija Paula', telephone: '+358 40 123 4567' };

/** A tax card A for 2026: 20 % up to 60,000 a year, 40 % over it. */
export const TAX_CARD_2026 = {
  type: 'A',
  revised: false,
  validFrom: '2026-01-01',
  basePercent: 20,
  additionalPercent: 40,
  annualIncomeLimit: 60000,
};

/** The salary info of a resident employee insured under TyEL, with the income configuration given. */
export const salaryInfoBody = (personId: number, income: Record<string, unknown>) => ({
  personId,
  incomeConfiguration: {
    baseSalaryHours: 160,
    travelExpensesSpecialHandling: 'NONE',
    salaryChannel: 'EMAIL',
    excludedFromAutomatedWithholdingPercentageRequest: false,
    ...income,
  },
  insurancesConfiguration: {
    pensionInsurance: TYEL,
    accidentInsurance: { percent: 0.7 },
    pensionVoluntarilyPaid: false,
  },
  internationalSituationsConfiguration: { notSubjectToWithholding: false, nonResidentTaxPayer: false },
});

/** A personal identity code of the 1900s with its control character. */
export const identityCode = (date: string, individual: string) =>
  `${date}-${individual}${'0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(date + individual) % 31]}`;

type ApiService = Pick<TestService, 'api'>;

type Row = {
  id: number;
  salaryTypeCode: number;
  quantity: number;
  unitValue: number;
  earningsPeriodStart?: string;
} & Record<string, unknown>;
export type Slip = { id: number; status: string; version: string; rows: Row[] } & Record<string, unknown>;

/** The header of a salary list of a calendar month paid on its last day. */
export function monthListBody(month: string) {
  const end = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  return {
    name: `Salaries ${month}`,
    paymentPeriodStart: `${month}-01`,
    paymentPeriodEnd: end,
    accountingDate: end,
    dueDate: end,
    payday: end,
  };
}

/** The rows of a salary type on a slip, as quantity, unit value and the start of their earnings period. */
export const rowsOf = (s: Slip, code: number) =>
  s.rows
    .filter((r) => r.salaryTypeCode === code)
    .map((r) => ({
      quantity: r.quantity,
      unitValue: r.unitValue,
      ...(r.earningsPeriodStart ? { from: r.earningsPeriodStart } : {}),
    }));

/** Employees with an employment, month lists and their slips, and the holiday accrual, over HTTP. */
export function holidayFixtures(svc: ApiService, birthDate: string) {
  let people = 0;
  const slip = async (id: number): Promise<Slip> => (await svc.api('GET', `/payrolls/salaryslips/${id}`)).body;
  return {
    slip,
    employee: async (
      income: Record<string, unknown>,
      employment: { startDate: string; endDate?: string; hoursPerWeek: number },
    ): Promise<number> => {
      people++;
      const person = await svc.api('POST', '/businesspartners', {
        name: `Holiday Person ${people}`,
        type: 'PERSON',
        invoicingInfo: { identifier: identityCode(birthDate, String(400 + people)), identifierType: 'HETU' },
      });
      expect(person.status, person.text).toBe(200);
      const info = await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfoBody(person.body.id, income));
      expect(info.status, info.text).toBe(200);
      const id = info.body.employeeId as number;
      // the holiday rows alone on the slips: without the base salary row the salary info brings into the base
      const emptied = await svc.api('PUT', `/payrolls/employees/${id}/salarybase`, { rows: [] });
      expect(emptied.status, emptied.text).toBe(200);
      const made = await svc.api('POST', `/payrolls/employees/${id}/salaryinfo/employments`, {
        type: 'PERMANENT',
        terminationReason: 'NOT_APPLICABLE',
        keva: false,
        ...employment,
      });
      expect(made.status, made.text).toBe(200);
      return id;
    },
    /** A list of a calendar month paid on its last day; answers its slips, in the order of the entries. */
    list: async (month: string, entries: Record<string, unknown>[]): Promise<Slip[]> => {
      const made = await svc.api('POST', '/payrolls/salarylists', {
        ...monthListBody(month),
        employeesDataForSalarySlip: entries,
      });
      expect(made.status, made.text).toBe(200);
      return Promise.all(made.body.salarySlips.map((s: { id: number }) => slip(s.id)));
    },
    holidays: async (id: number) => (await svc.api('GET', `/payrolls/employees/${id}/holidaypay`)).body,
    approve: (id: number) => svc.api('PUT', `/payrolls/salaryslips/${id}/approve`),
    cancel: (id: number) => svc.api('PUT', `/payrolls/salaryslips/${id}/cancelapproval`),
  };
}

/** A credit year's figures in the holiday accrual. */
export const yearOf = (body: { yearlyRemainings: { holidayCreditYear: number }[] }, year: number) =>
  body.yearlyRemainings.find((y) => y.holidayCreditYear === year);
