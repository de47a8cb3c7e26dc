// Invoice arithmetic, exact: rows, discounts, unit prices with or without VAT, VAT per rate, totals in the
// invoice currency and in the company (accounting) currency. Amounts are integer cents (bigint); rates, prices
// and quantities are Decimals. No I/O.
//
// The rounding rule (the way Finnish invoicing does it, and stated in the OpenAPI description of invoices):
//   1. each row's amount — quantity × unit price × (1 − row discount %) × (1 − invoice discount %) — is rounded
//      to the cent, half away from zero (so a credit note is the exact negative of its invoice);
//   2. VAT is computed once per VAT rate, on the sum of the rows of that rate, and rounded the same way:
//      prices without VAT: VAT = net × rate / 100; prices with VAT: VAT = gross × rate / (100 + rate);
//   3. a rate's VAT is shared out to its rows by the largest-remainder method, so the rows' VAT adds up to the
//      rate's VAT exactly: no cent is lost or created, and the totals are the sums of the rows;
//   4. in the accounting currency (amount ÷ `currencyRate`, the units of invoice currency per unit of company
//      currency) each rate's net and VAT are converted and rounded as in 2, then shared out to rows as in 3.
import { Decimal, type MinorUnits } from './decimal.ts';

export interface InvoiceRowInput {
  quantity: Decimal;
  unitPrice: Decimal;
  /** Row discount, percent. */
  discountPercent: Decimal;
  vatPercent: Decimal;
}

interface RowFigures {
  netMinor: MinorUnits;
  vatMinor: MinorUnits;
  grossMinor: MinorUnits;
}

interface RateFigures extends RowFigures {
  vatPercent: Decimal;
  /** Indexes of the rows of this rate, in row order. */
  rows: number[];
}

export interface InvoiceFigures extends RowFigures {
  rows: RowFigures[];
  /** One entry per VAT rate, in the order the rates first appear in the rows. */
  byRate: RateFigures[];
}

const HUNDRED = new Decimal(100);

/** A decimal amount of money to cents, half away from zero. */
export function roundToCents(amount: Decimal): MinorUnits {
  return BigInt(amount.times(HUNDRED).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
}

export function centsToDecimal(cents: MinorUnits): Decimal {
  return new Decimal(cents.toString()).dividedBy(HUNDRED);
}

/** The amount of a row before VAT is split off: quantity × price less the row and invoice discounts, to the cent. */
export function rowAmount(row: InvoiceRowInput, invoiceDiscountPercent: Decimal): MinorUnits {
  return roundToCents(
    row.quantity
      .times(row.unitPrice)
      .times(HUNDRED.minus(row.discountPercent).dividedBy(HUNDRED))
      .times(HUNDRED.minus(invoiceDiscountPercent).dividedBy(HUNDRED)),
  );
}

/**
 * Shares `total` out over `weights` in proportion, by the largest-remainder method: the parts add up to `total`
 * exactly. When the weights add up to zero (rows cancelling out), each part is its own rounded share of `rate`
 * applied to its weight, and the last part takes the difference.
 */
export function shareOut(total: MinorUnits, weights: readonly MinorUnits[], rate?: (w: MinorUnits) => MinorUnits) {
  const n = weights.length;
  if (n === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    const parts = weights.map((w) => (rate ? rate(w) : 0n));
    const partial = parts.slice(0, -1).reduce((a, b) => a + b, 0n);
    parts[n - 1] = total - partial;
    return parts;
  }
  const totalD = new Decimal(total.toString());
  const sumD = new Decimal(sum.toString());
  const exact = weights.map((w) => totalD.times(w.toString()).dividedBy(sumD));
  const floors = exact.map((e) => BigInt(e.floor().toFixed(0)));
  let left = total - floors.reduce((a, b) => a + b, 0n);
  const order = exact
    .map((e, i) => ({ i, fraction: e.minus(e.floor()) }))
    .sort((a, b) => b.fraction.comparedTo(a.fraction) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0n) break;
    floors[i] += 1n;
    left -= 1n;
  }
  return floors;
}

/** VAT of a rate's rows, per the rule at the top of this file. */
function vatOf(baseMinor: MinorUnits, percent: Decimal, pricesIncludeVat: boolean): MinorUnits {
  const base = centsToDecimal(baseMinor);
  const vat = pricesIncludeVat
    ? base.times(percent).dividedBy(HUNDRED.plus(percent))
    : base.times(percent).dividedBy(HUNDRED);
  return roundToCents(vat);
}

function groupByRate(percents: readonly Decimal[]): { vatPercent: Decimal; rows: number[] }[] {
  const groups = new Map<string, { vatPercent: Decimal; rows: number[] }>();
  percents.forEach((percent, i) => {
    const key = percent.toFixed();
    const group = groups.get(key) ?? { vatPercent: percent, rows: [] };
    group.rows.push(i);
    groups.set(key, group);
  });
  return [...groups.values()];
}

function totalsOf(rows: readonly RowFigures[]): RowFigures {
  let netMinor = 0n;
  let vatMinor = 0n;
  for (const r of rows) {
    netMinor += r.netMinor;
    vatMinor += r.vatMinor;
  }
  return { netMinor, vatMinor, grossMinor: netMinor + vatMinor };
}

/** The figures of an invoice in its own currency. */
export function invoiceFigures(
  rows: readonly InvoiceRowInput[],
  options: { discountPercent: Decimal; unitPricesIncludeVat: boolean },
): InvoiceFigures {
  const amounts = rows.map((row) => rowAmount(row, options.discountPercent));
  const figures: RowFigures[] = rows.map(() => ({ netMinor: 0n, vatMinor: 0n, grossMinor: 0n }));
  const byRate: RateFigures[] = [];
  for (const group of groupByRate(rows.map((r) => r.vatPercent))) {
    const bases = group.rows.map((i) => amounts[i]);
    const base = bases.reduce((a, b) => a + b, 0n);
    const vat = vatOf(base, group.vatPercent, options.unitPricesIncludeVat);
    const shares = shareOut(vat, bases, (w) => vatOf(w, group.vatPercent, options.unitPricesIncludeVat));
    group.rows.forEach((rowIndex, k) => {
      const amount = amounts[rowIndex];
      const rowVat = shares[k];
      const net = options.unitPricesIncludeVat ? amount - rowVat : amount;
      figures[rowIndex] = { netMinor: net, vatMinor: rowVat, grossMinor: net + rowVat };
    });
    byRate.push({ vatPercent: group.vatPercent, rows: group.rows, ...totalsOf(group.rows.map((i) => figures[i])) });
  }
  return { rows: figures, byRate, ...totalsOf(figures) };
}

/**
 * The same figures in the accounting currency: each rate's net and VAT divided by `currencyRate` (units of the
 * invoice currency per unit of the company currency) and rounded to the cent, then shared out to the rows.
 */
export function inAccountingCurrency(figures: InvoiceFigures, currencyRate: Decimal): InvoiceFigures {
  if (currencyRate.equals(1)) return figures;
  const convert = (cents: MinorUnits) => roundToCents(centsToDecimal(cents).dividedBy(currencyRate));
  const rows: RowFigures[] = figures.rows.map(() => ({ netMinor: 0n, vatMinor: 0n, grossMinor: 0n }));
  const byRate: RateFigures[] = figures.byRate.map((rate) => {
    const nets = shareOut(
      convert(rate.netMinor),
      rate.rows.map((i) => figures.rows[i].netMinor),
      convert,
    );
    const vats = shareOut(
      convert(rate.vatMinor),
      rate.rows.map((i) => figures.rows[i].vatMinor),
      convert,
    );
    rate.rows.forEach((rowIndex, k) => {
      rows[rowIndex] = { netMinor: nets[k], vatMinor: vats[k], grossMinor: nets[k] + vats[k] };
    });
    return { vatPercent: rate.vatPercent, rows: rate.rows, ...totalsOf(rate.rows.map((i) => rows[i])) };
  });
  return { rows, byRate, ...totalsOf(rows) };
}
