// The read path of the register and the request pipeline around it: pages answered from cached products and a
// search's kept count stay exact when products change; every answer is counted in the metrics, routes matched or
// not; files are refused by routes that take JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

interface Listed {
  results: { id: number; name: string; price: number }[];
  meta: { pageNumber: number; pageSize: number; resultCount: number; totalCount: number };
}

const product = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'SALES',
  name,
  price: 2.5,
  discount: 0,
  active: true,
  currency: 'EUR',
  ...extra,
});

describe('pages of products', () => {
  it('answer what the register holds while products are created, changed and deleted between pages', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await svc.api('POST', '/products', product(`Paged ${i}`))).body.id);
    const page = async (query: string) => {
      const answer = await svc.api<Listed>('GET', `/products?${query}`);
      expect(answer.status).toBe(200);
      // the text is what the parsed answer says (answers joined from kept texts stay valid JSON)
      expect(JSON.parse(answer.text)).toEqual(answer.body);
      return answer.body;
    };
    const all = await page('size=200');
    const total = all.meta.totalCount;
    const expected = (after: number) => all.results.filter((p) => p.id > after).slice(0, 5);
    // keyset pages of one search: each its own page, the count the search's
    for (const after of [ids[0], ids[3], ids[6]]) {
      const keyset = await page(`size=5&previousId=${after}`);
      expect(keyset.results).toEqual(expected(after));
      expect(keyset.meta.totalCount).toBe(total);
    }
    // a product created: the next page of the same search counts it
    const created = (await svc.api('POST', '/products', product('Paged new'))).body.id as number;
    const afterCreate = await page(`size=5&previousId=${ids[9]}`);
    expect(afterCreate.meta.totalCount).toBe(total + 1);
    expect(afterCreate.results.map((p) => p.id)).toContain(created);
    // a product renamed and another deleted: pages asked before answer the change
    await svc.api('PATCH', `/products/${ids[4]}`, { name: 'Paged renamed' });
    await svc.api('DELETE', `/products/${ids[5]}`);
    const again = await page(`size=5&previousId=${ids[3]}`);
    expect(again.results[0]).toMatchObject({ id: ids[4], name: 'Paged renamed' });
    expect(again.results.map((p) => p.id)).not.toContain(ids[5]);
    expect(again.meta.totalCount).toBe(total);
    // searches of other shapes (filters, lists, order) each count and page their own matches
    const named = await page('name=Paged%20renamed');
    expect(named.results.map((p) => p.id)).toEqual([ids[4]]);
    expect(named.meta.totalCount).toBe(1);
    const inactive = await page('active=false&size=3');
    expect(inactive.meta.totalCount).toBe(inactive.results.length);
    const byVersion = await page(`orderByVersion=DESC&size=2&orderById=DESC`);
    expect(byVersion.results).toHaveLength(2);
    expect(byVersion.meta.totalCount).toBe(total);
  });
});

describe('pages of a search in id order', () => {
  // a search in id order (the plain list, or with filters) is paged from a kept order of its ids once asked twice
  // since the register last changed; the same search asked for the first time is paged by queries: a filter that
  // every product passes, new for each request, makes it so. Both must be the pages of the model.
  const ids = async (query: string) => {
    const answer = await svc.api<Listed>('GET', `/products?${query}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual(answer.body);
    return { ids: answer.body.results.map((p) => p.id), total: answer.body.meta.totalCount };
  };
  let firstAsked = 0;
  const askedFirst = () => `versionEndDate=${2100 + firstAsked++}-12-31`;
  async function expectPagesOfModel(filter: string) {
    const all = (await ids(`${filter}size=200&${askedFirst()}`)).ids;
    for (const order of ['ASC', 'DESC']) {
      const sorted = order === 'ASC' ? all : [...all].reverse();
      for (const after of [undefined, sorted[0], sorted[3], sorted.at(-2), sorted.at(-1)]) {
        for (let page = 0; page < 3; page++) {
          const query = `${filter}orderById=${order}&size=3${after === undefined ? `&page=${page}` : `&previousId=${after}`}`;
          const listed = await ids(query);
          expect(listed).toEqual(await ids(`${query}&${askedFirst()}`));
          const start = after === undefined ? page * 3 : sorted.indexOf(after) + 1;
          expect(listed).toEqual({ ids: sorted.slice(start, start + 3), total: all.length });
        }
      }
    }
    return all;
  }
  const searches = ['', 'type=PURCHASE&', 'active=false&', 'name=rdered%20o&', 'type=PURCHASE&active=false&'];

  it('are the pages its queries answer, in both orders, for the plain list and with filters, across writes', async () => {
    const made: number[] = [];
    for (let i = 0; i < 9; i++) {
      const fields = { type: i % 3 ? 'SALES' : 'PURCHASE', active: i % 4 !== 1 && i !== 6 };
      made.push(
        (await svc.api('POST', '/products', product(`Ordered ${i % 2 ? 'odd' : 'even'} ${i}`, fields))).body.id,
      );
    }
    for (const search of searches) await expectPagesOfModel(search);
    // a product created, another deleted and a third made inactive: each order is read again
    made.push((await svc.api('POST', '/products', product('Ordered new', { type: 'PURCHASE' }))).body.id);
    expect((await svc.api('DELETE', `/products/${made[1]}`)).status).toBe(204);
    expect((await svc.api('PATCH', `/products/${made[3]}`, { active: false })).status).toBe(200);
    const after = new Map<string, number[]>();
    for (const search of searches) after.set(search, await expectPagesOfModel(search));
    expect(after.get('')).toContain(made.at(-1));
    expect(after.get('')).not.toContain(made[1]);
    expect(after.get('active=false&')).toContain(made[3]);
    expect(after.get('type=PURCHASE&active=false&')).toContain(made[3]);
    // 'Ordered odd …': the products made at odd places but the one deleted and the last
    expect(after.get('name=rdered%20o&')).toEqual(made.filter((_, i) => i % 2 === 1 && i !== 1 && i < 9));
  });
});

describe('metrics of the request path', () => {
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? 0 : Number(line.split(' ').pop());
  };

  it('count answers by route and status, HEAD and unknown paths included', async () => {
    const before = (await svc.request('GET', '/metrics')).text;
    await svc.request('GET', '/api/no-such-register');
    await svc.request('GET', '/api/no-such-register');
    await svc.request('HEAD', '/api/products', { token: await svc.token() });
    await svc.api('GET', '/products/2147483646');
    const after = (await svc.request('GET', '/metrics')).text;
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('tase_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(delta('tase_http_request_duration_seconds_count{method="GET",route="unmatched"}')).toBe(2);
    const route = after.match(/route="(\/v\d+\/api\/products\/:productId)"/)?.[1];
    expect(delta(`tase_http_requests_total{method="GET",route="${route}",status="404"}`)).toBe(1);
    const list = route!.replace('/:productId', '');
    expect(delta(`tase_http_requests_total{method="HEAD",route="${list}",status="200"}`)).toBe(1);
  });
});

describe('uploads', () => {
  it('are refused by a route that takes JSON, in the error body', async () => {
    const form = new FormData();
    form.append('meta', JSON.stringify(product('Uploaded')));
    const answer = await fetch(`${svc.base}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await svc.token()}` },
      body: form,
    });
    expect(answer.status).toBe(415);
    const body = (await answer.json()) as { errors: { status: number; message: string }[] };
    expect(body.errors[0].status).toBe(415);
    expect(body.errors[0].message).toMatch(/^Content type 'multipart\/form-data; boundary=.*application\/json/);
  });
});
