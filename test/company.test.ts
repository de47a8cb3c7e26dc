// The company resource, its usage settings and invoice circulation settings, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { isFinnishBusinessId } from '../src/company/service.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-06-01T08:00:00Z');

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

async function tokenFor(companyId: number, overrides: Record<string, string>, role = 'ADMIN') {
  const user = await svc.admin.createUser({
    username: `c${Math.random().toString(36).slice(2, 10)}`,
    firstName: 'Co',
    lastName: 'User',
    email: 'c@example.com',
  });
  await svc.admin.addMember(companyId, user.userId, role as never, overrides);
  const key = await svc.admin.createApiKey({ companyId, userId: user.userId, clientId: svc.demo.clientId });
  return svc.tokenFor(key.apiKey);
}

describe('GET and PUT /company', () => {
  it('answers the company of the session', async () => {
    const answer = await svc.api('GET', '/company');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      id: svc.demo.companyId,
      name: 'Demo Oy',
      country: 'FINLAND',
      operationType: 'DEMONSTRATION',
      businessIdentifier: { brnType: 'YHD', code: '1234567-1' },
      accountingCoaLanguages: ['fi', 'sv'],
      companyCurrency: 'EUR',
      currencyRateSearchDensity: 'DAILY_EXCHANGE_RATE',
    });
  });

  it('PUT overwrites the details and answers an InfoMessage', async () => {
    const body = {
      name: 'Demo Oy Ab',
      companyAddress: { street: 'Katu 3', zip: '00100', city: 'Helsinki', country: 'FINLAND' },
      billingAddress: { street: 'PL 1', zip: '00101', city: 'Helsinki' },
      mva: false,
      inTradeRegister: true,
      businessIdentifier: { brnType: 'YHD', code: '1234567-1' },
      currencyRateSearchDensity: 'LAST_DAY_OF_THE_MONTH',
    };
    const put = await svc.api('PUT', '/company', body);
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ message: expect.any(String) });
    const after = await svc.api('GET', '/company');
    expect(after.body).toEqual({
      ...body,
      id: svc.demo.companyId,
      country: 'FINLAND',
      operationType: 'DEMONSTRATION',
      companyCurrency: 'EUR',
      accountingCoaLanguages: ['fi', 'sv'],
    });
    // the GET body goes back unchanged; the chart's languages are read-only
    expect((await svc.api('PUT', '/company', after.body)).status).toBe(200);
    expect(
      (await svc.api('PUT', '/company', { ...after.body, accountingCoaLanguages: ['fi'] })).body.errors[0].field,
    ).toBe('accountingCoaLanguages');
    expect((await svc.api('PUT', '/company', { ...after.body, currencyRateSearchDensity: 'MONTHLY' })).status).toBe(
      400,
    );
    // left out: removed
    await svc.api('PUT', '/company', { name: 'Demo Oy Ab', businessIdentifier: { brnType: 'YHD', code: '1234567-1' } });
    expect((await svc.api('GET', '/company')).body.companyAddress).toBeUndefined();
  });

  it('refuses read-only changes and a Finnish business ID with a wrong check digit', async () => {
    const currency = await svc.api('PUT', '/company', { name: 'X', companyCurrency: 'SEK' });
    expect(currency.body.errors[0].field).toBe('companyCurrency');
    const brn = await svc.api('PUT', '/company', {
      name: 'X',
      businessIdentifier: { brnType: 'YHD', code: '1234567-2' },
    });
    expect(brn.body.errors[0]).toMatchObject({ message: 'ERROR_BRN_CODE', field: 'businessIdentifier.code' });
    expect(isFinnishBusinessId('0737546-2')).toBe(true);
    expect(isFinnishBusinessId('0737546-3')).toBe(false);
  });

  it('a company in production usage cannot change its business identifier (403), but may change other details', async () => {
    const production = await svc.admin.createCompany({
      name: 'Tuotanto Oy',
      businessId: '0737546-2',
      contractType: 'PRODUCTION_USAGE',
    });
    const token = await tokenFor(production.companyId, {});
    const change = await svc.request('PUT', '/api/company', {
      token,
      body: { name: 'Tuotanto Oy', businessIdentifier: { brnType: 'YHD', code: '1234567-1' } },
    });
    expect(change.status).toBe(403);
    expect(change.body.errors[0].message).toMatch(/^BUSINESS_IDENTIFIER_CHANGE_NOT_ALLOWED/);
    const rename = await svc.request('PUT', '/api/company', {
      token,
      body: { name: 'Tuotanto Oyj', businessIdentifier: { brnType: 'YHD', code: '0737546-2' } },
    });
    expect(rename.status).toBe(200);
    expect((await svc.request('GET', '/api/company', { token })).body).toMatchObject({
      name: 'Tuotanto Oyj',
      operationType: 'PRODUCTION',
      businessIdentifier: { code: '0737546-2' },
    });
    // a testing company may change it
    const testing = await svc.admin.createCompany({ name: 'Testi Oy', businessId: '0737546-2' });
    const testToken = await tokenFor(testing.companyId, {});
    expect(
      (
        await svc.request('PUT', '/api/company', {
          token: testToken,
          body: { name: 'Testi Oy', businessIdentifier: { brnType: 'YHD', code: '1234567-1' } },
        })
      ).status,
    ).toBe(200);
  });
});

describe('country and currency of a company', () => {
  it('a company is created only with a country and currency of the closed lists GET /company answers in', async () => {
    await expect(svc.admin.createCompany({ name: 'Maa Oy', country: 'FI' })).rejects.toThrow(/unknown country 'FI'/);
    await expect(svc.admin.createCompany({ name: 'Raha Oy', currency: 'EURO' })).rejects.toThrow(
      /unknown currency 'EURO'/,
    );
    const swedish = await svc.admin.createCompany({ name: 'Svensk Bolag AB', country: 'SWEDEN', currency: 'SEK' });
    const token = await tokenFor(swedish.companyId, {});
    const company = await svc.request('GET', '/api/company', { token });
    expect(company.body).toMatchObject({
      id: swedish.companyId,
      country: 'SWEDEN',
      companyCurrency: 'SEK',
      operationType: 'TRIAL',
    });
  });
});

describe('usage and circulation settings', () => {
  it('usage settings: defaults, replace, and the basic-company-info view right', async () => {
    const answer = await svc.api('GET', '/company/usagesettings');
    expect(answer.body).toEqual({
      defaultInvoiceChannel: 'EMAIL',
      cashDiscount: {
        cashDiscountForSales: false,
        cashDiscountForPurchase: false,
        optionList: [],
        cashDiscountsTermType: 'FROM_INV_DATE',
      },
      accountingByRow: {
        salesInvoicePosting: false,
        purchaseInvoicePosting: false,
        travelAndExpenseInvoicePosting: false,
        salaryPosting: false,
      },
    });
    const put = await svc.api('PUT', '/company/usagesettings', {
      defaultInvoiceChannel: 'ELECTRONIC_INVOICE',
      cashDiscount: {
        cashDiscountForSales: true,
        optionList: [
          { numberOfDays: 14, discountPercentage: 1 },
          { numberOfDays: 7, discountPercentage: 2.5 },
        ],
      },
      accountingByRow: { salesInvoicePosting: true },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.cashDiscount).toMatchObject({ cashDiscountForSales: true, cashDiscountForPurchase: false });
    expect(put.body.accountingByRow).toEqual({
      salesInvoicePosting: true,
      purchaseInvoicePosting: false,
      travelAndExpenseInvoicePosting: false,
      salaryPosting: false,
    });
    expect(put.body.cashDiscount.optionList.map((o: { numberOfDays: number }) => o.numberOfDays)).toEqual([7, 14]);
    expect((await svc.api('GET', '/company/usagesettings')).body).toEqual(put.body);
    const denied = await tokenFor(svc.demo.companyId, { 'management.companyInfo': 'NO_ACCESS' });
    const refused = await svc.request('GET', '/api/company/usagesettings', { token: denied });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toContain('management.companyInfo');
    const viewer = await tokenFor(svc.demo.companyId, {}, 'VIEWER');
    expect((await svc.request('GET', '/api/company/usagesettings', { token: viewer })).status).toBe(200);
    expect((await svc.request('PUT', '/api/company/usagesettings', { token: viewer, body: put.body })).status).toBe(
      403,
    );
    expect((await svc.request('PUT', '/api/company', { token: viewer, body: { name: 'X' } })).status).toBe(403);
  });

  it('invoice circulation settings: defaults, verifiers must be users of the company', async () => {
    const defaults = await svc.api('GET', '/company/invoicecirculation/settings');
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({
      useForPurchaseInvoices: false,
      reminderInterval: 'ONCE_A_DAY',
      verifiers: [],
      acceptors: [],
    });
    const userId = 1; // the demo user, first user of a fresh database
    const body = {
      ...defaults.body,
      useForPurchaseInvoices: true,
      verifiers: [{ userId, orderNo: 1 }],
      acceptors: [{ userId: 99999 }],
    };
    const bad = await svc.api('PUT', '/company/invoicecirculation/settings', body);
    expect(bad.body.errors[0].field).toBe('acceptors[0].userId');
    const ok = await svc.api('PUT', '/company/invoicecirculation/settings', { ...body, acceptors: [] });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.verifiers).toEqual([{ userId, firstname: 'Demo', surname: 'User', orderNo: 1 }]);
    // substitutions name users of the company
    const substitution = {
      userId,
      start: '2026-07-01',
      end: '2026-07-31',
      substituteForApproving: userId,
      notes: 'Summer',
    };
    expect(
      (
        await svc.api('PUT', '/company/invoicecirculation/settings', {
          ...ok.body,
          substitutions: [{ ...substitution, substituteForVerifying: 99999 }],
        })
      ).body.errors[0].field,
    ).toBe('substitutions[0].substituteForVerifying');
    expect(
      (
        await svc.api('PUT', '/company/invoicecirculation/settings', {
          ...ok.body,
          substitutions: [{ ...substitution, start: '2026-08-01' }],
        })
      ).status,
    ).toBe(400);
    const substituted = await svc.api('PUT', '/company/invoicecirculation/settings', {
      ...ok.body,
      substitutions: [substitution],
    });
    expect(substituted.status, substituted.text).toBe(200);
    expect(substituted.body.substitutions).toEqual([substitution]);
    expect((await svc.api('GET', '/company/invoicecirculation/settings')).body).toEqual(substituted.body);
  });
});

describe('tenants', () => {
  it('each company reads and writes only its own company and settings', async () => {
    const other = await otherCompany(svc, 'Company Other Oy');
    const ask = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    expect((await ask('GET', '/company')).body).toMatchObject({
      id: other.companyId,
      name: 'Company Other Oy',
      operationType: 'TRIAL',
    });
    expect((await ask('GET', '/company/usagesettings')).body.defaultInvoiceChannel).toBe('EMAIL');
    expect((await ask('GET', '/company/invoicecirculation/settings')).body.verifiers).toEqual([]);
    await ask('PUT', '/company', { name: 'Renamed Other' });
    expect((await svc.api('GET', '/company')).body.name).toBe('Demo Oy Ab');
    const verifier = await ask('PUT', '/company/invoicecirculation/settings', {
      ...(await ask('GET', '/company/invoicecirculation/settings')).body,
      verifiers: [{ userId: 1 }],
    });
    // user 1 (the demo user) is not a user of the other company
    expect(verifier.status).toBe(400);
  });
});
