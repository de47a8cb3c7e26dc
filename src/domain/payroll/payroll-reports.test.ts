// The incomes-register earnings payment report and the year summary against the calculation: every amount
// reconciles with the slip's figures to the cent (the worked example of domain-facts §2.3 among the cases).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { Decimal } from '../decimal.ts';
import { earningsPaymentReport, incomesRegisterXml, type ReportedRow } from './incomes-register.ts';
import { ratesFor } from './rates.ts';
import { calculateSlip, type SalaryTypeTerms, type SlipInput } from './slip.ts';
import { payrollYearSummary } from './year-summary.ts';

const d = (value: string | number) => new Decimal(value);
const fixed = (value: Decimal) => value.toFixed(2);

const type = (code: number, more: Partial<SalaryTypeTerms> = {}): SalaryTypeTerms => ({
  code,
  category: 'SALARY_FOR_TIME_WORKED',
  affectsWithholding: true,
  withheldAtBasePercent: false,
  calculated: false,
  affectsPensionInsurance: true,
  affectsUnemploymentInsurance: true,
  affectsHealthInsurance: true,
  affectsAccidentAndGroupLifeInsurance: true,
  account: '5010',
  contraAccount: null,
  ...more,
});
const NOT_INSURED = {
  affectsWithholding: false,
  affectsPensionInsurance: false,
  affectsUnemploymentInsurance: false,
  affectsHealthInsurance: false,
  affectsAccidentAndGroupLifeInsurance: false,
};

/** Salary types of the catalogue with their income types. */
const TYPES: Record<string, ReportedRow> = {
  monthly: { salaryType: type(1000), incomeTypeCode: 201 },
  overtime: { salaryType: type(1100), incomeTypeCode: 235 },
  holidayPay: { salaryType: type(1510), incomeTypeCode: 201 },
  holidayBonus: { salaryType: type(1520, { withheldAtBasePercent: true }), incomeTypeCode: 213 },
  carBenefit: {
    salaryType: type(3010, { category: 'FRINGE_BENEFITS', contraAccount: '5990' }),
    incomeTypeCode: 304,
  },
  mealBenefit: {
    salaryType: type(3020, { category: 'FRINGE_BENEFITS', contraAccount: '5990' }),
    incomeTypeCode: 334,
  },
  kilometres: { salaryType: type(4010, { category: 'TAX_FREE_ITEMS', ...NOT_INSURED }), incomeTypeCode: 311 },
  distraint: {
    salaryType: type(6050, { category: 'DEDUCTIONS_FROM_NET_PAY', ...NOT_INSURED }),
    incomeTypeCode: 417,
  },
  unionFee: { salaryType: type(6060, { category: 'DEDUCTIONS_FROM_NET_PAY', ...NOT_INSURED }), incomeTypeCode: null },
};

type Line = [keyof typeof TYPES, string];

function slipOf(lines: Line[], more: Partial<SlipInput> = {}) {
  const rows = lines.map(([name]) => TYPES[name]);
  const input: SlipInput = {
    rates: ratesFor('2026-03-31'),
    payday: '2026-03-31',
    birthDate: '1986-01-15',
    period: { unit: 'MONTH', count: 1 },
    taxCard: {
      type: 'A',
      basePercent: d(22),
      additionalPercent: d(40),
      annualIncomeLimit: d(99999),
      method: 'PER_PERIOD',
    },
    employer: { accidentPercent: d('0.7'), groupLifePercent: d('0.06'), wageSumBefore: d(0), unemploymentDue: true },
    rows: lines.map(([name, amount]) => ({
      salaryType: TYPES[name].salaryType,
      quantity: d(1),
      unitValue: d(amount),
      paymentPercent: d(100),
    })),
    ...more,
  };
  const calculation = calculateSlip(input);
  return {
    calculation,
    figures: {
      reportId: 'slip-17',
      replaces: false,
      payer: { businessId: '1234567-1', name: 'Esimerkki Oy' },
      incomeEarner: { personalIdentityCode: '131052-308T', name: 'Virtanen Matti' },
      paymentDate: '2026-03-31',
      payPeriod: { start: '2026-03-01', end: '2026-03-31' },
      pensionInsurance: { actCode: 1 },
      insuranceExceptions: [],
      rows,
      calculation,
    },
  };
}

const amountsOf = (lines: Line[], more: Partial<SlipInput> = {}) =>
  Object.fromEntries(
    earningsPaymentReport(slipOf(lines, more).figures).transactions.map((t) => [t.incomeTypeCode, fixed(t.amount)]),
  );

describe('the earnings payment report', () => {
  it('reports the worked example of §2.3: pay, car benefit, withholding and the employee contributions', () => {
    expect(
      amountsOf([
        ['monthly', '4000'],
        ['carBenefit', '800'],
      ]),
    ).toEqual({
      // itemised: no 101 total beside the 200 series, and no 102–106 while every insurance is due on the pay
      201: '4000.00',
      304: '800.00',
      402: '1056.00',
      413: '350.40',
      414: '42.72',
    });
  });

  it('sums rows of one income type, leaves out tax-free items from the totals and types the register lacks', () => {
    const amounts = amountsOf([
      ['monthly', '3000'],
      ['holidayPay', '600'],
      ['holidayBonus', '300'],
      ['overtime', '150.55'],
      ['kilometres', '120.40'],
      ['distraint', '200'],
      ['unionFee', '45'],
    ]);
    expect(amounts).toMatchObject({
      201: '3600.00',
      213: '300.00',
      235: '150.55',
      311: '120.40',
      417: '200.00',
    });
    expect(Object.keys(amounts)).not.toContain('0');
    expect(Object.keys(amounts)).not.toContain('101');
  });

  it('reports tax at source with its deduction instead of withholding', () => {
    const amounts = amountsOf([['monthly', '2000']], {
      taxCard: {
        type: 'TAX_AT_SOURCE',
        basePercent: d(0),
        additionalPercent: d(0),
        annualIncomeLimit: d(0),
        method: 'PER_PERIOD',
      },
    });
    expect(amounts).toMatchObject({ 201: '2000.00', 404: '521.50', 405: '510.00' });
    expect(amounts[402]).toBeUndefined();
  });

  it('reconciles with the calculation to the cent, whatever the rows', () => {
    const names = Object.keys(TYPES);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...names), fc.integer({ min: 1, max: 1_000_000 })), { maxLength: 8 }),
        (drawn) => {
          const { calculation: c, figures } = slipOf(
            drawn.map(([name, cents]) => [name, d(cents).dividedBy(100).toFixed(2)]),
          );
          const report = earningsPaymentReport(figures);
          const of = (code: number) => report.transactions.find((t) => t.incomeTypeCode === code)?.amount ?? d(0);
          const sumOf = (from: number, to: number, taxable: boolean) =>
            report.transactions
              .filter((t) => t.incomeTypeCode >= from && t.incomeTypeCode <= to)
              .filter((t) => !taxable || ![311, 303, 331].includes(t.incomeTypeCode))
              .reduce((sum, t) => sum.plus(t.amount), d(0));
          // the taxable pay is the taxable rows of the 200 and 300 series, never also reported as a 101 total
          expect(report.transactions.some((t) => t.incomeTypeCode === 101)).toBe(false);
          expect(fixed(sumOf(200, 399, true))).toBe(fixed(c.taxablePay));
          // 102 only where the pay TyEL is due on differs from the taxable pay
          const has102 = report.transactions.some((t) => t.incomeTypeCode === 102);
          expect(has102).toBe(!c.bases.pension.equals(c.taxablePay));
          if (has102) expect(fixed(of(102))).toBe(fixed(c.bases.pension));
          expect(fixed(of(402))).toBe(fixed(c.withholding.amount));
          expect(fixed(of(413))).toBe(fixed(c.employeePension));
          expect(fixed(of(414))).toBe(fixed(c.employeeUnemployment));
          // net pay: what was paid out less every deduction reported (the union fee is not one)
          const unionFees = drawn
            .filter(([name]) => name === 'unionFee')
            .reduce((sum, [, cents]) => sum.plus(d(cents).dividedBy(100)), d(0));
          const paidOut = sumOf(200, 399, false).minus(c.fringeBenefits);
          const deducted = of(402).plus(of(413)).plus(of(414)).plus(of(417)).plus(unionFees);
          expect(fixed(paidOut.minus(deducted))).toBe(fixed(c.netPay));
        },
      ),
    );
  });
});

describe('the XML message', () => {
  it('holds the delivery, the contact person, the payer and each report with its earner and transactions', () => {
    const first = earningsPaymentReport(
      slipOf([
        ['monthly', '4000'],
        ['carBenefit', '800'],
      ]).figures,
    );
    const second = {
      ...earningsPaymentReport(slipOf([['monthly', '2500.5']]).figures),
      reportId: 'slip-18',
      actionCode: 2 as const,
      incomeEarner: {
        personalIdentityCode: null,
        name: 'Earner Foreign',
        lastName: 'Earner',
        firstName: 'Foreign',
        birthDate: '1990-05-01',
      },
      insuranceExceptions: [6],
      pensionInsurance: { actCode: 1, providerCode: 54, policyNumber: '46-1234567' },
    };
    const xml = incomesRegisterXml({
      deliveryId: 'D-2026-03-31-1',
      timestamp: '2026-04-01T08:00:00Z',
      production: true,
      contactPerson: { name: 'Palkka Pirjo', telephone: '+358401234567' },
      reports: [first, second],
    });
    const parsed = new XMLParser({
      parseTagValue: false,
      isArray: (name) => ['Report', 'Transaction'].includes(name),
    }).parse(xml);
    // the root under a prefix in the register's namespace, its descendants unqualified
    expect(xml).toContain('<wr:WageReportsRequestToIR xmlns:wr="http://www.tulorekisteri.fi/2017/1/WageReportsToIR">');
    const data = parsed['wr:WageReportsRequestToIR'].DeliveryData;
    expect(data).toMatchObject({
      DeliveryDataType: '100',
      DeliveryId: 'D-2026-03-31-1',
      ProductionEnvironment: 'true',
      DeliveryDataOwner: { Type: '1', Code: '1234567-1' },
      PaymentPeriod: { PaymentDate: '2026-03-31', StartDate: '2026-03-01', EndDate: '2026-03-31' },
      ContactPersons: { ContactPerson: { Name: 'Palkka Pirjo', Telephone: '+358401234567' } },
      Payer: { PayerIds: { Id: { Type: '1', Code: '1234567-1' } }, PayerBasic: { CompanyName: 'Esimerkki Oy' } },
    });
    const [a, b] = data.Reports.Report;
    expect(a.ReportData).toEqual({ ActionCode: '1', ReportId: 'slip-17' });
    expect(a.IncomeEarner.IncomeEarnerIds.Id).toEqual({ Type: '2', Code: '131052-308T' });
    expect(a.IncomeEarner.PensionInsurance).toEqual({ PensionActCode: '1' });
    const transactions = a.Transactions.Transaction.map(
      (t: { TransactionBasic: { TransactionCode: string; Amount: string } }) => [
        t.TransactionBasic.TransactionCode,
        t.TransactionBasic.Amount,
      ],
    );
    expect(Object.fromEntries(transactions)).toEqual({
      201: '4000.00',
      304: '800.00',
      402: '1056.00',
      413: '350.40',
      414: '42.72',
    });
    expect(b.ReportData).toEqual({ ActionCode: '2', ReportId: 'slip-18' });
    expect(b.IncomeEarner.IncomeEarnerBasic).toEqual({
      MissingId: 'true',
      LastName: 'Earner',
      FirstName: 'Foreign',
      BirthDate: '1990-05-01',
    });
    expect(b.IncomeEarner.InsuranceExceptions).toEqual({ ExceptionCode: '6' });
    expect(b.IncomeEarner.PensionInsurance).toEqual({
      PensionActCode: '1',
      PensionProvIdCode: '54',
      PensionPolicyNo: '46-1234567',
    });
    expect(b.Transactions.Transaction[0].TransactionBasic).toEqual({ TransactionCode: '201', Amount: '2500.50' });
  });

  it('refuses a delivery of two paydays', () => {
    const report = earningsPaymentReport(slipOf([['monthly', '1000']]).figures);
    expect(() =>
      incomesRegisterXml({
        deliveryId: 'x',
        timestamp: '2026-04-01T08:00:00Z',
        production: false,
        contactPerson: { name: 'n', telephone: 't' },
        reports: [report, { ...report, paymentDate: '2026-04-30' }],
      }),
    ).toThrow();
    expect(() =>
      incomesRegisterXml({
        deliveryId: 'x',
        timestamp: 't',
        production: false,
        contactPerson: { name: 'n', telephone: 't' },
        reports: [],
      }),
    ).toThrow();
  });
});

describe('the year summary of an employee', () => {
  it('sums the slips of the year by month and for the year, leaving out other years', () => {
    const march = slipOf([
      ['monthly', '4000'],
      ['carBenefit', '800'],
    ]).calculation;
    const april = slipOf([
      ['monthly', '4000'],
      ['carBenefit', '800'],
      ['kilometres', '100'],
    ]).calculation;
    const summary = payrollYearSummary(2026, [
      { payday: '2026-04-30', calculation: april },
      { payday: '2026-03-31', calculation: march },
      { payday: '2025-12-31', calculation: march },
    ]);
    expect(summary.slips).toBe(2);
    expect(fixed(summary.taxablePay)).toBe('9600.00');
    expect(fixed(summary.paidEarnings)).toBe('8100.00');
    expect(fixed(summary.fringeBenefits)).toBe('1600.00');
    expect(fixed(summary.taxFreeItems)).toBe('100.00');
    expect(fixed(summary.withholding)).toBe('2112.00');
    expect(fixed(summary.employeePension)).toBe('700.80');
    expect(fixed(summary.employeeUnemployment)).toBe('85.44');
    expect(fixed(summary.netPay)).toBe('5201.76'); // 2 × 2,550.88 + 100.00 kilometres
    expect(fixed(summary.employer.pension)).toBe('1641.60'); // 2 × 820.80
    expect(fixed(summary.employer.healthInsurance)).toBe('183.36'); // 2 × 91.68
    expect(fixed(summary.employer.unemployment)).toBe('29.76'); // 2 × 14.88
    expect(summary.months.map((m) => [m.month, m.slips, fixed(m.netPay)])).toEqual([
      ['2026-03', 1, '2550.88'],
      ['2026-04', 1, '2650.88'],
    ]);
    expect(payrollYearSummary(2024, [{ payday: '2026-03-31', calculation: march }])).toMatchObject({
      slips: 0,
      months: [],
    });
  });

  it('keeps net pay equal to paid earnings less the deductions, summed over any slips', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 100, max: 1_000_000 }), { maxLength: 12 }), (pays) => {
        const slips = pays.map((cents, i) => ({
          payday: `2026-${String((i % 12) + 1).padStart(2, '0')}-28`,
          calculation: slipOf([['monthly', d(cents).dividedBy(100).toFixed(2)]]).calculation,
        }));
        const s = payrollYearSummary(2026, slips);
        const expected = s.paidEarnings
          .minus(s.withholding)
          .minus(s.taxAtSource)
          .minus(s.employeePension)
          .minus(s.employeeUnemployment)
          .minus(s.netPayDeductions);
        expect(fixed(s.netPay)).toBe(fixed(expected));
        expect(fixed(s.months.reduce((sum, m) => sum.plus(m.netPay), d(0)))).toBe(fixed(s.netPay));
      }),
    );
  });
});
