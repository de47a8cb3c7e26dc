// The authenticator page in headless Chromium counts the time left of a two-factor action by the service clock
// (the one the sandbox moves), not by the browser's: the service's clock here is years away from the browser's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { launchBrowser } from './support/browser.ts';
import { enrolOnPage, PASSWORD, person } from './mfa-helpers.ts';

let svc: TestService;
let clock: ManualClock;
let chromium: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  clock = new ManualClock('2031-06-01T12:00:00Z');
  svc = await startService({ clock, config: { mode: 'production', signingSecret: 'x'.repeat(40) } });
  chromium = await launchBrowser();
});

afterAll(async () => {
  await chromium?.close();
  await svc?.close();
});

describe('the countdown of the authenticator page', () => {
  it('shows the time left by the service clock', async () => {
    const ville = await person(svc, 'countdown-ville');
    const started = await svc.request('PUT', '/api/users', {
      token: ville.token,
      body: { firstName: 'Ville', lastName: 'Countdown', email: 'ville@example.com' },
    });
    expect(started.status, started.text).toBe(202);
    // five minutes to decide; a minute and a half of them gone by the service clock
    clock.advance(90_000);

    const tab = await chromium.browser.newPage();
    await tab.goto(`${svc.base}/authenticator`);
    await tab.fill('#username', 'countdown-ville');
    await tab.fill('#password', PASSWORD);
    await tab.click('#login-button');
    await enrolOnPage(svc, 'countdown-ville', tab);
    const countdown = tab.locator('li.transaction .countdown');
    await countdown.waitFor();
    expect(await countdown.textContent()).toMatch(/^expires in 3:(30|2\d)$/);

    clock.advance(180_000);
    await tab.reload();
    await countdown.waitFor();
    expect(await countdown.textContent()).toMatch(/^expires in 0:(30|2\d)$/);
    // it keeps counting in the browser between two lists
    await expect.poll(() => countdown.textContent(), { timeout: 10_000 }).toMatch(/^expires in 0:(2[0-7]|1\d)$/);
    await tab.close();
  });
});
