// Payments of invoices in a foreign currency over real HTTP: each payment event is booked in the accounting currency
// at its own rate (`amount`, `currency`) and carries what was paid (`paidAmount`, `paidCurrency`); the receivable or
// payable is cleared at the invoice's booking rate and the difference is booked as the exchange difference (3580 on
// sales, 4370 on purchases). Figures worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { bankAccountBody, invoiceBody } from './support/bank-bodies.ts';

let svc: TestService;

const usd = (type: string, unitPrice: number, vatPercent = 25.5) =>
  invoiceBody(type, unitPrice, vatPercent, { currency: 'USD', currencyRate: 1.1 });

async function approved(body: unknown): Promise<{ id: number; ledgerReceiptId: number }> {
  const created = await svc.api('POST', '/invoices', body);
  expect(created.status, created.text).toBe(200);
  expect((await svc.api('PUT', `/invoices/${created.body.id}/approve`, {})).status).toBe(200);
  return (await svc.api('GET', `/invoices/${created.body.id}`)).body;
}

const markPaid = (id: number, body: Record<string, unknown>, realShape = false) =>
  svc.api(
    'PUT',
    `/invoices/${id}/paymentevents/markpaid`,
    { paymentDate: '2026-03-12', currency: 'USD', ...body },
    { realShape },
  );

/** The lines of a receipt as [account, accounting value]. */
const lines = async (receiptId: number) =>
  (await svc.api('GET', `/ledgerreceipts/${receiptId}`)).body.transactions.map(
    (t: { account: string; accountingValue: number }) => [t.account, t.accountingValue],
  );

/** The payment receipts of an invoice, oldest first. */
async function paymentReceipts(invoiceId: number): Promise<number[]> {
  const list = await svc.api('GET', '/ledgerreceipts?types=JOURNAL&size=200');
  const ids: number[] = [];
  for (const receipt of list.body.results) {
    const full = (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body;
    if (full.invoiceId === invoiceId) ids.push(full.id);
  }
  return ids.sort((a, b) => a - b);
}

/** Balance of an account over every approved receipt of March, in cents. */
async function balanceOf(account: string, invoiceId: number): Promise<number> {
  let cents = 0;
  const invoice = (await svc.api('GET', `/invoices/${invoiceId}`)).body;
  for (const id of [invoice.ledgerReceiptId, ...(await paymentReceipts(invoiceId))])
    for (const [a, value] of await lines(id)) if (a === account) cents += Math.round(value * 100);
  return cents;
}

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
});
afterAll(() => svc.close());

describe('a foreign-currency payment in the real shape', () => {
  it('answers 1,255.00 USD paid at 1.1 as 1,140.91 EUR with paidAmount 1255 USD', async () => {
    // 1000 USD + 25.5 % = 1255 USD; 1255 / 1.1 = 1140.909… = 1140.91 EUR
    const invoice = await approved(usd('SALES_INVOICE', 1000));
    const paid = await markPaid(invoice.id, { amount: 1255, currencyRate: 1.1 }, true);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toEqual({
      id: paid.body.id,
      invoiceId: invoice.id,
      type: 'BANKTRANSFERELSEWHERE',
      paymentDate: '2026-03-12',
      status: 'MARKED_PAID',
      amount: 1140.91,
      currency: 'EUR',
      paidAmount: 1255,
      paidCurrency: 'USD',
    });
    const [receipt] = await paymentReceipts(invoice.id);
    // at the booking rate itself: no exchange difference
    expect(await lines(receipt)).toEqual([
      ['1910', 1140.91],
      ['1700', -1140.91],
    ]);
  });

  it('books a sales invoice paid in two parts at two rates, each with its exchange difference', async () => {
    // booked at 1.1: net 1000 / 1.1 = 909.09, VAT 255 / 1.1 = 231.82, receivable 1140.91 EUR
    const invoice = await approved(usd('SALES_INVOICE', 1000));
    expect(await lines(invoice.ledgerReceiptId)).toEqual([
      ['1700', 1140.91],
      ['3000', -909.09],
      ['2930', -231.82],
    ]);
    // 500 USD at 1.05 = 476.19 EUR received; cleared at 1.1: 454.55; gain 21.64
    const first = await markPaid(invoice.id, { amount: 500, currencyRate: 1.05 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      amount: 476.19,
      currency: 'EUR',
      paidAmount: 500,
      paidCurrency: 'USD',
      currencyRate: 1.05,
      exchangeDifference: 21.64,
    });
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('PARTLY_PAID');
    // 755 USD at 1.2 = 629.17 EUR; the rest of the receivable, 1140.91 − 454.55 = 686.36; loss 57.19
    const second = await markPaid(invoice.id, { amount: 755, currencyRate: 1.2, paymentDate: '2026-03-13' });
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({
      amount: 629.17,
      currency: 'EUR',
      paidAmount: 755,
      paidCurrency: 'USD',
      exchangeDifference: -57.19,
    });
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('PAID');
    const [r1, r2] = await paymentReceipts(invoice.id);
    expect(await lines(r1)).toEqual([
      ['1910', 476.19],
      ['1700', -454.55],
      ['3580', -21.64],
    ]);
    expect(await lines(r2)).toEqual([
      ['1910', 629.17],
      ['1700', -686.36],
      ['3580', 57.19],
    ]);
    // the receivable is cleared to the cent; the net exchange difference is a loss of 35.55
    expect(await balanceOf('1700', invoice.id)).toBe(0);
    expect(await balanceOf('3580', invoice.id)).toBe(3555);
    // each event keeps its own figures (not a running total)
    const events = (await svc.api('GET', `/invoices/${invoice.id}/paymentevents`, undefined, { realShape: true })).body
      .results;
    expect(events.map((e: { amount: number; paidAmount: number }) => [e.amount, e.paidAmount])).toEqual([
      [476.19, 500],
      [629.17, 755],
    ]);
    expect(events[0]).not.toHaveProperty('exchangeDifference');
  });

  it('books a purchase invoice paid in two parts at two rates', async () => {
    // booked at 1.1: 400 / 1.1 = 363.64, VAT 102 / 1.1 = 92.73, payable 456.37 EUR
    const invoice = await approved(usd('PURCHASE_INVOICE', 400));
    expect(await lines(invoice.ledgerReceiptId)).toEqual([
      ['2871', -456.37],
      ['4000', 363.64],
      ['1763', 92.73],
    ]);
    // 200 USD at 1.25 = 160.00 EUR paid; cleared at 1.1: 181.82; gain 21.82
    const first = await markPaid(invoice.id, { amount: 200, currencyRate: 1.25 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ amount: 160, paidAmount: 200, paidCurrency: 'USD', exchangeDifference: 21.82 });
    // 302 USD at 1.0 = 302.00 EUR; the rest of the payable 456.37 − 181.82 = 274.55; loss 27.45
    const second = await markPaid(invoice.id, { amount: 302, currencyRate: 1 });
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({ amount: 302, paidAmount: 302, exchangeDifference: -27.45 });
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('PAID');
    const [r1, r2] = await paymentReceipts(invoice.id);
    expect(await lines(r1)).toEqual([
      ['1910', -160],
      ['2871', 181.82],
      ['4370', -21.82],
    ]);
    expect(await lines(r2)).toEqual([
      ['1910', -302],
      ['2871', 274.55],
      ['4370', 27.45],
    ]);
    expect(await balanceOf('2871', invoice.id)).toBe(0);
  });

  it('converts at the stored rate of the payment date when no rate is given', async () => {
    await svc.app.services.currencies.importRates(`<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube><Cube time="2026-03-16"><Cube currency="USD" rate="1.0812"/></Cube></Cube>
</gesmes:Envelope>`);
    const invoice = await approved(usd('SALES_INVOICE', 100, 0));
    // 50 USD / 1.0812 = 46.2449… = 46.24 EUR; cleared at 1.1: 45.45; gain 0.79
    const paid = await markPaid(invoice.id, { amount: 50, paymentDate: '2026-03-16' });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ amount: 46.24, paidAmount: 50, currencyRate: 1.0812, exchangeDifference: 0.79 });
  });

  it('refuses a payment in a currency without a rate, naming the field, and writes nothing', async () => {
    const invoice = await approved(usd('SALES_INVOICE', 1000));
    const receiptsBefore = (await svc.api('GET', '/ledgerreceipts?size=200')).body.meta.totalCount;
    // no USD rate is stored for 2026-03-02 nor the seven days before it, and none is given
    const refused = await markPaid(invoice.id, { amount: 500, paymentDate: '2026-03-02' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors[0]).toMatchObject({ status: 400, field: 'currencyRate' });
    expect(refused.body.errors[0].message).toContain('PAYMENT_RATE_NOT_FOUND');
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('NOT_SENT');
    expect((await svc.api('GET', `/invoices/${invoice.id}/paymentevents`)).body.results).toEqual([]);
    expect((await svc.api('GET', '/ledgerreceipts?size=200')).body.meta.totalCount).toBe(receiptsBefore);
    const zero = await markPaid(invoice.id, { amount: 500, currencyRate: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.errors[0].field).toBe('currencyRate');
  });
});

describe('a bank entry allocated to a foreign-currency invoice', () => {
  it('books the euros credited and pays the dollars the payer instructed', async () => {
    expect((await svc.api('POST', '/bankaccounts', bankAccountBody('FI2112345600000785'))).status).toBe(200);
    const file = readFileSync(join(import.meta.dirname, 'fixtures', 'bank', 'camt053-fi.001.02.xml'), 'utf8');
    const imported = await svc.api('POST', '/bankstatements/import', undefined, {
      raw: file,
      contentType: 'application/xml',
    });
    expect(imported.status, imported.text).toBe(200);
    const statement = (await svc.api('GET', '/bankstatements')).body.results[0];
    // the entry of 918.27 EUR credited for 1000.00 USD instructed
    const entry = statement.events.find((e: { sum: number }) => e.sum === 918.27);
    // 1000 USD without VAT, booked at 1.1: 909.09 EUR
    const invoice = await approved(usd('SALES_INVOICE', 1000, 0));
    const allocated = await svc.api('PUT', `/bankstatements/${statement.id}/events/${entry.id}/invoices`, undefined, {
      raw: String(invoice.id),
      contentType: 'application/json',
    });
    expect(allocated.status, allocated.text).toBe(200);
    const [event] = (await svc.api('GET', `/invoices/${invoice.id}/paymentevents`)).body.results;
    // the rate the bank used, 1000 / 918.27 = 1.089004323; gain 918.27 − 909.09 = 9.18
    expect(event).toMatchObject({
      type: 'BANKSTATEMENT',
      amount: 918.27,
      currency: 'EUR',
      paidAmount: 1000,
      paidCurrency: 'USD',
      currencyRate: 1.089004323,
      exchangeDifference: 9.18,
    });
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('PAID');
    const [receipt] = await paymentReceipts(invoice.id);
    expect(await lines(receipt)).toEqual([
      ['1910', 918.27],
      ['1700', -909.09],
      ['3580', -9.18],
    ]);
  });

  it("pays the euros at the day's rate when the bank tells no dollar amount, and refuses without a rate", async () => {
    const statement = (await svc.api('GET', '/bankstatements')).body.results[0];
    // 1250.00 EUR credited on 2026-03-10, no instructed amount
    const entry = statement.events.find((e: { sum: number }) => e.sum === 1250);
    // 2000 USD without VAT, booked at 1.1: 1818.18 EUR
    const invoice = await approved(usd('SALES_INVOICE', 2000, 0));
    const allocate = () =>
      svc.api('PUT', `/bankstatements/${statement.id}/events/${entry.id}/invoices`, undefined, {
        raw: String(invoice.id),
        contentType: 'application/json',
      });
    const receiptsBefore = (await svc.api('GET', '/ledgerreceipts?size=200')).body.meta.totalCount;
    // no USD rate from 2026-03-03 to 2026-03-10
    const refused = await allocate();
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ status: 400, field: 'invoiceId' });
    expect(refused.body.errors[0].message).toContain('PAYMENT_RATE_NOT_FOUND');
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('NOT_SENT');
    const after = (await svc.api('GET', '/bankstatements')).body.results[0];
    expect(after.events.find((e: { id: number }) => e.id === entry.id).allocated).toBe(false);
    expect((await svc.api('GET', '/ledgerreceipts?size=200')).body.meta.totalCount).toBe(receiptsBefore);

    await svc.app.services.currencies.importRates(`<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube><Cube time="2026-03-10"><Cube currency="USD" rate="1.25"/></Cube></Cube>
</gesmes:Envelope>`);
    // 1250 EUR × 1.25 = 1562.50 USD paid; cleared at 1.1: 1420.45; loss 170.45
    const allocated = await allocate();
    expect(allocated.status, allocated.text).toBe(200);
    const [event] = (await svc.api('GET', `/invoices/${invoice.id}/paymentevents`)).body.results;
    expect(event).toMatchObject({
      amount: 1250,
      currency: 'EUR',
      paidAmount: 1562.5,
      paidCurrency: 'USD',
      currencyRate: 1.25,
      exchangeDifference: -170.45,
    });
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('PARTLY_PAID');
    const [receipt] = await paymentReceipts(invoice.id);
    expect(await lines(receipt)).toEqual([
      ['1910', 1250],
      ['1700', -1420.45],
      ['3580', 170.45],
    ]);
  });
});
