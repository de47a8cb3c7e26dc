// The integrator's sandbox over HTTP: the clock every time rule reads (tokens, two-factor, activation requests),
// scripted two-factor outcomes, the webhook inspector and replay, reset, and seeding from a fixture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type TestService } from './support/service.ts';
import { recordingServer } from './support/browser.ts';
import { person, until } from './mfa-helpers.ts';
import { activate, approvedIntegration } from './integration-helpers.ts';

let svc: TestService;
let maija: { userId: number; token: string };
const FIXTURE = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'examples', 'sandbox-fixture.json'), 'utf8'));

beforeAll(async () => {
  svc = await startService();
  maija = await person(svc, 'maija');
});
afterAll(() => svc.close());

const updateUser = (headers: Record<string, string> = {}) =>
  svc.request('PUT', '/api/users', {
    token: maija.token,
    body: { firstName: 'Maija', lastName: 'Sandbox', email: 'maija@example.com' },
    headers,
  });
const status = (id: string) => svc.request('GET', `/api/mfatransactionresult/${id}`, { token: maija.token });

describe('the sandbox clock', () => {
  it('moves forward for every time rule: access tokens, activation requests', async () => {
    const before = await svc.api('GET', '/sandbox/clock');
    expect(before.body.offsetSeconds).toBe(0);
    const token = await svc.token();
    const integration = await approvedIntegration(svc);
    const done = await activate(
      svc,
      integration.integrationId,
      { username: svc.demo.username, password: svc.demo.password },
      [svc.demo.companyId],
    );
    expect((await svc.api('GET', `/integrations/${done.requestId}`)).status).toBe(200);

    const moved = await svc.request('POST', '/api/sandbox/clock', { token, body: { advanceSeconds: 3601 } });
    expect(moved.status).toBe(200);
    expect(moved.body.offsetSeconds).toBe(3601);
    expect(Date.parse(`${moved.body.now}Z`) - Date.parse(`${before.body.now}Z`)).toBeGreaterThanOrEqual(3601_000);
    // the token of an hour ago has expired, the request of 15 minutes too
    expect((await svc.request('GET', '/api/products', { token })).status).toBe(401);
    expect((await svc.api('GET', `/integrations/${done.requestId}`)).status).toBe(410);

    for (const advanceSeconds of [0, -5, 400 * 24 * 3600 + 1, 1.5])
      expect((await svc.api('POST', '/sandbox/clock', { advanceSeconds })).status, String(advanceSeconds)).toBe(400);
  });
});

describe('scripted two-factor outcomes', () => {
  it('confirms by default, and rejects (406) or expires (408) as the header or the company asks', async () => {
    maija.token = (await person(svc, 'maija2')).token;
    const confirmed = await updateUser();
    expect(confirmed.status).toBe(202);
    expect((await status(confirmed.body.transactionIdentifier)).status).toBe(200);

    const rejected = await updateUser({ 'X-Tase-Sandbox-Mfa': 'reject' });
    expect((await status(rejected.body.transactionIdentifier)).status).toBe(406);
    const expired = await updateUser({ 'X-Tase-Sandbox-Mfa': 'EXPIRE' });
    expect((await status(expired.body.transactionIdentifier)).status).toBe(408);
    const bad = await updateUser({ 'X-Tase-Sandbox-Mfa': 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toContain('CONFIRM, REJECT or EXPIRE');

    expect((await svc.api('GET', '/sandbox/mfa')).body).toEqual({ outcome: 'CONFIRM' });
    expect((await svc.api('PUT', '/sandbox/mfa', { outcome: 'REJECT' })).body).toEqual({ outcome: 'REJECT' });
    const byCompany = await updateUser();
    expect((await status(byCompany.body.transactionIdentifier)).status).toBe(406);
    const overridden = await updateUser({ 'X-Tase-Sandbox-Mfa': 'CONFIRM' });
    expect((await status(overridden.body.transactionIdentifier)).status).toBe(200);
    await svc.api('PUT', '/sandbox/mfa', { outcome: 'CONFIRM' });
  });
});

describe('the webhook inspector', () => {
  it('lists deliveries with body, signature and attempts, and replays one', async () => {
    const receiver = await recordingServer();
    try {
      const secret = 'sandbox-inspector-secret-0123456789';
      const created = await svc.api('POST', '/webhooks', {
        url: `${receiver.url}/hook`,
        authenticationType: 'HMAC',
        authenticationMeta: { sharedSecret: secret, hashFunction: 'SHA512' },
        subscriptions: ['USER_UPDATED'],
      });
      expect(created.status).toBe(200);
      await updateUser();
      const delivered = await until(async () => {
        const list = await svc.api('GET', '/sandbox/webhooks/deliveries');
        const first = list.body.results.find((d: { webhookUuid: string }) => d.webhookUuid === created.body.uuid);
        return first?.status === 'DELIVERED' ? first : undefined;
      });
      expect(delivered.url).toBe(`${receiver.url}/hook`);
      expect(JSON.parse(delivered.body)).toMatchObject({ eventType: 'USER_UPDATED', webhookUuid: created.body.uuid });
      expect(delivered.signatureHeader).toBe('X-Tase-Signature');
      expect(delivered.signature).toBe(createHmac('sha512', secret).update(delivered.body).digest('hex'));
      expect(delivered.attemptLog).toHaveLength(1);
      expect(delivered.attemptLog[0].status).toBe(200);

      const replay = await svc.api('POST', `/sandbox/webhooks/deliveries/${delivered.deliveryId}/replay`);
      expect(replay.status).toBe(200);
      const again = await until(async () => {
        const list = await svc.api('GET', '/sandbox/webhooks/deliveries');
        const row = list.body.results.find((d: { deliveryId: string }) => d.deliveryId === delivered.deliveryId);
        return row.attempts === 2 && row.status === 'DELIVERED' ? row : undefined;
      });
      expect(again.attemptLog).toHaveLength(2);
      expect(receiver.calls.filter((c) => c === '/hook')).toHaveLength(2);
      expect(
        (await svc.api('POST', '/sandbox/webhooks/deliveries/00000000-0000-4000-8000-000000000000/replay')).status,
      ).toBe(404);
      await svc.api('DELETE', `/webhooks/${created.body.uuid}`);
    } finally {
      await receiver.close();
    }
  });
});

describe('reset and fixtures', () => {
  it('seeds companies, users, keys and documents from the example fixture, referring by key', async () => {
    const seeded = await svc.api('POST', '/sandbox/seed', FIXTURE);
    expect(seeded.status, seeded.text).toBe(200);
    expect(seeded.body.clients[0].clientId).toBe('acme-robot');
    const company = seeded.body.companies[0];
    expect(Object.keys(company.keys).sort()).toEqual(
      ['acme', 'consulting', 'ella', 'ellaEmployee', 'firstInvoice', 'opening'].sort(),
    );
    const token = await svc.tokenFor(
      company.users[0].apiKey,
      seeded.body.clients[0].clientId,
      seeded.body.clients[0].clientSecret,
    );
    const invoice = await svc.request('GET', `/api/invoices/${company.keys.firstInvoice}`, { token });
    expect(invoice.status).toBe(200);
    expect(invoice.body.invoiceRows[0].productId).toBe(company.keys.consulting);
    const employee = await svc.request('GET', `/api/payrolls/employees/${company.keys.ellaEmployee}/salaryinfo`, {
      token,
    });
    expect(employee.body.personId).toBe(company.keys.ella);

    // a refused item names itself; an unknown key too
    const broken = structuredClone(FIXTURE);
    broken.clients = [];
    broken.companies[0].users[0].username = 'fixture-admin-2';
    broken.companies[0].users[0].apiKeyForClient = undefined;
    broken.companies[0].products[0].price = 'much';
    const refused = await svc.api('POST', '/sandbox/seed', broken);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('companies.Fixture Oy.products[0]');
    expect((await svc.api('POST', '/sandbox/seed', { companies: [] })).status).toBe(400);
  });

  it("resets the caller's company: data gone, set up afresh, keys still valid", async () => {
    const product = await svc.api('POST', '/products', {
      type: 'SALES',
      name: 'Before reset',
      price: 1,
      discount: 0,
      active: true,
      currency: 'EUR',
    });
    expect(product.status).toBe(200);
    const reset = await svc.api('POST', '/sandbox/reset', {});
    expect(reset.status).toBe(200);
    expect(reset.body.companies).toEqual([svc.demo.companyId]);
    expect(reset.body.deletedRows).toBeGreaterThan(0);
    expect((await svc.api('GET', `/products/${product.body.id}`)).status).toBe(404);
    expect((await svc.api('GET', '/products')).body.results ?? []).toEqual([]);
    // the chart of accounts and the fiscal year are there again
    expect((await svc.api('GET', '/fiscalyears')).status).toBe(200);
    const receipt = await svc.api('POST', '/ledgerreceipts', receiptBody(svc));
    expect(receipt.status, receipt.text).toBe(200);
    const page = await svc.api('GET', '/ledgerreceipts');
    expect(page.body.meta.totalCount).toBe(1);
    // ids go on rising after a reset (never handed out twice), counts start again
    expect((await svc.api('POST', '/sandbox/reset', {})).status).toBe(200);
    expect((await svc.api('GET', '/ledgerreceipts')).body.meta.totalCount).toBe(0);
    const again = await svc.api('POST', '/ledgerreceipts', { ...receiptBody(svc), name: 'After two resets' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBeGreaterThan(receipt.body.id);
    expect((await svc.api('GET', '/ledgerreceipts')).body.meta.totalCount).toBe(1);
    const all = await svc.api('POST', '/sandbox/reset', { scope: 'ALL' });
    expect(all.body.companies.length).toBeGreaterThan(1);
  });
});

function receiptBody(svc: TestService) {
  return {
    type: 'JOURNAL',
    name: 'After reset',
    receiptDate: svc.clock.now().toISOString().slice(0, 10),
    vatType: 'PURCHASE',
    vatStatus: 1,
    transactions: [
      { transactionType: 'ENTRY', account: '7000', accountingValue: 10, vatPercent: 0 },
      { transactionType: 'ENTRY', account: '1910', accountingValue: -10, vatPercent: 0 },
    ],
  };
}

// Last in the file: naming an administrator takes the first user's standing away.
describe('the sandbox administrator', () => {
  it('is the first user until one is named; then only the named users act on the whole sandbox', async () => {
    const keeper = await person(svc, 'clock-keeper');
    const move = (token?: string) => svc.request('POST', '/api/sandbox/clock', { token, body: { advanceSeconds: 60 } });
    const refused = await move(keeper.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toContain('sandbox administrator');
    expect((await move(await svc.token())).status).toBe(200);
    expect(await svc.app.services.sandbox.nameAdministrator('clock-keeper')).toEqual({ userId: keeper.userId });
    expect((await move(keeper.token)).status).toBe(200);
    expect((await move(await svc.token())).status).toBe(403);
    expect((await svc.api('POST', '/sandbox/reset', { scope: 'ALL' })).status).toBe(403);
    expect((await svc.api('POST', '/sandbox/reset', { scope: 'COMPANY' })).status).toBe(200);
  });
});
