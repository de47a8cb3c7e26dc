// Integration specifications in production mode: sent for review, approved or declined by the reviewer (the
// `tase admin integration` commands call the same service), a change after the review makes a new version that
// is reviewed again while the activation link keeps serving the approved one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';
import { SPECIFICATION } from './integration-helpers.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService({
    config: { mode: 'production', signingSecret: 'a-production-signing-secret-of-32-bytes!' },
  });
});
afterAll(() => svc.close());

describe('the review of integration specifications', () => {
  it('goes draft → under review → declined with a reason → changed → under review → approved', async () => {
    const draft = await svc.api('POST', '/integrationspecifications', SPECIFICATION);
    const id = draft.body.integrationId as string;
    const page = () => fetch(`${svc.base}/activate/${id}`).then((r) => r.status);
    const submitted = await svc.api('PUT', `/integrationspecifications/${id}/submit`);
    expect(submitted.body).toMatchObject({ status: 'UNDER_REVIEW', versionNo: 1 });
    expect(submitted.body.activationLink).toBeUndefined();
    expect(await page()).toBe(404);
    // under review nothing changes
    const locked = await svc.api('PUT', `/integrationspecifications/${id}`, { ...SPECIFICATION, name: 'Changed' });
    expect(locked.status).toBe(409);
    expect(locked.body.errors[0].message).toContain('under review');

    const pending = await svc.app.services.integrations.pendingReviews();
    expect(pending.map((p) => [p.companyId, p.integrationId])).toEqual([[svc.demo.companyId, id]]);
    await svc.app.services.integrations.review(id, { approve: false, reason: 'Describe what you do with the data.' });
    const declined = await svc.api('GET', `/integrationspecifications/${id}`);
    expect(declined.body).toMatchObject({ status: 'DECLINED', declineReason: 'Describe what you do with the data.' });
    await expect(svc.app.services.integrations.review(id, { approve: true })).rejects.toThrow(/DECLINED/);

    const second = await svc.api('PUT', `/integrationspecifications/${id}`, {
      ...SPECIFICATION,
      description: 'Reads invoices to reconcile payments; keeps nothing.',
    });
    expect(second.body).toMatchObject({ status: 'UNDER_REVIEW', versionNo: 2 });
    expect(second.body.declineReason).toBeUndefined();
    await svc.app.services.integrations.review(id, { approve: true });
    const approved = await svc.api('GET', `/integrationspecifications/${id}`);
    expect(approved.body).toMatchObject({ status: 'APPROVED', versionNo: 2 });
    expect(approved.body.activationLink).toContain(`/activate/${id}`);
    expect(await page()).toBe(200);

    // a third version under review: the approved second one stays live
    const third = await svc.api('PUT', `/integrationspecifications/${id}`, { ...SPECIFICATION, name: 'Robot 3' });
    expect(third.body).toMatchObject({ status: 'UNDER_REVIEW', versionNo: 3 });
    expect(third.body.activationLink).toContain(`/activate/${id}`);
    const html = await fetch(`${svc.base}/activate/${id}`).then((r) => r.text());
    expect(html).toContain('keeps nothing');
    expect(html).not.toContain('Robot 3');
  });
});
