// Allocation of imported bank entries over real HTTP: statement events to invoices (paid and posted, penal expense
// when asked), products and allocation metadata rows; reference payments to metadata rows; removing an allocation
// reverses what it booked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { bankAccountBody, invoiceBody } from './support/bank-bodies.ts';

let svc: TestService;
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'bank', name), 'utf8');

interface Event {
  id: number;
  sum: number;
  message?: string;
  allocated: boolean;
  invoiceId?: number;
  productId?: number;
  allocationMetadataRows: { sum: number; comment: string; vatPercentage: number; ledgerAccountCode: string }[];
}

let statementId: number;
let events: Event[];

const salesInvoice = (unitPrice: number) => invoiceBody('SALES_INVOICE', unitPrice, 25.5);

async function approved(body: unknown): Promise<number> {
  const created = await svc.api('POST', '/invoices', body);
  expect(created.status, created.text).toBe(200);
  expect((await svc.api('PUT', `/invoices/${created.body.id}/approve`, {})).status).toBe(200);
  return created.body.id;
}

async function reload(): Promise<void> {
  const list = await svc.api('GET', '/bankstatements');
  const statement = list.body.results.find((s: { id: number }) => s.id === statementId);
  events = statement.events;
}

const eventPath = (event: Event, what: string) => `/bankstatements/${statementId}/events/${event.id}/${what}`;
const put = (path: string, body: unknown) =>
  svc.api('PUT', path, undefined, { raw: JSON.stringify(body), contentType: 'application/json' });
const codes = (answer: { body: { errors: { message: string }[] } }) =>
  answer.body.errors.map((e) => e.message.split(':')[0]);
const totalOn = async (account: string) => {
  const report = await svc.api('GET', `/ledgerreceipts?startDate=2026-03-01&endDate=2026-03-31&size=200`);
  let total = 0;
  for (const receipt of report.body.results) {
    const full = (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body;
    if (full.status !== 'APPROVED') continue;
    for (const t of full.transactions) if (t.account === account) total += Math.round(t.accountingValue * 100);
  }
  return total / 100;
};

/** The transactions of the receipts of an invoice (its payments', penal expense's, their reversals'), by receipt. */
const receiptsOfInvoice = async (invoiceId: number) => {
  const list = await svc.api('GET', '/ledgerreceipts?types=JOURNAL&size=200');
  const receipts = [];
  for (const receipt of list.body.results) {
    const full = (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body;
    if (full.invoiceId === invoiceId) receipts.push(full);
  }
  return receipts as { transactions: { account: string; allocations?: number[] }[] }[];
};

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  for (const iban of ['FI2112345600000785', 'FI3715903000000776']) {
    const answer = await svc.api('POST', '/bankaccounts', bankAccountBody(iban));
    expect(answer.status, answer.text).toBe(200);
  }
  for (const file of ['camt053-fi.001.02.xml', 'camt054-fi.001.02.xml']) {
    const imported = await svc.api('POST', '/bankstatements/import', undefined, {
      raw: fixture(file),
      contentType: 'application/xml',
    });
    expect(imported.status, imported.text).toBe(200);
  }
  statementId = (await svc.api('GET', '/bankstatements')).body.results[0].id;
  await reload();
});
afterAll(() => svc.close());

describe('statement events to invoices', () => {
  it('pays a sales invoice partly, lists the allocation, and reverses it on removal', async () => {
    const invoiceId = await approved(salesInvoice(1000)); // 1255.00
    const deposit = events[0]; // 1250.00
    const answer = await put(eventPath(deposit, 'invoices'), invoiceId);
    expect(answer.status, answer.text).toBe(200);
    expect((await svc.api('GET', `/invoices/${invoiceId}`)).body.status).toBe('PARTLY_PAID');
    const paymentEvents = (await svc.api('GET', `/invoices/${invoiceId}/paymentevents`)).body.results;
    expect(paymentEvents).toMatchObject([{ type: 'BANKSTATEMENT', amount: 1250, paymentDate: '2026-03-10' }]);
    await reload();
    expect(events[0]).toMatchObject({ allocated: true, invoiceId });
    expect(codes(await put(eventPath(events[0], 'invoices'), invoiceId))).toEqual(['BANK_ENTRY_ALREADY_ALLOCATED']);
    expect(codes(await svc.api('DELETE', eventPath(events[0], 'products')))).toEqual(['BANK_ENTRY_NOT_ALLOCATED']);
    const removed = await svc.api('DELETE', eventPath(events[0], 'invoices'));
    expect(removed.status, removed.text).toBe(204);
    expect((await svc.api('GET', `/invoices/${invoiceId}`)).body.status).toBe('NOT_SENT');
    await reload();
    expect(events[0].allocated).toBe(false);
    expect(events[0].invoiceId).toBeUndefined();
  });

  it('refuses an overpayment unless the excess is booked as penal expense', async () => {
    const before = await totalOn('9170');
    const invoiceId = await approved(salesInvoice(800)); // 1004.00
    const deposit = events[0]; // 1250.00
    expect(codes(await put(eventPath(deposit, 'invoices'), invoiceId))).toEqual(['PAYMENT_EXCEEDS_OPEN_AMOUNT']);
    const answer = await put(`${eventPath(deposit, 'invoices')}?addPenalExpense=true`, invoiceId);
    expect(answer.status, answer.text).toBe(200);
    expect((await svc.api('GET', `/invoices/${invoiceId}`)).body.status).toBe('PAID');
    expect(await totalOn('9170')).toBe(before - 246);
    // the payment and its penal expense are one allocation: every line of both carries the payment event's id
    const [event] = (await svc.api('GET', `/invoices/${invoiceId}/paymentevents`)).body.results;
    const booked = await receiptsOfInvoice(invoiceId);
    expect(booked.flatMap((r) => r.transactions.map((t) => t.account)).sort()).toEqual([
      '1700',
      '1910',
      '1910',
      '9170',
    ]);
    for (const t of booked.flatMap((r) => r.transactions)) expect(t.allocations).toEqual([event.id]);
    expect((await svc.api('DELETE', eventPath(deposit, 'invoices'))).status).toBe(204);
    expect(await totalOn('9170')).toBe(before);
    // the reversals undo the same allocation, and say so
    const undone = await receiptsOfInvoice(invoiceId);
    expect(undone).toHaveLength(4);
    for (const t of undone.flatMap((r) => r.transactions)) expect(t.allocations).toEqual([event.id]);
    expect((await svc.api('GET', `/invoices/${invoiceId}`)).body.status).toBe('NOT_SENT');
  });

  it('answers 404 for unknown ids and 400 for an event of another statement or the wrong side', async () => {
    const invoiceId = await approved(salesInvoice(10));
    expect((await put(`/bankstatements/999999/events/${events[0].id}/invoices`, invoiceId)).status).toBe(404);
    expect((await put(`/bankstatements/${statementId}/events/999999/invoices`, invoiceId)).status).toBe(404);
    expect((await put(eventPath(events[0], 'invoices'), 999999)).status).toBe(404);
    const notification = (await svc.api('GET', '/referencepayments')).body.results[0];
    expect(notification).toBeDefined();
    const withdrawal = events[2];
    expect(codes(await put(eventPath(withdrawal, 'invoices'), invoiceId))).toEqual(['ALLOCATION_INVOICE_SIDE']);
    expect((await put(eventPath(events[0], 'invoices'), 1.5)).status).toBe(400);
  });
});

describe('statement events to products and metadata', () => {
  it('books a product allocation at its account and VAT, and reverses it', async () => {
    const product = await svc.api('POST', '/products', {
      type: 'SALES',
      name: 'Consulting',
      price: 100,
      discount: 0,
      vat: 25.5,
      active: true,
      currency: 'EUR',
      defaultAccount: '3000',
    });
    expect(product.status, product.text).toBe(200);
    const before = await totalOn('2930');
    const deposit = events[3]; // 918.27
    const answer = await put(eventPath(deposit, 'products'), product.body.id);
    expect(answer.status, answer.text).toBe(200);
    await reload();
    expect(events[3]).toMatchObject({ allocated: true, productId: product.body.id });
    // 918.27 contains 186.58 VAT at 25.5 %
    expect(await totalOn('2930')).toBe(before - 186.58);
    expect((await svc.api('DELETE', eventPath(events[3], 'products'))).status).toBe(204);
    expect(await totalOn('2930')).toBe(before);
  });

  it('books metadata rows with their comment in the description, 255 characters with the bank message', async () => {
    const withdrawal = events[2]; // -420.10
    const mismatch = await put(eventPath(withdrawal, 'metadata'), {
      allocationMetadataRows: [{ vatPercentage: 25.5, sum: -400, ledgerAccountCode: '4000' }],
    });
    expect(codes(mismatch)).toEqual(['ALLOCATION_SUM_MISMATCH']);
    const comment = 'Office rent '.repeat(30).trim();
    const answer = await put(eventPath(withdrawal, 'metadata'), {
      allocationMetadataRows: [
        { vatPercentage: 25.5, sum: -400, ledgerAccountCode: '4000', comment },
        { vatPercentage: 0, sum: -20.1, ledgerAccountCode: '7000', vatStatus: 1 },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toContain('allocated');
    await reload();
    const rows = events[2].allocationMetadataRows;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ sum: -400, vatPercentage: 25.5, ledgerAccountCode: '4000' });
    expect(rows[0].comment.length).toBe(255);
    expect(rows[0].comment.startsWith('Office rent Office rent')).toBe(true);
    expect(events[2].allocated).toBe(true);
    expect((await svc.api('DELETE', eventPath(events[2], 'metadata'))).status).toBe(204);
    await reload();
    expect(events[2]).toMatchObject({ allocated: false, allocationMetadataRows: [] });
  });
});

describe('reference payments to metadata', () => {
  it('allocates and removes metadata rows of a reference payment', async () => {
    const payment = (await svc.api('GET', '/referencepayments')).body.results[0]; // 100.00
    const path = `/referencepayments/${payment.id}/metadata`;
    const tooLong = await put(path, {
      allocationMetadataRows: [{ vatPercentage: 0, sum: 100, comment: 'x'.repeat(513) }],
    });
    expect(tooLong.status).toBe(400);
    const answer = await put(path, {
      allocationMetadataRows: [{ vatPercentage: 0, sum: 100, comment: 'Membership fee', ledgerAccountCode: '3000' }],
    });
    expect(answer.status, answer.text).toBe(200);
    const listed = (await svc.api('GET', '/referencepayments')).body.results[0];
    expect(listed.allocated).toBe(true);
    expect(listed.allocationMetadataRows[0].comment).toMatch(/^Membership fee/);
    expect((await svc.api('DELETE', path)).status).toBe(204);
    expect((await svc.api('DELETE', path)).status).toBe(400);
    expect((await svc.api('DELETE', '/referencepayments/999999/metadata')).status).toBe(404);
    expect((await svc.api('GET', '/referencepayments')).body.results[0].allocated).toBe(false);
  });
});
