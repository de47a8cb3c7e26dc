// Helpers of the two-factor, authenticator and webhook tests: people with passwords and their person
// (authorization code) tokens, obtained through the real code exchange of the token endpoint.
import { Secret, TOTP } from 'otpauth';
import type { App } from '../src/app.ts';
import type { TestService } from './support/service.ts';

export const PASSWORD = 'Secret-pass-1';

export interface Client {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** A person's access token (grant authorization_code) for a user in a company. */
export async function personTokenOn(
  app: App,
  base: string,
  client: Client,
  userId: number,
  companyId: number,
): Promise<string> {
  const code = await app.services.auth.issueCode({
    companyId,
    userId,
    clientId: client.clientId,
    redirectUri: client.redirectUri,
    codeChallenge: null,
    authTime: Math.floor(app.ctx.clock.now().getTime() / 1000),
  });
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uri: client.redirectUri,
  });
  const answer = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (answer.status !== 200 || !body.access_token)
    throw new Error(`code exchange failed: ${answer.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export function personToken(svc: TestService, userId: number, companyId = svc.demo.companyId): Promise<string> {
  return personTokenOn(svc.app, svc.base, svc.demo, userId, companyId);
}

/** A new user with a password, an ADMIN of the company, and a person token. */
export async function person(svc: TestService, username: string, companyId = svc.demo.companyId) {
  const created = await svc.admin.createUser({
    username,
    password: PASSWORD,
    firstName: 'Test',
    lastName: 'Person',
    email: `${username}@example.com`,
  });
  await svc.admin.addMember(companyId, created.userId, 'ADMIN');
  return { ...created, token: await personToken(svc, created.userId, companyId) };
}

/** Waits until `check` answers a value (polling); fails after `timeoutMs`. */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The code an authenticator app shows for a TOTP secret (RFC 6238) at a time (the wall clock by default). */
export function totpCode(secret: string, atMs = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: atMs,
  });
}

/** What a test user's authenticator app holds: the secret, the recovery codes left, the last step a code used. */
const devices = new Map<string, { secret: string; recoveryCodes: string[]; lastStep: number }>();

/**
 * Confirms an authenticator session that has the password with the second factor, as a person would: enrols
 * an app on the first login, afterwards types the app's code (a later step when this one was used already, a
 * recovery code when both were). Answers the confirmed session's body.
 */
export async function confirmSecondFactor(
  svc: TestService,
  username: string,
  cookie: string,
  session: { csrfToken: string; secondFactor: string },
): Promise<Record<string, unknown>> {
  const headers = { cookie, 'x-csrf-token': session.csrfToken };
  const key = `${svc.base} ${username}`;
  const step = (ms: number) => Math.floor(ms / 30_000);
  if (session.secondFactor === 'CONFIRMED') return session;
  if (session.secondFactor === 'ENROL') {
    const started = await svc.request('POST', '/authenticator/api/enrolment/totp', { headers });
    if (started.status !== 200) throw new Error(`enrolment failed: ${started.status} ${started.text}`);
    const now = Date.now();
    const done = await svc.request('POST', '/authenticator/api/enrolment/totp/confirm', {
      headers,
      body: { code: totpCode(started.body.secret, now) },
    });
    if (done.status !== 200) throw new Error(`enrolment failed: ${done.status} ${done.text}`);
    devices.set(key, { secret: started.body.secret, recoveryCodes: done.body.recoveryCodes, lastStep: step(now) });
    return done.body;
  }
  const device = devices.get(key);
  if (!device) throw new Error(`no authenticator app enrolled for ${username}`);
  const now = Date.now();
  const at = [now, now + 30_000].find((ms) => step(ms) > device.lastStep);
  let code: string;
  if (at === undefined) code = device.recoveryCodes.shift()!;
  else {
    code = totpCode(device.secret, at);
    device.lastStep = step(at);
  }
  const done = await svc.request('POST', '/authenticator/api/second-factor', { headers, body: { code } });
  if (done.status !== 200) throw new Error(`second factor failed: ${done.status} ${done.text}`);
  return done.body;
}

/** Logs a user in to the authenticator with the password and the second factor: its cookie and CSRF token. */
export async function authenticatorSession(
  svc: TestService,
  username: string,
  password = PASSWORD,
): Promise<{ cookie: string; csrf: string }> {
  const login = await svc.request('POST', '/authenticator/api/login', { body: { username, password } });
  if (login.status !== 200) throw new Error(`authenticator login failed: ${login.status} ${login.text}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const confirmed = await confirmSecondFactor(svc, username, cookie, login.body);
  return { cookie, csrf: confirmed.csrfToken as string };
}

/** Records an app a test enrolled by other means (the page in a browser), for later logins of the user. */
export function rememberDevice(
  svc: TestService,
  username: string,
  device: { secret: string; recoveryCodes: string[]; lastStep: number },
): void {
  devices.set(`${svc.base} ${username}`, device);
}

/**
 * On the authenticator page after the password of a user without an app: enrols one as a person would (the key
 * shown beside the QR code into a TOTP generator, its code typed back), saves the recovery codes and goes on.
 */
export async function enrolOnPage(
  svc: TestService,
  username: string,
  page: import('playwright-core').Page,
): Promise<{ secret: string; recoveryCodes: string[]; lastStep: number }> {
  await page.locator('#enrol').waitFor();
  const secret = (await page.textContent('#secret'))!;
  const now = Date.now();
  await page.fill('#enrol-code', totpCode(secret, now));
  await page.click('#enrol-button');
  await page.locator('#recovery').waitFor();
  const recoveryCodes = await page.locator('#recovery-codes li').allTextContents();
  await page.click('#recovery-done');
  const device = { secret, recoveryCodes, lastStep: Math.floor(now / 30_000) };
  rememberDevice(svc, username, device);
  return device;
}
