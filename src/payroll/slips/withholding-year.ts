// The year to date of tax cards followed cumulatively (ennakkoperintäasetus §5): what the employee's approved
// slips of the calendar year paid under the same card, what they withheld on it, and how many pay periods they
// covered. Income accrual restarts on 1 January (January still uses last year's card); a revised card starts
// its own accrual, as its slips carry its id.
import type { Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import { PERIODS_PER_YEAR, type PayPeriod } from '../../domain/payroll/withholding.ts';
import { parseJson } from '../../platform/json.ts';
import { dec, figuresOf, payPeriodOf, type CardYearToDate, type WithholdingBasis } from './calculation.ts';
import type { TaxCardRow } from '../employees/store.ts';

/** A slip being calculated: its employee, the card in force on its payday and its payment period. */
export interface SlipUnderCard {
  employeeId: number;
  /** Null for a slip not stored yet. */
  slipId: number | null;
  card: TaxCardRow | null;
  payday: string;
  periodStart: string;
  periodEnd: string;
}

/** Slip statuses past approval: the slip's withholding has been booked. */
const NOT_APPROVED = ['CREATED', 'INVALIDATED', 'IN_CORRECTION'];

/** A payment period as a number of periods of another length (2 for two months counted in months). */
function periodsIn(unit: PayPeriod['unit'], start: string, end: string): Decimal {
  const period = payPeriodOf(start, end);
  return new Decimal(period.count).times(PERIODS_PER_YEAR[unit]).dividedBy(PERIODS_PER_YEAR[period.unit]);
}

/**
 * The year to date of each slip whose card is followed cumulatively, by employee id (other slips left out):
 * approved slips under the same card with a payday in the same year, not after the slip's own.
 */
export async function cumulativeYearToDate(
  db: Db,
  companyId: number,
  slips: readonly SlipUnderCard[],
): Promise<Map<number, CardYearToDate>> {
  const result = new Map<number, CardYearToDate>();
  const cumulative = slips.filter((s) => s.card?.income_limit_method === 'CUMULATIVE');
  if (cumulative.length === 0) return result;
  const rows = await db
    .selectFrom('salary_slips as s')
    .innerJoin('salary_lists as l', (join) =>
      join.onRef('l.company_id', '=', 's.company_id').onRef('l.id', '=', 's.list_id'),
    )
    .select([
      's.id',
      's.tax_card_id',
      's.payday',
      's.data',
      's.figures',
      'l.payment_period_start',
      'l.payment_period_end',
    ])
    .where('s.company_id', '=', companyId)
    .where('s.tax_card_id', 'in', [...new Set(cumulative.map((s) => Number(s.card!.id)))])
    .where('s.status', 'not in', NOT_APPROVED)
    .execute();
  for (const slip of cumulative) {
    const own = payPeriodOf(slip.periodStart, slip.periodEnd);
    const cardId = Number(slip.card!.id);
    const yearStart = `${slip.payday.slice(0, 4)}-01-01`;
    const earlier = rows.filter(
      (r) =>
        Number(r.tax_card_id) === cardId &&
        r.payday >= yearStart &&
        r.payday <= slip.payday &&
        Number(r.id) !== slip.slipId,
    );
    let pay = new Decimal(0);
    let withholding = new Decimal(0);
    const periods = new Map<string, Decimal>();
    for (const r of earlier) {
      const basis = (parseJson(r.data) as { withholdingBasis?: WithholdingBasis }).withholdingBasis;
      // a slip approved before the basis was kept: its taxable pay and withholding as they are
      const figures = basis ? null : figuresOf(r.figures);
      pay = pay.plus(dec(basis?.pay) ?? figures!.taxablePay);
      withholding = withholding.plus(dec(basis?.withholding) ?? figures!.withholding);
      // the limit accrues once a pay period, however many slips it has; the slip's own period is counted by it
      const key = `${r.payment_period_start}/${r.payment_period_end}`;
      if (key !== `${slip.periodStart}/${slip.periodEnd}`)
        periods.set(key, periodsIn(own.unit, r.payment_period_start, r.payment_period_end));
    }
    const before = [...periods.values()].reduce((sum, n) => sum.plus(n), new Decimal(0));
    result.set(slip.employeeId, { pay, withholding, periodsBefore: before.toDecimalPlaces(6).toNumber() });
  }
  return result;
}
