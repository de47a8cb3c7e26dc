// Invoice states, postings, payment events (two-factor deletion), circulation queues, history and discussion
// over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { person, until } from './mfa-helpers.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-15T10:00:00Z');

const invoiceBody = (extra: Record<string, unknown> = {}) => ({
  type: 'SALES_INVOICE',
  date: '2026-03-10',
  counterParty: { counterPartyAddress: { name: 'Kauppa Oy' } },
  paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
  extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
  discountPercent: 0,
  vatStatus: 1,
  invoiceChannel: 'EMAIL',
  invoiceRows: [
    { product: 'Work', quantity: 10, unit: 'HOUR', unitPrice: 100, discountPercent: 0, vatPercent: 25.5 },
    { product: 'Book', quantity: 1, unit: 'PIECE', unitPrice: 50, discountPercent: 0, vatPercent: 10 },
  ],
  ...extra,
});

async function create(body: unknown, token?: string) {
  const answer = token
    ? await svc.request('POST', '/api/invoices', { token, body })
    : await svc.api('POST', '/invoices', body);
  if (answer.status !== 200) throw new Error(`create failed: ${answer.status} ${answer.text}`);
  return answer.body;
}
const put = (path: string, body: unknown = {}, token?: string) =>
  token ? svc.request('PUT', `/api${path}`, { token, body }) : svc.api('PUT', path, body);
const messages = (answer: { body: { errors: { message: string }[] } }) => answer.body.errors.map((e) => e.message);
const lines = async (receiptId: number) =>
  (await svc.api('GET', `/ledgerreceipts/${receiptId}`)).body.transactions.map(
    (t: { account: string; accountingValue: number }) => [t.account, t.accountingValue],
  );

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

describe('sales invoice states and postings', () => {
  it('approves with no body at all, or an empty one: the comment is optional', async () => {
    const bare = await create(invoiceBody());
    const approved = await svc.request('PUT', `/api/invoices/${bare.id}/approve`, { token: await svc.token() });
    expect(approved.status, approved.text).toBe(200);
    const empty = await create(invoiceBody());
    const answer = await svc.request('PUT', `/api/invoices/${empty.id}/approve`, {
      token: await svc.token(),
      raw: '',
      contentType: 'application/json',
    });
    expect(answer.status, answer.text).toBe(200);
    const doc = (await svc.request('GET', '/api/openapi.json')).body;
    expect(doc.paths['/invoices/{invoiceId}/approve'].put.requestBody.required).toBe(false);
  });

  it('approves into NOT_SENT with a posting, sends, and reverses on unfinished', async () => {
    const salesReceipts = async () =>
      (await svc.api('GET', '/ledgerreceipts?types=SALES_INVOICE')).body.meta.totalCount as number;
    const receiptsBefore = await salesReceipts();
    const invoice = await create(invoiceBody());
    const send = await put(`/invoices/${invoice.id}/send`);
    expect(send.status).toBe(400);
    expect(messages(send)[0]).toContain('INVOICE_ACTION_NOT_ALLOWED');
    expect(messages(send)[0]).toContain('NOT_SENT, SENT');
    expect((await put(`/invoices/${invoice.id}/approve`, { comment: 'ok' })).status).toBe(200);
    const approved = (await svc.api('GET', `/invoices/${invoice.id}`)).body;
    expect(approved.status).toBe('NOT_SENT');
    // 1000 + 255 VAT, 50 + 5 VAT
    expect(await lines(approved.ledgerReceiptId)).toEqual([
      ['1700', 1310],
      ['3000', -1000],
      ['3000', -50],
      ['2930', -255],
      ['2930', -5],
    ]);
    expect((await put(`/invoices/${invoice.id}/approve`)).status).toBe(400);
    expect((await put(`/invoices/${invoice.id}/send`)).status).toBe(200);
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('SENT');
    expect((await put(`/invoices/${invoice.id}/unfinished`)).status).toBe(200);
    const back = (await svc.api('GET', `/invoices/${invoice.id}`)).body;
    expect(back.status).toBe('UNFINISHED');
    expect(back.ledgerReceiptId).toBeUndefined();
    // the posting and its reversal
    expect(await salesReceipts()).toBe(receiptsBefore + 2);
    const history = (await svc.api('GET', `/invoices/${invoice.id}/transactions`)).body.transactions;
    expect(history.map((t: { action: string }) => t.action)).toEqual(['APPROVAL', 'SEND', 'UNFINISHED']);
    expect(history[0].details).toBe('ok');
  });

  it('invalidates, and refuses what is not legal from INVALIDATED', async () => {
    const invoice = await create(invoiceBody());
    expect((await put(`/invoices/${invoice.id}/approve`)).status).toBe(200);
    expect((await put(`/invoices/${invoice.id}/invalidate`)).status).toBe(200);
    const answer = await put(`/invoices/${invoice.id}/approve`);
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toContain('status INVALIDATED');
  });

  it('posts a foreign-currency invoice in the company currency', async () => {
    const invoice = await create(
      invoiceBody({
        paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'SEK', dueDate: '2026-03-24', currencyRate: 11.5 },
        invoiceRows: [
          { product: 'W', quantity: 1, unit: 'HOUR', unitPrice: 1150, discountPercent: 0, vatPercent: 25.5 },
        ],
      }),
    );
    expect((await put(`/invoices/${invoice.id}/approve`)).status).toBe(200);
    const approved = (await svc.api('GET', `/invoices/${invoice.id}`)).body;
    expect(await lines(approved.ledgerReceiptId)).toEqual([
      ['1700', 125.5],
      ['3000', -100],
      ['2930', -25.5],
    ]);
  });

  it('keeps notes', async () => {
    const invoice = await create(invoiceBody());
    expect((await put(`/invoices/${invoice.id}/notes`, { notes: 'Call first' })).status).toBe(200);
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.notes).toBe('Call first');
  });
});

describe('payments on invoices', () => {
  it('marks partly paid and paid exactly, posts each payment, and refuses overpayment', async () => {
    const invoice = await create(invoiceBody());
    expect((await put(`/invoices/${invoice.id}/approve`)).status).toBe(200);
    const pay = (amount: number, currency = 'EUR') =>
      put(`/invoices/${invoice.id}/paymentevents/markpaid`, { paymentDate: '2026-03-12', amount, currency });
    expect(messages(await pay(10, 'USD'))[0]).toContain('PAYMENT_CURRENCY_MISMATCH');
    const first = await pay(1000.01);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      amount: 1000.01,
      paidAmount: 1000.01,
      currency: 'EUR',
      type: 'BANKTRANSFERELSEWHERE',
    });
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('PARTLY_PAID');
    expect(messages(await pay(309.99 + 0.01))[0]).toContain('PAYMENT_EXCEEDS_OPEN_AMOUNT');
    expect((await pay(309.99)).status).toBe(200);
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body).toMatchObject({
      status: 'PAID',
      paymentDate: '2026-03-12',
    });
    const events = (await svc.api('GET', `/invoices/${invoice.id}/paymentevents`)).body;
    expect(events.results.map((e: { paidAmount: number }) => e.paidAmount)).toEqual([1000.01, 309.99]);
    expect(events.meta.totalCount).toBe(2);
    const one = await svc.api('GET', `/invoices/${invoice.id}/paymentevents/${first.body.id}`);
    expect(one.body.amount).toBe(1000.01);
    expect((await put(`/invoices/${invoice.id}/unfinished`)).status).toBe(400);
  });

  it('pays a credit note with negative amounts', async () => {
    const credit = await create(
      invoiceBody({
        originalInvoiceNumber: '1',
        invoiceRows: [
          { product: 'Refund', quantity: -1, unit: 'PIECE', unitPrice: 100, discountPercent: 0, vatPercent: 25.5 },
        ],
      }),
    );
    expect(credit.sum).toBe(-125.5);
    expect((await put(`/invoices/${credit.id}/approve`)).status).toBe(200);
    const positive = await put(`/invoices/${credit.id}/paymentevents/markpaid`, {
      paymentDate: '2026-03-12',
      amount: 10,
      currency: 'EUR',
    });
    expect(messages(positive)[0]).toContain('PAYMENT_AMOUNT_SIGN');
    const refund = await put(`/invoices/${credit.id}/paymentevents/markpaid`, {
      paymentDate: '2026-03-12',
      amount: -125.5,
      currency: 'EUR',
      paymentMethodType: 'CREDIT_NOTE',
    });
    expect(refund.status).toBe(200);
    expect((await svc.api('GET', `/invoices/${credit.id}`)).body.status).toBe('PAID');
    const found = (await svc.api('GET', '/invoices?originalInvoiceNumber=1')).body.results.map(
      (r: { id: number }) => r.id,
    );
    expect(found).toContain(credit.id);
  });

  it('deletes a payment event only with two-factor, reversing it and emitting the event', async () => {
    const someone = await person(svc, 'payer');
    const webhook = await svc.api('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/invoices',
      authenticationType: 'NONE',
      subscriptions: ['INVOICE_PAYMENT_CREATED', 'INVOICE_PAYMENTEVENTS_DELETED'],
    });
    expect(webhook.status).toBe(200);
    const invoice = await create(invoiceBody());
    expect((await put(`/invoices/${invoice.id}/approve`)).status).toBe(200);
    const paid = await put(`/invoices/${invoice.id}/paymentevents/markpaid`, {
      paymentDate: '2026-03-12',
      amount: 100,
      currency: 'EUR',
    });
    const path = `/invoices/${invoice.id}/paymentevents/${paid.body.id}`;
    expect((await svc.api('DELETE', path)).status).toBe(403);
    const started = await svc.request('DELETE', `/api${path}`, { token: someone.token });
    expect(started.status).toBe(202);
    const result = await until(async () => {
      const answer = await svc.request('GET', `/api/mfatransactionresult/${started.body.transactionIdentifier}`, {
        token: someone.token,
      });
      return answer.status === 200 ? answer.body : undefined;
    });
    expect(result.info.message).toContain('deleted');
    expect((await svc.api('GET', path)).status).toBe(404);
    const after = (await svc.api('GET', `/invoices/${invoice.id}`)).body;
    expect(after.status).toBe('NOT_SENT');
    expect((await svc.api('GET', `/invoices/${invoice.id}/paymentevents`)).body.results).toEqual([]);
    const deliveries = (await svc.api('GET', `/webhooks/${webhook.body.uuid}/deliveries`)).body.results;
    expect(deliveries.map((d: { eventType: string }) => d.eventType).sort()).toEqual([
      'INVOICE_PAYMENTEVENTS_DELETED',
      'INVOICE_PAYMENT_CREATED',
    ]);
  });
});

describe('purchase invoices in circulation', () => {
  it('verifies, then approves in turn; posts expense / input VAT / payables; queues are personal', async () => {
    const verifier = await person(svc, 'verifier');
    const acceptor = await person(svc, 'acceptor');
    const settings = (await svc.api('GET', '/company/invoicecirculation/settings')).body;
    const updated = await svc.api('PUT', '/company/invoicecirculation/settings', {
      ...settings,
      useForPurchaseInvoices: true,
      useDeterminedOrder: true,
      verifiers: [{ userId: verifier.userId, orderNo: 1 }],
      acceptors: [{ userId: acceptor.userId, orderNo: 1 }],
    });
    expect(updated.status).toBe(200);
    const invoice = await create(
      invoiceBody({
        type: 'PURCHASE_INVOICE',
        counterParty: { counterPartyAddress: { name: 'Toimittaja Oy' } },
        invoiceRows: [
          { product: 'Paper', quantity: 4, unit: 'BOX', unitPrice: 100, discountPercent: 0, vatPercent: 25.5 },
        ],
      }),
    );
    expect(messages(await put(`/invoices/${invoice.id}/approve`))[0]).toContain('INVOICE_MUST_CIRCULATE');
    expect((await put(`/invoices/${invoice.id}/sendToCirculation`)).status).toBe(200);
    const queue = (token: string, kind: string) =>
      svc.request('GET', `/api/invoices/${kind}?types=PURCHASE_INVOICE`, { token });
    expect((await queue(verifier.token, 'personalverifications')).body.invoiceIds).toEqual([invoice.id]);
    expect((await queue(acceptor.token, 'personalapprovals')).body.invoiceIds).toEqual([]);
    expect(messages(await put(`/invoices/${invoice.id}/approve`, {}, acceptor.token))[0]).toContain(
      'INVOICE_VERIFICATION_PENDING',
    );
    expect(messages(await put(`/invoices/${invoice.id}/verify`, {}, acceptor.token))[0]).toContain(
      'INVOICE_CHECKER_NOT_PENDING',
    );
    expect((await put(`/invoices/${invoice.id}/verify`, { comment: 'checked' }, verifier.token)).status).toBe(200);
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('VERIFIED');
    expect((await queue(acceptor.token, 'personalapprovals')).body.invoiceIds).toEqual([invoice.id]);
    expect((await put(`/invoices/${invoice.id}/approve`, {}, acceptor.token)).status).toBe(200);
    const approved = (await svc.api('GET', `/invoices/${invoice.id}`)).body;
    expect(approved.status).toBe('APPROVED');
    expect(approved.invoiceApprovalInformation.acceptors[0]).toEqual({
      userId: acceptor.userId,
      eventPerformed: '2026-03-15',
    });
    expect(await lines(approved.ledgerReceiptId)).toEqual([
      ['2871', -502],
      ['4000', 400],
      ['1763', 102],
    ]);
    expect((await queue(acceptor.token, 'personalapprovals')).body.invoiceIds).toEqual([]);
    await svc.api('PUT', '/company/invoicecirculation/settings', settings);
  });

  it('posts an EU service purchase by reverse charge', async () => {
    const invoice = await create(
      invoiceBody({
        type: 'PURCHASE_INVOICE',
        vatStatus: 7,
        invoiceRows: [
          { product: 'SaaS', quantity: 1, unit: 'MONTH', unitPrice: 1000, discountPercent: 0, vatPercent: 25.5 },
        ],
      }),
    );
    expect((await put(`/invoices/${invoice.id}/approve`)).status).toBe(200);
    const approved = (await svc.api('GET', `/invoices/${invoice.id}`)).body;
    expect(await lines(approved.ledgerReceiptId)).toEqual([
      ['2871', -1000],
      ['4470', 1000],
      ['1763', 255],
      ['2930', -255],
    ]);
  });
});

describe('discussion', () => {
  it('is refused (403) while the company does not allow it, then tags and marks read', async () => {
    const invoice = await create(invoiceBody());
    const off = await svc.api('GET', `/invoices/${invoice.id}/comments`);
    expect(off.status).toBe(403);
    const settings = (await svc.api('GET', '/company/invoicecirculation/settings')).body;
    await svc.api('PUT', '/company/invoicecirculation/settings', { ...settings, allowInvoiceSpecificDiscussion: true });
    const reader = await person(svc, 'reader');
    const taggable = (await svc.api('GET', `/invoices/${invoice.id}/comments/taggableusers`)).body.taggableUsers;
    expect(taggable.map((u: { userTagId: number }) => u.userTagId)).toContain(reader.userId);
    const bad = await svc.api('POST', `/invoices/${invoice.id}/comments`, { comment: 'Hi @[999999]' });
    expect(bad.status).toBe(400);
    const posted = await svc.api('POST', `/invoices/${invoice.id}/comments`, {
      comment: `Please check @[${reader.userId}]`,
    });
    expect(posted.status).toBe(200);
    expect(posted.body.taggedUsersInfo).toEqual({ numTaggedUsers: 1, readByAllTaggedUsers: false });
    const path = `/invoices/${invoice.id}/comments/${posted.body.id}`;
    expect((await svc.api('PUT', `${path}/read`)).status).toBe(400);
    expect((await svc.request('PUT', `/api${path}/read`, { token: reader.token })).status).toBe(200);
    const one = (await svc.api('GET', path)).body;
    expect(one.taggedUsers[0]).toMatchObject({ userTagId: reader.userId, fullName: 'Test Person' });
    expect(one.taggedUsers[0].read).toBeDefined();
    const unread = await svc.api('GET', `/invoices/${invoice.id}/comments?readByAllTaggedUsers=false`);
    expect(unread.body.comments).toEqual([]);
  });
});
