// Request bodies of ledger receipts that several tests post as they are.

/** A bank's service fee of 3.50 paid from the bank account: a journal receipt with no VAT. */
export const BANK_FEE_RECEIPT = {
  type: 'JOURNAL',
  name: 'Bank fee',
  receiptDate: '2026-03-05',
  vatType: 'PURCHASE',
  vatStatus: 1,
  transactions: [
    { transactionType: 'ENTRY', account: '7900', accountingValue: 3.5, vatPercent: 0 },
    { transactionType: 'ENTRY', account: '1910', accountingValue: -3.5, vatPercent: 0 },
  ],
};
