// Working hour reduction (työajanlyhennys) paid on a salary list: the hours a list entry asks for (its days at
// 8 hours, the agreements' 40-hour week) paid as a row of salary type 1459, as the real service does, at the
// employee's hourly pay and marked with the calendar year they accrued in. An approved slip's 1459 rows count as
// hours used (slip-holidays.ts), a slip's not yet approved as reserved; no more may be paid than is left of the year.
import { Decimal } from '../../domain/decimal.ts';
import type { Violations } from '../../platform/errors.ts';
import type { EmployeeDataWire, SlipRowWire } from '../pay-runs/schemas.ts';
import { dec, type EmployeeFacts } from '../slips/calculation.ts';

export const WORKING_HOUR_REDUCTION_CODE = 1459;
const HOURS_PER_DAY = 8;

/** The hours an entry asks to be paid (hours before days when both are given); null when it asks for none. */
function hoursAsked(entry: EmployeeDataWire): Decimal | null {
  const data = entry.workingHourReductionPayData;
  if (!data) return null;
  return dec(data.workingHourReductionHours) ?? dec(data.workingHourReductionDays)?.times(HOURS_PER_DAY) ?? null;
}

/** Whether an entry asks for working hour reduction to be paid (days and hours both null ask for none). */
export const asksReductionPay = (entry: EmployeeDataWire) => hoursAsked(entry) !== null;

/** An entry's problem: more hours than are left of the year (less what slips not approved reserve). */
export function reductionPayProblems(
  entry: EmployeeDataWire,
  at: string,
  year: number,
  hoursLeft: Decimal,
  violations: Violations,
): void {
  const hours = hoursAsked(entry) ?? new Decimal(0);
  if (hours.greaterThan(hoursLeft))
    violations.add('PAY_LEAVE_NOT_AVAILABLE', at, {
      what: 'working hour reduction hours',
      asked: hours.toFixed(),
      left: hoursLeft.toFixed(),
      year,
    });
}

/** The row paying an entry's working hour reduction of `year`, or none. */
export function reductionPayRows(entry: EmployeeDataWire, facts: EmployeeFacts, year: number): SlipRowWire[] {
  const hours = hoursAsked(entry);
  if (hours === null) return [];
  return [
    {
      salaryTypeCode: WORKING_HOUR_REDUCTION_CODE,
      quantity: hours,
      unitValue: facts.hourlyPay.toDecimalPlaces(4, Decimal.ROUND_HALF_UP),
      workingHourReductionRowDetails: { year },
      showEarningPeriodInExport: false,
      unjustEnrichment: false,
    },
  ];
}
