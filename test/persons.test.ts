// Persons: created as business partners of type PERSON and for every user of a company; GET/PUT /persons,
// PersonalDetails.partnerId and the default dimensions of a person, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-05-04T09:00:00Z');
const person = {
  firstName: 'Maija',
  lastName: 'Meikäläinen',
  jobTitle: 'Accountant',
  deliveryAddress: { street: 'Tie 2', zip: '33100', city: 'Tampere', country: 'FINLAND', postOfficeBox: 'PL 12' },
  paymentInfo: {
    paymentMethod: 'BANK_TRANSFER',
    accountNumber: 'FI2112345600000785',
    paymentTermDays: '7',
    penalInterestRate: 11.5,
  },
  invoicingInfo: { personNumber: 'P-7', dateOfBirth: '1990-02-03', language: 'FINNISH', gender: 'FEMALE' },
  registryInfo: { active: true, email: 'maija@example.com', mobilePhone: '+358 50 1' },
};

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

async function newPerson(name = 'Virtanen') {
  const answer = await svc.api('POST', '/businesspartners', { name, type: 'PERSON' });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe('how persons are created', () => {
  it('POST /businesspartners with type PERSON creates a person readable at /persons', async () => {
    const partner = await newPerson();
    const answer = await svc.api('GET', `/persons/${partner.id}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      id: partner.id,
      lastName: 'Virtanen',
      paymentInfo: { paymentMethod: 'BANK_TRANSFER', paymentTermDays: '14', penalInterestRate: 0 },
      invoicingInfo: { language: 'FINNISH', gender: 'NOT_APPLICABLE' },
      registryInfo: { active: true },
      version: partner.version,
    });
  });

  it('each user who joins a company gets a person; PersonalDetails.partnerId is its id', async () => {
    const details = await svc.api('GET', '/businesspartners/personaldetails');
    expect(details.status, details.text).toBe(200);
    expect(details.body).toMatchObject({ partnerId: expect.any(Number), firstName: 'Demo', lastName: 'User' });
    const own = await svc.api('GET', `/persons/${details.body.partnerId}`);
    expect(own.body).toMatchObject({
      firstName: 'Demo',
      lastName: 'User',
      registryInfo: { active: true, email: `${svc.demo.username}@example.com` },
    });
    const asPartner = await svc.api('GET', `/businesspartners/${details.body.partnerId}`);
    expect(asPartner.body).toMatchObject({ type: 'PERSON', name: 'Demo User' });
  });

  it('a company member is a different person in each company', async () => {
    const other = await otherCompany(svc, 'Person Other Oy');
    const details = await svc.request('GET', '/api/businesspartners/personaldetails', { token: other.token });
    expect(details.body).toMatchObject({ firstName: 'Other', lastName: 'Admin' });
    const mine = await svc.api('GET', '/businesspartners/personaldetails');
    // ids are per company: the same number names the other company's own person there, never Demo User
    const seen = await svc.request('GET', `/api/persons/${mine.body.partnerId}`, { token: other.token });
    if (seen.status === 200) expect(seen.body).toMatchObject({ firstName: 'Other', lastName: 'Admin' });
    else expect(seen.status).toBe(404);
  });
});

describe('PUT /persons', () => {
  it('overwrites the person and keeps the partner-only fields of the partner', async () => {
    const created = await svc.api('POST', '/businesspartners', {
      name: 'Keeps',
      type: 'PERSON',
      additionalInfo: { comments1: 'keep me' },
    });
    clock.advance(1000);
    const put = await svc.api('PUT', `/persons/${created.body.id}`, { ...person, version: created.body.version });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ ...person, id: created.body.id, version: expect.any(String) });
    expect(put.text).toContain('"penalInterestRate":11.5');
    const partner = (await svc.api('GET', `/businesspartners/${created.body.id}`)).body;
    expect(partner).toMatchObject({
      name: 'Maija Meikäläinen',
      additionalInfo: { comments1: 'keep me' },
      paymentInfo: { bankAccount: 'FI2112345600000785' },
      invoicingInfo: { email: 'maija@example.com', language: 'FINNISH' },
    });
    // optional fields left out are removed
    clock.advance(1000);
    const { jobTitle: _j, deliveryAddress: _d, ...rest } = person;
    const smaller = await svc.api('PUT', `/persons/${created.body.id}`, { ...rest, registryInfo: { active: false } });
    expect(smaller.body.jobTitle).toBeUndefined();
    expect(smaller.body.deliveryAddress).toBeUndefined();
    expect(smaller.body.registryInfo).toEqual({ active: false });
  });

  it('refuses a stale version, missing required fields and groups of another type', async () => {
    const created = await newPerson('Stale');
    clock.advance(1000);
    expect((await svc.api('PUT', `/persons/${created.id}`, { ...person, version: created.version })).status).toBe(200);
    const stale = await svc.api('PUT', `/persons/${created.id}`, { ...person, version: created.version });
    expect(stale.body.errors[0].field).toBe('version');
    const missing = await svc.api('PUT', `/persons/${created.id}`, { firstName: 'X' });
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'invoicingInfo',
      'lastName',
      'paymentInfo',
      'registryInfo',
    ]);
    const customerGroup = (await svc.api('POST', '/businesspartners/groups', { name: 'Customers', type: 'CUSTOMER' }))
      .body;
    const personGroup = (await svc.api('POST', '/businesspartners/groups', { name: 'Staff', type: 'PERSON' })).body;
    const wrong = await svc.api('PUT', `/persons/${created.id}`, {
      ...person,
      registryInfo: { active: true, personGroupsIds: [customerGroup.id, 99999] },
    });
    expect(wrong.body.errors).toEqual([
      { status: 400, message: 'PARTNER_GROUP_TYPE_MISMATCH', field: 'registryInfo.personGroupsIds[0]' },
      { status: 400, message: 'PARTNER_GROUP_NOT_FOUND', field: 'registryInfo.personGroupsIds[1]' },
    ]);
    const grouped = await svc.api('PUT', `/persons/${created.id}`, {
      ...person,
      registryInfo: { active: true, personGroupsIds: [personGroup.id] },
    });
    expect(grouped.body.registryInfo.personGroupsIds).toEqual([personGroup.id]);
  });

  it('answers batches and 404 for customers and unknown ids', async () => {
    const a = await newPerson('A');
    const b = await newPerson('B');
    const customer = await svc.api('POST', '/businesspartners', { name: 'Not a person', type: 'CUSTOMER' });
    const batch = await svc.api('GET', `/persons/${b.id},${a.id},${customer.body.id},${a.id}`);
    expect(batch.body.map((p: { id: number }) => p.id)).toEqual([a.id, b.id]);
    expect((await svc.api('GET', `/persons/${customer.body.id}`)).status).toBe(404);
    expect((await svc.api('PUT', `/persons/${customer.body.id}`, person)).status).toBe(404);
    expect((await svc.api('GET', '/persons/999999')).status).toBe(404);
  });
});

describe('default dimensions of a person', () => {
  it('stores, validates, and answers 404 for a missing person or dimension', async () => {
    const p = await newPerson('Dimensional');
    const dimension = (
      await svc.api('POST', '/dimensions', { name: 'Department', items: [{ codeName: 'D1' }, { codeName: 'D2' }] })
    ).body;
    const path = `/persons/${p.id}/defaults/dimensions/${dimension.id}`;
    const put = await svc.api('PUT', path, { items: [{ codeName: 'D1', percent: 100 }] });
    expect(put.status, put.text).toBe(200);
    expect((await svc.api('GET', path)).body).toEqual(put.body);
    expect((await svc.api('GET', `/persons/${p.id}/defaults/dimensions`)).body).toEqual([put.body]);
    const bad = await svc.api('PUT', path, {
      items: [
        { codeName: 'D1', percent: 50 },
        { codeName: 'D1', percent: 50 },
      ],
    });
    expect(bad.body.errors[0]).toMatchObject({ message: 'DUPLICATE_DIMENSION_ITEM', field: 'items[1].codeName' });
    expect((await svc.api('GET', `/persons/999999/defaults/dimensions/${dimension.id}`)).status).toBe(404);
    expect((await svc.api('GET', `/persons/${p.id}/defaults/dimensions/999999`)).status).toBe(404);
  });
});

describe('rights and tenants', () => {
  it('needs the person register right', async () => {
    const p = await newPerson('Guarded');
    const user = await svc.admin.createUser({
      username: 'nopersons',
      firstName: 'No',
      lastName: 'Persons',
      email: 'np@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'ADMIN', { 'salaries.employeeRegister': 'NO_ACCESS' });
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', `/api/persons/${p.id}`, { token })).status).toBe(403);
    expect((await svc.request('PUT', `/api/persons/${p.id}`, { token, body: person })).status).toBe(403);
    expect((await svc.request('GET', `/api/businesspartners/${p.id}`, { token })).status).toBe(403);
    // own details need no register right
    expect((await svc.request('GET', '/api/businesspartners/personaldetails', { token })).body.lastName).toBe(
      'Persons',
    );
  });

  it('another company gets 404 on every person route', async () => {
    const p = await newPerson('Private');
    const dimension = (await svc.api('POST', '/dimensions', { name: 'Private person dim', items: [{ codeName: 'Q' }] }))
      .body;
    const other = await otherCompany(svc, 'Persons Other Oy');
    const ask = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    expect((await ask('GET', `/persons/${p.id}`)).status).toBe(404);
    expect((await ask('GET', `/persons/${p.id},${p.id + 100000}`)).status).toBe(404);
    expect((await ask('PUT', `/persons/${p.id}`, person)).status).toBe(404);
    expect((await ask('GET', `/persons/${p.id}/defaults/dimensions`)).status).toBe(404);
    expect((await ask('GET', `/persons/${p.id}/defaults/dimensions/${dimension.id}`)).status).toBe(404);
    expect((await ask('PUT', `/persons/${p.id}/defaults/dimensions/${dimension.id}`, { items: [] })).status).toBe(404);
  });
});
