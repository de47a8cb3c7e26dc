// What approved slips tell the holiday rules (src/domain/payroll/holidays.ts): each slip's payment month as
// worked (the list entry's calendar workdays less its absent days, holidays counting as days at work, §7) and
// paid (its pay for time worked, holiday rows left out, §11), and the holidays paid on it (holiday pay, holiday
// bonus, holiday compensation, additional leave) against the credit year they were earned in.
import type { Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import { creditYearOf, weekdaysBetween, type HolidayUse, type MonthOfWork } from '../../domain/payroll/holidays.ts';
import { parseJson } from '../../platform/json.ts';
import type { EmployeeDataWire, SlipRowWire } from '../pay-runs/schemas.ts';
import { dec, salaryTypeTerms } from '../slips/calculation.ts';
import type { SlipHolidayFacts } from '../terms/terms.ts';
import { WORKING_HOUR_REDUCTION_CODE } from '../lists/reduction-pay.ts';

/** Salary types of holidays paid: their quantity is the days. */
export const HOLIDAY_CODES = {
  holidayPay: 1510,
  holidayBonus: 1520,
  holidayCompensation: 1530,
} as const;
const HOLIDAY_PAID = new Set<number>(Object.values(HOLIDAY_CODES));
/** A full-time day: 7.5 hours (the company's 37.5-hour week). */
const HOURS_PER_DAY = new Decimal('7.5');

/** Pay leaves of a slip that are not rows of it (a monthly salary runs on through them). */
export interface SlipLeaves {
  additionalLeave: { creditYear: number; days: number }[];
  /** Hours as exact decimal text. */
  workingHourReduction: { year: number; hours: string }[];
}

/** The stored data of a slip the holiday rules read. */
export interface StoredSlip {
  rows: SlipRowWire[];
  leaves?: Partial<SlipLeaves>;
}

/**
 * The credit year holidays paid on a row were earned in: the row's earnings period when given (pay leaves set
 * it), else the last credit year ended before the payment period (holidays are taken the season after).
 */
function holidayCreditYearOfRow(row: Pick<SlipRowWire, 'earningsPeriodStart'>, periodStart: string): number {
  return row.earningsPeriodStart ? creditYearOf(row.earningsPeriodStart) : creditYearOf(periodStart) - 1;
}

/** Monday to Friday in a month `YYYY-MM`. */
function weekdaysOfMonth(month: string): number {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  return weekdaysBetween(`${month}-01`, last);
}

const quantityOf = (row: SlipRowWire) => dec(row.quantity) ?? new Decimal(1);

/**
 * What slips pay or take of an employee's holidays, by the credit year they were earned in (holiday pay and
 * holiday compensation rows are days, holiday bonus rows bonus days, additional leave kept beside the rows), and
 * of working hour reduction, by calendar year (1459 rows and leaves). Approved slips have used it; slips not yet
 * approved reserve it.
 */
export interface SlipClaims {
  holidays: Map<number, HolidayUse>;
  /** Of the days, those paid as holiday compensation. */
  compensationDays: Map<number, number>;
  reductionHours: Map<number, Decimal>;
}

export const noClaims = (): SlipClaims => ({
  holidays: new Map(),
  compensationDays: new Map(),
  reductionHours: new Map(),
});

/** The holidays claimed of a credit year (zeros when none). */
export function claimedOf(claims: SlipClaims, creditYear: number): HolidayUse {
  const found = claims.holidays.get(creditYear) ?? { creditYear, days: 0, bonusDays: 0, additionalLeaveDays: 0 };
  claims.holidays.set(creditYear, found);
  return found;
}

/** The working hour reduction hours claimed of a calendar year. */
export const hoursClaimed = (claims: SlipClaims, year: number): Decimal =>
  claims.reductionHours.get(year) ?? new Decimal(0);

/** Whether a slip pays or takes any holidays or working hour reduction. */
export const claimsAny = (slip: StoredSlip): boolean =>
  slip.rows.some((r) => HOLIDAY_PAID.has(r.salaryTypeCode) || r.salaryTypeCode === WORKING_HOUR_REDUCTION_CODE) ||
  (slip.leaves?.additionalLeave?.length ?? 0) > 0 ||
  (slip.leaves?.workingHourReduction?.length ?? 0) > 0;

/** Adds what a slip of a payment period beginning on `periodStart` claims; answers `claims`. */
export function addSlipClaims(claims: SlipClaims, slip: StoredSlip, periodStart: string): SlipClaims {
  for (const row of slip.rows) {
    const quantity = quantityOf(row);
    if (HOLIDAY_PAID.has(row.salaryTypeCode)) {
      const creditYear = holidayCreditYearOfRow(row, periodStart);
      const year = claimedOf(claims, creditYear);
      if (row.salaryTypeCode === HOLIDAY_CODES.holidayBonus) year.bonusDays += quantity.toNumber();
      else year.days += quantity.toNumber();
      if (row.salaryTypeCode === HOLIDAY_CODES.holidayCompensation)
        claims.compensationDays.set(creditYear, (claims.compensationDays.get(creditYear) ?? 0) + quantity.toNumber());
    }
    // working hour reduction paid: hours of the year the row names (the payment period's by default)
    if (row.salaryTypeCode === WORKING_HOUR_REDUCTION_CODE) {
      const year = row.workingHourReductionRowDetails?.year ?? Number(periodStart.slice(0, 4));
      claims.reductionHours.set(year, hoursClaimed(claims, year).plus(quantity));
    }
  }
  for (const leave of slip.leaves?.additionalLeave ?? [])
    claimedOf(claims, leave.creditYear).additionalLeaveDays += leave.days;
  for (const leave of slip.leaves?.workingHourReduction ?? [])
    claims.reductionHours.set(leave.year, hoursClaimed(claims, leave.year).plus(leave.hours));
  return claims;
}

/**
 * What the employee's slips not approved (nor invalidated) reserve, `except` one slip (the one being changed):
 * a new request is checked against what is left less these.
 */
export async function reservedClaims(
  db: Db,
  companyId: number,
  employeeId: number,
  except?: number,
): Promise<SlipClaims> {
  let query = db
    .selectFrom('salary_slips as s')
    .innerJoin('salary_lists as l', (join) =>
      join.onRef('l.company_id', '=', 's.company_id').onRef('l.id', '=', 's.list_id'),
    )
    .select(['s.data', 'l.payment_period_start'])
    .where('s.company_id', '=', companyId)
    .where('s.employee_id', '=', employeeId)
    .where('s.status', 'not in', ['APPROVED', 'INVALIDATED']);
  if (except !== undefined) query = query.where('s.id', '!=', except);
  const claims = noClaims();
  for (const slip of await query.execute())
    addSlipClaims(claims, parseJson(slip.data) as StoredSlip, slip.payment_period_start);
  return claims;
}

export const approvedSlipHolidays: SlipHolidayFacts = {
  async holidays(db: Db, companyId: number, employeeId: number) {
    const [slips, types] = await Promise.all([
      db
        .selectFrom('salary_slips as s')
        .innerJoin('salary_lists as l', (join) =>
          join.onRef('l.company_id', '=', 's.company_id').onRef('l.id', '=', 's.list_id'),
        )
        .select(['s.data', 's.employee_data', 'l.payment_period_start', 'l.payment_period_end'])
        .where('s.company_id', '=', companyId)
        .where('s.employee_id', '=', employeeId)
        .where('s.status', '=', 'APPROVED')
        .orderBy('l.payment_period_start')
        .execute(),
      salaryTypeTerms(db, companyId),
    ]);
    const months = new Map<string, MonthOfWork>();
    const claims = noClaims();
    for (const slip of slips) {
      const data = parseJson(slip.data) as StoredSlip;
      const entry = parseJson(slip.employee_data) as Partial<EmployeeDataWire>;
      const start = slip.payment_period_start;
      addSlipClaims(claims, data, start);
      const workdays = entry.calendarWorkdays ?? weekdaysBetween(start, slip.payment_period_end);
      const daysAtWork = Math.max(0, workdays - (entry.absentDays ?? 0));
      let pay = new Decimal(0);
      for (const row of data.rows) {
        if (HOLIDAY_PAID.has(row.salaryTypeCode)) continue;
        if (types.get(row.salaryTypeCode)?.category !== 'SALARY_FOR_TIME_WORKED') continue;
        pay = pay.plus(
          quantityOf(row)
            .times(dec(row.unitValue) ?? 0)
            .times(dec(row.paymentPercent) ?? 100)
            .dividedBy(100),
        );
      }
      const month = start.slice(0, 7);
      const before = months.get(month);
      // two slips of the same month (a second list of the period) do not make more days than the month has
      const days = before
        ? Math.min(before.daysAtWork + daysAtWork, Math.max(weekdaysOfMonth(month), before.daysAtWork, daysAtWork))
        : daysAtWork;
      months.set(month, {
        month,
        daysAtWork: days,
        hours: HOURS_PER_DAY.times(days),
        pay: (before?.pay ?? new Decimal(0)).plus(pay.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
      });
    }
    return {
      used: [...claims.holidays.values()],
      months: [...months.values()],
      workingHourReductionUsed: claims.reductionHours,
    };
  },
};
