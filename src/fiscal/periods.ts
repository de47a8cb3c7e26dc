// Pure date rules of fiscal years: monthly periods, and what a valid fiscal year is.
// A Finnish fiscal year (tilikausi) is normally 12 months and at most 18 (Kirjanpitolaki 1:4 §); it starts on
// the first day of a month and ends on the last day of a month.

const MAX_FISCAL_YEAR_MONTHS = 18;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function lastDayOfMonth(date: string): string {
  const [y, m] = parts(date);
  return `${pad(y, 4)}-${pad(m)}-${pad(daysInMonth(y, m))}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The monthly periods [start, end] covering a fiscal year. */
export function monthlyPeriods(startDate: string, endDate: string): { startDate: string; endDate: string }[] {
  const out: { startDate: string; endDate: string }[] = [];
  let start = startDate;
  while (start <= endDate && out.length < MAX_FISCAL_YEAR_MONTHS + 1) {
    const monthEnd = lastDayOfMonth(start);
    const end = monthEnd < endDate ? monthEnd : endDate;
    out.push({ startDate: start, endDate: end });
    start = addDays(end, 1);
  }
  return out;
}

/** Why a fiscal year [start, end] is not valid, or undefined. */
export function fiscalYearProblem(startDate: string, endDate: string): string | undefined {
  const [, , sd] = parts(startDate);
  if (sd !== 1) return 'a fiscal year starts on the first day of a month';
  if (lastDayOfMonth(endDate) !== endDate) return 'a fiscal year ends on the last day of a month';
  if (endDate < startDate) return 'the end date is before the start date';
  const [sy, sm] = parts(startDate);
  const [ey, em] = parts(endDate);
  const months = (ey - sy) * 12 + (em - sm) + 1;
  if (months > MAX_FISCAL_YEAR_MONTHS) return `a fiscal year is at most ${MAX_FISCAL_YEAR_MONTHS} months long`;
  return undefined;
}

/** The calendar year holding a date, as a fiscal year. */
export function calendarYearOf(date: string): { startDate: string; endDate: string } {
  const [y] = parts(date);
  return { startDate: `${pad(y, 4)}-01-01`, endDate: `${pad(y, 4)}-12-31` };
}
