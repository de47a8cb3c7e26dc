// The authenticator in a real browser (headless Chromium through playwright-core): a person logs in with their
// own credentials, sees what each pending two-factor action will do, approves one and rejects another; the
// API and the webhook see the outcome. Also the page's protections (CSRF token, same-origin posts, headers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { confirmSecondFactor, PASSWORD, person, rememberDevice, totpCode, until } from './mfa-helpers.ts';

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
const SECRET = 'authenticator-test-secret-123456';

let svc: TestService;
let browser: BrowserContext;
let profile: string;
let receiver: Server;
const events: { raw: Buffer; signature: string | undefined }[] = [];
let maija: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  svc = await startService({
    clock: new ManualClock(new Date()),
    config: { mode: 'production', signingSecret: 'x'.repeat(40), webhookAllowPrivate: true },
  });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      events.push({ raw: Buffer.concat(chunks), signature: req.headers['x-tase-signature'] as string | undefined });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/events`;
  expect(
    (
      await svc.api('POST', '/webhooks', {
        url,
        authenticationType: 'HMAC',
        authenticationMeta: { sharedSecret: SECRET },
        subscriptions: ['USER_UPDATED'],
      })
    ).status,
  ).toBe(200);
  maija = await person(svc, 'maija');
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
  await new Promise((resolve) => receiver?.close(resolve));
  await svc?.close();
});

const api = (method: string, path: string, body?: unknown) =>
  svc.request(method, `/api${path}`, { token: maija.token, body });

describe('authenticator in Chromium', () => {
  it('logs in, lists what each action will do, approves one and rejects another', async () => {
    const approveMe = (
      await api('PUT', '/users', { firstName: 'Maija', lastName: 'Virtanen', email: 'maija@example.com', city: 'Oulu' })
    ).body.transactionIdentifier;
    const rejectMe = (
      await api('PUT', '/users', { firstName: 'Mallory', lastName: 'Person', email: 'mallory@example.com' })
    ).body.transactionIdentifier;
    expect((await api('GET', `/mfatransactionresult/${approveMe}`)).status).toBe(202);

    const page = await browser.newPage();
    const response = await page.goto(`${svc.base}/authenticator`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.locator('#login-form').waitFor();

    await page.fill('#username', 'maija');
    await page.fill('#password', 'wrong-password-1');
    await page.click('#login-button');
    await expect.poll(() => page.textContent('#notice')).toBe('Wrong username or password.');

    await page.fill('#password', PASSWORD);
    await page.click('#login-button');
    // the password alone shows nothing: the first login enrols an authenticator app from its QR code
    await page.locator('#enrol').waitFor();
    expect(await page.isVisible('#pending')).toBe(false);
    await expect
      .poll(() => page.$eval('#qr', (img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(100);
    const secret = (await page.textContent('#secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.fill('#enrol-code', totpCode(secret, Date.now() - 60_000));
    await page.click('#enrol-button');
    await expect.poll(() => page.textContent('#notice')).toBe('Wrong or already used code.');
    await page.fill('#enrol-code', totpCode(secret));
    await page.click('#enrol-button');
    await page.locator('#recovery').waitFor();
    const recoveryCodes = await page.locator('#recovery-codes li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.click('#recovery-done');
    await page.locator('li.transaction').nth(1).waitFor();
    expect(await page.textContent('#who')).toContain('(maija)');
    const items = page.locator('li.transaction');
    expect(await items.count()).toBe(2);
    const first = page.locator(`li.transaction[data-id="${approveMe}"]`);
    const text = await first.textContent();
    expect(text).toContain('Update the user information of maija');
    expect(text).toContain("Last name: 'Person' → 'Virtanen'");
    expect(text).toContain("City: (none) → 'Oulu'");
    expect(text).toContain('Demo Oy');
    expect(text).toContain('PUT /users');

    await first.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.textContent('#notice')).toBe('Approved: Update the user information of maija.');
    await expect.poll(() => page.locator('li.transaction').count()).toBe(1);

    await page.locator(`li.transaction[data-id="${rejectMe}"]`).getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.textContent('#notice')).toBe('Rejected: Update the user information of maija.');
    await expect.poll(() => page.isVisible('#empty')).toBe(true);

    expect((await api('GET', `/mfatransactionresult/${approveMe}`)).body).toEqual({
      info: { message: 'User information updated.' },
    });
    expect((await api('GET', `/mfatransactionresult/${rejectMe}`)).status).toBe(406);
    expect((await api('GET', '/users')).body).toMatchObject({ firstName: 'Maija', lastName: 'Virtanen', city: 'Oulu' });

    // the confirmed action reached the webhook, signed
    const event = await until(() => events[0], 30_000, 'USER_UPDATED');
    expect(event.signature).toBe(createHmac('sha512', SECRET).update(event.raw).digest('hex'));
    expect(JSON.parse(event.raw.toString()).payload).toEqual({
      transactionIdentifier: approveMe,
      userId: maija.userId,
      message: 'User information updated.',
    });
    expect(events).toHaveLength(1); // nothing for the rejected one

    // a new action shows up on the next refresh; logging out ends the session
    await api('PUT', '/users', { firstName: 'Maija', lastName: 'Virtanen', email: 'maija@example.com' });
    await page.reload();
    await page.locator('li.transaction').first().waitFor();
    await page.click('#logout');
    await page.locator('#login-form').waitFor();
    expect(await page.textContent('#notice')).toBe('You have logged out.');

    // the next login asks for the app's code (a later step: the one of the enrolment was used)
    await page.fill('#username', 'maija');
    await page.fill('#password', PASSWORD);
    await page.click('#login-button');
    await page.locator('#code-form').waitFor();
    const later = Date.now() + 30_000;
    await page.fill('#code', totpCode(secret, later));
    await page.click('#code-button');
    rememberDevice(svc, 'maija', { secret, recoveryCodes, lastStep: Math.floor(later / 30_000) });
    await page.locator('li.transaction').first().waitFor();
    await page.close();
  });
});

describe('authenticator endpoints', () => {
  async function login() {
    const answer = await svc.request('POST', '/authenticator/api/login', {
      body: { username: 'maija', password: PASSWORD },
    });
    expect(answer.status).toBe(200);
    const setCookie = answer.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/authenticator/);
    const cookie = setCookie.split(';')[0];
    const confirmed = await confirmSecondFactor(svc, 'maija', cookie, answer.body);
    return { cookie, csrf: confirmed.csrfToken as string };
  }

  it('requires the CSRF token, a JSON body and the same origin on posts', async () => {
    const id = (await api('PUT', '/users', { firstName: 'Maija', lastName: 'V', email: 'maija@example.com' })).body
      .transactionIdentifier;
    const { cookie, csrf } = await login();
    const path = `/authenticator/api/transactions/${id}/approve`;
    expect((await svc.request('POST', path, { headers: { cookie } })).status).toBe(403);
    expect(
      (
        await svc.request('POST', path, {
          headers: { cookie, 'x-csrf-token': csrf, origin: 'https://evil.example.com' },
        })
      ).status,
    ).toBe(403);
    expect((await svc.request('POST', path, { headers: { 'x-csrf-token': csrf } })).status).toBe(401);
    const form = await svc.request('POST', '/authenticator/api/login', {
      raw: 'username=maija&password=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(
      (await svc.request('GET', '/authenticator/api/transactions', { headers: { cookie } })).body.transactions.map(
        (t: { transactionIdentifier: string }) => t.transactionIdentifier,
      ),
    ).toContain(id);
    const ok = await svc.request('POST', path, { headers: { cookie, 'x-csrf-token': csrf, origin: svc.base } });
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('COMPLETED');
    expect(
      (await svc.request('POST', '/authenticator/api/logout', { headers: { cookie, 'x-csrf-token': csrf } })).status,
    ).toBe(204);
    expect((await svc.request('GET', '/authenticator/api/session', { headers: { cookie } })).status).toBe(401);
  });

  it('slows the next attempt after repeated wrong passwords, like the login page', async () => {
    await svc.admin.createUser({
      username: 'guesser',
      password: PASSWORD,
      firstName: 'G',
      lastName: 'G',
      email: 'g@example.com',
    });
    const attempt = (password: string) =>
      svc.request('POST', '/authenticator/api/login', { body: { username: 'guesser', password } });
    for (let i = 0; i < 5; i++)
      expect((await attempt('wrong-guess-1')).body.errors[0].message).toBe('Wrong username or password.');
    const slowed = await attempt(PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body.errors[0].message).toMatch(/^Too many wrong passwords: try again after /);
    expect(
      (await svc.request('POST', '/authenticator/api/login', { body: { username: 'nobody', password: 'x' } })).status,
    ).toBe(401);
  });
});
