// The one rounding rule of payroll: every figure is computed exactly and rounded once, half up, to the cent —
// a row's amount (quantity × unit value × payment percent), each contribution on its whole base, the
// withholding on the slip's whole taxable pay. Sums of rounded figures are then exact, so net pay is exactly
// paid earnings less the deductions and the salary posting balances to the cent.
import { Decimal } from '../decimal.ts';

export function roundCents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** `percent` % of `base`, rounded to the cent. */
export function percentOf(base: Decimal, percent: Decimal): Decimal {
  return roundCents(base.times(percent).dividedBy(100));
}
