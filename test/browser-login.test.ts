// The login page in a real browser (headless Chromium through playwright-core) with an independent OAuth client
// (openid-client) on the other side: authorization URL with state and PKCE S256, the page, the redirect to the
// client's callback, the code exchange, a refresh and the logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import * as oidc from 'openid-client';
import { startService, type TestService } from './support/service.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let svc: TestService;
let browser: BrowserContext;
let profile: string;
let callback: Server;
let redirectUri: string;
let config: oidc.Configuration;
const callbacks: string[] = [];

beforeAll(async () => {
  svc = await startService();
  // the client's callback: a small server standing in for the integrator's application
  callback = createServer((request, response) => {
    callbacks.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/plain' }).end('callback received');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(callback.address() as { port: number }).port}/callback`;
  const client = await svc.admin.createClient({ name: 'Browser test app', redirectUri });
  config = new oidc.Configuration(
    { issuer: svc.base, authorization_endpoint: `${svc.base}/login`, token_endpoint: `${svc.base}/api/oauth/token` },
    client.clientId,
    client.clientSecret,
  );
  oidc.allowInsecureRequests(config);
  profile = mkdtempSync(join(tmpdir(), 'tase-chromium-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    timeout: 30_000,
  });
});

afterAll(async () => {
  await browser?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await new Promise((resolve) => callback?.close(resolve));
  await svc?.close();
});

describe('login page in Chromium', () => {
  it('completes the authorization code flow with openid-client (state, PKCE S256), then refreshes and logs out', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const tab = await browser.newPage();
    await tab.goto(url.href);
    await tab.fill('input[name=username]', svc.demo.username);
    await tab.fill('input[name=password]', svc.demo.password);
    await tab.click('button:has-text("Log in")');
    await tab.click(`button:has-text("${svc.demo.companyName}")`);
    await tab.waitForURL((u) => u.href.startsWith(redirectUri));
    expect(await tab.textContent('body')).toContain('callback received');
    const landed = new URL(tab.url());
    expect(landed.searchParams.get('expires_in')).toBe('300');
    await tab.close();

    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toBeTruthy();
    const me = await svc.request('GET', '/api/users', { token: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body.companyId).toBe(svc.demo.companyId);

    const renewed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect((await svc.request('GET', '/api/sessioninfo', { token: renewed.access_token })).status).toBe(200);
    expect((await svc.request('POST', '/logout', { token: renewed.access_token })).status).toBe(204);
    expect((await svc.request('GET', '/api/users', { token: tokens.access_token })).status).toBe(401);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('shows a wrong password and a wrong redirect address on the page, and never goes to the callback', async () => {
    const before = callbacks.length;
    const tab = await browser.newPage();
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, state: 's' });
    await tab.goto(url.href);
    await tab.fill('input[name=username]', svc.demo.username);
    await tab.fill('input[name=password]', 'not-the-password-1');
    await tab.click('button:has-text("Log in")');
    expect(await tab.textContent('#error')).toBe('Wrong username or password.');
    // the form is offered again in the same flow
    await tab.fill('input[name=password]', svc.demo.password);
    await tab.click('button:has-text("Log in")');
    expect(await tab.isVisible('#company-form')).toBe(true);

    const wrong = oidc.buildAuthorizationUrl(config, { redirect_uri: 'http://127.0.0.1:9/elsewhere', state: 's' });
    const answer = await tab.goto(wrong.href);
    expect(answer?.status()).toBe(400);
    expect(await tab.textContent('#error')).toMatch(/redirect address is not the one registered/);
    expect(callbacks.length).toBe(before);
    await tab.close();
  });

  it('does not submit without JavaScript', async () => {
    const noScript = mkdtempSync(join(tmpdir(), 'tase-chromium-'));
    const context = await chromium.launchPersistentContext(noScript, {
      executablePath: CHROMIUM,
      args: ARGS,
      headless: true,
      javaScriptEnabled: false,
    });
    try {
      const tab = await context.newPage();
      await tab.goto(oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri }).href);
      expect(await tab.isDisabled('button:has-text("Log in")')).toBe(true);
      expect(await tab.textContent('noscript')).toContain('needs JavaScript');
    } finally {
      await context.close();
      rmSync(noScript, { recursive: true, force: true });
    }
  });
});
