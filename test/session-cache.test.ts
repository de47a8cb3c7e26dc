// Revocation reaches a process that caches session states on the embedded engine: a change committed by
// another process (another connection to the same database file) ends the session on the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { buildApp, type App } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { seedDemo, type DemoCredentials } from '../src/company/demo.ts';
import { openDatabase } from '../src/db/index.ts';
import { testEngine } from './support/database.ts';
import { globalTables } from '../src/modules.ts';

let dir: string;
let app: App;
let base: string;
let demo: DemoCredentials;

async function token(): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: demo.clientId,
    client_secret: demo.clientSecret,
    api_key: demo.apiKey,
  });
  const answer = await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form });
  return ((await answer.json()) as { access_token: string }).access_token;
}

const get = (path: string, bearer: string) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${bearer}` } });

describe.runIf(testEngine === 'sqlite')('read caches on the embedded engine', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tase-cache-'));
    const config = {
      ...configFromEnv({ TASE_MODE: 'sandbox' }),
      databaseUrl: join(dir, 'tase.sqlite'),
      port: 0,
      logLevel: 'silent',
      rateLimitPerSecond: 0,
    };
    app = await buildApp({ config });
    demo = await seedDemo(app.ctx);
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a session revoked by another process is refused on the next request', async () => {
    const bearer = await token();
    expect((await get('/api/products', bearer)).status).toBe(200);
    expect((await get('/api/products', bearer)).status).toBe(200); // now served from the cache
    const other = openDatabase({ url: join(dir, 'tase.sqlite'), globalTables: globalTables() });
    await other.db
      .updateTable('auth_sessions')
      .set({ revoked_at: '2026-01-01T00:00:00.000' })
      .where('company_id', '=', demo.companyId)
      .execute();
    await other.close();
    expect((await get('/api/products', bearer)).status).toBe(401);
  });

  it('a product changed by another process is answered as changed on the next request', async () => {
    const bearer = await token();
    const created = await fetch(`${base}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'SALES', name: 'Before', price: 1, discount: 0, active: true, currency: 'EUR' }),
    });
    const { id } = (await created.json()) as { id: number };
    for (let i = 0; i < 2; i++)
      expect(((await (await get(`/api/products/${id}`, bearer)).json()) as { name: string }).name).toBe('Before');
    const other = openDatabase({ url: join(dir, 'tase.sqlite'), globalTables: globalTables() });
    await other.db
      .updateTable('products')
      .set({ name: 'After' })
      .where('company_id', '=', demo.companyId)
      .where('id', '=', id)
      .execute();
    await other.close();
    expect(((await (await get(`/api/products/${id}`, bearer)).json()) as { name: string }).name).toBe('After');
  });

  it('requests arriving together after another process committed all see the change, pipelined ones too', async () => {
    const bearer = await token();
    const created = await fetch(`${base}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'SALES', name: 'Before', price: 1, discount: 0, active: true, currency: 'EUR' }),
    });
    const { id } = (await created.json()) as { id: number };
    const name = async () => ((await (await get(`/api/products/${id}`, bearer)).json()) as { name: string }).name;
    expect(await Promise.all(Array.from({ length: 8 }, name))).toEqual(Array(8).fill('Before'));
    const other = openDatabase({ url: join(dir, 'tase.sqlite'), globalTables: globalTables() });
    await other.db
      .updateTable('products')
      .set({ name: 'After' })
      .where('company_id', '=', demo.companyId)
      .where('id', '=', id)
      .execute();
    await other.close();
    // two requests pipelined on one connection beside eight on connections of their own
    const { port } = new URL(base);
    const request = `GET /api/products/${id} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${bearer}\r\n\r\n`;
    const pipelined = new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(request + request));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(await Promise.all(Array.from({ length: 8 }, name))).toEqual(Array(8).fill('After'));
    const answers = await pipelined;
    expect(answers.match(/"name":"After"/g)).toHaveLength(2);
    expect(answers).not.toContain('"name":"Before"');
  });

  it('a page of products changed by another process is answered as changed on the next request', async () => {
    const bearer = await token();
    const page = async () =>
      (await (await get('/api/products?size=200', bearer)).json()) as {
        results: { id: number; name: string }[];
        meta: { totalCount: number };
      };
    for (const name of ['Kept', 'Removed elsewhere'])
      await fetch(`${base}/api/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'SALES', name, price: 1, discount: 0, active: true, currency: 'EUR' }),
      });
    const before = await page();
    expect(await page()).toEqual(before); // kept from its second asking on
    expect(await page()).toEqual(before); // now served from the cache
    const [first] = before.results;
    const other = openDatabase({ url: join(dir, 'tase.sqlite'), globalTables: globalTables() });
    await other.db
      .updateTable('products')
      .set({ name: 'Renamed elsewhere' })
      .where('company_id', '=', demo.companyId)
      .where('id', '=', first.id)
      .execute();
    await other.db
      .deleteFrom('products')
      .where('company_id', '=', demo.companyId)
      .where('id', '=', before.results[1].id)
      .execute();
    await other.close();
    const after = await page();
    expect(after.results[0]).toMatchObject({ id: first.id, name: 'Renamed elsewhere' });
    expect(after.meta.totalCount).toBe(before.meta.totalCount - 1);
    expect(after.results.map((p) => p.id)).not.toContain(before.results[1].id);
  });

  it('a membership removed by another process is refused on the next request', async () => {
    const bearer = await token();
    expect((await get('/api/products', bearer)).status).toBe(200);
    const other = openDatabase({ url: join(dir, 'tase.sqlite'), globalTables: globalTables() });
    await other.db
      .updateTable('company_users')
      .set({ active: false })
      .where('company_id', '=', demo.companyId)
      .execute();
    await other.close();
    expect((await get('/api/products', bearer)).status).toBe(401);
  });
});
