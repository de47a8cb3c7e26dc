// The reviewer's page in headless Chromium (production mode): a signed link from `tase admin integration
// review-link`, specifications waiting for review, one declined with a reason and one approved from the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';
import { launchBrowser } from './support/browser.ts';
import { SPECIFICATION } from './integration-helpers.ts';
import { reviewLink } from '../src/integrations/index.ts';

let svc: TestService;
let chromium: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  svc = await startService({
    config: { mode: 'production', signingSecret: 'a-production-signing-secret-of-32-bytes!' },
  });
  chromium = await launchBrowser();
});

afterAll(async () => {
  await chromium?.close();
  await svc?.close();
});

async function submitted(name: string): Promise<string> {
  const draft = await svc.api('POST', '/integrationspecifications', { ...SPECIFICATION, name });
  await svc.api('PUT', `/integrationspecifications/${draft.body.integrationId}/submit`);
  return draft.body.integrationId;
}

describe('review page in Chromium', () => {
  it('declines one specification with a reason and approves another', async () => {
    const declined = await submitted('Robot to decline');
    const approved = await submitted('Robot to approve');
    const link = new URL(reviewLink(svc.app.ctx).url);
    const tab = await chromium.browser.newPage();
    await tab.goto(`${svc.base}${link.pathname}${link.search}`);
    const toDecline = tab.locator(`section[data-integration="${declined}"]`);
    expect(await toDecline.textContent()).toContain('sales.salesInvoices: VIEWING_RIGHTS');
    await toDecline.locator('input[name=reason]').fill('Tell us what you store.');
    await toDecline.locator('button:has-text("Decline")').click();
    expect(await tab.textContent('#notice')).toContain(`Declined ${declined}`);
    await tab.locator(`section[data-integration="${approved}"] button:has-text("Approve")`).click();
    expect(await tab.textContent('#notice')).toContain(`Approved ${approved}`);
    await tab.locator('#none').waitFor();
    await tab.close();

    expect((await svc.api('GET', `/integrationspecifications/${declined}`)).body).toMatchObject({
      status: 'DECLINED',
      declineReason: 'Tell us what you store.',
    });
    expect((await svc.api('GET', `/integrationspecifications/${approved}`)).body.status).toBe('APPROVED');
    // a link without a valid ticket shows nothing
    const forged = await fetch(`${svc.base}/admin/integrations?ticket=abc.def`);
    expect(forged.status).toBe(403);
    expect(await forged.text()).not.toContain('Robot');
  });
});
