// A received invoice keeps its sender's figures. The legal document is the sender's (Arvonlisäverolaki 209 e §:
// the invoice the seller issues states the taxable amount and the tax per rate), so where the rows Tase works out
// from a Finvoice message (quantity × unit price less the row discount) differ from the amounts the sender states
// — row charges (`RowChargeDetails`), prices in another unit, sub-rows, amounts rounded row by row — the purchase
// invoice takes the sender's amounts, and every difference is named in a note, never silent.
import { Decimal } from '../decimal.ts';
import { centsToDecimal, invoiceFigures, roundToCents, type InvoiceRowInput } from '../invoice-arithmetic.ts';
import type { DraftRow, PurchaseInvoiceDraft } from './finvoice.ts';

/** A row as the purchase invoice takes it. */
export interface KeptRow {
  product: string;
  productCode?: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discountPercent: string;
  vatPercent: string;
  comment?: string;
  startDate?: string;
  endDate?: string;
}

/** The name of the row that carries what the sender's totals have beyond the rows. */
const DIFFERENCE_ROW = "Difference to the sender's figures";

/** Rounding: a cent either way is the sender's rounding, not a difference. */
const ROUNDING = 1n;

const abs = (value: bigint) => (value < 0n ? -value : value);
const euros = (cents: bigint) => centsToDecimal(cents).toFixed(2);
const sameRate = (a: string, b: string) => new Decimal(a).equals(b);

const input = (row: KeptRow): InvoiceRowInput => ({
  quantity: new Decimal(row.quantity),
  unitPrice: new Decimal(row.unitPrice),
  discountPercent: new Decimal(row.discountPercent),
  vatPercent: new Decimal(row.vatPercent),
});

const figuresOf = (rows: KeptRow[]) =>
  invoiceFigures(rows.map(input), { discountPercent: new Decimal(0), unitPricesIncludeVat: false });

function keptRow(row: DraftRow, notes: string[]): KeptRow {
  const { position, net, vat: _vat, gross: _gross, charges, subRows, vatPercentFrom, ...kept } = row;
  if (vatPercentFrom === 'invoice')
    notes.push(`InvoiceRow ${position}: VAT ${row.vatPercent} % taken from the invoice's VAT specification`);
  if (subRows > 0) notes.push(`InvoiceRow ${position}: ${subRows} sub-row(s) kept in the message as its specification`);
  if (net === undefined) return kept;
  const computed = roundToCents(
    new Decimal(row.quantity).times(row.unitPrice).times(new Decimal(100).minus(row.discountPercent).dividedBy(100)),
  );
  const stated = roundToCents(new Decimal(net));
  if (abs(computed - stated) <= ROUNDING) return kept;
  const quantity = new Decimal(row.quantity);
  const perUnit = quantity.isZero() ? undefined : new Decimal(net).dividedBy(quantity);
  const exact = perUnit !== undefined && perUnit.decimalPlaces() <= 6;
  const withCharges = charges.length > 0 ? `, charges ${charges.join('; ')}` : '';
  notes.push(
    `InvoiceRow ${position} (${row.product}): the sender's amount ${euros(stated)} kept where quantity × price less ` +
      `discount gives ${euros(computed)}${withCharges}`,
  );
  return {
    ...kept,
    quantity: exact ? quantity.toString() : '1',
    unitPrice: exact ? perUnit.toString() : new Decimal(net).toString(),
    discountPercent: '0',
  };
}

/**
 * The rows a purchase invoice takes from a Finvoice draft, so that its figures are the sender's: stated row
 * amounts kept, and a row per VAT rate for what the sender's VAT specification has beyond the rows; `notes`
 * names each difference.
 */
export function keepSenderFigures(draft: PurchaseInvoiceDraft): { rows: KeptRow[]; notes: string[] } {
  const notes: string[] = [];
  const rows = draft.invoiceRows.map((row) => keptRow(row, notes));
  for (const position of draft.subRowOnlyRows)
    notes.push(`InvoiceRow ${position}: only sub-rows, kept in the message as a specification with no amount`);
  const figures = figuresOf(rows);
  const netAt = (rate: string) =>
    figures.byRate.filter((r) => r.vatPercent.equals(rate)).reduce((sum, r) => sum + r.netMinor, 0n);

  // the sender's net per rate: its VAT specification, else its total without VAT at the rows' one rate
  const stated = new Map<string, bigint>();
  for (const line of draft.vatBreakdown) {
    const rate = [...stated.keys()].find((r) => sameRate(r, line.vatPercent)) ?? line.vatPercent;
    stated.set(rate, (stated.get(rate) ?? 0n) + roundToCents(new Decimal(line.net)));
  }
  if (stated.size > 0) {
    for (const r of figures.byRate)
      if (![...stated.keys()].some((rate) => r.vatPercent.equals(rate))) stated.set(r.vatPercent.toString(), 0n);
  } else if (draft.invoiceSumInfo.excludingVatTotal !== undefined && figures.byRate.length <= 1) {
    const rate = figures.byRate[0]?.vatPercent.toString() ?? '0';
    stated.set(rate, roundToCents(new Decimal(draft.invoiceSumInfo.excludingVatTotal)));
  }
  for (const [rate, net] of stated) {
    const difference = net - netAt(rate);
    if (abs(difference) <= ROUNDING) continue;
    rows.push({
      product: DIFFERENCE_ROW,
      quantity: '1',
      unit: '',
      unitPrice: euros(difference),
      discountPercent: '0',
      vatPercent: new Decimal(rate).toString(),
    });
    notes.push(
      `VAT ${new Decimal(rate).toString()} %: the sender's base ${euros(net)} against ${euros(netAt(rate))} from ` +
        `the rows; a row "${DIFFERENCE_ROW}" of ${euros(difference)} keeps the sender's figures`,
    );
  }

  const total = figuresOf(rows).grossMinor;
  const senderTotal = roundToCents(new Decimal(draft.invoiceSumInfo.invoiceSumTotal));
  if (abs(total - senderTotal) > ROUNDING * BigInt(Math.max(1, stated.size)))
    notes.push(`the sender's total ${euros(senderTotal)} against ${euros(total)} worked out from the rows`);
  return { rows, notes };
}
