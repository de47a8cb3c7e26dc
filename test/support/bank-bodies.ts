// Request bodies the bank and payments tests share: a bank account of the company, and an approved-to-be invoice.

/** A bank account body (no payment flags unless `extra` sets them). */
export const bankAccountBody = (iban: string, extra: Record<string, unknown> = {}) => ({
  iban,
  currency: 'EUR',
  defaultForInvoice: false,
  defaultForPayment: false,
  status: 'ACTIVE',
  ledgerAccount: '1910',
  showAccountOnInvoice: false,
  allowPayments: false,
  allowForeignPayments: false,
  ...extra,
});

/** An invoice body of one row, dated 2026-03-01 (`paymentInfo` and the rest overridable). */
export const invoiceBody = (
  type: string,
  unitPrice: number,
  vatPercent: number,
  paymentInfo: Record<string, unknown> = {},
) => ({
  type,
  date: '2026-03-01',
  counterParty: { counterPartyAddress: { name: 'Asiakas Oy' } },
  paymentInfo: {
    paymentMethod: 'BANK_TRANSFER',
    currency: 'EUR',
    dueDate: '2026-03-24',
    currencyRate: 1,
    ...paymentInfo,
  },
  extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
  discountPercent: 0,
  vatStatus: 1,
  invoiceChannel: 'EMAIL',
  invoiceRows: [{ product: 'Work', quantity: 1, unit: 'HOUR', unitPrice, discountPercent: 0, vatPercent }],
});
