// What approved slips tell the holiday rules (src/domain/payroll/holidays.ts): each slip's payment month as
// worked (the list entry's calendar workdays less its absent days, holidays counting as days at work, §7) and
// paid (its pay for time worked, holiday rows left out, §11), and the holidays paid on it (holiday pay, holiday
// bonus, holiday compensation, additional leave) against the credit year they were earned in.
import type { Db } from '../db/index.ts';
import { Decimal } from '../domain/decimal.ts';
import { creditYearOf, weekdaysBetween, type HolidayUse, type MonthOfWork } from '../domain/payroll/holidays.ts';
import { parseJson } from '../platform/json.ts';
import type { EmployeeDataWire, SlipRowWire } from './pay-schemas.ts';
import { dec, salaryTypeTerms } from './slip-calculation.ts';
import type { SlipHolidayFacts } from './terms.ts';
import { WORKING_HOUR_REDUCTION_CODE } from './reduction-pay.ts';

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
interface StoredSlip {
  rows: SlipRowWire[];
  leaves?: Partial<SlipLeaves>;
}

/**
 * The credit year holidays paid on a row were earned in: the row's earnings period when given (pay leaves set
 * it), else the last credit year ended before the payment period (holidays are taken the season after).
 */
export function holidayCreditYearOfRow(row: Pick<SlipRowWire, 'earningsPeriodStart'>, periodStart: string): number {
  return row.earningsPeriodStart ? creditYearOf(row.earningsPeriodStart) : creditYearOf(periodStart) - 1;
}

const quantityOf = (row: SlipRowWire) => dec(row.quantity) ?? new Decimal(1);

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
    const used = new Map<number, HolidayUse>();
    const reduction = new Map<number, Decimal>();
    const use = (creditYear: number) => {
      const found = used.get(creditYear) ?? { creditYear, days: 0, bonusDays: 0, additionalLeaveDays: 0 };
      used.set(creditYear, found);
      return found;
    };
    for (const slip of slips) {
      const data = parseJson(slip.data) as StoredSlip;
      const entry = parseJson(slip.employee_data) as Partial<EmployeeDataWire>;
      const start = slip.payment_period_start;
      const workdays = entry.calendarWorkdays ?? weekdaysBetween(start, slip.payment_period_end);
      const daysAtWork = Math.max(0, workdays - (entry.absentDays ?? 0));
      let pay = new Decimal(0);
      for (const row of data.rows) {
        const quantity = quantityOf(row);
        if (HOLIDAY_PAID.has(row.salaryTypeCode)) {
          const year = use(holidayCreditYearOfRow(row, start));
          if (row.salaryTypeCode === HOLIDAY_CODES.holidayBonus) year.bonusDays += quantity.toNumber();
          else year.days += quantity.toNumber();
          continue;
        }
        // working hour reduction paid: hours used of the year the row names (the payment period's by default)
        if (row.salaryTypeCode === WORKING_HOUR_REDUCTION_CODE) {
          const year = row.workingHourReductionRowDetails?.year ?? Number(start.slice(0, 4));
          reduction.set(year, (reduction.get(year) ?? new Decimal(0)).plus(quantity));
        }
        if (types.get(row.salaryTypeCode)?.category !== 'SALARY_FOR_TIME_WORKED') continue;
        pay = pay.plus(
          quantity
            .times(dec(row.unitValue) ?? 0)
            .times(dec(row.paymentPercent) ?? 100)
            .dividedBy(100),
        );
      }
      for (const leave of data.leaves?.additionalLeave ?? []) use(leave.creditYear).additionalLeaveDays += leave.days;
      for (const leave of data.leaves?.workingHourReduction ?? [])
        reduction.set(leave.year, (reduction.get(leave.year) ?? new Decimal(0)).plus(leave.hours));
      const month = start.slice(0, 7);
      const before = months.get(month);
      months.set(month, {
        month,
        daysAtWork: (before?.daysAtWork ?? 0) + daysAtWork,
        hours: (before?.hours ?? new Decimal(0)).plus(HOURS_PER_DAY.times(daysAtWork)),
        pay: (before?.pay ?? new Decimal(0)).plus(pay.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
      });
    }
    return { used: [...used.values()], months: [...months.values()], workingHourReductionUsed: reduction };
  },
};
