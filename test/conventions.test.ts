// The shared conventions of the interface, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-11-21T10:00:00Z');
const product = { type: 'SALES', name: 'Widget', price: 10, discount: 0, active: true, currency: 'EUR' };

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

describe('URLs and versions', () => {
  it('serves /api, /latest/api and /v2610/api as version 26.10 without lifecycle headers', async () => {
    for (const prefix of ['/api', '/latest/api', '/v2610/api']) {
      const answer = await svc.request('GET', `${prefix}/status`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ name: 'Tase', version: '26.10', status: 'OK' });
      expect(answer.headers.get('sunset')).toBeNull();
    }
  });

  it('serves /supported/api as 26.08 with Deprecation and Sunset headers', async () => {
    const answer = await svc.request('GET', '/supported/api/status');
    expect(answer.body.version).toBe('26.08');
    expect(answer.headers.get('sunset')).toBe('Sat, 15 May 2027 23:59:59 GMT');
    expect(answer.headers.get('deprecation')).toMatch(/^@\d+$/);
  });

  it('answers 410 with the error body for a version past its end of support', async () => {
    const answer = await svc.request('GET', '/v2602/api/status');
    expect(answer.status).toBe(410);
    expect(answer.body.errors[0].message).toMatch(/26\.02.*2026-11-15/);
    clock.set('2026-11-10T10:00:00Z');
    expect((await svc.request('GET', '/v2602/api/status')).status).toBe(200);
    clock.set('2026-11-21T10:00:00Z');
  });

  it('serves GET /status at the root without a token', async () => {
    expect((await svc.request('GET', '/status')).status).toBe(200);
  });

  it('serves an OpenAPI 3.1 document per version and interactive docs', async () => {
    const latest = await svc.request('GET', '/api/openapi.json');
    expect(latest.body.openapi).toBe('3.1.0');
    expect(latest.body.info.version).toBe('26.10');
    expect(Object.keys(latest.body.paths)).toContain('/products/{productId}');
    const older = await svc.request('GET', '/v2605/api/openapi.json');
    expect(older.body.info.version).toBe('26.05');
    expect((await svc.request('GET', '/openapi.json')).body.info.version).toBe('26.10');
    const docs = await svc.request('GET', '/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger');
  });
});

describe('errors', () => {
  it('401 with WWW-Authenticate for a missing or invalid token', async () => {
    const missing = await svc.request('GET', '/api/products');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="Tase API"');
    expect(missing.body.errors[0].status).toBe(401);
    const invalid = await svc.request('GET', '/api/products', { token: 'not.a.token' });
    expect(invalid.status).toBe(401);
    expect(invalid.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('404 for an unknown route and 405 with Allow for an unsupported method', async () => {
    const token = await svc.token();
    const unknown = await svc.request('GET', '/api/nothing-here', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toContain('/api/nothing-here');
    const method = await svc.request('PUT', '/api/status', { token, body: {} });
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toContain('GET');
    expect(method.body.errors[0].status).toBe(405);
  });

  it('400 for malformed JSON, 415 for a wrong content type, 413 for a body too large', async () => {
    const malformed = await svc.api('POST', '/products', undefined, { raw: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].message).toMatch(/not valid JSON/);
    const wrongType = await svc.api('POST', '/products', undefined, { raw: 'name=x', contentType: 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.errors[0].status).toBe(415);
    const huge = await svc.api('POST', '/products', undefined, {
      raw: JSON.stringify({ ...product, name: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].status).toBe(413);
    const empty = await svc.api('POST', '/products', undefined, { raw: '' });
    expect(empty.status).toBe(400);
  });

  it('reports every validation failure together, each with its field path', async () => {
    const answer = await svc.api('POST', '/products', {
      type: 'GADGET',
      price: 'ten',
      discount: 1.23456,
      active: true,
      currency: 'EUR',
      productLocalizations: [{ language: 'KLINGON', productName: 'x' }],
      extra: 1,
    });
    expect(answer.status).toBe(400);
    const fields = answer.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['discount', 'extra', 'name', 'price', 'productLocalizations[0].language', 'type'].sort());
    for (const error of answer.body.errors) expect(error.status).toBe(400);
  });

  it('refuses text outside Windows-1252, naming the field', async () => {
    const answer = await svc.api('POST', '/products', { ...product, name: 'Minus \u2212 sign', code: 'ok €' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'name', status: 400 })]);
    expect((await svc.api('POST', '/products', { ...product, name: 'Hyvää päivää € – “ok”' })).status).toBe(200);
  });

  it('answers internal errors without leaking internals', async () => {
    // an id beyond int64 never reaches SQL: it is no id, so a 400 naming the parameter, in the error body
    const answer = await svc.api('GET', '/products/99999999999999999999999');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ status: 400, field: 'productId' })]);
  });
});

describe('exact decimals', () => {
  it('keeps many decimals exact from request to response', async () => {
    // raw text: a JS number literal in the test would itself be a float
    const raw = JSON.stringify({ ...product, vat: 25.5 })
      .replace('"price":10', '"price":123456789012.123456')
      .replace('"discount":0', '"discount":12.3456');
    const answer = await svc.api('POST', '/products', undefined, { raw });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"price":123456789012.123456');
    expect(answer.text).toContain('"discount":12.3456');
    const again = await svc.api('GET', `/products/${answer.body.id}`);
    expect(again.text).toContain('"price":123456789012.123456');
  });

  it('refuses more decimals than the field scale', async () => {
    const answer = await svc.api('POST', '/products', { ...product, price: 1.1234567 });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ field: 'price' });
  });
});

describe('paging', () => {
  beforeAll(async () => {
    for (let i = 0; i < 7; i++)
      await svc.api('POST', '/products', { ...product, name: `Paged ${i}`, type: 'PURCHASE' });
  });

  it('pages with page and size and reports the envelope', async () => {
    const all = await svc.api('GET', '/products?type=PURCHASE&size=3&page=0');
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ pageNumber: 0, pageSize: 3, resultCount: 3, totalCount: 7 });
    const last = await svc.api('GET', '/products?type=PURCHASE&size=3&page=2');
    expect(last.body.meta.resultCount).toBe(1);
    const past = await svc.api('GET', '/products?type=PURCHASE&size=3&page=9');
    expect(past.status).toBe(200);
    expect(past.body.results).toEqual([]);
  });

  it('pages by previousId', async () => {
    const first = await svc.api('GET', '/products?type=PURCHASE&size=4');
    const lastId = first.body.results.at(-1).id;
    const next = await svc.api('GET', `/products?type=PURCHASE&size=4&previousId=${lastId}`);
    expect(next.body.results.length).toBe(3);
    expect(next.body.results.every((p: { id: number }) => p.id > lastId)).toBe(true);
  });

  it('defaults to 50 and refuses more than 200', async () => {
    expect((await svc.api('GET', '/products')).body.meta.pageSize).toBe(50);
    expect((await svc.api('GET', '/products?size=200')).status).toBe(200);
    const tooMany = await svc.api('GET', '/products?size=201');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].field).toBe('size');
  });
});

describe('token endpoint basics', () => {
  it('issues a JWT access token for client credentials, also with a trailing slash', async () => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: svc.demo.clientId,
      client_secret: svc.demo.clientSecret,
      api_key: svc.demo.apiKey,
    });
    const answer = await svc.request('POST', '/api/oauth/token/', {
      raw: form.toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const token: string = answer.body.access_token;
    expect(Buffer.byteLength(token)).toBeLessThanOrEqual(512);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(Object.keys(payload)).toEqual(
      expect.arrayContaining(['iss', 'aud', 'sub', 'cid', 'jti', 'auth_time', 'iat', 'exp']),
    );
    expect(payload.exp - payload.iat).toBe(3600);
    expect(payload.cid).toBe(svc.demo.companyId);
  });

  it('refuses a wrong secret, an unknown key, and secrets in the URL', async () => {
    const form = (over: Record<string, string>) =>
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: svc.demo.clientId,
        client_secret: svc.demo.clientSecret,
        api_key: svc.demo.apiKey,
        ...over,
      }).toString();
    const wrongSecret = await svc.request('POST', '/api/oauth/token', {
      raw: form({ client_secret: 'nope' }),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_client');
    const wrongKey = await svc.request('POST', '/api/oauth/token', {
      raw: form({ api_key: 'tak_1_1_aaaaaaaaaaaaaaaaaaaaaaaaaaaa' }),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.error).toBe('invalid_grant');
    const inUrl = await svc.request('POST', `/api/oauth/token?api_key=${svc.demo.apiKey}`, {
      raw: form({}),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(inUrl.status).toBe(400);
    expect(inUrl.body.error).toBe('invalid_request');
  });
});
