// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const mfaExamples: ApiExamples = {
  getMfatransactionresultByTransactionIdentifier: {
    responses: {
      200: { invoicePayments: { transactions: [{ paymentId: 1, invoiceId: 2 }] } },
      202: { message: 'The transaction has not been confirmed yet.' },
    },
  },
  putUsersByTransactionIdentifierConfirm: {
    responses: {
      200: { message: 'User information updated.' },
      202: { message: 'The transaction has not been confirmed yet.' },
    },
  },
  putInvoicesByTransactionIdentifierConfirm: {
    responses: {
      200: { message: 'Payment event 1 of invoice 1 deleted.' },
      202: { message: 'The transaction has not been confirmed yet.' },
    },
  },
  putPaymentsByTransactionIdentifierConfirm: {
    responses: {
      200: { InvoicePaymentSummaries: { transactions: [{ paymentId: 1, invoiceId: 2 }] } },
      202: { message: 'The transaction has not been confirmed yet.' },
    },
  },
  putPaymentsDirectbanktransfersByTransactionIdentifierConfirm: {
    responses: {
      200: { PaymentSummaries: { transactions: [{ paymentId: 2, customId: 'DBT-2026-0007' }] } },
      202: { message: 'The transaction has not been confirmed yet.' },
    },
  },
  putPaymentsDirectsalarypaymentsByTransactionIdentifierConfirm: {
    responses: {
      200: {
        PaymentGroup: { id: 1, customId: 'PALKKA-2026-03', payments: [{ paymentId: 3, customId: 'PALKKA-2026-03-1' }] },
      },
      202: { message: 'The transaction has not been confirmed yet.' },
    },
  },
};
