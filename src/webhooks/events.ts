// The events a webhook can subscribe to: the names of the real API. Each is emitted by the area that owns the
// change, in the same database transaction (src/webhooks/outbox.ts). The payload carries `transactionIdentifier`
// (for actions confirmed by two-factor), the primary id of the resource under its own name, and `message`; or,
// for INVOICE_PAYMENT_CREATED, `transactions` / `errors` (the bodies the transaction status query returns).

export const EVENT_TYPES = [
  'DIRECTBANKDATATRANSFER_PAYMENT_CREATED',
  'DIRECT_SALARY_PAYMENTS_CANCELED',
  'DIRECT_SALARY_PAYMENTS_CREATED',
  'INVOICE_PAYMENTEVENTS_DELETED',
  'INVOICE_PAYMENT_CREATED',
  'PAYMENT_DELETED',
  'PAYMENT_UPDATED',
  'TRACKING_PERIOD_STATUS_UPDATED',
  'USER_UPDATED',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** What each event is emitted after, for the API documentation. */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  DIRECTBANKDATATRANSFER_PAYMENT_CREATED:
    'a direct bank transfer was created (confirmed): `transactionIdentifier`, `transactions` or `errors`',
  DIRECT_SALARY_PAYMENTS_CANCELED:
    'a direct salary payment list was cancelled: `transactionIdentifier`, `paymentListId`, `message`',
  DIRECT_SALARY_PAYMENTS_CREATED:
    'a direct salary payment list was created: `transactionIdentifier`, `paymentListId`, `message`',
  INVOICE_PAYMENTEVENTS_DELETED:
    'a payment event of an invoice was deleted: `transactionIdentifier`, `paymentEventId`, `message`',
  INVOICE_PAYMENT_CREATED:
    'an invoice payment was confirmed or failed: `transactionIdentifier` and `transactions` ([{paymentId, invoiceId}]) or `errors`',
  PAYMENT_DELETED: 'a payment was deleted: `transactionIdentifier`, `paymentId`, `message`',
  PAYMENT_UPDATED:
    'a payment was updated (e.g. cancelled, marked paid): `transactionIdentifier`, `paymentId`, `message`',
  TRACKING_PERIOD_STATUS_UPDATED: 'a tracking period changed status: `trackingPeriodId`, `message`',
  USER_UPDATED:
    'the user information was updated (PUT /users, confirmed): `transactionIdentifier`, `userId`, `message`',
};
