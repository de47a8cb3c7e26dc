// From stored slips and registers to the pure calculation (src/domain/payroll) and back: the facts of the
// employees, their tax cards and the company's salary types read once per batch; a slip's rows checked (all
// problems together), calculated, its calculated rows (taxes, the employee's contributions, net pay) written
// back onto it, and its two postings as drafts for the ledger.
import type { Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import { parseIdentityCode } from '../../domain/payroll/identity-code.ts';
import { calculateAndPostSlip } from '../../domain/payroll/postings.ts';
import { NoPayrollRatesError, ratesFor } from '../../domain/payroll/rates.ts';
import { isEntered, type SalaryCategory, type SalaryTypeTerms, type SlipRow } from '../../domain/payroll/slip.ts';
import type { PayPeriod, TaxCardTerms } from '../../domain/payroll/withholding.ts';
import { findDimensionItems } from '../../dimensions/index.ts';
import type { ReceiptDraft } from '../../ledger/index.ts';
import { Violations, apiError } from '../../platform/errors.ts';
import { parseJson } from '../../platform/json.ts';
import type { EmployeeDataWire, RowDimensionWire, SlipFiguresWire, SlipRowWire } from '../pay-runs/schemas.ts';
import { identityCodeOf } from '../../domain/payroll/identity-code.ts';
import * as store from '../employees/store.ts';

/** The salary types the calculation writes onto a slip (never summed as entered rows). */
export const CALCULATED_CODES = {
  withholding: 5010,
  taxAtSource: 5020,
  taxAtSourceDeduction: 5030,
  employeePension: 6010,
  employeeUnemployment: 6020,
  netPay: 8010,
} as const;
type DraftLine = ReceiptDraft['lines'][number];

const CAR_BENEFIT_CODE = 3010;
const MAX_SLIP_TOTAL = '999999999.99';
/** Salary type groups (first digit) whose rows carry no dimensions: taxes, deductions, informative items. */
export const GROUPS_WITHOUT_DIMENSIONS = new Set([5, 6, 8]);

/** A number as stored in JSON (a Decimal, or an integer that came back as a number) as a Decimal. */
export function dec(value: unknown): Decimal | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Decimal) return value;
  return new Decimal(typeof value === 'number' || typeof value === 'string' ? value : Number.NaN);
}

export interface EmployeeFacts {
  employeeId: number;
  name: string;
  birthDate: string | null;
  nonResident: boolean;
  salaryChannel: string;
  pensionVoluntarilyPaid: boolean;
  accidentPercent: Decimal;
  /** The monthly salary of the salary info: the daily rate of holiday pay is a 25th of it. */
  monthlySalary: Decimal;
  /** Pay for an hour: the personal hourly salary, the hourly wage, or the monthly salary over its hours. */
  hourlyPay: Decimal;
}

type StoredInfo = {
  incomeConfiguration?: {
    baseSalaryValue?: unknown;
    baseSalaryType?: string;
    monthlyBaseSalary?: unknown;
    baseSalaryHours?: unknown;
    personalHourlySalary?: unknown;
  };
  insurancesConfiguration?: { accidentInsurance?: { percent?: unknown }; pensionVoluntarilyPaid?: boolean };
};

/** The employees' facts the calculation needs, by employee id; unknown ids are left out. */
export async function employeeFacts(db: Db, companyId: number, ids: number[]): Promise<Map<number, EmployeeFacts>> {
  const facts = new Map<number, EmployeeFacts>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('employees as e')
      .innerJoin('business_partners as p', (join) =>
        join.onRef('p.company_id', '=', 'e.company_id').onRef('p.id', '=', 'e.person_id'),
      )
      .select(['e.id', 'e.non_resident', 'e.salary_channel', 'e.data', 'p.name', 'p.identifier', 'p.identifier_type'])
      .where('e.company_id', '=', companyId)
      .where('e.id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      const info = parseJson(row.data) as StoredInfo;
      const code = identityCodeOf(row.identifier, row.identifier_type);
      const income = info.incomeConfiguration ?? {};
      const monthly =
        dec(income.monthlyBaseSalary) ?? (income.baseSalaryType === 'ONE_MONTH' ? dec(income.baseSalaryValue) : null);
      facts.set(Number(row.id), {
        employeeId: Number(row.id),
        name: row.name,
        birthDate: (code && parseIdentityCode(code)?.birthDate) || null,
        nonResident: Boolean(row.non_resident),
        salaryChannel: row.salary_channel,
        pensionVoluntarilyPaid: Boolean(info.insurancesConfiguration?.pensionVoluntarilyPaid),
        accidentPercent: dec(info.insurancesConfiguration?.accidentInsurance?.percent) ?? new Decimal(0),
        monthlySalary: monthly ?? new Decimal(0),
        hourlyPay: hourlyPayOf(income, monthly ?? null),
      });
    }
  }
  return facts;
}

function hourlyPayOf(income: NonNullable<StoredInfo['incomeConfiguration']>, monthly: Decimal | null): Decimal {
  const hours = dec(income.baseSalaryHours);
  return (
    dec(income.personalHourlySalary) ??
    (income.baseSalaryType === 'HOURLY' ? dec(income.baseSalaryValue) : undefined) ??
    (monthly && hours && !hours.isZero() ? monthly.dividedBy(hours) : new Decimal(0))
  );
}

/** The company's salary types as the calculation reads them, by code. */
export async function salaryTypeTerms(db: Db, companyId: number): Promise<Map<number, TypeTerms>> {
  const rows = await store.listSalaryTypes(db, companyId);
  return new Map(
    rows.map((t) => [
      Number(t.code),
      {
        code: Number(t.code),
        category: t.category as SalaryCategory,
        affectsWithholding: Boolean(t.affects_withholding),
        withheldAtBasePercent: Boolean(t.withheld_at_base_percent),
        calculated: Boolean(t.calculated),
        affectsPensionInsurance: Boolean(t.affects_pension),
        affectsUnemploymentInsurance: Boolean(t.affects_unemployment),
        affectsHealthInsurance: Boolean(t.affects_health),
        affectsAccidentAndGroupLifeInsurance: Boolean(t.affects_accident_group_life),
        account: t.account,
        contraAccount: t.contra_account,
        paymentPercent: new Decimal(t.payment_percent),
        paymentPercentEditable: Boolean(t.payment_percent_editable),
        incomeTypeCode: t.income_type_code === null ? null : Number(t.income_type_code),
      },
    ]),
  );
}
export type TypeTerms = SalaryTypeTerms & {
  paymentPercent: Decimal;
  paymentPercentEditable: boolean;
  incomeTypeCode: number | null;
};

/** The Incomes Register's income type of a daily allowance, the one row kind with an `allowanceKind`. */
const DAILY_ALLOWANCE_INCOME_TYPE = 331;

/** The tax cards of employees, each employee's ordered by `validFrom`. */
export async function taxCardsOf(
  db: Db,
  companyId: number,
  employeeIds: number[],
): Promise<Map<number, store.TaxCardRow[]>> {
  const cards = new Map<number, store.TaxCardRow[]>();
  for (let i = 0; i < employeeIds.length; i += 500) {
    const rows = await db
      .selectFrom('tax_cards')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('employee_id', 'in', employeeIds.slice(i, i + 500))
      .orderBy('valid_from')
      .orderBy('id')
      .execute();
    for (const row of rows) cards.set(Number(row.employee_id), [...(cards.get(Number(row.employee_id)) ?? []), row]);
  }
  return cards;
}

/** The card in force on a payday: the latest valid from it or before (January still uses last year's card). */
export function cardOn(cards: readonly store.TaxCardRow[] | undefined, payday: string): store.TaxCardRow | null {
  let found: store.TaxCardRow | null = null;
  for (const card of cards ?? []) if (card.valid_from <= payday) found = card;
  return found;
}

/**
 * The pay period of a payment period: whole calendar months, else two weeks, a week or days. A card's
 * income limit is followed per period (EPA §4), the usual option; ONE_INCOME_LIMIT cards by the year's limit.
 */
export function payPeriodOf(start: string, end: string): PayPeriod {
  const first = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  const dayAfter = new Date(last.getTime() + 86_400_000);
  if (first.getUTCDate() === 1 && dayAfter.getUTCDate() === 1) {
    const months = (last.getUTCFullYear() - first.getUTCFullYear()) * 12 + last.getUTCMonth() - first.getUTCMonth() + 1;
    return { unit: 'MONTH', count: Math.max(1, months) };
  }
  const days = Math.max(1, Math.round((last.getTime() - first.getTime()) / 86_400_000) + 1);
  if (days === 14) return { unit: 'TWO_WEEKS', count: 1 };
  if (days === 7) return { unit: 'WEEK', count: 1 };
  return { unit: 'DAY', count: days };
}

function cardTerms(card: store.TaxCardRow | null): TaxCardTerms | null {
  if (!card) return null;
  return {
    type: card.type as TaxCardTerms['type'],
    basePercent: new Decimal(card.base_percent),
    additionalPercent: new Decimal(card.additional_percent),
    annualIncomeLimit: new Decimal(card.annual_income_limit),
    method: card.income_limit_method === 'CUMULATIVE' ? 'CUMULATIVE' : 'PER_PERIOD',
  };
}

/** Rows of a base or a slip as the pure rules read them. */
type AnyRow = Pick<
  SlipRowWire,
  'salaryTypeCode' | 'quantity' | 'unitValue' | 'paymentPercent' | 'carBenefitDetails' | 'allowanceKind'
> & {
  dimensions?: RowDimensionWire[];
};

/**
 * Every rule of the rows of a base or a slip, all problems together: known salary types, dimension shares
 * (quantity or percentage, never both, making up the row), no dimensions for salary type groups 5, 6 and 8, a
 * daily allowance's kind on daily allowances only, and on a slip paid in 2026 a car benefit (3010) without an
 * emission value.
 */
export async function rowProblems(
  db: Db,
  companyId: number,
  rows: readonly AnyRow[],
  types: ReadonlyMap<number, TypeTerms>,
  payday: string | null,
  violations: Violations,
  prefix = 'rows',
): Promise<void> {
  const itemIds = rows.flatMap((r) => (r.dimensions ?? []).map((d) => d.itemId));
  const items = new Map((await findDimensionItems(db, companyId, itemIds)).map((i) => [i.id, i]));
  // every figure of a slip (its net pay, its taxes) stays within the amounts a row may carry
  const total = rows.reduce(
    (sum, r) =>
      sum.plus(
        (dec(r.quantity) ?? new Decimal(1))
          .times(dec(r.unitValue) ?? 0)
          .times(dec(r.paymentPercent) ?? 100)
          .dividedBy(100)
          .abs(),
      ),
    new Decimal(0),
  );
  if (total.greaterThan(MAX_SLIP_TOTAL))
    violations.add('VALIDATION_FAILED', prefix, { detail: `The rows add up to more than ${MAX_SLIP_TOTAL}.` });
  rows.forEach((row, i) => {
    const at = `${prefix}[${i}]`;
    if (!types.has(row.salaryTypeCode))
      violations.add('SALARY_TYPE_NOT_FOUND', `${at}.salaryTypeCode`, { code: row.salaryTypeCode });
    const type = types.get(row.salaryTypeCode);
    if (row.allowanceKind !== undefined && type && type.incomeTypeCode !== DAILY_ALLOWANCE_INCOME_TYPE)
      violations.add('VALIDATION_FAILED', `${at}.allowanceKind`, {
        detail: `Only a daily allowance (income type 331) has an allowanceKind, not salary type ${row.salaryTypeCode}.`,
      });
    // the register's CarBenefit has Kilometers (optional in WageReportsToIRTypes.xsd) for a benefit whose value
    // the Tax Administration's decision on benefits in kind sets by the kilometres driven privately (a percentage
    // of the new-car price plus cents a kilometre, instead of the fixed sum a month): given then, and only then
    const car = row.carBenefitDetails;
    if (car?.valuationMethod === 'PER_KILOMETRE' && car.kilometers === undefined)
      violations.add('VALIDATION_FAILED', `${at}.carBenefitDetails.kilometers`, {
        detail: 'A car benefit valued PER_KILOMETRE names the kilometres driven privately.',
      });
    if (car?.kilometers !== undefined && car.valuationMethod !== 'PER_KILOMETRE')
      violations.add('VALIDATION_FAILED', `${at}.carBenefitDetails.kilometers`, {
        detail: 'Kilometres belong only to a car benefit whose valuationMethod is PER_KILOMETRE.',
      });
    if (
      car !== undefined &&
      row.salaryTypeCode !== CAR_BENEFIT_CODE &&
      types.get(row.salaryTypeCode)?.incomeTypeCode !== 304
    )
      violations.add('VALIDATION_FAILED', `${at}.carBenefitDetails`, {
        detail: `Only a car benefit (income type 304) has carBenefitDetails, not salary type ${row.salaryTypeCode}.`,
      });
    const emission = dec(row.carBenefitDetails?.emissionValue);
    if (row.salaryTypeCode === CAR_BENEFIT_CODE && payday?.startsWith('2026') && emission && !emission.isZero())
      violations.add('CAR_BENEFIT_EMISSION_VALUE_NOT_ALLOWED', `${at}.carBenefitDetails.emissionValue`);
    const dimensions = row.dimensions ?? [];
    if (dimensions.length === 0) return;
    if (GROUPS_WITHOUT_DIMENSIONS.has(Number(String(row.salaryTypeCode)[0]))) {
      violations.add('SALARY_TYPE_GROUP_WITHOUT_DIMENSIONS', `${at}.dimensions`, { code: row.salaryTypeCode });
      return;
    }
    const totals = new Map<number, { quantity: Decimal; percentage: Decimal }>();
    let sharesGiven = true;
    dimensions.forEach((d, j) => {
      const field = `${at}.dimensions[${j}]`;
      if ((d.quantity === undefined) === (d.percentage === undefined)) {
        violations.add('DIMENSION_QUANTITY_AND_PERCENTAGE', field);
        sharesGiven = false;
      }
      const item = items.get(d.itemId);
      if (!item || !item.active || item.dimensionId !== d.dimensionId)
        violations.add('DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION', field);
      const total = totals.get(d.dimensionId) ?? { quantity: new Decimal(0), percentage: new Decimal(0) };
      total.quantity = total.quantity.plus(dec(d.quantity) ?? 0);
      total.percentage = total.percentage.plus(dec(d.percentage) ?? 0);
      totals.set(d.dimensionId, total);
    });
    if (!sharesGiven) return;
    const quantity = dec(row.quantity) ?? new Decimal(1);
    for (const [dimensionId, total] of totals) {
      const whole = total.percentage.dividedBy(100).plus(quantity.isZero() ? 0 : total.quantity.dividedBy(quantity));
      if (!whole.equals(1)) violations.add('DIMENSION_SHARES_DO_NOT_MAKE_UP_ROW', `${at}.dimensions`, { dimensionId });
    }
  });
}

/** Whether a row is one the calculation writes (taxes, the employee's contributions, net pay). */
export const isCalculatedRow = (types: ReadonlyMap<number, SalaryTypeTerms>, code: number) => {
  const type = types.get(code);
  return type !== undefined && !isEntered(type);
};

/** The employer's insurance percentages of a slip's list entry (each replaces the default when given). */
function employerInsurance(data: EmployeeDataWire, facts: EmployeeFacts, groupLifePercent: Decimal) {
  return {
    pensionPercent: dec(data.pensionInsuranceContributionPercent),
    accidentPercent: dec(data.accidentInsurancePercent) ?? facts.accidentPercent,
    groupLifePercent: dec(data.groupLifeInsurancePercent) ?? groupLifePercent,
    unemploymentPercent: dec(data.unemploymentInsurancePercent),
    healthPercent: dec(data.healthCareInsurancePercent),
    wageSumBefore: new Decimal(0),
    unemploymentDue: true,
  };
}

/** Earlier pay and withholding of the year under a card followed cumulatively (withholding-year.ts reads them). */
export interface CardYearToDate {
  pay: Decimal;
  withholding: Decimal;
  /** The earlier pay periods, counted in periods of the slip's own length. */
  periodsBefore: number;
}
/** The pay an approved slip counted against the card's limits and the withholding on it, as exact decimal text. */
export interface WithholdingBasis {
  pay: string;
  withholding: string;
}

export interface CalculatedSlip {
  rows: SlipRowWire[];
  /** Each row's amount as the calculation made it, to the cent, in the order of `rows`: what a payslip shows. */
  rowAmounts: string[];
  figures: SlipFiguresWire;
  salaryLines: DraftLine[];
  contributionLines: DraftLine[];
  /** What the slip counts against the tax card's income limit, and the card. */
  taxCardId: number | null;
  limitCounted: Decimal;
  /** What a card followed cumulatively carries to the later slips of the year (kept on the approved slip). */
  withholdingBasis: WithholdingBasis;
}

export interface SlipContext {
  types: ReadonlyMap<number, TypeTerms>;
  facts: EmployeeFacts;
  card: store.TaxCardRow | null;
  payday: string;
  period: PayPeriod;
  employeeData: EmployeeDataWire;
  /** The company's group life insurance rate of the payday's year (group-life.ts). */
  groupLifePercent: Decimal;
  /** Earlier pay and withholding of the year under the card, when it is followed cumulatively. */
  yearToDate?: CardYearToDate;
  /** Ids for calculated rows that have none yet. */
  nextRowId: () => number;
}

function valueRow(id: number, code: number, amount: Decimal): SlipRowWire {
  return {
    id,
    salaryTypeCode: code,
    quantity: new Decimal(1),
    unitValue: amount,
    paymentPercent: new Decimal(100),
    showEarningPeriodInExport: false,
    unjustEnrichment: false,
  };
}

/** Entered rows of a slip as the pure calculation reads them (their types known, checked by `rowProblems`). */
export function domainRowsOf(entered: readonly SlipRowWire[], types: ReadonlyMap<number, TypeTerms>): SlipRow[] {
  return entered.map((row) => {
    const type = types.get(row.salaryTypeCode)!;
    const quantity = dec(row.quantity) ?? new Decimal(1);
    return {
      salaryType: type,
      quantity,
      unitValue: dec(row.unitValue) ?? new Decimal(0),
      paymentPercent: (type.paymentPercentEditable ? dec(row.paymentPercent) : undefined) ?? type.paymentPercent,
      dimensions: (row.dimensions ?? []).map((d) => ({
        dimensionId: d.dimensionId,
        itemId: d.itemId,
        share:
          dec(d.percentage)?.dividedBy(100) ??
          (quantity.isZero() ? new Decimal(0) : (dec(d.quantity) ?? new Decimal(0)).dividedBy(quantity)),
      })),
    };
  });
}

/** Calculates a slip whose rows passed `rowProblems`; a payday of a year without rates is a 400. */
export function calculateRows(rows: readonly SlipRowWire[], ctx: SlipContext): CalculatedSlip {
  const { types, facts, payday } = ctx;
  let rates;
  try {
    rates = ratesFor(payday);
  } catch (err) {
    if (err instanceof NoPayrollRatesError) throw apiError('NO_PAYROLL_RATES_FOR_YEAR', 'payday', { year: err.year });
    throw err;
  }
  const entered = rows.filter((r) => !isCalculatedRow(types, r.salaryTypeCode));
  const calculatedIds = new Map(
    rows
      .filter((r) => r.id !== undefined && isCalculatedRow(types, r.salaryTypeCode))
      .map((r) => [r.salaryTypeCode, r.id!]),
  );
  const domainRows = domainRowsOf(entered, types);
  const card = ctx.card;
  const { calculation: calc, postings } = calculateAndPostSlip({
    rates,
    payday,
    birthDate: facts.birthDate,
    period: ctx.period,
    taxCard: cardTerms(card),
    yearToDate: {
      limitUsed: card ? new Decimal(card.limit_used) : new Decimal(0),
      pay: ctx.yearToDate?.pay ?? new Decimal(0),
      withholding: ctx.yearToDate?.withholding ?? new Decimal(0),
      periodsBefore: ctx.yearToDate?.periodsBefore ?? 0,
    },
    rows: domainRows,
    employer: employerInsurance(ctx.employeeData, facts, ctx.groupLifePercent),
  });
  const idOf = (code: number) => calculatedIds.get(code) ?? ctx.nextRowId();
  const taxAtSource = calc.withholding.kind === 'TAX_AT_SOURCE';
  const calculated: SlipRowWire[] = taxAtSource
    ? [
        valueRow(idOf(CALCULATED_CODES.taxAtSource), CALCULATED_CODES.taxAtSource, calc.withholding.amount),
        valueRow(
          idOf(CALCULATED_CODES.taxAtSourceDeduction),
          CALCULATED_CODES.taxAtSourceDeduction,
          calc.withholding.taxAtSourceDeduction,
        ),
      ]
    : [valueRow(idOf(CALCULATED_CODES.withholding), CALCULATED_CODES.withholding, calc.withholding.amount)];
  calculated.push(
    valueRow(idOf(CALCULATED_CODES.employeePension), CALCULATED_CODES.employeePension, calc.employeePension),
    valueRow(
      idOf(CALCULATED_CODES.employeeUnemployment),
      CALCULATED_CODES.employeeUnemployment,
      calc.employeeUnemployment,
    ),
    valueRow(idOf(CALCULATED_CODES.netPay), CALCULATED_CODES.netPay, calc.netPay),
  );
  const line = (l: {
    account: string;
    amountMinor: bigint;
    description: string;
    dimensions?: DraftLine['dimensions'];
  }) => ({
    account: l.account,
    amountMinor: l.amountMinor,
    description: l.description,
    transactionType: 'ENTRY' as const,
    dimensions: l.dimensions ?? [],
  });
  return {
    rows: [...entered.map((r) => ({ ...r, quantity: dec(r.quantity), unitValue: dec(r.unitValue) })), ...calculated],
    rowAmounts: [...calc.rowAmounts, ...calculated.map((r) => r.unitValue as Decimal)].map((a) => a.toFixed(2)),
    figures: {
      grossPay: calc.paidEarnings,
      taxablePay: calc.taxablePay,
      fringeBenefits: calc.fringeBenefits,
      taxFreeItems: calc.taxFreeItems,
      withholding: calc.withholding.amount,
      withholdingKind: calc.withholding.kind,
      employeePension: calc.employeePension,
      employeeUnemployment: calc.employeeUnemployment,
      netPayDeductions: calc.netPayDeductions,
      netPay: calc.netPay,
      employerPension: calc.employer.pension,
      employerHealthInsurance: calc.employer.healthInsurance,
      employerUnemployment: calc.employer.unemployment,
      accidentInsurance: calc.employer.accident,
      groupLifeInsurance: calc.employer.groupLife,
    },
    salaryLines: postings.salary.map(line),
    contributionLines: postings.employerContributions.map(line),
    taxCardId: card ? Number(card.id) : null,
    limitCounted: card ? calc.withholding.limitUsedAfter.minus(card.limit_used) : new Decimal(0),
    withholdingBasis: {
      pay: (calc.withholding.basis?.pay ?? new Decimal(0)).toFixed(),
      withholding: (calc.withholding.basis?.withholding ?? new Decimal(0)).toFixed(),
    },
  };
}

/** Stored figures (JSON) back as wire figures. */
export function figuresOf(text: string): SlipFiguresWire {
  const raw = parseJson(text) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = k === 'withholdingKind' ? v : dec(v);
  return out as SlipFiguresWire;
}
