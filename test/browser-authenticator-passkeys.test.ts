// Passkeys on the authenticator page in headless Chromium, through the browser's virtual authenticator (CDP
// WebAuthn domain: CTAP2, internal transport, resident keys, user verification): a user enrols a passkey as their
// second factor and confirms a pending two-factor action with it over the real flow; an assertion replayed, one
// made by another user's credential, and one whose signature counter does not grow are refused. The service's
// public address is http://localhost:PORT, the relying party the credentials are bound to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startService, type TestService } from './support/service.ts';
import { launchBrowser } from './support/browser.ts';
import { freePort } from './support/child-service.ts';
import { PASSWORD, person } from './mfa-helpers.ts';

let svc: TestService;
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let tab: Page;
let site: string;

beforeAll(async () => {
  const port = await freePort();
  site = `http://localhost:${port}`;
  svc = await startService({
    config: { mode: 'production', signingSecret: 'x'.repeat(40), port, publicUrl: site },
  });
  chromium = await launchBrowser();
  tab = await chromium.browser.newPage();
  const cdp = await chromium.browser.newCDPSession(tab);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await svc?.close();
});

async function logIn(username: string) {
  await chromium.browser.clearCookies();
  await tab.goto(`${site}/authenticator`);
  await tab.locator('#login').waitFor();
  await tab.fill('#username', username);
  await tab.fill('#password', PASSWORD);
  await tab.click('#login-button');
}

async function logOut() {
  await tab.click('#logout');
  await tab.locator('#login').waitFor();
}

/** A password-only session over HTTP (no browser), as someone who knows the password and holds an assertion. */
async function passwordSession(username: string) {
  const answer = await svc.request('POST', '/authenticator/api/login', { body: { username, password: PASSWORD } });
  expect(answer.status, answer.text).toBe(200);
  const headers = {
    cookie: answer.headers.get('set-cookie')!.split(';')[0],
    'x-csrf-token': answer.body.csrfToken as string,
  };
  return (path: string, body?: unknown) => svc.request('POST', `/authenticator/api${path}`, { headers, body });
}

const passkeysOf = (userId: number) =>
  svc.app.ctx.db.selectFrom('authenticator_passkeys').selectAll().where('user_id', '=', userId).execute();

describe('passkeys on the authenticator page', () => {
  let anna: Awaited<ReturnType<typeof person>>;
  let bertta: Awaited<ReturnType<typeof person>>;
  let assertion: unknown;

  it('enrols a passkey as the first second factor, with recovery codes', async () => {
    anna = await person(svc, 'passkey-anna');
    await logIn('passkey-anna');
    await tab.locator('#enrol').waitFor();
    await tab.click('#passkey-enrol-button');
    await tab.locator('#recovery').waitFor();
    expect(await tab.locator('#recovery-codes li').count()).toBe(10);
    await tab.click('#recovery-done');
    await tab.locator('#pending').waitFor();
    await expect.poll(() => tab.locator('#passkeys li').count()).toBe(1);
    const stored = await passkeysOf(anna.userId);
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0].transports)).toContain('internal');
    await logOut();
  }, 60_000);

  it('confirms a pending change of the user with the passkey; the password alone does not', async () => {
    const started = await svc.request('PUT', '/api/users', {
      token: anna.token,
      body: { firstName: 'Anna', lastName: 'Passkey', email: 'anna@example.com' },
    });
    expect(started.status, started.text).toBe(202);
    const id = started.body.transactionIdentifier as string;

    await logIn('passkey-anna');
    await tab.locator('#second-factor').waitFor();
    expect(await tab.locator('#pending').isHidden()).toBe(true);
    const sent = tab.waitForRequest((r) => r.url().endsWith('/authenticator/api/passkeys/authentication'));
    await tab.click('#passkey-button');
    assertion = (await sent).postDataJSON().response;
    const item = tab.locator(`li.transaction[data-id="${id}"]`);
    await item.waitFor();
    await item.locator('button.approve').click();
    await expect.poll(() => tab.textContent('#notice')).toMatch(/^Approved: /);
    const result = await svc.request('GET', `/api/mfatransactionresult/${id}`, { token: anna.token });
    expect(result.status, result.text).toBe(200);
    const [passkey] = await passkeysOf(anna.userId);
    expect(Number(passkey.sign_count)).toBeGreaterThan(0);
    expect(passkey.last_used_at).not.toBeNull();
    await logOut();
  }, 60_000);

  it('refuses a replayed assertion, with or without a new challenge', async () => {
    const post = await passwordSession('passkey-anna');
    const replayed = await post('/passkeys/authentication', { response: assertion });
    expect(replayed.status).toBe(401);
    expect(replayed.body.errors[0].message).toBe('The passkey was not accepted: try again.');
    expect((await post('/passkeys/authentication/options')).status).toBe(200);
    expect((await post('/passkeys/authentication', { response: assertion })).status).toBe(401);
    // a made-up credential is no better
    expect((await post('/passkeys/authentication/options')).status).toBe(200);
    const forged = await post('/passkeys/authentication', {
      response: { ...(assertion as object), id: 'AAAA', rawId: 'AAAA' },
    });
    expect(forged.status).toBe(401);
  });

  it("refuses an assertion of another user's passkey", async () => {
    bertta = await person(svc, 'passkey-bertta');
    await logIn('passkey-bertta');
    await tab.locator('#enrol').waitFor();
    await tab.click('#passkey-enrol-button');
    await tab.locator('#recovery').waitFor();
    await tab.click('#recovery-done');
    await tab.locator('#pending').waitFor();
    await logOut();
    const [foreign] = await passkeysOf(bertta.userId);

    // Anna's page is handed options naming Bertta's credential: the browser signs Anna's challenge with it
    await tab.route('**/authenticator/api/passkeys/authentication/options', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.allowCredentials = [{ id: foreign.credential_id, type: 'public-key', transports: ['internal'] }];
      await route.fulfill({ response, json });
    });
    await logIn('passkey-anna');
    await tab.locator('#second-factor').waitFor();
    const answered = tab.waitForResponse((r) => r.url().endsWith('/authenticator/api/passkeys/authentication'));
    await tab.click('#passkey-button');
    expect((await answered).status()).toBe(401);
    await expect.poll(() => tab.textContent('#notice')).toBe('The passkey was not accepted: try again.');
    expect(await tab.locator('#pending').isHidden()).toBe(true);
    await tab.unroute('**/authenticator/api/passkeys/authentication/options');
  }, 60_000);

  it('refuses a passkey whose signature counter does not grow (a cloned authenticator)', async () => {
    await svc.app.ctx.db
      .updateTable('authenticator_passkeys')
      .set({ sign_count: 1_000_000 })
      .where('user_id', '=', anna.userId)
      .execute();
    await logIn('passkey-anna');
    await tab.locator('#second-factor').waitFor();
    await tab.click('#passkey-button');
    await expect.poll(() => tab.textContent('#notice')).toBe('The passkey was not accepted: try again.');
    expect(await tab.locator('#pending').isHidden()).toBe(true);
  }, 60_000);

  it("lists, adds and removes the user's own passkeys, never the last factor; the reset removes them", async () => {
    // (Anna's wrong attempts above now slow her next one: Bertta here)
    await logIn('passkey-bertta');
    await tab.locator('#second-factor').waitFor();
    await tab.click('#passkey-button');
    await tab.locator('#pending').waitFor();
    await expect.poll(() => tab.locator('#passkeys li').count()).toBe(1);
    // the only factor cannot go
    await tab.click('#passkeys li button.remove-passkey');
    await expect
      .poll(() => tab.textContent('#notice'))
      .toBe('This passkey is your only second factor: enrol another before removing it.');
    // a second passkey (the virtual authenticator holds one credential per user: a second one on another device)
    const cdp = await chromium.browser.newCDPSession(tab);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'usb',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await tab.click('#passkey-add');
    await expect.poll(() => tab.locator('#passkeys li').count(), { timeout: 15_000 }).toBe(2);
    await tab.locator('#passkeys li button.remove-passkey').first().click();
    await expect.poll(() => tab.locator('#passkeys li').count()).toBe(1);

    // another's session (Anna's, confirmed by nothing) removes none of Bertta's
    const post = await passwordSession('passkey-anna');
    expect((await post('/passkeys/authentication/options')).status).toBe(200);
    const notAnna = await svc.request(
      'DELETE',
      `/authenticator/api/passkeys/${(await passkeysOf(bertta.userId))[0].id}`,
    );
    expect(notAnna.status).toBe(401);
    expect(await passkeysOf(bertta.userId)).toHaveLength(1);
    const reset = await svc.app.services.authenticator.resetFactors(bertta.userId);
    expect(reset).toMatchObject({ passkeys: 1, recoveryCodes: 10 });
    expect(await passkeysOf(bertta.userId)).toHaveLength(0);
  }, 60_000);
});
