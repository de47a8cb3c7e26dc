// What an operator runs the service with: Prometheus metrics, liveness and readiness, backups that restore,
// and migrations that run once when several processes start at the same time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { startService, type TestService } from './support/service.ts';
import { freshDatabase, testEngine } from './support/database.ts';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { migrate, openDatabase } from '../src/db/index.ts';
import { allMigrations, globalTables } from '../src/modules.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tase-ops-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One sample of the exposition text: the value of `name{labels}` (labels as written, in order), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics and health', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc?.close());

  it('liveness and readiness answer without a token', async () => {
    const live = await svc.request('GET', '/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'UP' });
    const ready = await svc.request('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'UP', database: 'UP', closing: false });
  });

  it('counts requests and their latency by route, postings, the pool and the outbox', async () => {
    const route = '/v2610/api/products';
    const before = await svc.request('GET', '/metrics');
    const counted = (text: string) =>
      sample(text, `tase_http_requests_total{method="GET",route="${route}",status="200"}`);
    const posted = (text: string) => sample(text, 'tase_ledger_receipts_posted_total') ?? 0;
    for (let i = 0; i < 3; i++) expect((await svc.api('GET', '/products')).status).toBe(200);
    const receipt = await svc.api('POST', '/ledgerreceipts', {
      type: 'JOURNAL',
      name: 'Office rent',
      receiptDate: svc.clock.now().toISOString().slice(0, 10),
      vatType: 'PURCHASE',
      vatStatus: 1,
      transactions: [
        { transactionType: 'ENTRY', account: '7000', accountingValue: 100, vatPercent: 0 },
        { transactionType: 'ENTRY', account: '1910', accountingValue: -100, vatPercent: 0 },
      ],
    });
    expect(receipt.status).toBe(200);

    const after = await svc.request('GET', '/metrics');
    expect(after.status).toBe(200);
    expect(after.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((counted(after.text) ?? 0) - (counted(before.text) ?? 0)).toBe(3);
    expect(sample(after.text, `tase_http_request_duration_seconds_count{method="GET",route="${route}"}`)).toBe(
      counted(after.text),
    );
    expect(posted(after.text) - posted(before.text)).toBe(1);
    expect(sample(after.text, 'tase_webhook_outbox_messages{status="PENDING"}')).toBeGreaterThanOrEqual(0);
    expect(sample(after.text, 'tase_webhook_outbox_messages{status="FAILED"}')).toBe(0);
    expect(sample(after.text, 'tase_webhook_delivery_failures_total')).toBeGreaterThanOrEqual(0);
    if (testEngine === 'postgres') expect(sample(after.text, 'tase_db_pool_connections{state="max"}')).toBe(8);
    expect(after.text).toContain('tase_process_cpu_seconds_total');
  });
});

async function tase(args: string[], databaseUrl: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['src/main.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, TASE_MODE: 'sandbox', LOG_LEVEL: 'silent' },
  });
  return JSON.parse(stdout);
}

const product = {
  type: 'SALES',
  unit: 'HOUR',
  price: 100,
  discount: 0,
  vat: 25.5,
  vatStatus: 1,
  active: true,
  currency: 'EUR',
};

describe('tase admin backup and restore', () => {
  it('backs up a database while it serves and restores it as it was', async () => {
    const file = join(dir, 'served.sqlite');
    const database =
      testEngine === 'postgres'
        ? await freshDatabase()
        : (() => {
            const handle = openDatabase({ url: file, globalTables: globalTables() });
            return { ...handle, url: file, disconnect: () => handle.close() };
          })();
    const svc = await startService({ database });
    const backup = join(dir, testEngine === 'postgres' ? 'tase.dump' : 'tase-backup.sqlite');
    let open = true;
    try {
      const kept = await svc.api('POST', '/products', { ...product, name: 'Kept', code: 'K1' });
      expect(kept.status).toBe(200);
      expect(await tase(['admin', 'backup', backup], database.url)).toMatchObject({ engine: testEngine, file: backup });
      const lost = await svc.api('POST', '/products', { ...product, name: 'Lost', code: 'L1' });
      expect(lost.status).toBe(200);
      // a restore replaces the database of a stopped service
      await svc.app.close();
      // a restore is refused while anyone is connected, so this process lets go of the database too
      await database.disconnect();
      open = false;
      expect(await tase(['admin', 'restore', backup], database.url)).toMatchObject({ engine: testEngine });
      await checkRestored(database.url);
    } finally {
      if (open) await database.close();
      else if (testEngine === 'postgres') await dropDatabase(database.url);
    }
  });
});

async function checkRestored(url: string): Promise<void> {
  const handle = openDatabase({ url, globalTables: globalTables() });
  try {
    const names = await handle.db.selectFrom('products').select('name').where('company_id', '=', 1).execute();
    expect(names.map((n) => n.name)).toContain('Kept');
    expect(names.map((n) => n.name)).not.toContain('Lost');
    // the restored database is up to date: nothing left to migrate
    expect(await migrate(handle.db, allMigrations())).toEqual([]);
  } finally {
    await handle.close();
  }
}

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

describe('several processes starting at once', () => {
  it('run each migration once (PostgreSQL: under an advisory lock; SQLite: one writer at a time)', async () => {
    const fresh = testEngine === 'postgres' ? await freshDatabase() : undefined;
    const url = fresh?.url ?? join(dir, 'upgrade.sqlite');
    await fresh?.db.destroy();
    try {
      const runs = await Promise.all(Array.from({ length: 4 }, () => tase(['migrate'], url)));
      const applied = runs.flatMap((r) => (r as { applied: string[] }).applied);
      expect(applied.sort()).toEqual(Object.keys(allMigrations()).sort());
      const handle = openDatabase({ url, globalTables: globalTables() });
      try {
        const records = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(
          handle.db,
        );
        expect(Number(records.rows[0].n)).toBe(applied.length);
        if (testEngine === 'postgres') {
          // whole services starting together over the migrated schema: the company-setup backfill, the signing key
          const config = { ...configFromEnv({ TASE_MODE: 'sandbox' }), databaseUrl: url, logLevel: 'silent' };
          const apps = await Promise.all(
            [1, 2, 3].map(() =>
              buildApp({ config, database: { ...handle, close: async () => {} }, background: false }),
            ),
          );
          await Promise.all(apps.map((app) => app.close()));
        }
      } finally {
        await handle.close();
      }
    } finally {
      if (fresh) await dropDatabase(url);
    }
  });
});
