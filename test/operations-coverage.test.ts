// Every operation of the real interface (`../shared/reference/real-api-operations.txt`) must be served by the
// latest API version, apart from the operations other open work still owes, listed below. The list is exact:
// an operation listed here that is served fails the test too, so the list only shrinks.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';
import { operationKey } from './support/real-interface.ts';

const OPERATIONS_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'shared',
  'reference',
  'real-api-operations.txt',
);

/** Operations still owed, by the work that owes them. */
const OWED: Record<string, string[]> = {
  // payments, bank statements and reference payments (the payments and banking issue)
  paymentsAndBanking: [
    'DELETE /bankstatements/{id}/events/{id}/invoices',
    'DELETE /bankstatements/{id}/events/{id}/metadata',
    'DELETE /bankstatements/{id}/events/{id}/products',
    'DELETE /payments/{id}',
    'DELETE /referencepayments/{id}/metadata',
    'GET /payments/directsalarypayments/{id}',
    'GET /payments/{id}',
    'POST /payments',
    'POST /payments/directbanktransfers',
    'POST /payments/directsalarypayments',
    'PUT /bankstatements/{id}/events/{id}/invoices',
    'PUT /bankstatements/{id}/events/{id}/metadata',
    'PUT /bankstatements/{id}/events/{id}/products',
    'PUT /payments/directsalarypayments/{id}/cancel',
    'PUT /payments/{id}/cancel',
    'PUT /referencepayments/{id}/metadata',
  ],
};

let svc: TestService;
let served: Set<string>;

beforeAll(async () => {
  svc = await startService();
  const document = await svc.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json');
  expect(document.status).toBe(200);
  served = new Set(
    Object.entries(document.body.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => operationKey(method, path)),
    ),
  );
});
afterAll(async () => {
  await svc?.close();
});

describe('operations of the real interface', () => {
  const real = readFileSync(OPERATIONS_FILE, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const owed = new Set(Object.values(OWED).flat());

  it('lists each operation once and owes only real operations', () => {
    expect(real.length).toBe(new Set(real).size);
    expect([...owed].filter((operation) => !real.includes(operation))).toEqual([]);
    expect(Object.values(OWED).flat().length).toBe(owed.size);
  });

  it('serves every operation of the real interface that is not owed', () => {
    const missing = real.filter((operation) => !owed.has(operation) && !served.has(operationKey(...split(operation))));
    expect(missing).toEqual([]);
  });

  it('owes no operation that is served', () => {
    expect([...owed].filter((operation) => served.has(operationKey(...split(operation))))).toEqual([]);
  });
});

function split(operation: string): [string, string] {
  const space = operation.indexOf(' ');
  return [operation.slice(0, space), operation.slice(space + 1)];
}
