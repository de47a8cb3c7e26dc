// Holiday accrual and holiday pay under the Annual Holidays Act 162/2005 (domain-facts §1.6). Pure: the months
// of work come in as figures (from the contract until slips exist, then from the slips), so do the holidays
// already used; nothing here reads a clock or a database.
//
// - Holiday credit year (lomanmääräytymisvuosi) 1.4.–31.3., named here by the calendar year it begins in.
// - A full holiday credit month earns 2 days, or 2.5 days when the employment has lasted a year by the end of
//   the credit year (§5); a fraction of a day rounds up to a whole day.
// - A month is full under the 14-day rule with ≥ 14 days at work or equivalent, under the 35-hour rule (those
//   who by contract work fewer than 14 days a month) with ≥ 35 hours (§6); an employee is under one rule only.
// - Holiday pay: monthly-paid keep their salary (§10), a holiday day is worth 1/25 of the monthly salary (the
//   divisor collective agreements use, also for pay changes and compensation); hourly-paid under the 14-day
//   rule get the average daily pay × the coefficient of §11; those under the 35-hour rule get 9 %, or 11.5 %
//   after a year of employment by the end of the credit year, of the pay earned in it (§12).
// - Holiday bonus: the collective agreement's percentage of the holiday pay, paid per holiday day.
// - At the end of the employment the days not taken are paid as holiday compensation (§17), by the same rules.
//
// Money is rounded once, half up, to the cent (rounding.ts).
import { Decimal } from '../decimal.ts';
import { percentOf, roundCents } from './rounding.ts';

/** Which months count as full holiday credit months. */
export type FullMonthRule = 'DAYS_14' | 'HOURS_35';

/** How holiday pay is worked out. */
type HolidayPayMethod = 'MONTHLY' | 'AVERAGE_DAILY' | 'PERCENTAGE';

/** One calendar month of the employment as it was worked (from the slips) or as the contract has it. */
export interface MonthOfWork {
  /** `YYYY-MM`. */
  month: string;
  /** Days at work or equivalent to it (§7). */
  daysAtWork: number;
  /** Hours at work or equivalent to it. */
  hours: Decimal;
  /** Pay earned for the month's work, overtime and emergency-work increments left out (§11, §12). */
  pay: Decimal;
}

/** Holidays of one credit year already taken or paid (holiday rows of approved slips, pay leaves). */
export interface HolidayUse {
  creditYear: number;
  days: number;
  bonusDays: number;
  additionalLeaveDays: number;
}

export interface HolidayAccrualInput {
  employmentStart: string;
  /** The last day of the employment, when it ends. */
  employmentEnd: string | null;
  /** Accrual up to and including this day. */
  asOf: string;
  rule: FullMonthRule;
  method: HolidayPayMethod;
  /** MONTHLY: the monthly salary now (kept during the holiday, so the days left are worth today's salary). */
  monthlySalary: Decimal | null;
  months: readonly MonthOfWork[];
  used: readonly HolidayUse[];
  /** The collective agreement's holiday bonus, % of holiday pay (50 typically; 0 without one). */
  holidayBonusPercent: Decimal;
  /** Additional leave days (collective agreement) earned in a credit year with a full month. */
  additionalLeaveDays: number;
  /** The first credit year followed (earlier ones are settled); the employment's first when not given. */
  firstCreditYear?: number;
  /** The agreement's terms of each credit year, when they change over time (else the two fields above). */
  termsOf?: (creditYear: number) => { holidayBonusPercent: Decimal; additionalLeaveDays: number };
}

interface CreditYearAccrual {
  creditYear: number;
  /** Whether the credit year had ended (31.3. or the end of the employment) by the day of the accrual. */
  complete: boolean;
  fullMonths: number;
  daysPerMonth: Decimal;
  earnedDays: number;
  /** Holiday pay of all the days earned. */
  holidayPay: Decimal;
  holidayBonus: Decimal;
  additionalLeaveDays: number;
  remainingDays: number;
  remainingPay: Decimal;
  remainingBonusDays: number;
  remainingAdditionalLeaveDays: number;
}

export interface HolidayAccrual {
  years: CreditYearAccrual[];
  remainingDays: number;
  remainingPay: Decimal;
  remainingBonusDays: number;
  remainingAdditionalLeaveDays: number;
  /** When the employment has ended: holiday compensation for the days not taken (income type 234), else null. */
  compensation: Decimal | null;
}

const ZERO = new Decimal(0);
const MONTHLY_DIVISOR = 25;

/** The credit year a day belongs to: 1.4.Y–31.3.(Y+1) is credit year Y. */
export function creditYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 4 ? year : year - 1;
}

const creditYearEnd = (year: number) => `${year + 1}-03-31`;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether an employment begun on `start` has lasted a whole year by `date` (inclusive). */
function lastedAYear(start: string, date: string): boolean {
  const [y, m, d] = start.split('-').map(Number);
  // a year from 29 February ends on the last of February
  const yearLater = new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
  return yearLater <= date;
}

/** The months `YYYY-MM` of a credit year: April to March. */
function monthsOf(creditYear: number): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((i + 3) % 12) + 1;
    const year = month >= 4 ? creditYear : creditYear + 1;
    return `${year}-${String(month).padStart(2, '0')}`;
  });
}

/**
 * The coefficient of §11 by which the average daily pay is multiplied for a number of holiday days: the Act's
 * table for 2–30 days, 0.9 for each day above 30 (and for a single day).
 */
const COEFFICIENTS = [
  0, 0.9, 1.8, 2.7, 3.6, 4.5, 5.4, 6.3, 7.2, 8.1, 9.0, 9.9, 10.8, 11.8, 12.7, 13.6, 14.5, 15.5, 16.4, 17.4, 18.3, 19.3,
  20.3, 21.3, 22.2, 23.2, 24.1, 25.0, 25.9, 26.9, 27.8,
].map((c) => new Decimal(c));

export function holidayPayCoefficient(days: number): Decimal {
  if (days <= 30) return COEFFICIENTS[days];
  return COEFFICIENTS[30].plus(new Decimal('0.9').times(days - 30));
}

/** Holiday days earned by full months: 2 or 2.5 a month, a fraction rounding up to a whole day. */
export function earnedHolidayDays(fullMonths: number, daysPerMonth: Decimal): number {
  return daysPerMonth.times(fullMonths).ceil().toNumber();
}

function isFull(rule: FullMonthRule, month: MonthOfWork | undefined): boolean {
  if (!month) return false;
  return rule === 'DAYS_14' ? month.daysAtWork >= 14 : month.hours.greaterThanOrEqualTo(35);
}

function holidayPayOf(input: HolidayAccrualInput, months: MonthOfWork[], days: number, yearLasted: boolean): Decimal {
  const pay = months.reduce((sum, m) => sum.plus(m.pay), ZERO);
  switch (input.method) {
    case 'MONTHLY':
      return roundCents((input.monthlySalary ?? ZERO).times(days).dividedBy(MONTHLY_DIVISOR));
    case 'AVERAGE_DAILY': {
      const daysAtWork = months.reduce((sum, m) => sum + m.daysAtWork, 0);
      if (daysAtWork === 0) return ZERO;
      return roundCents(pay.dividedBy(daysAtWork).times(holidayPayCoefficient(days)));
    }
    case 'PERCENTAGE':
      return percentOf(pay, new Decimal(yearLasted ? '11.5' : '9'));
  }
}

/** The share of `amount` that `part` of `whole` days is worth, to the cent. */
function share(amount: Decimal, part: number, whole: number): Decimal {
  return whole === 0 ? ZERO : roundCents(amount.times(part).dividedBy(whole));
}

/** Holidays earned, used and left in every credit year of the employment up to `asOf`. */
export function holidayAccrual(input: HolidayAccrualInput): HolidayAccrual {
  const last = input.employmentEnd !== null && input.employmentEnd < input.asOf ? input.employmentEnd : input.asOf;
  const byMonth = new Map(input.months.map((m) => [m.month, m]));
  const years: CreditYearAccrual[] = [];
  const first = Math.max(creditYearOf(input.employmentStart), input.firstCreditYear ?? -Infinity);
  for (let year = first; year <= creditYearOf(last); year++) {
    const end = creditYearEnd(year);
    const months = monthsOf(year)
      .filter((m) => m >= input.employmentStart.slice(0, 7) && m <= last.slice(0, 7))
      .map((m) => byMonth.get(m))
      .filter((m): m is MonthOfWork => m !== undefined);
    const fullMonths = months.filter((m) => isFull(input.rule, m)).length;
    const endOfYear = input.employmentEnd !== null && input.employmentEnd < end ? input.employmentEnd : end;
    const yearLasted = lastedAYear(input.employmentStart, endOfYear);
    const daysPerMonth = new Decimal(yearLasted ? '2.5' : '2');
    const earnedDays = earnedHolidayDays(fullMonths, daysPerMonth);
    const holidayPay = holidayPayOf(input, months, earnedDays, yearLasted);
    const terms = input.termsOf?.(year) ?? input;
    const holidayBonus = percentOf(holidayPay, terms.holidayBonusPercent);
    const additionalLeaveDays = fullMonths > 0 ? terms.additionalLeaveDays : 0;
    const uses = input.used.filter((u) => u.creditYear === year);
    const remainingDays = Math.max(0, earnedDays - uses.reduce((sum, u) => sum + u.days, 0));
    years.push({
      creditYear: year,
      complete: end <= last || (input.employmentEnd !== null && input.employmentEnd <= last),
      fullMonths,
      daysPerMonth,
      earnedDays,
      holidayPay,
      holidayBonus,
      additionalLeaveDays,
      remainingDays,
      remainingPay: share(holidayPay, remainingDays, earnedDays),
      remainingBonusDays: Math.max(0, earnedDays - uses.reduce((sum, u) => sum + u.bonusDays, 0)),
      remainingAdditionalLeaveDays: Math.max(
        0,
        additionalLeaveDays - uses.reduce((sum, u) => sum + u.additionalLeaveDays, 0),
      ),
    });
  }
  const remainingPay = years.reduce((sum, y) => sum.plus(y.remainingPay), ZERO);
  const ended = input.employmentEnd !== null && input.employmentEnd <= input.asOf;
  return {
    years,
    remainingDays: years.reduce((sum, y) => sum + y.remainingDays, 0),
    remainingPay,
    remainingBonusDays: years.reduce((sum, y) => sum + y.remainingBonusDays, 0),
    remainingAdditionalLeaveDays: years.reduce((sum, y) => sum + y.remainingAdditionalLeaveDays, 0),
    compensation: ended ? remainingPay : null,
  };
}

const dayNumber = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Weekdays (Monday to Friday) from `from` to `to`, both included: whole weeks of 5, then the days left. */
export function weekdaysBetween(from: string, to: string): number {
  const first = dayNumber(from);
  const days = dayNumber(to) - first + 1;
  if (days <= 0) return 0;
  // 1.1.1970 was a Thursday: day 0 is weekday 4 (0 = Sunday)
  const weekday = (first + 4) % 7;
  let count = Math.floor(days / 7) * 5;
  for (let i = 0; i < days % 7; i++) {
    const w = (weekday + i) % 7;
    if (w !== 0 && w !== 6) count++;
  }
  return count;
}

/** How an employee is paid and works by contract, for months of work as the contract has them. */
export interface WorkContract {
  employmentStart: string;
  employmentEnd: string | null;
  /** Days at work a week: 5 full time. */
  daysPerWeek: Decimal;
  hoursPerWeek: Decimal;
  /** Pay of a full month (monthly-paid), or per hour (hourly-paid). */
  pay: { monthly: Decimal } | { hourly: Decimal };
}

/** The rule an employee is under: the 35-hour rule when by contract fewer than 14 days a month are worked. */
export function fullMonthRuleOf(daysPerWeek: Decimal): FullMonthRule {
  return daysPerWeek.times(52).dividedBy(12).lessThan(14) ? 'HOURS_35' : 'DAYS_14';
}

const lastOfMonth = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * The months of work the contract implies from the start of the employment to `asOf`: its working weekdays,
 * its weekly hours spread over them, and the pay for them. Slips replace these with what was worked and paid.
 */
export function contractMonths(contract: WorkContract, asOf: string): MonthOfWork[] {
  const last = contract.employmentEnd !== null && contract.employmentEnd < asOf ? contract.employmentEnd : asOf;
  const months: MonthOfWork[] = [];
  for (let month = contract.employmentStart.slice(0, 7); month <= last.slice(0, 7);) {
    const first = `${month}-01`;
    const end = lastOfMonth(month);
    const from = contract.employmentStart > first ? contract.employmentStart : first;
    const to = last < end ? last : end;
    const weekdays = weekdaysBetween(from, to);
    const share = new Decimal(weekdays).dividedBy(5);
    const hours = share.times(contract.hoursPerWeek);
    const pay =
      'monthly' in contract.pay
        ? roundCents(contract.pay.monthly.times(weekdays).dividedBy(weekdaysBetween(first, end)))
        : roundCents(hours.times(contract.pay.hourly));
    months.push({
      month,
      daysAtWork: share.times(Decimal.min(5, contract.daysPerWeek)).floor().toNumber(),
      hours: hours.toDecimalPlaces(2, Decimal.ROUND_DOWN),
      pay,
    });
    month = addDays(end, 1).slice(0, 7);
  }
  return months;
}

/**
 * Working hour reduction (työajanlyhennys) of a calendar year, as the industry agreements with a 40-hour week
 * give it: 8 hours for every 17 days at work (days carried over within the year), reducing the week to 37.5
 * hours on average. Employees on a shorter contract week earn none. Hours used come from slips.
 */
export function workingHourReduction(input: {
  year: number;
  hoursPerWeek: Decimal;
  months: readonly MonthOfWork[];
  usedHours: Decimal;
}): { earnedHours: Decimal; remainingHours: Decimal; remainingDays: Decimal } {
  const hoursPerDay = new Decimal(8);
  if (input.hoursPerWeek.lessThan(40)) return { earnedHours: ZERO, remainingHours: ZERO, remainingDays: ZERO };
  const days = input.months
    .filter((m) => m.month.startsWith(`${input.year}-`))
    .reduce((sum, m) => sum + m.daysAtWork, 0);
  const earnedHours = hoursPerDay.times(Math.floor(days / 17));
  const remainingHours = Decimal.max(0, earnedHours.minus(input.usedHours));
  return { earnedHours, remainingHours, remainingDays: remainingHours.dividedBy(hoursPerDay).toDecimalPlaces(2) };
}
