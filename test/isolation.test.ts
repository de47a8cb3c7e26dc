// Tenant isolation, generated from the OpenAPI document: company B (an admin with a person token) tries every
// operation with a path id on the ids of company A's resources and is answered 404 every time (no read, no
// write), A's data is the same afterwards, and B's lists hold nothing of A's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { changedPaths, operationsOf, send, type Operation } from './support/fuzz.ts';
import { person } from './mfa-helpers.ts';
import { SPECIFICATION } from './integration-helpers.ts';
import { EMPLOYMENT, MEMBERSHIP, seedResources, TAX_CARD } from './support/resources.ts';

let svc: TestService;
let operations: Operation[];
/** A's resource for each path parameter; a parameter missing here fails the test until it is added. */
const idsOfA = new Map<string, string>();
const MARK = `IsolationA${Date.now().toString(36)}`;
let tokenA: string;
let tokenB: string;

/** Valid bodies of the writes whose path has no GET of the same shape. */
const BODIES: Record<string, unknown> = {
  'POST /dimensions/{dimensionId}/items': { codeName: 'FromB' },
  'PUT /dimensions/{dimensionId}/items/{itemId}': { codeName: 'FromB' },
  'PUT /ledgerreceipts/{receiptId}/transactions/{transactionId}/dimensions': { dimensionItemValues: [] },
  'PUT /dimensions/{dimensionId}/items': { id: 1, codeName: 'FromB' },
  'PUT /dimensions/{dimensionId}': { name: 'FromB' },
  'PUT /fiscalyears/{fiscalYearId}/trackingPeriods/{trackingPeriodId}': { status: 'CLOSED' },
  'POST /invoices/{invoiceId}/comments': { comment: 'FromB' },
  'PUT /invoices/{invoiceId}/notes': { notes: 'FromB' },
  'PUT /invoices/{invoiceId}/paymentevents/markpaid': { paymentDate: '2026-03-12', amount: 1, currency: 'EUR' },
  'PATCH /attachments/{attachmentId}': { name: 'FromB.txt' },
  'POST /payrolls/employees/{employeeId}/salaryinfo/taxcards': TAX_CARD,
  'POST /payrolls/employees/{employeeId}/salaryinfo/employments': EMPLOYMENT,
  'POST /payrolls/employees/{employeeId}/salaryinfo/laborunionmemberships': MEMBERSHIP,
  'PUT /integrations/{requestId}': { approve: [], reject: [] },
  'PUT /integrationspecifications/{integrationId}': SPECIFICATION,
  'PUT /bankstatements/{statementId}/events/{eventId}/invoices': 1,
  'PUT /bankstatements/{statementId}/events/{eventId}/products': 1,
  'PUT /bankstatements/{statementId}/events/{eventId}/metadata': {
    allocationMetadataRows: [{ vatPercentage: 0, sum: 1 }],
  },
  'PUT /referencepayments/{referencePaymentId}/metadata': { allocationMetadataRows: [{ vatPercentage: 0, sum: 1 }] },
  'PUT /vat/corrections/{receiptId}': { periodType: 'MONTH', startDate: '2026-02-01' },
};

/** The id of A's resource a path parameter names (`groupId` is a product group or a partner group by its path). */
function idFor(op: Operation, name: string): string | undefined {
  if (name === 'groupId') return idsOfA.get(op.path.startsWith('/products') ? 'productGroupId' : 'partnerGroupId');
  return idsOfA.get(name);
}

/** Path parameters that are no ids of a company's resource: B's own chart of accounts has the same codes. */
const NOT_TENANT_IDS = new Set(['ledgerAccountCode']);

function concrete(op: Operation): string | undefined {
  let path = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const id = idFor(op, p.name);
    if (id === undefined) return undefined;
    path = path.replace(`{${p.name}}`, encodeURIComponent(id));
  }
  return `/api${path}`;
}

const withPathIds = () =>
  operations.filter(
    (op) =>
      op.parameters.some((p) => p.in === 'path') &&
      !op.parameters.some((p) => p.in === 'path' && NOT_TENANT_IDS.has(p.name)),
  );

async function as(token: string, method: string, path: string, body?: unknown) {
  return send(
    svc.base,
    {
      method,
      path,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    token,
  );
}

/** Every GET of A that names an id of A, and every collection: what B must not change. */
async function snapshotOfA(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const op of operations.filter(
    (o) =>
      o.method === 'GET' &&
      o.secured &&
      !o.parameters.some((p) => p.in === 'query' && p.required) &&
      // the sandbox's journal of A's own requests grows with every read of it
      o.path !== '/sandbox/requests',
  )) {
    const path = concrete(op);
    if (path) out.set(path, (await as(tokenA, 'GET', path)).text);
  }
  return out;
}

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  operations = operationsOf((await svc.request('GET', '/api/openapi.json')).body);
  const a = await person(svc, 'isolation-a');
  tokenA = a.token;
  const other = await otherCompany(svc, 'Company B Oy');
  tokenB = (await person(svc, 'isolation-b', other.companyId)).token;

  for (const [name, id] of await seedResources(svc, tokenA, 'isolation-a', MARK)) idsOfA.set(name, id);
}, 120_000);
afterAll(() => svc.close());

describe('tenant isolation matrix', () => {
  it('names an id of A for every path parameter of the document', () => {
    const missing = withPathIds().flatMap((op) =>
      op.parameters
        .filter((p) => p.in === 'path' && idFor(op, p.name) === undefined)
        .map((p) => `${op.method} ${op.path}: ${p.name}`),
    );
    expect(missing).toEqual([]);
  });

  it(
    'answers 404 to B on every operation with an id of A, and A reads each of them',
    { timeout: 120_000 },
    async () => {
      const before = await snapshotOfA();
      const problems: string[] = [];
      let probes = 0;
      for (const op of withPathIds()) {
        const path = concrete(op)!;
        if (op.method === 'GET') {
          const own = await as(tokenA, 'GET', path);
          if (own.status !== 200)
            problems.push(`A itself cannot read ${path}: ${own.status} ${own.text.slice(0, 200)}`);
        }
        // the most convincing body: A's own resource as A reads it at the same path (else an empty object)
        const readable = operations.find((o) => o.method === 'GET' && o.path === op.path);
        const body = op.body
          ? (BODIES[`${op.method} ${op.path}`] ?? (readable ? JSON.parse((await as(tokenA, 'GET', path)).text) : {}))
          : undefined;
        const answer = await as(tokenB, op.method, path, body);
        probes++;
        if (answer.status !== 404)
          problems.push(`${op.method} ${op.path} as B: ${answer.status} ${answer.text.slice(0, 200)}`);
        if (answer.text.includes(MARK)) problems.push(`${op.method} ${op.path} as B shows A's data`);
      }
      console.log(`isolation: ${probes} probes of B on ids of A`);
      expect(problems).toEqual([]);
      const after = await snapshotOfA();
      expect([...after.keys()].filter((k) => after.get(k) !== before.get(k))).toEqual([]);
    },
  );

  it("holds nothing of A's in B's lists", async () => {
    const lists = operations.filter(
      (op) =>
        op.method === 'GET' &&
        op.secured &&
        !op.parameters.some((p) => p.in === 'path' || (p.in === 'query' && p.required)),
    );
    expect(lists.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const op of lists) {
      const answer = await as(tokenB, 'GET', `/api${op.path}`);
      if (answer.status >= 500) leaks.push(`${op.path}: ${answer.status}`);
      if (answer.text.includes(MARK) || answer.text.includes(idsOfA.get('uuid')!))
        leaks.push(`${op.path} shows A's data`);
      const own = await as(tokenA, 'GET', `/api${op.path}`);
      if (own.status >= 500) leaks.push(`${op.path} as A: ${own.status}`);
    }
    expect(leaks).toEqual([]);
  });

  it("shows B nothing of A's bank files when B names A's account in the accountNumber header", async () => {
    for (const path of ['/api/bankstatements', '/api/referencepayments']) {
      const answer = await send(
        svc.base,
        { method: 'GET', path, headers: { accountNumber: 'FI2112345600000785' } },
        tokenB,
      );
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).results).toEqual([]);
      const own = await send(
        svc.base,
        { method: 'GET', path, headers: { accountNumber: 'FI2112345600000785' } },
        tokenA,
      );
      expect(own.text).toContain(MARK);
    }
  });

  it("lets B's administrator reset only B: the whole sandbox and the shared clock are the sandbox administrator's", async () => {
    const before = await snapshotOfA();
    const clockBefore = JSON.parse((await as(tokenB, 'GET', '/api/sandbox/clock')).text) as { now: string };
    const refused = [
      await as(tokenB, 'POST', '/api/sandbox/reset', { scope: 'ALL' }),
      await as(tokenB, 'POST', '/api/sandbox/clock', { advanceSeconds: 7200 }),
      await as(tokenB, 'POST', '/api/sandbox/seed', {
        companies: [
          { name: 'From B Oy', users: [{ username: 'from-b', firstName: 'F', lastName: 'B', email: 'f@b.fi' }] },
        ],
      }),
    ];
    for (const answer of refused) {
      expect(answer.status, answer.text).toBe(403);
      expect(JSON.parse(answer.text).errors[0].message).toContain('sandbox administrator');
    }
    expect(JSON.parse((await as(tokenB, 'GET', '/api/sandbox/clock')).text).now).toBe(clockBefore.now);
    // B's own company it may reset, and nothing of A's moves
    const own = await as(tokenB, 'POST', '/api/sandbox/reset', { scope: 'COMPANY' });
    expect(own.status, own.text).toBe(200);
    expect(JSON.parse(own.text).companies).not.toContain(svc.demo.companyId);
    const after = await snapshotOfA();
    expect(changedPaths(before, after)).toEqual([]);
  });
});
