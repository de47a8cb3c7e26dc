// The cumulative income limit (ennakkoperintäasetus §5) worked by hand: a card of 20 % up to 36,000 a year and
// 40 % above, three monthly slips crossing the limit, each fed the year to date the earlier ones leave.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { ratesFor } from './rates.ts';
import { NOTHING_YET, withholdingFor, type TaxCardTerms, type WithholdingYearToDate } from './withholding.ts';

const d = (v: string | number) => new Decimal(v);
const card = (method: TaxCardTerms['method']): TaxCardTerms => ({
  type: 'A',
  basePercent: d(20),
  additionalPercent: d(40),
  annualIncomeLimit: d(36000),
  method,
});
const MONTH = { unit: 'MONTH', count: 1 } as const;
const rates = ratesFor('2026-03-31');

/** Three months in a row: each slip's withholding, the year to date carried on from its basis. */
function months(method: TaxCardTerms['method'], pays: number[], bonus = 0): string[] {
  let yearToDate: WithholdingYearToDate = NOTHING_YET;
  return pays.map((pay, i) => {
    const w = withholdingFor({
      rates,
      card: card(method),
      period: MONTH,
      pay: d(pay),
      payAtBasePercent: d(i === pays.length - 1 ? bonus : 0),
      yearToDate,
    });
    yearToDate = {
      limitUsed: w.limitUsedAfter,
      pay: yearToDate.pay.plus(w.basis!.pay),
      withholding: yearToDate.withholding.plus(w.basis!.withholding),
      periodsBefore: i + 1,
    };
    return w.amount.toFixed(2);
  });
}

describe('cumulative withholding', () => {
  it('under the accrued limit: the base % each month, as per period', () => {
    expect(months('CUMULATIVE', [2000, 2000, 2000])).toEqual(['400.00', '400.00', '400.00']);
  });

  it('crossing it in March: the tax on the year so far less what was withheld', () => {
    // March: 10,000 to date, limit 9,000: 1,800 + 400 − 800 = 1,400; per period 600 + 1,200 = 1,800
    expect(months('CUMULATIVE', [2000, 2000, 6000])).toEqual(['400.00', '400.00', '1400.00']);
    expect(months('PER_PERIOD', [2000, 2000, 6000])).toEqual(['400.00', '400.00', '1800.00']);
  });

  it('a month over the limit is evened out by the months under it', () => {
    // January 5,000 over its 3,000: 600 + 800; February 1,000: 6,000 to date at the limit, 1,200 − 1,400 → nothing;
    // March 3,000: 9,000 to date at the limit, 1,800 − 1,400
    expect(months('CUMULATIVE', [5000, 1000, 3000])).toEqual(['1400.00', '0.00', '400.00']);
  });

  it('the holiday bonus stays at the base % and out of the basis carried on', () => {
    // March: 6,000 to date under 9,000: 400, and 1,000 of holiday bonus at 20 %
    const withBonus = months('CUMULATIVE', [2000, 2000, 2000], 1000);
    expect(withBonus).toEqual(['400.00', '400.00', '600.00']);
    const w = withholdingFor({
      rates,
      card: card('CUMULATIVE'),
      period: MONTH,
      pay: d(2000),
      payAtBasePercent: d(1000),
      yearToDate: NOTHING_YET,
    });
    expect([w.basis!.pay.toFixed(2), w.basis!.withholding.toFixed(2)]).toEqual(['2000.00', '400.00']);
  });
});
