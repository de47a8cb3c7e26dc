// Over real HTTP, the operations of the real interface Tase served last: the search of attachments, the history of
// a batch of invoices and the payment errors (the payments the bank returned), each with its filters, paging,
// shape, rights and bad input; and a path naming no well-formed id, a 400 on every batch path.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { bankAccountBody, invoiceBody } from './support/bank-bodies.ts';
import { person, until } from './mfa-helpers.ts';
import { BANK_FEE_RECEIPT } from './support/ledger-bodies.ts';

let svc: TestService;
const PAYER_IBAN = 'FI2112345600000785';
const SUPPLIER_IBAN = 'FI7944052020036082';

const journal = BANK_FEE_RECEIPT;

/** A PNG of `side` pixels a side: larger sides give larger files. */
const png = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

async function upload(referenceType: string, referenceId: number, name: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('meta', JSON.stringify({ name, referenceType, referenceId, sendWithInvoice: false }));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const answer = await fetch(`${svc.base}/api/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await svc.token()}` },
    body: form,
  });
  const body = (await answer.json()) as { id: number };
  expect(answer.status, JSON.stringify(body)).toBe(200);
  return body.id;
}

let users = 0;
/** A token of a new VIEWER of the demo company with these rights changed. */
async function viewerWith(overrides: Record<string, string>): Promise<string> {
  const user = await svc.admin.createUser({
    username: `limited-${++users}`,
    password: 'Limited-pass-1',
    firstName: 'Rajattu',
    lastName: 'Käyttäjä',
    email: `limited-${users}@example.com`,
  });
  await svc.admin.addMember(svc.demo.companyId, user.userId, 'VIEWER', overrides);
  const key = await svc.admin.createApiKey({
    companyId: svc.demo.companyId,
    userId: user.userId,
    clientId: svc.demo.clientId,
  });
  return svc.tokenFor(key.apiKey);
}

const as = (token: string, path: string) => svc.request('GET', `/api${path}`, { token });

/** The error body of a 4xx: `{errors:[{status,message,field}]}`. */
function expectError(answer: { status: number; body: unknown; text: string }, status: number, field?: string) {
  expect(answer.status, answer.text).toBe(status);
  const errors = (answer.body as { errors: { status: number; message: string; field?: string }[] }).errors;
  expect(errors.length).toBeGreaterThan(0);
  expect(errors[0]).toMatchObject({ status, message: expect.any(String) });
  if (field !== undefined) expect(errors.map((e) => e.field)).toContain(field);
}

async function createInvoice(type: string): Promise<number> {
  const created = await svc.api('POST', '/invoices', invoiceBody(type, 100, 25.5));
  expect(created.status, created.text).toBe(200);
  return created.body.id;
}

let receiptId: number;
let customerId: number;
let salesInvoiceId: number;
let purchaseInvoiceId: number;
const files: Record<string, number> = {};

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  receiptId = (await svc.api('POST', '/ledgerreceipts', journal)).body.id;
  customerId = (await svc.api('POST', '/businesspartners', { name: 'Asiakas Oy', type: 'CUSTOMER' })).body.id;
  salesInvoiceId = await createInvoice('SALES_INVOICE');
  purchaseInvoiceId = await createInvoice('PURCHASE_INVOICE');
  const [small, medium, large] = await Promise.all([png(4), png(64), png(256)]);
  files.receipt = await upload('LEDGERRECEIPT', receiptId, 'Fee receipt.png', small);
  files.customer = await upload('CUSTOMER_BUSINESS_PARTNER_REGISTER', customerId, 'contract.png', medium);
  files.sales = await upload('INVOICE', salesInvoiceId, 'appendix_1.png', large);
  files.purchase = await upload('INVOICE', purchaseInvoiceId, 'scan 100%.png', small);
});
afterAll(() => svc?.close());

describe('GET /attachments', () => {
  const ids = (answer: { body: { results: { attachmentId: number }[] } }) =>
    answer.body.results.map((d) => d.attachmentId);

  it('answers every file the caller may view in the real shape, without bytes', async () => {
    const answer = await svc.api('GET', '/attachments');
    expect(answer.status, answer.text).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['meta', 'results']);
    expect(answer.body.meta).toEqual({ pageNumber: 0, pageSize: 50, resultCount: 4, totalCount: 4 });
    expect(ids(answer)).toEqual([files.receipt, files.customer, files.sales, files.purchase]);
    const receipt = answer.body.results[0];
    expect(receipt).toEqual({
      attachmentId: files.receipt,
      name: 'Fee receipt.png',
      size: expect.any(Number),
      user: 'Demo User',
      referenceId: receiptId,
      referenceType: 'LEDGERRECEIPT',
      attached: '2026-03-15T10:00:00.000',
    });
    expect(answer.body.results[2]).toMatchObject({ referenceType: 'INVOICE', referenceId: salesInvoiceId });
  });

  it('filters by kind of document, name, size, reference and day', async () => {
    const search = async (query: string) => {
      const answer = await svc.api('GET', `/attachments?${query}`);
      expect(answer.status, answer.text).toBe(200);
      return ids(answer);
    };
    expect(await search('type=JOURNAL')).toEqual([files.receipt]);
    expect(await search('type=SALES_INVOICE')).toEqual([files.sales]);
    expect(await search('type=PURCHASE_INVOICE')).toEqual([files.purchase]);
    expect(await search('type=SALES_INVOICE&type=CUSTOMER_BUSINESS_PARTNER_REGISTER')).toEqual([
      files.customer,
      files.sales,
    ]);
    // kinds of documents this service does not have find nothing
    expect(await search('type=NETS_COLLECTION')).toEqual([]);
    expect(await search('type=SALARY')).toEqual([]);
    // a part of the name, either case; % and _ are letters, not patterns
    expect(await search('name=RECEIPT')).toEqual([files.receipt]);
    expect(await search(`name=${encodeURIComponent('100%')}`)).toEqual([files.purchase]);
    expect(await search('name=_1')).toEqual([files.sales]);
    expect(await search('name=x_y')).toEqual([]);
    const sizes = Object.fromEntries(
      (await svc.api('GET', '/attachments')).body.results.map((d: { attachmentId: number; size: number }) => [
        d.attachmentId,
        d.size,
      ]),
    );
    expect(await search(`minSize=${sizes[files.customer]}`)).toEqual([files.customer, files.sales]);
    expect(await search(`maxSize=${sizes[files.customer] - 1}`)).toEqual([files.receipt, files.purchase]);
    expect(await search(`minSize=${sizes[files.customer]}&maxSize=${sizes[files.customer]}`)).toEqual([files.customer]);
    // ids are numbered per kind of document: a reference id alone may name documents of several
    expect(await search(`referenceId=${customerId}`)).toContain(files.customer);
    expect(await search(`referenceId=${customerId}&type=CUSTOMER_BUSINESS_PARTNER_REGISTER`)).toEqual([files.customer]);
    expect(await search(`referenceId=${salesInvoiceId}&type=SALES_INVOICE`)).toEqual([files.sales]);
    expect(await search('createdStartDate=2026-03-15&createdEndDate=2026-03-15')).toHaveLength(4);
    expect(await search('createdStartDate=2026-03-16')).toEqual([]);
    expect(await search('createdEndDate=2026-03-14')).toEqual([]);
  });

  it('orders by name, size or date, then id, and pages by page or by previous id', async () => {
    const byName = await svc.api('GET', '/attachments?orderByName=ASC');
    expect(byName.body.results.map((d: { name: string }) => d.name)).toEqual([
      'Fee receipt.png',
      'appendix_1.png',
      'contract.png',
      'scan 100%.png',
    ]);
    const bySize = (await svc.api('GET', '/attachments?orderBySize=DESC')).body.results.map(
      (d: { size: number }) => d.size,
    );
    expect(bySize).toEqual([...bySize].sort((a, b) => b - a));
    const byDate = await svc.api('GET', '/attachments?orderByCreatedDate=DESC&orderById=DESC');
    expect(ids(byDate)).toEqual([files.purchase, files.sales, files.customer, files.receipt]);
    const second = await svc.api('GET', '/attachments?size=3&page=1');
    expect(second.body.meta).toEqual({ pageNumber: 1, pageSize: 3, resultCount: 1, totalCount: 4 });
    expect(ids(second)).toEqual([files.purchase]);
    const first = await svc.api('GET', '/attachments?size=3');
    expect(first.body.meta.totalCount).toBe(4);
    const after = await svc.api('GET', `/attachments?previousId=${files.customer}`);
    expect(ids(after)).toEqual([files.sales, files.purchase]);
    const before = await svc.api('GET', `/attachments?previousId=${files.sales}&orderById=DESC`);
    expect(ids(before)).toEqual([files.customer, files.receipt]);
  });

  it('shows only the documents the caller may view, and 403 for asking only for others', async () => {
    const token = await viewerWith({ 'sales.salesInvoices': 'NO_ACCESS', 'sales.customerRegister': 'NO_ACCESS' });
    const seen = await as(token, '/attachments');
    expect(seen.status, seen.text).toBe(200);
    expect(ids(seen)).toEqual([files.receipt, files.purchase]);
    // ledger receipts of the type SALES_INVOICE are of that kind too, and the caller may view those
    expect(ids(await as(token, '/attachments?type=SALES_INVOICE'))).toEqual([]);
    expectError(await as(token, '/attachments?type=CUSTOMER_BUSINESS_PARTNER_REGISTER'), 403);
    expect(ids(await as(token, '/attachments?type=SALES_INVOICE&type=PURCHASE_INVOICE'))).toEqual([files.purchase]);
    // a kind nobody has documents of needs no right
    expect(ids(await as(token, '/attachments?type=NETS_COLLECTION'))).toEqual([]);
    const nothing = await viewerWith({
      'sales.salesInvoices': 'NO_ACCESS',
      'sales.salesOrders': 'NO_ACCESS',
      'sales.offers': 'NO_ACCESS',
      'sales.customerRegister': 'NO_ACCESS',
      'purchases.purchaseInvoices': 'NO_ACCESS',
      'purchases.purchaseOrders': 'NO_ACCESS',
      'purchases.supplierRegister': 'NO_ACCESS',
      'travelAndExpenses.travelInvoices': 'NO_ACCESS',
      'travelAndExpenses.expenseInvoices': 'NO_ACCESS',
      'salaries.employeeRegister': 'NO_ACCESS',
      'payments.bankStatementAndReferencePayment': 'NO_ACCESS',
      'accounting.ledgerReceipts': 'NO_ACCESS',
    });
    expectError(await as(nothing, '/attachments'), 403);
  });

  it('keeps companies apart', async () => {
    const other = await otherCompany(svc, 'Liitteetön Oy');
    const answer = await svc.request('GET', '/api/attachments', { token: other.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.results).toEqual([]);
  });

  it('answers 400 with the error body for bad input', async () => {
    for (const [query, field] of [
      ['size=201', 'size'],
      ['size=0', 'size'],
      ['page=-1', 'page'],
      ['type=INVOICE', 'type'],
      ['minSize=-1', 'minSize'],
      ['maxSize=big', 'maxSize'],
      ['referenceId=0', 'referenceId'],
      ['createdStartDate=2026-13-01', 'createdStartDate'],
      ['orderByName=UP', 'orderByName'],
      [`name=${'x'.repeat(256)}`, 'name'],
    ]) {
      const answer = await svc.api('GET', `/attachments?${query}`);
      expectError(answer, 400);
      expect(answer.text).toContain(field);
    }
  });
});

describe('GET /invoices/transactions', () => {
  it('answers the history of each invoice found, in id order, as the one-invoice operation does', async () => {
    expect((await svc.api('PUT', `/invoices/${salesInvoiceId}/approve`, {})).status).toBe(200);
    expect((await svc.api('PUT', `/invoices/${purchaseInvoiceId}/approve`, {})).status).toBe(200);
    const answer = await svc.api(
      'GET',
      `/invoices/transactions?invoiceIds=${purchaseInvoiceId}&invoiceIds=999999&invoiceIds=${salesInvoiceId}&invoiceIds=${salesInvoiceId}`,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['results']);
    expect(answer.body.results.map((r: { invoiceId: number }) => r.invoiceId)).toEqual([
      salesInvoiceId,
      purchaseInvoiceId,
    ]);
    for (const result of answer.body.results) {
      expect(Object.keys(result).sort()).toEqual(['invoiceId', 'transactions']);
      const one = await svc.api('GET', `/invoices/${result.invoiceId}/transactions`);
      expect(result.transactions).toEqual(one.body.transactions);
      expect(result.transactions).toEqual([{ action: 'APPROVAL', name: 'Demo User', date: expect.any(String) }]);
    }
    // an invoice with no history yet is answered with none
    const fresh = await createInvoice('SALES_INVOICE');
    const empty = await svc.api('GET', `/invoices/transactions?invoiceIds=${fresh}`);
    expect(empty.body).toEqual({ results: [{ invoiceId: fresh, transactions: [] }] });
  });

  it('is not taken for an invoice id', async () => {
    const answer = await svc.api('GET', `/invoices/transactions?invoiceIds=${salesInvoiceId}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.results).toHaveLength(1);
  });

  it('leaves out what the caller may not view: 404 when nothing is left, 403 for no invoice right at all', async () => {
    const token = await viewerWith({ 'sales.salesInvoices': 'NO_ACCESS' });
    const both = await as(token, `/invoices/transactions?invoiceIds=${salesInvoiceId}&invoiceIds=${purchaseInvoiceId}`);
    expect(both.status, both.text).toBe(200);
    expect(both.body.results.map((r: { invoiceId: number }) => r.invoiceId)).toEqual([purchaseInvoiceId]);
    expectError(await as(token, `/invoices/transactions?invoiceIds=${salesInvoiceId}`), 404);
    expectError(await svc.api('GET', '/invoices/transactions?invoiceIds=999999'), 404);
    const none = await viewerWith({
      'sales.salesInvoices': 'NO_ACCESS',
      'sales.salesOrders': 'NO_ACCESS',
      'sales.offers': 'NO_ACCESS',
      'purchases.purchaseInvoices': 'NO_ACCESS',
      'purchases.purchaseOrders': 'NO_ACCESS',
      'travelAndExpenses.travelInvoices': 'NO_ACCESS',
      'travelAndExpenses.expenseInvoices': 'NO_ACCESS',
    });
    expectError(await as(none, `/invoices/transactions?invoiceIds=${purchaseInvoiceId}`), 403);
    const other = await otherCompany(svc, 'Laskuton Oy');
    const foreign = await svc.request('GET', `/api/invoices/transactions?invoiceIds=${salesInvoiceId}`, {
      token: other.token,
    });
    expectError(foreign, 404);
  });

  it('answers 400 with the error body for bad input', async () => {
    expectError(await svc.api('GET', '/invoices/transactions'), 400, 'invoiceIds');
    expectError(await svc.api('GET', '/invoices/transactions?invoiceIds=abc'), 400);
    expectError(await svc.api('GET', '/invoices/transactions?invoiceIds=0'), 400);
    expectError(await svc.api('GET', '/invoices/transactions?invoiceIds=1.5'), 400);
    const many = Array.from({ length: 201 }, (_, i) => `invoiceIds=${i + 1}`).join('&');
    expectError(await svc.api('GET', `/invoices/transactions?${many}`), 400);
  });
});

/** A camt.053.001.08 statement of the payer account: debits, or credits returning a payment with a reason. */
function statement(id: string, date: string, entries: { e2e: string; amount: string; returnReason?: string }[]) {
  const body = entries
    .map(({ e2e, amount, returnReason }, i) => {
      const side = returnReason ? 'CRDT' : 'DBIT';
      const party = returnReason
        ? '<Dbtr><Pty><Nm>Toimittaja Oy</Nm></Pty></Dbtr>'
        : '<Cdtr><Pty><Nm>Toimittaja Oy</Nm></Pty></Cdtr>';
      return `
      <Ntry>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>${side}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${date}</Dt></BookgDt>
        <ValDt><Dt>${date}</Dt></ValDt>
        <AcctSvcrRef>${id}-ARCH-${i + 1}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>${returnReason ? 'RRTN' : 'ESCT'}</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${e2e}</EndToEndId></Refs>
          <Amt Ccy="EUR">${amount}</Amt>
          <CdtDbtInd>${side}</CdtDbtInd>
          <RltdPties>${party}</RltdPties>${returnReason ? `\n          <RtrInf><Rsn><Cd>${returnReason}</Cd></Rsn></RtrInf>` : ''}
        </TxDtls></NtryDtls>
      </Ntry>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>${date}T05:00:00+02:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${id}</Id>
      <Acct><Id><IBAN>${PAYER_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal>
        <Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">10000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt>
      </Bal>${body}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

describe('GET /payments/errormessages', () => {
  let invoicePaymentId: number;
  let transferId: number;
  let payableId: number;
  let imported: (xml: string) => Promise<void>;

  beforeAll(async () => {
    const account = await svc.api(
      'POST',
      '/bankaccounts',
      bankAccountBody(PAYER_IBAN, { bic: 'HELSFIHH', defaultForPayment: true, allowPayments: true }),
    );
    expect(account.status, account.text).toBe(200);
    const payer = await person(svc, 'payer');
    const confirmed = async (path: string, body: unknown) => {
      const started = await svc.request('POST', `/api${path}`, { token: payer.token, body });
      expect(started.status, started.text).toBe(202);
      return until(async () => {
        const answer = await svc.request('GET', `/api/mfatransactionresult/${started.body.transactionIdentifier}`, {
          token: payer.token,
        });
        return answer.status === 200 ? answer.body : undefined;
      });
    };
    payableId = await createInvoice('PURCHASE_INVOICE');
    expect((await svc.api('PUT', `/invoices/${payableId}/approve`, {})).status).toBe(200);
    const invoice = (await svc.api('GET', `/invoices/${payableId}`)).body;
    const transfer = {
      recipientBankAccount: SUPPLIER_IBAN,
      recipientBicCode: 'OKOYFIHH',
      paymentMethod: 'FINNISH_BANK_TRANSFER',
      paymentDate: '2026-03-16',
      recipientNameAndAddress: { name: 'Toimittaja Oy' },
    };
    const paid = await confirmed('/payments', {
      payments: [{ ...transfer, amount: 125.5, invoiceId: payableId, invoiceVersion: invoice.version }],
    });
    invoicePaymentId = paid.invoicePayments.transactions[0].paymentId;
    const direct = await confirmed('/payments/directbanktransfers', {
      directBankTransfers: [{ ...transfer, amount: 40, currencyCode: 'EUR' }],
    });
    transferId = direct.directBankTransfers.transactions[0].paymentId;
    expect((await svc.api('POST', '/payments/files')).status).toBe(200);
    imported = async (xml) => {
      const answer = await svc.api('POST', '/bankstatements/import', undefined, {
        raw: xml,
        contentType: 'application/xml',
      });
      expect(answer.status, answer.text).toBe(200);
    };
    await imported(
      statement('GAPS-1', '2026-03-16', [
        { e2e: `TASE-PAY-${invoicePaymentId}`, amount: '125.50' },
        { e2e: `TASE-PAY-${transferId}`, amount: '40.00' },
      ]),
    );
    await imported(
      statement('GAPS-2', '2026-03-18', [
        { e2e: `TASE-PAY-${invoicePaymentId}`, amount: '125.50', returnReason: 'AC04' },
        // someone else's payment coming back is not an error of ours
        { e2e: 'SOMEONE-ELSE-1', amount: '9.00', returnReason: 'AC01' },
      ]),
    );
    await imported(
      statement('GAPS-3', '2026-03-20', [{ e2e: `TASE-PAY-${transferId}`, amount: '40.00', returnReason: 'MS03' }]),
    );
  });

  const errorIds = (answer: { body: { results: { id: number }[] } }) => answer.body.results.map((e) => e.id);

  it('answers each payment the bank returned in the real shape', async () => {
    const answer = await svc.api('GET', '/payments/errormessages');
    expect(answer.status, answer.text).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['meta', 'results']);
    expect(answer.body.meta).toEqual({ pageNumber: 0, pageSize: 50, resultCount: 2, totalCount: 2 });
    expect(answer.body.results).toEqual([
      {
        id: expect.any(Number),
        createdDate: '2026-03-18',
        type: 'PAYMENT_ERROR',
        status: 'UNHANDLED',
        errorCode: 'AC04',
        referenceId: payableId,
        referenceType: 'INVOICE',
        invoiceType: 'PURCHASE_INVOICE',
      },
      {
        id: expect.any(Number),
        createdDate: '2026-03-20',
        type: 'PAYMENT_ERROR',
        status: 'UNHANDLED',
        errorCode: 'MS03',
        referenceId: transferId,
        referenceType: 'DIRECT_BANK_TRANSFER',
      },
    ]);
    // the return does not undo the booked debit
    expect((await svc.api('GET', `/payments/${invoicePaymentId}`)).body.status).toBe('PAID');
  });

  it('notes a return once, however often its statement is imported', async () => {
    await imported(
      statement('GAPS-3', '2026-03-20', [{ e2e: `TASE-PAY-${transferId}`, amount: '40.00', returnReason: 'MS03' }]),
    );
    expect((await svc.api('GET', '/payments/errormessages')).body.results).toHaveLength(2);
  });

  it('filters by day, type and status', async () => {
    const codes = async (query: string) => {
      const answer = await svc.api('GET', `/payments/errormessages?${query}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.results.map((e: { errorCode: string }) => e.errorCode);
    };
    expect(await codes('createdStartDate=2026-03-19')).toEqual(['MS03']);
    expect(await codes('createdEndDate=2026-03-19')).toEqual(['AC04']);
    expect(await codes('createdStartDate=2026-03-18&createdEndDate=2026-03-18')).toEqual(['AC04']);
    expect(await codes('createdStartDate=2026-03-21')).toEqual([]);
    expect(await codes('type=PAYMENT_ERROR')).toEqual(['AC04', 'MS03']);
    expect(await codes('type=NETS_COLLECTION_ERROR')).toEqual([]);
    expect(await codes('status=ALL')).toEqual(['AC04', 'MS03']);
    expect(await codes('status=UNHANDLED')).toEqual(['AC04', 'MS03']);
    expect(await codes('status=HANDLED')).toEqual([]);
  });

  it('pages by page or by previous id, in either order', async () => {
    const all = errorIds(await svc.api('GET', '/payments/errormessages'));
    const second = await svc.api('GET', '/payments/errormessages?size=1&page=1');
    // a full page may not be the last: its count is left out
    expect(second.body.meta).toEqual({ pageNumber: 1, pageSize: 1, resultCount: 1 });
    expect(errorIds(second)).toEqual([all[1]]);
    expect(errorIds(await svc.api('GET', '/payments/errormessages?orderById=DESC'))).toEqual([all[1], all[0]]);
    expect(errorIds(await svc.api('GET', `/payments/errormessages?previousId=${all[0]}`))).toEqual([all[1]]);
    expect(errorIds(await svc.api('GET', `/payments/errormessages?previousId=${all[1]}&orderById=DESC`))).toEqual([
      all[0],
    ]);
  });

  it('needs the right to view payments, and shows transfers only with their own right', async () => {
    expectError(await as(await viewerWith({ 'payments.payment': 'NO_ACCESS' }), '/payments/errormessages'), 403);
    const noTransfers = await as(
      await viewerWith({ 'payments.directBankTransfer': 'NO_ACCESS' }),
      '/payments/errormessages',
    );
    expect(noTransfers.status, noTransfers.text).toBe(200);
    expect(noTransfers.body.results.map((e: { errorCode: string }) => e.errorCode)).toEqual(['AC04']);
    const other = await otherCompany(svc, 'Virheetön Oy');
    const foreign = await svc.request('GET', '/api/payments/errormessages', { token: other.token });
    expect(foreign.status, foreign.text).toBe(200);
    expect(foreign.body.results).toEqual([]);
  });

  it('answers 400 with the error body for bad input', async () => {
    for (const [query, field] of [
      ['size=201', 'size'],
      ['page=-1', 'page'],
      ['previousId=x', 'previousId'],
      ['type=TYEL_ERROR', 'type'],
      ['status=SOME', 'status'],
      ['orderById=UP', 'orderById'],
      ['createdStartDate=2026-02-30x', 'createdStartDate'],
    ]) {
      const answer = await svc.api('GET', `/payments/errormessages?${query}`);
      expectError(answer, 400);
      expect(answer.text).toContain(field);
    }
  });
});

describe('batch paths', () => {
  it('answer 400 for a path naming no well-formed id, 404 for well-formed ids not found', async () => {
    const slip = '/payrolls/salaryslips';
    const person = (await svc.api('GET', '/businesspartners/personaldetails')).body.partnerId as number;
    const product = await svc.api('POST', '/products', {
      type: 'SALES',
      name: 'Consulting',
      code: 'C1',
      unit: 'HOUR',
      price: 100,
      discount: 0,
      vat: 25.5,
      vatStatus: 1,
      active: true,
      currency: 'EUR',
    });
    expect(product.status, product.text).toBe(200);
    const known: Record<string, number> = {
      '/products': product.body.id,
      '/ledgerreceipts': receiptId,
      '/invoices': salesInvoiceId,
      '/businesspartners': customerId,
      '/persons': person,
    };
    const fields: Record<string, string> = {
      '/products': 'productId',
      '/ledgerreceipts': 'receiptId',
      '/invoices': 'invoiceId',
      '/businesspartners': 'partnerId',
      '/persons': 'personId',
      [slip]: 'salarySlipId',
    };
    for (const path of Object.keys(fields)) {
      // products and salary slips are int64 in the real interface: 2^31 is an id none has yet; the others end below
      const int64 = path === '/products' || path === slip;
      const beyondInt32 = int64 ? [] : ['2147483648'];
      for (const segment of ['abc', '0', '-1', '1.5', ...beyondInt32, 'a,b', encodeURIComponent(' , ')]) {
        const answer = await svc.api('GET', `${path}/${segment}`);
        expectError(answer, 400, fields[path]);
      }
      if (int64) expectError(await svc.api('GET', `${path}/2147483648`), 404);
      expectError(await svc.api('GET', `${path}/999999`), 404);
      expectError(await svc.api('GET', `${path}/999999,abc`), 404);
      const id = known[path];
      if (id === undefined) continue;
      // one well-formed id among malformed ones is answered, as a list
      const mixed = await svc.api('GET', `${path}/${id},abc`);
      expect(mixed.status, `${path} ${mixed.text}`).toBe(200);
      expect(mixed.body.map((r: { id: number }) => r.id)).toEqual([id]);
    }
  });
});
