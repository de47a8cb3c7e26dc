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
  operationKey,
  restrictTo,
  type Comparison,
} from './support/real-interface.ts';

/** Operations known to differ from the real interface, each to be fixed; the test fails when one no longer differs. */
const PENDING: string[] = [];

const pending = new Set(PENDING);

let svc: TestService;
let comparison: Comparison;
let document: { paths: Record<string, Record<string, Record<string, any>>> };

beforeAll(async () => {
  svc = await startService();
  const answer = await svc.request('GET', '/api/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
  comparison = compareInterfaces(loadRealInterface(), document);
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

describe('additions only on request', () => {
  type Node = Record<string, any>;
  const realOperations = () => {
    const real = new Set(loadRealInterface().operations.map((o) => operationKey(o.method, o.path)));
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => real.has(operationKey(method, path)))
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
  };
  /** Dotted paths of the fields of `schema` that are marked as additions, with whether each is required. */
  const additionsOf = (schema: Node | undefined, path = '', depth = 0): { path: string; required: boolean }[] => {
    if (!schema || depth > 20) return [];
    const parts: Node[] = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
    return parts.flatMap((part) => [
      ...Object.entries<Node>(part.properties ?? {}).flatMap(([key, property]) => [
        // an addition the interface specification names (two-factor `errors`) is answered either way
        ...(property['x-tase-addition'] === true && property['x-tase-named-by-spec'] !== true
          ? [{ path: `${path}.${key}`, required: (part.required ?? []).includes(key) }]
          : []),
        ...additionsOf(property, `${path}.${key}`, depth + 1),
      ]),
      ...(part.items ? additionsOf(part.items, `${path}[]`, depth + 1) : []),
    ]);
  };
  const jsonSchema = (content: Node | undefined) => content?.['application/json']?.schema as Node | undefined;

  it('requires no addition in a request body of a real operation: a real client cannot send it', () => {
    const required = realOperations().flatMap(({ name, operation }) =>
      additionsOf(jsonSchema(operation.requestBody?.content))
        .filter((a) => a.required)
        .map((a) => `${name} request ${a.path}`),
    );
    expect(required).toEqual([]);
  });

  it('documents the Tase-Additions header on each real operation whose answers have additions', () => {
    const problems = realOperations().flatMap(({ name, operation }) => {
      if (operation['x-tase-addition']) return [];
      const answered = Object.entries<Node>(operation.responses ?? {})
        .filter(([status]) => /^2\d\d$/.test(status))
        .some(([, response]) => additionsOf(jsonSchema(response.content)).length > 0);
      const documented = (operation.parameters ?? []).some(
        (p: Node) => p.in === 'header' && p.name === 'Tase-Additions',
      );
      return answered === documented ? [] : [`${name}: additions ${answered}, header documented ${documented}`];
    });
    expect(problems).toEqual([]);
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
