// Identity and access end to end: the login page (over plain HTTP; the browser test drives it in Chromium),
// the token endpoint's grants, every invalidation rule, token tampering, users and rights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import {
  claimsOf,
  csrfOf,
  errorOf,
  exchangeCode,
  loginForCode,
  loginPath,
  page,
  personTokens,
  pkcePair,
  refresh,
  tokenRequest,
} from './identity-support.ts';

let svc: TestService;
// 26.02 is still supported on this date, so the rights document can be read in every version.
const clock = new ManualClock('2026-10-26T10:00:00Z');

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

const get = (path: string, token: string) => svc.request('GET', `/api${path}`, { token });

/** A fresh user with its own password, a member of the demo company. */
async function newUser(
  name: string,
  role: 'ADMIN' | 'VIEWER' | 'NONE' = 'ADMIN',
  options: { apiLoginOnly?: boolean } = {},
) {
  const user = await svc.admin.createUser({
    username: name,
    password: 'Passw0rd-x',
    firstName: 'Test',
    lastName: name,
    email: `${name}@example.com`,
    apiLoginOnly: options.apiLoginOnly,
  });
  await svc.admin.addMember(svc.demo.companyId, user.userId, role);
  return { ...user, password: 'Passw0rd-x' };
}

describe('login page', () => {
  it('completes the code flow: 302 to the registered address with code, state unchanged and expires_in=300', async () => {
    const state = 'a b&c=d/ä';
    const { location, code } = await loginForCode(svc, { state });
    expect(`${location.origin}${location.pathname}`).toBe(svc.demo.redirectUri);
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('expires_in')).toBe('300');
    expect(code).toMatch(/^tac_/);
    const answer = await exchangeCode(svc, code);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(Buffer.byteLength(answer.body.access_token)).toBeLessThanOrEqual(512);
    expect(Buffer.byteLength(answer.body.refresh_token)).toBeLessThanOrEqual(1024);
    const claims = claimsOf(answer.body.access_token);
    expect(claims).toMatchObject({ aud: svc.demo.clientId, cid: svc.demo.companyId, sub: '1' });
    expect(Object.keys(claims)).toEqual(
      expect.arrayContaining(['iss', 'aud', 'sub', 'cid', 'jti', 'auth_time', 'iat', 'exp']),
    );
    expect((await get('/users', answer.body.access_token)).body.companyId).toBe(svc.demo.companyId);
  });

  it('leaves state out of the redirect when none was sent', async () => {
    const { location } = await loginForCode(svc);
    expect(location.searchParams.has('state')).toBe(false);
  });

  it('shows errors on the page and never redirects: unknown client, other redirect address, wrong response_type, secrets in the URL, PKCE other than S256', async () => {
    const base = { response_type: 'code', client_id: svc.demo.clientId, redirect_uri: svc.demo.redirectUri };
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...base, client_id: 'nobody' }, /Unknown client/],
      [{ ...base, client_id: '' }, /client_id is missing/],
      [{ ...base, redirect_uri: 'https://evil.example/callback' }, /redirect address is not the one registered/],
      [{ ...base, redirect_uri: `${svc.demo.redirectUri}?x=1` }, /redirect address is not the one registered/],
      [{ ...base, response_type: 'token' }, /response_type must be 'code'/],
      [{ ...base, password: 'x' }, /Secrets must not be sent in the URL: password/],
      [
        { ...base, code_challenge: pkcePair().challenge, code_challenge_method: 'plain' },
        /only code_challenge_method 'S256'/,
      ],
      [{ ...base, code_challenge: 'short', code_challenge_method: 'S256' }, /43 base64url characters/],
    ];
    for (const [params, message] of cases) {
      const answer = await page(svc, 'GET', loginPath(params));
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.location).toBeNull();
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(errorOf(answer.html)).toMatch(message);
      expect(answer.html).not.toContain('evil.example');
    }
  });

  it('is protected against CSRF: the cookie, the page token and the origin are all needed', async () => {
    const start = await page(
      svc,
      'GET',
      loginPath({ response_type: 'code', client_id: svc.demo.clientId, redirect_uri: svc.demo.redirectUri }),
    );
    expect(start.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/);
    expect(start.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const csrf = csrfOf(start.html)!;
    const form = { step: 'password', csrf, username: svc.demo.username, password: svc.demo.password };
    const noCookie = await page(svc, 'POST', '/login', { form });
    expect(errorOf(noCookie.html)).toMatch(/needs cookies/);
    const wrongToken = await page(svc, 'POST', '/login', { cookie: start.cookie, form: { ...form, csrf: 'forged' } });
    expect(wrongToken.status).toBe(403);
    expect(errorOf(wrongToken.html)).toMatch(/could not be verified/);
    const otherSite = await page(svc, 'POST', '/login', {
      cookie: start.cookie,
      form,
      headers: { origin: 'https://evil.example' },
    });
    expect(otherSite.status).toBe(403);
    expect(errorOf(otherSite.html)).toMatch(/another site/);
    const forgedCookie = await page(svc, 'POST', '/login', { cookie: `${start.cookie!.split('.')[0]}.forged`, form });
    expect(errorOf(forgedCookie.html)).toMatch(/no longer valid/);
    // the company step needs the password step of the same flow
    const skipped = await page(svc, 'POST', '/login', {
      cookie: start.cookie,
      form: { step: 'company', csrf, companyId: String(svc.demo.companyId) },
    });
    expect(skipped.location).toBeNull();
    expect(errorOf(skipped.html)).toMatch(/username and password first/);
    // and the flow still works with everything in place
    const ok = await page(svc, 'POST', '/login', { cookie: start.cookie, form });
    expect(ok.html).toContain('company-form');
    // the pre-login cookie no longer continues the flow once the user is known
    const stale = await page(svc, 'POST', '/login', {
      cookie: start.cookie,
      form: { step: 'company', csrf, companyId: String(svc.demo.companyId) },
    });
    expect(stale.location).toBeNull();
    const done = await page(svc, 'POST', '/login', {
      cookie: ok.cookie,
      form: { step: 'company', csrf, companyId: String(svc.demo.companyId) },
    });
    expect(done.status).toBe(302);
  });

  it('must finish within 5 minutes', async () => {
    const start = await page(
      svc,
      'GET',
      loginPath({
        response_type: 'code',
        client_id: svc.demo.clientId,
        redirect_uri: svc.demo.redirectUri,
        state: 's1',
      }),
    );
    const csrf = csrfOf(start.html)!;
    const password = await page(svc, 'POST', '/login', {
      cookie: start.cookie,
      form: { step: 'password', csrf, username: svc.demo.username, password: svc.demo.password },
    });
    clock.advance(301_000);
    const late = await page(svc, 'POST', '/login', {
      cookie: password.cookie,
      form: { step: 'company', csrf, companyId: String(svc.demo.companyId) },
    });
    expect(late.status).toBe(400);
    expect(late.location).toBeNull();
    expect(errorOf(late.html)).toMatch(/longer than 5 minutes/);
    expect(late.html).toContain('Start again');
  });

  it('answers a wrong password on the page and, after five, slows the next attempt from the same address', async () => {
    const user = await newUser('locky');
    const start = await page(
      svc,
      'GET',
      loginPath({ response_type: 'code', client_id: svc.demo.clientId, redirect_uri: svc.demo.redirectUri }),
    );
    const csrf = csrfOf(start.html)!;
    const attempt = (password: string) =>
      page(svc, 'POST', '/login', {
        cookie: start.cookie,
        form: { step: 'password', csrf, username: 'locky', password },
      });
    const unknownUser = await page(svc, 'POST', '/login', {
      cookie: start.cookie,
      form: { step: 'password', csrf, username: 'nobody-here', password: 'x' },
    });
    expect(errorOf(unknownUser.html)).toBe('Wrong username or password.');
    for (let i = 0; i < 5; i++) {
      const wrong = await attempt('wrong-pass-1');
      expect(wrong.status).toBe(400);
      expect(errorOf(wrong.html)).toBe('Wrong username or password.');
      expect(wrong.html).toContain('password-form');
    }
    const slowed = await attempt(user.password);
    expect(slowed.status).toBe(429);
    expect(errorOf(slowed.html)).toBe('Too many wrong passwords: try again in 1 s.');
    expect(slowed.html).toContain('password-form');
    clock.advance(1000);
    const { code } = await loginForCode(svc, { username: 'locky', password: user.password });
    expect((await exchangeCode(svc, code)).status).toBe(200);
  });

  it("refuses users with the limitation 'API login only' (they keep client credentials)", async () => {
    const user = await newUser('robot', 'ADMIN', { apiLoginOnly: true });
    await expect(loginForCode(svc, { username: 'robot', password: user.password })).rejects.toThrow(/API login only/);
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await get('/users', token)).status).toBe(200);
  });

  it("offers only the user's own companies", async () => {
    const other = await svc.admin.createCompany({ name: 'Second Oy' });
    await svc.admin.addMember(other.companyId, 1, 'VIEWER');
    const third = await svc.admin.createCompany({ name: 'Not Mine Oy' });
    const start = await page(
      svc,
      'GET',
      loginPath({ response_type: 'code', client_id: svc.demo.clientId, redirect_uri: svc.demo.redirectUri }),
    );
    const csrf = csrfOf(start.html)!;
    const picker = await page(svc, 'POST', '/login', {
      cookie: start.cookie,
      form: { step: 'password', csrf, username: svc.demo.username, password: svc.demo.password },
    });
    expect(picker.html).toContain('Second Oy');
    expect(picker.html).toContain('Demo Oy');
    expect(picker.html).not.toContain('Not Mine Oy');
    const foreign = await page(svc, 'POST', '/login', {
      cookie: picker.cookie,
      form: { step: 'company', csrf, companyId: String(third.companyId) },
    });
    expect(foreign.location).toBeNull();
    expect(errorOf(foreign.html)).toMatch(/Choose one of your companies/);
    const { code } = await loginForCode(svc, { companyId: other.companyId });
    const tokens = await exchangeCode(svc, code);
    expect(claimsOf(tokens.body.access_token).cid).toBe(other.companyId);
    expect((await get('/users', tokens.body.access_token)).body.companyId).toBe(other.companyId);
  });
});

describe('token endpoint', () => {
  it('a code is single use: a second exchange fails and revokes the tokens the code issued', async () => {
    const { code } = await loginForCode(svc);
    const first = await exchangeCode(svc, code);
    expect(first.status).toBe(200);
    expect((await get('/users', first.body.access_token)).status).toBe(200);
    const second = await exchangeCode(svc, code);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect((await get('/users', first.body.access_token)).status).toBe(401);
    expect((await refresh(svc, first.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('a code is valid 5 minutes', async () => {
    const { code } = await loginForCode(svc);
    clock.advance(301_000);
    const late = await exchangeCode(svc, code);
    expect(late.status).toBe(400);
    expect(late.body.error_description).toMatch(/expired/);
  });

  it('needs the registered redirect address and the same client', async () => {
    const { code } = await loginForCode(svc);
    const missing = await exchangeCode(svc, code, { redirect_uri: undefined });
    expect(missing.body.error).toBe('invalid_request');
    const other = await exchangeCode(svc, code, { redirect_uri: 'http://localhost:3000/other' });
    expect(other.body.error).toBe('invalid_grant');
    const client = await svc.admin.createClient({ name: 'Other app', redirectUri: 'https://other.example/cb' });
    const wrongClient = await tokenRequest(svc, {
      grant_type: 'authorization_code',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uri: 'https://other.example/cb',
      code,
    });
    expect(wrongClient.body.error).toBe('invalid_grant');
    const unknown = await exchangeCode(svc, 'tac_1_999_aaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(unknown.body.error).toBe('invalid_grant');
    // HTTP Basic client authentication (client_secret_basic) works for the exchange
    const basic = await tokenRequest(
      svc,
      { grant_type: 'authorization_code', redirect_uri: svc.demo.redirectUri, code },
      { basic: [svc.demo.clientId, svc.demo.clientSecret] },
    );
    expect(basic.status).toBe(200);
  });

  it('checks PKCE (S256) when the login sent a challenge', async () => {
    const pkce = pkcePair();
    const withChallenge = await loginForCode(svc, { challenge: pkce.challenge });
    expect((await exchangeCode(svc, withChallenge.code)).body.error_description).toMatch(/code_verifier is required/);
    const again = await loginForCode(svc, { challenge: pkce.challenge });
    expect(
      (await exchangeCode(svc, again.code, { code_verifier: pkcePair().verifier })).body.error_description,
    ).toMatch(/does not match/);
    const good = await loginForCode(svc, { challenge: pkce.challenge });
    expect((await exchangeCode(svc, good.code, { code_verifier: pkce.verifier })).status).toBe(200);
    const plain = await loginForCode(svc);
    expect((await exchangeCode(svc, plain.code, { code_verifier: pkce.verifier })).body.error).toBe('invalid_grant');
  });

  it('refuses secrets in the URL query and unknown grants', async () => {
    for (const param of ['code', 'refresh_token', 'client_secret', 'password', 'api_key']) {
      const answer = await tokenRequest(svc, { grant_type: 'authorization_code' }, { query: `?${param}=x` });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'invalid_request' });
    }
    const unknown = await tokenRequest(svc, {
      grant_type: 'password',
      client_id: svc.demo.clientId,
      client_secret: svc.demo.clientSecret,
    });
    expect(unknown.body.error).toBe('unsupported_grant_type');
  });

  it('refreshes: a new access token of the same session, no new refresh token; only for its own client', async () => {
    const tokens = await personTokens(svc);
    clock.advance(3601_000);
    expect((await get('/users', tokens.access)).status).toBe(401);
    const renewed = await refresh(svc, tokens.refresh);
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).toBeUndefined();
    expect(renewed.body.expires_in).toBe(3600);
    expect(claimsOf(renewed.body.access_token).sid).toBe(claimsOf(tokens.access).sid);
    expect((await get('/users', renewed.body.access_token)).status).toBe(200);
    const client = await svc.admin.createClient({ name: 'Thief app', redirectUri: 'https://thief.example/cb' });
    const stolen = await tokenRequest(svc, {
      grant_type: 'refresh_token',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      refresh_token: tokens.refresh,
    });
    expect(stolen.body.error).toBe('invalid_grant');
    expect((await refresh(svc, `${tokens.refresh.slice(0, -4)}AAAA`)).body.error).toBe('invalid_grant');
    expect((await refresh(svc, 'garbage')).body.error).toBe('invalid_grant');
  });

  it('a refresh token expires after 15552000 s', async () => {
    const tokens = await personTokens(svc);
    clock.advance(15_552_000_000 - 1000);
    expect((await refresh(svc, tokens.refresh)).status).toBe(200);
    clock.advance(2000);
    expect((await refresh(svc, tokens.refresh)).body.error).toBe('invalid_grant');
    clock.set('2026-10-26T12:00:00Z');
  });

  it('serves RFC 8414 metadata', async () => {
    const answer = await svc.request('GET', '/.well-known/oauth-authorization-server');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      issuer: svc.app.ctx.issuer,
      authorization_endpoint: `${svc.app.ctx.issuer}/login`,
      token_endpoint: `${svc.app.ctx.issuer}/api/oauth/token`,
      code_challenge_methods_supported: ['S256'],
    });
  });
});

describe('invalidation takes effect on the next request', () => {
  it('POST {root}/logout ends the access token, its session’s other access tokens and its refresh token', async () => {
    const tokens = await personTokens(svc);
    const second = (await refresh(svc, tokens.refresh)).body.access_token;
    const unrelated = await personTokens(svc);
    expect((await svc.request('POST', '/logout')).status).toBe(401);
    const out = await svc.request('POST', '/logout', { token: second });
    expect(out.status).toBe(204);
    expect((await get('/users', second)).status).toBe(401);
    expect((await get('/users', tokens.access)).status).toBe(401);
    expect((await refresh(svc, tokens.refresh)).body.error).toBe('invalid_grant');
    expect((await svc.request('POST', '/logout', { token: second })).status).toBe(401);
    expect((await get('/users', unrelated.access)).status).toBe(200);
  });

  it('a password change ends both kinds of token of the user, in every company', async () => {
    const user = await newUser('changer');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const machine = await svc.tokenFor(key.apiKey);
    const tokens = await personTokens(svc, { username: 'changer', password: user.password });
    expect((await get('/users', tokens.access)).status).toBe(200);
    await expect(svc.admin.setPassword(user.userId, 'short')).rejects.toThrow(/at least 8/);
    await expect(svc.admin.setPassword(user.userId, 'onlyletters')).rejects.toThrow(/two groups/);
    await svc.admin.setPassword(user.userId, 'New-passw0rd');
    expect((await get('/users', tokens.access)).status).toBe(401);
    expect((await get('/users', machine)).status).toBe(401);
    expect((await refresh(svc, tokens.refresh)).body.error).toBe('invalid_grant');
    await expect(loginForCode(svc, { username: 'changer', password: user.password })).rejects.toThrow(
      /Wrong username or password/,
    );
    await personTokens(svc, { username: 'changer', password: 'New-passw0rd' });
    // the API key itself still works after a password change
    expect((await get('/users', await svc.tokenFor(key.apiKey))).status).toBe(200);
  });

  it("removal from the company ends the user's tokens and API keys there", async () => {
    const user = await newUser('leaver');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const machine = await svc.tokenFor(key.apiKey);
    const tokens = await personTokens(svc, { username: 'leaver', password: user.password });
    await svc.admin.removeMember(svc.demo.companyId, user.userId);
    expect((await get('/users', tokens.access)).status).toBe(401);
    expect((await get('/users', machine)).status).toBe(401);
    expect((await refresh(svc, tokens.refresh)).body.error).toBe('invalid_grant');
    const keyAnswer = await tokenRequest(svc, {
      grant_type: 'client_credentials',
      client_id: svc.demo.clientId,
      client_secret: svc.demo.clientSecret,
      api_key: key.apiKey,
    });
    expect(keyAnswer.body.error).toBe('invalid_grant');
    await expect(loginForCode(svc, { username: 'leaver', password: user.password })).rejects.toThrow(
      /does not belong to any company/,
    );
  });

  it('the 101st refresh token of a (client, company, user) drops the oldest, and with it its access tokens', async () => {
    const user = await newUser('hoarder');
    const issue = async () => {
      const code = await svc.app.services.auth.issueCode({
        companyId: svc.demo.companyId,
        userId: user.userId,
        clientId: svc.demo.clientId,
        redirectUri: svc.demo.redirectUri,
        codeChallenge: null,
        authTime: Math.floor(clock.now().getTime() / 1000),
      });
      const answer = await exchangeCode(svc, code);
      expect(answer.status).toBe(200);
      return { access: answer.body.access_token as string, refresh: answer.body.refresh_token as string };
    };
    const oldest = await issue();
    const fromOldest = (await refresh(svc, oldest.refresh)).body.access_token;
    const second = await issue();
    for (let i = 0; i < 98; i++) await issue();
    expect((await refresh(svc, oldest.refresh)).status).toBe(200); // 100 live: all kept
    await issue(); // the 101st
    expect((await refresh(svc, oldest.refresh)).body.error).toBe('invalid_grant');
    expect((await get('/users', oldest.access)).status).toBe(401);
    expect((await get('/users', fromOldest)).status).toBe(401);
    expect((await refresh(svc, second.refresh)).status).toBe(200);
    expect((await get('/users', second.access)).status).toBe(200);
  });

  it('revoking an API key ends the tokens obtained with it', async () => {
    const user = await newUser('keyed');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const other = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    const otherToken = await svc.tokenFor(other.apiKey);
    await svc.admin.revokeApiKey(svc.demo.companyId, key.id);
    expect((await get('/users', token)).status).toBe(401);
    expect((await get('/users', otherToken)).status).toBe(200);
    const again = await tokenRequest(svc, {
      grant_type: 'client_credentials',
      client_id: svc.demo.clientId,
      client_secret: svc.demo.clientSecret,
      api_key: key.apiKey,
    });
    expect(again.body.error).toBe('invalid_grant');
  });

  it("turning on 'API login only' ends the user's code-flow sessions and keeps the machine ones", async () => {
    const user = await newUser('turned');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const machine = await svc.tokenFor(key.apiKey);
    const tokens = await personTokens(svc, { username: 'turned', password: user.password });
    await svc.admin.setApiLoginOnly(user.userId, true);
    expect((await get('/users', tokens.access)).status).toBe(401);
    expect((await refresh(svc, tokens.refresh)).body.error).toBe('invalid_grant');
    expect((await get('/users', machine)).status).toBe(200);
    await svc.admin.setApiLoginOnly(user.userId, false);
    await personTokens(svc, { username: 'turned', password: user.password });
  });
});

describe('token tampering answers 401', () => {
  async function forge(claims: Record<string, unknown>, key: Uint8Array = svc.app.ctx.signingKey, alg = 'HS256') {
    return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
  }

  it('alg none, another key, expired, another audience, another company, another user', async () => {
    const genuine = await svc.token();
    const claims = claimsOf(genuine);
    const [, payload] = genuine.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const other = await otherCompanyToken();
    const cases: Record<string, string> = {
      none,
      'other key': await forge(claims, new TextEncoder().encode('another-secret-of-at-least-32-bytes!!')),
      'changed payload': `${genuine.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, cid: 99 })).toString('base64url')}.${genuine.split('.')[2]}`,
      'other audience': await forge({ ...claims, aud: 'someone-else' }),
      'other company': await forge({ ...claims, cid: claimsOf(other).cid }),
      'other user': await forge({ ...claims, sub: '2' }),
      'other issuer': await forge({ ...claims, iss: 'https://evil.example' }),
      'no session': await forge({ ...claims, sid: 999999 }),
      garbage: 'abc.def.ghi',
    };
    expect((await get('/users', genuine)).status).toBe(200);
    for (const [name, token] of Object.entries(cases)) {
      const answer = await get('/users', token);
      expect(answer.status, name).toBe(401);
      expect(answer.headers.get('www-authenticate'), name).toContain('Bearer realm=');
      expect(answer.body.errors[0].status).toBe(401);
    }
    clock.advance(3601_000);
    expect((await get('/users', genuine)).status).toBe(401);
  });

  async function otherCompanyToken(): Promise<string> {
    const company = await svc.admin.createCompany({ name: 'Tamper Oy' });
    const user = await svc.admin.createUser({
      username: `tamper${company.companyId}`,
      password: 'Tamper-pass-1',
      firstName: 'T',
      lastName: 'U',
      email: 't@example.com',
    });
    await svc.admin.addMember(company.companyId, user.userId, 'ADMIN');
    const key = await svc.admin.createApiKey({
      companyId: company.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    return svc.tokenFor(key.apiKey);
  }
});

describe('users and rights', () => {
  beforeAll(() => clock.set('2026-10-27T10:00:00Z'));

  it('GET /users answers the current user with the company of the session', async () => {
    const answer = await svc.api('GET', '/users');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: 1,
      username: svc.demo.username,
      companyId: svc.demo.companyId,
      firstName: 'Demo',
      lastName: 'User',
      email: 'demo@example.com',
    });
    expect(answer.body).not.toHaveProperty('password');
    expect(answer.body).toHaveProperty('partnerId');
  });

  it('GET /users/rights answers the real shape; markSalaryAsPaid from 26.05 on', async () => {
    const latest = await svc.api('GET', '/users/rights');
    expect(latest.status).toBe(200);
    expect(latest.body.role).toBe('ADMIN');
    expect(Object.keys(latest.body.rights)).toEqual([
      'management',
      'user',
      'sales',
      'purchases',
      'travelAndExpenses',
      'invoiceCirculation',
      'salaries',
      'payments',
      'accounting',
    ]);
    expect(latest.body.rights.payments).toEqual({
      payment: 'ALL_RIGHTS',
      salaryPayments: 'ALL_RIGHTS',
      markAsPaid: 'ALL_RIGHTS',
      markSalaryAsPaid: 'ALL_RIGHTS',
      directBankTransfer: 'ALL_RIGHTS',
      bankStatementAndReferencePayment: 'ALL_RIGHTS',
      paymentAllocation: 'ALL_RIGHTS',
    });
    // real leaves follow the Tase right guarding the same work; work Tase does not do is NOT_ENABLED
    expect(latest.body.rights.accounting).toMatchObject({
      journalReceipts: 'ALL_RIGHTS',
      personalJournalReceiptsOnly: false,
      archive: 'NOT_ENABLED',
      ledgerReceipts: 'ALL_RIGHTS',
    });
    expect(latest.body.rights.management).toMatchObject({
      basicCompanyInfo: 'ALL_RIGHTS',
      setUpACompany: 'NOT_ENABLED',
      companyInfo: 'ALL_RIGHTS',
    });
    const token = await svc.token();
    for (const path of ['/v2605/api', '/v2608/api', '/supported/api']) {
      expect((await svc.request('GET', `${path}/users/rights`, { token })).body.rights.payments.markSalaryAsPaid).toBe(
        'ALL_RIGHTS',
      );
    }
    const old = await svc.request('GET', '/v2602/api/users/rights', { token });
    expect(old.status).toBe(200);
    expect(old.body.rights.payments).not.toHaveProperty('markSalaryAsPaid');
    expect(old.body.rights.payments.markAsPaid).toBe('ALL_RIGHTS');
  });

  it('GET /sessioninfo', async () => {
    const answer = await svc.api('GET', '/sessioninfo');
    expect(answer.body).toEqual({
      companyId: svc.demo.companyId,
      name: 'Demo Oy',
      country: 'FINLAND',
      userId: 1,
      userName: 'Demo User',
      companySettings: { invoiceDiscussionEnabled: false },
    });
  });

  it('two-factor endpoints refuse machine-to-machine tokens with 403 and accept a person’s token', async () => {
    const body = { firstName: 'Demo', lastName: 'User', email: 'demo@example.com' };
    const machine = await svc.api('PUT', '/users', body);
    expect(machine.status).toBe(403);
    expect(machine.body.errors[0]).toMatchObject({
      status: 403,
      message: expect.stringMatching(/two-factor.*machine-to-machine/),
    });
    const person = await personTokens(svc);
    const accepted = await svc.request('PUT', '/api/users', { token: person.access, body });
    expect(accepted.status).toBe(202);
    expect(accepted.body.transactionIdentifier).toBeTruthy();
  });

  it('enforces the right a route declares: 403 with the error body', async () => {
    const viewer = await newUser('viewer1', 'VIEWER');
    const nobody = await newUser('nobody1', 'NONE');
    const viewerToken = (await personTokens(svc, { username: 'viewer1', password: viewer.password })).access;
    const nobodyToken = (await personTokens(svc, { username: 'nobody1', password: nobody.password })).access;
    expect((await get('/products', viewerToken)).status).toBe(200);
    const write = await svc.request('POST', '/api/products', {
      token: viewerToken,
      body: { type: 'SALES', name: 'X', price: 1, discount: 0, active: true, currency: 'EUR' },
    });
    expect(write.status).toBe(403);
    expect(write.body.errors[0]).toMatchObject({
      status: 403,
      message: expect.stringMatching(/sales\.productRegister/),
    });
    const rights = await get('/users/rights', viewerToken);
    expect(rights.body.role).toBe('VIEWER');
    expect(rights.body.rights.sales.productRegister).toBe('VIEWING_RIGHTS');
    const denied = await get('/users', nobodyToken);
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0].message).toMatch(/user\.ownInformation/);
    expect((await get('/users/rights', nobodyToken)).body.role).toBe('NONE');
  });
});
