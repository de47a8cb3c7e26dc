// The ledger lines of an approved invoice and of a payment of one, from its figures in the company currency
// (src/domain/invoice-arithmetic.ts). Debit positive, credit negative, integer cents; the lines of each
// posting sum to zero exactly. Which pattern applies follows the invoice's VAT status (src/domain/vat.ts):
//   sales, domestic (1) or outside the EU (3):  Dr receivables (gross) / Cr sales per rate or row / Cr output VAT per rate
//   sales, any other status:                    the same without VAT (EU sales, reverse charge, no VAT handling)
//   purchases, domestic (1) or outside EU (3):  Dr expense per row / Dr input VAT per rate / Cr payables (gross)
//   purchases, EU (4, 7) or domestic reverse charge (2): Dr expense / Cr payables (net); the VAT self-assessed:
//                                               Dr input VAT / Cr output VAT per rate
//   purchases, no VAT handling (12):            Dr expense / Cr payables
import type { Decimal, MinorUnits } from './decimal.ts';
import type { InvoiceFigures } from './invoice-arithmetic.ts';
import { STANDARD_ACCOUNTS } from './postings.ts';

export interface InvoiceLine {
  account: string;
  amountMinor: MinorUnits;
  vatPercent?: Decimal;
  vatStatus?: number;
  vatType: 'SALES' | 'PURCHASE';
}

export type InvoiceSide = 'SALES' | 'PURCHASE';

const REVERSE_CHARGE_PURCHASE = new Set([2, 4, 7]);
const VAT_BEARING = new Set([1, 3]);

/** Whether rows of this VAT status carry VAT on the invoice itself (else their VAT percent must be 0). */
export function invoiceCarriesVat(side: InvoiceSide, vatStatus: number): boolean {
  return VAT_BEARING.has(vatStatus) || (side === 'PURCHASE' && REVERSE_CHARGE_PURCHASE.has(vatStatus));
}

/**
 * The lines of an approved invoice. `byRow` posts the sales or expense line per row (with `rowAccounts`, the
 * row's own account where it has one), else one line per VAT rate.
 */
export function invoicePostingLines(
  side: InvoiceSide,
  vatStatus: number,
  figures: InvoiceFigures,
  options: { byRow: boolean; rowAccounts?: (string | undefined)[] },
): InvoiceLine[] {
  const sales = side === 'SALES';
  const sign = sales ? -1n : 1n;
  const baseAccount = sales ? STANDARD_ACCOUNTS.sales : STANDARD_ACCOUNTS.purchases;
  const reverseCharge = !sales && REVERSE_CHARGE_PURCHASE.has(vatStatus);
  const lines: InvoiceLine[] = [];
  for (const rate of figures.byRate) {
    if (options.byRow) {
      for (const i of rate.rows)
        lines.push({
          account: options.rowAccounts?.[i] ?? (reverseCharge ? STANDARD_ACCOUNTS.euServicePurchases : baseAccount),
          amountMinor: sign * figures.rows[i].netMinor,
          vatPercent: rate.vatPercent,
          vatStatus,
          vatType: side,
        });
    } else {
      lines.push({
        account: reverseCharge ? STANDARD_ACCOUNTS.euServicePurchases : baseAccount,
        amountMinor: sign * rate.netMinor,
        vatPercent: rate.vatPercent,
        vatStatus,
        vatType: side,
      });
    }
  }
  let counterpart = -sign * figures.netMinor;
  for (const rate of figures.byRate) {
    if (rate.vatMinor === 0n) continue;
    if (reverseCharge) {
      lines.push({
        account: STANDARD_ACCOUNTS.inputVat,
        amountMinor: rate.vatMinor,
        vatPercent: rate.vatPercent,
        vatStatus,
        vatType: side,
      });
      lines.push({
        account: STANDARD_ACCOUNTS.outputVat,
        amountMinor: -rate.vatMinor,
        vatPercent: rate.vatPercent,
        vatStatus,
        vatType: side,
      });
    } else {
      lines.push({
        account: sales ? STANDARD_ACCOUNTS.outputVat : STANDARD_ACCOUNTS.inputVat,
        amountMinor: sign * rate.vatMinor,
        vatPercent: rate.vatPercent,
        vatStatus,
        vatType: side,
      });
      counterpart -= sign * rate.vatMinor;
    }
  }
  lines.unshift({
    account: sales ? STANDARD_ACCOUNTS.tradeReceivables : STANDARD_ACCOUNTS.tradePayables,
    amountMinor: counterpart,
    vatType: side,
  });
  return lines.filter((line) => line.amountMinor !== 0n);
}

/**
 * A payment of an invoice: sales Dr bank / Cr receivables; purchases Dr payables / Cr bank. The bank line is what
 * the payment came to in the company currency at its own rate (`accountingMinor`); the receivable or payable is
 * cleared at the rate it was booked at (`settledMinor`), and the difference is the exchange difference. Differences
 * on trade receivables and payables adjust sales and purchases (the Accounting Board's general guidance on
 * converting receivables and liabilities in foreign currency, KILA; the standard chart's 3580 "Myynnin
 * valuuttakurssierot" and 4370 "Ostojen valuuttakurssierot"), while 9260/9620 are for financing items. For an
 * invoice in the company currency both amounts are the same and there is no third line.
 */
export function invoicePaymentLines(
  side: InvoiceSide,
  accountingMinor: MinorUnits,
  settledMinor: MinorUnits = accountingMinor,
): InvoiceLine[] {
  const sales = side === 'SALES';
  const open = sales ? STANDARD_ACCOUNTS.tradeReceivables : STANDARD_ACCOUNTS.tradePayables;
  const sign = sales ? 1n : -1n;
  const lines: InvoiceLine[] = [
    { account: STANDARD_ACCOUNTS.bank, amountMinor: sign * accountingMinor, vatType: side },
    { account: open, amountMinor: -sign * settledMinor, vatType: side },
  ];
  const difference = sign * (settledMinor - accountingMinor);
  if (difference !== 0n)
    lines.push({
      account: sales ? STANDARD_ACCOUNTS.salesExchangeDifferences : STANDARD_ACCOUNTS.purchaseExchangeDifferences,
      amountMinor: difference,
      vatType: side,
    });
  return lines;
}

/** The exchange difference of a payment in the company currency: positive a gain, negative a loss. */
export function exchangeDifference(
  side: InvoiceSide,
  accountingMinor: MinorUnits,
  settledMinor: MinorUnits,
): MinorUnits {
  return side === 'SALES' ? accountingMinor - settledMinor : settledMinor - accountingMinor;
}
