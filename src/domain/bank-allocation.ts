// Postings of a bank entry allocated to accounts (allocation metadata rows, or a product): the bank line takes the
// entry's amount; each row's gross amount is split into its net on the row's account and the VAT it contains on
// the output VAT account (money in) or the input VAT account (money out). The rows must add up to the entry.
import type { Decimal, MinorUnits } from './decimal.ts';
import { STANDARD_ACCOUNTS, sumMinor, vatInGross, vatOnNet, type PostingLine } from './postings.ts';

export interface AllocationRow {
  /** Gross amount in cents, signed like the entry (negative for money out). */
  grossMinor: MinorUnits;
  vatPercent: Decimal;
  vatStatus: number;
  account: string;
  description: string;
}

/** Why the rows cannot book the entry (undefined when they can). */
export function allocationProblem(entryMinor: MinorUnits, rows: readonly AllocationRow[]): string | undefined {
  if (rows.length === 0) return 'at least one row is needed';
  const total = sumMinor(rows.map((r) => r.grossMinor));
  if (total !== entryMinor) return `the rows add up to ${total} cents, the entry is ${entryMinor} cents`;
  return undefined;
}

export function allocationPostings(
  bankAccount: string,
  entryMinor: MinorUnits,
  bankDescription: string,
  rows: readonly AllocationRow[],
): PostingLine[] {
  const side = entryMinor >= 0n ? 'SALES' : 'PURCHASE';
  const vatAccount = side === 'SALES' ? STANDARD_ACCOUNTS.outputVat : STANDARD_ACCOUNTS.inputVat;
  const lines: PostingLine[] = [{ account: bankAccount, amountMinor: entryMinor, description: bankDescription }];
  for (const row of rows) {
    // the ledger checks VAT on the net amount; the cent a gross amount cannot split into net + VAT on it goes
    // on the row's account without VAT
    const net = row.grossMinor - vatInGross(row.grossMinor, row.vatPercent);
    const vat = vatOnNet(net, row.vatPercent);
    const rounding = row.grossMinor - net - vat;
    lines.push({
      account: row.account,
      amountMinor: -net,
      vatPercent: row.vatPercent,
      vatStatus: row.vatStatus,
      vatType: side,
      description: row.description,
    });
    if (vat !== 0n)
      lines.push({
        account: vatAccount,
        amountMinor: -vat,
        vatPercent: row.vatPercent,
        vatStatus: row.vatStatus,
        vatType: side,
        description: row.description,
      });
    if (rounding !== 0n) lines.push({ account: row.account, amountMinor: -rounding, description: row.description });
  }
  return lines;
}
