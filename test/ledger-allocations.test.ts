// The allocations of ledger transactions over real HTTP: the ids of the invoice payment events that booked them,
// answered on the transactions of a payment's posting (and of its reversal), read-only for clients: repeating a
// transaction's own ids is accepted, any other id is a 400 naming it, and nothing is written then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-15T10:00:00Z');

const tx = (account: string, accountingValue: number, extra: Record<string, unknown> = {}) => ({
  transactionType: 'ENTRY',
  account,
  accountingValue,
  vatPercent: 0,
  ...extra,
});
const journal = (transactions: unknown[]) => ({
  type: 'JOURNAL',
  name: 'Cash sale',
  receiptDate: '2026-03-10',
  vatType: 'SALES',
  vatStatus: 1,
  transactions,
});

const invoiceBody = {
  type: 'SALES_INVOICE',
  date: '2026-03-10',
  counterParty: { counterPartyAddress: { name: 'Kauppa Oy' } },
  paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
  extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
  discountPercent: 0,
  vatStatus: 1,
  invoiceChannel: 'EMAIL',
  invoiceRows: [{ product: 'Work', quantity: 1, unit: 'HOUR', unitPrice: 100, discountPercent: 0, vatPercent: 0 }],
};

const fields = (answer: { body: { errors: { field?: string }[] } }) => answer.body.errors.map((e) => e.field);
const messages = (answer: { body: { errors: { message: string }[] } }) => answer.body.errors.map((e) => e.message);

/** A paid sales invoice: its payment event and the receipt the payment posted. */
async function paidInvoice(amount: number) {
  const invoice = await svc.api('POST', '/invoices', invoiceBody);
  expect(invoice.status, invoice.text).toBe(200);
  expect((await svc.api('PUT', `/invoices/${invoice.body.id}/approve`, {})).status).toBe(200);
  const event = await svc.api('PUT', `/invoices/${invoice.body.id}/paymentevents/markpaid`, {
    paymentDate: '2026-03-12',
    amount,
    currency: 'EUR',
  });
  expect(event.status, event.text).toBe(200);
  // the newest journal is the payment's posting
  const journals = await svc.api('GET', '/ledgerreceipts?types=JOURNAL&size=200');
  const receipt = (await svc.api('GET', `/ledgerreceipts/${journals.body.results.at(-1).id}`)).body;
  expect(receipt.invoiceId).toBe(invoice.body.id);
  return { invoiceId: invoice.body.id as number, eventId: event.body.id as number, receipt };
}

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

describe('transactions[].allocations', () => {
  it('answers the payment event of an invoice on every transaction of its posting, and on no other', async () => {
    const { invoiceId, eventId, receipt } = await paidInvoice(100);
    expect(receipt.transactions.length).toBeGreaterThan(1);
    for (const t of receipt.transactions) expect(t.allocations).toEqual([eventId]);
    const invoice = await svc.api('GET', `/invoices/${invoiceId}`);
    const own = await svc.api('GET', `/ledgerreceipts/${invoice.body.ledgerReceiptId}`);
    for (const t of own.body.transactions) expect(t.allocations).toBeUndefined();
    // a second payment is an allocation of its own
    const second = await paidInvoice(40);
    expect(second.eventId).not.toBe(eventId);
    expect(second.receipt.transactions[0].allocations).toEqual([second.eventId]);
  });

  it('accepts a receipt sent back with its own allocations, and keeps them whatever is sent', async () => {
    const { eventId, receipt } = await paidInvoice(100);
    expect((await svc.api('PUT', `/ledgerreceipts/${receipt.id}/unfinished`, {})).status).toBe(200);
    const current = (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body;
    const back = { ...current, name: 'Payment, checked' };
    const sent = await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, back);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.name).toBe('Payment, checked');
    for (const t of sent.body.transactions) expect(t.allocations).toEqual([eventId]);
    // leaving them out or sending [] drops nothing: the payment made them, not the receipt
    const without = {
      ...sent.body,
      transactions: sent.body.transactions.map((t: Record<string, unknown>, i: number) => {
        const { allocations: _, ...rest } = t;
        return i === 0 ? rest : { ...rest, allocations: [] };
      }),
    };
    const kept = await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, without);
    expect(kept.status, kept.text).toBe(200);
    for (const t of kept.body.transactions) expect(t.allocations).toEqual([eventId]);
  });

  it('refuses an id that is not an allocation of the transaction, naming each, and writes nothing', async () => {
    const { eventId, receipt } = await paidInvoice(100);
    const other = await paidInvoice(100);
    expect((await svc.api('PUT', `/ledgerreceipts/${receipt.id}/unfinished`, {})).status).toBe(200);
    const current = (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body;
    const changed = {
      ...current,
      name: 'Should not be written',
      transactions: current.transactions.map((t: Record<string, unknown>, i: number) =>
        i === 0 ? { ...t, allocations: [eventId, other.eventId] } : { ...t, allocations: [999999] },
      ),
    };
    const refused = await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, changed);
    expect(refused.status).toBe(400);
    expect(fields(refused)).toEqual([
      'transactions[0].allocations[1]',
      ...current.transactions.slice(1).map((_: unknown, i: number) => `transactions[${i + 1}].allocations[0]`),
    ]);
    expect(messages(refused)[0]).toContain('ALLOCATION_NOT_OF_TRANSACTION');
    expect(refused.body.errors.every((e: { status: number }) => e.status === 400)).toBe(true);
    const after = (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body;
    expect(after).toEqual(current);
    // a new transaction of the receipt has no allocation to repeat
    const added = {
      ...current,
      transactions: [...current.transactions, tx('1910', 0, { allocations: [eventId] })],
    };
    const refusedNew = await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, added);
    expect(refusedNew.status).toBe(400);
    expect(fields(refusedNew)).toEqual([`transactions[${current.transactions.length}].allocations[0]`]);
  });

  it('refuses allocations on a new receipt, as ids or as amounts, never answering 500', async () => {
    const { eventId } = await paidInvoice(100);
    for (const allocations of [[eventId], [1.5], [12.345], [0], [-1]]) {
      const answer = await svc.api(
        'POST',
        '/ledgerreceipts',
        journal([tx('1910', 10, { allocations }), tx('3000', -10)]),
      );
      expect(answer.status, JSON.stringify(allocations)).toBe(400);
      expect(fields(answer)).toContain('transactions[0].allocations[0]');
    }
    const plain = await svc.api(
      'POST',
      '/ledgerreceipts',
      journal([tx('1910', 10, { allocations: [] }), tx('3000', -10)]),
    );
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.transactions[0].allocations).toBeUndefined();
  });
});
