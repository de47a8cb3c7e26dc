// Finnish statutory payroll rates, one table per calendar year (the year of the payday). A new year is a new
// entry of data here, never a change of the calculation. Sources: domain-facts §1.1, §1.3 and §1.5 (TELA/ETK,
// the Employment Fund, Kela, Vero).
import { Decimal } from '../decimal.ts';

/** A percentage that applies to employees whose age (see ages.ts) is in [fromAge, toAge]. */
export interface AgeBandRate {
  fromAge: number;
  toAge: number;
  percent: Decimal;
}

/** A fixed monthly sum and a percentage of the car's new-car price (Vero's car benefit decision of the year). */
interface CarBenefitFormula {
  percent: Decimal;
  fixed: Decimal;
}

/** Car benefit age groups by the year the car was taken into use: A the newest. */
export type CarAgeGroup = 'A' | 'B' | 'C';

export interface CarBenefitRules {
  /** Deducted from the list price before the percentage applies. */
  listPriceDeduction: Decimal;
  /** Accessories count only above this sum. */
  accessoriesAllowance: Decimal;
  /** First year of each age group: a car taken into use in or after `A` is group A, in or after `B` group B. */
  ageGroupFrom: { A: number; B: number };
  full: Record<CarAgeGroup, CarBenefitFormula>;
  limited: Record<CarAgeGroup, CarBenefitFormula>;
  /** Monthly deduction of a fully electric car first registered in `electricFromYear` or later, both benefit types. */
  electricDeduction: Decimal;
  electricFromYear: number;
  /** Further monthly deduction of a fully electric car's full benefit (running costs). */
  electricFullRunningCostDeduction: Decimal;
  /** Monthly deduction of a plug-in hybrid's or gas car's full benefit (running costs). */
  hybridFullRunningCostDeduction: Decimal;
  /** Monthly value of workplace charging paid by the employer. */
  chargingElectric: Decimal;
  chargingHybrid: Decimal;
}

export interface PayrollYearRates {
  year: number;
  /** Employee TyEL share by age band. */
  employeePension: AgeBandRate[];
  /** Average employer TyEL share: the default when the company gives no rate of its own. */
  employerPensionDefault: Decimal;
  /** TyEL insures from the month after this birthday. */
  pensionFromAge: number;
  /** Employee unemployment insurance; ages as bounds. */
  employeeUnemployment: AgeBandRate;
  /** Employer unemployment insurance up to the company's annual wage sum limit, and on the part above it. */
  employerUnemploymentLow: Decimal;
  employerUnemploymentHigh: Decimal;
  employerUnemploymentWageSumLimit: Decimal;
  /** Employer health insurance (sairausvakuutusmaksu), with its age bounds. */
  employerHealthInsurance: AgeBandRate;
  /** Withholding without a tax card. */
  noTaxCardPercent: Decimal;
  /** Tax at source, and the deduction made before it per month or per day. */
  taxAtSourcePercent: Decimal;
  taxAtSourceMonthlyDeduction: Decimal;
  taxAtSourceDailyDeduction: Decimal;
  /** Car benefit rules of the year; null when the year's decision is not in the table. */
  carBenefit: CarBenefitRules | null;
}

const d = (value: string) => new Decimal(value);

const CAR_BENEFIT_2026: CarBenefitRules = {
  listPriceDeduction: d('3400'),
  accessoriesAllowance: d('1200'),
  ageGroupFrom: { A: 2024, B: 2021 },
  full: {
    A: { percent: d('1.5'), fixed: d('285') },
    B: { percent: d('1.2'), fixed: d('300') },
    C: { percent: d('0.9'), fixed: d('315') },
  },
  limited: {
    A: { percent: d('1.5'), fixed: d('105') },
    B: { percent: d('1.2'), fixed: d('120') },
    C: { percent: d('0.9'), fixed: d('135') },
  },
  electricDeduction: d('170'),
  electricFromYear: 2020,
  electricFullRunningCostDeduction: d('120'),
  hybridFullRunningCostDeduction: d('60'),
  chargingElectric: d('30'),
  chargingHybrid: d('20'),
};

/** The tables, by year. */
export const PAYROLL_RATES: Readonly<Record<number, PayrollYearRates>> = {
  2025: {
    year: 2025,
    employeePension: [
      { fromAge: 17, toAge: 52, percent: d('7.15') },
      { fromAge: 53, toAge: 62, percent: d('8.65') },
      { fromAge: 63, toAge: 200, percent: d('7.15') },
    ],
    employerPensionDefault: d('17.40'),
    pensionFromAge: 17,
    employeeUnemployment: { fromAge: 18, toAge: 64, percent: d('0.59') },
    employerUnemploymentLow: d('0.20'),
    employerUnemploymentHigh: d('0.80'),
    employerUnemploymentWageSumLimit: d('2455500'),
    employerHealthInsurance: { fromAge: 16, toAge: 67, percent: d('1.87') },
    noTaxCardPercent: d('60'),
    taxAtSourcePercent: d('35'),
    taxAtSourceMonthlyDeduction: d('510'),
    taxAtSourceDailyDeduction: d('17'),
    carBenefit: null,
  },
  2026: {
    year: 2026,
    employeePension: [{ fromAge: 17, toAge: 200, percent: d('7.30') }],
    employerPensionDefault: d('17.10'),
    pensionFromAge: 17,
    employeeUnemployment: { fromAge: 18, toAge: 64, percent: d('0.89') },
    employerUnemploymentLow: d('0.31'),
    employerUnemploymentHigh: d('0.72'),
    employerUnemploymentWageSumLimit: d('2509500'),
    employerHealthInsurance: { fromAge: 16, toAge: 67, percent: d('1.91') },
    noTaxCardPercent: d('60'),
    taxAtSourcePercent: d('35'),
    taxAtSourceMonthlyDeduction: d('510'),
    taxAtSourceDailyDeduction: d('17'),
    carBenefit: CAR_BENEFIT_2026,
  },
};

export class NoPayrollRatesError extends Error {
  readonly year: number;
  constructor(year: number) {
    super(`no payroll rates for ${year}`);
    this.year = year;
  }
}

/** The rates of a payday's year (`YYYY-MM-DD`). */
export function ratesFor(payday: string): PayrollYearRates {
  const year = Number(payday.slice(0, 4));
  const rates = PAYROLL_RATES[year];
  if (!rates) throw new NoPayrollRatesError(year);
  return rates;
}
