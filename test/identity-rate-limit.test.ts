// The per-client rate limit: 429 with Retry-After and the IETF RateLimit headers, the token endpoint counted
// too, clients counted apart, and one shared count across several service processes on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/index.ts';
import { RateLimiter } from '../src/platform/rate-limit.ts';
import { startService, type TestService } from './support/service.ts';
import { testEngine } from './support/database.ts';
import { tokenRequest } from './identity-support.ts';

const LIMIT = 5;
let svc: TestService;

beforeAll(async () => {
  svc = await startService({ config: { rateLimitPerSecond: LIMIT } });
});
afterAll(() => svc.close());

/** Waits for the early part of a wall-clock second, so that a burst falls into one window. */
async function freshSecond(): Promise<void> {
  const ms = Date.now() % 1000;
  await sleep(1000 - ms + 10);
}

describe('rate limit', () => {
  it('answers 429 with Retry-After and RateLimit headers above the limit, and resets after the window', async () => {
    const token = await svc.token();
    await freshSecond();
    const answers = await Promise.all(Array.from({ length: 12 }, () => svc.request('GET', '/api/products', { token })));
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    expect(ok.length).toBe(LIMIT);
    expect(limited.length).toBe(12 - LIMIT);
    for (const a of ok) {
      expect(a.headers.get('ratelimit-policy')).toBe(`"default";q=${LIMIT};w=1`);
      expect(a.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=1$/);
    }
    const refused = limited[0];
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('ratelimit')).toBe('"default";r=0;t=1');
    expect(refused.body.errors[0]).toMatchObject({ status: 429, message: expect.stringMatching(/at most 5 requests per 1 seconds/) });
    await freshSecond();
    expect((await svc.request('GET', '/api/products', { token })).status).toBe(200);
  });

  it('counts the token endpoint against the client (after client authentication), in OAuth error form', async () => {
    await freshSecond();
    const form = { grant_type: 'client_credentials', client_id: svc.demo.clientId, client_secret: svc.demo.clientSecret, api_key: svc.demo.apiKey };
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, () => tokenRequest(svc, form)));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBe(3);
    expect(limited[0].body).toMatchObject({ error: 'too_many_requests' });
    expect(limited[0].headers.get('retry-after')).toBe('1');
    // a wrong secret is not counted against the real client
    await freshSecond();
    await Promise.all(Array.from({ length: 10 }, () => tokenRequest(svc, { ...form, client_secret: 'wrong' })));
    expect((await tokenRequest(svc, form)).status).toBe(200);
  });

  it('counts clients apart', async () => {
    const client = await svc.admin.createClient({ name: 'Second integration', redirectUri: 'https://second.example/cb' });
    const key = await svc.admin.createApiKey({ companyId: svc.demo.companyId, userId: 1, clientId: client.clientId });
    const other = await svc.tokenFor(key.apiKey, client.clientId, client.clientSecret);
    const token = await svc.token();
    await freshSecond();
    const first = await Promise.all(Array.from({ length: LIMIT + 2 }, () => svc.request('GET', '/api/products', { token })));
    expect(first.filter((a) => a.status === 429).length).toBe(2);
    const second = await Promise.all(Array.from({ length: LIMIT }, () => svc.request('GET', '/api/products', { token: other })));
    expect(second.every((a) => a.status === 200)).toBe(true);
  });

  it('keeps one count for several limiters sharing the database (leases never exceed the limit)', async () => {
    let now = 1_800_000_000_000;
    const make = () => new RateLimiter({ limit: 60, db: svc.app.ctx.db, engine: svc.app.ctx.engine, shared: true, now: () => now });
    const processes = [make(), make(), make()];
    let allowed = 0;
    for (let i = 0; i < 150; i++) if ((await processes[i % 3].take('shared-client'))!.allowed) allowed++;
    expect(allowed).toBeLessThanOrEqual(60);
    expect(allowed).toBeGreaterThanOrEqual(60 - 2 * 2); // at most one unused lease (3 requests) per other process
    now += 1000;
    expect((await processes[1].take('shared-client'))!.allowed).toBe(true);
  });

  it.skipIf(testEngine !== 'postgres')('holds across two service processes on one PostgreSQL database', async () => {
    // two apps with their own connection pools and limiters: as two processes would be
    const databases = [0, 1].map(() => openDatabase({ url: svc.app.ctx.config.databaseUrl, poolSize: 4 }));
    const config = { ...svc.app.ctx.config, rateLimitPerSecond: 10 };
    const first = await buildApp({ config, database: databases[0], clock: svc.clock, migrate: false });
    const second = await buildApp({ config, database: databases[1], clock: svc.clock, migrate: false });
    try {
      await first.fastify.listen({ port: 0, host: '127.0.0.1' });
      await second.fastify.listen({ port: 0, host: '127.0.0.1' });
      const bases = [first, second].map((app) => `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`);
      const token = await svc.token();
      await freshSecond();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => fetch(`${bases[i % 2]}/api/products`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)),
      );
      expect(answers.filter((s) => s === 200).length).toBe(10);
      expect(answers.filter((s) => s === 429).length).toBe(20);
    } finally {
      await first.close();
      await second.close();
      for (const database of databases) await database.close();
    }
  });
});
