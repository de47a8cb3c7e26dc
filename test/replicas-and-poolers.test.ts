// The service behind the engines that let it grow past one server, when CI starts them (.ci/run): a streaming
// replica for reports (DATABASE_READ_URL; scripts/ensure-replica.sh) and pgbouncer in transaction pooling in
// front of the server (scripts/ensure-pgbouncer.sh). The area tests themselves run through both as well.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { startService, type TestService } from './support/service.ts';
import { replicaUrl, testEngine } from './support/database.ts';

const inRecovery = async (svc: TestService, which: 'db' | 'readDb') =>
  (await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(svc.app.ctx[which])).rows[0].standby;

const pooled = /[?&]pooling=transaction\b/.test(process.env.DATABASE_URL ?? '');

describe.runIf(testEngine === 'postgres' && process.env.DATABASE_READ_URL)('reports on a streaming replica', () => {
  let svc: TestService;
  let standby: pg.Client;
  beforeAll(async () => {
    svc = await startService();
    standby = new pg.Client({ connectionString: replicaUrl(svc.app.ctx.config.databaseUrl) });
    await standby.connect();
  });
  afterAll(async () => {
    await standby?.end();
    await svc?.close();
  });

  /** Transactions the standby has run in the test database: its own statistics, the primary's are apart. */
  const standbyTransactions = async () => {
    const { rows } = await standby.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    await standby.query('select pg_stat_clear_snapshot()');
    return Number(rows[0].n);
  };

  it('reads reports from the standby and writes to the primary', async () => {
    expect(await inRecovery(svc, 'db')).toBe(false);
    expect(await inRecovery(svc, 'readDb')).toBe(true);
    const day = svc.clock.now().toISOString().slice(0, 10);
    const receipt = await svc.api('POST', '/ledgerreceipts', {
      type: 'JOURNAL',
      name: 'Office rent',
      receiptDate: day,
      vatType: 'PURCHASE',
      vatStatus: 1,
      transactions: [
        { transactionType: 'ENTRY', account: '7000', accountingValue: 100, vatPercent: 0 },
        { transactionType: 'ENTRY', account: '1910', accountingValue: -100, vatPercent: 0 },
      ],
    });
    expect(receipt.status).toBe(200);
    expect([200, 204]).toContain((await svc.api('PUT', `/ledgerreceipts/${receipt.body.id}/approve`)).status);
    const before = await standbyTransactions();
    const report = await svc.api('GET', `/reports/trialbalance?startDate=${day}&endDate=${day}`);
    expect(report.status).toBe(200);
    // the primary waits for the standby to apply each commit here (remote_apply), so the posting shows
    expect(report.text).toContain('7000');
    await new Promise((r) => setTimeout(r, 600)); // statistics are flushed at most every half second
    expect(await standbyTransactions()).toBeGreaterThan(before);
  });
});

describe.runIf(testEngine === 'postgres' && pooled)('the service through pgbouncer in transaction pooling', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc?.close());

  it('serves writes, reads and transactions with statements unnamed', async () => {
    const url = new URL(svc.app.ctx.config.databaseUrl);
    const { rows } = await sql<{ port: number }>`select inet_server_port() as port`.execute(svc.app.ctx.db);
    // the server answering is behind the pooler, on another port than the one the service connects to
    expect(Number(rows[0].port)).not.toBe(Number(url.port));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        svc.api('POST', '/products', {
          type: 'SALES',
          name: `Through the pooler ${i}`,
          code: `P${i}`,
          unit: 'HOUR',
          price: 10,
          discount: 0,
          vat: 25.5,
          vatStatus: 1,
          active: true,
          currency: 'EUR',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const list = await svc.api('GET', '/products?size=50');
    expect(list.status).toBe(200);
    expect((await svc.request('GET', '/health/ready')).status).toBe(200);
  });
});
