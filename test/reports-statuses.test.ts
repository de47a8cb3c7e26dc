// `receiptStatus` of the real report requests (POST /reports/accounting, /reports/ledgeraccounts and
// /reports/generalledger/{id}): every status of the real vocabulary is taken (PARTLY_PAID as the real document
// evidently means its `PARTLY_PAID,`), and the reports sum the receipts in those statuses, checked against
// figures computed by hand from one month:
//
//   2026-03-02 journal, approved         1910 +100    3000 −100
//   2026-03-03 journal, unfinished       7000 +40     1910 −40
//   2026-03-10 sales invoice, PAID         1700 +100    3000 −100   paid 03-12: 1910 +100   1700 −100
//   2026-03-10 sales invoice, PARTLY_PAID  1700 +200    3000 −200   paid 03-12: 1910 +30    1700 −30
//   2026-03-10 sales invoice, NOT_SENT     1700 +400    3000 −400
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-20T10:00:00Z');
const period = { startDate: '2026-03-01', endDate: '2026-03-31' };

const REAL_STATUSES = [
  'APPROVED',
  'SENT',
  'NOT_SENT',
  'PAYMENT_SENT_TO_BANK',
  'PAID',
  'PARTLY_PAID',
  'MARKED_PAID',
  'PAYMENT_QUEUED',
  'PAYMENT_DENIED',
  'UNFINISHED',
  'VERIFIED',
  'RECEIVED',
];

async function salesInvoice(amount: number, paid: number) {
  const invoice = await svc.api('POST', '/invoices', {
    type: 'SALES_INVOICE',
    date: '2026-03-10',
    counterParty: { counterPartyAddress: { name: 'Kauppa Oy' } },
    paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
    extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
    discountPercent: 0,
    vatStatus: 1,
    invoiceChannel: 'EMAIL',
    invoiceRows: [{ product: 'Work', quantity: 1, unit: 'HOUR', unitPrice: amount, discountPercent: 0, vatPercent: 0 }],
  });
  expect(invoice.status, invoice.text).toBe(200);
  expect((await svc.api('PUT', `/invoices/${invoice.body.id}/approve`, {})).status).toBe(200);
  if (paid > 0) {
    const payment = await svc.api('PUT', `/invoices/${invoice.body.id}/paymentevents/markpaid`, {
      paymentDate: '2026-03-12',
      amount: paid,
      currency: 'EUR',
    });
    expect(payment.status, payment.text).toBe(200);
  }
  return invoice.body.id as number;
}

/** Account values of March for the statuses asked, as `{account: value}` (accounts left out are 0). */
async function accountValues(receiptStatus?: string[], token?: string): Promise<Record<string, number>> {
  const body = { ...period, ...(receiptStatus ? { receiptStatus } : {}) };
  const answer = token
    ? await svc.request('POST', '/api/reports/ledgeraccounts', { token, body })
    : await svc.api('POST', '/reports/ledgeraccounts', body);
  expect(answer.status, answer.text).toBe(200);
  const values: Record<string, number> = {};
  for (const row of answer.body.reportData.periods[0].rows as { name: string; value: number }[])
    if (row.value !== 0) values[row.name.split(' ')[0]] = row.value;
  return values;
}

beforeAll(async () => {
  svc = await startService({ clock });
  await postReceipt(svc, {
    date: '2026-03-02',
    name: 'Cash sale',
    lines: [
      { account: '1910', amount: '100.00' },
      { account: '3000', amount: '-100.00' },
    ],
  });
  await postReceipt(svc, {
    date: '2026-03-03',
    name: 'Draft of rent',
    approve: false,
    lines: [
      { account: '7000', amount: '40.00' },
      { account: '1910', amount: '-40.00' },
    ],
  });
  const paid = await salesInvoice(100, 100);
  const partly = await salesInvoice(200, 30);
  await salesInvoice(400, 0);
  const status = async (id: number) => (await svc.api('GET', `/invoices/${id}`)).body.status;
  expect([await status(paid), await status(partly)]).toEqual(['PAID', 'PARTLY_PAID']);
});
afterAll(() => svc.close());

describe('receiptStatus of the reports', () => {
  it('counts the ledger by default, as APPROVED alone does', async () => {
    const ledger = { '1910': 230, '1700': 570, '3000': -800 };
    expect(await accountValues()).toEqual(ledger);
    expect(await accountValues([])).toEqual(ledger);
    expect(await accountValues(['APPROVED'])).toEqual(ledger);
  });

  it('counts the drafts with UNFINISHED, alone or beside the ledger', async () => {
    expect(await accountValues(['UNFINISHED'])).toEqual({ '7000': 40, '1910': -40 });
    expect(await accountValues(['APPROVED', 'UNFINISHED'])).toEqual({
      '1910': 190,
      '1700': 570,
      '3000': -800,
      '7000': 40,
    });
  });

  it("counts the receipts of invoices in a status of theirs: the invoice's and its payments'", async () => {
    expect(await accountValues(['PAID'])).toEqual({ '1910': 100, '3000': -100 });
    expect(await accountValues(['PARTLY_PAID'])).toEqual({ '1910': 30, '1700': 170, '3000': -200 });
    expect(await accountValues(['PAID', 'PARTLY_PAID'])).toEqual({ '1910': 130, '1700': 170, '3000': -300 });
    expect(await accountValues(['NOT_SENT'])).toEqual({ '1700': 400, '3000': -400 });
    expect(await accountValues(['SENT'])).toEqual({});
    expect(await accountValues(['UNFINISHED', 'PAID'])).toEqual({ '1910': 60, '3000': -100, '7000': 40 });
    // the ledger holds every approved receipt already
    expect(await accountValues(['APPROVED', 'PAID', 'NOT_SENT'])).toEqual(await accountValues());
  });

  it('takes every status of the real vocabulary on each report, and refuses any other', async () => {
    for (const status of REAL_STATUSES) {
      const body = { ...period, receiptStatus: [status] };
      const answers = await Promise.all([
        svc.api('POST', '/reports/accounting', { ...body, type: 'INCOME_STATEMENT' }),
        svc.api('POST', '/reports/ledgeraccounts', body),
        svc.api('POST', '/reports/generalledger/1910', body),
      ]);
      for (const answer of answers) {
        expect(answer.status, `${status}: ${answer.text}`).toBe(200);
        expect(answer.body.reportParameters.receiptStatus).toEqual([status]);
      }
    }
    for (const status of ['PARTLY_PAID,', 'INVALIDATED', 'partly_paid', ' PAID']) {
      const answer = await svc.api('POST', '/reports/ledgeraccounts', { ...period, receiptStatus: ['PAID', status] });
      expect(answer.status, status).toBe(400);
      expect(answer.body.errors[0].field).toBe('receiptStatus[1]');
    }
  });

  it('computes the income statement and the general ledger over the statuses asked', async () => {
    const statement = await svc.api('POST', '/reports/accounting', {
      ...period,
      type: 'INCOME_STATEMENT',
      receiptStatus: ['UNFINISHED'],
    });
    const rows = Object.fromEntries(
      statement.body.reportData.periods[0].rows.map((r: { name: string; value: number }) => [r.name, r.value]),
    );
    expect(rows['Liiketoiminnan muut kulut']).toBe(-40);
    expect(rows['Liikevaihto']).toBe(0);
    expect(rows['Tilikauden voitto (tappio)']).toBe(-40);

    const lines = await svc.api('POST', '/reports/generalledger/1910', {
      ...period,
      receiptStatus: ['APPROVED', 'UNFINISHED'],
    });
    expect(lines.status, lines.text).toBe(200);
    const account = lines.body.ledgerAccount;
    expect(account.totalAccountingValue).toBe(190);
    expect(
      account.ledgerReceiptTransactions.map((t: { accountingValue: number; status: string; receiptDate: string }) => [
        t.receiptDate,
        t.accountingValue,
        t.status,
      ]),
    ).toEqual([
      ['2026-03-02', 100, 'APPROVED'],
      ['2026-03-03', -40, 'UNFINISHED'],
      ['2026-03-12', 100, 'APPROVED'],
      ['2026-03-12', 30, 'APPROVED'],
    ]);
  });

  it('leaves out the invoices of a type the caller may not view, and nothing else', async () => {
    const user = await svc.admin.createUser({
      username: 'report-viewer',
      password: 'Viewer-pass-1',
      firstName: 'Raili',
      lastName: 'Raportti',
      email: 'reports@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'VIEWER', { 'sales.salesInvoices': 'NO_ACCESS' });
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect(await accountValues(['PAID', 'PARTLY_PAID', 'NOT_SENT'], token)).toEqual({});
    expect(await accountValues(['UNFINISHED', 'PAID'], token)).toEqual({ '7000': 40, '1910': -40 });
    expect(await accountValues(undefined, token)).toEqual(await accountValues());
  });
});
