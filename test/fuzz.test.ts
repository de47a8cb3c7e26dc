// Hostile input against every documented operation, generated from the service's own OpenAPI document (see
// test/support/fuzz.ts; `npm run fuzz` sends 100,000 of them): no 5xx, the error body on every 4xx, no
// internal paths in answers, and no change to the data when a request is refused. A fixed seed reproduces a run:
// FUZZ_SEED=<seed> npx vitest run test/fuzz.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { approvedIntegration } from './integration-helpers.ts';
import {
  changedPaths,
  fuzzEncodings,
  fuzzOperation,
  knownIdsOf,
  operationsOf,
  send,
  snapshotter,
  type Operation,
} from './support/fuzz.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 17_2026);
const RUNS_PER_OPERATION = 30;

let svc: TestService;
let operations: Operation[];

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  operations = operationsOf((await svc.request('GET', '/api/openapi.json')).body);
});
afterAll(() => svc.close());

describe('cookies, credentials and tickets', () => {
  it('answers hostile encodings of the login and authenticator cookies, Basic and Bearer credentials and tickets below 500', async () => {
    const { integrationId } = await approvedIntegration(svc);
    const run = await fuzzEncodings(svc.base, { seed: SEED, runs: 60, concurrency: 4, integrationId });
    expect(run.failures.slice(0, 5)).toEqual([]);
    expect(run.sent).toBe(60 * 11);
  }, 120_000);
});

describe('fixed regressions', () => {
  it('refuses page numbers, sizes and ids beyond int32 with a 400 naming the parameter', async () => {
    const paged = [
      '/products',
      '/businesspartners',
      '/businesspartners/groups',
      '/factoringcontracts',
      '/ledgerreceipts',
      '/webhooks',
      '/bankaccounts',
      '/bankstatements',
      '/referencepayments',
      '/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31',
    ];
    for (const path of paged) {
      const glue = path.includes('?') ? '&' : '?';
      for (const [query, field] of [
        ['page=9223372036854775808', 'page'],
        ['page=2147483648', 'page'],
        ['page=1e3', 'page'],
        ['size=201', 'size'],
        ['size=9223372036854775807', 'size'],
      ]) {
        const answer = await svc.api('GET', `${path}${glue}${query}`);
        expect(answer.status, `${path} ${query}`).toBe(400);
        expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      expect((await svc.api('GET', `${path}${glue}page=2147483647&size=200`)).status).toBe(200);
    }
    const uuid = '00000000-0000-4000-8000-000000000000';
    expect((await svc.api('GET', `/webhooks/${uuid}/deliveries?page=9223372036854775808`)).status).toBe(400);
    for (const [path, field] of [
      ['/products/groups/2147483648', 'groupId'],
      ['/bankaccounts/9223372036854775808', 'bankAccountId'],
      ['/ledgerreceipts/0/approve', 'receiptId'],
      ['/dimensions/0x10', 'dimensionId'],
    ]) {
      const method = path.endsWith('/approve') ? 'PUT' : 'GET';
      const answer = await svc.api(method, path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.errors[0].field).toBe(field);
    }
    expect((await svc.api('GET', '/ledgerreceipts?partnerId=2147483648')).body.errors[0].field).toBe('partnerId');
    // a NUL byte in a text path parameter never reaches SQL (PostgreSQL refuses it in text)
    const nul = await svc.api('GET', '/mfatransactionresult/%00');
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0].field).toBe('transactionIdentifier');
  });

  it('answers errors of the HTTP layer in the error body without internal paths', async () => {
    const token = await svc.token();
    const cases: [string, string, Record<string, string>, number][] = [
      ['GET', `/api/products/${'x'.repeat(3000)}`, {}, 414],
      ['GET', '/api/products/%C3%28', {}, 400],
      ['GET', `/api/products?name=${'x'.repeat(20_000)}`, {}, 414],
      ['GET', '/api/products', { 'x-padding': 'p'.repeat(20_000) }, 431],
      ['FOO', '/api/products', {}, 400],
      ['PROPFIND', '/api/products', {}, 405],
    ];
    for (const [method, path, headers, status] of cases) {
      for (const bearer of [token, undefined]) {
        const answer = await send(svc.base, { method, path, headers }, bearer);
        expect(answer.status, `${method} ${path.slice(0, 40)}`).toBe(status);
        expect(answer.contentType).toMatch(/^application\/json/);
        const body = JSON.parse(answer.text);
        expect(body).toEqual({ errors: [{ status, message: expect.any(String) }] });
        expect(answer.text).not.toMatch(/v2610|FST_ERR/);
      }
    }
    const mismatch = await send(
      svc.base,
      {
        method: 'POST',
        path: '/api/products',
        headers: { 'content-type': 'application/json; charset=utf-16' },
        body: '{}',
      },
      token,
    );
    expect(mismatch.status).toBeLessThan(500);
    expect(JSON.parse(mismatch.text).errors[0].status).toBe(mismatch.status);
  });

  it('refuses anything but allocation ids in ledger-receipt allocations, each named', async () => {
    const receipt = (allocations: string) =>
      `{"type":"JOURNAL","name":"Allocations","receiptDate":"2026-03-10","vatType":"PURCHASE","vatStatus":1,"transactions":[{"transactionType":"ENTRY","account":"7000","accountingValue":10,"vatPercent":0,"allocations":${allocations}},{"transactionType":"ENTRY","account":"1910","accountingValue":-10,"vatPercent":0}]}`;
    for (const bad of [
      '[1e309]',
      '[-1e309]',
      '[123456789012345678901234567890]',
      '[9007199254740993]',
      '[0.001]',
      '[1.5]',
      '[0]',
      '[-3]',
      '[null]',
      '[true]',
      '["7"]',
      '[7]',
    ]) {
      const answer = await svc.api('POST', '/ledgerreceipts', undefined, { raw: receipt(bad) });
      expect(answer.status, bad).toBe(400);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain('transactions[0].allocations[0]');
    }
    const none = await svc.api('POST', '/ledgerreceipts', undefined, { raw: receipt('[]') });
    expect(none.status, none.text).toBe(200);
    expect(none.body.transactions[0].allocations).toBeUndefined();
  });

  it('reads credentials and cookies holding a NUL as malformed, which PostgreSQL refused in text with a 500', async () => {
    const session = await fetch(`${svc.base}/authenticator/api/session`, {
      headers: { cookie: 'tase_authenticator=%00%00:.tak_1_1_x' },
    });
    expect(session.status).toBe(401);
    expect(((await session.json()) as { errors: { status: number }[] }).errors[0].status).toBe(401);

    const basic = Buffer.from('\u0000client:se\u0000cret').toString('base64');
    const token = await fetch(`${svc.base}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&api_key=x',
    });
    expect(token.status).toBe(401);
    expect(((await token.json()) as { error: string }).error).toBe('invalid_client');

    // the pending login's cookie is unsigned JSON: a client id with a NUL in it is no login flow
    const flow = { n: 'x', c: '\u0000', r: 'https://example.com/back', e: Date.now() + 600_000, s: null, x: null };
    const pending = `p.${Buffer.from(JSON.stringify(flow)).toString('base64url')}`;
    const login = await fetch(`${svc.base}/login`, {
      method: 'POST',
      headers: {
        cookie: `tase_login=${pending}`,
        'content-type': 'application/x-www-form-urlencoded',
        origin: svc.base,
      },
      body: 'step=password&csrf=x&username=a&password=b',
    });
    expect(login.status).toBe(400);
    expect(await login.text()).toContain('no longer valid');
  });
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it(
    'answers hostile input with a 4xx in the error body, never a 5xx, and leaves the data as it was',
    { timeout: 180_000 },
    async () => {
      console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} reproduces this run)`);
      expect(operations.length).toBeGreaterThanOrEqual(90);
      const token = await svc.token();
      const snapshots = await snapshotter(svc.base, operations, token);
      let before = await snapshots.take();
      const known = knownIdsOf(before);
      const failures: string[] = [];
      let sent = 0;
      let compared = 0;
      const started = Date.now();
      for (const [index, op] of operations.entries()) {
        const run = await fuzzOperation(svc.base, op, known, token, { seed: SEED + index, runs: RUNS_PER_OPERATION });
        sent += run.sent;
        for (const f of run.failures)
          failures.push(`${op.method} ${op.path} (seed ${SEED + index}): ${f.problem}\n  ${f.request}`);
        const after = await snapshots.take();
        if (!run.accepted) {
          compared++;
          const changed = changedPaths(before, after);
          if (changed.length > 0)
            failures.push(
              `${op.method} ${op.path} (seed ${SEED + index}): refused requests changed ${changed.join(', ')}`,
            );
        }
        before = after;
      }
      console.log(
        `fuzz: ${sent} requests over ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s; data compared after ${compared} operations (the others accepted a write)`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      // the token of the run still works: nothing in it logged the client out
      expect((await svc.api('GET', '/users')).status).toBe(200);
    },
  );
});
