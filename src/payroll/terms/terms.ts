// Rules of the employee's terms beyond salary info: labor union memberships, working-hour reduction, holiday pay
// (accrued under the Annual Holidays Act by src/domain/payroll/holidays.ts), and the company's salaries basic info.
import type { Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import {
  contractMonths,
  creditYearOf,
  fullMonthRuleOf,
  holidayAccrual,
  type HolidayAccrual,
  type HolidayAccrualInput,
  workingHourReduction,
  type HolidayUse,
  type MonthOfWork,
  type WorkContract,
} from '../../domain/payroll/holidays.ts';
import { PAYROLL_RATES } from '../../domain/payroll/rates.ts';
import type { AppContext } from '../../platform/context.ts';
import { isoDate } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { parseJson } from '../../platform/json.ts';
import { companyHolidayTerms, type CompanyHolidayTerms } from '../holidays/terms.ts';
import { EmployeeRecords } from '../employees/registers.ts';
import type { EmploymentWire, SalaryInfoWire } from '../employees/schemas.ts';
import * as store from '../employees/store.ts';
import type {
  HolidayPayWire,
  LaborUnionMembershipWire,
  LaborUnionSettingWire,
  SalariesBasicInfoWire,
  WorkingHourReductionWire,
} from './schemas.ts';
import { LABOR_UNION_MEMBERSHIPS, laborUnionSettings } from './unions.ts';
import { groupLifeRates } from '../settings/group-life.ts';

/**
 * The company's payroll terms. No endpoint of the interface writes them, so every company has these: the usual
 * full-time week, the average accident and group life insurance rates (domain-facts §1.1), a holiday bonus of
 * 50 % of holiday pay (the common collective agreement term), no additional leave.
 */
/** The holiday bonus, % of holiday pay (the common collective agreement term). */
const HOLIDAY_BONUS_PERCENT = new Decimal(50);

const COMPANY_TERMS = {
  weeklyHours: new Decimal('37.5'),
  monthlyHours: new Decimal('160'),
  accidentInsurancePercent: new Decimal('0.70'),
  holidayBonusPercent: HOLIDAY_BONUS_PERCENT,
  additionalLeaveDays: 0,
};

const MONTHLY_PAY: Partial<Record<SalaryInfoWire['incomeConfiguration']['baseSalaryType'], Decimal>> = {
  ONE_MONTH: new Decimal(1),
  ONE_MONTH_TOTAL: new Decimal(1),
  ONE_WEEK: new Decimal(52).dividedBy(12),
  TWO_WEEKS: new Decimal(26).dividedBy(12),
};

/**
 * What approved slips tell of an employee's holidays: the holidays paid or taken, and the months as worked and
 * paid (each replacing the month the contract implies). Slips feed this; until they do, nothing is known.
 */
interface SlipFacts {
  used: HolidayUse[];
  months: MonthOfWork[];
  /** Working hour reduction hours taken, by calendar year. */
  workingHourReductionUsed: Map<number, Decimal>;
}

export interface SlipHolidayFacts {
  /** The employee's approved slips, as the holiday rules read them. */
  holidays(db: Db, companyId: number, employeeId: number): Promise<SlipFacts>;
}

const NO_SLIPS: SlipHolidayFacts = {
  holidays: () => Promise.resolve({ used: [], months: [], workingHourReductionUsed: new Map() }),
};

type EmploymentInForce = EmploymentWire & { startDate: string };

/** The contract of an employment as the holiday rules see it: days and hours a week, and the pay. */
function workContractOf(employment: EmploymentInForce, income: SalaryInfoWire['incomeConfiguration']): WorkContract {
  const fullTime = COMPANY_TERMS.weeklyHours;
  const hoursPerWeek =
    employment.hoursPerWeek ??
    (employment.partTimePercent ? fullTime.times(employment.partTimePercent).dividedBy(100) : fullTime);
  const factor = MONTHLY_PAY[income.baseSalaryType];
  const hourly =
    income.personalHourlySalary ??
    (income.baseSalaryType === 'HOURLY'
      ? income.baseSalaryValue
      : income.baseSalaryValue.dividedBy(income.baseSalaryHours));
  return {
    employmentStart: employment.startDate,
    employmentEnd: employment.endDate ?? null,
    daysPerWeek: Decimal.min(5, hoursPerWeek.dividedBy(fullTime.dividedBy(5))),
    hoursPerWeek,
    pay: factor ? { monthly: income.monthlyBaseSalary ?? income.baseSalaryValue.times(factor) } : { hourly },
  };
}

/**
 * The holiday accrual input of a contract on a day, the months slips know of replacing the contract's; the
 * company's holiday terms of each credit year when given.
 */
function holidayInput(
  contract: WorkContract,
  asOf: string,
  slips: SlipFacts,
  terms?: CompanyHolidayTerms,
): HolidayAccrualInput {
  const worked = new Map(slips.months.map((m) => [m.month, m]));
  const rule = fullMonthRuleOf(contract.daysPerWeek);
  const monthlySalary = 'monthly' in contract.pay ? contract.pay.monthly : null;
  return {
    employmentStart: contract.employmentStart,
    employmentEnd: contract.employmentEnd,
    asOf,
    rule,
    method: rule === 'HOURS_35' ? 'PERCENTAGE' : monthlySalary ? 'MONTHLY' : 'AVERAGE_DAILY',
    monthlySalary,
    months: contractMonths(contract, asOf).map((m) => worked.get(m.month) ?? m),
    used: slips.used,
    holidayBonusPercent: COMPANY_TERMS.holidayBonusPercent,
    additionalLeaveDays: COMPANY_TERMS.additionalLeaveDays,
    termsOf: terms && ((year) => terms.ofCreditYear(year)),
  };
}

export class PayrollTerms {
  readonly #ctx: AppContext;
  readonly #slips: SlipHolidayFacts;
  readonly laborUnionMemberships: EmployeeRecords<'labor_union_memberships', LaborUnionMembershipWire>;
  constructor(ctx: AppContext, slips: SlipHolidayFacts = NO_SLIPS) {
    this.#ctx = ctx;
    this.#slips = slips;
    this.laborUnionMemberships = new EmployeeRecords(ctx, LABOR_UNION_MEMBERSHIPS);
  }

  async #employee(companyId: number, employeeId: number, db: Db = this.#ctx.db): Promise<store.EmployeeRow> {
    const row = await store.getEmployee(db, companyId, employeeId);
    if (!row) throw notFound('Employee');
    return row;
  }

  laborUnionSettings(companyId: number): Promise<LaborUnionSettingWire[]> {
    return laborUnionSettings(this.#ctx.db, companyId);
  }

  /** The employment in force on `asOf` (the latest begun by then) as a contract, or null without one. */
  async #contract(employee: store.EmployeeRow, asOf: string, db: Db = this.#ctx.db): Promise<WorkContract | null> {
    const rows = await store.listOfEmployee(db, 'employments', Number(employee.company_id), Number(employee.id));
    const employment = rows
      .map((row) => parseJson(row.data) as EmploymentWire)
      .filter((e): e is EmploymentInForce => e.startDate !== undefined && e.startDate <= asOf)
      .sort((a, b) => a.startDate.localeCompare(b.startDate))
      .at(-1);
    if (!employment) return null;
    const { incomeConfiguration: income } = parseJson(employee.data) as Pick<SalaryInfoWire, 'incomeConfiguration'>;
    return workContractOf(
      {
        ...employment,
        hoursPerWeek: decimalOrUndefined(employment.hoursPerWeek),
        partTimePercent: decimalOrUndefined(employment.partTimePercent),
      },
      {
        ...income,
        baseSalaryValue: new Decimal(income.baseSalaryValue),
        baseSalaryHours: new Decimal(income.baseSalaryHours),
        monthlyBaseSalary: decimalOrUndefined(income.monthlyBaseSalary),
        personalHourlySalary: decimalOrUndefined(income.personalHourlySalary),
      },
    );
  }

  /** The hours of this calendar year left; `db` a transaction when read under the employee's lock. */
  async workingHourReduction(
    companyId: number,
    employeeId: number,
    db: Db = this.#ctx.db,
  ): Promise<WorkingHourReductionWire> {
    const employee = await this.#employee(companyId, employeeId, db);
    const asOf = isoDate(this.#ctx.clock.now());
    const contract = await this.#contract(employee, asOf, db);
    if (!contract)
      return {
        totalRemainingWorkingHourReductionHours: new Decimal(0),
        totalRemainingWorkingHourReductionDays: new Decimal(0),
      };
    const year = Number(asOf.slice(0, 4));
    const facts = await this.#slips.holidays(db, companyId, employeeId);
    const { months } = holidayInput(contract, asOf, facts);
    const reduction = workingHourReduction({
      year,
      hoursPerWeek: contract.hoursPerWeek,
      months,
      usedHours: facts.workingHourReductionUsed.get(year) ?? new Decimal(0),
    });
    const yearStart = `${year}-01-01`;
    return {
      startDate: contract.employmentStart > yearStart ? contract.employmentStart : yearStart,
      totalRemainingWorkingHourReductionHours: reduction.remainingHours,
      totalRemainingWorkingHourReductionDays: reduction.remainingDays,
    };
  }

  /** The yearly figures of a calendar year with statutory rates (404 for another year). */
  async salariesBasicInfo(companyId: number, year: number | undefined): Promise<SalariesBasicInfoWire> {
    const figuresYear = year ?? this.#ctx.clock.now().getUTCFullYear();
    const rates = PAYROLL_RATES[figuresYear];
    if (!rates) throw notFound('Salaries basic info yearly figures');
    return {
      yearlyFigures: {
        year: figuresYear,
        // the wage sum paid in the year comes from approved slips
        paidSalariesSum: new Decimal(0),
        pensionInsuranceContributionPercent: rates.employerPensionDefault,
        unemploymentInsurancePercentBasic: rates.employerUnemploymentLow,
        unemploymentInsurancePercentAdditional: rates.employerUnemploymentHigh,
        accidentInsurancePercent: COMPANY_TERMS.accidentInsurancePercent,
        groupLifeInsurancePercent: (await groupLifeRates(this.#ctx.db, companyId)).percentOf(figuresYear),
        healthCareInsurancePercent: rates.employerHealthInsurance.percent,
      },
      workHours: { monthly: COMPANY_TERMS.monthlyHours, weekly: COMPANY_TERMS.weeklyHours },
      incomesRegisterConfiguration: { payerTypes: [] },
      pensionContracts: [],
      accidentInsurancePolicies: [],
    };
  }

  /**
   * Holidays earned and left by credit year, from the employment in force today (the latest begun) and the
   * salary info; holidays used and the months as worked come from approved slips.
   */
  async holidayPay(
    companyId: number,
    employeeId: number,
    asOf = isoDate(this.#ctx.clock.now()),
    db: Db = this.#ctx.db,
  ): Promise<HolidayPayWire> {
    const followed = await this.holidayYears(companyId, employeeId, asOf, db);
    if (!followed)
      return {
        useHolidayCalculation: true,
        totalRemainingHolidayDays: new Decimal(0),
        totalRemainingHolidayPay: new Decimal(0),
        totalRemainingHolidayBonusDays: new Decimal(0),
        totalRemainingAdditionalLeaveDays: 0,
        yearlyRemainings: [],
      };
    const { accrual, earningStart } = followed;
    return {
      useHolidayCalculation: true,
      holidayEarningStartDate: earningStart,
      holidayBonusEarningStartDate: earningStart,
      totalRemainingHolidayDays: new Decimal(accrual.remainingDays),
      totalRemainingHolidayPay: accrual.remainingPay,
      totalRemainingHolidayBonusDays: new Decimal(accrual.remainingBonusDays),
      totalRemainingAdditionalLeaveDays: accrual.remainingAdditionalLeaveDays,
      yearlyRemainings: accrual.years.map((year) => ({
        holidayCreditYear: year.creditYear,
        remainingHolidayDays: year.remainingDays,
        remainingHolidayPay: year.remainingPay,
        remainingHolidayBonusDays: year.remainingBonusDays,
        remainingAdditionalLeaveDays: year.remainingAdditionalLeaveDays,
      })),
    };
  }

  /**
   * The accrual of the credit years followed on `asOf` (the one before the last and on: earlier ones were due by
   * the end of last holiday season, settled), from the employment in force then; null without one.
   */
  async holidayYears(
    companyId: number,
    employeeId: number,
    asOf: string,
    db: Db,
  ): Promise<{ accrual: HolidayAccrual; earningStart: string } | null> {
    const employee = await this.#employee(companyId, employeeId, db);
    const contract = await this.#contract(employee, asOf, db);
    if (!contract) return null;
    const [facts, terms] = await Promise.all([
      this.#slips.holidays(db, companyId, employeeId),
      companyHolidayTerms(db, companyId),
    ]);
    const firstCreditYear = creditYearOf(asOf) - 1;
    const accrual = holidayAccrual({ ...holidayInput(contract, asOf, facts, terms), firstCreditYear });
    const followedFrom = `${firstCreditYear}-04-01`;
    return { accrual, earningStart: contract.employmentStart > followedFrom ? contract.employmentStart : followedFrom };
  }

  /**
   * Holiday compensation (§17) when the employment in force on `asOf` has ended by then: the days not taken and
   * their pay by credit year, with the holiday bonus days left of it; none while the employment runs on (or
   * without one).
   */
  async holidayCompensation(
    companyId: number,
    employeeId: number,
    asOf: string,
    db: Db = this.#ctx.db,
  ): Promise<{ creditYear: number; days: number; pay: Decimal; bonusDays: number }[]> {
    const employee = await store.getEmployee(db, companyId, employeeId);
    const contract = employee ? await this.#contract(employee, asOf, db) : null;
    if (!contract || contract.employmentEnd === null || contract.employmentEnd > asOf) return [];
    const [facts, terms] = await Promise.all([
      this.#slips.holidays(db, companyId, employeeId),
      companyHolidayTerms(db, companyId),
    ]);
    const accrual = holidayAccrual({
      ...holidayInput(contract, asOf, facts, terms),
      firstCreditYear: creditYearOf(asOf) - 1,
    });
    return accrual.years
      .filter((year) => year.remainingDays > 0)
      .map((year) => ({
        creditYear: year.creditYear,
        days: year.remainingDays,
        pay: year.remainingPay,
        bonusDays: year.remainingBonusDays,
      }));
  }
}

/** A decimal of stored JSON (a number there), as a Decimal. */
function decimalOrUndefined(value: Decimal | number | undefined): Decimal | undefined {
  return value === undefined ? undefined : new Decimal(value);
}
