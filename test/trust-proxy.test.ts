// Behind a TLS-terminating proxy (TASE_TRUST_PROXY): the proxy's X-Forwarded-Proto makes cookies `Secure` and its
// X-Forwarded-For names the client (whose wrong passwords are counted by address); without the setting, anyone's
// forwarded headers are ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { PASSWORD, person } from './mfa-helpers.ts';

let behindProxy: TestService;
let direct: TestService;

beforeAll(async () => {
  const production = { mode: 'production' as const, signingSecret: 'x'.repeat(40) };
  behindProxy = await startService({ config: { ...production, trustProxy: ['127.0.0.1'] } });
  direct = await startService({ config: production });
  await person(behindProxy, 'proxied');
  await person(direct, 'proxied');
});
afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
});

const login = (svc: TestService, password: string, from: string) =>
  svc.request('POST', '/authenticator/api/login', {
    body: { username: 'proxied', password },
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': from },
  });

describe('TASE_TRUST_PROXY', () => {
  it('sets Secure cookies when the trusted proxy says the client came over https', async () => {
    const proxied = await login(behindProxy, PASSWORD, '198.51.100.7');
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('set-cookie')).toMatch(/; Secure/);
    const page = await behindProxy.request(
      'GET',
      `/login?response_type=code&client_id=${behindProxy.demo.clientId}&redirect_uri=${encodeURIComponent(behindProxy.demo.redirectUri)}`,
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().length).toBeGreaterThan(0);
    for (const cookie of page.headers.getSetCookie()) expect(cookie).toMatch(/; Secure/);
    const unproxied = await login(direct, PASSWORD, '198.51.100.7');
    expect(unproxied.status).toBe(200);
    expect(unproxied.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('counts wrong passwords by the forwarded client address', async () => {
    for (const svc of [behindProxy, direct])
      for (let i = 0; i < 5; i++) expect((await login(svc, 'Wrong-pass-1', '203.0.113.1')).status).toBe(401);
    // another client behind the same proxy is not slowed by the first one's mistakes
    expect((await login(behindProxy, PASSWORD, '203.0.113.2')).status).toBe(200);
    // without the setting, both are the proxy's one address
    expect((await login(direct, PASSWORD, '203.0.113.2')).status).toBe(429);
  });

  it('takes hops or addresses and CIDR ranges, never everyone', () => {
    expect(configFromEnv({ TASE_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(configFromEnv({ TASE_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(configFromEnv({}).trustProxy).toBeUndefined();
    for (const bad of ['true', '*', '0', '10.0.0.0/33', 'proxy.example.com'])
      expect(() => configFromEnv({ TASE_TRUST_PROXY: bad })).toThrow(/TASE_TRUST_PROXY/);
  });
});
