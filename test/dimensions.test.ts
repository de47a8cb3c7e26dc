// The dimension register and the default dimensions of products, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { findDimensionItems } from '../src/dimensions/store.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-02T08:00:00Z');
let dimension: { id: number; items: { id: number; codeName: string }[] };
let productId: number;

beforeAll(async () => {
  svc = await startService({ clock });
  const created = await svc.api('POST', '/dimensions', {
    name: 'Cost centre',
    items: [
      { codeName: 'SALES' },
      { codeName: 'ADMIN', description: 'Administration' },
      { codeName: 'OLD', status: 'P' },
    ],
  });
  expect(created.status, created.text).toBe(200);
  dimension = created.body;
  const product = await svc.api('POST', '/products', {
    type: 'SALES',
    name: 'Widget',
    price: 10,
    discount: 0,
    active: true,
    currency: 'EUR',
  });
  productId = product.body.id;
});
afterAll(() => svc.close());

describe('register', () => {
  it('lists dimensions as a bare array, passive items marked P', async () => {
    const answer = await svc.api('GET', '/dimensions');
    expect(answer.status).toBe(200);
    const found = answer.body.find((d: { id: number }) => d.id === dimension.id);
    expect(found).toEqual({
      id: dimension.id,
      name: 'Cost centre',
      items: [
        { id: expect.any(Number), codeName: 'SALES' },
        { id: expect.any(Number), codeName: 'ADMIN', description: 'Administration' },
        { id: expect.any(Number), codeName: 'OLD', status: 'P' },
      ],
    });
    expect((await svc.api('GET', `/dimensions/${dimension.id}/items`)).body).toHaveLength(3);
  });

  it('refuses a duplicated dimension name and duplicated code names together', async () => {
    const answer = await svc.api('POST', '/dimensions', {
      name: 'Cost centre',
      items: [{ codeName: 'A' }, { codeName: 'A' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { message: string }) => e.message).sort()).toEqual([
      'DIMENSION_ITEM_CODE_NAME_EXISTS',
      'DIMENSION_NAME_EXISTS',
    ]);
  });

  it('adds and passivates items; findDimensionItems reports the status', async () => {
    const added = await svc.api('POST', `/dimensions/${dimension.id}/items`, { codeName: 'RND' });
    expect(added.status).toBe(200);
    expect(
      (await svc.api('POST', `/dimensions/${dimension.id}/items`, { codeName: 'RND' })).body.errors[0].message,
    ).toBe('DIMENSION_ITEM_CODE_NAME_EXISTS');
    const passive = await svc.api('PUT', `/dimensions/${dimension.id}/items/${added.body.id}`, {
      codeName: 'RND',
      status: 'P',
    });
    expect(passive.body).toEqual({ id: added.body.id, codeName: 'RND', status: 'P' });
    const found = await findDimensionItems(svc.app.ctx.db, svc.demo.companyId, [
      added.body.id,
      dimension.items[0].id,
      999999,
    ]);
    expect(found).toEqual([
      { id: dimension.items[0].id, dimensionId: dimension.id, codeName: 'SALES', active: true },
      { id: added.body.id, dimensionId: dimension.id, codeName: 'RND', active: false },
    ]);
  });

  it('filters by dimension name and item code name', async () => {
    expect((await svc.api('GET', '/dimensions?name=Cost%20centre')).body.map((d: { id: number }) => d.id)).toEqual([
      dimension.id,
    ]);
    expect((await svc.api('GET', '/dimensions?name=Nothing')).body).toEqual([]);
    const byCode = await svc.api('GET', '/dimensions?codeName=ADMIN');
    expect(byCode.body).toEqual([
      {
        id: dimension.id,
        name: 'Cost centre',
        items: [{ id: dimension.items[1].id, codeName: 'ADMIN', description: 'Administration' }],
      },
    ]);
  });

  it('PUT /dimensions/{id}/items replaces the item the body names', async () => {
    const added = await svc.api('POST', `/dimensions/${dimension.id}/items`, { codeName: 'OPS' });
    const replaced = await svc.api('PUT', `/dimensions/${dimension.id}/items`, {
      ...added.body,
      description: 'Operations',
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toEqual({ id: added.body.id, codeName: 'OPS', description: 'Operations' });
    expect((await svc.api('PUT', `/dimensions/${dimension.id}/items`, { codeName: 'OPS' })).body.errors[0].field).toBe(
      'id',
    );
    expect((await svc.api('PUT', `/dimensions/${dimension.id}/items`, { id: 99999, codeName: 'X' })).status).toBe(404);
    expect(
      (
        await svc.api('PUT', `/dimensions/${dimension.id}/items/${added.body.id}`, {
          ...replaced.body,
          id: dimension.items[0].id,
        })
      ).status,
    ).toBe(400);
  });

  it('404 for an unknown dimension or item', async () => {
    expect((await svc.api('GET', '/dimensions/99999')).status).toBe(404);
    expect((await svc.api('PUT', `/dimensions/${dimension.id}/items/99999`, { codeName: 'X' })).status).toBe(404);
  });
});

describe('default dimensions of a product', () => {
  const path = () => `/products/${productId}/defaults/dimensions/${dimension.id}`;

  it('starts empty, then stores an allocation that sums to 100', async () => {
    expect((await svc.api('GET', `/products/${productId}/defaults/dimensions`)).body).toEqual([]);
    expect((await svc.api('GET', path())).body).toEqual({ id: dimension.id, name: 'Cost centre', items: [] });
    const put = await svc.api('PUT', path(), {
      items: [
        { codeName: 'SALES', percent: 60.5 },
        { codeName: 'ADMIN', percent: 39.5 },
      ],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({
      id: dimension.id,
      name: 'Cost centre',
      items: [
        { id: dimension.items[0].id, codeName: 'SALES', percent: 60.5, status: true },
        { id: dimension.items[1].id, codeName: 'ADMIN', percent: 39.5, status: true, description: 'Administration' },
      ],
    });
    const list = await svc.api('GET', `/products/${productId}/defaults/dimensions`);
    expect(list.body).toEqual([put.body]);
  });

  it('reports every rule failure together', async () => {
    const answer = await svc.api('PUT', path(), {
      items: [
        { codeName: 'SALES', percent: 50 },
        { codeName: 'SALES', percent: 20 },
        { codeName: 'OLD', percent: 10 },
        { codeName: 'NOPE', percent: 10 },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { status: 400, message: 'DUPLICATE_DIMENSION_ITEM', field: 'items[1].codeName' },
      { status: 400, message: 'DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION', field: 'items[2].codeName' },
      { status: 400, message: 'DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION', field: 'items[3].codeName' },
      { status: 400, message: 'DIMENSION_PERCENTAGES_MUST_SUM_TO_100', field: 'items' },
    ]);
    // nothing was stored
    expect((await svc.api('GET', path())).body.items).toHaveLength(2);
  });

  it('refuses more than two decimals and a body id other than the path', async () => {
    expect(
      (await svc.api('PUT', path(), { items: [{ codeName: 'SALES', percent: 33.333 }] })).body.errors[0].field,
    ).toBe('items[0].percent');
    const wrongId = await svc.api('PUT', path(), {
      id: dimension.id + 1000,
      items: [{ codeName: 'SALES', percent: 100 }],
    });
    expect(wrongId.body.errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining("'id'"), field: 'id' }),
    ]);
  });

  it('an empty list clears the default', async () => {
    const cleared = await svc.api('PUT', path(), { items: [] });
    expect(cleared.body.items).toEqual([]);
    expect((await svc.api('GET', `/products/${productId}/defaults/dimensions`)).body).toEqual([]);
  });

  it('404 when the product or the dimension does not exist', async () => {
    expect((await svc.api('GET', `/products/999999/defaults/dimensions/${dimension.id}`)).status).toBe(404);
    expect((await svc.api('PUT', `/products/999999/defaults/dimensions/${dimension.id}`, { items: [] })).status).toBe(
      404,
    );
    expect((await svc.api('GET', `/products/${productId}/defaults/dimensions/999999`)).status).toBe(404);
    expect((await svc.api('GET', '/products/999999/defaults/dimensions')).status).toBe(404);
  });
});

describe('rights and tenants', () => {
  it('needs the dimensions right to change the register', async () => {
    const user = await svc.admin.createUser({
      username: 'dimviewer',
      firstName: 'Dim',
      lastName: 'Viewer',
      email: 'dv@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'ADMIN', {
      'accounting.dimensions': 'VIEWING_RIGHTS',
      'sales.productRegister': 'NO_ACCESS',
    });
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', '/api/dimensions', { token })).status).toBe(200);
    expect((await svc.request('POST', '/api/dimensions', { token, body: { name: 'X' } })).status).toBe(403);
    expect((await svc.request('GET', `/api/products/${productId}/defaults/dimensions`, { token })).status).toBe(403);
  });

  it('another company sees none of this company’s dimensions or defaults (404)', async () => {
    const other = await otherCompany(svc, 'Dim Other Oy');
    const ask = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    expect((await ask('GET', '/dimensions')).body).toEqual([]);
    expect((await ask('GET', `/dimensions/${dimension.id}`)).status).toBe(404);
    expect((await ask('GET', `/dimensions/${dimension.id}/items`)).status).toBe(404);
    expect((await ask('POST', `/dimensions/${dimension.id}/items`, { codeName: 'Z' })).status).toBe(404);
    expect(
      (await ask('PUT', `/dimensions/${dimension.id}/items/${dimension.items[0].id}`, { codeName: 'Z' })).status,
    ).toBe(404);
    expect((await ask('GET', `/products/${productId}/defaults/dimensions`)).status).toBe(404);
    expect((await ask('GET', `/products/${productId}/defaults/dimensions/${dimension.id}`)).status).toBe(404);
    expect((await ask('PUT', `/products/${productId}/defaults/dimensions/${dimension.id}`, { items: [] })).status).toBe(
      404,
    );
    expect(await findDimensionItems(svc.app.ctx.db, other.companyId, [dimension.items[0].id])).toEqual([]);
  });
});
