// The customer's activation journey in a real browser (headless Chromium): the activation link, the login, the
// choice of companies, the redirect to the integrator's callback with rq_id, partner_val and state; then the
// integrator approves the request over HTTP and the technical user's API key gets a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { launchBrowser, recordingServer } from './support/browser.ts';
import { SPECIFICATION } from './integration-helpers.ts';

let svc: TestService;
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let callback: Awaited<ReturnType<typeof recordingServer>>;

beforeAll(async () => {
  svc = await startService();
  callback = await recordingServer();
  chromium = await launchBrowser();
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  await callback?.close();
  await svc?.close();
});

describe('activation page in Chromium', () => {
  it('takes the customer from the activation link to the callback, and the integrator approves', async () => {
    const customer = await otherCompany(svc, 'Browser Customer Oy');
    const created = await svc.api('POST', '/integrationspecifications', {
      ...SPECIFICATION,
      callbackUrl: `${callback.url}/callback`,
    });
    const spec = await svc.api('PUT', `/integrationspecifications/${created.body.integrationId}/submit`);
    expect(spec.body.status).toBe('APPROVED');

    const tab = await browser.newPage();
    expect(spec.body.activationLink).toMatch(new RegExp(`/activate/${created.body.integrationId}$`));
    await tab.goto(`${svc.base}/activate/${created.body.integrationId}?state=browser-state`);
    expect(await tab.textContent('h1')).toContain(SPECIFICATION.name);
    expect(await tab.textContent('#rights')).toContain('sales.salesInvoices: viewing rights');
    await tab.fill('input[name=username]', `admin${customer.companyId}`);
    await tab.fill('input[name=password]', 'wrong-password-1');
    await tab.click('button:has-text("Log in")');
    expect(await tab.textContent('#error')).toContain('Wrong username or password');

    await tab.goBack();
    await tab.fill('input[name=username]', `admin${customer.companyId}`);
    await tab.fill('input[name=password]', 'Other-pass-1');
    await tab.click('button:has-text("Log in")');
    await tab.check(`input[name=company_${customer.companyId}]`);
    await tab.click('button:has-text("Accept")');
    await tab.waitForURL(/\/callback\?/);
    expect(await tab.textContent('body')).toContain('callback received');
    const landed = new URL(tab.url());
    expect(landed.searchParams.get('partner_val')).toBe(SPECIFICATION.partnerVal);
    expect(landed.searchParams.get('state')).toBe('browser-state');
    const requestId = Number(landed.searchParams.get('rq_id'));
    expect(callback.calls.filter((c) => c.startsWith('/callback?'))).toHaveLength(1);

    const request = await svc.api('GET', `/integrations/${requestId}`);
    expect(request.body.companiesToIntegrate).toEqual([
      { companyId: customer.companyId, extraInfo: { companyName: 'Browser Customer Oy', country: 'FINLAND' } },
    ]);
    const decided = await svc.api('PUT', `/integrations/${requestId}`, { approve: [customer.companyId] });
    const token = await svc.tokenFor(decided.body.companiesIntegrated[0].apiKey);
    expect((await svc.request('GET', '/api/invoices', { token })).status).toBe(200);
    await tab.close();
  });
});
