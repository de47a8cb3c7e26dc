// Withholding (ennakonpidätys) by the tax card, and tax at source (domain-facts §1.2, §1.3).
import { Decimal } from '../decimal.ts';
import type { PayrollYearRates } from './rates.ts';
import { percentOf, roundCents } from './rounding.ts';

export const TAX_CARD_TYPES = [
  'A',
  'ADDITIONAL_INCOME',
  'FREELANCE',
  'GRADED_INCOME',
  'ONE_INCOME_LIMIT',
  'TAX_AT_SOURCE',
] as const;
type TaxCardType = (typeof TAX_CARD_TYPES)[number];

/**
 * How the card's income limit is followed:
 * - `PER_PERIOD`: the annual limit divided over the pay periods, nothing carried between periods (EPA §4);
 * - `CUMULATIVE`: the limit accrues with the periods of the year, earlier pay and withholding of the year count
 *   each time (EPA §5);
 * - `ANNUAL`: one annual limit, the base % until the year's pay passes it (option B; always so for
 *   `ONE_INCOME_LIMIT` cards).
 */
type IncomeLimitMethod = 'PER_PERIOD' | 'CUMULATIVE' | 'ANNUAL';

export interface TaxCardTerms {
  type: TaxCardType;
  basePercent: Decimal;
  additionalPercent: Decimal;
  annualIncomeLimit: Decimal;
  method: IncomeLimitMethod;
}

/** The length of a pay period: `count` months, two-week periods, weeks or days. */
export interface PayPeriod {
  unit: 'MONTH' | 'TWO_WEEKS' | 'WEEK' | 'DAY';
  count: number;
}

export const PERIODS_PER_YEAR: Record<PayPeriod['unit'], number> = { MONTH: 12, TWO_WEEKS: 26, WEEK: 52, DAY: 365 };
const DAYS_PER_PERIOD: Record<Exclude<PayPeriod['unit'], 'MONTH'>, number> = { TWO_WEEKS: 14, WEEK: 7, DAY: 1 };

/** What the card has seen earlier in the calendar year (income accrual restarts on 1 January). */
export interface WithholdingYearToDate {
  /** Pay counted against the card's limit so far (the card's `limitUsed`). */
  limitUsed: Decimal;
  /** Pay withheld at the card's own percentages so far, and what was withheld on it (cumulative method). */
  pay: Decimal;
  withholding: Decimal;
  /** Pay periods of the same unit before this one in the year (cumulative method). */
  periodsBefore: number;
}

export const NOTHING_YET: WithholdingYearToDate = {
  limitUsed: new Decimal(0),
  pay: new Decimal(0),
  withholding: new Decimal(0),
  periodsBefore: 0,
};

export interface WithholdingInput {
  rates: PayrollYearRates;
  card: TaxCardTerms | null;
  period: PayPeriod;
  /** Taxable pay of the slip withheld by the card's limits, fringe benefits included. */
  pay: Decimal;
  /** Taxable pay always withheld at the card's base % (holiday bonus). */
  payAtBasePercent: Decimal;
  yearToDate: WithholdingYearToDate;
}

export interface Withholding {
  /** `CARD`: withholding by a tax card; `NO_CARD`: 60 %; `TAX_AT_SOURCE`: final tax at source. */
  kind: 'CARD' | 'NO_CARD' | 'TAX_AT_SOURCE';
  amount: Decimal;
  /** Tax at source only: the monthly or daily deduction made before the percentage. */
  taxAtSourceDeduction: Decimal;
  /** The card's `limitUsed` after this slip. */
  limitUsedAfter: Decimal;
  /**
   * What the cumulative method carries to the next slips of the year: the pay withheld by the card's limits and
   * the withholding on it (the amount less the holiday bonus's share at the base %); zero without a card.
   */
  basis?: { pay: Decimal; withholding: Decimal };
}

/** Base % up to `limit` of `pay`, the additional % above it: exact, unrounded. */
function byLimit(card: TaxCardTerms, pay: Decimal, limit: Decimal): Decimal {
  const atBase = Decimal.min(pay, Decimal.max(0, limit));
  return atBase.times(card.basePercent).plus(pay.minus(atBase).times(card.additionalPercent)).dividedBy(100);
}

function periodShare(period: PayPeriod, periods: number): Decimal {
  return new Decimal(periods).dividedBy(PERIODS_PER_YEAR[period.unit]);
}

/** The withholding of one slip, rounded half up to the cent once on its whole amount. */
export function withholdingFor(input: WithholdingInput): Withholding {
  const { rates, card, period, yearToDate } = input;
  const total = input.pay.plus(input.payAtBasePercent);
  const none = new Decimal(0);
  if (!card)
    return {
      kind: 'NO_CARD',
      amount: percentOf(total, rates.noTaxCardPercent),
      taxAtSourceDeduction: none,
      limitUsedAfter: yearToDate.limitUsed,
      basis: { pay: none, withholding: none },
    };
  if (card.type === 'TAX_AT_SOURCE') {
    const deduction =
      period.unit === 'MONTH'
        ? rates.taxAtSourceMonthlyDeduction.times(period.count)
        : rates.taxAtSourceDailyDeduction.times(DAYS_PER_PERIOD[period.unit] * period.count);
    // The card states the rate (15 % for athletes and performing artists); a card without one takes the year's rate.
    const percent = card.basePercent.isZero() ? rates.taxAtSourcePercent : card.basePercent;
    const taxed = Decimal.max(0, total.minus(deduction));
    return {
      kind: 'TAX_AT_SOURCE',
      amount: percentOf(taxed, percent),
      taxAtSourceDeduction: Decimal.min(total, deduction),
      limitUsedAfter: yearToDate.limitUsed.plus(total),
      basis: { pay: none, withholding: none },
    };
  }
  const atBase = input.payAtBasePercent.times(card.basePercent).dividedBy(100);
  const method: IncomeLimitMethod = card.type === 'ONE_INCOME_LIMIT' ? 'ANNUAL' : card.method;
  let tax: Decimal;
  if (method === 'PER_PERIOD') {
    tax = byLimit(card, input.pay, card.annualIncomeLimit.times(periodShare(period, period.count)));
  } else if (method === 'ANNUAL') {
    // Pay below the limit left is at the base %; the holiday bonus uses the limit too.
    tax = byLimit(card, input.pay, card.annualIncomeLimit.minus(yearToDate.limitUsed));
  } else {
    const limitToDate = card.annualIncomeLimit.times(periodShare(period, yearToDate.periodsBefore + period.count));
    const taxToDate = byLimit(card, yearToDate.pay.plus(input.pay), limitToDate);
    tax = Decimal.max(0, taxToDate.minus(yearToDate.withholding));
  }
  const amount = roundCents(tax.plus(atBase));
  return {
    kind: 'CARD',
    amount,
    taxAtSourceDeduction: none,
    limitUsedAfter: yearToDate.limitUsed.plus(total),
    basis: { pay: input.pay, withholding: amount.minus(roundCents(atBase)) },
  };
}
