// Per-process caches on PostgreSQL (src/db/change-notices.ts): a session revoked or a product changed by
// another process is seen by this one within the stated bound, also while its listening connection is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startService, type TestService } from './support/service.ts';
import { testEngine } from './support/database.ts';
import { batchedInsert, openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { productInserts, type ProductRow } from '../src/products/store.ts';
import { globalTables } from '../src/modules.ts';
import { STALE_BOUND_MS } from '../src/db/change-notices.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(testEngine === 'postgres')('caches on PostgreSQL within the bound of change notices', () => {
  let svc: TestService;
  let other: DatabaseHandle;
  beforeAll(async () => {
    svc = await startService();
    // another process's connection: it neither listens nor caches
    other = openDatabase({ url: svc.app.ctx.config.databaseUrl, listenUrl: false, globalTables: globalTables() });
  });
  afterAll(async () => {
    await other?.close();
    await svc?.close();
  });

  const product = {
    type: 'SALES',
    name: 'Before',
    code: 'B1',
    unit: 'HOUR',
    price: 1,
    discount: 0,
    vat: 25.5,
    vatStatus: 1,
    active: true,
    currency: 'EUR',
  };

  it('answers a product changed elsewhere as changed once the bound has passed', async () => {
    await sleep(STALE_BOUND_MS); // the listener of a just started service is current
    expect(svc.app.ctx.changes.stamp(['products'])).not.toBeNull();
    const { id } = (await svc.api('POST', '/products', product)).body as { id: number };
    for (let i = 0; i < 3; i++) expect((await svc.api('GET', `/products/${id}`)).body.name).toBe('Before');
    await other.db
      .updateTable('products')
      .set({ name: 'After' })
      .where('company_id', '=', svc.demo.companyId)
      .where('id', '=', id)
      .execute();
    await sleep(STALE_BOUND_MS);
    expect((await svc.api('GET', `/products/${id}`)).body.name).toBe('After');
  });

  it('refuses a session revoked elsewhere once the bound has passed, also with its listener cut off', async () => {
    const bearer = await svc.tokenFor(svc.demo.apiKey);
    const get = () => svc.request('GET', '/api/products', { token: bearer });
    for (let i = 0; i < 3; i++) expect((await get()).status).toBe(200);
    // the listening connection ends (a restart of the server, a failover, an administrator)
    await sql`select pg_terminate_backend(pid) from pg_catalog.pg_stat_activity
      where application_name = 'tase change listener' and datname = current_database()`.execute(other.db);
    await other.db
      .updateTable('auth_sessions')
      .set({ revoked_at: '2026-01-01T00:00:00.000', revoked_reason: 'test' })
      .where('company_id', '=', svc.demo.companyId)
      .execute();
    await sleep(STALE_BOUND_MS);
    expect((await get()).status).toBe(401);
    // the listener connects again and the caches answer again, within the same bound
    await sleep(1500 + STALE_BOUND_MS);
    expect(svc.app.ctx.changes.stamp(['auth_sessions'])).not.toBeNull();
    const next = await svc.tokenFor(svc.demo.apiKey);
    for (let i = 0; i < 3; i++) expect((await svc.request('GET', '/api/products', { token: next })).status).toBe(200);
    await other.db
      .updateTable('auth_sessions')
      .set({ revoked_at: '2026-01-01T00:00:00.000', revoked_reason: 'test' })
      .where('company_id', '=', svc.demo.companyId)
      .execute();
    await sleep(STALE_BOUND_MS);
    expect((await svc.request('GET', '/api/products', { token: next })).status).toBe(401);
  });

  it("notices the service's writes after their commit, and a writer's outside the service by the trigger", async () => {
    // the service's sessions send their notices themselves, so the trigger sends none inside their transactions
    const { rows } = await sql<{
      setting: string | null;
    }>`select current_setting('tase.notices', true) as setting`.execute(svc.app.ctx.db);
    expect(rows[0].setting).toBe('after_commit');
    await sleep(STALE_BOUND_MS);
    // the earlier test revoked the company's sessions
    const token = await svc.tokenFor(svc.demo.apiKey);
    const get = async () => (await svc.request('GET', `/api/products/${id}`, { token })).body.name as string;
    const created = await svc.request('POST', '/api/products', { token, body: { ...product, name: 'Plain' } });
    const { id } = created.body as { id: number };
    expect(await get()).toBe('Plain');
    // a client that is not the service (psql, a migration tool): its session lacks the setting
    const { pgDriver } = await import('../src/db/postgres.ts');
    const plain = new (pgDriver().Client)({ connectionString: svc.app.ctx.config.databaseUrl });
    await plain.connect();
    try {
      await plain.query('begin');
      await plain.query('update products set name = $1 where company_id = $2 and id = $3', [
        'By psql',
        svc.demo.companyId,
        id,
      ]);
      await plain.query('commit');
    } finally {
      await plain.end();
    }
    await sleep(STALE_BOUND_MS);
    expect(await get()).toBe('By psql');
  });

  it('notices creations committed together in one statement once, by that statement', async () => {
    const { pgDriver } = await import('../src/db/postgres.ts');
    const listener = new (pgDriver().Client)({ connectionString: svc.app.ctx.config.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (notice) => heard.push(notice.payload ?? ''));
    await listener.query('listen tase_changes');
    try {
      const row = (id: number): ProductRow => ({
        company_id: svc.demo.companyId,
        id,
        type: 'SALES',
        name: `Together ${id}`,
        code: null,
        unit: null,
        price: '1',
        discount: '0',
        vat: null,
        vat_status: null,
        currency: 'EUR',
        active: true,
        default_account: null,
        product_group_id: null,
        start_date: null,
        end_date: null,
        bookkeeping_account: null,
        localizations: null,
        version: '2026-11-27T10:00:00.000',
      });
      // started in one turn: one statement of three rows
      await Promise.all(
        [900_001, 900_002, 900_003].map((id) => batchedInsert(svc.app.ctx.db, productInserts, row(id))),
      );
      await sleep(STALE_BOUND_MS);
      expect(heard.filter((table) => table === 'products')).toEqual(['products']);
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from products where company_id = ${svc.demo.companyId} and id >= 900001`.execute(
        svc.app.ctx.db,
      );
      expect(Number(rows[0].n)).toBe(3);
    } finally {
      await listener.end();
    }
  });
});
