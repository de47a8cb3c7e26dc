// Idempotency keys on every POST: a retry with the same key and body answers the first answer without doing the
// work again, the same key with another body is refused (422), and a retry after the service died between the
// commit and the answer gets the committed answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { startService, type TestService } from './support/service.ts';
import { CRASH_POINT_REACHED } from './support/crash-point.ts';
import {
  accessToken,
  emptyDatabase,
  freePort,
  startChild,
  type Child,
  type Cleanups,
} from './support/child-service.ts';

let svc: TestService;
const cleanups: Cleanups = [];
beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const product = (name: string) => ({ type: 'SALES', name, price: 10, discount: 0, active: true, currency: 'EUR' });
const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });
const countProducts = async (name: string) =>
  ((await svc.api('GET', '/products')).body.results ?? []).filter((p: { name: string }) => p.name === name).length;

describe('an Idempotency-Key', () => {
  it('answers a retry with the first answer and does the work once', async () => {
    const first = await svc.api('POST', '/products', product('Keyed once'), keyed('k-1'));
    expect(first.status, first.text).toBe(200);
    const retry = await svc.api('POST', '/products', product('Keyed once'), keyed('k-1'));
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await countProducts('Keyed once')).toBe(1);
    // another key, or none, is new work
    expect((await svc.api('POST', '/products', product('Keyed once'), keyed('k-2'))).body.id).not.toBe(first.body.id);
    expect((await svc.api('POST', '/products', product('Keyed once'))).status).toBe(200);
    expect(await countProducts('Keyed once')).toBe(3);
  });

  it('refuses the same key with another body (422), and keeps no error answer', async () => {
    await svc.api('POST', '/products', product('First body'), keyed('k-3'));
    const other = await svc.api('POST', '/products', product('Other body'), keyed('k-3'));
    expect(other.status).toBe(422);
    expect(other.body.errors[0]).toMatchObject({ status: 422, field: 'Idempotency-Key' });
    expect(await countProducts('Other body')).toBe(0);

    const refused = await svc.api('POST', '/products', { ...product('Bad'), price: 'much' }, keyed('k-4'));
    expect(refused.status).toBe(400);
    // nothing was written, so the corrected request runs under the same key
    const corrected = await svc.api('POST', '/products', product('Corrected'), keyed('k-4'));
    expect(corrected.status).toBe(200);
    const long = await svc.api('POST', '/products', product('Long key'), keyed('x'.repeat(256)));
    expect(long.status).toBe(400);
  });

  it('is per client: another client with the same key does its own work', async () => {
    const client = await svc.admin.createClient({ name: 'Second', redirectUri: 'http://localhost/cb' });
    const user = await svc.admin.createUser({
      username: 'second-client-user',
      password: 'Second-pass-1',
      firstName: 'Sekunda',
      lastName: 'Client',
      email: 'second@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'ADMIN');
    const apiKey = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: client.clientId,
    });
    const token = await svc.tokenFor(apiKey.apiKey, client.clientId, client.clientSecret);
    await svc.api('POST', '/products', product('Per client'), keyed('k-5'));
    const second = await svc.request('POST', '/api/products', { token, body: product('Per client'), ...keyed('k-5') });
    expect(second.status).toBe(200);
    expect(await countProducts('Per client')).toBe(2);
  });

  it('is marked in the OpenAPI document on POST operations', async () => {
    const document = (await svc.request('GET', '/api/openapi.json')).body;
    const post = document.paths['/products'].post;
    const header = post.parameters.find((p: { in: string; name: string }) => p.in === 'header');
    expect(header.name.toLowerCase()).toBe('idempotency-key');
    expect(header.schema['x-tase-addition'] ?? header['x-tase-addition']).toBe(true);
  });
});

describe('a crash between the commit and the answer', () => {
  it('leaves the committed answer for the retry', async () => {
    const url = await emptyDatabase(cleanups);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = killedAfterAll(startChild(url, port, 'idempotency:committed'));
    const credentials = await ready(first);
    const token = await accessToken(base, credentials);
    const send = () =>
      fetch(`${base}/api/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'crash-1' },
        body: JSON.stringify(product('Committed before the crash')),
      });
    const lost = send().catch((err: unknown) => err);
    const until = Date.now() + 20_000;
    while (!first.output().includes(`${CRASH_POINT_REACHED} idempotency:committed`)) {
      if (Date.now() > until) throw new Error(`no crash point:\n${first.output()}`);
      await sleep(20);
    }
    first.process.kill('SIGKILL');
    await first.exited;
    expect(await lost).toBeInstanceOf(Error);

    const second = killedAfterAll(startChild(url, port));
    await ready(second, 'listening');
    try {
      const retry = await send();
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const created = (await retry.json()) as { id: number; name: string };
      expect(created.name).toBe('Committed before the crash');
      const list = await fetch(`${base}/api/products`, { headers: { authorization: `Bearer ${token}` } });
      const results = ((await list.json()) as { results: { id: number; name: string }[] }).results;
      expect(results.filter((p) => p.name === 'Committed before the crash').map((p) => p.id)).toEqual([created.id]);
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
  }, 240_000);
});

function killedAfterAll(child: Child): Child {
  cleanups.push(async () => void child.process.kill('SIGKILL'));
  return child;
}

/** Waits for the banner; answers the demo credentials it prints (the first start). */
async function ready(child: Child, banner = 'API key') {
  // a first start migrates a new database: slow on a loaded machine
  const until = Date.now() + 90_000;
  while (!new RegExp(`${banner}`).test(child.output())) {
    if (Date.now() > until) throw new Error(`the service did not start:\n${child.output()}`);
    await sleep(20);
  }
  const field = (label: string) => child.output().match(new RegExp(`${label}:\\s+(\\S+)`))?.[1] ?? '';
  return { clientId: field('OAuth client'), clientSecret: field('client secret'), apiKey: field('API key') };
}
