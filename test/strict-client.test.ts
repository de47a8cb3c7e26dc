// A strict client of the real interface against Tase: a recorded run of the whole API — every GET of the real
// interface on a company that has one resource of every kind, then a GET → PUT round trip of every resource the
// real interface lets a client replace — decoded against the real types with unknown fields forbidden. Tase's
// additions come only with `Tase-Additions: include`, and a PUT without them keeps the additions it never saw.
// Runs on SQLite and PostgreSQL (DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { operationsOf, send, type Operation } from './support/fuzz.ts';
import { person } from './mfa-helpers.ts';
import { seedResources } from './support/resources.ts';
import { loadRealInterface, operationKey, type RealInterface } from './support/real-interface.ts';
import { answerField, isTypedAnswer, strictProblems } from './support/strict-decode.ts';

const INCLUDE = { 'tase-additions': 'include' };

/** Required query parameters of real GETs, filled from the recorded company (`{name}` is an id of it). */
const QUERIES: Record<string, string> = {
  'GET /payrolls/salaryperiods': 'holidayCreditYear=2026',
  'GET /payments/paymentevents': 'invoiceId={invoiceId}',
  'GET /invoices/transactions': 'invoiceIds={invoiceId}',
  'GET /invoices/personalverifications': 'types=PURCHASE_INVOICE',
  'GET /invoices/personalapprovals': 'types=PURCHASE_INVOICE',
  'GET /vats/country': 'countryCode=SE',
  'GET /sie/file': 'accountingPeriodStart=2026-01-01&exportEndDate=2026-12-31',
  'GET /currencies/exchangerate': 'baseCurrency=EUR&currency=USD&day=2026-03-13&rateType=MIDDLE',
};

/**
 * Real GETs not decoded, each for its reason; the list is exact (an operation here that could be decoded fails).
 * A GET whose answer has no typed body (a file, an image, `void`) is left out by the test itself.
 */
const NOT_DECODED: Record<string, string> = {
  'GET /currencies/exchangerate': 'no rate of the day is imported in a fresh sandbox (404)',
  'GET /se/factoringcontracts': 'Swedish companies only (400 for a Finnish one, as in the real service)',
};

/** Real GETs that answer a file, not JSON: the real document names the metadata type of the multipart part. */
const FILES: Record<string, string> = {
  'GET /invoices/{invoiceId}/image': 'image/png or image/jpeg',
  'GET /attachments/{attachmentId}': 'multipart/mixed: the attachment and its file',
  'GET /sie/file': 'text/plain: the SIE 4 file',
};

interface Recorded {
  operation: string;
  path: string;
  status: number;
  text: string;
  body: unknown;
}

let svc: TestService;
let real: RealInterface;
let ours: Operation[];
let token: string;
let ids: Map<string, string>;
const recorded: Recorded[] = [];
/** Ids of documents that can still change, used by the round trips in place of the seeded ones. */
const editable = new Map<string, string>();

const OPEN_INVOICE = {
  type: 'SALES_INVOICE',
  date: '2026-03-10',
  counterParty: { counterPartyAddress: { name: 'Open Oy', street: 'Katu 1', zip: '00100', city: 'Helsinki' } },
  billingAddress: { street: 'Katu 1', zip: '00100', city: 'Helsinki' },
  paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
  extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
  discountPercent: 0,
  vatStatus: 1,
  invoiceChannel: 'EMAIL',
  invoiceRows: [{ product: 'Work', quantity: 1, unit: 'HOUR', unitPrice: 100, discountPercent: 0, vatPercent: 25.5 }],
};

const get = (path: string, headers: Record<string, string> = {}) =>
  send(svc.base, { method: 'GET', path, headers }, token);
const put = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send(
    svc.base,
    { method: 'PUT', path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    token,
  );

/** Our concrete path of a real operation, with the recorded company's ids; undefined where an id is missing. */
function concrete(method: string, realPath: string, own = ids): string | undefined {
  const op = ours.find((o) => operationKey(o.method, o.path) === operationKey(method, realPath));
  if (!op) return undefined;
  let path = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const name =
      p.name === 'groupId' ? (op.path.startsWith('/products') ? 'productGroupId' : 'partnerGroupId') : p.name;
    const id = own.get(name);
    if (id === undefined) return undefined;
    path = path.replace(`{${p.name}}`, encodeURIComponent(id));
  }
  const query = QUERIES[`${method} ${realPath}`]?.replace(/\{(\w+)\}/g, (_, name: string) => ids.get(name) ?? '');
  return `/api${path}${query ? `?${query}` : ''}`;
}

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  real = loadRealInterface();
  ours = operationsOf((await svc.request('GET', '/api/openapi.json')).body);
  token = (await person(svc, 'strict-client')).token;
  ids = await seedResources(svc, token, 'strict-client', 'StrictClient');
  // the invoice template is set by the administrator (tase admin), not through the API
  await svc.app.services.company.documents.saveInvoiceTemplate(svc.demo.companyId, { name: 'Default' });
  // documents still open to change, for the round trips (the seeded invoice is paid and the seeded slip approved)
  const invoice = await send(
    svc.base,
    {
      method: 'POST',
      path: '/api/invoices',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPEN_INVOICE),
    },
    token,
  );
  if (invoice.status !== 200) throw new Error(`invoice: ${invoice.status} ${invoice.text}`);
  editable.set('invoiceId', String(JSON.parse(invoice.text).id));
  const list = await send(
    svc.base,
    {
      method: 'POST',
      path: '/api/payrolls/salarylists',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Strict client April',
        paymentPeriodStart: '2026-04-01',
        paymentPeriodEnd: '2026-04-30',
        accountingDate: '2026-04-30',
        dueDate: '2026-04-30',
        payday: '2026-04-30',
        employeesDataForSalarySlip: [{ employeeId: Number(ids.get('employeeId')) }],
      }),
    },
    token,
  );
  if (list.status !== 200) throw new Error(`salary list: ${list.status} ${list.text}`);
  editable.set('salarySlipId', String(JSON.parse(list.text).salarySlips[0].id));
  for (const operation of real.operations.filter((o) => o.method === 'GET')) {
    const path = concrete('GET', operation.path);
    if (!path) continue;
    const answer = await get(path);
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      body = undefined;
    }
    recorded.push({ operation: `GET ${operation.path}`, path, status: answer.status, text: answer.text, body });
  }
}, 180_000);
afterAll(() => svc?.close());

describe('a strict client of the real interface', () => {
  it('records every GET of the real interface', () => {
    const names = new Set(recorded.map((r) => r.operation));
    const missing = real.operations
      .filter((o) => o.method === 'GET' && !names.has(`GET ${o.path}`))
      .map((o) => `GET ${o.path}`);
    expect(missing).toEqual([]);
  });

  it('decodes every answer with unknown fields forbidden', () => {
    const problems: string[] = [];
    let decoded = 0;
    for (const answer of recorded) {
      if (answer.operation in NOT_DECODED) continue;
      if (answer.operation in FILES) {
        if (answer.status !== 200) problems.push(`${answer.operation}: ${answer.status} ${answer.text.slice(0, 200)}`);
        continue;
      }
      const operation = real.operations.find((o) => `GET ${o.path}` === answer.operation)!;
      const success = operation.responses.find((r) => r.status === answer.status && r.status < 300);
      if (!success) {
        problems.push(`${answer.operation} ${answer.path}: ${answer.status} ${answer.text.slice(0, 200)}`);
        continue;
      }
      if (!isTypedAnswer(real, success.type)) continue;
      decoded++;
      problems.push(
        ...strictProblems(real, answerField(success.type), answer.body).map((p) => `${answer.operation}: ${p}`),
      );
    }
    console.log(`strict client: ${decoded} answers of ${recorded.length} recorded GETs decoded`);
    expect(problems).toEqual([]);
    expect(decoded).toBeGreaterThan(80);
  });

  it('leaves out only what cannot be decoded, and says why', () => {
    const undecodable = recorded.filter((r) => r.operation in NOT_DECODED);
    expect(undecodable.map((r) => r.operation).sort()).toEqual(Object.keys(NOT_DECODED).sort());
    for (const answer of undecodable) expect(answer.status, answer.text).not.toBe(200);
  });

  it('answers the additions to a client that asks for them, and only those fields more', async () => {
    let richer = 0;
    for (const answer of recorded.filter((r) => r.status === 200 && r.body !== undefined)) {
      const full = await get(answer.path, INCLUDE);
      expect(full.status, answer.path).toBe(200);
      const fullBody = JSON.parse(full.text) as unknown;
      expect(keysOf(fullBody), answer.path).toEqual(expect.arrayContaining(keysOf(answer.body)));
      if (keysOf(fullBody).length > keysOf(answer.body).length) richer++;
      // the real fields are the same either way
      expect(within(answer.body, fullBody), answer.path).toBe(true);
    }
    expect(richer).toBeGreaterThan(10);
    // the list's real type has four fields of an account; Tase's additions come on request
    const accounts = await svc.request('GET', '/api/bankaccounts', { token, realShape: true });
    expect(accounts.headers.get('vary')).toContain('tase-additions');
    expect(accounts.body.results[0]).not.toHaveProperty('ledgerAccount');
    const full = await svc.request('GET', '/api/bankaccounts', { token, headers: INCLUDE });
    expect(full.body.results[0]).toHaveProperty('ledgerAccount', '1910');
  });

  it('round-trips every resource the real interface replaces: GET → PUT unchanged, additions kept', async () => {
    const gets = new Map(
      real.operations.filter((o) => o.method === 'GET').map((o) => [operationKey('GET', o.path), o]),
    );
    const problems: string[] = [];
    let roundTrips = 0;
    for (const operation of real.operations.filter((o) => o.method === 'PUT')) {
      const read = gets.get(operationKey('GET', operation.path));
      const bodyType = (operation.params as { data?: { ref?: string } }).data?.ref;
      const readType = read?.responses.find((r) => r.status === 200)?.type;
      if (!read || !bodyType || bodyType !== readType) continue;
      const open = ['/payrolls/salaryslips/{id}', '/invoices/{invoiceId}'].includes(operation.path);
      const path = concrete('PUT', operation.path, open ? new Map([...ids, ...editable]) : ids);
      if (!path) {
        problems.push(`PUT ${operation.path}: no id recorded`);
        continue;
      }
      const before = await get(path);
      const fullBefore = JSON.parse((await get(path, INCLUDE)).text) as unknown;
      let answer = await put(path, JSON.parse(before.text));
      roundTrips++;
      if (answer.status === 202) {
        // a two-factor action (PUT /users), confirmed at once in sandbox mode: its result is the answer
        const { transactionIdentifier } = JSON.parse(answer.text) as { transactionIdentifier: string };
        const result = await get(`/api/mfatransactionresult/${transactionIdentifier}`);
        const outcome = JSON.parse(result.text) as Record<string, { errors?: unknown }>;
        if (result.status !== 200 || Object.values(outcome).some((field) => field.errors))
          problems.push(`PUT ${operation.path}: two-factor result ${result.status} ${result.text.slice(0, 300)}`);
        answer = await get(path);
      }
      if (answer.status !== 200) {
        problems.push(`PUT ${operation.path}: ${answer.status} ${answer.text.slice(0, 300)}`);
        continue;
      }
      // a two-factor PUT answers its transaction; the resource read after it is the GET's type
      const type = operation.responses.find((r) => r.status === 200)?.type ?? readType;
      problems.push(
        ...strictProblems(real, answerField(type), JSON.parse(answer.text)).map((p) => `PUT ${operation.path}: ${p}`),
      );
      const fullAfter = JSON.parse((await get(path, INCLUDE)).text) as unknown;
      const lost = lostAdditions(fullBefore, fullAfter);
      if (lost.length > 0) problems.push(`PUT ${operation.path} cleared additions it never sent: ${lost.join(', ')}`);
    }
    console.log(`strict client: ${roundTrips} GET → PUT round trips`);
    expect(problems).toEqual([]);
    expect(roundTrips).toBeGreaterThan(15);
  });

  it('overwrites the additions of a client that asked for them, like any other field', async () => {
    const path = `/api/businesspartners/${ids.get('partnerId')}`;
    const read = JSON.parse((await get(path, INCLUDE)).text) as { invoicingInfo?: Record<string, unknown> };
    const withCode = { ...read, invoicingInfo: { ...read.invoicingInfo, taxCode: 'FI12345671' } };
    const written = await put(path, withCode, INCLUDE);
    expect(written.status, written.text).toBe(200);
    expect(JSON.parse(written.text).invoicingInfo.taxCode).toBe('FI12345671');
    // a strict client writes back what it read, without the addition: the stored tax code stays
    const plain = JSON.parse((await get(path)).text) as { invoicingInfo?: Record<string, unknown> };
    expect(plain.invoicingInfo).not.toHaveProperty('taxCode');
    expect((await put(path, plain)).status).toBe(200);
    expect(JSON.parse((await get(path, INCLUDE)).text).invoicingInfo.taxCode).toBe('FI12345671');
    // with the header, leaving it out removes it (PUT overwrites)
    const current = JSON.parse((await get(path, INCLUDE)).text) as { invoicingInfo: Record<string, unknown> };
    const { taxCode: _left, ...invoicingInfo } = current.invoicingInfo;
    expect((await put(path, { ...current, invoicingInfo }, INCLUDE)).status).toBe(200);
    expect(JSON.parse((await get(path, INCLUDE)).text).invoicingInfo).not.toHaveProperty('taxCode');
  });
});

/** The dotted paths of every object key in `value` (array items under `[]`). */
function keysOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => keysOf(item, `${path}[]`)))];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, member]) => [`${path}.${key}`, ...keysOf(member, `${path}.${key}`)]);
}

/** Whether every value of `part` equals the value at the same place of `whole` (which may have more keys). */
function within(part: unknown, whole: unknown): boolean {
  if (Array.isArray(part))
    return Array.isArray(whole) && part.length === whole.length && part.every((item, i) => within(item, whole[i]));
  if (typeof part === 'object' && part !== null) {
    if (typeof whole !== 'object' || whole === null) return false;
    return Object.entries(part).every(([key, value]) => within(value, (whole as Record<string, unknown>)[key]));
  }
  return part === whole;
}

/** Keys with a value before that are gone after (`version` and other changing values are not compared). */
function lostAdditions(before: unknown, after: unknown, path = ''): string[] {
  if (Array.isArray(before) && Array.isArray(after))
    return before.flatMap((item, i) => lostAdditions(item, after[i], `${path}[${i}]`));
  if (typeof before !== 'object' || before === null || typeof after !== 'object' || after === null) return [];
  return Object.entries(before).flatMap(([key, value]) => {
    const other = (after as Record<string, unknown>)[key];
    if (value !== null && value !== undefined && (other === undefined || other === null)) return [`${path}.${key}`];
    return lostAdditions(value, other, `${path}.${key}`);
  });
}
