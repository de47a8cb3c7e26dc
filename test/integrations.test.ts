// Integrations end to end over HTTP (sandbox mode): an integrator company writes a specification (approved at
// once in the sandbox), a customer activates it on the activation page for two companies, the integrator reads
// and decides the request, and the technical user's API key works with client credentials only, within the
// requested rights. Expiry (410) through the clock, every refusal, a changed version, the other environment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { activate, approvedIntegration, SPECIFICATION } from './integration-helpers.ts';

let svc: TestService;
let clock: ManualClock;
let integrationId: string;
let customer: { companyId: number; token: string };
let second: number;
const login = () => ({ username: `admin${customer.companyId}`, password: 'Other-pass-1' });

beforeAll(async () => {
  clock = new ManualClock('2026-03-15T10:00:00Z');
  svc = await startService({ clock });
  customer = await otherCompany(svc, 'Customer Oy');
  // the customer's admin manages a second company too
  second = (await svc.admin.createCompany({ name: 'Customer Two Oy' })).companyId;
  const user = (
    await svc.app.ctx.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', login().username)
      .executeTakeFirstOrThrow()
  ).user_id;
  await svc.admin.addMember(second, Number(user), 'ADMIN');
});
afterAll(() => svc.close());

describe('integration specifications', () => {
  it('are written as drafts, refused with a bad callback or a right twice, and approved at once in the sandbox', async () => {
    const draft = await svc.api('POST', '/integrationspecifications', SPECIFICATION);
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({
      status: 'DRAFT',
      versionNo: 1,
      name: SPECIFICATION.name,
      clientId: svc.demo.clientId,
    });
    expect(draft.body.activationLink).toBeUndefined();
    for (const callbackUrl of ['ftp://x.example/cb', 'http://partner.example/cb', 'https://u:p@x.example/', 'nope']) {
      const bad = await svc.api('POST', '/integrationspecifications', { ...SPECIFICATION, callbackUrl });
      expect(bad.status, callbackUrl).toBe(400);
      expect(bad.body.errors[0].field).toBe('callbackUrl');
    }
    const twice = await svc.api('POST', '/integrationspecifications', {
      ...SPECIFICATION,
      requestedRights: [SPECIFICATION.requestedRights[0], SPECIFICATION.requestedRights[0]],
    });
    expect(twice.status).toBe(400);
    const unknownRight = await svc.api('POST', '/integrationspecifications', {
      ...SPECIFICATION,
      requestedRights: [{ right: 'sales.everything', level: 'ALL_RIGHTS' }],
    });
    expect(unknownRight.status).toBe(400);

    const edited = await svc.api('PUT', `/integrationspecifications/${draft.body.integrationId}`, {
      ...SPECIFICATION,
      name: 'Renamed draft',
    });
    expect(edited.body).toMatchObject({ status: 'DRAFT', versionNo: 1, name: 'Renamed draft' });
    const submitted = await svc.api('PUT', `/integrationspecifications/${draft.body.integrationId}/submit`);
    expect(submitted.body).toMatchObject({ status: 'APPROVED', versionNo: 1 });
    expect(submitted.body.activationLink).toBe(`${svc.app.ctx.issuer}/activate/${draft.body.integrationId}`);
    expect((await svc.api('PUT', `/integrationspecifications/${draft.body.integrationId}/submit`)).status).toBe(409);

    const list = await svc.api('GET', '/integrationspecifications');
    expect(list.body.map((s: { integrationId: string }) => s.integrationId)).toContain(draft.body.integrationId);
    // another company sees none of it
    expect(
      (
        await svc.request('GET', `/api/integrationspecifications/${draft.body.integrationId}`, {
          token: customer.token,
        })
      ).status,
    ).toBe(404);
    expect((await svc.request('GET', '/api/integrationspecifications', { token: customer.token })).body).toEqual([]);
  });
});

describe('the activation journey', () => {
  let requestId: number;

  beforeAll(async () => {
    integrationId = (await approvedIntegration(svc)).integrationId;
  });

  it('sends the customer to the callback with rq_id, partner_val and state', async () => {
    const done = await activate(svc, integrationId, login(), [customer.companyId, second], 'xyz-1');
    expect(done.status).toBe(302);
    expect(`${done.callback!.origin}${done.callback!.pathname}`).toBe(SPECIFICATION.callbackUrl);
    expect(done.callback!.searchParams.get('partner_val')).toBe('partner-42');
    expect(done.callback!.searchParams.get('state')).toBe('xyz-1');
    requestId = done.requestId!;
    expect(requestId).toBeGreaterThan(0);
  });

  it('makes one request of one accept form, however often it is posted', async () => {
    const done = await activate(svc, integrationId, login(), [customer.companyId], 'xyz-replay');
    expect(done.status).toBe(302);
    const requests = async () =>
      Number(
        (
          await svc.app.ctx.db
            .selectFrom('integration_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('company_id', '=', svc.demo.companyId)
            .where('integration_id', '=', integrationId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await requests();
    const replays = await Promise.all([done.replay!(), done.replay!(), done.replay!()]);
    for (const replay of replays) {
      expect(replay.status).toBe(409);
      expect(await replay.text()).toContain('This activation was sent already.');
    }
    expect(await requests()).toBe(before);
  });

  it('refuses a wrong password, an unknown integration, a forged form and a company of someone else', async () => {
    expect(
      (await activate(svc, integrationId, { ...login(), password: 'wrong-pass-1' }, [customer.companyId])).status,
    ).toBe(401);
    expect((await activate(svc, '00000000-0000-4000-8000-000000000000', login(), [customer.companyId])).status).toBe(
      404,
    );
    expect((await activate(svc, integrationId, login(), [svc.demo.companyId])).status).toBe(403);
    expect((await activate(svc, integrationId, login(), [])).status).toBe(400);
    const forged = await fetch(`${svc.base}/activate/${integrationId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        step: 'accept',
        csrf: 'abc.def',
        [`company_${customer.companyId}`]: 'on',
      }).toString(),
    });
    expect(forged.status).toBe(403);
  });

  it('shows the request to the integrator company only, with the consented details', async () => {
    const answer = await svc.api('GET', `/integrations/${requestId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      integrationId,
      expires: '2026-03-15T10:15:00.000',
      initiator: { email: `o${customer.companyId}@example.com`, userFullName: 'Other Admin' },
      companiesToIntegrate: [
        { companyId: customer.companyId, extraInfo: { companyName: 'Customer Oy', country: 'FINLAND' } },
        { companyId: second, extraInfo: { companyName: 'Customer Two Oy', country: 'FINLAND' } },
      ],
    });
    expect((await svc.request('GET', `/api/integrations/${requestId}`, { token: customer.token })).status).toBe(404);
    expect((await svc.api('GET', '/integrations/999999')).status).toBe(404);
    const customers = await svc.api('GET', `/integrations/${integrationId}/customers`);
    expect(customers.body.customers).toEqual([
      { companyId: customer.companyId, integrationVersionStatus: 'NEW' },
      { companyId: second, integrationVersionStatus: 'NEW' },
    ]);
  });

  it('refuses decisions that do not add up to the companies of the request', async () => {
    for (const body of [
      { approve: [customer.companyId] },
      { approve: [customer.companyId, second, 77] },
      { approve: [customer.companyId, second], reject: [{ companyId: second, reason: 'twice' }] },
      { approve: [customer.companyId], reject: [{ reason: 'no company' }] },
      {},
    ]) {
      const answer = await svc.api('PUT', `/integrations/${requestId}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0].message).toContain('companiesToIntegrate');
    }
    expect(
      (await svc.request('PUT', `/api/integrations/${requestId}`, { token: customer.token, body: { approve: [] } }))
        .status,
    ).toBe(404);
  });

  it('approves one company with a technical user limited to the requested rights, and rejects the other', async () => {
    const decided = await svc.api('PUT', `/integrations/${requestId}`, {
      approve: [customer.companyId],
      reject: [{ companyId: second, reason: 'Not this one' }],
    });
    expect(decided.status).toBe(200);
    expect(decided.body.integrationId).toBe(integrationId);
    expect(decided.body.companiesIntegrated).toHaveLength(1);
    const { companyId, apiKey } = decided.body.companiesIntegrated[0];
    expect(companyId).toBe(customer.companyId);

    // once decided, never again
    expect((await svc.api('PUT', `/integrations/${requestId}`, { approve: [customer.companyId, second] })).status).toBe(
      400,
    );

    // the key works with client credentials on the specification's client, within the rights asked
    const token = await svc.tokenFor(apiKey);
    const invoices = await svc.request('GET', '/api/invoices', { token });
    expect(invoices.status).toBe(200);
    const products = await svc.request('POST', '/api/products', {
      token,
      body: { type: 'SALES', name: 'By robot', price: 1, discount: 0, active: true, currency: 'EUR' },
    });
    expect(products.status).toBe(200);
    expect((await svc.request('GET', '/api/ledgerreceipts', { token })).status).toBe(403);
    const me = await svc.request('GET', '/api/users', { token });
    expect(me.body.apiLoginOnly ?? true).toBe(true);
    // another client cannot use it
    const client = await svc.admin.createClient({ name: 'Other app', redirectUri: 'https://other.example/cb' });
    await expect(svc.tokenFor(apiKey, client.clientId, client.clientSecret)).rejects.toThrow(/another client/);

    const customers = await svc.api('GET', `/integrations/${integrationId}/customers`);
    expect(customers.body.customers).toEqual([
      { companyId: customer.companyId, integrationVersionStatus: 'APPROVED' },
      { companyId: second, integrationVersionStatus: 'REJECTED' },
    ]);
    expect(
      (await svc.request('GET', `/api/integrations/${integrationId}/customers`, { token: customer.token })).status,
    ).toBe(404);
  });

  it('answers 410 once the request is older than 15 minutes (moved by the clock)', async () => {
    const again = await activate(svc, integrationId, login(), [second]);
    clock.advance(15 * 60 * 1000 - 1000);
    expect((await svc.api('GET', `/integrations/${again.requestId}`)).status).toBe(200);
    clock.advance(1000);
    const expired = await svc.api('GET', `/integrations/${again.requestId}`);
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0].message).toContain('expired');
    expect((await svc.api('PUT', `/integrations/${again.requestId}`, { approve: [second] })).status).toBe(410);
  });

  it('makes a new version when an approved specification changes; customers must accept changed rights', async () => {
    const changed = await svc.api('PUT', `/integrationspecifications/${integrationId}`, {
      ...SPECIFICATION,
      requestedRights: [
        ...SPECIFICATION.requestedRights,
        { right: 'accounting.ledgerReceipts', level: 'VIEWING_RIGHTS' },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ versionNo: 2, status: 'APPROVED' });
    const customers = await svc.api('GET', `/integrations/${integrationId}/customers`);
    expect(customers.body.customers[0]).toEqual({
      companyId: customer.companyId,
      integrationVersionStatus: 'PENDING_APPROVAL',
    });

    // accepting again renews the technical user's rights and key
    const done = await activate(svc, integrationId, login(), [customer.companyId]);
    const decided = await svc.api('PUT', `/integrations/${done.requestId}`, { approve: [customer.companyId] });
    const token = await svc.tokenFor(decided.body.companiesIntegrated[0].apiKey);
    expect((await svc.request('GET', '/api/ledgerreceipts', { token })).status).toBe(200);
    const one = await svc.api('GET', `/integrations/${integrationId}/customers?companyId=${customer.companyId}`);
    expect(one.body).toEqual({
      companyId: customer.companyId,
      integrationVersionStatus: 'APPROVED',
      customers: [{ companyId: customer.companyId, integrationVersionStatus: 'APPROVED' }],
    });
  });

  it('answers 403 for the customers and 404 for requests of a specification made in the other environment', async () => {
    const done = await activate(svc, integrationId, login(), [second]);
    await svc.app.ctx.db
      .updateTable('integration_specifications')
      .set({ environment: 'production' })
      .where('company_id', '=', svc.demo.companyId)
      .where('integration_id', '=', integrationId)
      .execute();
    const customers = await svc.api('GET', `/integrations/${integrationId}/customers`);
    expect(customers.status).toBe(403);
    expect(customers.body.errors[0].message).toContain('production');
    expect((await svc.api('GET', `/integrations/${done.requestId}`)).status).toBe(404);
    expect((await fetch(`${svc.base}/activate/${integrationId}`)).status).toBe(404);
  });
});
