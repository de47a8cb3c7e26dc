// Baselines of the sandbox: a reset returns a company to the state it was made in (its fixture, the demo data)
// with the clock, and a named snapshot comes back in milliseconds for a company of a few thousand documents —
// ids, numbering, the ledger's month totals and webhooks as they were, tokens still valid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
const FIXTURE = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'examples', 'sandbox-fixture.json'), 'utf8'));

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const product = (name: string) => ({ type: 'SALES', name, price: 10, discount: 0, active: true, currency: 'EUR' });
const receipt = (name: string, amount: number) => ({
  type: 'JOURNAL',
  name,
  receiptDate: svc.clock.now().toISOString().slice(0, 10),
  vatType: 'PURCHASE',
  vatStatus: 1,
  transactions: [
    { transactionType: 'ENTRY', account: '7000', accountingValue: amount, vatPercent: 0 },
    { transactionType: 'ENTRY', account: '1910', accountingValue: -amount, vatPercent: 0 },
  ],
});

/** The rows of a company in a table, in a stable order (what a restore must give back exactly). */
async function rows(table: string, companyId: number) {
  const result = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where company_id = ${companyId}`.execute(svc.app.ctx.db);
  return result.rows
    .map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
    .sort();
}

describe('reset to the baseline', () => {
  it("returns the demo company to its demo data and the clock to the company's creation time", async () => {
    const first = await svc.api('POST', '/products', product('Demo product'));
    expect(first.status).toBe(200);
    // what the service's first start does after seeding the demo data
    await svc.app.services.sandbox.recordBaseline(svc.demo.companyId);

    const later = await svc.api('POST', '/products', product('Made in a test'));
    const posted = await svc.api('POST', '/ledgerreceipts', receipt('In a test', 25));
    expect(posted.status, posted.text).toBe(200);
    expect((await svc.api('POST', '/sandbox/clock', { advanceSeconds: 7200 })).body.offsetSeconds).toBe(7200);

    const reset = await svc.api('POST', '/sandbox/reset', {});
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.clock.offsetSeconds).toBe(0);
    expect((await svc.api('GET', '/sandbox/clock')).body.offsetSeconds).toBe(0);
    expect((await svc.api('GET', `/products/${first.body.id}`)).status).toBe(200);
    expect((await svc.api('GET', `/products/${later.body.id}`)).status).toBe(404);
    expect((await svc.api('GET', '/ledgerreceipts')).body.meta.totalCount).toBe(0);
    // ids and numbers run on as after the seeding
    const again = await svc.api('POST', '/products', product('Made again'));
    expect(again.body.id).toBe(later.body.id);
    const reposted = await svc.api('POST', '/ledgerreceipts', receipt('Again', 25));
    expect(reposted.body.receiptNumber ?? reposted.body.id).toBe(posted.body.receiptNumber ?? posted.body.id);
  });

  it("returns a fixture's company to what the fixture made; its own admin's reset leaves the shared clock", async () => {
    const seeded = await svc.api('POST', '/sandbox/seed', FIXTURE);
    expect(seeded.status, seeded.text).toBe(200);
    const company = seeded.body.companies[0];
    const client = seeded.body.clients[0];
    const token = await svc.tokenFor(company.users[0].apiKey, client.clientId, client.clientSecret);
    const as = (method: string, path: string, body?: unknown) => svc.request(method, `/api${path}`, { token, body });

    const extra = await as('POST', '/products', product('Not in the fixture'));
    expect(extra.status).toBe(200);
    expect((await as('DELETE', `/products/${company.keys.consulting}`)).status).toBeLessThan(300);
    await svc.api('POST', '/sandbox/clock', { advanceSeconds: 60 });

    const reset = await as('POST', '/sandbox/reset', {});
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.clock.offsetSeconds).toBe(60);
    expect((await as('GET', `/products/${company.keys.consulting}`)).body.name).toBe('Consulting hour');
    expect((await as('GET', `/products/${extra.body.id}`)).status).toBe(404);
    expect((await as('GET', `/invoices/${company.keys.firstInvoice}`)).status).toBe(200);
    // the token issued after the baseline is still good, and the whole sandbox's reset sets the clock back
    expect((await svc.api('POST', '/sandbox/reset', { scope: 'ALL' })).body.clock.offsetSeconds).toBe(0);
    expect((await as('GET', `/products/${company.keys.consulting}`)).status).toBe(200);
  });
});

describe('snapshots', () => {
  it('restore a company of a few thousand documents in milliseconds, exactly as it was', async () => {
    const n = Number(process.env.N ?? 1000);
    const many = {
      companies: [
        {
          name: 'Many Documents Oy',
          users: [{ username: 'many-admin', firstName: 'Matti', lastName: 'Many', email: 'm@many.example' }],
          partners: Array.from({ length: n }, (_, i) => ({ name: `Customer ${i}`, type: 'CUSTOMER' })),
          products: Array.from({ length: n }, (_, i) => product(`Product ${i}`)),
          ledgerReceipts: Array.from({ length: n }, (_, i) => receipt(`Receipt ${i}`, i + 1)),
        },
      ],
    };
    const seeded = await svc.api('POST', '/sandbox/seed', many);
    expect(seeded.status, seeded.text).toBe(200);
    const { companyId, users } = seeded.body.companies[0];
    const key = await svc.admin.createApiKey({ companyId, userId: users[0].userId, clientId: svc.demo.clientId });
    const token = await svc.tokenFor(key.apiKey);
    const as = (method: string, path: string, body?: unknown) => svc.request(method, `/api${path}`, { token, body });

    const taken = await as('POST', '/sandbox/snapshots', { name: 'before-tests' });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.rows).toBeGreaterThan(3 * n);
    const tables = ['products', 'business_partners', 'ledger_receipts', 'ledger_entries', 'ledger_account_months'];
    const before = await Promise.all([...tables, 'id_sequences'].map((t) => rows(t, companyId)));

    const made = await as('POST', '/products', product('Made by test 1'));
    const posted = await as('POST', '/ledgerreceipts', receipt('Made by test 1', 99));
    expect(posted.status, posted.text).toBe(200);
    const hook = await as('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      authenticationType: 'NONE',
      subscriptions: ['USER_UPDATED'],
    });
    expect(hook.status, hook.text).toBe(200);

    // as between two tests: each restore undoes a test's writes (a product, a receipt with its lines)
    const timings = [];
    for (let i = 0; i < 5; i++) {
      if (i > 0) {
        await as('POST', '/products', product(`Test ${i}`));
        await as('POST', '/ledgerreceipts', receipt(`Test ${i}`, 5));
      }
      const started = performance.now();
      const restored = await as('POST', '/sandbox/snapshots/before-tests/restore');
      timings.push({ http: performance.now() - started, database: restored.body.durationMs });
      expect(restored.status, restored.text).toBe(200);
      expect(restored.body.restoredRows).toBe(taken.body.rows);
    }
    const median = timings.sort((a, b) => a.http - b.http)[2];
    console.log(
      `restore of ${taken.body.rows} rows (${3 * n} documents, ${svc.app.ctx.engine}): median of 5 ` +
        `${median.http.toFixed(1)} ms over HTTP, ${median.database} ms in the database`,
    );
    expect(median.http).toBeLessThan(1000);

    expect(await Promise.all([...tables, 'id_sequences'].map((t) => rows(t, companyId)))).toEqual(before);
    expect((await as('GET', '/webhooks')).body.results ?? []).toEqual([]);
    // the same ids and numbers come again, as after the snapshot
    const again = await as('POST', '/products', product('Made by test 2'));
    expect(again.body.id).toBe(made.body.id);
    const reposted = await as('POST', '/ledgerreceipts', receipt('Made by test 2', 99));
    expect(reposted.body.receiptNumber).toBe(posted.body.receiptNumber);
    expect(reposted.body.id).toBe(posted.body.id);

    const list = await as('GET', '/sandbox/snapshots');
    expect(list.body.results.map((s: { name: string }) => s.name)).toEqual(['before-tests']);
    expect((await as('POST', '/sandbox/snapshots', { name: '@baseline' })).status).toBe(400);
    expect((await as('POST', '/sandbox/snapshots/unknown/restore')).status).toBe(404);
    expect((await as('DELETE', '/sandbox/snapshots/before-tests')).status).toBe(200);
    expect((await as('POST', '/sandbox/snapshots/before-tests/restore')).status).toBe(404);
  }, 300_000);
});
