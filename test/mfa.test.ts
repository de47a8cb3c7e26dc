// Two-factor transactions over real HTTP: PUT /users as the two-factor endpoint, the status query and the
// deprecated confirm reads, in sandbox mode (confirms at once) and production mode (waits for the user).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, otherCompany, type TestService } from './support/service.ts';
import { authenticatorSession, person, personToken } from './mfa-helpers.ts';

const user = {
  firstName: 'Maija',
  lastName: 'Meikäläinen',
  email: 'maija@example.com',
  mobilePhone: '+358401234567',
  city: 'Turku',
};

const api = (svc: TestService, token: string, method: string, path: string, body?: unknown) =>
  svc.request(method, `/api${path}`, { token, body });

describe('sandbox mode', () => {
  let svc: TestService;
  let maija: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    svc = await startService({ clock: new ManualClock('2026-11-21T10:00:00Z') });
    maija = await person(svc, 'maija');
  });
  afterAll(() => svc.close());

  it('answers PUT /users with 202 and confirms at once: the result and the change are there', async () => {
    const started = await api(svc, maija.token, 'PUT', '/users', user);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ transactionIdentifier: expect.any(String), confirmationApp: 'TASE_AUTHENTICATOR' });
    const result = await api(svc, maija.token, 'GET', `/mfatransactionresult/${started.body.transactionIdentifier}`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ info: { message: 'User information updated.' } });
    const current = await api(svc, maija.token, 'GET', '/users');
    expect(current.body).toMatchObject({
      username: 'maija',
      firstName: 'Maija',
      lastName: 'Meikäläinen',
      email: 'maija@example.com',
      mobilePhone: '+358401234567',
      city: 'Turku',
    });
  });

  it('PUT overwrites: optional fields left out are removed', async () => {
    const { city: _city, mobilePhone: _phone, ...rest } = user;
    expect((await api(svc, maija.token, 'PUT', '/users', rest)).status).toBe(202);
    const current = await api(svc, maija.token, 'GET', '/users');
    expect(current.body.city).toBeUndefined();
    expect(current.body.mobilePhone).toBeUndefined();
  });

  it('refuses machine-to-machine tokens with 403', async () => {
    const answer = await svc.api('PUT', '/users', user);
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].message).toContain('two-factor');
  });

  it('validates before storing anything: 400 with all failures, and no transaction', async () => {
    const answer = await api(svc, maija.token, 'PUT', '/users', {
      firstName: 'X',
      email: 'not-an-email',
      lastName: 'Y',
      id: 999,
      username: 'other',
    });
    expect(answer.status).toBe(400);
    const fields = answer.body.errors.map((e: { field?: string }) => e.field).sort();
    expect(fields).toEqual(['email', 'id', 'username']);
    const schema = await api(svc, maija.token, 'PUT', '/users', { firstName: 'X', unknown: 1 });
    expect(schema.status).toBe(400);
    const pending = await svc.app.ctx.db
      .selectFrom('mfa_transactions')
      .select('transaction_id')
      .where('user_id', '=', maija.userId)
      .execute();
    expect(pending).toHaveLength(2); // only the two accepted requests above
  });

  it('documents PUT /users with its 202 answer in the OpenAPI document', async () => {
    const doc = await svc.request('GET', '/api/openapi.json');
    const put = doc.body.paths['/users'].put;
    expect(Object.keys(put.responses)).toContain('202');
    expect(JSON.stringify(put.responses['202'])).toContain('transactionIdentifier');
    expect(doc.body.paths['/mfatransactionresult/{transactionIdentifier}'].get).toBeDefined();
    expect(doc.body.paths['/users/{transactionIdentifier}/confirm'].put.deprecated).toBe(true);
  });
});

describe('production mode', () => {
  let svc: TestService;
  const clock = new ManualClock('2026-11-21T10:00:00Z');
  let maija: Awaited<ReturnType<typeof person>>;
  let matti: Awaited<ReturnType<typeof person>>;

  beforeAll(async () => {
    svc = await startService({ clock, config: { mode: 'production', signingSecret: 'x'.repeat(40) } });
    maija = await person(svc, 'maija');
    matti = await person(svc, 'matti');
  });
  afterAll(() => svc.close());

  /** Logs in to the authenticator's HTTP endpoints as a user. */
  async function authenticator(username: string) {
    const { cookie, csrf } = await authenticatorSession(svc, username);
    return {
      list: () => svc.request('GET', '/authenticator/api/transactions', { headers: { cookie } }),
      decide: (id: string, decision: 'approve' | 'reject', token = csrf) =>
        svc.request('POST', `/authenticator/api/transactions/${id}/${decision}`, {
          headers: { cookie, 'x-csrf-token': token },
        }),
    };
  }

  it('keeps the action pending (202) until the user approves it in the authenticator', async () => {
    const started = await api(svc, maija.token, 'PUT', '/users', user);
    expect(started.status).toBe(202);
    const id = started.body.transactionIdentifier;
    const pending = await api(svc, maija.token, 'GET', `/mfatransactionresult/${id}`);
    expect(pending.status).toBe(202);
    expect(pending.body.message).toMatch(/not been confirmed/);
    expect((await api(svc, maija.token, 'GET', '/users')).body.firstName).toBe('Test'); // nothing executed yet

    const app = await authenticator('maija');
    const listed = await app.list();
    expect(listed.body.transactions).toHaveLength(1);
    expect(listed.body.transactions[0]).toMatchObject({
      transactionIdentifier: id,
      origin: 'PUT /users',
      companyName: 'Demo Oy',
      summary: 'Update the user information of maija',
    });
    expect(listed.body.transactions[0].details).toContain("First name: 'Test' → 'Maija'");
    expect((await app.decide(id, 'approve', 'wrong')).status).toBe(403); // CSRF token required
    const approved = await app.decide(id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({
      state: 'COMPLETED',
      failed: false,
      result: { info: { message: 'User information updated.' } },
    });
    expect((await api(svc, maija.token, 'GET', `/mfatransactionresult/${id}`)).body).toEqual({
      info: { message: 'User information updated.' },
    });
    expect((await api(svc, maija.token, 'GET', '/users')).body.firstName).toBe('Maija');
    expect((await app.decide(id, 'approve')).status).toBe(409); // already processed
    expect((await app.list()).body.transactions).toHaveLength(0);
  });

  it('a rejected transaction answers 406 and changes nothing', async () => {
    const id = (await api(svc, maija.token, 'PUT', '/users', { ...user, firstName: 'Rejected' })).body
      .transactionIdentifier;
    const app = await authenticator('maija');
    expect((await app.decide(id, 'reject')).body).toEqual({ state: 'REJECTED' });
    const status = await api(svc, maija.token, 'GET', `/mfatransactionresult/${id}`);
    expect(status.status).toBe(406);
    expect(status.body.errors[0].status).toBe(406);
    expect((await api(svc, maija.token, 'GET', '/users')).body.firstName).toBe('Maija');
  });

  it('expires after 5 minutes (408), and cannot be approved then', async () => {
    const id = (await api(svc, maija.token, 'PUT', '/users', { ...user, firstName: 'Late' })).body
      .transactionIdentifier;
    clock.advance(4 * 60_000 + 59_000);
    expect((await api(svc, maija.token, 'GET', `/mfatransactionresult/${id}`)).status).toBe(202);
    clock.advance(1_000);
    const expired = await api(svc, maija.token, 'GET', `/mfatransactionresult/${id}`);
    expect(expired.status).toBe(408);
    const app = await authenticator('maija');
    expect((await app.decide(id, 'approve')).status).toBe(408);
    expect((await api(svc, maija.token, 'GET', '/users')).body.firstName).toBe('Maija');
  });

  it('answers 403 for another user of the company and 404 for another company or an unknown id', async () => {
    const id = (await api(svc, maija.token, 'PUT', '/users', user)).body.transactionIdentifier;
    const other = await api(svc, matti.token, 'GET', `/mfatransactionresult/${id}`);
    expect(other.status).toBe(403);
    const elsewhere = await otherCompany(svc);
    const foreignPerson = await person(svc, 'foreigner', elsewhere.companyId);
    expect((await api(svc, foreignPerson.token, 'GET', `/mfatransactionresult/${id}`)).status).toBe(404);
    expect((await api(svc, maija.token, 'GET', '/mfatransactionresult/no-such-transaction')).status).toBe(400);
    expect(
      (await api(svc, maija.token, 'GET', '/mfatransactionresult/6f1c3a52-9d0e-4c41-8f4e-2b7d5a9e0c13')).status,
    ).toBe(404);
    // another user cannot decide it in the authenticator either
    expect((await (await authenticator('matti')).decide(id, 'approve')).status).toBe(404);
  });

  it('deprecated confirm endpoints read: 202 pending, 200 once, then 409; other kinds 404', async () => {
    const id = (await api(svc, maija.token, 'PUT', '/users', user)).body.transactionIdentifier;
    expect((await api(svc, maija.token, 'PUT', `/users/${id}/confirm`)).status).toBe(202);
    expect((await api(svc, maija.token, 'PUT', `/payments/${id}/confirm`)).status).toBe(404);
    await (await authenticator('maija')).decide(id, 'approve');
    const first = await api(svc, maija.token, 'PUT', `/users/${id}/confirm`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'User information updated.' });
    const again = await api(svc, maija.token, 'PUT', `/users/${id}/confirm`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].status).toBe(409);
    expect((await api(svc, maija.token, 'GET', `/mfatransactionresult/${id}`)).status).toBe(200); // the GET keeps answering

    const rejected = (await api(svc, maija.token, 'PUT', '/users', user)).body.transactionIdentifier;
    await (await authenticator('maija')).decide(rejected, 'reject');
    expect((await api(svc, maija.token, 'PUT', `/users/${rejected}/confirm`)).status).toBe(406);
  });

  it('records a failure on execution in the result, in the errors shape', async () => {
    const id = (await api(svc, matti.token, 'PUT', '/users', user)).body.transactionIdentifier;
    // matti leaves the company before approving: the update fails when it runs
    await svc.app.ctx.db
      .deleteFrom('company_users')
      .where('company_id', '=', svc.demo.companyId)
      .where('user_id', '=', matti.userId)
      .execute();
    const approved = await (await authenticator('matti')).decide(id, 'approve');
    expect(approved.body).toEqual({
      state: 'COMPLETED',
      failed: true,
      errors: [{ status: 403, message: 'The user no longer belongs to the company of the transaction.' }],
    });
    await svc.admin.addMember(svc.demo.companyId, matti.userId, 'ADMIN');
    const token = await personToken(svc, matti.userId);
    const status = await api(svc, token, 'GET', `/mfatransactionresult/${id}`);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      info: { errors: [{ status: 403, message: 'The user no longer belongs to the company of the transaction.' }] },
    });
    expect((await api(svc, token, 'GET', '/users')).body.firstName).toBe('Test'); // nothing was written
  });

  it('runs the action only with the rights the user holds when confirming', async () => {
    const id = (await api(svc, matti.token, 'PUT', '/users', { ...user, firstName: 'Matti' })).body
      .transactionIdentifier;
    await svc.admin.addMember(svc.demo.companyId, matti.userId, 'ADMIN', { 'user.ownInformation': 'VIEWING_RIGHTS' });
    const approved = await (await authenticator('matti')).decide(id, 'approve');
    expect(approved.body.failed).toBe(true);
    expect(approved.body.errors[0]).toMatchObject({
      status: 403,
      message: expect.stringContaining('user.ownInformation'),
    });
    await svc.admin.addMember(svc.demo.companyId, matti.userId, 'ADMIN');
  });

  it('keeps the status for 24 hours from the start', async () => {
    const id = (await api(svc, maija.token, 'PUT', '/users', user)).body.transactionIdentifier;
    await (await authenticator('maija')).decide(id, 'approve');
    clock.advance(24 * 3_600_000 - 60_000);
    let token = await personToken(svc, maija.userId);
    expect((await api(svc, token, 'GET', `/mfatransactionresult/${id}`)).status).toBe(200);
    clock.advance(60_000);
    token = await personToken(svc, maija.userId);
    expect((await api(svc, token, 'GET', `/mfatransactionresult/${id}`)).status).toBe(404);
  });
});
