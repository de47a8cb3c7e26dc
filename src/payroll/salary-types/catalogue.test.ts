// The seeded catalogue drives the calculation: the worked 2026 example (domain-facts §2.3) from catalogue codes.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal.ts';
import { calculateAndPostSlip } from '../../domain/payroll/postings.ts';
import { ratesFor } from '../../domain/payroll/rates.ts';
import type { SalaryTypeTerms } from '../../domain/payroll/slip.ts';
import { isWageIncomeType } from '../../domain/payroll/incomes-register.ts';
import { SALARY_TYPE_CATALOGUE, type CatalogueEntry } from './catalogue.ts';

const terms = (entry: CatalogueEntry): SalaryTypeTerms => ({
  code: entry.code,
  category: entry.category,
  affectsWithholding: entry.affects.withholding,
  withheldAtBasePercent: entry.withheldAtBasePercent,
  calculated: entry.calculated,
  affectsPensionInsurance: entry.affects.pension,
  affectsUnemploymentInsurance: entry.affects.unemployment,
  affectsHealthInsurance: entry.affects.health,
  affectsAccidentAndGroupLifeInsurance: entry.affects.accidentAndGroupLife,
  account: entry.account,
  contraAccount: entry.contraAccount,
});
const byCode = new Map(SALARY_TYPE_CATALOGUE.map((e) => [e.code, terms(e)]));
const type = (code: number) => byCode.get(code)!;

describe('the salary type catalogue', () => {
  it("reports under the register's own income types only", () => {
    const codes = SALARY_TYPE_CATALOGUE.map((e) => e.incomeTypeCode).filter((c) => c !== null);
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((c) => !isWageIncomeType(c))).toEqual([]);
    for (const unknown of [100, 107, 228, 240, 305, 333, 360, 366, 421]) expect(isWageIncomeType(unknown)).toBe(false);
  });

  it('has unique codes whose first digit is the group of their category', () => {
    expect(byCode.size).toBe(SALARY_TYPE_CATALOGUE.length);
    const groups: Record<string, string> = {
      SALARY_FOR_TIME_WORKED: '1',
      OTHER_TAXABLE_EARNINGS: '2',
      FRINGE_BENEFITS: '3',
      TAX_FREE_ITEMS: '4',
      TAX: '5',
      DEDUCTIONS_FROM_NET_PAY: '6',
      INFORMATIVE_ITEMS: '8',
    };
    for (const entry of SALARY_TYPE_CATALOGUE)
      expect(String(entry.code)[0], String(entry.code)).toBe(groups[entry.category]);
  });

  it('gives the worked 2026 example from codes 1000 (monthly salary) and 3010 (car benefit)', () => {
    const row = (code: number, value: string) => ({
      salaryType: type(code),
      quantity: new Decimal(1),
      unitValue: new Decimal(value),
      paymentPercent: new Decimal(100),
    });
    const { calculation, postings } = calculateAndPostSlip({
      rates: ratesFor('2026-01-31'),
      payday: '2026-01-31',
      birthDate: '1980-05-05',
      period: { unit: 'MONTH', count: 1 },
      taxCard: {
        type: 'A',
        basePercent: new Decimal(22),
        additionalPercent: new Decimal(40),
        annualIncomeLimit: new Decimal(100000),
        method: 'PER_PERIOD',
      },
      rows: [row(1000, '4000'), row(3010, '800'), row(5010, '999')],
      employer: {
        accidentPercent: new Decimal(0),
        groupLifePercent: new Decimal(0),
        wageSumBefore: new Decimal(0),
        unemploymentDue: true,
      },
    });
    expect(calculation.netPay.toFixed(2)).toBe('2550.88');
    expect(postings.salary.map((l) => `${l.account} ${l.amountMinor}`)).toEqual([
      '5010 400000',
      '5420 80000',
      '5990 -80000',
      '2921 -105600',
      '2931 -35040',
      '2935 -4272',
      '2940 -255088',
    ]);
  });
});
