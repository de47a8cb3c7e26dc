// Headers that keep a browser from misreading an answer or framing a page: nosniff on every answer, and on every
// page a person uses (login, authenticator, the documentation) a policy that forbids framing by another site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe('security headers', () => {
  it('sends nosniff with API answers, errors included', async () => {
    for (const answer of [
      await svc.request('GET', '/api/status'),
      await svc.api('GET', '/products'),
      await svc.request('GET', '/api/products'),
      await svc.request('GET', '/api/no-such-thing'),
    ])
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('forbids framing the pages a person signs in or confirms on, and the documentation', async () => {
    for (const path of ['/login', '/authenticator', '/docs/']) {
      const page = await svc.request('GET', path);
      // the login page without its query answers its own 400 page: a page all the same
      expect(page.status, path).toBeLessThan(500);
      expect(page.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
