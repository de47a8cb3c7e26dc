// What a salary list pays of an employee's holidays, under the company's holiday terms: the worth of a holiday day
// (a 25th of the monthly salary for the monthly-paid; for the hourly-paid the credit year's holiday pay over its
// days, under the average-daily-pay or the percentage rule), the holiday bonus days and their percentage, the
// additional leave taken, and holiday compensation at the end of the employment (with the holiday bonus when the
// terms pay it on compensation).
//
// Holidays and working hour reduction are paid once. What slips not yet approved pay or take is reserved: a new
// request (a list entry, a pay leave, a 1459 row typed into a slip) may ask at most what the approved slips leave
// less those reservations, and approving a slip checks again what it pays against what the approved slips leave.
// Both happen under the employee's lock (the row locked on PostgreSQL; SQLite writes one transaction at a time),
// so two lists or approvals of the same employee follow one another.
import type { Db, Engine } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import type { HolidayAccrual } from '../../domain/payroll/holidays.ts';
import { roundCents } from '../../domain/payroll/rounding.ts';
import { Violations } from '../../platform/errors.ts';
import { CompanyHolidayTerms, companyHolidayTerms } from '../holidays/terms.ts';
import type { EmployeeDataWire, NewSalaryListWire, SlipRowWire } from '../pay-runs/schemas.ts';
import type { SalarySlipRow } from '../pay-runs/store.ts';
import { asksReductionPay, reductionPayProblems } from './reduction-pay.ts';
import type { EmployeeFacts } from '../slips/calculation.ts';
import {
  addSlipClaims,
  claimedOf,
  hoursClaimed,
  noClaims,
  reservedClaims,
  type SlipClaims,
  type SlipLeaves,
} from '../holidays/worked-months.ts';
import type { PayrollTerms } from '../terms/terms.ts';

/** Holiday days of the monthly-paid are a 25th of the monthly salary (domain-facts §1.6). */
const MONTHLY_DIVISOR = 25;

type Compensation = {
  creditYear: number;
  days: number;
  pay: Decimal;
  /** The holiday bonus paid on it (none unless the terms say so), and a bonus day's worth. */
  bonusDays: number;
  bonusDayWorth: Decimal;
};

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

type CreditYearAccrual = HolidayAccrual['years'][number];

/**
 * Locks the employees' rows until the transaction ends (PostgreSQL; SQLite writes one at a time anyway), so two
 * lists, pay leaves or approvals paying holidays of the same employee follow one another.
 */
export async function lockEmployees(db: Db, engine: Engine, companyId: number, ids: readonly number[]): Promise<void> {
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

/** What is left of a credit year: the approved slips' accrual less what `reserved` claims (never below 0). */
function leftOf(year: CreditYearAccrual | undefined, reserved: SlipClaims, creditYear: number) {
  const claimed = claimedOf(reserved, creditYear);
  return {
    days: Math.max(0, (year?.remainingDays ?? 0) - claimed.days),
    bonusDays: Math.max(0, (year?.remainingBonusDays ?? 0) - claimed.bonusDays),
    additionalLeaveDays: Math.max(0, (year?.remainingAdditionalLeaveDays ?? 0) - claimed.additionalLeaveDays),
  };
}

/** A request of more than is left: `PAY_LEAVE_NOT_AVAILABLE`. */
export function notAvailable(
  violations: Violations,
  field: string,
  what: string,
  asked: number | Decimal,
  left: number | Decimal,
  year: number,
): void {
  violations.add('PAY_LEAVE_NOT_AVAILABLE', field, { what, asked: String(asked), left: String(left), year });
}

/**
 * Holiday compensation still to pay: what the accrual leaves unpaid less what slips not approved (and the entry
 * itself, in `reserved`) already pay; with the bonus days left when the terms pay the bonus on compensation.
 */
async function compensationLeft(
  db: Db,
  terms: PayrollTerms,
  companyTerms: CompanyHolidayTerms,
  companyId: number,
  employeeId: number,
  list: ListPeriod,
  reserved: () => Promise<SlipClaims>,
): Promise<Compensation[]> {
  const due = await terms.holidayCompensation(companyId, employeeId, list.paymentPeriodEnd, db);
  if (due.length === 0) return [];
  const withBonus = companyTerms.on(list.payday).holidayBonusOnCompensation;
  const claims = await reserved();
  return due.flatMap((c) => {
    const claimed = claimedOf(claims, c.creditYear);
    const days = c.days - claimed.days;
    if (days <= 0) return [];
    const dayWorth = c.pay.dividedBy(c.days);
    return [
      {
        creditYear: c.creditYear,
        days,
        pay: c.pay.times(days).dividedBy(c.days),
        bonusDays: withBonus ? Math.max(0, c.bonusDays - claimed.bonusDays) : 0,
        bonusDayWorth: roundCents(
          dayWorth.times(companyTerms.ofCreditYear(c.creditYear).holidayBonusPercent).dividedBy(100),
        ),
      },
    ];
  });
}

/**
 * The holidays each entry of a new list pays, by employee, the employees' rows locked for the transaction. Holiday
 * days, bonus days and additional leave asked, and working hour reduction hours of `reductionYear`, beyond what is
 * left less what slips not approved reserve are `PAY_LEAVE_NOT_AVAILABLE`, added to `violations`.
 */
export async function listHolidayPay(
  db: Db,
  engine: Engine,
  terms: PayrollTerms,
  companyId: number,
  list: ListPeriod,
  entries: readonly EmployeeDataWire[],
  facts: ReadonlyMap<number, EmployeeFacts>,
  reductionYear: number,
  violations: Violations,
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
  for (const [i, entry] of entries.entries()) {
    const at = `employeesDataForSalarySlip[${i}]`;
    const asked = entry.holidayPayData ?? {};
    const holidayDays = asked.holidayDays ?? 0;
    const additional = asked.holidayAdditionalLeaveDays ?? 0;
    const monthlySalary = facts.get(entry.employeeId)?.monthlySalary ?? new Decimal(0);
    let reserved: SlipClaims | undefined;
    const reservations = async () => (reserved ??= await reservedClaims(db, companyId, entry.employeeId));
    let accrued: CreditYearAccrual | undefined | null;
    const accrual = async () => {
      if (accrued === undefined)
        accrued =
          (await terms.holidayYears(companyId, entry.employeeId, list.paymentPeriodEnd, db))?.accrual.years.find(
            (y) => y.creditYear === creditYear,
          ) ?? null;
      return accrued ?? undefined;
    };
    const asks = holidayDays > 0 || additional > 0 || asked.holidayBonusDays !== undefined || bonusMonth;
    const left = asks ? leftOf(await accrual(), await reservations(), creditYear) : undefined;
    let bonusDays = 0;
    if (left) {
      if (holidayDays > left.days)
        notAvailable(
          violations,
          `${at}.holidayPayData.holidayDays`,
          'holiday days',
          holidayDays,
          left.days,
          creditYear,
        );
      if (additional > left.additionalLeaveDays)
        notAvailable(
          violations,
          `${at}.holidayPayData.holidayAdditionalLeaveDays`,
          'additional leave days',
          additional,
          left.additionalLeaveDays,
          creditYear,
        );
      if (asked.holidayBonusDays !== undefined) {
        bonusDays = asked.holidayBonusDays;
        if (bonusDays > left.bonusDays)
          notAvailable(
            violations,
            `${at}.holidayPayData.holidayBonusDays`,
            'holiday bonus days',
            bonusDays,
            left.bonusDays,
            creditYear,
          );
      } else if (bonusMonth) bonusDays = left.bonusDays;
      // with the holiday: the bonus of the days taken, as far as bonus days are left
      else if (paidTerms.holidayBonusPayment === 'WITH_HOLIDAY') bonusDays = Math.min(holidayDays, left.bonusDays);
    }
    let dayWorth = monthlySalary.dividedBy(MONTHLY_DIVISOR);
    if (monthlySalary.isZero() && (holidayDays || bonusDays)) {
      // the hourly-paid: the credit year's holiday pay is for its days earned, each day worth the same
      const year = await accrual();
      dayWorth = year?.earnedDays ? year.holidayPay.dividedBy(year.earnedDays) : new Decimal(0);
    }
    // what this entry pays of the credit year is not paid again as compensation
    const ownAndReserved = async () => {
      const claims = await reservations();
      const claimed = claimedOf(claims, creditYear);
      claimed.days += holidayDays;
      claimed.bonusDays += bonusDays;
      return claims;
    };
    if (asksReductionPay(entry)) {
      const hoursLeft = (await terms.workingHourReduction(companyId, entry.employeeId, db))
        .totalRemainingWorkingHourReductionHours;
      reductionPayProblems(
        entry,
        `${at}.workingHourReductionPayData`,
        reductionYear,
        Decimal.max(0, (hoursLeft ?? new Decimal(0)).minus(hoursClaimed(await reservations(), reductionYear))),
        violations,
      );
    }
    plans.set(entry.employeeId, {
      dayWorth,
      bonusDays,
      bonusPercent: yearTerms.holidayBonusPercent,
      compensations: await compensationLeft(db, terms, companyTerms, companyId, entry.employeeId, list, ownAndReserved),
      additionalLeave: additional ? [{ creditYear, days: additional }] : [],
    });
  }
  return plans;
}

/**
 * Before a slip is approved, under the employee's lock: what it pays or takes may not exceed what the approved
 * slips leave — holiday compensation of days already paid is `HOLIDAY_COMPENSATION_ALREADY_PAID`; holiday days,
 * bonus days, additional leave and working hour reduction hours of this calendar year (`reductionYear`) beyond
 * what is left are `PAY_LEAVE_NOT_AVAILABLE`.
 */
export async function checkClaimsLeft(
  db: Db,
  engine: Engine,
  terms: PayrollTerms,
  slip: SalarySlipRow,
  taken: { rows: readonly SlipRowWire[]; leaves: SlipLeaves },
  list: ListPeriod,
  reductionYear: number,
): Promise<void> {
  const claims = addSlipClaims(noClaims(), { rows: [...taken.rows], leaves: taken.leaves }, list.paymentPeriodStart);
  const hours = hoursClaimed(claims, reductionYear);
  if (claims.holidays.size === 0 && hours.isZero()) return;
  const companyId = Number(slip.company_id);
  const employeeId = Number(slip.employee_id);
  await lockEmployees(db, engine, companyId, [employeeId]);
  const violations = new Violations();
  if (claims.holidays.size > 0) {
    const followed = await terms.holidayYears(companyId, employeeId, list.paymentPeriodEnd, db);
    for (const [year, use] of claims.holidays) {
      const left = leftOf(
        followed?.accrual.years.find((y) => y.creditYear === year),
        noClaims(),
        year,
      );
      const compensation = claims.compensationDays.get(year) ?? 0;
      if (compensation > left.days)
        violations.add('HOLIDAY_COMPENSATION_ALREADY_PAID', 'rows', { year, asked: compensation, left: left.days });
      else if (use.days > left.days) notAvailable(violations, 'rows', 'holiday days', use.days, left.days, year);
      if (use.bonusDays > left.bonusDays)
        notAvailable(violations, 'rows', 'holiday bonus days', use.bonusDays, left.bonusDays, year);
      if (use.additionalLeaveDays > left.additionalLeaveDays)
        notAvailable(
          violations,
          'leaves',
          'additional leave days',
          use.additionalLeaveDays,
          left.additionalLeaveDays,
          year,
        );
    }
  }
  if (!hours.isZero()) {
    const left =
      (await terms.workingHourReduction(companyId, employeeId, db)).totalRemainingWorkingHourReductionHours ??
      new Decimal(0);
    if (hours.greaterThan(left))
      notAvailable(violations, 'rows', 'working hour reduction hours', hours, left, reductionYear);
  }
  violations.throwIfAny();
}

/**
 * Working hour reduction (1459) rows typed into a slip: where the hours of a year grow, the slip's hours of it
 * (rows and leaves) may not exceed what the approved slips leave of this calendar year (`reductionYear`; none of
 * another) less what the employee's other slips not approved reserve — `PAY_LEAVE_NOT_AVAILABLE`.
 */
export async function checkReductionRowsLeft(
  db: Db,
  engine: Engine,
  terms: PayrollTerms,
  slip: SalarySlipRow,
  change: { before: readonly SlipRowWire[]; after: readonly SlipRowWire[]; leaves: SlipLeaves },
  periodStart: string,
  reductionYear: number,
): Promise<void> {
  const before = addSlipClaims(noClaims(), { rows: [...change.before], leaves: change.leaves }, periodStart);
  const after = addSlipClaims(noClaims(), { rows: [...change.after], leaves: change.leaves }, periodStart);
  const grown = [...after.reductionHours].filter(([year, hours]) => hours.greaterThan(hoursClaimed(before, year)));
  if (grown.length === 0) return;
  const companyId = Number(slip.company_id);
  const employeeId = Number(slip.employee_id);
  await lockEmployees(db, engine, companyId, [employeeId]);
  const reserved = await reservedClaims(db, companyId, employeeId, Number(slip.id));
  const approvedLeft =
    (await terms.workingHourReduction(companyId, employeeId, db)).totalRemainingWorkingHourReductionHours ??
    new Decimal(0);
  const violations = new Violations();
  for (const [year, hours] of grown) {
    const left = Decimal.max(
      0,
      (year === reductionYear ? approvedLeft : new Decimal(0)).minus(hoursClaimed(reserved, year)),
    );
    if (hours.greaterThan(left)) notAvailable(violations, 'rows', 'working hour reduction hours', hours, left, year);
  }
  violations.throwIfAny();
}

/** A new slip's stored data with the additional leave its list entry takes (kept beside the rows, as pay leaves). */
export function withLeaves<T extends object>(data: T, pay: ListHolidayPay): T {
  if (pay.additionalLeave.length === 0) return data;
  return { ...data, leaves: { additionalLeave: pay.additionalLeave, workingHourReduction: [] } };
}
