// Tenant isolation, generated from the OpenAPI document: company B (an admin with a person token) tries every
// operation with a path id on the ids of company A's resources and is answered 404 every time (no read, no
// write), A's data is the same afterwards, and B's lists hold nothing of A's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { operationsOf, send, type Operation } from './support/fuzz.ts';
import { PASSWORD, person, until } from './mfa-helpers.ts';
import { activate, approvedIntegration, SPECIFICATION } from './integration-helpers.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let svc: TestService;
let operations: Operation[];
/** A's resource for each path parameter; a parameter missing here fails the test until it is added. */
const idsOfA = new Map<string, string>();
const MARK = `IsolationA${Date.now().toString(36)}`;
let tokenA: string;
let tokenB: string;

const TAX_CARD = {
  type: 'A',
  revised: false,
  validFrom: '2026-02-01',
  basePercent: 20,
  additionalPercent: 40,
  annualIncomeLimit: 40000,
};

const EMPLOYMENT = { startDate: '2026-01-01', terminationReason: 'NOT_APPLICABLE', keva: false };

const MEMBERSHIP = { laborUnionSettingId: 1, membershipStart: '2026-01-01' };

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
    (o) => o.method === 'GET' && o.secured && !o.parameters.some((p) => p.in === 'query' && p.required),
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

  const create = async (path: string, body: unknown) => {
    const answer = await as(tokenA, 'POST', `/api${path}`, body);
    if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
    return JSON.parse(answer.text);
  };
  const product = await create('/products', {
    type: 'SALES',
    name: `${MARK} product`,
    price: 10,
    discount: 0,
    active: true,
    currency: 'EUR',
  });
  idsOfA.set('productId', String(product.id));
  idsOfA.set('productGroupId', String((await create('/products/groups', { name: `${MARK} group`, type: 'SALES' })).id));
  const dimension = await create('/dimensions', { name: `${MARK} dim`, items: [{ codeName: `${MARK}i` }] });
  idsOfA.set('dimensionId', String(dimension.id));
  idsOfA.set('itemId', String(dimension.items[0].id));
  idsOfA.set(
    'partnerGroupId',
    String((await create('/businesspartners/groups', { name: `${MARK} pgroup`, type: 'CUSTOMER' })).id),
  );
  idsOfA.set(
    'partnerId',
    String((await create('/businesspartners', { name: `${MARK} partner`, type: 'CUSTOMER' })).id),
  );
  idsOfA.set('personId', String((await create('/businesspartners', { name: `${MARK} person`, type: 'PERSON' })).id));
  const employee = await create('/payrolls/employees/salaryinfo', {
    personId: Number(idsOfA.get('personId')),
    incomeConfiguration: {
      baseSalaryValue: 3000,
      baseSalaryType: 'ONE_MONTH',
      baseSalaryHours: 160,
      travelExpensesSpecialHandling: 'NONE',
      salaryChannel: 'EMAIL',
      excludedFromAutomatedWithholdingPercentageRequest: false,
    },
    insurancesConfiguration: {
      pensionInsurance: { type: 'TYEL' },
      accidentInsurance: { percent: 0 },
      pensionVoluntarilyPaid: false,
    },
    internationalSituationsConfiguration: { notSubjectToWithholding: false, nonResidentTaxPayer: false },
  });
  idsOfA.set('employeeId', String(employee.employeeId));
  idsOfA.set(
    'employmentId',
    String((await create(`/payrolls/employees/${employee.employeeId}/salaryinfo/employments`, EMPLOYMENT)).id),
  );
  idsOfA.set(
    'taxCardId',
    String((await create(`/payrolls/employees/${employee.employeeId}/salaryinfo/taxcards`, TAX_CARD)).id),
  );
  const [union] = JSON.parse((await as(tokenA, 'GET', '/api/payrolls/laborunionsettings')).text);
  idsOfA.set(
    'laborUnionMembershipId',
    String(
      (
        await create(`/payrolls/employees/${employee.employeeId}/salaryinfo/laborunionmemberships`, {
          ...MEMBERSHIP,
          laborUnionSettingId: union.id,
        })
      ).id,
    ),
  );
  const salaryBase = await as(tokenA, 'PUT', `/api/payrolls/employees/${employee.employeeId}/salarybase`, {
    notes: `${MARK} base`,
    rows: [{ salaryTypeCode: 1000, quantity: 1, unitValue: 3000 }],
  });
  if (salaryBase.status !== 200) throw new Error(`salary base: ${salaryBase.status} ${salaryBase.text}`);
  const salaryList = await create('/payrolls/salarylists', {
    name: `${MARK} salaries`,
    paymentPeriodStart: '2026-03-01',
    paymentPeriodEnd: '2026-03-31',
    accountingDate: '2026-03-31',
    dueDate: '2026-03-31',
    payday: '2026-03-31',
    employeesDataForSalarySlip: [{ employeeId: employee.employeeId }],
  });
  idsOfA.set('salaryListId', String(salaryList.id));
  idsOfA.set('salarySlipId', String(salaryList.salarySlips[0].id));
  // approved, so that its accounting can be read
  const slipApproved = await as(tokenA, 'PUT', `/api/payrolls/salaryslips/${salaryList.salarySlips[0].id}/approve`);
  if (slipApproved.status !== 200) throw new Error(`approve slip: ${slipApproved.status} ${slipApproved.text}`);
  const bank = {
    iban: 'FI21 1234 5600 0007 85',
    bic: 'NDEAFIHH',
    bankName: `${MARK} bank`,
    currency: 'EUR',
    defaultForInvoice: true,
    defaultForPayment: true,
    status: 'ACTIVE',
    ledgerAccount: '1910',
    showAccountOnInvoice: true,
    allowPayments: false,
    allowForeignPayments: false,
    allowSalaryPayments: false,
    allowExpressPayments: false,
  };
  idsOfA.set('bankAccountId', String((await create('/bankaccounts', bank)).id));
  // a bank statement and reference payments of A, imported from the bank's files into that account
  for (const file of ['camt053-fi.001.02.xml', 'camt054-fi.001.02.xml']) {
    const xml = readFileSync(join(import.meta.dirname, 'fixtures', 'bank', file), 'utf8');
    const imported = await send(
      svc.base,
      {
        method: 'POST',
        path: '/api/bankstatements/import',
        headers: { 'content-type': 'application/xml' },
        body: xml.replaceAll('Asiakas Oy', MARK).replaceAll('Maksaja Yksi', MARK),
      },
      tokenA,
    );
    if (imported.status !== 200) throw new Error(`import ${file}: ${imported.status} ${imported.text}`);
  }
  // ids are per company: a year of A's that B has no year with the same id of
  const year = await create('/fiscalyears', { startDate: '2027-01-01', endDate: '2027-12-31' });
  idsOfA.set('fiscalYearId', String(year.id));
  idsOfA.set('periodId', String(year.periods[0].id));
  idsOfA.set('trackingPeriodId', String(year.periods[0].id));
  const vatReturn = await create('/vat/returns', { periodType: 'MONTH', startDate: '2027-12-01' });
  idsOfA.set('vatReturnId', String(vatReturn.id));
  const userOfA = JSON.parse((await as(tokenA, 'GET', '/api/users')).text) as { id: number };
  idsOfA.set('userId', String(userOfA.id));
  // verifier lists are written by the admin only (tase admin company verifier-list)
  const list = await svc.app.services.company.documents.saveVerifierList(svc.demo.companyId, {
    name: `${MARK} list`,
    verifiers: [userOfA.id],
    acceptors: [],
  });
  idsOfA.set('listId', String(list.id));
  const receipt = await create('/ledgerreceipts', {
    type: 'JOURNAL',
    name: `${MARK} receipt`,
    receiptDate: '2026-03-10',
    vatType: 'PURCHASE',
    vatStatus: 1,
    transactions: [
      { transactionType: 'ENTRY', account: '7000', accountingValue: 10, vatPercent: 0 },
      { transactionType: 'ENTRY', account: '1910', accountingValue: -10, vatPercent: 0 },
    ],
  });
  idsOfA.set('receiptId', String(receipt.id));
  idsOfA.set('transactionId', String(receipt.transactions[0].id));
  // an approved, partly paid sales invoice of A with a comment (discussion allowed in A)
  const circulation = JSON.parse((await as(tokenA, 'GET', '/api/company/invoicecirculation/settings')).text);
  const allowed = await as(tokenA, 'PUT', '/api/company/invoicecirculation/settings', {
    ...circulation,
    verifiers: [],
    acceptors: [],
    allowInvoiceSpecificDiscussion: true,
  });
  if (allowed.status !== 200) throw new Error(`circulation settings: ${allowed.status} ${allowed.text}`);
  const invoice = await create('/invoices', {
    type: 'SALES_INVOICE',
    date: '2026-03-10',
    counterParty: {
      counterPartyAddress: { name: `${MARK} customer`, street: 'Katu 1', zip: '00100', city: 'Helsinki' },
    },
    billingAddress: { street: 'Katu 1', zip: '00100', city: 'Helsinki' },
    paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
    extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
    discountPercent: 0,
    vatStatus: 1,
    // an e-invoice, so that it has a Finvoice message too
    invoiceChannel: 'ELECTRONIC_INVOICE',
    invoiceRows: [{ product: 'Work', quantity: 1, unit: 'HOUR', unitPrice: 100, discountPercent: 0, vatPercent: 25.5 }],
  });
  idsOfA.set('invoiceId', String(invoice.id));
  const approved = await as(tokenA, 'PUT', `/api/invoices/${invoice.id}/approve`, {});
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
  const paid = await as(tokenA, 'PUT', `/api/invoices/${invoice.id}/paymentevents/markpaid`, {
    paymentDate: '2026-03-12',
    amount: 10,
    currency: 'EUR',
  });
  if (paid.status !== 200) throw new Error(`markpaid: ${paid.status} ${paid.text}`);
  idsOfA.set('paymentEventId', String(JSON.parse(paid.text).id));
  idsOfA.set('commentId', String((await create(`/invoices/${invoice.id}/comments`, { comment: `${MARK} note` })).id));
  const upload = new FormData();
  const meta = { name: `${MARK}.txt`, referenceType: 'LEDGERRECEIPT', referenceId: receipt.id, sendWithInvoice: false };
  upload.append('meta', JSON.stringify(meta));
  upload.append('file', new Blob([`${MARK} file`]), 'a.txt');
  const attached = await fetch(`${svc.base}/api/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenA}` },
    body: upload,
  });
  idsOfA.set('attachmentId', String(((await attached.json()) as { id: number }).id));
  const webhook = await create('/webhooks', {
    url: 'http://127.0.0.1:9/isolation',
    authenticationType: 'NONE',
    subscriptions: ['USER_UPDATED'],
  });
  idsOfA.set('uuid', webhook.uuid);
  // a two-factor action of A (confirmed at once in sandbox mode), which also queues a webhook delivery
  const update = await as(tokenA, 'PUT', '/api/users', {
    firstName: 'Isolation',
    lastName: 'Admin',
    email: 'isolation@example.com',
  });
  idsOfA.set('transactionIdentifier', JSON.parse(update.text).transactionIdentifier);
  const delivery = await until(
    async () => JSON.parse((await as(tokenA, 'GET', `/api/webhooks/${webhook.uuid}/deliveries`)).text).results?.[0],
  );
  idsOfA.set('deliveryId', delivery.deliveryId);
  // an integration of A with an open activation request of a customer (A itself)
  const integration = await approvedIntegration(svc, tokenA);
  idsOfA.set('integrationId', integration.integrationId);
  const activated = await activate(svc, integration.integrationId, { username: 'isolation-a', password: PASSWORD }, [
    svc.demo.companyId,
  ]);
  idsOfA.set('requestId', String(activated.requestId));
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
});
