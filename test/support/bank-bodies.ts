// Request bodies the bank, payments and invoice output tests share: a bank account of the company, an
// approved-to-be invoice, and a seller set up to print and send invoices.
import { expect } from 'vitest';
import type { TestService } from './service.ts';

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

/** The demo company as a seller on its invoices: a street address and a bank account shown on invoices. */
export async function invoicingSeller(svc: TestService): Promise<void> {
  const company = (await svc.api('GET', '/company')).body;
  const details = await svc.api('PUT', '/company', {
    ...company,
    companyAddress: { street: 'Mannerheimintie 1', zip: '00100', city: 'Helsinki', country: 'FINLAND' },
  });
  expect(details.status, details.text).toBe(200);
  const account = await svc.api(
    'POST',
    '/bankaccounts',
    bankAccountBody('FI3715903000000776', { bic: 'NDEAFIHH', defaultForInvoice: true, showAccountOnInvoice: true }),
  );
  expect(account.status, account.text).toBe(200);
}
