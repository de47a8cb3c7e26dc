// Every operation Tase serves that the real interface also has must accept and answer the real shapes (see
// test/support/real-interface.ts for what counts as a difference); what Tase adds must be marked as an addition
// (`x-tase-addition`). The lists below name operations still being brought to the real shapes: they must only
// shrink, and an operation that already matches must leave them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';
import {
  compareInterfaces,
  countComparison,
  describeDifferences,
  loadRealInterface,
  restrictTo,
  type Comparison,
} from './support/real-interface.ts';

/** Operations known to differ from the real interface, each to be fixed; the test fails when one no longer differs. */
const PENDING: string[] = [];

const pending = new Set(PENDING);

let svc: TestService;
let comparison: Comparison;

beforeAll(async () => {
  svc = await startService();
  const document = await svc.request('GET', '/api/openapi.json');
  expect(document.status).toBe(200);
  comparison = compareInterfaces(loadRealInterface(), document.body);
});
afterAll(async () => {
  await svc?.close();
});

describe('shapes against the real interface', () => {
  it('compares the operations both have', () => {
    const counts = countComparison(comparison);
    console.log(`shape comparison with the real interface: ${JSON.stringify(counts)}`);
    expect(counts.operationsCompared).toBeGreaterThan(0);
  });

  it('finds no difference in an operation that is not pending', () => {
    const settled = restrictTo(comparison, (operation) => !pending.has(operation));
    const unmarked = settled.additions
      .filter((a) => !a.marked)
      .map((a) => `${a.operation} ${a.where} ${a.path}: unmarked addition`);
    expect(describeDifferences(settled.differences).split('\n').filter(Boolean).concat(unmarked)).toEqual([]);
  });

  it('marks every operation the real interface lacks as an addition', () => {
    const unmarked = comparison.ourOperations
      .filter((o) => !o.marked && !pending.has(o.operation))
      .map((o) => o.operation);
    expect(unmarked).toEqual([]);
  });

  it('keeps the pending lists to operations that still differ', () => {
    const open = new Set([
      ...comparison.differences.map((d) => d.operation),
      ...comparison.additions.filter((a) => !a.marked).map((a) => a.operation),
      ...comparison.ourOperations.filter((o) => !o.marked).map((o) => o.operation),
    ]);
    expect([...pending].filter((operation) => !open.has(operation))).toEqual([]);
  });
});

describe('the comparison itself', () => {
  // a real interface of one operation and Tase documents of it: what must count as a difference
  const real = {
    source: 'test',
    operations: [
      {
        method: 'PUT',
        path: '/things/{id}',
        operation: 'updateThing',
        params: { id: { type: 'number' }, data: { ref: 'Thing' } },
        responses: [{ status: 200, type: 'Thing' }],
      },
    ],
    types: {
      Thing: {
        fields: {
          id: { type: 'number', format: 'int64' },
          count: { type: 'number', format: 'int32' },
          status: { type: 'string', enum: ['OPEN', 'PARTLY_PAID,'] },
        },
      },
    },
  };
  const documentOf = (thing: Record<string, unknown>) => ({
    paths: {
      '/things/{id}': {
        put: {
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: thing } } } },
          responses: {
            200: { content: { 'application/json': { schema: { type: 'object', properties: thing } } } },
          },
        },
      },
    },
  });
  const differences = (thing: Record<string, unknown>) =>
    compareInterfaces(real, documentOf(thing)).differences.map((d) => `${d.where} ${d.path}: ${d.kind}`);
  const count = { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 };
  const status = { type: 'string', enum: ['OPEN', 'PARTLY_PAID'] };

  it('finds none where Tase has the real types', () => {
    const id = { type: 'integer', format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
    expect(differences({ id, count, status })).toEqual([]);
  });

  it('counts an int64 capped at int32 as a difference', () => {
    for (const id of [
      { type: 'integer', minimum: 1, maximum: 2147483647 },
      { type: 'integer', format: 'int32' },
    ])
      expect(differences({ id, count, status })).toEqual(['request id: type', 'response 200 id: type']);
    // a request's integer without a bound is validated as int32
    expect(differences({ id: { type: 'integer' }, count, status })).toEqual(['request id: type']);
  });

  it('counts a free string where the real interface has a vocabulary as a difference', () => {
    const id = { type: 'integer', format: 'int64', maximum: Number.MAX_SAFE_INTEGER };
    expect(differences({ id, count, status: { type: 'string' } })).toEqual([
      'request status: enum',
      'response 200 status: enum',
    ]);
  });
});
