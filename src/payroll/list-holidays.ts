// What a salary list pays of an employee's holidays, under the company's holiday terms: the worth of a holiday day
// (a 25th of the monthly salary for the monthly-paid; for the hourly-paid what the credit year's days left are
// worth under the average-daily-pay or the percentage rule), the holiday bonus days and their percentage, the
// additional leave taken, and holiday compensation at the end of the employment — paid once: the days a slip not
// yet approved already pays are reserved, so a second list of the same end pays only what is left, and approving a
// slip that would pay days already paid by an approved one is refused.
import type { Db, Engine } from '../db/index.ts';
import { Decimal } from '../domain/decimal.ts';
import { Violations } from '../platform/errors.ts';
import { parseJson } from '../platform/json.ts';
import { CompanyHolidayTerms, companyHolidayTerms } from './holiday-terms.ts';
import type { EmployeeDataWire, NewSalaryListWire, SlipRowWire } from './pay-schemas.ts';
import type { SalarySlipRow } from './pay-store.ts';
import { dec, type EmployeeFacts } from './slip-calculation.ts';
import { HOLIDAY_CODES, holidayCreditYearOfRow } from './slip-holidays.ts';
import type { HolidayPayWire } from './terms-schemas.ts';
import type { PayrollTerms } from './terms.ts';

/** Holiday days of the monthly-paid are a 25th of the monthly salary (domain-facts §1.6). */
const MONTHLY_DIVISOR = 25;

type Compensation = { creditYear: number; days: number; pay: Decimal };

/** The holidays a list entry pays. */
export interface ListHolidayPay {
  /** The worth of a holiday day of the credit year paid. */
  dayWorth: Decimal;
  bonusDays: number;
  /** The holiday bonus, % of a day's worth. */
  bonusPercent: Decimal;
  compensations: Compensation[];
  /** Additional leave taken, kept on the slip (the salary runs on through it). */
  additionalLeave: { creditYear: number; days: number }[];
}

/** The list as the holiday rules read it. */
type ListPeriod = Pick<NewSalaryListWire, 'paymentPeriodStart' | 'paymentPeriodEnd' | 'payday'>;

/**
 * Locks the employees' rows until the transaction ends (PostgreSQL; SQLite writes one at a time anyway), so two
 * lists or approvals paying holidays of the same employee follow one another.
 */
async function lockEmployees(db: Db, engine: Engine, companyId: number, ids: readonly number[]): Promise<void> {
  if (engine !== 'postgres') return;
  for (let i = 0; i < ids.length; i += 500)
    await db
      .selectFrom('employees')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids.slice(i, i + 500))
      .forUpdate()
      .execute();
}

/** Days of holiday compensation by credit year that the employee's slips not approved (nor invalidated) pay. */
async function reservedCompensation(db: Db, companyId: number, employeeId: number): Promise<Map<number, number>> {
  const slips = await db
    .selectFrom('salary_slips as s')
    .innerJoin('salary_lists as l', (join) =>
      join.onRef('l.company_id', '=', 's.company_id').onRef('l.id', '=', 's.list_id'),
    )
    .select(['s.data', 'l.payment_period_start'])
    .where('s.company_id', '=', companyId)
    .where('s.employee_id', '=', employeeId)
    .where('s.status', 'not in', ['APPROVED', 'INVALIDATED'])
    .execute();
  const reserved = new Map<number, number>();
  for (const slip of slips)
    for (const row of (parseJson(slip.data) as { rows: SlipRowWire[] }).rows)
      if (row.salaryTypeCode === HOLIDAY_CODES.holidayCompensation) {
        const year = holidayCreditYearOfRow(row, slip.payment_period_start);
        reserved.set(year, (reserved.get(year) ?? 0) + (dec(row.quantity)?.toNumber() ?? 1));
      }
  return reserved;
}

/** Holiday compensation still to pay: what the accrual leaves unpaid less what unapproved slips already pay. */
async function compensationLeft(
  db: Db,
  terms: PayrollTerms,
  companyId: number,
  employeeId: number,
  asOf: string,
): Promise<Compensation[]> {
  const due = await terms.holidayCompensation(companyId, employeeId, asOf, db);
  if (due.length === 0) return [];
  const reserved = await reservedCompensation(db, companyId, employeeId);
  return due.flatMap((c) => {
    const days = c.days - (reserved.get(c.creditYear) ?? 0);
    if (days <= 0) return [];
    return [{ creditYear: c.creditYear, days, pay: c.pay.times(days).dividedBy(c.days) }];
  });
}

/** The holidays each entry of a new list pays, by employee; the employees' rows locked for the transaction. */
export async function listHolidayPay(
  db: Db,
  engine: Engine,
  terms: PayrollTerms,
  companyId: number,
  list: ListPeriod,
  entries: readonly EmployeeDataWire[],
  facts: ReadonlyMap<number, EmployeeFacts>,
): Promise<Map<number, ListHolidayPay>> {
  await lockEmployees(
    db,
    engine,
    companyId,
    entries.map((e) => e.employeeId),
  );
  const companyTerms = await companyHolidayTerms(db, companyId);
  const creditYear = CompanyHolidayTerms.creditYearPaidIn(list.paymentPeriodStart);
  const yearTerms = companyTerms.ofCreditYear(creditYear);
  const paidTerms = companyTerms.on(list.payday);
  const bonusMonth =
    paidTerms.holidayBonusPayment === 'ON_MONTH' && Number(list.payday.slice(5, 7)) === paidTerms.holidayBonusMonth;
  const plans = new Map<number, ListHolidayPay>();
  for (const entry of entries) {
    const asked = entry.holidayPayData ?? {};
    const monthlySalary = facts.get(entry.employeeId)?.monthlySalary ?? new Decimal(0);
    let accrued: HolidayPayWire | undefined;
    const accrual = async () => {
      accrued ??= await terms.holidayPay(companyId, entry.employeeId, list.paymentPeriodEnd, db);
      return accrued.yearlyRemainings?.find((y) => y.holidayCreditYear === creditYear) ?? {};
    };
    let bonusDays =
      asked.holidayBonusDays ?? (paidTerms.holidayBonusPayment === 'WITH_HOLIDAY' ? (asked.holidayDays ?? 0) : 0);
    if (bonusMonth && asked.holidayBonusDays === undefined)
      bonusDays += (await accrual()).remainingHolidayBonusDays ?? 0;
    let dayWorth = monthlySalary.dividedBy(MONTHLY_DIVISOR);
    if (monthlySalary.isZero() && (asked.holidayDays || bonusDays)) {
      const year = await accrual();
      if (year.remainingHolidayDays)
        dayWorth = (year.remainingHolidayPay ?? new Decimal(0)).dividedBy(year.remainingHolidayDays);
    }
    plans.set(entry.employeeId, {
      dayWorth,
      bonusDays,
      bonusPercent: yearTerms.holidayBonusPercent,
      compensations: await compensationLeft(db, terms, companyId, entry.employeeId, list.paymentPeriodEnd),
      additionalLeave: asked.holidayAdditionalLeaveDays ? [{ creditYear, days: asked.holidayAdditionalLeaveDays }] : [],
    });
  }
  return plans;
}

/**
 * Before a slip paying holiday compensation is approved: the days it pays of each credit year may not exceed the
 * days the approved slips leave unpaid (a compensation already paid by another approved slip is not paid twice).
 */
export async function checkCompensationUnpaid(
  db: Db,
  engine: Engine,
  terms: PayrollTerms,
  slip: SalarySlipRow,
  rows: readonly SlipRowWire[],
  list: ListPeriod,
): Promise<void> {
  const paid = new Map<number, number>();
  for (const row of rows)
    if (row.salaryTypeCode === HOLIDAY_CODES.holidayCompensation) {
      const year = holidayCreditYearOfRow(row, list.paymentPeriodStart);
      paid.set(year, (paid.get(year) ?? 0) + (dec(row.quantity)?.toNumber() ?? 1));
    }
  if (paid.size === 0) return;
  const companyId = Number(slip.company_id);
  const employeeId = Number(slip.employee_id);
  await lockEmployees(db, engine, companyId, [employeeId]);
  const accrual = await terms.holidayPay(companyId, employeeId, list.paymentPeriodEnd, db);
  const violations = new Violations();
  for (const [year, days] of paid) {
    const left = accrual.yearlyRemainings?.find((y) => y.holidayCreditYear === year)?.remainingHolidayDays ?? 0;
    if (days > left) violations.add('HOLIDAY_COMPENSATION_ALREADY_PAID', 'rows', { year, asked: days, left });
  }
  violations.throwIfAny();
}

/** A new slip's stored data with the additional leave its list entry takes (kept beside the rows, as pay leaves). */
export function withLeaves<T extends object>(data: T, pay: ListHolidayPay): T {
  if (pay.additionalLeave.length === 0) return data;
  return { ...data, leaves: { additionalLeave: pay.additionalLeave, workingHourReduction: [] } };
}
