// The VAT rules of a receipt's lines and the periodic VAT return (kausiveroilmoitus), as pure functions of
// ledger lines. Amounts are integer minor units (bigint): debit positive, credit negative.
//
// A line is *taxed* when it carries a VAT percent above zero on an account that is not a VAT account. Its VAT is
// booked on the VAT accounts with the same percent, by the line's treatment (its VAT type and status, the line's
// own or else the receipt's):
// - domestic sales (status 1):            output VAT 2930, credit, = net × percent;
// - domestic purchases (status 1):        input VAT 1763, debit, = net × percent;
// - self-assessed purchases (EU goods 4, EU services 7, construction services under reverse charge 2, imports
//   from outside the EU 3): both, input VAT 1763 debit and output VAT 2930 credit, = net × percent;
// - anything else (EU and export sales, no VAT handling 12): no VAT line is due.
// The VAT of each (VAT account, percent) is computed once from the sum of the taxed lines and rounded half up to
// the cent; the VAT lines booked may differ from it by the rounding of one line each (less than a cent per line).
import { Decimal, type MinorUnits } from './decimal.ts';
import { VAT_STATUS } from './vat.ts';
import { STANDARD_ACCOUNTS } from './postings.ts';

const VAT_ACCOUNTS = { input: STANDARD_ACCOUNTS.inputVat, output: STANDARD_ACCOUNTS.outputVat } as const;

/** Receipts whose lines are not taxable events: the VAT settlement itself and opening balances. */
export const RECEIPT_TYPES_OUTSIDE_VAT_RETURN = [
  'VAT_SUMMARY',
  'RECEIPT_FOR_OPENING_ACCOUNTS',
  'TRACKING_PERIOD_OPENING_RECEIPT',
] as const;

type VatType = 'SALES' | 'PURCHASE';

export interface VatLine {
  account: string;
  amountMinor: MinorUnits;
  vatPercent?: Decimal | null;
  vatType?: VatType | null;
  vatStatus?: number | null;
}

export interface VatHeader {
  vatType: VatType;
  vatStatus: number;
}

const SELF_ASSESSED: readonly number[] = [
  VAT_STATUS.CONSTRUCTION_REVERSE_CHARGE,
  VAT_STATUS.OUTSIDE_EU,
  VAT_STATUS.EU_GOODS_PURCHASE,
  VAT_STATUS.EU_SERVICES_PURCHASE,
];

const isVatAccount = (account: string) => account === VAT_ACCOUNTS.input || account === VAT_ACCOUNTS.output;
const percentOf = (line: VatLine) => line.vatPercent ?? new Decimal(0);
const effective = (line: VatLine, header: VatHeader) => ({
  vatType: line.vatType ?? header.vatType,
  vatStatus: line.vatStatus ?? header.vatStatus,
});

/** The VAT accounts a taxed line's VAT goes to, each with its sign relative to the line (+1 same side). */
function vatAccountsOf(vatType: VatType, vatStatus: number): { account: string; sign: 1n | -1n }[] {
  if (vatStatus === VAT_STATUS.DOMESTIC)
    return [{ account: vatType === 'SALES' ? VAT_ACCOUNTS.output : VAT_ACCOUNTS.input, sign: 1n }];
  if (vatType === 'PURCHASE' && SELF_ASSESSED.includes(vatStatus))
    return [
      { account: VAT_ACCOUNTS.input, sign: 1n },
      { account: VAT_ACCOUNTS.output, sign: -1n },
    ];
  return [];
}

/** `amount × percent / 100`, rounded half up (away from zero) to a minor unit. */
function vatOf(amountMinor: MinorUnits, percent: Decimal): MinorUnits {
  const vat = new Decimal(amountMinor.toString()).times(percent).dividedBy(100);
  return BigInt(vat.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());
}

export interface VatLineProblem {
  code: 'VAT_LINE_MISSING';
  params: { account: string; vatPercent: string; expected: string; booked: string };
}

const cents = (minor: MinorUnits) => new Decimal(minor.toString()).dividedBy(100).toFixed(2);

/**
 * The VAT lines a receipt's taxed lines need and do not have: per VAT account and percent, the VAT lines must
 * sum to the VAT of the taxed lines (within the rounding of one cent per taxed line beyond the first).
 */
export function vatLineProblems(lines: readonly VatLine[], header: VatHeader): VatLineProblem[] {
  const due = new Map<string, { account: string; percent: Decimal; net: MinorUnits; sign: bigint; lines: number }[]>();
  for (const line of lines) {
    const percent = percentOf(line);
    if (isVatAccount(line.account) || percent.lte(0)) continue;
    const { vatType, vatStatus } = effective(line, header);
    for (const { account, sign } of vatAccountsOf(vatType, vatStatus)) {
      const key = `${account}|${percent.toFixed()}`;
      const groups = due.get(key) ?? [];
      const group = groups.find((g) => g.sign === sign);
      if (group) {
        group.net += line.amountMinor;
        group.lines += 1;
      } else groups.push({ account, percent, net: line.amountMinor, sign, lines: 1 });
      due.set(key, groups);
    }
  }
  const problems: VatLineProblem[] = [];
  for (const groups of due.values()) {
    const { account, percent } = groups[0];
    const expected = groups.reduce((sum, g) => sum + g.sign * vatOf(g.net, percent), 0n);
    const tolerance = BigInt(groups.reduce((n, g) => n + g.lines, 0) - 1);
    const booked = lines
      .filter((l) => l.account === account && percentOf(l).equals(percent))
      .reduce((sum, l) => sum + l.amountMinor, 0n);
    const difference = booked > expected ? booked - expected : expected - booked;
    if (difference > tolerance)
      problems.push({
        code: 'VAT_LINE_MISSING',
        params: { account, vatPercent: percent.toFixed(), expected: cents(expected), booked: cents(booked) },
      });
  }
  return problems;
}

// -------------------------------------------------------------------------------------------------------------
// The periodic VAT return.

export type VatPeriodType = 'MONTH' | 'QUARTER' | 'YEAR';

/** The last day of a VAT period starting on `start`, or undefined when no such period starts that day. */
export function vatPeriodEnd(type: VatPeriodType, start: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-01$/.exec(start);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const months = { MONTH: 1, QUARTER: 3, YEAR: 12 }[type];
  if ((month - 1) % months !== 0) return undefined;
  const last = new Date(Date.UTC(year, month - 1 + months, 0));
  return last.toISOString().slice(0, 10);
}

/** A ledger line as the VAT return reads it. */
export interface VatReturnLine extends VatLine {
  amountMinor: MinorUnits;
  /** The type of the line's account (INCOME for the sales figures). */
  accountType: string;
  header: VatHeader;
}

interface DomesticSalesTax {
  vatPercent: Decimal;
  /** The return's field: 301 general rate, 302 reduced rate (14 %, 13.5 % from 2026), 303 10 %; null otherwise. */
  field: string | null;
  taxBase: MinorUnits;
  tax: MinorUnits;
}

/** The figures of the periodic VAT return; field codes of the Finnish form in brackets. */
export interface VatReturnFigures {
  domesticSalesTax: DomesticSalesTax[];
  /** [305] */ euGoodsPurchaseTax: MinorUnits;
  /** [306] */ euServicesPurchaseTax: MinorUnits;
  /** [340] */ importTax: MinorUnits;
  /** [318] */ constructionPurchaseTax: MinorUnits;
  /** [307] */ deductibleTax: MinorUnits;
  /** [308] payable when positive, refundable when negative. */
  taxPayable: MinorUnits;
  /** [304] */ zeroRatedSales: MinorUnits;
  /** [311] */ euGoodsSales: MinorUnits;
  /** [312] */ euServicesSales: MinorUnits;
  /** [319] */ constructionSales: MinorUnits;
  /** [313] */ euGoodsPurchases: MinorUnits;
  /** [314] */ euServicesPurchases: MinorUnits;
  /** [341] */ imports: MinorUnits;
  /** [320] */ constructionPurchases: MinorUnits;
  /** Balances the VAT settlement clears: output VAT (credit, as a positive amount) and input VAT (debit). */
  outputVat: MinorUnits;
  inputVat: MinorUnits;
}

const RATE_FIELDS: Record<string, string> = { '24': '301', '25.5': '301', '14': '302', '13.5': '302', '10': '303' };

/** The figures of a period with nothing to declare: every field zero. */
export function noVatFigures(): VatReturnFigures {
  return {
    domesticSalesTax: [],
    euGoodsPurchaseTax: 0n,
    euServicesPurchaseTax: 0n,
    importTax: 0n,
    constructionPurchaseTax: 0n,
    deductibleTax: 0n,
    taxPayable: 0n,
    zeroRatedSales: 0n,
    euGoodsSales: 0n,
    euServicesSales: 0n,
    constructionSales: 0n,
    euGoodsPurchases: 0n,
    euServicesPurchases: 0n,
    imports: 0n,
    constructionPurchases: 0n,
    outputVat: 0n,
    inputVat: 0n,
  };
}

/**
 * The VAT return of a period from the ledger lines dated in it (approved receipts, receipts outside the return
 * left out by the caller). Tax figures come from the VAT accounts as booked: output VAT lines of self-assessed
 * purchases go to 305/306/318/340 by status, every other output VAT line to the domestic tax of its percent;
 * deductible tax is the input VAT. Sales figures are the income-account lines of SALES by status; purchase
 * bases are the taxed lines of self-assessed purchases.
 */
export function vatReturnFigures(lines: readonly VatReturnLine[]): VatReturnFigures {
  const f = noVatFigures();
  const domestic = new Map<string, DomesticSalesTax>();
  const rate = (percent: Decimal) => {
    const key = percent.toFixed();
    let entry = domestic.get(key);
    if (!entry) {
      entry = { vatPercent: percent, field: RATE_FIELDS[key] ?? null, taxBase: 0n, tax: 0n };
      domestic.set(key, entry);
    }
    return entry;
  };
  for (const line of lines) {
    const { vatType, vatStatus } = effective(line, line.header);
    const percent = percentOf(line);
    const amount = line.amountMinor;
    if (line.account === VAT_ACCOUNTS.input) {
      f.deductibleTax += amount;
      f.inputVat += amount;
      continue;
    }
    if (line.account === VAT_ACCOUNTS.output) {
      const tax = -amount;
      f.outputVat += tax;
      if (vatType === 'PURCHASE' && vatStatus === VAT_STATUS.EU_GOODS_PURCHASE) f.euGoodsPurchaseTax += tax;
      else if (vatType === 'PURCHASE' && vatStatus === VAT_STATUS.EU_SERVICES_PURCHASE) f.euServicesPurchaseTax += tax;
      else if (vatType === 'PURCHASE' && vatStatus === VAT_STATUS.CONSTRUCTION_REVERSE_CHARGE)
        f.constructionPurchaseTax += tax;
      else if (vatType === 'PURCHASE' && vatStatus === VAT_STATUS.OUTSIDE_EU) f.importTax += tax;
      else rate(percent).tax += tax;
      continue;
    }
    if (vatType === 'SALES' && line.accountType === 'INCOME') {
      const sale = -amount;
      if (vatStatus === VAT_STATUS.DOMESTIC && percent.gt(0)) rate(percent).taxBase += sale;
      else if (vatStatus === VAT_STATUS.DOMESTIC || vatStatus === VAT_STATUS.OUTSIDE_EU) f.zeroRatedSales += sale;
      else if (vatStatus === VAT_STATUS.EU_GOODS_SALES) f.euGoodsSales += sale;
      else if (vatStatus === VAT_STATUS.EU_SERVICES_SALES) f.euServicesSales += sale;
      else if (vatStatus === VAT_STATUS.CONSTRUCTION_REVERSE_CHARGE) f.constructionSales += sale;
      continue;
    }
    if (vatType === 'PURCHASE' && percent.gt(0)) {
      if (vatStatus === VAT_STATUS.EU_GOODS_PURCHASE) f.euGoodsPurchases += amount;
      else if (vatStatus === VAT_STATUS.EU_SERVICES_PURCHASE) f.euServicesPurchases += amount;
      else if (vatStatus === VAT_STATUS.CONSTRUCTION_REVERSE_CHARGE) f.constructionPurchases += amount;
      else if (vatStatus === VAT_STATUS.OUTSIDE_EU) f.imports += amount;
    }
  }
  f.domesticSalesTax = [...domestic.values()].sort((a, b) => b.vatPercent.comparedTo(a.vatPercent));
  f.taxPayable = f.outputVat - f.deductibleTax;
  return f;
}
