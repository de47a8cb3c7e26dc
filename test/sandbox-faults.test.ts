// Faults on demand in the sandbox: an error status with the spec's error body, a delay, a dropped connection, the
// client suspended, an access token expired early — each for a count or a time, listed and removable; the
// sandbox's own endpoints never fail, and production has none of it (test/sandbox-production.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const fault = (rule: Record<string, unknown>) => svc.api('POST', '/sandbox/faults', rule);

describe('fault rules', () => {
  it('answer a status with the error body for a count of requests, by path and method', async () => {
    const added = await fault({ path: '/products', method: 'GET', kind: 'STATUS', status: 503, count: 2 });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toMatchObject({ id: expect.any(Number), remaining: 2 });
    expect(
      (
        await svc.api('POST', '/products', {
          type: 'SALES',
          name: 'x',
          price: 1,
          discount: 0,
          active: true,
          currency: 'EUR',
        })
      ).status,
    ).toBe(200);
    for (let i = 0; i < 2; i++) {
      const failed = await svc.api('GET', '/products');
      expect(failed.status).toBe(503);
      expect(failed.body).toEqual({ errors: [{ status: 503, message: 'Service Unavailable' }] });
    }
    expect((await svc.api('GET', '/products')).status).toBe(200);
    expect((await svc.api('GET', '/sandbox/faults')).body.results).toEqual([]);
  });

  it('match a glob path and a client, hold for a time, and are listed and removable', async () => {
    const rule = await fault({ path: '/products/*', kind: 'STATUS', status: 500, message: 'Boom', forSeconds: 60 });
    const other = await fault({ path: '/**', clientId: 'someone-else', kind: 'STATUS', status: 502, count: 5 });
    expect((await svc.api('GET', '/products/1')).body.errors[0]).toEqual({ status: 500, message: 'Boom' });
    expect((await svc.api('GET', '/products')).status).toBe(200);
    const listed = await svc.api('GET', '/sandbox/faults');
    expect(listed.body.results.map((r: { id: number }) => r.id)).toEqual([rule.body.id, other.body.id]);
    expect(listed.body.results[0].until).toBeDefined();
    // the sandbox clock ends a timed rule
    await svc.api('POST', '/sandbox/clock', { advanceSeconds: 61 });
    expect((await svc.api('GET', '/products/1')).status).not.toBe(500);
    expect((await svc.api('DELETE', `/sandbox/faults/${other.body.id}`)).status).toBe(200);
    expect((await svc.api('DELETE', `/sandbox/faults/${other.body.id}`)).status).toBe(404);
    expect((await svc.api('GET', '/sandbox/faults')).body.results).toEqual([]);
    expect((await fault({ path: '/products', kind: 'STATUS', status: 500 })).status).toBe(400);
    expect((await fault({ path: '/products', kind: 'STATUS', count: 1 })).status).toBe(400);
    expect((await fault({ path: '/products', kind: 'STATUS', status: 200, count: 1 })).status).toBe(400);
  });

  it('delay an answer, and drop a connection unanswered', async () => {
    await fault({ path: '/products', method: 'GET', kind: 'DELAY', delayMs: 400, count: 1 });
    const started = performance.now();
    expect((await svc.api('GET', '/products')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);

    await fault({ path: '/products', method: 'GET', kind: 'DROP', count: 1 });
    await expect(svc.api('GET', '/products')).rejects.toThrow();
    expect((await svc.api('GET', '/products')).status).toBe(200);
  });

  it('suspend the client for a time, as the real service may when a client exceeds its rate', async () => {
    await fault({ path: '/**', kind: 'SUSPEND', suspendSeconds: 30, count: 1 });
    const first = await svc.api('GET', '/products');
    expect(first.status).toBe(403);
    expect(first.body.errors[0].message).toContain('suspended');
    expect((await svc.api('GET', '/businesspartners')).status).toBe(403);
    // the sandbox endpoints still answer, and the suspension ends
    expect((await svc.api('GET', '/sandbox/faults')).status).toBe(200);
    await svc.api('POST', '/sandbox/clock', { advanceSeconds: 31 });
    expect((await svc.api('GET', '/products')).status).toBe(200);
  });

  it('expire the access token early: 401 for it from then on, a new token works', async () => {
    const token = await svc.token();
    await fault({ path: '/products', kind: 'EXPIRE_TOKEN', count: 1 });
    const expired = await svc.request('GET', '/api/products', { token });
    expect(expired.status).toBe(401);
    expect((await svc.request('GET', '/api/businesspartners', { token })).status).toBe(401);
    const fresh = await svc.tokenFor(svc.demo.apiKey);
    expect((await svc.request('GET', '/api/products', { token: fresh })).status).toBe(200);
  });
});
