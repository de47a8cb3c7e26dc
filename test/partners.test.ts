// Business partners, partner groups, default products/accounts/dimensions and factoring contracts, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import type { PartnerDefaultDimensionChange } from '../src/dimensions/hooks.ts';
import { partnerExists } from '../src/partners/store.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-02T08:00:00Z');
const customer = {
  name: 'Asiakas Oy',
  type: 'CUSTOMER',
  address: { name: 'Asiakas Oy', street: 'Katu 1', zip: '00100', city: 'Helsinki', country: 'FINLAND' },
  invoicingInfo: {
    customerNumber: 'C-1',
    identifier: '1234567-8',
    identifierType: 'YHD',
    email: 'billing@asiakas.fi',
    bccAddresses: ['copy@asiakas.fi'],
    language: 'FINNISH',
  },
  paymentInfo: { paymentMethod: 'BANK_TRANSFER', paymentTermDays: '14', penalInterestRate: 8.5 },
  registryInfo: { phone: '+358 40 123' },
};
const changes: PartnerDefaultDimensionChange[] = [];

async function tokenWith(overrides: Record<string, string>) {
  const user = await svc.admin.createUser({
    username: `u${Math.random().toString(36).slice(2, 10)}`,
    firstName: 'Limited',
    lastName: 'User',
    email: 'l@example.com',
  });
  await svc.admin.addMember(svc.demo.companyId, user.userId, 'ADMIN', overrides);
  const key = await svc.admin.createApiKey({
    companyId: svc.demo.companyId,
    userId: user.userId,
    clientId: svc.demo.clientId,
  });
  return svc.tokenFor(key.apiKey);
}

async function create(body: Record<string, unknown>) {
  const answer = await svc.api('POST', '/businesspartners', body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  svc = await startService({ clock });
  svc.app.services.dimensions.partnerDefaultsChanged.add(async (_trx, change) => {
    changes.push(change);
  });
});
afterAll(() => svc.close());

describe('create and read', () => {
  it('creates a customer answering 200 with id, version and registryInfo.active', async () => {
    const partner = await create(customer);
    expect(partner).toEqual({
      ...customer,
      id: expect.any(Number),
      registryInfo: { phone: '+358 40 123', active: true },
      version: '2026-03-02T08:00:00.000',
    });
    expect((await svc.api('GET', `/businesspartners/${partner.id}`)).body).toEqual(partner);
    expect(await partnerExists(svc.app.ctx.db, svc.demo.companyId, partner.id)).toBe(true);
  });

  it('needs name and type, and knows the types', async () => {
    const answer = await svc.api('POST', '/businesspartners', { registryInfo: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'type']);
    expect((await svc.api('POST', '/businesspartners', { name: 'X', type: 'ALIEN' })).status).toBe(400);
    expect(
      (
        await svc.api('POST', '/businesspartners', {
          name: 'X',
          type: 'SUPPLIER',
          address: { name: 'X', country: 'FI' },
        })
      ).body.errors[0].field,
    ).toBe('address.country');
  });

  it('checks bcc addresses: at most 4, none equal to the main address, no special characters, at most 256 characters', async () => {
    const tooMany = await svc.api('POST', '/businesspartners', {
      ...customer,
      invoicingInfo: { bccAddresses: ['a@x.fi', 'b@x.fi', 'c@x.fi', 'd@x.fi', 'e@x.fi'] },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].field).toBe('invoicingInfo.bccAddresses');
    const tooLong = await svc.api('POST', '/businesspartners', {
      ...customer,
      invoicingInfo: { bccAddresses: [`${'a'.repeat(250)}@x.fi${'i'.repeat(10)}`] },
    });
    expect(tooLong.body.errors[0].field).toBe('invoicingInfo.bccAddresses[0]');
    const rules = await svc.api('POST', '/businesspartners', {
      ...customer,
      invoicingInfo: { email: 'Main@x.fi', bccAddresses: ['main@x.fi', 'bad!addr@x.fi', 'ok@x.fi', 'no spaces@x.fi'] },
    });
    expect(rules.status).toBe(400);
    expect(rules.body.errors).toEqual([
      { status: 400, message: 'BCC_ADDRESS_EQUALS_MAIN_ADDRESS', field: 'invoicingInfo.bccAddresses[0]' },
      { status: 400, message: 'BCC_ADDRESS_INVALID', field: 'invoicingInfo.bccAddresses[1]' },
      { status: 400, message: 'BCC_ADDRESS_INVALID', field: 'invoicingInfo.bccAddresses[3]' },
    ]);
    await create({
      ...customer,
      name: 'Four bcc',
      invoicingInfo: { email: 'm@x.fi', bccAddresses: ['a@x.fi', 'b@x.fi', 'c@x.fi', 'd@x.fi'] },
    });
  });

  it('answers batches of partners, ordered and without duplicates', async () => {
    const a = await create({ name: 'Batch A', type: 'SUPPLIER' });
    const b = await create({ name: 'Batch B', type: 'CUSTOMER' });
    const batch = await svc.api('GET', `/businesspartners/${b.id},${a.id},${a.id},999999,abc`);
    expect(batch.body.map((p: { id: number }) => p.id)).toEqual([a.id, b.id]);
    const one = await svc.api('GET', `/businesspartners/${a.id},999999`);
    expect(Array.isArray(one.body)).toBe(true);
    expect((await svc.api('GET', '/businesspartners/999998,999999')).status).toBe(404);
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    expect((await svc.api('GET', `/businesspartners/${tooMany}`)).status).toBe(400);
  });
});

describe('search', () => {
  it('filters by type, registryInfo.active (default true) and modification date, paged', async () => {
    clock.set('2026-04-01T10:00:00Z');
    const inactive = await create({ name: 'Sleeping Supplier', type: 'SUPPLIER', registryInfo: { active: false } });
    const fresh = await create({ name: 'Fresh Supplier', type: 'SUPPLIER', invoicingInfo: { customerNumber: 'S-9' } });
    const suppliers = await svc.api('GET', '/businesspartners?type=SUPPLIER&size=200');
    const ids = suppliers.body.results.map((p: { id: number }) => p.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(inactive.id);
    expect(suppliers.body.results.every((p: { type: string }) => p.type === 'SUPPLIER')).toBe(true);
    const passive = await svc.api('GET', '/businesspartners?active=false');
    expect(passive.body.results.map((p: { id: number }) => p.id)).toEqual([inactive.id]);
    expect(passive.body.results[0]).toEqual({
      id: inactive.id,
      name: 'Sleeping Supplier',
      type: 'SUPPLIER',
      registryInfo: { active: false },
      version: '2026-04-01T10:00:00.000',
    });
    const recent = await svc.api(
      'GET',
      '/businesspartners?versionStartDate=2026-04-01T00:00:00&versionEndDate=2026-04-01',
    );
    expect(recent.body.results.map((p: { id: number }) => p.id)).toEqual([fresh.id]);
    expect(recent.body.results[0].invoicingInfo).toEqual({ customerNumber: 'S-9' });
    const byNumber = await svc.api('GET', '/businesspartners?customerNumber=S-9');
    expect(byNumber.body.meta.totalCount).toBe(1);
    const byHeader = await svc.api('GET', '/businesspartners', undefined, { headers: { name: 'Fresh' } });
    expect(byHeader.body.results.map((p: { id: number }) => p.id)).toEqual([fresh.id]);
    const paged = await svc.api('GET', '/businesspartners?size=2&page=0');
    expect(paged.body.meta).toMatchObject({ pageNumber: 0, pageSize: 2, resultCount: 2 });
    const next = await svc.api('GET', `/businesspartners?size=2&previousId=${paged.body.results[1].id}`);
    expect(next.body.results[0].id).toBeGreaterThan(paged.body.results[1].id);
  });
});

describe('PUT and PATCH', () => {
  it('PUT overwrites: nested fields left out are removed; PATCH merges nested objects and null clears', async () => {
    const partner = await create(customer);
    clock.advance(1000);
    const put = await svc.api('PUT', `/businesspartners/${partner.id}`, {
      name: 'Asiakas Oy',
      type: 'CUSTOMER',
      invoicingInfo: { customerNumber: 'C-2' },
      version: partner.version,
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({
      id: partner.id,
      name: 'Asiakas Oy',
      type: 'CUSTOMER',
      invoicingInfo: { customerNumber: 'C-2' },
      registryInfo: { active: true },
      version: expect.any(String),
    });
    expect(put.body.version > partner.version).toBe(true);

    clock.advance(1000);
    const patched = await svc.api('PATCH', `/businesspartners/${partner.id}`, {
      version: put.body.version,
      invoicingInfo: { email: 'new@asiakas.fi' },
      paymentInfo: { paymentMethod: 'CASH', penalInterestRate: 7.25 },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.invoicingInfo).toEqual({ customerNumber: 'C-2', email: 'new@asiakas.fi' });
    expect(patched.text).toContain('"penalInterestRate":7.25');

    const cleared = await svc.api('PATCH', `/businesspartners/${partner.id}?version=${patched.body.version}`, {
      invoicingInfo: { customerNumber: null },
      paymentInfo: null,
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.invoicingInfo).toEqual({ email: 'new@asiakas.fi' });
    expect(cleared.body.paymentInfo).toBeUndefined();
  });

  it('refuses a stale version, a PATCH without version, a type change and null on a required field', async () => {
    const partner = await create({ name: 'Locked', type: 'CUSTOMER' });
    clock.advance(1000);
    const first = await svc.api('PATCH', `/businesspartners/${partner.id}`, {
      version: partner.version,
      name: 'Locked 2',
    });
    expect(first.status).toBe(200);
    const stale = await svc.api('PATCH', `/businesspartners/${partner.id}`, {
      version: partner.version,
      name: 'Locked 3',
    });
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].field).toBe('version');
    const stalePut = await svc.api('PUT', `/businesspartners/${partner.id}`, {
      name: 'Locked 4',
      type: 'CUSTOMER',
      version: partner.version,
    });
    expect(stalePut.body.errors[0].field).toBe('version');
    const missing = await svc.api('PATCH', `/businesspartners/${partner.id}`, { name: 'No version' });
    expect(missing.body.errors[0].message).toMatch(/^VERSION_REQUIRED/);
    const retype = await svc.api('PUT', `/businesspartners/${partner.id}`, { name: 'Locked', type: 'SUPPLIER' });
    expect(retype.body.errors[0]).toMatchObject({ message: 'PARTNER_TYPE_CANNOT_BE_CHANGED', field: 'type' });
    const nullName = await svc.api('PATCH', `/businesspartners/${partner.id}`, {
      version: first.body.version,
      name: null,
    });
    expect(nullName.status).toBe(400);
    expect(nullName.body.errors[0].field).toBe('name');
    expect((await svc.api('PUT', '/businesspartners/999999', { name: 'X', type: 'CUSTOMER' })).status).toBe(404);
  });
});

describe('partner groups and factoring contracts', () => {
  it('attaches groups of the same type and reports unknown or mismatched groups', async () => {
    const group = await svc.api('POST', '/businesspartners/groups', { name: 'Export', type: 'CUSTOMER' });
    expect(group.body).toEqual({ id: expect.any(Number), name: 'Export', type: 'CUSTOMER', active: true });
    const supplierGroup = await svc.api('POST', '/businesspartners/groups', { name: 'Raw', type: 'SUPPLIER' });
    const partner = await create({
      name: 'Grouped',
      type: 'CUSTOMER',
      registryInfo: { partnerGroups: [{ id: group.body.id }] },
    });
    expect(partner.registryInfo.partnerGroups).toEqual([group.body]);
    const wrong = await svc.api('POST', '/businesspartners', {
      name: 'G2',
      type: 'CUSTOMER',
      registryInfo: { partnerGroups: [{ id: supplierGroup.body.id }, { id: 99999 }] },
    });
    expect(wrong.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'PARTNER_GROUP_TYPE_MISMATCH',
      'PARTNER_GROUP_NOT_FOUND',
    ]);
    const byGroup = await svc.api('GET', '/businesspartners?partnerGroup=Export');
    expect(byGroup.body.results.map((p: { id: number }) => p.id)).toEqual([partner.id]);
    const groups = await svc.api('GET', '/businesspartners/groups?type=CUSTOMER');
    expect(groups.body.results).toEqual([group.body]);
    const renamed = await svc.api('PUT', `/businesspartners/groups/${group.body.id}`, {
      name: 'Export EU',
      type: 'CUSTOMER',
      active: false,
    });
    expect(renamed.body).toEqual({ ...group.body, name: 'Export EU', active: false });
    expect(
      (await svc.api('PUT', `/businesspartners/groups/${group.body.id}`, { name: 'Export EU', type: 'SUPPLIER' })).body
        .errors[0].message,
    ).toBe('PARTNER_GROUP_TYPE_MISMATCH');
  });

  it('creates factoring contracts and attaches one to a partner; Swedish contracts need a Swedish company', async () => {
    const contract = await svc.api('POST', '/factoringcontracts', {
      financingCompany: { id: 'OPF', name: 'OP Factoring' },
      financingCompanyBankAccount: 'FI21 1234 5600 0007 85',
      contractNumber: 'F-100',
      status: 'ACTIVE',
    });
    expect(contract.status, contract.text).toBe(200);
    expect(contract.body).toMatchObject({
      id: expect.any(Number),
      financingCompanyBankAccount: 'FI2112345600000785',
      contractNumber: 'F-100',
    });
    expect((await svc.api('GET', '/factoringcontracts')).body.results).toEqual([contract.body]);
    const badIban = await svc.api('POST', '/factoringcontracts', {
      ...contract.body,
      id: undefined,
      financingCompanyBankAccount: 'FI2112345600000786',
    });
    expect(badIban.body.errors[0]).toMatchObject({ message: 'INVALID_IBAN', field: 'financingCompanyBankAccount' });
    const partner = await create({
      name: 'Factored',
      type: 'CUSTOMER',
      paymentInfo: { paymentMethod: 'BANK_TRANSFER', factoringContractId: contract.body.id },
    });
    expect(partner.paymentInfo.factoringContractId).toBe(contract.body.id);
    const unknown = await svc.api('POST', '/businesspartners', {
      name: 'F2',
      type: 'CUSTOMER',
      paymentInfo: { paymentMethod: 'BANK_TRANSFER', factoringContractId: 9999 },
    });
    expect(unknown.body.errors[0]).toMatchObject({
      message: 'FACTORING_CONTRACT_NOT_FOUND',
      field: 'paymentInfo.factoringContractId',
    });
    expect((await svc.api('GET', '/se/factoringcontracts')).body.errors[0].message).toMatch(
      /^SWEDISH_ENVIRONMENT_ONLY/,
    );

    const swedish = await svc.admin.createCompany({ name: 'Svensk AB', country: 'SWEDEN', currency: 'SEK' });
    const user = await svc.admin.createUser({
      username: 'svensk',
      firstName: 'Sven',
      lastName: 'Svensson',
      email: 's@example.se',
    });
    await svc.admin.addMember(swedish.companyId, user.userId, 'ADMIN');
    const key = await svc.admin.createApiKey({
      companyId: swedish.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', '/api/se/factoringcontracts', { token })).status).toBe(404);
    const se = await svc.request('POST', '/api/se/factoringcontracts', {
      token,
      body: {
        financingCompanyName: 'SE Finans',
        financingCompanyBankAccount: 'SE4550000000058398257466',
        contractNumber: 'S-1',
        transferNotification: [{ lang: 'SWEDISH', notification: 'Fakturan har överlåtits till SE Finans.' }],
      },
    });
    expect(se.status, se.text).toBe(200);
    expect(se.body).toEqual({
      id: expect.any(Number),
      financingCompanyName: 'SE Finans',
      financingCompanyBankAccount: 'SE4550000000058398257466',
      contractNumber: 'S-1',
      transferNotification: [{ lang: 'SWEDISH', notification: 'Fakturan har överlåtits till SE Finans.' }],
      status: 'ACTIVE',
    });
    expect((await svc.request('GET', '/api/se/factoringcontracts', { token })).body).toEqual(se.body);
    const old = await svc.request('POST', '/api/se/factoringcontracts', {
      token,
      body: {
        financingCompany: { name: 'SE Finans' },
        financingCompanyBankAccount: 'SE4550000000058398257466',
        contractNumber: 'S-2',
      },
    });
    expect(old.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'financingCompany',
      'financingCompanyName',
    ]);
  });
});

describe('defaults of a partner', () => {
  let partnerId: number;
  let dimension: { id: number };
  beforeAll(async () => {
    partnerId = (await create({ name: 'Defaults Oy', type: 'SUPPLIER' })).id;
    dimension = (
      await svc.api('POST', '/dimensions', {
        name: 'Project',
        items: [{ codeName: 'P1' }, { codeName: 'P2' }, { codeName: 'P0', status: 'P' }],
      })
    ).body;
  });

  it('stores default dimensions with every rule, and calls the payroll hook in the same transaction', async () => {
    changes.length = 0;
    const put = await svc.api('PUT', `/businesspartners/${partnerId}/defaults/dimensions/${dimension.id}`, {
      items: [
        { codeName: 'P1', percent: 25 },
        { codeName: 'P2', percent: 75 },
      ],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.items.map((i: { codeName: string; percent: number }) => [i.codeName, i.percent])).toEqual([
      ['P1', 25],
      ['P2', 75],
    ]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ companyId: svc.demo.companyId, partnerId, dimensionId: dimension.id });
    expect(changes[0].items.map((i) => i.percent.toFixed())).toEqual(['25', '75']);
    const bad = await svc.api('PUT', `/businesspartners/${partnerId}/defaults/dimensions/${dimension.id}`, {
      items: [
        { codeName: 'P0', percent: 50 },
        { codeName: 'P1', percent: 40 },
      ],
    });
    expect(bad.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION',
      'DIMENSION_PERCENTAGES_MUST_SUM_TO_100',
    ]);
    expect(changes).toHaveLength(1);
    expect((await svc.api('GET', `/businesspartners/${partnerId}/defaults/dimensions`)).body).toEqual([put.body]);
    expect((await svc.api('GET', `/businesspartners/${partnerId}/defaults/dimensions/${dimension.id}`)).body).toEqual(
      put.body,
    );
    expect((await svc.api('GET', `/businesspartners/999999/defaults/dimensions/${dimension.id}`)).status).toBe(404);
    expect(
      (await svc.api('PUT', `/businesspartners/${partnerId}/defaults/dimensions/999999`, { items: [] })).status,
    ).toBe(404);
  });

  it('a failing hook rolls the change back', async () => {
    const failing = async () => {
      throw new Error('payroll refused');
    };
    svc.app.services.dimensions.partnerDefaultsChanged.add(async (_trx, change) => {
      if (change.items.length === 1) await failing();
    });
    const answer = await svc.api('PUT', `/businesspartners/${partnerId}/defaults/dimensions/${dimension.id}`, {
      items: [{ codeName: 'P1', percent: 100 }],
    });
    expect(answer.status).toBe(500);
    expect(
      (await svc.api('GET', `/businesspartners/${partnerId}/defaults/dimensions/${dimension.id}`)).body.items,
    ).toHaveLength(2);
  });

  it('default products: every product must exist', async () => {
    const product = await svc.api('POST', '/products', {
      type: 'PURCHASE',
      name: 'Paper',
      price: 3.5,
      discount: 0,
      active: true,
      currency: 'EUR',
    });
    expect((await svc.api('GET', `/businesspartners/${partnerId}/defaults/products`)).body).toEqual([]);
    const put = await svc.api('PUT', `/businesspartners/${partnerId}/defaults/products`, [
      {
        productId: product.body.id,
        defaultSettings: { useSpecialPrice: true, specialPrice: 3.25 },
        validityPeriods: [{ startDate: '2026-01-01', endDate: '2026-12-31' }],
      },
    ]);
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual([
      {
        id: expect.any(Number),
        productInfo: product.body,
        defaultSettings: { useSpecialPrice: true, specialPrice: 3.25 },
        validityPeriods: [{ startDate: '2026-01-01', endDate: '2026-12-31' }],
      },
    ]);
    expect((await svc.api('GET', `/businesspartners/${partnerId}/defaults/products`)).body).toEqual(put.body);
    const missing = await svc.api('PUT', `/businesspartners/${partnerId}/defaults/products`, [{ productId: 999999 }]);
    expect(missing.body.errors[0]).toMatchObject({ message: 'PRODUCT_NOT_FOUND', field: '[0].productId' });
  });

  it('default accounts need supplier-register access (403 without)', async () => {
    expect((await svc.api('GET', `/businesspartners/${partnerId}/defaults/accounts`)).body).toEqual({});
    const accounts = {
      vatPercent: 25.5,
      vatStatus: 1,
      purchaseInvoiceAccounts: { debitAccount: { code: '4000', name: 'Purchases' }, creditAccount: { code: '2871' } },
    };
    const put = await svc.api('PUT', `/businesspartners/${partnerId}/defaults/accounts`, accounts);
    // each account is answered with its name in the chart
    const named = {
      ...accounts,
      purchaseInvoiceAccounts: {
        debitAccount: { code: '4000', name: 'Ostot' },
        creditAccount: { code: '2871', name: 'Ostovelat' },
      },
    };
    expect(put.body).toEqual(named);
    expect((await svc.api('GET', `/businesspartners/${partnerId}/defaults/accounts`)).body).toEqual(named);
    const token = await tokenWith({ 'purchases.supplierRegister': 'NO_ACCESS' });
    const customerId = (await create({ name: 'Only customer', type: 'CUSTOMER' })).id;
    const denied = await svc.request('GET', `/api/businesspartners/${customerId}/defaults/accounts`, { token });
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0].message).toContain('purchases.supplierRegister');
    expect((await svc.request('GET', `/api/businesspartners/${customerId}`, { token })).status).toBe(200);
  });
});

describe('ledger accounts of a partner', () => {
  it('default accounts must be active accounts of the chart; every failure is reported together and nothing is stored', async () => {
    const partnerId = (await create({ name: 'Accounts Oy', type: 'SUPPLIER' })).id;
    const good = { purchaseInvoiceAccounts: { debitAccount: { code: '4450' }, creditAccount: { code: '2871' } } };
    expect((await svc.api('PUT', `/businesspartners/${partnerId}/defaults/accounts`, good)).status).toBe(200);
    expect((await svc.api('PATCH', '/coa/7000', { active: false })).status).toBe(200);
    try {
      const bad = await svc.api('PUT', `/businesspartners/${partnerId}/defaults/accounts`, {
        vatPercent: 25.5,
        salesInvoiceAccounts: { debitAccount: { code: '1700' }, creditAccount: { code: '3004' } },
        purchaseInvoiceAccounts: {
          debitAccount: { code: '7000' },
          creditAccount: { code: '2871' },
          reconciliationAccount: { code: 'X1' },
        },
        journalAccounts: { debitAccount: { code: '1910' } },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([
        {
          status: 400,
          message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE',
          field: 'salesInvoiceAccounts.creditAccount.code',
        },
        {
          status: 400,
          message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE',
          field: 'purchaseInvoiceAccounts.debitAccount.code',
        },
        {
          status: 400,
          message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE',
          field: 'purchaseInvoiceAccounts.reconciliationAccount.code',
        },
      ]);
      const stored = await svc.api('GET', `/businesspartners/${partnerId}/defaults/accounts`);
      expect(stored.body).toEqual({
        purchaseInvoiceAccounts: {
          debitAccount: { code: '4450', name: 'Alihankinta - leikkeet ja koneistus' },
          creditAccount: { code: '2871', name: 'Ostovelat' },
        },
      });
    } finally {
      expect((await svc.api('PATCH', '/coa/7000', { active: true })).status).toBe(200);
    }
    // the other company's chart is its own: an account inactive there is still active here
    const other = await otherCompany(svc, 'Partner Accounts Oy');
    expect((await svc.request('PATCH', '/api/coa/4450', { token: other.token, body: { active: false } })).status).toBe(
      200,
    );
    expect((await svc.api('PUT', `/businesspartners/${partnerId}/defaults/accounts`, good)).status).toBe(200);
    const otherPartner = await svc.request('POST', '/api/businesspartners', {
      token: other.token,
      body: { name: 'Their supplier', type: 'SUPPLIER' },
    });
    const theirs = await svc.request('PUT', `/api/businesspartners/${otherPartner.body.id}/defaults/accounts`, {
      token: other.token,
      body: good,
    });
    expect(theirs.body.errors).toEqual([
      {
        status: 400,
        message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE',
        field: 'purchaseInvoiceAccounts.debitAccount.code',
      },
    ]);
  });

  it('the counter account of a factoring contract must be an active account; IBAN and account failures come together', async () => {
    const body = {
      financingCompany: { name: 'Rahoitus Oy' },
      financingCompanyBankAccount: 'FI2112345600000785',
      contractNumber: 'F-ACC',
      factoringCounterAccount: '1700',
      status: 'ACTIVE',
    };
    const ok = await svc.api('POST', '/factoringcontracts', body);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.factoringCounterAccount).toBe('1700');
    const bad = await svc.api('POST', '/factoringcontracts', {
      ...body,
      financingCompanyBankAccount: 'FI2112345600000786',
      factoringCounterAccount: '1704',
    });
    expect(bad.body.errors).toEqual([
      { status: 400, message: 'INVALID_IBAN', field: 'financingCompanyBankAccount' },
      { status: 400, message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', field: 'factoringCounterAccount' },
    ]);
  });
});

describe('parent company id', () => {
  it("is checked by its type (YHD business ID, FI VAT number); the type is one of the real service's codes", async () => {
    const ok = await create({
      name: 'Tytär Oy',
      type: 'CUSTOMER',
      additionalInfo: { parentCompanyIdType: 'YHD', parentCompanyId: '1234567-1' },
    });
    expect(ok.additionalInfo).toEqual({ parentCompanyIdType: 'YHD', parentCompanyId: '1234567-1' });
    expect(
      (
        await svc.api('POST', '/businesspartners', {
          name: 'VAT Oy',
          type: 'CUSTOMER',
          additionalInfo: { parentCompanyIdType: 'FI', parentCompanyId: 'FI12345671' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await svc.api('POST', '/businesspartners', {
          name: 'Any Ltd',
          type: 'CUSTOMER',
          additionalInfo: { parentCompanyIdType: 'GB', parentCompanyId: 'GB123' },
        })
      ).status,
    ).toBe(200);
    const bad = await svc.api('POST', '/businesspartners', {
      name: 'Väärä Oy',
      type: 'CUSTOMER',
      additionalInfo: { parentCompanyIdType: 'YHD', parentCompanyId: '1234567-8' },
      invoicingInfo: { email: 'a@b.fi', bccAddresses: ['a@b.fi'] },
    });
    expect(bad.body.errors).toEqual([
      { status: 400, message: 'BCC_ADDRESS_EQUALS_MAIN_ADDRESS', field: 'invoicingInfo.bccAddresses[0]' },
      { status: 400, message: 'ERROR_BRN_CODE', field: 'additionalInfo.parentCompanyId' },
    ]);
    const patched = await svc.api('PATCH', `/businesspartners/${ok.id}`, {
      version: ok.version,
      additionalInfo: { parentCompanyIdType: 'FI' },
    });
    expect(patched.body.errors).toEqual([
      { status: 400, message: 'ERROR_BRN_CODE', field: 'additionalInfo.parentCompanyId' },
    ]);
    const unknownType = await svc.api('POST', '/businesspartners', {
      name: 'X',
      type: 'CUSTOMER',
      additionalInfo: { parentCompanyIdType: 'XX' },
    });
    expect(unknownType.body.errors[0]).toMatchObject({ status: 400, field: 'additionalInfo.parentCompanyIdType' });
  });
});

describe('rights per register', () => {
  it('a user without supplier-register access gets 403 on suppliers and sees only customers', async () => {
    const token = await tokenWith({ 'purchases.supplierRegister': 'NO_ACCESS' });
    const supplier = await create({ name: 'Hidden Supplier', type: 'SUPPLIER' });
    const customerP = await create({ name: 'Visible Customer', type: 'CUSTOMER' });
    const ask = (method: string, path: string, body?: unknown) => svc.request(method, `/api${path}`, { token, body });
    expect((await ask('GET', `/businesspartners/${supplier.id}`)).status).toBe(403);
    expect((await ask('POST', '/businesspartners', { name: 'S', type: 'SUPPLIER' })).status).toBe(403);
    expect((await ask('PUT', `/businesspartners/${supplier.id}`, { name: 'S', type: 'SUPPLIER' })).status).toBe(403);
    expect((await ask('GET', '/businesspartners?type=SUPPLIER')).status).toBe(403);
    const all = await ask('GET', '/businesspartners?size=200');
    expect(all.body.results.every((p: { type: string }) => p.type !== 'SUPPLIER')).toBe(true);
    const batch = await ask('GET', `/businesspartners/${supplier.id},${customerP.id}`);
    expect(batch.body.map((p: { id: number }) => p.id)).toEqual([customerP.id]);
    const viewer = await tokenWith({ 'sales.customerRegister': 'VIEWING_RIGHTS' });
    expect(
      (await svc.request('POST', '/api/businesspartners', { token: viewer, body: { name: 'C', type: 'CUSTOMER' } }))
        .status,
    ).toBe(403);
  });
});

describe('tenant isolation', () => {
  it('another company gets 404 on every partner route and never sees this company’s data', async () => {
    const partner = await create({ ...customer, name: 'Private Oy' });
    const group = (await svc.api('POST', '/businesspartners/groups', { name: 'Private group', type: 'CUSTOMER' })).body;
    const dimension = (await svc.api('POST', '/dimensions', { name: 'Private dim', items: [{ codeName: 'X' }] })).body;
    const other = await otherCompany(svc, 'Partner Other Oy');
    const ask = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    expect((await ask('GET', `/businesspartners/${partner.id}`)).status).toBe(404);
    expect((await ask('GET', `/businesspartners/${partner.id},${partner.id + 1}`)).status).toBe(404);
    expect((await ask('PUT', `/businesspartners/${partner.id}`, { name: 'X', type: 'CUSTOMER' })).status).toBe(404);
    expect(
      (await ask('PATCH', `/businesspartners/${partner.id}`, { version: partner.version, name: 'X' })).status,
    ).toBe(404);
    expect((await ask('GET', `/businesspartners/${partner.id}/defaults/products`)).status).toBe(404);
    expect((await ask('PUT', `/businesspartners/${partner.id}/defaults/products`, [])).status).toBe(404);
    expect((await ask('GET', `/businesspartners/${partner.id}/defaults/accounts`)).status).toBe(404);
    expect((await ask('PUT', `/businesspartners/${partner.id}/defaults/accounts`, {})).status).toBe(404);
    expect((await ask('GET', `/businesspartners/${partner.id}/defaults/dimensions`)).status).toBe(404);
    expect((await ask('GET', `/businesspartners/${partner.id}/defaults/dimensions/${dimension.id}`)).status).toBe(404);
    expect(
      (await ask('PUT', `/businesspartners/${partner.id}/defaults/dimensions/${dimension.id}`, { items: [] })).status,
    ).toBe(404);
    expect((await ask('GET', `/businesspartners/groups/${group.id}`)).status).toBe(404);
    expect((await ask('PUT', `/businesspartners/groups/${group.id}`, { name: 'X', type: 'CUSTOMER' })).status).toBe(
      404,
    );
    const groups = await ask('GET', '/businesspartners/groups');
    expect(groups.body.results).toEqual([]);
    const search = await ask('GET', '/businesspartners?size=200');
    expect(search.body.results.every((p: { name: string }) => p.name !== 'Private Oy')).toBe(true);
    expect((await ask('GET', '/factoringcontracts')).body.results).toEqual([]);
    const borrowGroup = await ask('POST', '/businesspartners', {
      name: 'B',
      type: 'CUSTOMER',
      registryInfo: { partnerGroups: [{ id: group.id }] },
    });
    expect(borrowGroup.body.errors[0].message).toBe('PARTNER_GROUP_NOT_FOUND');
    expect(await partnerExists(svc.app.ctx.db, other.companyId, partner.id)).toBe(false);
  });
});
