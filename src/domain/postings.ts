// The posting core's pure rules: what a set of ledger lines must satisfy, and the standard Finnish posting
// patterns (sales invoice, purchase invoice, reverse charge, payments, VAT period close) as pure functions
// from a document's figures to balanced lines. No I/O: src/ledger/service.ts stores what these produce.
//
// Amounts are integer minor units (cents) in the company currency: debit positive, credit negative. A
// receipt balances when its lines sum to exactly zero.
import { Decimal, type MinorUnits } from './decimal.ts';

const DESCRIPTION_MAX_LENGTH = 255;
export const MAX_LINES_PER_RECEIPT = 1000;
export const MAX_DIMENSION_VALUES_PER_LINE = 100;
/** Largest absolute amount of one line: 10^13 cents (100 000 000 000.00). */
const MAX_LINE_AMOUNT_MINOR = 10_000_000_000_000n;

export const TRANSACTION_TYPES = ['ENTRY', 'RECONCILIATION_ENTRY', 'REVERSING_ENTRY'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface DimensionAllocation {
  dimensionId: number;
  itemId: number;
  amountMinor: MinorUnits;
}

export interface PostingLine {
  account: string;
  /** Cents; debit positive, credit negative. */
  amountMinor: MinorUnits;
  transactionType?: TransactionType;
  description?: string | null;
  vatPercent?: Decimal | null;
  vatStatus?: number | null;
  vatType?: 'SALES' | 'PURCHASE' | null;
  vatDeductionPercent?: Decimal | null;
  partnerId?: number | null;
  balanceCode?: string | null;
  /**
   * Ids of the allocations (the invoice payment events) the line books: the document that made the allocation
   * names them when it posts, and they are never taken from a client.
   */
  allocations?: number[] | null;
  startDate?: string | null;
  endDate?: string | null;
  dimensions?: DimensionAllocation[];
}

/** A rule a set of lines breaks. `line` is the index of the offending line, `field` its field. */
export interface LineProblem {
  code:
    | 'RECEIPT_HAS_NO_TRANSACTIONS'
    | 'TOO_MANY_TRANSACTIONS'
    | 'RECEIPT_NOT_BALANCED'
    | 'TRANSACTION_DESCRIPTION_TOO_LONG'
    | 'TRANSACTION_AMOUNT_OUT_OF_RANGE'
    | 'DIMENSION_VALUES_DO_NOT_MATCH_TRANSACTION'
    | 'DUPLICATE_DIMENSION_ITEM'
    | 'START_DATE_AFTER_END_DATE';
  line?: number;
  field?: string;
  params?: Record<string, string | number>;
}

/** Exact sum of minor amounts. */
export function sumMinor(amounts: readonly MinorUnits[]): MinorUnits {
  let total = 0n;
  for (const a of amounts) total += a;
  return total;
}

const absMinor = (amount: MinorUnits): MinorUnits => (amount < 0n ? -amount : amount);

export class UnbalancedPostingError extends Error {
  override name = 'UnbalancedPostingError';
}

/** The storage invariant: the lines of a receipt sum to zero, each an integer of minor units. Throws otherwise. */
export function assertBalanced(amounts: readonly MinorUnits[]): void {
  for (const a of amounts) {
    // a caller outside the type checker (a script, a driver value) must not slip a float past the invariant
    if (typeof (a as unknown) !== 'bigint')
      throw new UnbalancedPostingError(`amount ${String(a)} is not an integer number of minor units`);
  }
  const total = sumMinor(amounts);
  if (total !== 0n) throw new UnbalancedPostingError(`lines sum to ${total}, not 0`);
}

export function formatMinor(amount: MinorUnits, scale = 2): string {
  const negative = amount < 0n;
  const digits = absMinor(amount)
    .toString()
    .padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Every rule a receipt's lines must satisfy, all problems reported together. */
export function checkLines(lines: readonly PostingLine[]): LineProblem[] {
  const problems: LineProblem[] = [];
  if (lines.length === 0) problems.push({ code: 'RECEIPT_HAS_NO_TRANSACTIONS', field: 'transactions' });
  if (lines.length > MAX_LINES_PER_RECEIPT)
    problems.push({ code: 'TOO_MANY_TRANSACTIONS', field: 'transactions', params: { max: MAX_LINES_PER_RECEIPT } });
  let amountsValid = true;
  lines.forEach((line, i) => {
    if (absMinor(line.amountMinor) > MAX_LINE_AMOUNT_MINOR) {
      amountsValid = false;
      problems.push({
        code: 'TRANSACTION_AMOUNT_OUT_OF_RANGE',
        line: i,
        field: 'accountingValue',
        params: { max: formatMinor(MAX_LINE_AMOUNT_MINOR) },
      });
    }
    if (line.description && line.description.length > DESCRIPTION_MAX_LENGTH) {
      problems.push({
        code: 'TRANSACTION_DESCRIPTION_TOO_LONG',
        line: i,
        field: 'description',
        params: { max: DESCRIPTION_MAX_LENGTH },
      });
    }
    if (line.startDate && line.endDate && line.startDate > line.endDate)
      problems.push({ code: 'START_DATE_AFTER_END_DATE', line: i, field: 'startDate' });
    problems.push(...checkDimensions(line.dimensions ?? [], line.amountMinor).map((p) => ({ ...p, line: i })));
  });
  if (amountsValid && lines.length > 0) {
    const total = sumMinor(lines.map((l) => l.amountMinor));
    if (total !== 0n)
      problems.push({
        code: 'RECEIPT_NOT_BALANCED',
        field: 'transactions',
        params: { difference: formatMinor(total) },
      });
  }
  return problems;
}

/**
 * Dimension allocations of one line: each (dimension, item) once, and per dimension the values add up to the
 * line's amount exactly (a line is either not allocated in a dimension or fully allocated).
 */
export function checkDimensions(dimensions: readonly DimensionAllocation[], amountMinor: MinorUnits): LineProblem[] {
  const problems: LineProblem[] = [];
  const seen = new Set<string>();
  const perDimension = new Map<number, bigint>();
  dimensions.forEach((d, j) => {
    const key = `${d.dimensionId}:${d.itemId}`;
    if (seen.has(key)) problems.push({ code: 'DUPLICATE_DIMENSION_ITEM', field: `dimensionItemValues[${j}]` });
    seen.add(key);
    perDimension.set(d.dimensionId, (perDimension.get(d.dimensionId) ?? 0n) + d.amountMinor);
  });
  for (const [dimensionId, total] of perDimension) {
    if (total !== amountMinor) {
      problems.push({
        code: 'DIMENSION_VALUES_DO_NOT_MATCH_TRANSACTION',
        field: 'dimensionItemValues',
        params: { dimensionId, sum: formatMinor(total), amount: formatMinor(amountMinor) },
      });
    }
  }
  return problems;
}

/** The line that makes `lines` balance, on `account`; undefined when they balance already. */
export function reconciliationLine(
  lines: readonly PostingLine[],
  account: string,
  template: Partial<PostingLine> = {},
): PostingLine | undefined {
  const total = sumMinor(lines.map((l) => l.amountMinor));
  if (total === 0n) return undefined;
  return { ...template, account, amountMinor: -total, transactionType: 'RECONCILIATION_ENTRY', dimensions: [] };
}

/** Joins description parts and trims the whole to 255 characters (the allocation metadata rule). */
export function transactionDescription(...parts: (string | null | undefined)[]): string {
  return parts
    .map((p) => p?.trim())
    .filter((p): p is string => !!p)
    .join(' ')
    .slice(0, DESCRIPTION_MAX_LENGTH);
}

// ---------------------------------------------------------------------------------------------------------
// VAT arithmetic and the standard posting patterns (accounts of the Finnish standard chart).

/** VAT on a net amount at a percent, rounded half up to a cent (half away from zero for credits). */
export function vatOnNet(netMinor: MinorUnits, percent: Decimal): MinorUnits {
  return roundToMinor(new Decimal(netMinor.toString()).times(percent).dividedBy(100));
}

/** VAT contained in a gross amount at a percent, rounded half up to a cent. */
export function vatInGross(grossMinor: MinorUnits, percent: Decimal): MinorUnits {
  return roundToMinor(new Decimal(grossMinor.toString()).times(percent).dividedBy(new Decimal(100).plus(percent)));
}

const roundToMinor = (value: Decimal): MinorUnits => BigInt(value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());

export const STANDARD_ACCOUNTS = {
  tradeReceivables: '1700',
  inputVat: '1763',
  bank: '1910',
  tradePayables: '2871',
  outputVat: '2930',
  vatPayable: '2939',
  sales: '3000',
  purchases: '4000',
  euServicePurchases: '4470',
  salesExchangeDifferences: '3580',
  purchaseExchangeDifferences: '4370',
} as const;

export interface DocumentRow {
  /** Net amount of the row in cents (negative on a credit note). */
  netMinor: MinorUnits;
  vatPercent: Decimal;
  /** Revenue or expense account of the row. */
  account?: string;
  vatStatus?: number;
  description?: string;
  dimensions?: DimensionAllocation[];
}

interface VatGroup {
  percent: Decimal;
  netMinor: MinorUnits;
  vatStatus?: number;
}

/** Rows grouped by VAT percent; VAT is computed once per group, so rounding happens once per rate. */
function vatGroups(rows: readonly DocumentRow[]): VatGroup[] {
  const groups = new Map<string, VatGroup>();
  for (const row of rows) {
    const key = row.vatPercent.toFixed();
    const group = groups.get(key) ?? { percent: row.vatPercent, netMinor: 0n, vatStatus: row.vatStatus };
    group.netMinor += row.netMinor;
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Sales invoice: Dr receivables (gross) / Cr sales per row (net) / Cr output VAT per rate.
 * E.g. 1 000.00 + 25.5 %: Dr 1700 1 255.00, Cr 3000 1 000.00, Cr 2930 255.00.
 */
export function salesInvoicePostings(
  rows: readonly DocumentRow[],
  options: {
    receivableAccount?: string;
    outputVatAccount?: string;
    partnerId?: number | null;
    description?: string;
  } = {},
): PostingLine[] {
  const lines: PostingLine[] = [];
  let gross = 0n;
  for (const row of rows) {
    lines.push({
      account: row.account ?? STANDARD_ACCOUNTS.sales,
      amountMinor: -row.netMinor,
      vatPercent: row.vatPercent,
      vatStatus: row.vatStatus ?? null,
      vatType: 'SALES',
      description: row.description ?? options.description ?? null,
      partnerId: options.partnerId ?? null,
      dimensions: negateDimensions(row.dimensions),
    });
    gross += row.netMinor;
  }
  for (const group of vatGroups(rows)) {
    const vat = vatOnNet(group.netMinor, group.percent);
    gross += vat;
    if (vat !== 0n)
      lines.push({
        account: options.outputVatAccount ?? STANDARD_ACCOUNTS.outputVat,
        amountMinor: -vat,
        vatPercent: group.percent,
        vatStatus: group.vatStatus ?? null,
        vatType: 'SALES',
        description: options.description ?? null,
        partnerId: options.partnerId ?? null,
      });
  }
  lines.unshift({
    account: options.receivableAccount ?? STANDARD_ACCOUNTS.tradeReceivables,
    amountMinor: gross,
    vatType: 'SALES',
    description: options.description ?? null,
    partnerId: options.partnerId ?? null,
  });
  return lines;
}

/**
 * Purchase invoice: Dr expense per row (net) / Dr input VAT per rate / Cr payables (gross).
 * E.g. 400.00 + 25.5 %: Dr 4000 400.00, Dr 1763 102.00, Cr 2871 502.00.
 */
export function purchaseInvoicePostings(
  rows: readonly DocumentRow[],
  options: { payableAccount?: string; inputVatAccount?: string; partnerId?: number | null; description?: string } = {},
): PostingLine[] {
  const lines: PostingLine[] = [];
  let gross = 0n;
  for (const row of rows) {
    lines.push({
      account: row.account ?? STANDARD_ACCOUNTS.purchases,
      amountMinor: row.netMinor,
      vatPercent: row.vatPercent,
      vatStatus: row.vatStatus ?? null,
      vatType: 'PURCHASE',
      description: row.description ?? options.description ?? null,
      partnerId: options.partnerId ?? null,
      dimensions: row.dimensions ?? [],
    });
    gross += row.netMinor;
  }
  for (const group of vatGroups(rows)) {
    const vat = vatOnNet(group.netMinor, group.percent);
    gross += vat;
    if (vat !== 0n)
      lines.push({
        account: options.inputVatAccount ?? STANDARD_ACCOUNTS.inputVat,
        amountMinor: vat,
        vatPercent: group.percent,
        vatStatus: group.vatStatus ?? null,
        vatType: 'PURCHASE',
        description: options.description ?? null,
        partnerId: options.partnerId ?? null,
      });
  }
  lines.push({
    account: options.payableAccount ?? STANDARD_ACCOUNTS.tradePayables,
    amountMinor: -gross,
    vatType: 'PURCHASE',
    description: options.description ?? null,
    partnerId: options.partnerId ?? null,
  });
  return lines;
}

/**
 * EU service purchase under reverse charge: the supplier's net is payable; VAT is self-assessed, deducted and
 * owed at once. E.g. 1 000.00 at 25.5 %: Dr 4470 1 000 / Cr 2871 1 000; Dr 1763 255 / Cr 2930 255.
 */
export function reverseChargePurchasePostings(
  rows: readonly DocumentRow[],
  options: { payableAccount?: string; partnerId?: number | null; description?: string } = {},
): PostingLine[] {
  const lines: PostingLine[] = [];
  let net = 0n;
  for (const row of rows) {
    lines.push({
      account: row.account ?? STANDARD_ACCOUNTS.euServicePurchases,
      amountMinor: row.netMinor,
      vatPercent: row.vatPercent,
      vatStatus: row.vatStatus ?? null,
      vatType: 'PURCHASE',
      description: row.description ?? options.description ?? null,
      partnerId: options.partnerId ?? null,
      dimensions: row.dimensions ?? [],
    });
    net += row.netMinor;
  }
  lines.push({
    account: options.payableAccount ?? STANDARD_ACCOUNTS.tradePayables,
    amountMinor: -net,
    vatType: 'PURCHASE',
    description: options.description ?? null,
    partnerId: options.partnerId ?? null,
  });
  for (const group of vatGroups(rows)) {
    const vat = vatOnNet(group.netMinor, group.percent);
    if (vat === 0n) continue;
    lines.push({
      account: STANDARD_ACCOUNTS.inputVat,
      amountMinor: vat,
      vatPercent: group.percent,
      vatStatus: group.vatStatus ?? null,
      vatType: 'PURCHASE',
      description: options.description ?? null,
    });
    lines.push({
      account: STANDARD_ACCOUNTS.outputVat,
      amountMinor: -vat,
      vatPercent: group.percent,
      vatStatus: group.vatStatus ?? null,
      vatType: 'PURCHASE',
      description: options.description ?? null,
    });
  }
  return lines;
}

/** Payment received from a customer: Dr bank / Cr receivables. */
export function paymentReceivedPostings(
  amountMinor: MinorUnits,
  options: { bankAccount?: string; receivableAccount?: string; partnerId?: number | null; description?: string } = {},
): PostingLine[] {
  const common = { partnerId: options.partnerId ?? null, description: options.description ?? null };
  return [
    { account: options.bankAccount ?? STANDARD_ACCOUNTS.bank, amountMinor, ...common },
    { account: options.receivableAccount ?? STANDARD_ACCOUNTS.tradeReceivables, amountMinor: -amountMinor, ...common },
  ];
}

/** Supplier paid: Dr payables / Cr bank. */
export function supplierPaymentPostings(
  amountMinor: MinorUnits,
  options: { bankAccount?: string; payableAccount?: string; partnerId?: number | null; description?: string } = {},
): PostingLine[] {
  const common = { partnerId: options.partnerId ?? null, description: options.description ?? null };
  return [
    { account: options.payableAccount ?? STANDARD_ACCOUNTS.tradePayables, amountMinor, ...common },
    { account: options.bankAccount ?? STANDARD_ACCOUNTS.bank, amountMinor: -amountMinor, ...common },
  ];
}

/**
 * VAT period close: output VAT and input VAT are cleared against the net VAT payable (a refund when input
 * exceeds output). E.g. output 255, input 102: Dr 2930 255 / Cr 1763 102 / Cr 2939 153.
 */
export function vatPeriodClosePostings(
  outputVatMinor: MinorUnits,
  inputVatMinor: MinorUnits,
  description?: string,
): PostingLine[] {
  const lines: PostingLine[] = [];
  const common = { description: description ?? null };
  if (outputVatMinor !== 0n)
    lines.push({ account: STANDARD_ACCOUNTS.outputVat, amountMinor: outputVatMinor, ...common });
  if (inputVatMinor !== 0n) lines.push({ account: STANDARD_ACCOUNTS.inputVat, amountMinor: -inputVatMinor, ...common });
  const payable = outputVatMinor - inputVatMinor;
  if (payable !== 0n) lines.push({ account: STANDARD_ACCOUNTS.vatPayable, amountMinor: -payable, ...common });
  return lines;
}

function negateDimensions(dimensions: DimensionAllocation[] | undefined): DimensionAllocation[] {
  return (dimensions ?? []).map((d) => ({ ...d, amountMinor: -d.amountMinor }));
}
