// The calculation of one salary slip, and its ledger postings (domain-facts §1 and §2.3): from the rows and
// the employee's facts to gross pay, withholding, the employee's and the employer's contributions, net pay and
// two balanced sets of posting lines (the salary, and the employer contributions). Pure: no I/O, no clock.
import { Decimal } from '../decimal.ts';
import { insuranceAge, pensionUpperAge } from './ages.ts';
import type { AgeBandRate, PayrollYearRates } from './rates.ts';
import { percentOf, roundCents } from './rounding.ts';
import {
  NOTHING_YET,
  withholdingFor,
  type PayPeriod,
  type TaxCardTerms,
  type Withholding,
  type WithholdingYearToDate,
} from './withholding.ts';

export const SALARY_CATEGORIES = [
  'SALARY_FOR_TIME_WORKED',
  'OTHER_TAXABLE_EARNINGS',
  'FRINGE_BENEFITS',
  'TAX_FREE_ITEMS',
  'TAX',
  'DEDUCTIONS_FROM_NET_PAY',
  'INFORMATIVE_ITEMS',
] as const;
export type SalaryCategory = (typeof SALARY_CATEGORIES)[number];

/** What a salary type means to the calculation (one entry of the company's salary type catalogue). */
export interface SalaryTypeTerms {
  code: number;
  category: SalaryCategory;
  /** Taxable: counted in the withholding base. */
  affectsWithholding: boolean;
  /** Withheld at the card's base % whatever the income limit (holiday bonus). */
  withheldAtBasePercent: boolean;
  /** A figure this calculation produces (taxes, the employee's contributions, net pay): a row of it is not summed. */
  calculated: boolean;
  affectsPensionInsurance: boolean;
  affectsUnemploymentInsurance: boolean;
  affectsHealthInsurance: boolean;
  affectsAccidentAndGroupLifeInsurance: boolean;
  /** Account debited with an earning, or credited with a deduction from net pay. */
  account: string;
  /** Fringe benefits only: the contra account credited with the benefit (it is not paid out). */
  contraAccount: string | null;
}

export interface SlipRow {
  salaryType: SalaryTypeTerms;
  quantity: Decimal;
  unitValue: Decimal;
  /** 100 unless the row pays a share or a premium (overtime 150 %). */
  paymentPercent: Decimal;
  /** The row's cost split over dimension items: each item's share of the row (the shares of a dimension sum to 1). */
  dimensions?: readonly { dimensionId: number; itemId: number; share: Decimal }[];
}

/** Insurance percentages of the employer: the company's defaults, or the employee's own on the slip. */
interface EmployerInsurance {
  /** Employer TyEL share; the year's average when not given. */
  pensionPercent?: Decimal;
  accidentPercent: Decimal;
  groupLifePercent: Decimal;
  /** The company's wage sum of the year before this slip: decides the employer unemployment rate band. */
  wageSumBefore: Decimal;
  /** False when the company's payroll of the year stays within €1,500 (no employer share is due). */
  unemploymentDue: boolean;
  /** The employee's own employer unemployment and health insurance percentages, replacing the year's rates. */
  unemploymentPercent?: Decimal;
  healthPercent?: Decimal;
}

export interface SlipInput {
  rates: PayrollYearRates;
  payday: string;
  /** From the identity code; null when unknown, and then every age-bound insurance applies. */
  birthDate: string | null;
  period: PayPeriod;
  taxCard: TaxCardTerms | null;
  yearToDate?: WithholdingYearToDate;
  rows: readonly SlipRow[];
  employer: EmployerInsurance;
}

interface ContributionBases {
  pension: Decimal;
  unemployment: Decimal;
  health: Decimal;
  accidentAndGroupLife: Decimal;
}

export interface SlipCalculation {
  /** Each row's amount, in the order of the rows. */
  rowAmounts: Decimal[];
  /** Earnings paid out: taxable earnings and tax-free items. */
  paidEarnings: Decimal;
  /** Taxable pay: taxable earnings and fringe benefits. */
  taxablePay: Decimal;
  fringeBenefits: Decimal;
  taxFreeItems: Decimal;
  withholding: Withholding;
  employeePension: Decimal;
  employeeUnemployment: Decimal;
  /** Deductions from net pay given as rows. */
  netPayDeductions: Decimal;
  netPay: Decimal;
  bases: ContributionBases;
  employer: {
    pension: Decimal;
    healthInsurance: Decimal;
    unemployment: Decimal;
    accident: Decimal;
    groupLife: Decimal;
  };
  /** The percentages applied (zero where the employee's age puts them outside the insurance). */
  percents: { employeePension: Decimal; employeeUnemployment: Decimal; employerPension: Decimal; health: Decimal };
}

const ZERO = new Decimal(0);

const PAID: ReadonlySet<SalaryCategory> = new Set([
  'SALARY_FOR_TIME_WORKED',
  'OTHER_TAXABLE_EARNINGS',
  'TAX_FREE_ITEMS',
]);

/** The amount of a row: quantity × unit value × payment percent, rounded half up to the cent. */
function rowAmount(row: SlipRow): Decimal {
  return roundCents(row.quantity.times(row.unitValue).times(row.paymentPercent).dividedBy(100));
}

function inBand(band: AgeBandRate, age: number | null): boolean {
  return age === null || (age >= band.fromAge && age <= band.toAge);
}

/** The employee TyEL percentage of the pay month, zero outside the insured ages. */
function employeePensionPercent(rates: PayrollYearRates, birthDate: string | null, payday: string): Decimal {
  if (birthDate === null) return rates.employeePension[0].percent;
  const age = insuranceAge(birthDate, payday);
  if (age < rates.pensionFromAge || age >= pensionUpperAge(birthDate)) return ZERO;
  return rates.employeePension.find((band) => inBand(band, age))?.percent ?? ZERO;
}

/** Employer unemployment insurance: the low rate up to the wage sum limit of the year, the high rate above it. */
function employerUnemployment(rates: PayrollYearRates, base: Decimal, wageSumBefore: Decimal): Decimal {
  const low = Decimal.min(base, Decimal.max(0, rates.employerUnemploymentWageSumLimit.minus(wageSumBefore)));
  return roundCents(
    low.times(rates.employerUnemploymentLow).plus(base.minus(low).times(rates.employerUnemploymentHigh)).dividedBy(100),
  );
}

/** Whether a row of the type adds to the slip: rows of calculated figures and informative items do not. */
export function isEntered(type: SalaryTypeTerms): boolean {
  return !type.calculated && type.category !== 'TAX' && type.category !== 'INFORMATIVE_ITEMS';
}

/** Calculates a slip. */
export function calculateSlip(input: SlipInput): SlipCalculation {
  const { rates, birthDate, payday } = input;
  const rowAmounts = input.rows.map(rowAmount);
  let paidEarnings = ZERO;
  let fringeBenefits = ZERO;
  let taxFreeItems = ZERO;
  let netPayDeductions = ZERO;
  let pay = ZERO;
  let payAtBasePercent = ZERO;
  const bases: ContributionBases = { pension: ZERO, unemployment: ZERO, health: ZERO, accidentAndGroupLife: ZERO };
  input.rows.forEach((row, i) => {
    const amount = rowAmounts[i];
    const type = row.salaryType;
    if (!isEntered(type)) return;
    if (type.category === 'DEDUCTIONS_FROM_NET_PAY') {
      netPayDeductions = netPayDeductions.plus(amount);
      return;
    }
    if (PAID.has(type.category)) paidEarnings = paidEarnings.plus(amount);
    if (type.category === 'FRINGE_BENEFITS') fringeBenefits = fringeBenefits.plus(amount);
    if (type.category === 'TAX_FREE_ITEMS') taxFreeItems = taxFreeItems.plus(amount);
    if (type.affectsWithholding) {
      if (type.withheldAtBasePercent) payAtBasePercent = payAtBasePercent.plus(amount);
      else pay = pay.plus(amount);
    }
    if (type.affectsPensionInsurance) bases.pension = bases.pension.plus(amount);
    if (type.affectsUnemploymentInsurance) bases.unemployment = bases.unemployment.plus(amount);
    if (type.affectsHealthInsurance) bases.health = bases.health.plus(amount);
    if (type.affectsAccidentAndGroupLifeInsurance) bases.accidentAndGroupLife = bases.accidentAndGroupLife.plus(amount);
  });

  const withholding = withholdingFor({
    rates,
    card: input.taxCard,
    period: input.period,
    pay,
    payAtBasePercent,
    yearToDate: input.yearToDate ?? NOTHING_YET,
  });
  const age = birthDate === null ? null : insuranceAge(birthDate, payday);
  const pensionPercent = employeePensionPercent(rates, birthDate, payday);
  const pensionInsured = !pensionPercent.isZero();
  const unemploymentPercent = inBand(rates.employeeUnemployment, age) ? rates.employeeUnemployment.percent : ZERO;
  const healthPercent = inBand(rates.employerHealthInsurance, age)
    ? (input.employer.healthPercent ?? rates.employerHealthInsurance.percent)
    : ZERO;
  const employerPensionPercent = pensionInsured
    ? (input.employer.pensionPercent ?? rates.employerPensionDefault)
    : ZERO;

  const employeePension = percentOf(bases.pension, pensionPercent);
  const employeeUnemployment = percentOf(bases.unemployment, unemploymentPercent);
  const netPay = paidEarnings
    .minus(withholding.amount)
    .minus(employeePension)
    .minus(employeeUnemployment)
    .minus(netPayDeductions);
  const unemploymentInsured = !unemploymentPercent.isZero() && input.employer.unemploymentDue;
  return {
    rowAmounts,
    paidEarnings,
    taxablePay: pay.plus(payAtBasePercent),
    fringeBenefits,
    taxFreeItems,
    withholding,
    employeePension,
    employeeUnemployment,
    netPayDeductions,
    netPay,
    bases,
    employer: {
      pension: percentOf(bases.pension, employerPensionPercent),
      healthInsurance: percentOf(bases.health, healthPercent),
      unemployment: !unemploymentInsured
        ? ZERO
        : input.employer.unemploymentPercent
          ? percentOf(bases.unemployment, input.employer.unemploymentPercent)
          : employerUnemployment(rates, bases.unemployment, input.employer.wageSumBefore),
      accident: percentOf(bases.accidentAndGroupLife, input.employer.accidentPercent),
      groupLife: percentOf(bases.accidentAndGroupLife, input.employer.groupLifePercent),
    },
    percents: {
      employeePension: pensionPercent,
      employeeUnemployment: unemploymentPercent,
      employerPension: employerPensionPercent,
      health: healthPercent,
    },
  };
}
