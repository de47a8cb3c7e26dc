// A client written for the real interface reads a register resource and writes it back unchanged: every
// field Tase answers (read-only ones included) is accepted by its PUT and PATCH, and the answer is the same
// resource. Products, product groups, business partners and their groups, persons, default dimensions and
// accounts, factoring contracts and bank accounts, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-02T10:00:00Z');

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

type Json = Record<string, any>;

async function ok(method: string, path: string, body?: unknown): Promise<Json> {
  clock.advance(1000);
  const answer = await svc.api(method, path, body);
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
  return answer.body;
}

/** GET, PUT the answer back unchanged, and GET again: the same resource, only its version moves on. */
async function roundTrip(path: string, query = ''): Promise<Json> {
  const read = await ok('GET', `${path}${query}`);
  const written = await ok('PUT', path, read);
  const { version: _before, ...same } = read;
  expect(written).toEqual({ ...same, ...(read.version === undefined ? {} : { version: expect.any(String) }) });
  expect(await ok('GET', `${path}${query}`)).toEqual(written);
  return written;
}

describe('products', () => {
  it('GET → PUT → GET and GET → PATCH keep the product, in the real units and currencies', async () => {
    const group = await ok('POST', '/products/groups', { name: 'Measures', type: 'SALES' });
    const created = await ok('POST', '/products', {
      type: 'SALES',
      name: 'Cable',
      code: 'C-1',
      unit: 'CM',
      discount: 2.5,
      price: 0.125,
      vat: 25.5,
      active: true,
      defaultAccount: '3000',
      vatStatus: 1,
      currency: 'ATS',
      productLocalizations: [{ language: 'ENGLISH', productName: 'Cable' }, { productName: 'Kaapeli' }],
      productGroupId: group.id,
    });
    expect(created).toMatchObject({
      unit: 'CM',
      currency: 'ATS',
      productLocalizations: [{ language: 'ENGLISH' }, { productName: 'Kaapeli' }],
    });
    await roundTrip(`/products/${created.id}`, '?includeLocalizations=true');
    const read = await ok('GET', `/products/${created.id}?includeLocalizations=true`);
    expect(await ok('PATCH', `/products/${created.id}`, read)).toEqual({ ...read, version: expect.any(String) });
    await roundTrip(`/products/groups/${group.id}`);

    // the real search filters
    const ids = async (query: string) => (await ok('GET', `/products?${query}`)).results.map((p: Json) => p.id);
    expect(await ids(`group=${group.id}`)).toEqual([created.id]);
    expect(await ids(`group=${group.id}&group=99999&name=abl&code=C-1&active=true`)).toEqual([created.id]);
    expect(await ids('code=none')).toEqual([]);
    expect(await ids(`group=${group.id}&active=false`)).toEqual([]);
    expect((await ok('GET', `/products?group=${group.id}`)).results[0].productLocalizations).toBeUndefined();
    expect(
      (await ok('GET', `/products?group=${group.id}&includeLocalizations=true`)).results[0].productLocalizations,
    ).toHaveLength(2);
  });
});

describe('business partners', () => {
  it('GET → PUT → GET and GET → PATCH keep a partner with every real field', async () => {
    const group = await ok('POST', '/businesspartners/groups', { name: 'Key customers', type: 'CUSTOMER' });
    const created = await ok('POST', '/businesspartners', {
      name: 'Roundtrip Oy',
      type: 'CUSTOMER',
      address: { street: 'Katu 1', zip: '00100', city: 'Helsinki', country: 'FINLAND' },
      billingAddress: { specifier: 'c/o Laskutus', country: 'NORTHERN_IRELAND_TEMPORARY' },
      deliveryAddress: { name: 'Varasto', city: 'Vantaa' },
      invoicingInfo: {
        customerNumber: 'RT-1',
        identifier: '1234567-1',
        identifierType: 'YHD',
        invoiceChannel: 'EMAIL',
        email: 'lasku@roundtrip.example',
        orderNumber: 'ON-7',
        sellerReferenceIdentifier: 'SR-9',
        buyerReferenceIdentifier: 'BR-3',
      },
      attachments: [],
      contactPersons: [{ name: 'Maija', email: 'maija@roundtrip.example', phone: '+358 40 1' }],
      additionalInfo: { group: 'Wholesale', comments1: 'first' },
      paymentInfo: {
        paymentMethod: 'BANK_TRANSFER',
        paymentTermDays: '14',
        penalInterestRate: 8,
        currency: 'EEK',
        cashDiscount: { optionList: [{ numberOfDays: 7, discountPercentage: 2 }] },
      },
      registryInfo: {
        active: true,
        phone: '+358 9 1',
        fax: '+358 9 2',
        section: 'North',
        homeMunicipality: 'Helsinki',
        partnerGroups: [{ id: group.id }],
      },
    });
    expect(created.attachments).toBeUndefined();
    expect(created.invoicingInfo).toMatchObject({ orderNumber: 'ON-7', sellerReferenceIdentifier: 'SR-9' });
    expect(created.registryInfo.partnerGroups).toEqual([
      { id: group.id, name: 'Key customers', type: 'CUSTOMER', active: true },
    ]);
    const written = await roundTrip(`/businesspartners/${created.id}`);
    expect(written.address).toEqual({ street: 'Katu 1', zip: '00100', city: 'Helsinki', country: 'FINLAND' });
    expect(await ok('PATCH', `/businesspartners/${created.id}`, written)).toEqual({
      ...written,
      version: expect.any(String),
    });
    await roundTrip(`/businesspartners/groups/${group.id}`);

    // the real search filters by main group
    const found = await ok('GET', '/businesspartners?mainGroup=Wholesale');
    expect(found.results.map((p: Json) => p.id)).toEqual([created.id]);
  });

  it('attachments come only by upload: a list sent with a partner is ignored', async () => {
    const answer = await svc.api('POST', '/businesspartners', {
      name: 'With attachment',
      type: 'CUSTOMER',
      attachments: [
        {
          name: 'contract.pdf',
          referenceType: 'CUSTOMER_BUSINESS_PARTNER_REGISTER',
          referenceId: 1,
          sendWithInvoice: false,
        },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.attachments).toBeUndefined();
  });

  it('default dimensions and default accounts round-trip', async () => {
    const partner = await ok('POST', '/businesspartners', { name: 'Defaults Oy', type: 'SUPPLIER' });
    const dimension = await ok('POST', '/dimensions', {
      name: 'Roundtrip project',
      items: [{ codeName: 'R1' }, { codeName: 'R2' }],
    });
    await ok('PUT', `/businesspartners/${partner.id}/defaults/dimensions/${dimension.id}`, {
      items: [
        { codeName: 'R1', percent: 60 },
        { codeName: 'R2', percent: 40 },
      ],
    });
    await roundTrip(`/businesspartners/${partner.id}/defaults/dimensions/${dimension.id}`);
    await ok('PUT', `/businesspartners/${partner.id}/defaults/accounts`, {
      vatPercent: 25.5,
      purchaseInvoiceAccounts: { debitAccount: { code: '4000' } },
    });
    const accounts = await roundTrip(`/businesspartners/${partner.id}/defaults/accounts`);
    expect(accounts.purchaseInvoiceAccounts.debitAccount).toEqual({ code: '4000', name: expect.any(String) });

    const product = await ok('POST', '/products', {
      type: 'PURCHASE',
      name: 'Paper',
      discount: 0,
      price: 5,
      active: true,
      currency: 'EUR',
    });
    await ok('PUT', `/products/${product.id}/defaults/dimensions/${dimension.id}`, {
      items: [{ codeName: 'R2', percent: 100 }],
    });
    await roundTrip(`/products/${product.id}/defaults/dimensions/${dimension.id}`);
  });
});

describe('persons', () => {
  it('GET → PUT → GET keeps a person with every real field', async () => {
    const group = await ok('POST', '/businesspartners/groups', { name: 'Staff', type: 'PERSON' });
    const partner = await ok('POST', '/businesspartners', { name: 'Virtanen', type: 'PERSON' });
    const person = await ok('PUT', `/persons/${partner.id}`, {
      firstName: 'Ville',
      lastName: 'Virtanen',
      jobTitle: 'Engineer',
      deliveryAddress: { street: 'Tie 3', zip: '33100', city: 'Tampere', country: 'FINLAND', postOfficeBox: 'PL 5' },
      homeCountryAddress: { street: 'Gata 1', city: 'Tallinn', country: 'ESTONIA', subdivision: 'Harju' },
      paymentInfo: {
        paymentMethod: 'BANK_TRANSFER',
        accountNumber: 'FI2112345600000785',
        paymentTermDays: '7',
        paymentTermPercentage: 1.5,
        penalInterestRate: 120,
        discountPercentage: 3,
      },
      invoicingInfo: {
        personNumber: 'P-9',
        dateOfBirth: '1988-04-05',
        language: 'ENGLISH',
        gender: 'MALE',
        homeCountryPersonId: '38804050000',
      },
      registryInfo: {
        active: true,
        email: 'ville@example.com',
        phone: '+358 3 1',
        mobilePhone: '+358 50 2',
        fax: '+358 3 2',
        contactPerson: 'Anna',
        defaultReference: 'REF-1',
        section: 'R&D',
        personGroupsIds: [group.id],
        reportGroupId: 3,
        homeMunicipality: 'Tampere',
      },
    });
    expect(person).toMatchObject({
      deliveryAddress: { postOfficeBox: 'PL 5' },
      paymentInfo: { paymentTermPercentage: 1.5, penalInterestRate: 120, discountPercentage: 3 },
      invoicingInfo: { homeCountryPersonId: '38804050000' },
      registryInfo: {
        fax: '+358 3 2',
        contactPerson: 'Anna',
        defaultReference: 'REF-1',
        section: 'R&D',
        reportGroupId: 3,
        homeMunicipality: 'Tampere',
      },
    });
    await roundTrip(`/persons/${partner.id}`);
    // the person's fields are those of the partner in the register
    const asPartner = await ok('GET', `/businesspartners/${partner.id}`);
    expect(asPartner).toMatchObject({
      deliveryAddress: { street: 'Tie 3', city: 'Tampere' },
      invoicingInfo: { contactPerson: 'Anna' },
      additionalInfo: { defaultReference: 'REF-1' },
      registryInfo: { fax: '+358 3 2', section: 'R&D', reportGroupId: 3, homeMunicipality: 'Tampere' },
    });
    expect(asPartner.deliveryAddress.postOfficeBox).toBeUndefined();

    const dimension = await ok('POST', '/dimensions', { name: 'Person project', items: [{ codeName: 'Q1' }] });
    await ok('PUT', `/persons/${partner.id}/defaults/dimensions/${dimension.id}`, {
      items: [{ codeName: 'Q1', percent: 100 }],
    });
    await roundTrip(`/persons/${partner.id}/defaults/dimensions/${dimension.id}`);
  });
});

describe('factoring contracts and bank accounts', () => {
  it('a listed factoring contract is the one created, transfer notifications included', async () => {
    const body = {
      financingCompany: { id: 'OPF', name: 'OP Factoring' },
      financingCompanyBankAccount: 'FI2112345600000785',
      contractNumber: 'RT-F',
      transferNotification: [{ lang: 'FINNISH', notification: 'Saatava on siirretty OP Factoringille.' }],
      status: 'ACTIVE',
    };
    const created = await ok('POST', '/factoringcontracts', body);
    expect(created).toEqual({ ...body, id: expect.any(Number) });
    const listed = await ok('GET', '/factoringcontracts?financingCompanyId=OPF');
    expect(listed.results).toEqual([created]);
    expect((await ok('GET', '/factoringcontracts?financingCompanyId=OTHER')).results).toEqual([]);
    // a client posting what it read (its id included) gets a new contract
    expect((await ok('POST', '/factoringcontracts', { ...created, contractNumber: 'RT-G' })).id).not.toBe(created.id);
  });

  it('GET → PUT → GET keeps a bank account in a real currency; the list orders by orderNo', async () => {
    const created = await ok('POST', '/bankaccounts', {
      iban: 'FI21 1234 5600 0007 85',
      bic: 'NDEAFIHH',
      bankName: 'Nordea',
      currency: 'CYP',
      defaultForInvoice: true,
      defaultForPayment: true,
      status: 'ACTIVE',
      orderNo: 2,
      ledgerAccount: '1910',
      showAccountOnInvoice: true,
      allowPayments: true,
      allowForeignPayments: false,
    });
    await roundTrip(`/bankaccounts/${created.id}`);
    const second = await ok('POST', '/bankaccounts', {
      iban: 'FI59 4006 1140 0086 52',
      currency: 'EUR',
      defaultForInvoice: false,
      defaultForPayment: false,
      status: 'ACTIVE',
      orderNo: 1,
      ledgerAccount: '1910',
      showAccountOnInvoice: false,
      allowPayments: false,
      allowForeignPayments: false,
    });
    const byOrderNo = await ok('GET', '/bankaccounts?orderByOrderNo=ASC');
    expect(byOrderNo.results.map((a: Json) => a.id)).toEqual([second.id, created.id]);
    const after = await ok('GET', `/bankaccounts?previousId=${created.id}`);
    expect(after.results.map((a: Json) => a.id)).toEqual([second.id]);
  });
});
