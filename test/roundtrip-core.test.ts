// A client of the real interface GETs a resource and PUTs the body back unchanged: every resource of the ledger,
// company, users, dimensions and webhooks accepts its own GET body, read-only fields included, and the write
// changes nothing but the version. Runs on SQLite and PostgreSQL (DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { person } from './mfa-helpers.ts';

let svc: TestService;
const clock = new ManualClock('2026-04-15T09:00:00Z');

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

/** GET `path`, PUT its body to `putPath` unchanged (→ `status`), GET again: equal but for `ignore`d fields. */
async function roundTrip(path: string, options: { putPath?: string; status?: number; ignore?: string[] } = {}) {
  const before = await svc.api('GET', path);
  expect(before.status, before.text).toBe(200);
  const put = await svc.api('PUT', options.putPath ?? path, before.body);
  expect(put.status, put.text).toBe(options.status ?? 200);
  const after = await svc.api('GET', path);
  const without = (body: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(body).filter(([key]) => !(options.ignore ?? []).includes(key)));
  expect(without(after.body)).toEqual(without(before.body));
  return { before: before.body, put: put.body, after: after.body };
}

describe('GET → PUT round trips', () => {
  it('ledger receipt, with serial number, dimensions and every read-only field', async () => {
    const dimension = await svc.api('POST', '/dimensions', { name: 'Round trip', items: [{ codeName: 'RT' }] });
    const item = dimension.body.items[0];
    const created = await svc.api('POST', '/ledgerreceipts', {
      type: 'JOURNAL',
      status: 'UNFINISHED',
      name: 'Round trip',
      receiptDate: '2026-04-15',
      vatType: 'PURCHASE',
      vatStatus: 1,
      serialNumber: { series: 'B', number: 17 },
      attachments: [],
      transactions: [
        {
          transactionType: 'ENTRY',
          account: '7000',
          accountingValue: 100,
          vatPercent: 0,
          dimensionItemValues: [{ dimensionId: dimension.body.id, itemId: item.id, value: 100 }],
        },
        { transactionType: 'ENTRY', account: '1910', accountingValue: -100, vatPercent: 0 },
      ],
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.serialNumber).toEqual({ series: 'B', number: 17 });
    const { before, put } = await roundTrip(`/ledgerreceipts/${created.body.id}`, { ignore: ['version'] });
    expect(put.transactions.map((t: { id: number }) => t.id)).toEqual(
      before.transactions.map((t: { id: number }) => t.id),
    );
    // read-only fields are checked: any real status is accepted, but it must be the stored one
    const current = (await svc.api('GET', `/ledgerreceipts/${created.body.id}`)).body;
    expect(
      (await svc.api('PUT', `/ledgerreceipts/${created.body.id}`, { ...current, status: 'PAID' })).body.errors[0],
    ).toMatchObject({ field: 'status', message: expect.stringContaining('read-only') });
    expect(
      (await svc.api('PUT', `/ledgerreceipts/${created.body.id}`, { ...current, status: 'NOT_A_STATUS' })).status,
    ).toBe(400);
    const attachment = {
      name: 'scan.pdf',
      referenceType: 'LEDGERRECEIPT',
      referenceId: created.body.id,
      sendWithInvoice: false,
    };
    expect(
      (await svc.api('PUT', `/ledgerreceipts/${created.body.id}`, { ...current, attachments: [attachment] })).body
        .errors[0].field,
    ).toBe('attachments');
    // the serial number is stored and searchable with the receipt
    const search = await svc.api('GET', '/ledgerreceipts?types=JOURNAL&orderByDate=DESC');
    expect(search.body.results.find((r: { id: number }) => r.id === created.body.id).serialNumber).toEqual({
      series: 'B',
      number: 17,
    });
  });

  it('company and its settings', async () => {
    await roundTrip('/company');
    await roundTrip('/company/usagesettings');
    await roundTrip('/company/invoicecirculation/settings');
  });

  it('dimension item, through the real path and through the item path', async () => {
    const dimension = await svc.api('POST', '/dimensions', {
      name: 'Items',
      items: [
        { codeName: 'A', description: 'First' },
        { codeName: 'P', status: 'P' },
      ],
    });
    for (const item of dimension.body.items) {
      const read = (await svc.api('GET', `/dimensions/${dimension.body.id}`)).body.items.find(
        (i: { id: number }) => i.id === item.id,
      );
      expect((await svc.api('PUT', `/dimensions/${dimension.body.id}/items`, read)).body).toEqual(read);
      expect((await svc.api('PUT', `/dimensions/${dimension.body.id}/items/${item.id}`, read)).body).toEqual(read);
    }
    expect((await svc.api('GET', `/dimensions/${dimension.body.id}`)).body).toEqual(dimension.body);
  });

  it('webhook, signed: the secret is never answered and is kept', async () => {
    const created = await svc.api('POST', '/webhooks', {
      url: 'https://hooks.example.com/round-trip',
      authenticationType: 'HMAC',
      authenticationMeta: { sharedSecret: 'a-shared-secret-of-some-length', hashFunction: 'SHA512' },
      subscriptions: ['USER_UPDATED'],
    });
    expect(created.status, created.text).toBe(200);
    await roundTrip(`/webhooks/${created.body.uuid}`);
    const stored = await svc.app.ctx.db
      .selectFrom('webhooks')
      .select('shared_secret')
      .where('company_id', '=', svc.demo.companyId)
      .where('uuid', '=', created.body.uuid)
      .executeTakeFirstOrThrow();
    expect(stored.shared_secret).toBe('a-shared-secret-of-some-length');
  });

  it('user: PUT /users takes the GET body (a two-factor action: 202, then done)', async () => {
    const maija = await person(svc, 'roundtrip');
    const ask = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: maija.token, body });
    const before = await ask('GET', '/users');
    const started = await ask('PUT', '/users', before.body);
    expect(started.status, started.text).toBe(202);
    const result = await ask('GET', `/mfatransactionresult/${started.body.transactionIdentifier}`);
    expect(result.body).toEqual({ info: { message: expect.any(String) } });
    expect((await ask('GET', '/users')).body).toEqual(before.body);
  });
});
