// The request journal of the sandbox: what a client sent and was answered, newest first, filtered and paged,
// secrets redacted, bodies cut; shown on the sandbox page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, otherCompany, type TestService } from './support/service.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe('the request journal', () => {
  it('records method, path, query, status, duration and both bodies, newest first', async () => {
    const sent = { type: 'SALES', name: 'Journaled', price: 3.5, discount: 0, active: true, currency: 'EUR' };
    const created = await svc.api('POST', '/products', sent);
    await svc.api('GET', '/products?name=Journaled');
    await svc.api('GET', '/products/999999');
    const journal = await svc.api('GET', '/sandbox/requests?path=/products');
    expect(journal.status, journal.text).toBe(200);
    const [missing, listed, posted] = journal.body.results;
    expect(missing).toMatchObject({ method: 'GET', path: '/products/999999', status: 404 });
    expect(listed).toMatchObject({ method: 'GET', path: '/products', query: 'name=Journaled', status: 200 });
    expect(posted).toMatchObject({ method: 'POST', path: '/products', status: 200, clientId: svc.demo.clientId });
    expect(JSON.parse(posted.requestBody)).toMatchObject({ name: 'Journaled' });
    expect(JSON.parse(posted.answerBody).id).toBe(created.body.id);
    expect(posted.durationMs).toBeGreaterThanOrEqual(0);

    const failed = await svc.api('GET', '/sandbox/requests?status=404');
    expect(failed.body.results.every((r: { status: number }) => r.status === 404)).toBe(true);
    const paged = await svc.api('GET', '/sandbox/requests?path=/products&size=1&page=1');
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.results[0].id).toBe(listed.id);
    expect(paged.body.meta.totalCount).toBe(3);
    const future = await svc.api('GET', '/sandbox/requests?since=2999-01-01T00:00:00');
    expect(future.body.results).toEqual([]);
    expect((await svc.api('GET', `/sandbox/requests?clientId=${svc.demo.clientId}`)).body.results.length).toBe(
      (await svc.api('GET', '/sandbox/requests?size=200')).body.results.filter(
        (r: { clientId?: string }) => r.clientId === svc.demo.clientId,
      ).length,
    );

    // a product polled (one kept answer, its journal text made once) is journaled each time with its answer
    await svc.api('GET', `/products/${created.body.id}`);
    await svc.api('GET', `/products/${created.body.id}`);
    const polled = (await svc.api('GET', `/sandbox/requests?path=/products/${created.body.id}`)).body.results;
    expect(polled).toHaveLength(2);
    expect(polled[0].id).not.toBe(polled[1].id);
    for (const entry of polled) expect(JSON.parse(entry.answerBody)).toEqual(created.body);
  });

  it('redacts secrets, cuts long bodies, and keeps companies apart', async () => {
    await svc.api('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      authenticationType: 'HMAC',
      authenticationMeta: { sharedSecret: 'do-not-show-this-secret-0123456789', hashFunction: 'SHA512' },
      subscriptions: ['USER_UPDATED'],
    });
    await svc.api('POST', '/products', { name: 'x'.repeat(10_000) });
    const all = await svc.api('GET', '/sandbox/requests?size=200');
    expect(all.text).not.toContain('do-not-show-this-secret');
    // the administrator sees the token requests, with the secrets redacted
    expect(all.text).not.toContain(svc.demo.clientSecret);
    expect(all.text).not.toContain(svc.demo.apiKey);
    const token = all.body.results.find((r: { path: string }) => r.path === '/oauth/token');
    expect(token.answerBody).toContain('[redacted]');
    const long = all.body.results.find((r: { requestBody?: string }) => r.requestBody?.includes('xxxx'));
    expect(long.requestBody.length).toBeLessThan(4200);

    const other = await otherCompany(svc, 'Journal Other Oy');
    const theirs = await svc.request('GET', '/api/sandbox/requests?size=200', { token: other.token });
    expect(theirs.body.results.every((r: { path: string }) => r.path !== '/webhooks')).toBe(true);
  });

  it('is shown on the sandbox page', async () => {
    const page = await (await fetch(`${svc.base}/sandbox/webhooks`)).text();
    expect(page).toContain('/sandbox/requests');
    expect(page).toContain('id="requests"');
  });
});
