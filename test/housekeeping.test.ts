// Housekeeping end to end: sessions, codes, login flows, two-factor transactions, authenticator sessions and
// webhook deliveries are made through the real HTTP API and services, the clock moves, one pass runs, and the
// expired rows are gone while every token, refresh token, pending transaction and pending delivery that is
// still valid keeps working. Also passes running at the same time, and `tase admin housekeeping`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import { ManualClock } from '../src/platform/clock.ts';
import { Housekeeping, purgesOf, type HousekeepingCounts } from '../src/housekeeping/task.ts';
import { AREAS, backgroundTasks, globalTables } from '../src/modules.ts';
import { ACCESS_TOKEN_SECONDS } from '../src/auth/tokens.ts';
import { REFRESH_TOKEN_SECONDS } from '../src/auth/service.ts';
import { startService, otherCompany, type TestService } from './support/service.ts';
import { freshDatabase, testEngine } from './support/database.ts';
import { claimsOf, csrfOf, loginForCode, loginPath, page, personTokens, refresh } from './identity-support.ts';
import { authenticatorSession, PASSWORD, person, personToken, personTokenOn, until } from './mfa-helpers.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const NONE: HousekeepingCounts = {
  authSessions: 0,
  authCodes: 0,
  loginFlows: 0,
  loginAttempts: 0,
  authenticatorSessions: 0,
  authenticatorEnrolments: 0,
  authenticatorChallenges: 0,
  mfaTransactions: 0,
  webhookDeliveries: 0,
  rateLimitWindows: 0,
  idempotencyKeys: 0,
};
const counts = (some: Partial<HousekeepingCounts>): HousekeepingCounts => ({ ...NONE, ...some }) as HousekeepingCounts;

// ---- token sessions, codes, login flows, rate-limit windows ---------------------------------------------

describe('identity rows', () => {
  let svc: TestService;
  const t0 = new Date(Math.floor(Date.now() / SECOND) * SECOND);
  const clock = new ManualClock(t0);
  const at = (ms: number) => clock.set(new Date(t0.getTime() + ms));

  beforeAll(async () => {
    svc = await startService({ clock, config: { housekeepingIntervalSeconds: 0 } });
  });
  afterAll(() => svc?.close());

  const pass = () => svc.app.services.housekeeping.runOnce();
  const works = async (token: string) => (await svc.request('GET', '/api/sessioninfo', { token })).status;
  const sessionIds = async (companyId = svc.demo.companyId) =>
    (
      await svc.app.ctx.db
        .selectFrom('auth_sessions')
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute()
    ).map((r) => Number(r.id));
  const sid = (token: string) => Number(claimsOf(token).sid);

  let machine: string; // client credentials, no refresh token
  let person1: { access: string; refresh: string }; // authorization code: refresh token
  let latest: string; // access token refreshed last

  it('deletes revoked sessions at once and keeps every session whose tokens are still valid', async () => {
    machine = await svc.tokenFor(svc.demo.apiKey);
    person1 = await personTokens(svc);
    const loggedOut = await personTokens(svc);
    expect((await svc.request('POST', '/logout', { token: loggedOut.access })).status).toBe(204);
    // a login abandoned at the company step (one before the password is not stored at all)
    const start = await page(
      svc,
      'GET',
      loginPath({ response_type: 'code', client_id: svc.demo.clientId, redirect_uri: svc.demo.redirectUri }),
    );
    const abandoned = await page(svc, 'POST', '/login', {
      cookie: start.cookie,
      form: { step: 'password', csrf: csrfOf(start.html)!, username: svc.demo.username, password: svc.demo.password },
    });
    expect(abandoned.html).toContain('company-form');
    await loginForCode(svc); // a code never exchanged
    const window = t0.getTime(); // slot stamps are milliseconds
    await svc.app.ctx.db
      .insertInto('rate_limit_windows')
      .values([
        { client_id: 'gone-client', window_start: window - 3600 * SECOND, count: 7 },
        { client_id: 'live-client', window_start: window, count: 3 },
      ])
      .execute();
    expect(await sessionIds()).toEqual([sid(machine), sid(person1.access), sid(loggedOut.access)]);

    expect(await pass()).toEqual(counts({ authSessions: 1, rateLimitWindows: 1 }));
    expect(await sessionIds()).toEqual([sid(machine), sid(person1.access)]);
    const windows = await svc.app.ctx.db
      .selectFrom('rate_limit_windows')
      .select('client_id')
      .where('client_id', 'in', ['gone-client', 'live-client'])
      .execute();
    expect(windows.map((w) => w.client_id)).toEqual(['live-client']);
    expect(await works(machine)).toBe(200);
    expect(await works(person1.access)).toBe(200);
    expect(await works(loggedOut.access)).toBe(401);
    expect((await refresh(svc, loggedOut.refresh)).status).toBe(400);
    // a second pass finds nothing
    expect(await pass()).toEqual(NONE);
  });

  it('keeps a session without refresh token while its access token is valid, and deletes it after', async () => {
    at(ACCESS_TOKEN_SECONDS * SECOND - MINUTE);
    expect(await pass()).toEqual(counts({ rateLimitWindows: 1 })); // the window of t0 is long over
    expect(await works(machine)).toBe(200);
    at(ACCESS_TOKEN_SECONDS * SECOND + 59 * SECOND); // expired, but within the minute of slack for signing
    expect(await works(machine)).toBe(401);
    expect(await pass()).toEqual(NONE);
    at(ACCESS_TOKEN_SECONDS * SECOND + 61 * SECOND);
    expect(await pass()).toEqual(counts({ authSessions: 1 }));
    expect(await sessionIds()).toEqual([sid(person1.access)]);
    // the refresh token lives on, and so does everything new
    const refreshed = await refresh(svc, person1.refresh);
    expect(refreshed.status).toBe(200);
    expect(await works(refreshed.body.access_token)).toBe(200);
    const fresh = await svc.tokenFor(svc.demo.apiKey);
    expect(await works(fresh)).toBe(200);
  });

  it('deletes codes and login flows a day after they expired, used or not', async () => {
    at(DAY + 5 * MINUTE); // the codes and the flow expired at t0 + 5 min: exactly a day ago
    // only the client-credentials session made an hour after t0 goes
    expect(await pass()).toEqual(counts({ authSessions: 1 }));
    at(DAY + 6 * MINUTE);
    const codeIds = async () =>
      (
        await svc.app.ctx.db
          .selectFrom('auth_codes')
          .select('id')
          .where('company_id', '=', svc.demo.companyId)
          .execute()
      ).length;
    expect(await codeIds()).toBe(3);
    const flows = async () => (await svc.app.ctx.db.selectFrom('login_flows').select('id').execute()).length;
    expect(await flows()).toBe(1);
    expect(await pass()).toEqual(counts({ authCodes: 3, loginFlows: 1 }));
    expect(await codeIds()).toBe(0);
    expect(await flows()).toBe(0);
    expect((await refresh(svc, person1.refresh)).status).toBe(200);
    // a login started now is untouched and finishes
    const { code } = await loginForCode(svc);
    expect(code).toMatch(/^tac_/);
    expect(await pass()).toEqual(NONE);
  });

  it('keeps a session with a refresh token until the last access token refreshed from it has expired', async () => {
    const expiry = REFRESH_TOKEN_SECONDS * SECOND;
    at(expiry - MINUTE);
    const answer = await refresh(svc, person1.refresh);
    expect(answer.status).toBe(200);
    latest = answer.body.access_token;
    await pass();
    expect(await sessionIds()).toContain(sid(person1.access));

    at(expiry + 30 * MINUTE); // the refresh token has expired, its last access token has not
    expect((await refresh(svc, person1.refresh)).status).toBe(400);
    await pass();
    expect(await sessionIds()).toContain(sid(person1.access));
    expect(await works(latest)).toBe(200);

    at(expiry - MINUTE + ACCESS_TOKEN_SECONDS * SECOND);
    expect(await works(latest)).toBe(401);
    await pass();
    expect(await sessionIds()).toContain(sid(person1.access)); // kept until the refresh expiry + the token lifetime + a minute
    at(expiry + ACCESS_TOKEN_SECONDS * SECOND + 61 * SECOND);
    expect(await pass()).toEqual(counts({ authSessions: 1 }));
    expect(await sessionIds()).toEqual([]);
  });

  it('purges every company, in bounded batches, with passes running at the same time', async () => {
    const other = await otherCompany(svc);
    expect(await pass()).toEqual(NONE);
    const live = await svc.tokenFor(svc.demo.apiKey);
    for (let i = 0; i < 19; i++) await svc.tokenFor(svc.demo.apiKey);
    const otherUser = await svc.app.ctx.db
      .selectFrom('api_keys')
      .select('user_id')
      .where('company_id', '=', other.companyId)
      .executeTakeFirstOrThrow();
    const otherKey = await svc.admin.createApiKey({
      companyId: other.companyId,
      userId: Number(otherUser.user_id),
      clientId: svc.demo.clientId,
    });
    for (let i = 0; i < 6; i++) await svc.tokenFor(otherKey.apiKey); // with the otherCompany() token: 7 in the other company
    expect(await sessionIds()).toHaveLength(20);
    expect(await sessionIds(other.companyId)).toHaveLength(7);
    clock.advance(2 * HOUR);
    const fresh = await svc.tokenFor(svc.demo.apiKey);

    // three passes at once, two of them deleting 3 rows per statement: every row is deleted once, none twice
    const small = () => new Housekeeping(svc.app.ctx, { purges: purgesOf(AREAS), batchSize: 3, intervalMs: 0 });
    const results = await Promise.all([small().runOnce(), small().runOnce(), svc.app.services.housekeeping.runOnce()]);
    expect(results.reduce((sum, r) => sum + r.authSessions, 0)).toBe(27);
    expect(await sessionIds()).toEqual([sid(fresh)]);
    expect(await sessionIds(other.companyId)).toEqual([]);
    expect(await works(fresh)).toBe(200);
    expect(await works(live)).toBe(401);
  });

  it.runIf(testEngine === 'postgres')('skips rows another transaction holds instead of waiting for them', async () => {
    const held = await svc.tokenFor(svc.demo.apiKey);
    clock.advance(2 * HOUR);
    const db = svc.app.ctx.db;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('auth_sessions')
        .set({ revoked_reason: 'held' })
        .where('company_id', '=', svc.demo.companyId)
        .where('id', '=', sid(held))
        .execute();
      // the pass runs on other connections while this transaction holds the row: waiting for it would hang here
      expect((await pass()).authSessions).toBe(1); // the other expired session (`fresh` above), not the held one
    });
    expect(await sessionIds()).toEqual([sid(held)]);
    expect(await pass()).toEqual(counts({ authSessions: 1 }));
    expect(await sessionIds()).toEqual([]);
  });

  it('runs by itself shortly after start and then periodically, until stopped', async () => {
    expect(backgroundTasks(svc.app.services)).toContain(svc.app.services.housekeeping);
    expect(svc.app.services.housekeeping.running).toBe(false); // interval 0 in these tests
    await svc.tokenFor(svc.demo.apiKey);
    clock.advance(2 * HOUR);
    const warnings: object[] = [];
    const task = new Housekeeping(svc.app.ctx, { purges: purgesOf(AREAS), firstRunMs: 10, intervalMs: 20 });
    task.start({ warn: (data) => warnings.push(data) });
    expect(task.running).toBe(true);
    await until(async () => (await sessionIds()).length === 0, 10_000, 'the first pass');
    await svc.tokenFor(svc.demo.apiKey);
    clock.advance(2 * HOUR);
    await until(async () => (await sessionIds()).length === 0, 10_000, 'a later pass');
    await task.stop();
    expect(task.running).toBe(false);
    await svc.tokenFor(svc.demo.apiKey);
    clock.advance(2 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await sessionIds()).toHaveLength(1); // no pass after stop()
    expect(warnings).toEqual([]);
  });
});

// ---- two-factor transactions and authenticator sessions ------------------------------------------------

describe('two-factor transactions and authenticator sessions', () => {
  let svc: TestService;
  const t0 = new Date('2026-11-21T10:00:00Z');
  const clock = new ManualClock(t0);
  const at = (ms: number) => clock.set(new Date(t0.getTime() + ms));
  let userId: number;
  let token: string;

  beforeAll(async () => {
    svc = await startService({
      clock,
      config: { mode: 'production', signingSecret: 'x'.repeat(40), housekeepingIntervalSeconds: 0 },
    });
    const maija = await person(svc, 'maija');
    userId = maija.userId;
    token = maija.token;
  });
  afterAll(() => svc?.close());

  const pass = () => svc.app.services.housekeeping.runOnce();
  const update = async (firstName: string) => {
    const answer = await svc.request('PUT', '/api/users', {
      token,
      body: { firstName, lastName: 'Virtanen', email: 'maija@example.com' },
    });
    expect(answer.status).toBe(202);
    return answer.body.transactionIdentifier as string;
  };
  const status = async (id: string) => (await svc.request('GET', `/api/mfatransactionresult/${id}`, { token })).status;
  const authenticator = async () => {
    const { cookie, csrf } = await authenticatorSession(svc, 'maija');
    return {
      cookie,
      session: async () => (await svc.request('GET', '/authenticator/api/session', { headers: { cookie } })).status,
      approve: (id: string) =>
        svc.request('POST', `/authenticator/api/transactions/${id}/approve`, {
          headers: { cookie, 'x-csrf-token': csrf },
        }),
    };
  };

  let approved: string;
  let expired: string;
  let pending: string;

  it('keeps transactions within their 24 hours, pending ones still approvable; deletes expired authenticator sessions', async () => {
    approved = await update('Approved');
    const first = await authenticator();
    expect((await first.approve(approved)).body.state).toBe('COMPLETED');
    expired = await update('Expired');
    expect(await pass()).toEqual(NONE);

    at(31 * MINUTE);
    pending = await update('Pending');
    expect(await pass()).toEqual(counts({ authenticatorSessions: 1 }));
    expect(await first.session()).toBe(401);
    expect(await status(approved)).toBe(200);
    expect(await status(expired)).toBe(408);
    expect(await status(pending)).toBe(202);
    const second = await authenticator();
    expect(await second.session()).toBe(200);
    const listed = await svc.request('GET', '/authenticator/api/transactions', { headers: { cookie: second.cookie } });
    expect(listed.body.transactions.map((t: { transactionIdentifier: string }) => t.transactionIdentifier)).toEqual([
      pending,
    ]);
    expect((await second.approve(pending)).body.state).toBe('COMPLETED');
    expect(await status(pending)).toBe(200);
  });

  it('deletes transactions past their 24-hour status window', async () => {
    at(DAY + 10 * MINUTE);
    token = await personToken(svc, userId); // the old access token has expired
    // the two transactions of t0 go; the authenticator session of t0 + 31 min and the code of t0 too
    expect(await pass()).toEqual(counts({ mfaTransactions: 2, authenticatorSessions: 1, authCodes: 1 }));
    expect(await status(approved)).toBe(404);
    expect(await status(expired)).toBe(404);
    expect(await status(pending)).toBe(200);
    const rows = await svc.app.ctx.db.selectFrom('mfa_transactions').select('transaction_id').execute();
    expect(rows.map((r) => r.transaction_id)).toEqual([pending]);
    at(DAY + 31 * MINUTE);
    expect((await pass()).mfaTransactions).toBe(1);
    expect(await status(pending)).toBe(404);
  });
});

// ---- webhook deliveries ----------------------------------------------------------------------------------

describe('webhook deliveries', () => {
  let svc: TestService;
  let receiver: Server;
  let answer = 200;
  const received: string[] = [];
  const t0 = new Date('2026-11-21T10:00:00Z');
  const clock = new ManualClock(t0);
  const at = (ms: number) => clock.set(new Date(t0.getTime() + ms));
  let userId: number;
  let webhookUuid: string;

  beforeAll(async () => {
    svc = await startService({ clock, config: { housekeepingIntervalSeconds: 0 } });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(String(req.headers['x-tase-delivery']));
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    userId = (await person(svc, 'maija')).userId;
    webhookUuid = (
      await svc.api('POST', '/webhooks', { url, authenticationType: 'NONE', subscriptions: ['USER_UPDATED'] })
    ).body.uuid;
  });
  afterAll(async () => {
    await svc?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const pass = () => svc.app.services.housekeeping.runOnce();
  /** A USER_UPDATED event (sandbox mode confirms the two-factor action at once). */
  const event = async () => {
    const token = await personTokenOn(svc.app, svc.base, svc.demo, userId, svc.demo.companyId);
    const started = await svc.request('PUT', '/api/users', {
      token,
      body: { firstName: 'Maija', lastName: 'Virtanen', email: 'maija@example.com' },
    });
    expect(started.status).toBe(202);
  };
  const deliveries = async (): Promise<{ deliveryId: string; status: string }[]> =>
    (await svc.api('GET', `/webhooks/${webhookUuid}/deliveries`)).body.results;
  const statuses = async () => (await deliveries()).map((d) => d.status).reverse(); // oldest first
  const settled = (expected: string[]) =>
    until(
      async () => JSON.stringify(await statuses()) === JSON.stringify(expected),
      30_000,
      `deliveries ${expected.join(', ')}`,
    );

  it('keeps delivered and failed deliveries 30 days after they finished and pending ones always', async () => {
    await event();
    await settled(['DELIVERED']);
    answer = 500;
    await event();
    await event();
    await until(() => received.length === 3, 30_000, 'first attempts');
    at(25 * HOUR); // past the 24-hour window: the next attempt is the last
    await settled(['DELIVERED', 'FAILED', 'FAILED']);
    expect((await pass()).webhookDeliveries).toBe(0);

    // a delivery that stays pending while the worker is down
    answer = 200;
    const worker = svc.app.services.webhooks.worker;
    await worker.stop();
    at(25 * HOUR + MINUTE);
    await event();
    expect(await statuses()).toEqual(['DELIVERED', 'FAILED', 'FAILED', 'PENDING']);

    at(31 * DAY);
    const purged = await pass();
    expect(purged.webhookDeliveries).toBe(1); // the one delivered at t0
    expect(await statuses()).toEqual(['FAILED', 'FAILED', 'PENDING']);

    // the pending delivery is sent once the worker runs again; a failed one can still be sent again
    const [, , retried] = await deliveries(); // newest first: pending, failed (2nd), failed (1st)
    worker.start();
    expect((await svc.api('PUT', `/webhooks/${webhookUuid}/deliveries/${retried.deliveryId}/retry`)).status).toBe(200);
    await settled(['DELIVERED', 'FAILED', 'DELIVERED']);

    at(56 * DAY); // 30 days after the failure at t0 + 25 h, the unretried failed delivery goes
    expect((await pass()).webhookDeliveries).toBe(1);
    expect(await statuses()).toEqual(['DELIVERED', 'DELIVERED']);
    at(62 * DAY);
    expect((await pass()).webhookDeliveries).toBe(2);
    expect(await statuses()).toEqual([]);
  });
});

// ---- the command -----------------------------------------------------------------------------------------

// ---- enrolments of a second factor never finished ------------------------------------------------------

describe('unfinished enrolments of the authenticator', () => {
  let svc: TestService;
  const t0 = new Date(Math.floor(Date.now() / SECOND) * SECOND);
  const clock = new ManualClock(t0);

  beforeAll(async () => {
    svc = await startService({
      clock,
      config: { mode: 'production', signingSecret: 'x'.repeat(40), housekeepingIntervalSeconds: 0 },
    });
  });
  afterAll(() => svc?.close());

  it('removes an app enrolment and a passkey challenge left unfinished, once they can no longer be finished', async () => {
    await person(svc, 'keskenerainen');
    const login = await svc.request('POST', '/authenticator/api/login', {
      body: { username: 'keskenerainen', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const headers = { cookie: login.headers.get('set-cookie')!.split(';')[0], 'x-csrf-token': login.body.csrfToken };
    expect((await svc.request('POST', '/authenticator/api/enrolment/totp', { headers })).status).toBe(200);
    const options = await svc.request('POST', '/authenticator/api/passkeys/registration/options', { headers });
    expect(options.status).toBe(200);
    const pass = () => svc.app.services.housekeeping.runOnce();
    expect(await pass()).toEqual(NONE);
    // the password stage (5 minutes) and the passkey challenge (5 minutes) are over; the app's enrolment (30) not
    clock.set(new Date(t0.getTime() + 6 * MINUTE));
    expect(await pass()).toEqual(counts({ authenticatorSessions: 1, authenticatorChallenges: 1 }));
    clock.set(new Date(t0.getTime() + 31 * MINUTE));
    expect(await pass()).toEqual(counts({ authenticatorEnrolments: 1 }));
    const left = await svc.app.ctx.db.selectFrom('authenticator_factors').select('id').execute();
    expect(left).toEqual([]);
    expect(await pass()).toEqual(NONE);
  });
});

describe('tase admin housekeeping', () => {
  const run = promisify(execFile);
  const dir = mkdtempSync(join(tmpdir(), 'tase-housekeeping-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs one pass and prints the counts as JSON', async () => {
    let url = join(dir, 'cli.sqlite');
    if (testEngine === 'postgres') {
      database = await freshDatabase();
      url = database.url;
    }
    const env = { ...process.env, DATABASE_URL: url, TASE_MODE: 'sandbox', LOG_LEVEL: 'silent' };
    const tase = (args: string[]) =>
      run(process.execPath, ['src/main.ts', ...args], { env }).then(
        ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
        (err) => err as { stdout: string; stderr: string; code: number },
      );
    expect((await tase(['migrate'])).code).toBe(0);
    const { openDatabase } = await import('../src/db/index.ts');
    const db = database ?? openDatabase({ url, globalTables: globalTables() });
    const longAgo = '2020-01-01T00:00:00.000';
    await db.db
      .insertInto('login_flows')
      .values({
        id: 'old-flow',
        secret_digest: 'x',
        csrf_digest: 'x',
        client_id: 'c',
        redirect_uri: 'https://x.example/cb',
        state: null,
        code_challenge: null,
        user_id: null,
        auth_time: null,
        created_at: longAgo,
        expires_at: longAgo,
      })
      .execute();
    await db.db
      .insertInto('rate_limit_windows')
      .values({ client_id: 'old-client', window_start: 1_000_000, count: 1 })
      .execute();
    if (!database) await db.close();

    const first = await tase(['admin', 'housekeeping']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual(counts({ loginFlows: 1, rateLimitWindows: 1 }));
    expect(JSON.parse((await tase(['admin', 'housekeeping'])).stdout)).toEqual(NONE);
    const wrong = await tase(['admin', 'housekeeping', 'now']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/takes no arguments/);
  }, 60_000);
});
