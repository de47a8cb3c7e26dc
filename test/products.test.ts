// Products and product groups: every rule of the spec, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-02T08:00:00Z');
const sales = {
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
};
const purchase = { ...sales, type: 'PURCHASE', name: 'Paper', code: 'P1', unit: 'BOX' };
const travel = {
  ...sales,
  type: 'TRAVEL',
  name: 'Daily allowance',
  code: 'T1',
  unit: 'DAY',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  bookkeepingAccount: '7600',
};

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

async function create(body: Record<string, unknown>) {
  const answer = await svc.api('POST', '/products', body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe('create and read', () => {
  it('creates a product answering 200 with read-only fields filled and unset fields left out', async () => {
    const product = await create({
      type: 'SALES',
      name: 'Bare',
      price: 1.5,
      discount: 0,
      active: false,
      currency: 'SEK',
    });
    expect(product).toEqual({
      id: expect.any(Number),
      type: 'SALES',
      name: 'Bare',
      price: 1.5,
      discount: 0,
      active: false,
      currency: 'SEK',
      productGroupId: null,
      version: '2026-03-02T08:00:00.000',
    });
  });

  it('refuses startDate, endDate and bookkeepingAccount on non-TRAVEL products, all reported together', async () => {
    const answer = await svc.api('POST', '/products', {
      ...sales,
      startDate: '2026-01-01',
      endDate: '2026-02-01',
      bookkeepingAccount: '7600',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'bookkeepingAccount',
      'endDate',
      'startDate',
    ]);
    expect(answer.body.errors[0].message).toBe('FIELD_ONLY_FOR_TRAVEL_PRODUCTS');
  });

  it('accepts them on TRAVEL products and checks the date order', async () => {
    const product = await create(travel);
    expect(product).toMatchObject({
      type: 'TRAVEL',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      bookkeepingAccount: '7600',
    });
    const backwards = await svc.api('POST', '/products', { ...travel, startDate: '2026-12-31', endDate: '2026-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatchObject({ message: 'START_DATE_AFTER_END_DATE', field: 'endDate' });
  });

  it('lists SALES and PURCHASE without type, TRAVEL only with type=TRAVEL', async () => {
    await create(sales);
    await create(purchase);
    const all = await svc.api('GET', '/products');
    const types = new Set(all.body.results.map((p: { type: string }) => p.type));
    expect(types).toEqual(new Set(['SALES', 'PURCHASE']));
    const travelOnly = await svc.api('GET', '/products?type=TRAVEL');
    expect(travelOnly.body.results.length).toBeGreaterThan(0);
    expect(travelOnly.body.results.every((p: { type: string }) => p.type === 'TRAVEL')).toBe(true);
    const purchases = await svc.api('GET', '/products?type=PURCHASE');
    expect(purchases.body.results.every((p: { type: string }) => p.type === 'PURCHASE')).toBe(true);
    expect((await svc.api('GET', '/products?type=OTHER')).status).toBe(400);
  });
});

describe('batch GET', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (
          await create({
            ...sales,
            name: `Batch ${i}`,
            productLocalizations: [{ language: 'FINNISH', productName: `Erä ${i}` }],
          })
        ).id,
      );
    }
  });

  it('answers one object for one id and a list for several, ordered, deduplicated, valid ones only', async () => {
    const one = await svc.api('GET', `/products/${ids[0]}`);
    expect(Array.isArray(one.body)).toBe(false);
    expect(one.body.id).toBe(ids[0]);
    const many = await svc.api('GET', `/products/${ids[2]},${ids[0]},${ids[0]},999999,abc`);
    expect(many.body.map((p: { id: number }) => p.id)).toEqual([ids[0], ids[2]]);
    const single = await svc.api('GET', `/products/${ids[1]},999999`);
    expect(Array.isArray(single.body)).toBe(true);
    expect(single.body).toHaveLength(1);
  });

  it('includes localizations only when asked', async () => {
    expect((await svc.api('GET', `/products/${ids[0]}`)).body.productLocalizations).toBeUndefined();
    const withThem = await svc.api('GET', `/products/${ids[0]}?includeLocalizations=true`);
    expect(withThem.body.productLocalizations).toEqual([{ language: 'FINNISH', productName: 'Erä 0' }]);
  });

  it('answers batches and pages from the answers read before, and never a stale one after a change', async () => {
    const batch = () => svc.api('GET', `/products/${ids.join(',')}?includeLocalizations=true`);
    const page = async () =>
      (await svc.api('GET', '/products?size=200')).body.results.filter((p: { id: number }) => ids.includes(p.id));
    const names = (list: { name: string }[]) => list.map((p) => p.name);
    // one product read alone first: the batch mixes it (read before) with the others (read together)
    expect((await svc.api('GET', `/products/${ids[1]}`)).body.name).toBe('Batch 1');
    expect(names((await batch()).body)).toEqual(['Batch 0', 'Batch 1', 'Batch 2']);
    expect((await batch()).body.map((p: { productLocalizations: unknown }) => p.productLocalizations)).toEqual(
      [0, 1, 2].map((i) => [{ language: 'FINNISH', productName: `Erä ${i}` }]),
    );
    // a page leaves the localizations out, also of answers read with them
    const listed = await page();
    expect(names(listed)).toEqual(['Batch 0', 'Batch 1', 'Batch 2']);
    expect(listed.every((p: { productLocalizations?: unknown }) => p.productLocalizations === undefined)).toBe(true);
    const stored = (await svc.api('GET', `/products/${ids[1]}?includeLocalizations=true`)).body;
    const renamed = await svc.api('PUT', `/products/${ids[1]}`, { ...stored, name: 'Batch 1 renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(names((await batch()).body)).toEqual(['Batch 0', 'Batch 1 renamed', 'Batch 2']);
    expect(names(await page())).toEqual(['Batch 0', 'Batch 1 renamed', 'Batch 2']);
    expect((await svc.api('GET', `/products/${ids[1]}`)).body.name).toBe('Batch 1 renamed');
  });

  it('a page asked again and again (kept from its second asking) answers every write of this process at once', async () => {
    const keyset = `/products?size=2&previousId=${ids[0] - 1}`;
    const offset = '/products?size=200';
    const ask = async (path: string) => {
      const answer = await svc.api('GET', path);
      expect(answer.status, answer.text).toBe(200);
      return answer;
    };
    const names = (answer: { body: { results: { id: number; name: string }[] } }) =>
      answer.body.results.filter((p) => ids.includes(p.id)).map((p) => p.name);
    const listed = names(await ask(offset));
    expect(listed).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      expect(names(await ask(keyset))).toEqual(listed.slice(0, 2));
      expect(names(await ask(offset))).toEqual(listed);
    }
    const total = (await ask(offset)).body.meta.totalCount;
    // the same bytes every time while nothing changed, the headers too but for the request's own
    const [first, again] = [await ask(keyset), await ask(keyset)];
    expect(again.text).toBe(first.text);
    const own = new Set(['date', 'x-request-id']);
    const headers = (answer: { headers: Headers }) => [...answer.headers].filter(([name]) => !own.has(name));
    expect(headers(again)).toEqual(headers(first));
    const stored = (await ask(`/products/${ids[0]}?includeLocalizations=true`)).body;
    expect((await svc.api('PUT', `/products/${ids[0]}`, { ...stored, name: 'Batch 0 renamed' })).status).toBe(200);
    const renamed = ['Batch 0 renamed', ...listed.slice(1)];
    expect(names(await ask(keyset))).toEqual(renamed.slice(0, 2));
    expect(names(await ask(offset))).toEqual(renamed);
    const added = await create({ ...sales, name: 'Batch 3' });
    expect((await ask(offset)).body.meta.totalCount).toBe(total + 1);
    expect((await svc.api('DELETE', `/products/${added.id}`)).status).toBe(204);
    expect((await ask(offset)).body.meta.totalCount).toBe(total);
    expect(names(await ask(offset))).toEqual(renamed);
    const current = (await ask(`/products/${ids[0]}?includeLocalizations=true`)).body;
    expect((await svc.api('PUT', `/products/${ids[0]}`, { ...current, name: listed[0] })).status).toBe(200);
    expect(names(await ask(keyset))).toEqual(listed.slice(0, 2));
  });

  it('404 when all ids are invalid, 400 for more than 200', async () => {
    const none = await svc.api('GET', '/products/999998,999999');
    expect(none.status).toBe(404);
    expect(none.body.errors[0].status).toBe(404);
    const tooMany = await svc.api('GET', `/products/${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`);
    expect(tooMany.status).toBe(400);
    const exactly200 = await svc.api('GET', `/products/${Array.from({ length: 200 }, (_, i) => i + 1).join(',')}`);
    expect(exactly200.status).toBe(200);
  });
});

describe('PUT, PATCH and versions', () => {
  it('PUT overwrites: optional fields left out are removed', async () => {
    const product = await create({
      ...sales,
      defaultAccount: '3000',
      productLocalizations: [{ language: 'SWEDISH', productName: 'Konsult' }],
    });
    clock.advance(1000);
    const { id, version, ...rest } = product;
    const replaced = await svc.api('PUT', `/products/${id}`, {
      ...rest,
      code: undefined,
      defaultAccount: undefined,
      productLocalizations: undefined,
      name: 'Renamed',
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.name).toBe('Renamed');
    expect(replaced.body.code).toBeUndefined();
    expect(replaced.body.defaultAccount).toBeUndefined();
    expect(replaced.body.version > version).toBe(true);
    const read = await svc.api('GET', `/products/${id}?includeLocalizations=true`);
    expect(read.body.productLocalizations).toBeUndefined();
  });

  it('PATCH keeps fields left out and clears fields sent as null', async () => {
    const product = await create({ ...sales, defaultAccount: '3000' });
    const patched = await svc.api('PATCH', `/products/${product.id}`, { name: 'Patched', code: null });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Patched', defaultAccount: '3000', price: 100, unit: 'HOUR' });
    expect(patched.body.code).toBeUndefined();
    const cleared = await svc.api('PATCH', `/products/${product.id}`, { name: null });
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors[0].field).toBe('name');
  });

  it('refuses a stale version and a changed read-only id', async () => {
    const product = await create(sales);
    clock.advance(1000);
    const first = await svc.api('PATCH', `/products/${product.id}`, { name: 'First', version: product.version });
    expect(first.status).toBe(200);
    const stale = await svc.api('PATCH', `/products/${product.id}`, { name: 'Second', version: product.version });
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].field).toBe('version');
    const { version: _v, ...body } = product;
    const otherId = await svc.api('PUT', `/products/${product.id}`, { ...body, id: product.id + 1000 });
    expect(otherId.status).toBe(400);
    expect(otherId.body.errors[0].field).toBe('id');
    expect((await svc.api('PUT', `/products/${product.id}`, { ...body, id: product.id })).status).toBe(200);
  });

  it('refuses changing the type', async () => {
    const product = await create(sales);
    const { id, version, ...rest } = product;
    const answer = await svc.api('PUT', `/products/${id}`, { ...rest, type: 'PURCHASE' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ message: 'PRODUCT_TYPE_CANNOT_BE_CHANGED', field: 'type' });
  });

  it('filters and orders by version', async () => {
    clock.set('2026-04-01T12:00:00Z');
    const early = await create({ ...purchase, name: 'Versioned A' });
    clock.set('2026-04-03T12:00:00Z');
    const late = await create({ ...purchase, name: 'Versioned B' });
    const between = await svc.api(
      'GET',
      '/products?type=PURCHASE&versionStartDate=2026-04-01&versionEndDate=2026-04-02',
    );
    expect(between.body.results.map((p: { id: number }) => p.id)).toEqual([early.id]);
    const since = await svc.api(
      'GET',
      '/products?type=PURCHASE&versionStartDate=2026-04-01T00:00:00&orderByVersion=DESC',
    );
    expect(since.body.results.map((p: { id: number }) => p.id)).toEqual([late.id, early.id]);
  });

  it('404 for a product that does not exist, 400 for a path that names no id', async () => {
    expect((await svc.api('PUT', '/products/999999', sales)).status).toBe(404);
    expect((await svc.api('DELETE', '/products/999999')).status).toBe(404);
    expect((await svc.api('GET', '/products/abc')).status).toBe(400);
  });
});

describe('DELETE', () => {
  it('deletes SALES products (204) and refuses TRAVEL products (400)', async () => {
    const product = await create(sales);
    const deleted = await svc.api('DELETE', `/products/${product.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await svc.api('GET', `/products/${product.id}`)).status).toBe(404);
    const trip = await create(travel);
    const refused = await svc.api('DELETE', `/products/${trip.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe('TRAVEL_PRODUCT_CANNOT_BE_DELETED');
  });
});

describe('product groups', () => {
  it('creates, lists by type and reads groups', async () => {
    const salesGroup = (await svc.api('POST', '/products/groups', { name: 'Services', type: 'SALES' })).body;
    const defaultType = (await svc.api('POST', '/products/groups', { name: 'Default' })).body;
    expect(defaultType.type).toBe('SALES');
    const travelGroup = (await svc.api('POST', '/products/groups', { name: 'Trips', type: 'TRAVEL' })).body;
    const all = await svc.api('GET', '/products/groups');
    expect(all.body.productGroups.map((g: { id: number }) => g.id)).toEqual(
      expect.arrayContaining([salesGroup.id, defaultType.id]),
    );
    expect(all.body.productGroups.some((g: { type: string }) => g.type === 'TRAVEL')).toBe(false);
    const travels = await svc.api('GET', '/products/groups?type=TRAVEL');
    expect(travels.body.productGroups).toEqual([travelGroup]);
    const old = await svc.api('GET', '/products/groups?productType=TRAVEL');
    expect(old.body.productGroups).toEqual([travelGroup]);
    expect((await svc.api('GET', `/products/groups/${salesGroup.id}`)).body).toEqual(salesGroup);
    expect((await svc.api('GET', '/products/groups/999999')).status).toBe(404);
  });

  it('a product joins a group of its own type only', async () => {
    const group = (await svc.api('POST', '/products/groups', { name: 'Purchases', type: 'PURCHASE' })).body;
    const wrong = await svc.api('POST', '/products', { ...sales, productGroupId: group.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ message: 'PRODUCT_GROUP_TYPE_MISMATCH', field: 'productGroupId' });
    const missing = await svc.api('POST', '/products', { ...sales, productGroupId: 999999 });
    expect(missing.body.errors[0]).toMatchObject({ message: 'PRODUCT_GROUP_NOT_FOUND', field: 'productGroupId' });
    const right = await create({ ...purchase, productGroupId: group.id });
    expect(right.productGroupId).toBe(group.id);
  });

  it('deleting a group with products is 409 listing their ids; an empty one is 204; TRAVEL groups 400', async () => {
    const group = (await svc.api('POST', '/products/groups', { name: 'Full', type: 'SALES' })).body;
    const a = await create({ ...sales, productGroupId: group.id });
    const b = await create({ ...sales, productGroupId: group.id });
    const conflict = await svc.api('DELETE', `/products/groups/${group.id}`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.errors[0].message).toContain(`${a.id}, ${b.id}`);
    await svc.api('DELETE', `/products/${a.id}`);
    await svc.api('DELETE', `/products/${b.id}`);
    expect((await svc.api('DELETE', `/products/groups/${group.id}`)).status).toBe(204);
    const trips = (await svc.api('POST', '/products/groups', { name: 'Trips 2', type: 'TRAVEL' })).body;
    const refused = await svc.api('DELETE', `/products/groups/${trips.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe('TRAVEL_PRODUCT_GROUP_CANNOT_BE_DELETED');
  });

  it('PUT renames a group; the type of a group with products cannot change', async () => {
    const group = (await svc.api('POST', '/products/groups', { name: 'Old', type: 'SALES' })).body;
    const renamed = await svc.api('PUT', `/products/groups/${group.id}`, { name: 'New', type: 'SALES' });
    expect(renamed.body).toEqual({ ...group, name: 'New' });
    await create({ ...sales, productGroupId: group.id });
    const retype = await svc.api('PUT', `/products/groups/${group.id}`, { name: 'New', type: 'PURCHASE' });
    expect(retype.status).toBe(400);
  });
});

describe('tenants and rights', () => {
  it('another company sees none of these products or groups (404, empty lists)', async () => {
    const product = await create(sales);
    const group = (await svc.api('POST', '/products/groups', { name: 'Mine' })).body;
    const other = await otherCompany(svc);
    const as = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    expect((await as('GET', `/products/${product.id}`)).status).toBe(404);
    expect((await as('GET', `/products/${product.id},${product.id + 1}`)).status).toBe(404);
    expect((await as('PUT', `/products/${product.id}`, sales)).status).toBe(404);
    expect((await as('PATCH', `/products/${product.id}`, { name: 'x' })).status).toBe(404);
    expect((await as('DELETE', `/products/${product.id}`)).status).toBe(404);
    expect((await as('GET', `/products/groups/${group.id}`)).status).toBe(404);
    expect((await as('PUT', `/products/groups/${group.id}`, { name: 'x' })).status).toBe(404);
    expect((await as('DELETE', `/products/groups/${group.id}`)).status).toBe(404);
    expect((await as('GET', '/products')).body.results).toEqual([]);
    expect((await as('GET', '/products/groups')).body.productGroups).toEqual([]);
    const own = await as('POST', '/products', sales);
    expect(own.body.id).toBe(1);
    expect((await svc.api('GET', `/products/${product.id}`)).body.name).toBe(sales.name);
  });

  it('a user without product-register rights gets 403; a viewer may read but not write', async () => {
    const company = svc.demo.companyId;
    const viewer = await svc.admin.createUser({
      username: 'viewer',
      password: 'Viewer-pass-1',
      firstName: 'V',
      lastName: 'U',
      email: 'v@example.com',
    });
    await svc.admin.addMember(company, viewer.userId, 'VIEWER');
    const viewerToken = await svc.tokenFor(
      (await svc.admin.createApiKey({ companyId: company, userId: viewer.userId, clientId: svc.demo.clientId })).apiKey,
    );
    expect((await svc.request('GET', '/api/products', { token: viewerToken })).status).toBe(200);
    const write = await svc.request('POST', '/api/products', { token: viewerToken, body: sales });
    expect(write.status).toBe(403);
    expect(write.body.errors[0].message).toContain('sales.productRegister');
    const none = await svc.admin.createUser({
      username: 'nobody',
      password: 'Nobody-pass-1',
      firstName: 'N',
      lastName: 'U',
      email: 'n@example.com',
    });
    await svc.admin.addMember(company, none.userId, 'NONE');
    const noneToken = await svc.tokenFor(
      (await svc.admin.createApiKey({ companyId: company, userId: none.userId, clientId: svc.demo.clientId })).apiKey,
    );
    expect((await svc.request('GET', '/api/products', { token: noneToken })).status).toBe(403);
  });
});

describe('optional fields without content', () => {
  it('treats an optional field sent empty or null as left out, and still requires required ones', async () => {
    const answer = await svc.api('POST', '/products', {
      ...sales,
      code: '',
      unit: '',
      vat: null,
      defaultAccount: null,
      productGroupId: null,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.code).toBeUndefined();
    expect(answer.body.unit).toBeUndefined();
    expect(answer.body.vat).toBeUndefined();
    expect(answer.body.productGroupId).toBeNull();
    const missing = await svc.api('POST', '/products', { ...sales, name: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('name');
  });
});

describe('ledger accounts', () => {
  it('defaultAccount and bookkeepingAccount must be active accounts of the chart, all failures reported together', async () => {
    const deactivated = await svc.api('PATCH', '/coa/7900', { active: false });
    expect(deactivated.status, deactivated.text).toBe(200);
    try {
      const created = await svc.api('POST', '/products', {
        ...travel,
        defaultAccount: '9999',
        bookkeepingAccount: '7900',
        startDate: '2026-12-31',
        endDate: '2026-01-01',
      });
      expect(created.status).toBe(400);
      expect(created.body.errors).toEqual([
        { status: 400, message: 'START_DATE_AFTER_END_DATE', field: 'endDate' },
        { status: 400, message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', field: 'defaultAccount' },
        { status: 400, message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', field: 'bookkeepingAccount' },
      ]);
      const product = await create({ ...sales, defaultAccount: '3000' });
      const put = await svc.api('PUT', `/products/${product.id}`, {
        ...product,
        id: undefined,
        version: undefined,
        defaultAccount: '7900',
      });
      expect(put.body.errors).toEqual([
        { status: 400, message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', field: 'defaultAccount' },
      ]);
      const patch = await svc.api('PATCH', `/products/${product.id}`, { defaultAccount: '12' });
      expect(patch.body.errors).toEqual([
        { status: 400, message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', field: 'defaultAccount' },
      ]);
      expect((await svc.api('GET', `/products/${product.id}`)).body.defaultAccount).toBe('3000');
      const moved = await svc.api('PATCH', `/products/${product.id}`, { defaultAccount: '3340' });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.defaultAccount).toBe('3340');
    } finally {
      expect((await svc.api('PATCH', '/coa/7900', { active: true })).status).toBe(200);
    }
    // active again: accepted
    expect((await svc.api('POST', '/products', { ...travel, bookkeepingAccount: '7900' })).status).toBe(200);
  });

  it("checks the accounts of the caller's company only", async () => {
    const other = await otherCompany(svc, 'Accounts Oy');
    const deactivated = await svc.request('PATCH', '/api/coa/4000', { token: other.token, body: { active: false } });
    expect(deactivated.status, deactivated.text).toBe(200);
    // inactive in the other company, active in the demo company
    expect((await svc.api('POST', '/products', { ...purchase, defaultAccount: '4000' })).status).toBe(200);
    const refused = await svc.request('POST', '/api/products', {
      token: other.token,
      body: { ...purchase, defaultAccount: '4000' },
    });
    expect(refused.body.errors).toEqual([
      { status: 400, message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', field: 'defaultAccount' },
    ]);
  });
});
