// The person register's search, creation and default products, user profiles, dimension renames and the
// status of tracking periods (with its webhook event), over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
let other: { companyId: number; token: string };
const clock = new ManualClock('2026-05-04T09:00:00Z');

const person = (
  lastName: string,
  extra: { personNumber?: string; active?: boolean; personGroupsIds?: number[] } = {},
) => ({
  firstName: 'Maija',
  lastName,
  deliveryAddress: { street: 'Tie 2', zip: '33100', city: 'Tampere', country: 'FINLAND', postOfficeBox: 'PL 12' },
  paymentInfo: { paymentMethod: 'BANK_TRANSFER', paymentTermDays: '7', penalInterestRate: 11.5 },
  invoicingInfo: { personNumber: extra.personNumber, language: 'FINNISH', gender: 'FEMALE' },
  registryInfo: { active: extra.active ?? true, personGroupsIds: extra.personGroupsIds },
});

beforeAll(async () => {
  svc = await startService({ clock });
  other = await otherCompany(svc);
});
afterAll(() => svc.close());

describe('persons', () => {
  it('POST /persons creates a person readable at /persons/{id}; bad bodies are refused', async () => {
    const created = await svc.api('POST', '/persons', person('Virtanen', { personNumber: 'E-1' }));
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      firstName: 'Maija',
      lastName: 'Virtanen',
      invoicingInfo: { personNumber: 'E-1', gender: 'FEMALE' },
    });
    expect((await svc.api('GET', `/persons/${created.body.id}`)).body).toEqual(created.body);
    expect((await svc.api('GET', `/businesspartners/${created.body.id}`)).body).toMatchObject({
      type: 'PERSON',
      name: 'Maija Virtanen',
    });

    const missing = await svc.api('POST', '/persons', { ...person('X'), lastName: undefined });
    expect(missing.status).toBe(400);
    const badGroup = await svc.api('POST', '/persons', person('Y', { personGroupsIds: [987654] }));
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.errors).toEqual([
      { status: 400, message: 'PARTNER_GROUP_NOT_FOUND', field: 'registryInfo.personGroupsIds[0]' },
    ]);
    expect(
      (await svc.api('GET', '/persons?personNumber=E-1')).body.results.map((p: { lastName: string }) => p.lastName),
    ).toEqual(['Virtanen']);
  });

  it('GET /persons searches by number, main group, person group and activity, and pages', async () => {
    const group = (await svc.api('POST', '/businesspartners/groups', { name: 'Field staff', type: 'PERSON' })).body;
    const a = (await svc.api('POST', '/persons', person('Aalto', { personNumber: 'S-1', personGroupsIds: [group.id] })))
      .body;
    const b = (await svc.api('POST', '/persons', person('Berg', { personNumber: 'S-2', active: false }))).body;
    const c = (
      await svc.api('POST', '/persons', person('Cederberg', { personNumber: 'S-3', personGroupsIds: [group.id] }))
    ).body;
    await svc.api('PATCH', `/businesspartners/${c.id}`, {
      version: (await svc.api('GET', `/businesspartners/${c.id}`)).body.version,
      additionalInfo: { group: 'Sales' },
    });

    const all = await svc.api('GET', '/persons?size=200');
    expect(all.status).toBe(200);
    const ids = all.body.results.map((p: { id: number }) => p.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(all.body.results.find((p: { id: number }) => p.id === a.id)).toEqual({
      id: a.id,
      lastName: 'Aalto',
      firstName: 'Maija',
      deliveryAddress: { street: 'Tie 2', zip: '33100', city: 'Tampere', country: 'FINLAND' },
      invoicingInfo: { personNumber: 'S-1' },
      registryInfo: { active: true },
    });

    const withInactive = await svc.api('GET', '/persons?includeInactive=true&size=200');
    expect(withInactive.body.results.map((p: { id: number }) => p.id)).toContain(b.id);
    expect(withInactive.body.meta.totalCount).toBe(all.body.meta.totalCount + 1);
    expect((await svc.api('GET', '/persons?personNumber=S-2')).body.results).toEqual([]);
    expect(
      (await svc.api('GET', '/persons?personNumber=S-2&includeInactive=true')).body.results.map(
        (p: { id: number }) => p.id,
      ),
    ).toEqual([b.id]);
    expect(
      (await svc.api('GET', `/persons?personGroupId=${group.id}`)).body.results.map((p: { id: number }) => p.id),
    ).toEqual([a.id, c.id]);
    expect(
      (await svc.api('GET', '/persons?mainPersonGroup=Sales')).body.results.map((p: { id: number }) => p.id),
    ).toEqual([c.id]);

    const page = await svc.api('GET', `/persons?personGroupId=${group.id}&size=1&page=1&orderById=DESC`);
    expect(page.body).toEqual({
      results: [expect.objectContaining({ id: a.id })],
      meta: { pageNumber: 1, pageSize: 1, resultCount: 1, totalCount: 2 },
    });
    expect((await svc.api('GET', '/persons?size=0')).status).toBe(400);
    expect((await svc.api('GET', '/persons?size=201')).status).toBe(400);
    expect((await svc.api('GET', '/persons?orderById=UP')).status).toBe(400);
    // the other company sees none of them
    const theirs = await svc.request('GET', `/api/persons?personGroupId=${group.id}`, { token: other.token });
    expect(theirs.body.results).toEqual([]);
  });

  it('GET /persons/{id}/defaults/products answers the default products of a person; 404 for no person', async () => {
    const created = (await svc.api('POST', '/persons', person('Defaults'))).body;
    expect((await svc.api('GET', `/persons/${created.id}/defaults/products`)).body).toEqual([]);
    const product = (
      await svc.api('POST', '/products', {
        type: 'SALES',
        name: 'Lunch',
        price: 12.5,
        discount: 0,
        active: true,
        currency: 'EUR',
      })
    ).body;
    const put = await svc.api('PUT', `/businesspartners/${created.id}/defaults/products`, [
      { productId: product.id, defaultSettings: { amount: 2 } },
    ]);
    expect(put.status, put.text).toBe(200);
    const got = await svc.api('GET', `/persons/${created.id}/defaults/products`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual([{ id: expect.any(Number), productInfo: product, defaultSettings: { amount: 2 } }]);

    const customer = (await svc.api('POST', '/businesspartners', { name: 'Asiakas Oy', type: 'CUSTOMER' })).body;
    expect((await svc.api('GET', `/persons/${customer.id}/defaults/products`)).status).toBe(404);
    expect((await svc.api('GET', '/persons/99999/defaults/products')).status).toBe(404);
    expect(
      (await svc.request('GET', `/api/persons/${created.id}/defaults/products`, { token: other.token })).status,
    ).toBe(404);
  });
});

describe('GET /users/profiles/{id}', () => {
  it('answers the names of a user of the company and 404 for anyone else', async () => {
    const me = (await svc.api('GET', '/users')).body;
    const profile = await svc.api('GET', `/users/profiles/${me.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ firstname: 'Demo', surname: 'User' });
    expect((await svc.request('GET', `/api/users/profiles/${me.id}`, { token: other.token })).status).toBe(404);
    expect((await svc.api('GET', '/users/profiles/999999')).status).toBe(404);
    expect((await svc.api('GET', '/users/profiles/abc')).status).toBe(400);

    const removed = await svc.admin.createUser({
      username: 'leaver',
      firstName: 'Lea',
      lastName: 'Ver',
      email: 'lea@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, removed.userId, 'VIEWER');
    expect((await svc.api('GET', `/users/profiles/${removed.userId}`)).body).toEqual({
      firstname: 'Lea',
      surname: 'Ver',
    });
    await svc.admin.removeMember(svc.demo.companyId, removed.userId);
    expect((await svc.api('GET', `/users/profiles/${removed.userId}`)).status).toBe(404);
  });
});

describe('PUT /dimensions/{id}', () => {
  it('renames a dimension, keeps its items and refuses a name in use', async () => {
    const a = (await svc.api('POST', '/dimensions', { name: 'Projekti', items: [{ codeName: 'P1' }] })).body;
    await svc.api('POST', '/dimensions', { name: 'Alue' });
    const renamed = await svc.api('PUT', `/dimensions/${a.id}`, { name: 'Projektit' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({ name: 'Projektit' });
    expect((await svc.api('GET', `/dimensions/${a.id}`)).body).toMatchObject({
      id: a.id,
      name: 'Projektit',
      items: [{ codeName: 'P1' }],
    });
    expect((await svc.api('PUT', `/dimensions/${a.id}`, { name: 'Projektit' })).status).toBe(200);

    const clash = await svc.api('PUT', `/dimensions/${a.id}`, { name: 'Alue' });
    expect(clash.status).toBe(400);
    expect(clash.body.errors).toEqual([{ status: 400, message: 'DIMENSION_NAME_EXISTS', field: 'name' }]);
    expect((await svc.api('PUT', `/dimensions/${a.id}`, { name: '' })).status).toBe(400);
    expect((await svc.api('PUT', `/dimensions/${a.id}`, { name: 'X', items: [] })).status).toBe(400);
    expect((await svc.api('PUT', '/dimensions/999999', { name: 'Nothing' })).status).toBe(404);
    expect(
      (await svc.request('PUT', `/api/dimensions/${a.id}`, { token: other.token, body: { name: 'Theirs' } })).status,
    ).toBe(404);
    expect((await svc.api('GET', `/dimensions/${a.id}`)).body.name).toBe('Projektit');
  });

  it('PUT /dimensions/{id}/items updates an item of that dimension only', async () => {
    const a = (await svc.api('POST', '/dimensions', { name: 'Kohde', items: [{ codeName: 'K1' }, { codeName: 'K2' }] }))
      .body;
    const b = (await svc.api('POST', '/dimensions', { name: 'Toinen', items: [{ codeName: 'T1' }] })).body;
    const updated = await svc.api('PUT', `/dimensions/${a.id}/items`, {
      id: a.items[0].id,
      codeName: 'K1',
      status: 'P',
      description: 'Suljettu',
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toEqual({ id: a.items[0].id, codeName: 'K1', status: 'P', description: 'Suljettu' });
    expect((await svc.api('PUT', `/dimensions/${b.id}/items`, { id: a.items[1].id, codeName: 'K2' })).status).toBe(404);
    expect((await svc.api('PUT', '/dimensions/999999/items', { id: a.items[1].id, codeName: 'K2' })).status).toBe(404);
    const clash = await svc.api('PUT', `/dimensions/${a.id}/items`, { id: a.items[1].id, codeName: 'K1' });
    expect(clash.body.errors).toEqual([{ status: 400, message: 'DIMENSION_ITEM_CODE_NAME_EXISTS', field: 'codeName' }]);
    expect(
      (
        await svc.request('PUT', `/api/dimensions/${a.id}/items`, {
          token: other.token,
          body: { id: a.items[1].id, codeName: 'X' },
        })
      ).status,
    ).toBe(404);
    expect((await svc.api('GET', `/dimensions/${a.id}`)).body.items[1]).toEqual({ id: a.items[1].id, codeName: 'K2' });
  });
});

describe('PUT /fiscalyears/{id}/trackingPeriods/{id}', () => {
  const periodOf = async (date: string) => {
    const years = (await svc.api('GET', '/fiscalyears')).body.fiscalYears;
    for (const y of years)
      for (const p of y.trackingPeriods)
        if (p.startDate <= date && date <= p.endDate) return { yearId: y.id as number, period: p };
    throw new Error(`no period for ${date}`);
  };
  const mark = (yearId: number, periodId: number, status: string, token?: string) =>
    token
      ? svc.request('PUT', `/api/fiscalyears/${yearId}/trackingPeriods/${periodId}`, { token, body: { status } })
      : svc.api('PUT', `/fiscalyears/${yearId}/trackingPeriods/${periodId}`, { status });

  it('marks a period pending, locks it and opens it again, emitting TRACKING_PERIOD_STATUS_UPDATED; refuses what the state does not allow', async () => {
    const hook = await svc.api('POST', '/webhooks', {
      url: 'https://hooks.example.com/periods',
      authenticationType: 'HMAC',
      authenticationMeta: { sharedSecret: 'a-shared-secret-of-enough-length-0123456789', hashFunction: 'SHA512' },
      subscriptions: ['TRACKING_PERIOD_STATUS_UPDATED'],
    });
    expect(hook.status, hook.text).toBe(200);
    const { yearId, period } = await periodOf('2026-02-10');
    expect(period.status).toBe('OPEN');

    const pending = await mark(yearId, period.id, 'PENDING');
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body).toEqual({ message: 'Fiscal period 2026-02-01 – 2026-02-28 marked as pending.' });
    expect((await periodOf('2026-02-10')).period.status).toBe('PENDING');
    expect((await svc.api('GET', '/fiscalyears')).body.fiscalYears[0].periods[1].status).toBe('PENDING');
    // a pending period still takes postings
    const posted = await svc.api('POST', '/ledgerreceipts', {
      type: 'JOURNAL',
      name: 'Fee',
      receiptDate: '2026-02-10',
      vatType: 'PURCHASE',
      vatStatus: 1,
      transactions: [
        { transactionType: 'ENTRY', account: '7900', accountingValue: 1, vatPercent: 0 },
        { transactionType: 'ENTRY', account: '1910', accountingValue: -1, vatPercent: 0 },
      ],
    });
    expect(posted.status, posted.text).toBe(200);

    const again = await mark(yearId, period.id, 'PENDING');
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([
      {
        status: 409,
        message: 'TRACKING_PERIOD_STATUS_CONFLICT: the period is PENDING; it cannot be marked PENDING.',
        field: 'status',
      },
    ]);

    // locking waits for the unfinished receipt: refused (and no event), the period stays pending
    const refused = await mark(yearId, period.id, 'CLOSED');
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe(
      `FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS: approve or invalidate receipts ${posted.body.id} first.`,
    );
    expect((await periodOf('2026-02-10')).period.status).toBe('PENDING');
    expect((await svc.api('PUT', `/ledgerreceipts/${posted.body.id}/approve`)).status).toBe(200);
    const locked = await mark(yearId, period.id, 'CLOSED');
    expect(locked.status, locked.text).toBe(200);
    expect((await periodOf('2026-02-10')).period.status).toBe('CLOSED');
    expect((await mark(yearId, period.id, 'PENDING')).status).toBe(409);
    expect((await mark(yearId, period.id, 'CLOSED')).status).toBe(409);
    expect((await mark(yearId, period.id, 'OPEN')).body).toEqual({
      message: 'Fiscal period 2026-02-01 – 2026-02-28 opened.',
    });
    expect((await mark(yearId, period.id, 'OPEN')).status).toBe(409);

    const events = await svc.app.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'body'])
      .where('company_id', '=', svc.demo.companyId)
      .orderBy('id')
      .execute();
    expect(events.map((e) => JSON.parse(e.body).payload)).toEqual([
      { trackingPeriodId: period.id, message: 'Fiscal period 2026-02-01 – 2026-02-28 marked as pending.' },
      { trackingPeriodId: period.id, message: 'Fiscal period 2026-02-01 – 2026-02-28 closed.' },
      { trackingPeriodId: period.id, message: 'Fiscal period 2026-02-01 – 2026-02-28 opened.' },
    ]);
    expect(new Set(events.map((e) => e.event_type))).toEqual(new Set(['TRACKING_PERIOD_STATUS_UPDATED']));
  });

  it('refuses unknown periods (404), a wrong body (400) and changes in a closed year (409)', async () => {
    const { yearId, period } = await periodOf('2026-03-10');
    expect((await mark(yearId, 999999, 'PENDING')).status).toBe(404);
    expect((await mark(999999, period.id, 'PENDING')).status).toBe(404);
    expect((await mark(yearId, period.id, 'LOCKED')).status).toBe(400);
    expect((await svc.api('PUT', `/fiscalyears/${yearId}/trackingPeriods/${period.id}`, {})).status).toBe(400);
    expect(
      (
        await svc.api('PUT', `/fiscalyears/${yearId}/trackingPeriods/${period.id}`, {
          id: period.id + 1,
          status: 'PENDING',
        })
      ).status,
    ).toBe(400);
    // ids are the company's own: another company marking the same id marks its own period only
    await mark(yearId, period.id, 'PENDING', other.token);
    expect((await periodOf('2026-03-10')).period.status).toBe('OPEN');

    const next = await svc.api('POST', '/fiscalyears', { startDate: '2027-01-01', endDate: '2027-12-31' });
    const nextPeriod = next.body.trackingPeriods[0];
    expect((await svc.api('PUT', `/fiscalyears/${next.body.id}/close`)).status).toBe(200);
    const closedYear = await mark(next.body.id, nextPeriod.id, 'OPEN');
    expect(closedYear.status).toBe(409);
    expect(closedYear.body.errors[0].message).toBe(
      'TRACKING_PERIOD_STATUS_CONFLICT: the period is in a closed fiscal year; it cannot be marked OPEN.',
    );
  });
});
