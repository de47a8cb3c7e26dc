// Payments out over real HTTP: invoice payments, direct bank transfers and direct salary payments confirmed by
// two-factor (the sandbox confirms by itself), checked all or nothing; gathered into pain.001.001.09 files valid
// against the schema; settled by the debits of an imported camt.053 statement, which marks the invoice paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ManualClock } from '../src/platform/clock.ts';
import { pain001Problems } from '../src/domain/pain001.ts';
import { startService, type TestService } from './support/service.ts';
import { bankAccountBody } from './support/bank-bodies.ts';
import { person, until } from './mfa-helpers.ts';

let svc: TestService;
let payer: { token: string; userId: number };
const PAYER_IBAN = 'FI2112345600000785';
const OTHER_IBAN = 'FI3715903000000776';
const SEK_IBAN = 'SE4550000000058398257466';
const SUPPLIER_IBAN = 'FI7944052020036082';

const account = bankAccountBody;

const purchaseInvoice = {
  type: 'PURCHASE_INVOICE',
  date: '2026-03-10',
  counterParty: { counterPartyAddress: { name: 'Toimittaja Oy' } },
  paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
  extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
  discountPercent: 0,
  vatStatus: 1,
  invoiceChannel: 'EMAIL',
  invoiceRows: [{ product: 'Paper', quantity: 4, unit: 'BOX', unitPrice: 100, discountPercent: 0, vatPercent: 25.5 }],
};

/** An approved purchase invoice of 502.00 EUR. */
async function approvedInvoice(): Promise<{ id: number; version: string }> {
  const created = await svc.api('POST', '/invoices', purchaseInvoice);
  expect(created.status, created.text).toBe(200);
  expect((await svc.api('PUT', `/invoices/${created.body.id}/approve`, {})).status).toBe(200);
  const invoice = (await svc.api('GET', `/invoices/${created.body.id}`)).body;
  return { id: invoice.id, version: invoice.version };
}

const transfer = (extra: Record<string, unknown> = {}) => ({
  amount: 100,
  recipientBankAccount: SUPPLIER_IBAN,
  recipientBicCode: 'OKOYFIHH',
  paymentMethod: 'FINNISH_BANK_TRANSFER',
  paymentDate: '2026-03-16',
  recipientNameAndAddress: { name: 'Toimittaja Oy' },
  ...extra,
});

const asPayer = (method: string, path: string, body?: unknown) =>
  svc.request(method, `/api${path}`, { token: payer.token, body });

/** Starts a two-factor request as the payer and answers the transaction's result (sandbox confirms at once). */
async function confirmed(method: string, path: string, body?: unknown) {
  const started = await asPayer(method, path, body);
  expect(started.status, started.text).toBe(202);
  return until(async () => {
    const answer = await asPayer('GET', `/mfatransactionresult/${started.body.transactionIdentifier}`);
    return answer.status === 200 ? answer.body : undefined;
  });
}

const fields = (answer: { body: { errors: { field?: string; message: string }[] } }) =>
  answer.body.errors.map((e) => `${e.field ?? ''} ${e.message.split(':')[0]}`);

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  for (const body of [
    account(PAYER_IBAN, {
      bic: 'HELSFIHH',
      defaultForPayment: true,
      allowPayments: true,
      allowSalaryPayments: true,
    }),
    account(OTHER_IBAN),
  ]) {
    const answer = await svc.api('POST', '/bankaccounts', body);
    expect(answer.status, answer.text).toBe(200);
  }
  payer = await person(svc, 'payer');
});
afterAll(() => svc.close());

describe('paying purchase invoices', () => {
  it('queues the payments of invoices after two-factor, with the event and the result body', async () => {
    const webhook = await svc.api('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/payments',
      authenticationType: 'NONE',
      subscriptions: ['INVOICE_PAYMENT_CREATED', 'PAYMENT_UPDATED', 'PAYMENT_DELETED'],
    });
    expect(webhook.status, webhook.text).toBe(200);
    const invoice = await approvedInvoice();
    const body = {
      payments: [
        transfer({ amount: 500, invoiceId: invoice.id, invoiceVersion: invoice.version, bankReferenceCode: '1232' }),
        transfer({ amount: 2, invoiceId: invoice.id, invoiceVersion: invoice.version, message: 'Rest' }),
      ],
    };
    // machine-to-machine tokens cannot use two-factor endpoints
    expect((await svc.api('POST', '/payments', body)).status).toBe(403);
    const result = await confirmed('POST', '/payments', body);
    expect(result.invoicePayments.transactions).toEqual([
      { paymentId: expect.any(Number), invoiceId: invoice.id },
      { paymentId: expect.any(Number), invoiceId: invoice.id },
    ]);
    const [first] = result.invoicePayments.transactions;
    const payment = await svc.api('GET', `/payments/${first.paymentId}`);
    expect(payment.body).toMatchObject({
      id: first.paymentId,
      invoiceId: invoice.id,
      paymentDate: '2026-03-16',
      amount: 500,
      receiverName: 'Toimittaja Oy',
      currency: 'EUR',
      payerAccount: PAYER_IBAN,
      payerBic: 'HELSFIHH',
      receiverAccount: SUPPLIER_IBAN,
      receiverBic: 'OKOYFIHH',
      createdBy: 'Test Person',
      status: 'PAYMENT_QUEUED',
    });
    const byInvoice = await svc.api('GET', `/payments/paymentevents?invoiceId=${invoice.id}`);
    expect(byInvoice.body.results.map((p: { amount: number }) => p.amount)).toEqual([500, 2]);
    expect(byInvoice.body.results[0]).toMatchObject({ paidAmount: 0, paidCurrency: 'EUR' });
    // the invoice is now fully covered by queued payments
    const again = await asPayer('POST', '/payments', {
      payments: [transfer({ amount: 0.01, invoiceId: invoice.id, invoiceVersion: invoice.version })],
    });
    expect(again.status).toBe(400);
    expect(fields(again)).toEqual(['payments[0].amount PAYMENT_EXCEEDS_OPEN_AMOUNT']);
    const deliveries = await until(async () => {
      const list = (await svc.api('GET', `/webhooks/${webhook.body.uuid}/deliveries`)).body.results;
      return list.length > 0 ? list : undefined;
    });
    expect(deliveries[0].eventType).toBe('INVOICE_PAYMENT_CREATED');
  });

  it('refuses the whole list when one payment is wrong, naming every problem', async () => {
    const invoice = await approvedInvoice();
    const ok = transfer({ invoiceId: invoice.id, invoiceVersion: invoice.version });
    const before = (await svc.api('GET', '/payments')).body.meta.totalCount;
    const cases: [Record<string, unknown>, string][] = [
      [
        { invoiceVersion: '2020-01-01T00:00:00' },
        'payments[1].invoiceVersion The resource has been changed by someone else since the version sent; fetch it and try again.',
      ],
      [{ amount: 503 }, 'payments[1].amount PAYMENT_EXCEEDS_OPEN_AMOUNT'],
      [{ payerBankAccount: OTHER_IBAN }, 'payerBankAccount INVALID_PAYER_BANK_ACCOUNT'],
      [{ payerBankAccount: 'FI0000000000000000' }, 'payerBankAccount INVALID_PAYER_BANK_ACCOUNT'],
      [{ recipientBankAccount: 'FI7944052020036083' }, 'payments[1].recipientBankAccount INVALID_IBAN'],
      [{ recipientBicCode: 'NOTABIC' }, 'payments[1].recipientBicCode INVALID_BIC'],
      [{ bankReferenceCode: '1234' }, 'payments[1].bankReferenceCode INVALID_BANK_REFERENCE_CODE'],
      [
        { bankReferenceCode: 'RF18539007547034', bankReferenceCodeType: 'FI' },
        'payments[1].bankReferenceCode INVALID_BANK_REFERENCE_CODE',
      ],
      [{ paymentDate: '2026-03-14' }, "payments[1].paymentDate 'paymentDate' 2026-03-14 is in the past."],
      [
        { paymentMethod: 'SWEDISH_DOMESTIC_PAYMENT_BANKGIRO', recipientBankAccount: '56788' },
        'payerBankAccount ONLY_PAYER_ACCOUNT_WITH_SEK_CURRENCY_IS_SUPPORTED_WITH_BANKGIRO_OR_PLUSGIRO_PAYMENT_METHOD',
      ],
    ];
    for (const [change, expected] of cases) {
      const answer = await asPayer('POST', '/payments', { payments: [ok, { ...ok, ...change }] });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(fields(answer), `${JSON.stringify(change)} ${answer.text}`).toContain(expected);
    }
    const decimals = await asPayer('POST', '/payments', { payments: [{ ...ok, amount: 1.005 }] });
    expect(decimals.status).toBe(400);
    const negative = await asPayer('POST', '/payments', { payments: [{ ...ok, amount: -5 }] });
    expect(negative.status).toBe(400);
    const missing = await asPayer('POST', '/payments', { payments: [{ ...ok, invoiceId: 999999 }] });
    expect(missing.status).toBe(404);
    const sales = await svc.api('POST', '/invoices', { ...purchaseInvoice, type: 'SALES_INVOICE' });
    const salesInvoice = (await svc.api('GET', `/invoices/${sales.body.id}`)).body;
    const notPayable = await asPayer('POST', '/payments', {
      payments: [{ ...ok, invoiceId: salesInvoice.id, invoiceVersion: salesInvoice.version }],
    });
    expect(fields(notPayable)).toEqual(['payments[0].invoiceId INVOICE_NOT_PAYABLE']);
    expect((await svc.api('GET', '/payments')).body.meta.totalCount).toBe(before);
  });

  it('requires a SEK payer account for bankgiro and plusgiro payments', async () => {
    const sek = await svc.api(
      'POST',
      '/bankaccounts',
      account(SEK_IBAN, { currency: 'SEK', allowPayments: true, bankingCode: '5560000000' }),
    );
    expect(sek.status, sek.text).toBe(200);
    const result = await confirmed('POST', '/payments/directbanktransfers', {
      directBankTransfers: [
        transfer({
          paymentMethod: 'SWEDISH_DOMESTIC_PAYMENT_BANKGIRO',
          recipientBankAccount: '5050-1055',
          recipientBicCode: undefined,
          payerBankAccount: SEK_IBAN,
          currencyCode: 'SEK',
          customId: 'se-1',
        }),
      ],
    });
    expect(result.directBankTransfers.transactions).toEqual([{ paymentId: expect.any(Number), customId: 'se-1' }]);
  });

  it('cancels and deletes a queued payment with two-factor; 403 in a wrong status', async () => {
    const created = await confirmed('POST', '/payments/directbanktransfers', {
      directBankTransfers: [transfer({ currencyCode: 'EUR', customId: 'to-cancel' })],
    });
    const id = created.directBankTransfers.transactions[0].paymentId;
    expect((await asPayer('DELETE', `/payments/999999`)).status).toBe(404);
    const cancelled = await confirmed('PUT', `/payments/${id}/cancel`);
    expect(cancelled.info.message).toContain('cancelled');
    expect((await svc.api('GET', `/payments/${id}`)).body.status).toBe('PAYMENT_TRANSACTION_REMOVED');
    const twice = await asPayer('PUT', `/payments/${id}/cancel`);
    expect(twice.status).toBe(403);
    const deleted = await confirmed('DELETE', `/payments/${id}`);
    expect(deleted.info.message).toContain('deleted');
    expect((await svc.api('GET', `/payments/${id}`)).status).toBe(404);
  });
});

describe('direct salary payments', () => {
  const salaries = (customId: string, extra: Record<string, unknown> = {}) => ({
    listName: 'March salaries',
    paymentMethod: 'FINNISH_SALARY_TRANSFER',
    paymentDate: '2026-03-16',
    customId,
    payments: [
      {
        amount: 2345.67,
        recipientBankAccount: SUPPLIER_IBAN,
        recipientName: 'Maija Meikäläinen',
        recipientCode: { brnType: 'HETU', code: '010190-123A' },
        currencyCode: 'EUR',
        customId: 'slip-1',
      },
      {
        amount: 1999.99,
        recipientBankAccount: 'FI21 1234 5600 0007 85',
        recipientName: 'Matti Meikäläinen',
        recipientCode: { brnType: 'HETU', code: '010190-124B' },
        currencyCode: 'EUR',
        customId: 'slip-2',
      },
    ],
    ...extra,
  });

  it('creates a list, reads it by id and custom id, and cancels it', async () => {
    const result = await confirmed('POST', '/payments/directsalarypayments', salaries('list-to-cancel'));
    expect(result.directSalaryPayment).toEqual({
      id: expect.any(Number),
      customId: 'list-to-cancel',
      payments: [
        { paymentId: expect.any(Number), customId: 'slip-1' },
        { paymentId: expect.any(Number), customId: 'slip-2' },
      ],
    });
    const id = result.directSalaryPayment.id;
    const group = await svc.api('GET', `/payments/directsalarypayments/${id}`);
    expect(group.body).toMatchObject({
      id,
      listName: 'March salaries',
      status: 'PAYMENT_QUEUED',
      paymentMethod: 'FINNISH_SALARY_TRANSFER',
      paymentDate: '2026-03-16T00:00:00',
      payerBankAccount: PAYER_IBAN,
      totalSum: 4345.66,
      customId: 'list-to-cancel',
    });
    const found = await svc.api('GET', '/payments/directsalarypayments?customId=list-to-cancel');
    expect(found.body.results.map((g: { id: number }) => g.id)).toEqual([id]);
    const cancelled = await confirmed('PUT', `/payments/directsalarypayments/${id}/cancel`);
    expect(cancelled.info.message).toContain('cancelled');
    expect((await svc.api('GET', `/payments/directsalarypayments/${id}`)).body.status).toBe(
      'PAYMENT_TRANSACTION_CANCELLED',
    );
    expect((await asPayer('PUT', `/payments/directsalarypayments/${id}/cancel`)).status).toBe(403);
  });

  it('refuses a list from an account without salary payments, or a custom id over 80 characters', async () => {
    const wrongAccount = await asPayer('POST', '/payments/directsalarypayments', {
      ...salaries('x'),
      payerBankAccount: OTHER_IBAN,
    });
    expect(fields(wrongAccount)).toEqual(['payerBankAccount INVALID_PAYER_BANK_ACCOUNT']);
    expect((await asPayer('POST', '/payments/directsalarypayments', salaries('x'.repeat(81)))).status).toBe(400);
    expect((await asPayer('POST', '/payments/directsalarypayments', salaries('x'.repeat(80)))).status).toBe(202);
  });
});

describe('payment files and the bank statement', () => {
  it('sends the queued payments in schema-valid pain.001 files, and the statement debits settle them', async () => {
    const invoice = await approvedInvoice();
    const paid = await confirmed('POST', '/payments', {
      payments: [
        transfer({
          amount: 502,
          invoiceId: invoice.id,
          invoiceVersion: invoice.version,
          bankReferenceCode: 'RF18539007547034',
        }),
      ],
    });
    const paymentId = paid.invoicePayments.transactions[0].paymentId;
    const salary = await confirmed('POST', '/payments/directsalarypayments', {
      listName: 'Bonus',
      paymentMethod: 'FINNISH_SALARY_TRANSFER',
      paymentDate: '2026-03-17',
      payments: [
        {
          amount: 100,
          recipientBankAccount: SUPPLIER_IBAN,
          recipientName: 'Maija',
          recipientCode: { brnType: 'HETU', code: '010190-123A' },
          currencyCode: 'EUR',
          customId: 'bonus-1',
        },
      ],
    });
    const exported = await svc.api('POST', '/payments/files');
    expect(exported.status, exported.text).toBe(200);
    // the SEK bankgiro transfer cannot be a SEPA credit transfer: it stays queued
    expect(exported.body.notExported).toEqual([
      { paymentId: expect.any(Number), reason: expect.stringContaining('EUR') },
    ]);
    expect(exported.body.files.map((f: { paymentDate: string }) => f.paymentDate).sort()).toEqual([
      '2026-03-16',
      '2026-03-17',
    ]);
    const listed = await svc.api('GET', '/payments/files');
    expect(listed.body.meta.totalCount).toBe(2);
    const xmls: string[] = [];
    for (const file of exported.body.files) {
      const answer = await svc.api('GET', `/payments/files/${file.id}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/xml');
      expect(await pain001Problems(answer.text)).toEqual([]);
      xmls.push(answer.text);
    }
    const all = xmls.join('\n');
    expect(all).toContain('<Cd>SALA</Cd>');
    expect(all).toContain('<Ref>RF18539007547034</Ref>');
    expect(all).toContain(`<EndToEndId>TASE-PAY-${paymentId}</EndToEndId>`);
    expect((await svc.api('GET', `/payments/${paymentId}`)).body.status).toBe('PAYMENT_SENT_TO_BANK');
    expect((await svc.api('GET', `/payments/directsalarypayments/${salary.directSalaryPayment.id}`)).body.status).toBe(
      'PAYMENT_SENT_TO_BANK',
    );
    // nothing left to send: a second run makes no file
    expect((await svc.api('POST', '/payments/files')).body.files).toEqual([]);

    const salaryPaymentId = salary.directSalaryPayment.payments[0].paymentId;
    const imported = await svc.api('POST', '/bankstatements/import', undefined, {
      raw: statement([
        [`TASE-PAY-${paymentId}`, '502.00'],
        [`TASE-PAY-${salaryPaymentId}`, '100.00'],
      ]),
      contentType: 'application/xml',
    });
    expect(imported.status, imported.text).toBe(200);
    const settled = (await svc.api('GET', `/payments/${paymentId}`)).body;
    expect(settled.status).toBe('PAID');
    const listedPaid = await svc.api('GET', `/payments?invoiceId=${invoice.id}`);
    expect(listedPaid.body.results[0]).toMatchObject({ status: 'PAID', paidAmount: 502, paidCurrency: 'EUR' });
    expect((await svc.api('GET', `/invoices/${invoice.id}`)).body.status).toBe('PAID');
    const events = (await svc.api('GET', `/invoices/${invoice.id}/paymentevents`)).body.results;
    expect(events).toMatchObject([{ type: 'BANKSTATEMENT', amount: 502, paymentDate: '2026-03-16' }]);
    expect((await svc.api('GET', `/payments/directsalarypayments/${salary.directSalaryPayment.id}`)).body.status).toBe(
      'PAID',
    );
  });
});

describe('tase admin payments export', () => {
  it('writes the payment files into a directory from the command line', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tase-payments-'));
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: join(dir, 'cli.sqlite'), TASE_MODE: 'sandbox', LOG_LEVEL: 'silent' };
    const tase = (...args: string[]) => run(process.execPath, ['src/main.ts', ...args], { env });
    try {
      const demo = JSON.parse((await tase('seed', 'demo', '--json')).stdout);
      const out = join(dir, 'out');
      const exported = await tase('admin', 'payments', 'export', '--company-id', String(demo.companyId), '--out', out);
      expect(JSON.parse(exported.stdout)).toEqual({ files: [], notExported: [], written: [] });
      expect(existsSync(out)).toBe(true);
      await expect(tase('admin', 'payments', 'export', '--company-id', String(demo.companyId))).rejects.toMatchObject({
        stderr: expect.stringContaining('--out DIR'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A camt.053.001.08 statement of the payer account booking the debits (end-to-end id, amount) on 2026-03-16. */
function statement(debits: [string, string][]): string {
  const entries = debits
    .map(
      ([e2e, amount], i) => `
      <Ntry>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-16</Dt></BookgDt>
        <ValDt><Dt>2026-03-16</Dt></ValDt>
        <AcctSvcrRef>PAY-ARCH-${i + 1}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${e2e}</EndToEndId></Refs>
          <Amt Ccy="EUR">${amount}</Amt>
          <CdtDbtInd>DBIT</CdtDbtInd>
          <RltdPties><Cdtr><Pty><Nm>Toimittaja Oy</Nm></Pty></Cdtr></RltdPties>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>PAY-STMT-1</MsgId><CreDtTm>2026-03-17T05:00:00+02:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>PAY-STMT-1</Id>
      <Acct><Id><IBAN>${PAYER_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal>
        <Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">10000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-16</Dt></Dt>
      </Bal>${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}
