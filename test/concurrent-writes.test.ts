// Requests that change the same thing at the same moment, over real HTTP: each ends as if they had come one after
// the other (one succeeds, the others get the answer a later request gets), never a 500 and never both. On
// PostgreSQL they really run at once (the embedded engine writes one transaction at a time): money paid or sent
// twice, opening balances booked twice, a webhook without its event, a second 204 for one delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { bankAccountBody, invoiceBody } from './support/bank-bodies.ts';
import { salaryInfoBody, TAX_CARD_2026 } from './support/payroll.ts';
import { person, until } from './mfa-helpers.ts';

let svc: TestService;
let payer: { token: string; userId: number };

type Answer = { status: number; text: string; body: any };
const AT_ONCE = 6;

/** The same request `n` times at once, as `token` (the demo API key's when not given). */
function atOnce(n: number, method: string, path: string, body?: unknown, token?: string): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: n }, () =>
      token ? svc.request(method, `/api${path}`, { token, body }) : svc.api(method, path, body),
    ),
  );
}

const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();
const messages = (answers: Answer[]) =>
  answers.filter((a) => a.status >= 400).map((a) => a.body.errors[0].message.split(':')[0]);

async function ok(method: string, path: string, body?: unknown) {
  const answer = await svc.api(method, path, body);
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
  return answer.body;
}

/** A two-factor request of the payer, confirmed by the sandbox at once: its transaction's result. */
async function confirmed(method: string, path: string, body?: unknown): Promise<any> {
  const started = await svc.request(method, `/api${path}`, { token: payer.token, body });
  expect(started.status, started.text).toBe(202);
  return resultOf(started);
}

function resultOf(started: Answer): Promise<any> {
  return until(async () => {
    const answer = await svc.request('GET', `/api/mfatransactionresult/${started.body.transactionIdentifier}`, {
      token: payer.token,
    });
    return answer.status === 200 ? answer.body : undefined;
  });
}

/** The sum of an account's lines on the approved receipts of March 2026, in cents. */
async function centsOn(account: string): Promise<number> {
  const list = await ok('GET', '/ledgerreceipts?startDate=2026-03-01&endDate=2026-03-31&size=200');
  let total = 0;
  for (const receipt of list.results) {
    const full = await ok('GET', `/ledgerreceipts/${receipt.id}`);
    if (full.status !== 'APPROVED') continue;
    for (const t of full.transactions) if (t.account === account) total += Math.round(t.accountingValue * 100);
  }
  return total;
}

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  await ok(
    'POST',
    '/bankaccounts',
    bankAccountBody('FI2112345600000785', {
      bic: 'HELSFIHH',
      defaultForPayment: true,
      allowPayments: true,
      allowSalaryPayments: true,
    }),
  );
  payer = await person(svc, 'payer');
});
afterAll(() => svc.close());

describe('payments', () => {
  it('pays an invoice once when the same payment is confirmed several times at once', async () => {
    const created = await ok('POST', '/invoices', invoiceBody('PURCHASE_INVOICE', 100, 25.5)); // 125.50
    await ok('PUT', `/invoices/${created.id}/approve`, {});
    const invoice = await ok('GET', `/invoices/${created.id}`);
    const payment = {
      amount: 125.5,
      recipientBankAccount: 'FI7944052020036082',
      recipientBicCode: 'OKOYFIHH',
      paymentMethod: 'FINNISH_BANK_TRANSFER',
      paymentDate: '2026-03-16',
      recipientNameAndAddress: { name: 'Toimittaja Oy' },
      invoiceId: invoice.id,
      invoiceVersion: invoice.version,
    };
    const started = await atOnce(AT_ONCE, 'POST', '/payments', { payments: [payment] }, payer.token);
    const results = await Promise.all(started.filter((s) => s.status === 202).map(resultOf));
    const paid = results.filter((r) => r.invoicePayments.transactions);
    expect(paid).toHaveLength(1);
    for (const r of results.filter((r) => r.invoicePayments.errors))
      expect(r.invoicePayments.errors[0].message).toMatch(/^PAYMENT_EXCEEDS_OPEN_AMOUNT/);
    // the ones refused when asked, before any was confirmed, are the same refusal
    expect(messages(started).every((m) => m === 'PAYMENT_EXCEEDS_OPEN_AMOUNT')).toBe(true);
    const payments = await svc.request('GET', `/api/payments?invoiceIds=${invoice.id}`, { token: payer.token });
    expect(payments.body.results).toHaveLength(1);
  });

  it('sends no cancelled payment to the bank and cancels none that went', async () => {
    // the payments queued before go first: the files below hold only this test's
    expect((await svc.request('POST', '/api/payments/files', { token: payer.token })).status).toBe(200);
    for (let round = 0; round < 4; round++) {
      const transfers = Array.from({ length: 4 }, (_, i) => ({
        amount: 10 + i,
        currencyCode: 'EUR',
        recipientBankAccount: 'FI7944052020036082',
        recipientBicCode: 'OKOYFIHH',
        paymentMethod: 'FINNISH_BANK_TRANSFER',
        paymentDate: '2026-03-16',
        recipientNameAndAddress: { name: 'Toimittaja Oy' },
      }));
      const queued = await confirmed('POST', '/payments/directbanktransfers', { directBankTransfers: transfers });
      const ids: number[] = queued.directBankTransfers.transactions.map((t: { paymentId: number }) => t.paymentId);
      // the sandbox confirms a cancellation within its request: files and cancellations are made at once
      const [exports, cancels] = await Promise.all([
        atOnce(2, 'POST', '/payments/files', undefined, payer.token),
        Promise.all(ids.map((id) => svc.request('PUT', `/api/payments/${id}/cancel`, { token: payer.token }))),
      ]);
      expect(statuses(exports)).toEqual([200, 200]);
      const cancelled = new Set<number>();
      for (const [i, started] of cancels.entries()) {
        // refused when asked (a file had it already), or when confirmed
        if (started.status !== 202) {
          expect(messages([started])).toEqual(['PAYMENT_WRONG_STATUS']);
          continue;
        }
        const outcome = (await resultOf(started)).info;
        if (outcome.errors) expect(outcome.errors[0].message).toMatch(/^PAYMENT_WRONG_STATUS/);
        else cancelled.add(ids[i]);
      }
      const inFiles = exports.flatMap((e) => e.body.files).reduce((n, f) => n + f.numberOfTransactions, 0);
      const list = await svc.request('GET', '/api/payments?size=200', { token: payer.token });
      const status = new Map<number, string>(list.body.results.map((p: any) => [p.id, p.status]));
      for (const id of ids)
        expect(status.get(id)).toBe(cancelled.has(id) ? 'PAYMENT_TRANSACTION_REMOVED' : 'PAYMENT_SENT_TO_BANK');
      expect(inFiles).toBe(ids.length - cancelled.size);
    }
  });
});

describe('one of a kind', () => {
  it('creates one dimension of a name, item of a code, bank account of an IBAN, salary info of a person, webhook of an event', async () => {
    const dimensions = await atOnce(AT_ONCE, 'POST', '/dimensions', { name: 'Kustannuspaikka', items: [] });
    expect(statuses(dimensions)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    expect(new Set(messages(dimensions))).toEqual(new Set(['DIMENSION_NAME_EXISTS']));

    const dimension = dimensions.find((d) => d.status === 200)!.body;
    const items = await atOnce(AT_ONCE, 'POST', `/dimensions/${dimension.id}/items`, { codeName: 'K100' });
    expect(statuses(items)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    expect(new Set(messages(items))).toEqual(new Set(['DIMENSION_ITEM_CODE_NAME_EXISTS']));

    // a replacement is not refused: six at once all succeed, and one allocation stands
    const product = await ok('POST', '/products', {
      type: 'SALES',
      name: 'Tee',
      price: 3,
      discount: 0,
      active: true,
      currency: 'EUR',
    });
    const defaults = `/products/${product.id}/defaults/dimensions/${dimension.id}`;
    const allocation = { id: dimension.id, items: [{ codeName: 'K100', percent: 100 }] };
    expect(statuses(await atOnce(AT_ONCE, 'PUT', defaults, allocation))).toEqual(Array(AT_ONCE).fill(200));
    expect((await ok('GET', defaults)).items).toMatchObject([{ codeName: 'K100', percent: 100 }]);

    const accounts = await atOnce(AT_ONCE, 'POST', '/bankaccounts', bankAccountBody('FI7944052020036082'));
    expect(statuses(accounts)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    expect(new Set(messages(accounts))).toEqual(new Set(['BANK_ACCOUNT_EXISTS']));

    const employee = await ok('POST', '/businesspartners', { name: 'Työntekijä Yksi', type: 'PERSON' });
    const salaryInfo = salaryInfoBody(employee.id, { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' });
    const infos = await atOnce(AT_ONCE, 'POST', '/payrolls/employees/salaryinfo', salaryInfo);
    expect(statuses(infos)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    expect(new Set(messages(infos))).toEqual(new Set(['EMPLOYEE_EXISTS']));

    const hook = { url: 'http://127.0.0.1:9/hook', authenticationType: 'NONE', subscriptions: ['USER_UPDATED'] };
    const hooks = await atOnce(AT_ONCE, 'POST', '/webhooks', hook);
    expect(statuses(hooks)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    const listed = (await ok('GET', '/webhooks')).results;
    expect(listed).toMatchObject([
      { uuid: hooks.find((h) => h.status === 200)!.body.uuid, subscriptions: ['USER_UPDATED'] },
    ]);
  });

  it('deletes once: one 204, the others 404', async () => {
    const product = await ok('POST', '/products', {
      type: 'SALES',
      name: 'Kahvi',
      price: 3,
      discount: 0,
      active: true,
      currency: 'EUR',
    });
    expect(statuses(await atOnce(AT_ONCE, 'DELETE', `/products/${product.id}`))).toEqual([
      204,
      ...Array(AT_ONCE - 1).fill(404),
    ]);
    const webhook = (await ok('GET', '/webhooks')).results[0];
    expect(statuses(await atOnce(AT_ONCE, 'DELETE', `/webhooks/${webhook.uuid}`))).toEqual([
      204,
      ...Array(AT_ONCE - 1).fill(404),
    ]);
    const employee = await ok('POST', '/businesspartners', { name: 'Työntekijä Kaksi', type: 'PERSON' });
    const info = await ok(
      'POST',
      '/payrolls/employees/salaryinfo',
      salaryInfoBody(employee.id, { baseSalaryValue: 2500, baseSalaryType: 'ONE_MONTH' }),
    );
    const card = await ok('POST', `/payrolls/employees/${info.employeeId}/salaryinfo/taxcards`, TAX_CARD_2026);
    const path = `/payrolls/employees/${info.employeeId}/salaryinfo/taxcards/${card.id}`;
    expect(statuses(await atOnce(AT_ONCE, 'DELETE', path))).toEqual([204, ...Array(AT_ONCE - 1).fill(404)]);
  });
});

describe('the books', () => {
  it('adds, closes and reopens a fiscal year once, its opening balances booked and reversed once', async () => {
    const added = await atOnce(AT_ONCE, 'POST', '/fiscalyears', { startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(statuses(added)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    const years = (await ok('GET', '/fiscalyears')).fiscalYears as { id: number; startDate: string }[];
    expect(years.filter((y) => y.startDate === '2025-01-01')).toHaveLength(1);
    const year = added.find((a) => a.status === 200)!.body;
    const receipt = await ok('POST', '/ledgerreceipts', {
      type: 'JOURNAL',
      name: 'Rent of December',
      receiptDate: '2025-12-10',
      vatType: 'PURCHASE',
      vatStatus: 1,
      transactions: [
        { transactionType: 'ENTRY', account: '7000', accountingValue: 800, vatPercent: 0 },
        { transactionType: 'ENTRY', account: '1910', accountingValue: -800, vatPercent: 0 },
      ],
    });
    await ok('PUT', `/ledgerreceipts/${receipt.id}/approve`, {});
    const openings = async () =>
      (await ok('GET', '/ledgerreceipts?startDate=2026-01-01&endDate=2026-01-01&size=200')).results.filter(
        (r: { type: string }) => r.type === 'RECEIPT_FOR_OPENING_ACCOUNTS',
      ).length;

    const closes = await atOnce(4, 'PUT', `/fiscalyears/${year.id}/close`, {});
    expect(statuses(closes)).toEqual([200, 400, 400, 400]);
    expect(new Set(messages(closes))).toEqual(new Set(['FISCAL_YEAR_CLOSED']));
    expect(await openings()).toBe(1);
    const reopens = await atOnce(4, 'PUT', `/fiscalyears/${year.id}/open`, {});
    expect(statuses(reopens)).toEqual([200, 400, 400, 400]);
    // the opening receipt and its one reversal
    expect(await openings()).toBe(2);
  });

  it('closes a period once, with one event in the audit trail', async () => {
    const years = (await ok('GET', '/fiscalyears')).fiscalYears as {
      id: number;
      startDate: string;
      periods: { id: number }[];
    }[];
    const year = years.find((y) => y.startDate === '2026-01-01')!;
    const period = year.periods[1];
    const closes = await atOnce(4, 'PUT', `/fiscalyears/${year.id}/periods/${period.id}/close`, {});
    expect(statuses(closes)).toEqual([200, 400, 400, 400]);
    expect(new Set(messages(closes))).toEqual(new Set(['FISCAL_PERIOD_ALREADY_CLOSED']));
    const trail = (await ok('GET', '/audittrail?size=200')).results as {
      subject: string;
      subjectId: string;
      action: string;
    }[];
    expect(
      trail.filter((e) => e.subject === 'FISCAL_PERIOD' && Number(e.subjectId) === period.id && e.action === 'CLOSE'),
    ).toHaveLength(1);
  });

  it('imports a statement sent several times at once once, then allocates an event once and reverses it once', async () => {
    await ok('POST', '/bankaccounts', bankAccountBody('FI3715903000000776'));
    const xml = readFileSync(join(import.meta.dirname, 'fixtures', 'bank', 'camt053-fi.001.02.xml'), 'utf8');
    const imports = await Promise.all(
      Array.from({ length: 4 }, () =>
        svc.api('POST', '/bankstatements/import', undefined, { raw: xml, contentType: 'application/xml' }),
      ),
    );
    expect(statuses(imports)).toEqual([200, 200, 200, 200]);
    expect(imports.map((i) => i.body.statements.imported).sort()).toEqual([0, 0, 0, 1]);
    expect((await ok('GET', '/bankstatements')).results).toHaveLength(1);
    const statement = (await ok('GET', '/bankstatements')).results[0];
    const withdrawal = statement.events.find((e: { sum: number }) => e.sum === -420.1);
    const path = `/bankstatements/${statement.id}/events/${withdrawal.id}/metadata`;
    const before = await centsOn('7000');
    const rows = { allocationMetadataRows: [{ vatPercentage: 0, sum: -420.1, ledgerAccountCode: '7000' }] };
    const allocations = await atOnce(AT_ONCE, 'PUT', path, rows);
    expect(statuses(allocations)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
    expect(new Set(messages(allocations))).toEqual(new Set(['BANK_ENTRY_ALREADY_ALLOCATED']));
    expect(await centsOn('7000')).toBe(before + 42010);
    const removals = await atOnce(AT_ONCE, 'DELETE', path);
    expect(statuses(removals)).toEqual([204, ...Array(AT_ONCE - 1).fill(400)]);
    expect(new Set(messages(removals))).toEqual(new Set(['BANK_ENTRY_NOT_ALLOCATED']));
    expect(await centsOn('7000')).toBe(before);
  });
});
