// The real interface's int64 values and vocabularies over HTTP. Where the real type is int64 an id is exact in
// JSON up to 2^53 - 1 and refused from 2^53 on; a lookup or reference beyond the ids that exist answers its 404 or
// 400 naming the field, never a 500 from the database. Where the real type has a vocabulary, a value outside it is
// a 400 naming the field, and what is stored is answered within it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startService, type TestService } from './support/service.ts';
import { monthListBody, salaryInfoBody } from './support/payroll.ts';
import { person } from './mfa-helpers.ts';

const BEYOND_INT32 = [2 ** 31, 2 ** 40, 2 ** 53 - 1];
/** The first integer a JSON number no longer carries exactly. */
const TOO_BIG = 2 ** 53;

let svc: TestService;
let employeeId: number;
let personId: number;

type Answer = { status: number; body: any; text: string };

function refused(answer: Answer, field: string) {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.errors.map((e: { field?: string }) => e.field)).toContain(field);
  for (const error of answer.body.errors) expect(error.status).toBe(400);
}

function notFound(answer: Answer) {
  expect(answer.status, answer.text).toBe(404);
  expect(answer.body.errors[0].status).toBe(404);
}

/** Moves a company sequence on, so that the next id it gives is `next`. */
async function nextIdOf(name: string, next: number) {
  const companyId = svc.demo.companyId;
  await sql`delete from id_sequences where company_id = ${companyId} and name = ${name}`.execute(svc.app.ctx.db);
  await sql`insert into id_sequences (company_id, name, last_id) values (${companyId}, ${name}, ${next - 1})`.execute(
    svc.app.ctx.db,
  );
}

async function newPerson(name: string): Promise<number> {
  const created = await svc.api('POST', '/businesspartners', { name, type: 'PERSON' });
  expect(created.status, created.text).toBe(200);
  return created.body.id;
}

const PRODUCT = { type: 'SALES', name: 'P', price: 1, discount: 0, active: true, currency: 'EUR' };

const LINES = [
  { transactionType: 'ENTRY', account: '7000', accountingValue: 100, vatPercent: 0 },
  { transactionType: 'ENTRY', account: '1910', accountingValue: -100, vatPercent: 0 },
];

const income = { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' };

beforeAll(async () => {
  svc = await startService();
  personId = await newPerson('Ines Int');
  const employee = await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfoBody(personId, income));
  expect(employee.status, employee.text).toBe(200);
  employeeId = employee.body.employeeId;
});
afterAll(async () => {
  await svc?.close();
});

describe('int64 ids', () => {
  it('answers 404 for a path id beyond those that exist, 400 from 2^53', async () => {
    for (const id of BEYOND_INT32) {
      notFound(await svc.api('GET', `/payrolls/employees/${id}/salaryinfo`));
      notFound(await svc.api('GET', `/products/${id}`));
      notFound(await svc.api('GET', `/products/${id},${id - 1}`));
      notFound(await svc.api('PUT', `/products/${id}`, PRODUCT));
      notFound(await svc.api('GET', `/payrolls/employees/${employeeId}/salaryinfo/taxcards/${id}`));
      notFound(await svc.api('GET', `/payrolls/employees/${employeeId}/salaryinfo/employments/${id}`));
      notFound(await svc.api('GET', `/payrolls/employees/${employeeId}/salaryinfo/laborunionmemberships/${id}`));
      notFound(await svc.api('GET', `/payrolls/salarylists/${id}`));
      notFound(await svc.api('GET', `/payrolls/salaryslips/${id}`));
      notFound(
        await svc.api('PUT', `/referencepayments/${id}/metadata`, {
          allocationMetadataRows: [{ vatPercentage: 0, sum: 1 }],
        }),
      );
      notFound(await svc.api('PUT', `/bankstatements/${id}/events/1/products`, id));
      notFound(
        await svc.api('PUT', `/bankstatements/${id}/events/1/metadata`, {
          allocationMetadataRows: [{ vatPercentage: 0, sum: 1 }],
        }),
      );
    }
    refused(await svc.api('GET', `/payrolls/employees/${TOO_BIG}/salaryinfo`), 'employeeId');
    refused(await svc.api('PUT', `/products/${TOO_BIG}`, PRODUCT), 'productId');
    refused(await svc.api('GET', `/payrolls/salarylists/${TOO_BIG}`), 'salaryListId');
    refused(
      await svc.api('PUT', `/referencepayments/${TOO_BIG}/metadata`, {
        allocationMetadataRows: [{ vatPercentage: 0, sum: 1 }],
      }),
      'referencePaymentId',
    );
    // a batch path is text, read by the same rule: 2^53 is no int64 id
    refused(await svc.api('GET', `/products/${TOO_BIG}`), 'productId');
  });

  it('refuses a reference beyond the ids that exist with 400 naming the field, and 2^53 as no int64', async () => {
    const refs: [string, string, (id: number) => unknown, string][] = [
      ['POST', '/payrolls/employees/salaryinfo', (id) => salaryInfoBody(id, income), 'personId'],
      [
        'POST',
        `/payrolls/employees/${employeeId}/salaryinfo/laborunionmemberships`,
        (id) => ({ laborUnionSettingId: id, membershipStart: '2026-01-01' }),
        'laborUnionSettingId',
      ],
      [
        'PUT',
        `/payrolls/employees/${employeeId}/salarybase`,
        (id) => ({ rows: [{ salaryTypeCode: id, quantity: 1, unitValue: 10 }] }),
        'rows[0].salaryTypeCode',
      ],
      [
        'POST',
        '/payrolls/salarylists',
        (id) => ({ ...monthListBody('2026-05'), employeesDataForSalarySlip: [{ employeeId: id }] }),
        'employeesDataForSalarySlip[0].employeeId',
      ],
    ];
    for (const [method, path, body, field] of refs) {
      // beyond int32 answers as an unknown id of the int32 range does, whatever the column's type
      const unknown = await svc.api(method, path, body(999_999));
      expect([400, 404], unknown.text).toContain(unknown.status);
      for (const id of BEYOND_INT32) {
        const answer = await svc.api(method, path, body(id));
        expect(answer.status, answer.text).toBe(unknown.status);
        expect(answer.body.errors.map((e: { field?: string }) => e.field)).toEqual(
          unknown.body.errors.map((e: { field?: string }) => e.field),
        );
        if (unknown.status === 400) refused(answer, field);
      }
      refused(await svc.api(method, path, body(TOO_BIG)), field);
    }
  });

  it('checks the users of circulation substitutions and the products of partner defaults beyond int32', async () => {
    const circulation = await svc.api('GET', '/company/invoicecirculation/settings');
    expect(circulation.status, circulation.text).toBe(200);
    const partner = await svc.api('POST', '/businesspartners', { name: 'Default Oy', type: 'CUSTOMER' });
    expect(partner.status, partner.text).toBe(200);
    for (const id of [...BEYOND_INT32, TOO_BIG]) {
      const substitution = { userId: id, start: '2026-07-01', end: '2026-07-31', notes: 'Summer' };
      refused(
        await svc.api('PUT', '/company/invoicecirculation/settings', {
          ...circulation.body,
          substitutions: [substitution],
        }),
        'substitutions[0].userId',
      );
      refused(
        await svc.api('PUT', `/businesspartners/${partner.body.id}/defaults/products`, [{ productId: id }]),
        '[0].productId',
      );
    }
  });
  it('answers ids beyond int32 exactly, up to 2^53 - 1', async () => {
    for (const id of [2 ** 31, 2 ** 40, 2 ** 53 - 1]) {
      await nextIdOf('employees', id);
      const created = await svc.api(
        'POST',
        '/payrolls/employees/salaryinfo',
        salaryInfoBody(await newPerson(`Person ${id}`), income),
      );
      expect(created.status, created.text).toBe(200);
      expect(created.text).toContain(`"employeeId":${id}`);
      expect(created.body.employeeId).toBe(id);
      const read = await svc.api('GET', `/payrolls/employees/${id}/salaryinfo`);
      expect(read.status, read.text).toBe(200);
      expect(read.body.employeeId).toBe(id);
      const card = await svc.api('POST', `/payrolls/employees/${id}/salaryinfo/taxcards`, {
        type: 'A',
        revised: false,
        validFrom: '2026-02-01',
        basePercent: 20,
        additionalPercent: 40,
        annualIncomeLimit: 40000,
      });
      expect(card.status, card.text).toBe(200);
      // and referenced by its int64 id
      const list = await svc.api('POST', '/payrolls/salarylists', {
        ...monthListBody('2026-06'),
        name: `June ${id}`,
        employeesDataForSalarySlip: [{ employeeId: id }],
      });
      expect(list.status, list.text).toBe(200);
      const slip = await svc.api('GET', `/payrolls/salaryslips/${list.body.salarySlips[0].id}`);
      expect(slip.status, slip.text).toBe(200);
      expect(slip.body.employeeId).toBe(id);
    }
  });
});

describe('real vocabularies', () => {
  it("refuses a person's identifier type outside the vocabulary and answers one within it", async () => {
    const body = (identifierType: string) => ({
      firstName: 'Vera',
      lastName: 'Vocabulary',
      paymentInfo: { paymentMethod: 'BANK_TRANSFER', paymentTermDays: '7', penalInterestRate: 11.5 },
      invoicingInfo: { language: 'FINNISH', gender: 'FEMALE', identifierType },
      registryInfo: { active: true },
    });
    refused(await svc.api('POST', '/persons', body('Y-TUNNUS')), 'invoicingInfo.identifierType');
    const created = await svc.api('POST', '/persons', body('HETU'));
    expect(created.status, created.text).toBe(200);
    expect(created.body.invoicingInfo.identifierType).toBe('HETU');
    // the same register row written as a business partner may carry free text: a person answers without it
    const partner = await svc.api('POST', '/businesspartners', {
      name: 'Free Text',
      type: 'PERSON',
      invoicingInfo: { identifierType: 'OTHER' },
    });
    expect(partner.status, partner.text).toBe(200);
    const read = await svc.api('GET', `/persons/${partner.body.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.invoicingInfo?.identifierType).toBeUndefined();
    const list = await svc.api('GET', '/persons?size=200');
    expect(list.status, list.text).toBe(200);
  });

  it("refuses a receipt's VAT country outside the vocabulary, and answers an ISO code stored before as its name", async () => {
    const receipts = await svc.api('GET', '/ledgerreceipts?types=JOURNAL&size=1');
    expect(receipts.status, receipts.text).toBe(200);
    const bad = await svc.api('POST', '/ledgerreceipts', {
      type: 'JOURNAL',
      name: 'Vocabulary',
      receiptDate: '2026-03-01',
      vatType: 'PURCHASE',
      vatStatus: 1,
      vatProcessing: 'SE',
      transactions: LINES,
    });
    refused(bad, 'vatProcessing');
    const good = await svc.api('POST', '/ledgerreceipts', {
      type: 'JOURNAL',
      name: 'Vocabulary',
      receiptDate: '2026-03-01',
      vatType: 'PURCHASE',
      vatStatus: 1,
      vatProcessing: 'SWEDEN',
      transactions: LINES,
    });
    expect(good.status, good.text).toBe(200);
    expect(good.body.vatProcessing).toBe('SWEDEN');
    await sql`update ledger_receipts set vat_processing = 'SE' where company_id = ${svc.demo.companyId} and id = ${good.body.id}`.execute(
      svc.app.ctx.db,
    );
    const read = await svc.api('GET', `/ledgerreceipts/${good.body.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.vatProcessing).toBe('SWEDEN');
  });

  it('refuses search values outside the vocabularies, one or comma-separated', async () => {
    refused(await svc.api('GET', '/ledgerreceipts?types=JOURNAL,NOT_A_TYPE'), 'types[0]');
    refused(await svc.api('GET', '/ledgerreceipts?types=NOT_A_TYPE'), 'types[0]');
    expect((await svc.api('GET', '/ledgerreceipts?types=JOURNAL,SALES_INVOICE&types=SALARY')).status).toBe(200);
    refused(await svc.api('GET', '/journals?statuses=OPEN'), 'statuses');
    expect([200, 404]).toContain((await svc.api('GET', '/journals?statuses=APPROVED,UNFINISHED')).status);
    refused(await svc.api('GET', '/webhooks?eventType=NO_SUCH_EVENT'), 'eventType[0]');
    expect((await svc.api('GET', '/webhooks?eventType=USER_UPDATED,PAYMENT_DELETED')).status).toBe(200);
  });

  it("refuses a user's country outside the vocabulary and answers a loosely spelled stored one by its name", async () => {
    const someone = await person(svc, 'vocabulary.user');
    const put = (body: Record<string, unknown>) =>
      svc.request('PUT', '/api/users', {
        token: someone.token,
        body: { firstName: 'Test', lastName: 'Person', email: 'vocabulary.user@example.com', ...body },
      });
    refused(await put({ countryCode: 'Suomi' }), 'countryCode');
    refused(await put({ loginMethod: 'SMART_CARD' }), 'loginMethod');
    expect((await put({ countryCode: 'FINLAND' })).status).toBe(202);
    await sql`update users set details = ${JSON.stringify({ countryCode: 'Czech republic', loginMethod: 'CARD' })} where user_id = ${someone.userId}`.execute(
      svc.app.ctx.db,
    );
    const read = await svc.request('GET', '/api/users', { token: someone.token });
    expect(read.status, read.text).toBe(200);
    expect(read.body.countryCode).toBe('CZECH_REPUBLIC');
    expect(read.body.loginMethod).toBeUndefined();
    const session = await svc.request('GET', '/api/sessioninfo', { token: someone.token });
    expect(session.status, session.text).toBe(200);
    expect(session.body.country).toBe('FINLAND');
  });
});
