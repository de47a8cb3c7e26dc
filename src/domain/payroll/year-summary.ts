// The year's payroll of one employee (the annual summary an employee and an auditor ask for): the pay, the
// benefits, what was withheld and the contributions, by month of payday and for the year. Pure: a sum of the
// approved slips' calculations (slip.ts), so each figure ties to the slips to the cent.
import { Decimal } from '../decimal.ts';
import type { SlipCalculation } from './slip.ts';

/** An approved slip of the employee: its payday and its calculation. */
export interface SlipOfYear {
  payday: string;
  calculation: SlipCalculation;
}

interface PayrollFigures {
  slips: number;
  /** Taxable pay: the taxable earnings and the fringe benefits. */
  taxablePay: Decimal;
  /** Earnings paid out: the taxable earnings and the tax-free items. */
  paidEarnings: Decimal;
  fringeBenefits: Decimal;
  taxFreeItems: Decimal;
  /** Withholding by a tax card, or without one. */
  withholding: Decimal;
  taxAtSource: Decimal;
  employeePension: Decimal;
  employeeUnemployment: Decimal;
  netPayDeductions: Decimal;
  netPay: Decimal;
  employer: {
    pension: Decimal;
    healthInsurance: Decimal;
    unemployment: Decimal;
    accident: Decimal;
    groupLife: Decimal;
  };
}

export interface PayrollYearSummary extends PayrollFigures {
  year: number;
  /** By month of payday (`YYYY-MM`), the months with a slip only, in order. */
  months: (PayrollFigures & { month: string })[];
}

const ZERO = new Decimal(0);

function nothing(): PayrollFigures {
  return {
    slips: 0,
    taxablePay: ZERO,
    paidEarnings: ZERO,
    fringeBenefits: ZERO,
    taxFreeItems: ZERO,
    withholding: ZERO,
    taxAtSource: ZERO,
    employeePension: ZERO,
    employeeUnemployment: ZERO,
    netPayDeductions: ZERO,
    netPay: ZERO,
    employer: { pension: ZERO, healthInsurance: ZERO, unemployment: ZERO, accident: ZERO, groupLife: ZERO },
  };
}

function plus(sum: PayrollFigures, c: SlipCalculation): PayrollFigures {
  const atSource = c.withholding.kind === 'TAX_AT_SOURCE';
  return {
    slips: sum.slips + 1,
    taxablePay: sum.taxablePay.plus(c.taxablePay),
    paidEarnings: sum.paidEarnings.plus(c.paidEarnings),
    fringeBenefits: sum.fringeBenefits.plus(c.fringeBenefits),
    taxFreeItems: sum.taxFreeItems.plus(c.taxFreeItems),
    withholding: sum.withholding.plus(atSource ? ZERO : c.withholding.amount),
    taxAtSource: sum.taxAtSource.plus(atSource ? c.withholding.amount : ZERO),
    employeePension: sum.employeePension.plus(c.employeePension),
    employeeUnemployment: sum.employeeUnemployment.plus(c.employeeUnemployment),
    netPayDeductions: sum.netPayDeductions.plus(c.netPayDeductions),
    netPay: sum.netPay.plus(c.netPay),
    employer: {
      pension: sum.employer.pension.plus(c.employer.pension),
      healthInsurance: sum.employer.healthInsurance.plus(c.employer.healthInsurance),
      unemployment: sum.employer.unemployment.plus(c.employer.unemployment),
      accident: sum.employer.accident.plus(c.employer.accident),
      groupLife: sum.employer.groupLife.plus(c.employer.groupLife),
    },
  };
}

/** The summary of a calendar year from the employee's approved slips (those paid in other years are left out). */
export function payrollYearSummary(year: number, slips: readonly SlipOfYear[]): PayrollYearSummary {
  const ofYear = slips.filter((s) => s.payday.startsWith(`${year}-`));
  const byMonth = new Map<string, PayrollFigures>();
  for (const slip of [...ofYear].sort((a, b) => a.payday.localeCompare(b.payday))) {
    const month = slip.payday.slice(0, 7);
    byMonth.set(month, plus(byMonth.get(month) ?? nothing(), slip.calculation));
  }
  return {
    year,
    ...ofYear.reduce((sum, slip) => plus(sum, slip.calculation), nothing()),
    months: [...byMonth].map(([month, figures]) => ({ month, ...figures })),
  };
}
