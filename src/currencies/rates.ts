// Rules of conversion: which stored day a query reads (the company's currencyRateSearchDensity) and how a rate
// between two currencies follows from their euro reference rates.
import { Decimal as DecimalJs } from 'decimal.js';

/** Significant digits of a rate that is not quoted as such (inverse and cross rates). */
const RATE_SIGNIFICANT_DIGITS = 10;

// decimal.js rounds the quotient itself to this precision, so the answer is the exact quotient correctly rounded
// (half away from zero) — no intermediate rounding.
const RateDecimal = DecimalJs.clone({
  precision: RATE_SIGNIFICANT_DIGITS,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});

/**
 * Units of `currency` per one unit of `base`, from their euro reference rates (units per one euro; the euro's
 * own is 1): currencyRate / baseRate, rounded half away from zero to 10 significant digits. A rate against the
 * euro is the published figure itself (it has fewer digits than that).
 */
export function crossRate(baseRate: string, currencyRate: string): DecimalJs {
  return new RateDecimal(currencyRate).dividedBy(baseRate);
}

/** The six rate types, numbered as `GET /currencies/latest?rateType=` numbers them. */
export const RATE_TYPES = [
  'PROCOUNTOR_ACCOUNTING_EXCHANGE_RATE',
  'ACCOUNT_CURRENCY_AVERAGE_RATE',
  'ACCOUNT_CURRENCY_BUYING_RATE',
  'ACCOUNT_CURRENCY_SELLING_RATE',
  'CASH_BUYING_RATE',
  'CASH_CURRENCY_SALE_EXCHANGE_RATE',
] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** Days a daily rate is looked for before the asked day: covers weekends and the TARGET holidays (Easter, Christmas). */
const DAILY_SEARCH_DAYS = 7;

type SearchDensity = 'DAILY_EXCHANGE_RATE' | 'LAST_DAY_OF_THE_MONTH' | 'PROCOUNTOR_FIXED_RATE';

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The days a rate for `day` may come from, latest first:
 *  - DAILY_EXCHANGE_RATE: the day itself or one of the 7 days before it (the latest published);
 *  - LAST_DAY_OF_THE_MONTH: the rate in force at the end of the previous month (its last day or one of the 7
 *    days before it), so every day of a month converts at one rate known when the month begins;
 *  - PROCOUNTOR_FIXED_RATE: the latest rate on or before the day, however old (a fixed rate stays until replaced).
 */
export function searchWindow(day: string, density: SearchDensity): { latest: string; earliest: string | undefined } {
  switch (density) {
    case 'LAST_DAY_OF_THE_MONTH': {
      const monthEnd = addDays(`${day.slice(0, 7)}-01`, -1);
      return { latest: monthEnd, earliest: addDays(monthEnd, -DAILY_SEARCH_DAYS) };
    }
    case 'PROCOUNTOR_FIXED_RATE':
      return { latest: day, earliest: undefined };
    default:
      return { latest: day, earliest: addDays(day, -DAILY_SEARCH_DAYS) };
  }
}
