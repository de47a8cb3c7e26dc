// Bank accounts of the company: IBAN/BIC validation, payment flags, defaults, PUT rules, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-06-01T08:00:00Z');
const account = {
  iban: 'FI21 1234 5600 0007 85',
  bic: 'NDEAFIHH',
  bankName: 'Nordea',
  currency: 'EUR',
  defaultForInvoice: true,
  defaultForPayment: true,
  status: 'ACTIVE',
  ledgerAccount: '1910',
  showAccountOnInvoice: true,
  allowPayments: true,
  allowForeignPayments: false,
  allowSalaryPayments: true,
  allowExpressPayments: false,
};

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

describe('POST and PUT /bankaccounts', () => {
  let created: Record<string, unknown> & { id: number; version: string };

  it('adds an account: IBAN normalized, BBAN derived', async () => {
    const answer = await svc.api('POST', '/bankaccounts', account);
    expect(answer.status, answer.text).toBe(200);
    created = answer.body;
    expect(created).toEqual({
      ...account,
      id: expect.any(Number),
      iban: 'FI2112345600000785',
      accountNumber: '12345600000785',
      bankConnection: 'WEB_SERVICES',
      created: '2026-06-01T08:00:00',
      version: '2026-06-01T08:00:00.000',
    });
    expect((await svc.api('GET', `/bankaccounts/${created.id}`)).body).toEqual(created);
    expect((await svc.api('POST', '/bankaccounts', account)).body.errors[0]).toMatchObject({
      message: 'BANK_ACCOUNT_EXISTS',
      field: 'iban',
    });
  });

  it('validates IBAN and BIC, reporting them together', async () => {
    const answer = await svc.api('POST', '/bankaccounts', { ...account, iban: 'FI2112345600000786', bic: 'NOTABIC!' });
    expect(answer.body.errors).toEqual([
      { status: 400, message: 'INVALID_IBAN', field: 'iban' },
      { status: 400, message: 'INVALID_BIC', field: 'bic' },
    ]);
    const foreignBic = await svc.api('POST', '/bankaccounts', {
      ...account,
      iban: 'FI3715903000000776',
      bic: 'ESSESESS',
    });
    expect(foreignBic.body.errors[0]).toMatchObject({ message: 'BIC_COUNTRY_DOES_NOT_MATCH_IBAN', field: 'bic' });
  });

  it('keeps one default account for payments and invoices', async () => {
    const second = await svc.api('POST', '/bankaccounts', {
      ...account,
      iban: 'FI7944052020036082',
      bic: 'HELSFIHH',
      defaultForInvoice: false,
    });
    expect(second.status, second.text).toBe(200);
    const first = (await svc.api('GET', `/bankaccounts/${created.id}`)).body;
    expect(first.defaultForPayment).toBe(false);
    expect(first.defaultForInvoice).toBe(true);
    created = first;
    const list = await svc.api('GET', '/bankaccounts');
    expect(list.body.results.filter((a: { defaultForPayment: boolean }) => a.defaultForPayment)).toHaveLength(1);
  });

  it('PUT changes flags; IBAN and currency cannot change; a stale version is refused; INACTIVE clears every flag', async () => {
    clock.advance(1000);
    const put = await svc.api('PUT', `/bankaccounts/${created.id}`, {
      ...account,
      iban: 'FI2112345600000785',
      allowForeignPayments: true,
      allowExpressPayments: true,
      version: created.version,
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ allowForeignPayments: true, allowExpressPayments: true });
    const stale = await svc.api('PUT', `/bankaccounts/${created.id}`, { ...account, version: created.version });
    expect(stale.body.errors[0].field).toBe('version');
    const immutable = await svc.api('PUT', `/bankaccounts/${created.id}`, {
      ...account,
      iban: 'FI3715903000000776',
      currency: 'SEK',
      bic: undefined,
      version: put.body.version,
    });
    expect(immutable.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'BANK_ACCOUNT_IBAN_CANNOT_BE_CHANGED',
      'BANK_ACCOUNT_CURRENCY_CANNOT_BE_CHANGED',
    ]);
    const unversioned = await svc.api('PUT', `/bankaccounts/${created.id}`, { ...account, status: 'INACTIVE' });
    expect(unversioned.body.errors).toEqual([
      { status: 400, message: expect.stringMatching(/^VERSION_REQUIRED/), field: 'version' },
    ]);
    clock.advance(1000);
    const inactive = await svc.api('PUT', `/bankaccounts/${created.id}`, {
      ...account,
      status: 'INACTIVE',
      withholdingTax: true,
      version: put.body.version,
    });
    expect(inactive.body).toMatchObject({
      status: 'INACTIVE',
      allowPayments: false,
      allowSalaryPayments: false,
      defaultForPayment: false,
      defaultForInvoice: false,
      showAccountOnInvoice: false,
      withholdingTax: false,
    });
    expect((await svc.api('PUT', '/bankaccounts/999999', { ...account, version: put.body.version })).status).toBe(404);
  });

  it('keeps the aliases of an account (associatedAccounts) and the withholding-tax flag', async () => {
    const body = {
      ...account,
      iban: 'SE4550000000058398257466',
      bic: 'ESSESESS',
      currency: 'SEK',
      defaultForInvoice: false,
      defaultForPayment: false,
      allowPayments: false,
      associatedAccounts: [{ type: 'BANKGIRO', accountNumber: '5050-1055' }],
      withholdingTax: false,
    };
    const created = await svc.api('POST', '/bankaccounts', body);
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      associatedAccounts: [{ type: 'BANKGIRO', accountNumber: '5050-1055' }],
      withholdingTax: false,
    });
    const put = await svc.api('PUT', `/bankaccounts/${created.body.id}`, {
      ...body,
      associatedAccounts: [{ type: 'PLUSGIRO', accountNumber: '4711-2' }],
      version: created.body.version,
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.associatedAccounts).toEqual([{ type: 'PLUSGIRO', accountNumber: '4711-2' }]);
    const bad = await svc.api('POST', '/bankaccounts', {
      ...body,
      iban: 'SE3550000000054910000003',
      associatedAccounts: [{ type: 'GIRO', accountNumber: '1' }],
    });
    expect(bad.body.errors[0]).toMatchObject({ status: 400, field: 'associatedAccounts[0].type' });
  });

  it('an account on an old-style bank connection that sets a payment flag to true answers 400', async () => {
    const old = {
      ...account,
      iban: 'FI3715903000000776',
      bic: 'DABAFIHH',
      bankConnection: 'OLD_CONNECTION',
      defaultForPayment: false,
      defaultForInvoice: false,
    };
    const refused = await svc.api('POST', '/bankaccounts', old);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'allowPayments',
      'allowSalaryPayments',
    ]);
    expect(refused.body.errors[0].message).toBe('PAYMENT_FLAGS_NOT_ALLOWED_ON_OLD_BANK_CONNECTION');
    const created = await svc.api('POST', '/bankaccounts', {
      ...old,
      allowPayments: false,
      allowSalaryPayments: false,
    });
    expect(created.status, created.text).toBe(200);
    const version = created.body.version;
    const flag = await svc.api('PUT', `/bankaccounts/${created.body.id}`, {
      ...old,
      allowPayments: false,
      allowSalaryPayments: false,
      allowExpressPayments: true,
      version,
    });
    expect(flag.body.errors).toEqual([
      { status: 400, message: 'PAYMENT_FLAGS_NOT_ALLOWED_ON_OLD_BANK_CONNECTION', field: 'allowExpressPayments' },
    ]);
    const reconnect = await svc.api('PUT', `/bankaccounts/${created.body.id}`, {
      ...old,
      allowPayments: false,
      allowSalaryPayments: false,
      bankConnection: 'WEB_SERVICES',
      version,
    });
    expect(reconnect.body.errors[0].field).toBe('bankConnection');
  });
});

describe('ledger account', () => {
  it('must be an active account of the chart, on POST and PUT, reported with the other failures', async () => {
    const body = {
      ...account,
      iban: 'DE89370400440532013000',
      bic: 'COBADEFF',
      defaultForInvoice: false,
      defaultForPayment: false,
    };
    const unknown = await svc.api('POST', '/bankaccounts', { ...body, ledgerAccount: '1999', bic: 'NOTABIC!' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { status: 400, message: 'INVALID_BIC', field: 'bic' },
      { status: 400, message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', field: 'ledgerAccount' },
    ]);
    const created = await svc.api('POST', '/bankaccounts', { ...body, ledgerAccount: '1920' });
    expect(created.status, created.text).toBe(200);
    expect((await svc.api('PATCH', '/coa/1920', { active: false })).status).toBe(200);
    try {
      const put = await svc.api('PUT', `/bankaccounts/${created.body.id}`, {
        ...body,
        ledgerAccount: '1920',
        bankName: 'Commerzbank',
        version: created.body.version,
      });
      expect(put.body.errors).toEqual([
        { status: 400, message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', field: 'ledgerAccount' },
      ]);
      const moved = await svc.api('PUT', `/bankaccounts/${created.body.id}`, {
        ...body,
        ledgerAccount: '1910',
        version: created.body.version,
      });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.ledgerAccount).toBe('1910');
    } finally {
      expect((await svc.api('PATCH', '/coa/1920', { active: true })).status).toBe(200);
    }
  });
});

describe('rights and tenants', () => {
  it('needs the company-info right to change accounts', async () => {
    const user = await svc.admin.createUser({
      username: 'bankviewer',
      firstName: 'Bank',
      lastName: 'Viewer',
      email: 'bv@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'VIEWER');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', '/api/bankaccounts', { token })).status).toBe(200);
    expect(
      (
        await svc.request('POST', '/api/bankaccounts', {
          token,
          body: { ...account, iban: 'DE89370400440532013000', bic: undefined },
        })
      ).status,
    ).toBe(403);
  });

  it('another company gets 404 for this company’s accounts and may add the same IBAN for itself', async () => {
    const mine = (await svc.api('GET', '/bankaccounts')).body.results[0];
    const other = await otherCompany(svc, 'Bank Other Oy');
    const ask = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    expect((await ask('GET', `/bankaccounts/${mine.id}`)).status).toBe(404);
    expect((await ask('PUT', `/bankaccounts/${mine.id}`, { ...account, version: mine.version })).status).toBe(404);
    expect((await ask('GET', '/bankaccounts')).body.results).toEqual([]);
    expect((await ask('POST', '/bankaccounts', account)).status).toBe(200);
  });
});
