// The sandbox's webhook inspector page in headless Chromium: the deliveries of the company with their bodies and
// signatures, and a replay from the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';
import { launchBrowser, recordingServer } from './support/browser.ts';
import { person, until } from './mfa-helpers.ts';

let svc: TestService;
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let receiver: Awaited<ReturnType<typeof recordingServer>>;

beforeAll(async () => {
  svc = await startService();
  receiver = await recordingServer();
  chromium = await launchBrowser();
});

afterAll(async () => {
  await chromium?.close();
  await receiver?.close();
  await svc?.close();
});

describe('webhook inspector page in Chromium', () => {
  it('lists a delivery with its body and signature and replays it', async () => {
    await svc.api('POST', '/webhooks', {
      url: `${receiver.url}/hook`,
      authenticationType: 'HMAC',
      authenticationMeta: { sharedSecret: 'inspector-page-secret-0123456789', hashFunction: 'SHA512' },
      subscriptions: ['USER_UPDATED'],
    });
    const maija = await person(svc, 'inspector-maija');
    await svc.request('PUT', '/api/users', {
      token: maija.token,
      body: { firstName: 'Maija', lastName: 'Inspector', email: 'maija@example.com' },
    });
    await until(() => receiver.calls.includes('/hook'));

    const tab = await chromium.browser.newPage();
    await tab.goto(`${svc.base}/sandbox/webhooks`);
    await tab.fill('#token', await svc.token());
    await tab.click('#load');
    const row = tab.locator('#deliveries tr').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('USER_UPDATED');
    expect(await row.textContent()).toContain('X-Tase-Signature: ');
    expect(await row.textContent()).toContain('"eventType":"USER_UPDATED"');
    await row.locator('button:has-text("Replay")').click();
    await tab.waitForFunction("document.querySelector('#status')?.textContent === 'Delivery queued.'");
    await until(() => receiver.calls.filter((c) => c === '/hook').length === 2);
    await tab.click('#load');
    await until(async () => ((await row.locator('pre').first().textContent()) ?? '').split('\n').length === 2);
    await tab.close();
  });
});
