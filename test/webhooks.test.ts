// Webhooks over real HTTP: subscriptions, and signed deliveries to a real receiver with retries on a movable
// clock, a restart of the service in the middle of the retries, production-mode address rules, and two workers
// on one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../src/app.ts';
import { configFromEnv, type Config } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { seedDemo, type DemoCredentials } from '../src/company/demo.ts';
import { AdminService } from '../src/company/admin.ts';
import { emitEvent } from '../src/webhooks/outbox.ts';
import { DeliveryWorker } from '../src/webhooks/worker.ts';
import type { KyselyPlugin } from 'kysely';
import { startService, otherCompany, type TestService } from './support/service.ts';
import { freshDatabase, testEngine } from './support/database.ts';
import { person, personTokenOn, until } from './mfa-helpers.ts';
import { globalTables } from '../src/modules.ts';

const SECRET = 'receiver-shared-secret-0123456789';
const user = { firstName: 'Maija', lastName: 'Meikäläinen', email: 'maija@example.com' };

// ---- a real receiver ------------------------------------------------------------------------------------

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: any;
  answeredWith: number;
}

class Receiver {
  readonly received: Received[] = [];
  /** Status answered to the next requests. */
  status = 200;
  #server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const status = this.status;
        this.received.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')), answeredWith: status });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
    return this;
  }

  of(eventType: string): Received[] {
    return this.received.filter((r) => r.body.eventType === eventType);
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}

/** What a receiver does: hex HMAC-SHA512 of the raw body, compared in constant time. */
function signatureValid(raw: Buffer, header: string | string[] | undefined, secret = SECRET): boolean {
  if (typeof header !== 'string') return false;
  const expected = createHmac('sha512', secret).update(raw).digest();
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const hook = (url: string, subscriptions: string[], extra: Record<string, unknown> = {}) => ({
  url,
  authenticationType: 'HMAC',
  authenticationMeta: { sharedSecret: SECRET, hashFunction: 'SHA512' },
  subscriptions,
  ...extra,
});

const MINUTE = 60_000;

// ---- subscriptions --------------------------------------------------------------------------------------

describe('webhook subscriptions', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc.close());

  it('creates, lists, filters, replaces and deletes webhooks; one webhook per event type', async () => {
    const created = await svc.api(
      'POST',
      '/webhooks',
      hook('https://hooks.example.com/a', ['USER_UPDATED', 'PAYMENT_DELETED']),
    );
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ status: 200, uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const uuid = created.body.uuid;

    const clash = await svc.api(
      'POST',
      '/webhooks',
      hook('https://hooks.example.com/b', ['INVOICE_PAYMENT_CREATED', 'PAYMENT_DELETED']),
    );
    expect(clash.status).toBe(400);
    expect(clash.body.errors).toEqual([
      { status: 400, field: 'subscriptions[1]', message: expect.stringContaining('PAYMENT_DELETED') },
    ]);

    const one = await svc.api('GET', `/webhooks/${uuid}`);
    expect(one.body).toEqual({
      uuid,
      url: 'https://hooks.example.com/a',
      authenticationType: 'HMAC',
      authenticationMeta: { hashFunction: 'SHA512' },
      subscriptions: ['PAYMENT_DELETED', 'USER_UPDATED'],
    });
    expect(one.text).not.toContain(SECRET);

    const all = await svc.api('GET', '/webhooks');
    expect(all.body.meta).toMatchObject({ pageNumber: 0, resultCount: 1, totalCount: 1 });
    expect((await svc.api('GET', '/webhooks?eventType=PAYMENT_DELETED')).body.results).toHaveLength(1);
    expect(
      (await svc.api('GET', '/webhooks?eventType=INVOICE_PAYMENT_CREATED,PAYMENT_UPDATED')).body.results,
    ).toHaveLength(0);
    expect(
      (
        await svc.api(
          'GET',
          `/webhooks?url=${encodeURIComponent('https://hooks.example.com/a')}&orderByCreatedDate=DESC`,
        )
      ).body.results,
    ).toHaveLength(1);
    expect((await svc.api('GET', '/webhooks?eventType=NO_SUCH_EVENT')).status).toBe(400);

    const replaced = await svc.api(
      'PUT',
      `/webhooks/${uuid}`,
      hook('https://hooks.example.com/a2', ['USER_UPDATED'], { uuid }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ message: expect.any(String) });
    expect((await svc.api('GET', `/webhooks/${uuid}`)).body).toMatchObject({
      url: 'https://hooks.example.com/a2',
      subscriptions: ['USER_UPDATED'],
    });
    // PAYMENT_DELETED is free again
    const second = await svc.api(
      'POST',
      '/webhooks',
      hook('https://hooks.example.com/b', ['PAYMENT_DELETED'], {
        authenticationType: 'NONE',
        authenticationMeta: undefined,
      }),
    );
    expect(second.status).toBe(200);
    expect((await svc.api('GET', `/webhooks/${second.body.uuid}`)).body.authenticationMeta).toBeUndefined();

    expect((await svc.api('DELETE', `/webhooks/${uuid}`)).status).toBe(204);
    expect((await svc.api('GET', `/webhooks/${uuid}`)).status).toBe(404);
    expect((await svc.api('DELETE', `/webhooks/${uuid}`)).status).toBe(404);
    // its events can be subscribed again
    expect((await svc.api('POST', '/webhooks', hook('https://hooks.example.com/c', ['USER_UPDATED']))).status).toBe(
      200,
    );
  });

  it('validates url, authentication and events, reporting all failures together', async () => {
    const bad = await svc.api('POST', '/webhooks', {
      url: 'ftp://example.com/x',
      authenticationType: 'HMAC',
      authenticationMeta: { sharedSecret: 'short' },
      subscriptions: ['PAYMENT_UPDATED', 'PAYMENT_UPDATED'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'authenticationMeta.sharedSecret',
      'subscriptions[1]',
      'url',
    ]);
    const missing = await svc.api('POST', '/webhooks', {
      url: 'https://example.com/x',
      authenticationType: 'HMAC',
      subscriptions: ['PAYMENT_UPDATED'],
    });
    expect(missing.body.errors[0].field).toBe('authenticationMeta.sharedSecret');
    const schema = await svc.api('POST', '/webhooks', {
      url: 'https://example.com/x',
      authenticationType: 'BASIC',
      subscriptions: ['NOPE'],
      extra: 1,
    });
    expect(schema.status).toBe(400);
    expect(schema.body.errors.length).toBeGreaterThanOrEqual(3);
    expect(
      (
        await svc.api('POST', '/webhooks', {
          url: 'https://example.com/x',
          authenticationType: 'NONE',
          subscriptions: [],
        })
      ).status,
    ).toBe(400);
    expect((await svc.api('GET', '/webhooks/not-a-uuid')).status).toBe(400);
    const wrongUuid = await svc.api(
      'PUT',
      `/webhooks/${randomUUID()}`,
      hook('https://example.com/x', ['PAYMENT_UPDATED']),
    );
    expect(wrongUuid.status).toBe(404);
  });

  it('keeps companies apart and enforces the webhooks right', async () => {
    const mine = (
      await svc.api('POST', '/webhooks', hook('https://hooks.example.com/mine', ['TRACKING_PERIOD_STATUS_UPDATED']))
    ).body.uuid;
    const other = await otherCompany(svc, 'Webhook Other Oy');
    const as = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    expect((await as('GET', `/webhooks/${mine}`)).status).toBe(404);
    expect((await as('PUT', `/webhooks/${mine}`, hook('https://x.example.com/', ['USER_UPDATED']))).status).toBe(404);
    expect((await as('DELETE', `/webhooks/${mine}`)).status).toBe(404);
    expect((await as('GET', `/webhooks/${mine}/deliveries`)).status).toBe(404);
    expect((await as('GET', '/webhooks')).body.results).toHaveLength(0);
    // the same event in another company is another subscription
    expect(
      (await as('POST', '/webhooks', hook('https://hooks.example.com/theirs', ['TRACKING_PERIOD_STATUS_UPDATED'])))
        .status,
    ).toBe(200);

    const viewer = await svc.admin.createUser({
      username: 'webhookviewer',
      firstName: 'V',
      lastName: 'V',
      email: 'v@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, viewer.userId, 'VIEWER');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: viewer.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', '/api/webhooks', { token })).status).toBe(200);
    const refused = await svc.request('POST', '/api/webhooks', {
      token,
      body: hook('https://x.example.com/', ['PAYMENT_UPDATED']),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toContain('management.webhooks');
  });

  it('documents the message, the signed bytes, the timestamp unit, headers and retries', async () => {
    const doc = await svc.request('GET', '/api/openapi.json');
    const text = doc.body.paths['/webhooks'].post.description as string;
    expect(text).toContain('X-Tase-Signature');
    expect(text).toContain('exact body bytes');
    expect(text).toContain('milliseconds');
    expect(text).toContain('X-Tase-Delivery');
    expect(text).toMatch(/24 hours/);
    expect(doc.body.paths['/webhooks/{uuid}/deliveries'].get).toBeDefined();
  });
});

// ---- delivery -------------------------------------------------------------------------------------------

describe('webhook delivery (sandbox)', () => {
  let svc: TestService;
  let receiver: Receiver;
  let maija: Awaited<ReturnType<typeof person>>;
  let webhookUuid: string;
  const clock = new ManualClock('2026-11-21T10:00:00Z');

  beforeAll(async () => {
    svc = await startService({ clock });
    receiver = await new Receiver().start();
    maija = await person(svc, 'maija');
    webhookUuid = (await svc.api('POST', '/webhooks', hook(receiver.url, ['USER_UPDATED']))).body.uuid;
  });
  afterAll(async () => {
    await svc.close();
    await receiver.stop();
  });

  const deliveries = async () => (await svc.api('GET', `/webhooks/${webhookUuid}/deliveries`)).body.results;
  const updateUser = async (firstName: string) => {
    const token = await personTokenOn(svc.app, svc.base, svc.demo, maija.userId, svc.demo.companyId);
    const answer = await svc.request('PUT', '/api/users', { token, body: { ...user, firstName } });
    expect(answer.status).toBe(202);
    return answer.body.transactionIdentifier as string;
  };

  it('POSTs USER_UPDATED with the documented body, headers and a valid HMAC-SHA512 signature', async () => {
    const transactionIdentifier = await updateUser('Maija');
    const got = await until(() => receiver.of('USER_UPDATED')[0], 30_000, 'the event');
    expect(got.headers['content-type']).toBe('application/json');
    expect(signatureValid(got.raw, got.headers['x-tase-signature'])).toBe(true);
    expect(signatureValid(got.raw, got.headers['x-tase-signature'], 'another-secret-000000')).toBe(false);
    expect(got.headers['x-tase-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(got.headers['x-tase-event']).toBe('USER_UPDATED');
    expect(got.headers['x-tase-attempt']).toBe('1');
    expect(got.body).toEqual({
      eventType: 'USER_UPDATED',
      webhookUuid,
      payload: { transactionIdentifier, userId: maija.userId, message: 'User information updated.' },
      meta: { version: '26.10', timestamp: clock.now().getTime() },
    });
    const [delivery] = await until(async () => {
      const list = await deliveries();
      return list[0]?.status === 'DELIVERED' ? list : undefined;
    });
    expect(delivery).toMatchObject({
      deliveryId: got.headers['x-tase-delivery'],
      eventType: 'USER_UPDATED',
      attempts: 1,
      lastResponseStatus: 200,
    });
    expect(delivery.body).toBe(got.raw.toString('utf8')); // the signed bytes, as stored
  });

  it('retries with growing delays on the clock, with the same delivery id, until a 2xx', async () => {
    receiver.received.length = 0;
    receiver.status = 500;
    await updateUser('Retry');
    const first = await until(() => receiver.received[0], 30_000, 'attempt 1');
    const pending = await until(async () => {
      const [d] = await deliveries();
      return d.attempts === 1 ? d : undefined;
    });
    expect(pending).toMatchObject({ status: 'PENDING', lastResponseStatus: 500, lastError: 'answered 500' });
    expect(Date.parse(`${pending.nextAttemptAt}Z`) - clock.now().getTime()).toBe(MINUTE);

    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received).toHaveLength(1); // nothing before the clock moves
    clock.advance(MINUTE);
    await until(() => receiver.received[1], 30_000, 'attempt 2');
    const second = await until(async () => {
      const [d] = await deliveries();
      return d.attempts === 2 ? d : undefined;
    });
    expect(Date.parse(`${second.nextAttemptAt}Z`) - clock.now().getTime()).toBe(2 * MINUTE);
    receiver.status = 200;
    clock.advance(2 * MINUTE);
    const third = await until(() => receiver.received[2], 30_000, 'attempt 3');
    expect(receiver.received.map((r) => r.headers['x-tase-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(receiver.received.map((r) => r.headers['x-tase-delivery'])).size).toBe(1);
    expect(third.raw.equals(first.raw)).toBe(true);
    expect(signatureValid(third.raw, third.headers['x-tase-signature'])).toBe(true);
    const done = await until(async () => {
      const [d] = await deliveries();
      return d.status === 'DELIVERED' ? d : undefined;
    });
    expect(done.attempts).toBe(3);
    expect(done.attemptLog.map((a: { status: number }) => a.status)).toEqual([500, 500, 200]);
  });

  it('marks a delivery failed after 24 hours of failures, visible and sendable again', async () => {
    receiver.received.length = 0;
    receiver.status = 503;
    await updateUser('Failing');
    const start = clock.now().getTime();
    let attempts = 0;
    for (;;) {
      const d = await until(
        async () => {
          const [latest] = await deliveries();
          return latest.attempts > attempts ? latest : undefined;
        },
        30_000,
        `attempt ${attempts + 1}`,
      );
      attempts = d.attempts;
      if (d.status === 'FAILED') break;
      clock.set(`${d.nextAttemptAt}Z`);
    }
    expect(attempts).toBe(12);
    expect(clock.now().getTime() - start).toBe(24 * 60 * MINUTE);
    const [failed] = await deliveries();
    expect(failed).toMatchObject({ status: 'FAILED', lastResponseStatus: 503 });
    expect(failed.nextAttemptAt).toBeUndefined();
    expect((await svc.api('GET', `/webhooks/${webhookUuid}/deliveries?status=FAILED`)).body.results).toHaveLength(1);
    clock.advance(MINUTE);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(12); // given up

    receiver.status = 204;
    expect((await svc.api('PUT', `/webhooks/${webhookUuid}/deliveries/${failed.deliveryId}/retry`)).status).toBe(200);
    await until(() => receiver.received[12], 30_000, 'the redelivery');
    const redelivered = await until(async () => {
      const [d] = await deliveries();
      return d.status === 'DELIVERED' ? d : undefined;
    });
    expect(redelivered.attempts).toBe(13);
    expect((await svc.api('PUT', `/webhooks/${webhookUuid}/deliveries/${failed.deliveryId}/retry`)).status).toBe(409);
  });

  it('sends no signature for authenticationType NONE, and cancels pending deliveries of a deleted webhook', async () => {
    receiver.received.length = 0;
    receiver.status = 200;
    const plain = (
      await svc.api('POST', '/webhooks', {
        url: receiver.url,
        authenticationType: 'NONE',
        subscriptions: ['PAYMENT_UPDATED'],
      })
    ).body.uuid;
    await svc.app.ctx.db.transaction().execute((trx) =>
      emitEvent(trx, {
        companyId: svc.demo.companyId,
        eventType: 'PAYMENT_UPDATED',
        payload: { paymentId: 7, message: 'x' },
        now: clock.now(),
      }),
    );
    svc.app.services.webhooks.worker.wake();
    const got = await until(() => receiver.of('PAYMENT_UPDATED')[0]);
    expect(got.headers['x-tase-signature']).toBeUndefined();
    expect(got.body.payload).toEqual({ paymentId: 7, message: 'x' });

    receiver.status = 500;
    await svc.app.ctx.db.transaction().execute((trx) =>
      emitEvent(trx, {
        companyId: svc.demo.companyId,
        eventType: 'PAYMENT_UPDATED',
        payload: { paymentId: 8, message: 'y' },
        now: clock.now(),
      }),
    );
    svc.app.services.webhooks.worker.wake();
    await until(() => receiver.of('PAYMENT_UPDATED')[1]);
    await until(
      async () =>
        (await svc.api('GET', `/webhooks/${plain}/deliveries?status=PENDING`)).body.results[0]?.attempts === 1,
    );
    const before = await svc.app.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['status'])
      .where('company_id', '=', svc.demo.companyId)
      .where('webhook_uuid', '=', plain)
      .execute();
    expect(before.map((r) => r.status).sort()).toEqual(['DELIVERED', 'PENDING']);
    expect((await svc.api('DELETE', `/webhooks/${plain}`)).status).toBe(204);
    const after = await svc.app.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['status'])
      .where('company_id', '=', svc.demo.companyId)
      .where('webhook_uuid', '=', plain)
      .execute();
    expect(after.map((r) => r.status).sort()).toEqual(['CANCELED', 'DELIVERED']);
    clock.advance(10 * MINUTE);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.of('PAYMENT_UPDATED')).toHaveLength(2);
  });
});

// ---- restart and several workers: apps built directly on a database that outlives them -------------------

interface Running {
  app: App;
  base: string;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** A database that can be opened again after the app on it stopped: a file on SQLite, a fresh database on PostgreSQL. */
async function reopenableDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (testEngine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tase-webhooks-'));
    return { url: join(dir, 'tase.sqlite'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const fresh = await freshDatabase();
  return { url: fresh.url, drop: () => fresh.close() };
}

async function startOn(
  url: string,
  clock: ManualClock,
  config: Partial<Config> = {},
  handle?: DatabaseHandle,
  background = true,
): Promise<Running> {
  const database = handle ?? openDatabase({ url, globalTables: globalTables() });
  const app = await buildApp({
    config: {
      ...configFromEnv({ TASE_MODE: 'sandbox' }),
      databaseUrl: url,
      port: 0,
      logLevel: 'silent',
      validateResponses: true,
      rateLimitPerSecond: 0,
      ...config,
    },
    clock,
    database,
    background,
  });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    base,
    handle: database,
    async close() {
      await app.close();
      if (!handle) await database.close();
    },
  };
}

async function apiOn(running: Running, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${running.base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** An access token of the demo company's API client (client credentials). */
async function clientToken(running: Running, demo: DemoCredentials): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: demo.clientId,
    client_secret: demo.clientSecret,
    api_key: demo.apiKey,
  });
  const res = await fetch(`${running.base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('webhook delivery across a restart', () => {
  it('delivers the event after the service is stopped and started again mid-retry', async () => {
    const database = await reopenableDatabase();
    const receiver = await new Receiver().start();
    const clock = new ManualClock('2026-11-21T10:00:00Z');
    try {
      let first = await startOn(database.url, clock);
      const demo: DemoCredentials = await seedDemo(first.app.ctx);
      const admin = new AdminService(first.app.ctx);
      const created = await admin.createUser({
        username: 'restart',
        password: 'Secret-pass-1',
        firstName: 'R',
        lastName: 'S',
        email: 'r@example.com',
      });
      await admin.addMember(demo.companyId, created.userId, 'ADMIN');
      let token = await personTokenOn(first.app, first.base, demo, created.userId, demo.companyId);
      const webhook = await apiOn(first, token, 'POST', '/webhooks', hook(receiver.url, ['USER_UPDATED']));
      expect(webhook.status).toBe(200);

      receiver.status = 500;
      const started = await apiOn(first, token, 'PUT', '/users', user);
      expect(started.status).toBe(202);
      await until(() => receiver.received[0], 30_000, 'attempt 1');
      await until(async () => {
        const list = await apiOn(first, token, 'GET', `/webhooks/${webhook.body.uuid}/deliveries`);
        return list.body.results[0]?.attempts === 1;
      });
      await first.close(); // the service stops in the middle of the retries

      receiver.status = 200;
      clock.advance(MINUTE);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.received).toHaveLength(1); // nobody is running

      const second = await startOn(database.url, clock, { webhookSignatureHeader: 'X-Receiver-Signature' });
      try {
        const got = await until(() => receiver.received[1], 30_000, 'the delivery after the restart');
        expect(got.headers['x-tase-attempt']).toBe('2');
        expect(got.headers['x-tase-delivery']).toBe(receiver.received[0].headers['x-tase-delivery']);
        expect(got.raw.equals(receiver.received[0].raw)).toBe(true);
        expect(got.body.payload.transactionIdentifier).toBe(started.body.transactionIdentifier);
        expect(signatureValid(got.raw, got.headers['x-receiver-signature'])).toBe(true); // the configured header name
        expect(got.headers['x-tase-signature']).toBeUndefined();
        token = await personTokenOn(second.app, second.base, demo, created.userId, demo.companyId);
        const done = await until(async () => {
          const list = await apiOn(second, token, 'GET', `/webhooks/${webhook.body.uuid}/deliveries`);
          return list.body.results[0]?.status === 'DELIVERED' ? list.body.results[0] : undefined;
        });
        expect(done.attempts).toBe(2);
      } finally {
        await second.close();
      }
      first = undefined as never;
    } finally {
      await receiver.stop();
      await database.drop();
    }
  }, 120_000);

  it('two workers on one database deliver every event exactly once', async () => {
    const fresh = await freshDatabase();
    const receiver = await new Receiver().start();
    const clock = new ManualClock('2026-11-21T10:00:00Z');
    // on PostgreSQL the two apps have their own connection pools; SQLite in memory is one database per handle
    const a = await startOn(fresh.url, clock, {}, testEngine === 'sqlite' ? fresh : undefined);
    const b = await startOn(fresh.url, clock, {}, testEngine === 'sqlite' ? fresh : undefined);
    try {
      const demo = await seedDemo(a.app.ctx);
      const token = await clientToken(a, demo);
      expect((await apiOn(a, token, 'POST', '/webhooks', hook(receiver.url, ['PAYMENT_UPDATED']))).status).toBe(200);
      const COUNT = 300;
      await a.app.ctx.db.transaction().execute(async (trx) => {
        for (let i = 1; i <= COUNT; i++)
          await emitEvent(trx, {
            companyId: demo.companyId,
            eventType: 'PAYMENT_UPDATED',
            payload: { paymentId: i, message: 'updated' },
            now: clock.now(),
          });
      });
      a.app.services.webhooks.worker.wake();
      b.app.services.webhooks.worker.wake();
      await until(() => receiver.received.length >= COUNT, 30_000, `${COUNT} deliveries`);
      await new Promise((r) => setTimeout(r, 500));
      const ids = receiver.received.map((r) => r.headers['x-tase-delivery']);
      expect(ids).toHaveLength(COUNT);
      expect(new Set(ids).size).toBe(COUNT);
      expect(new Set(receiver.received.map((r) => r.body.payload.paymentId)).size).toBe(COUNT);
    } finally {
      await a.close();
      await b.close();
      await receiver.stop();
      await fresh.close();
    }
  }, 120_000);
});

describe('webhook delivery when the database fails under a round', () => {
  it('sends what a failed round had claimed at its next round, not after the lease', async () => {
    const fresh = await freshDatabase();
    const receiver = await new Receiver().start();
    // the clock stands still: a lease (2 minutes) never runs out here, so only a claim of the worker's own lease
    // delivers the row
    const clock = new ManualClock('2026-11-21T10:00:00Z');
    const running = await startOn(fresh.url, clock, {}, fresh, false);
    const warnings: string[] = [];
    // the fault: the read of the webhook after the claim fails once, as a statement does when the primary dies
    let failures = 1;
    const failingOnce: KyselyPlugin = {
      transformQuery({ node }) {
        if (failures > 0 && node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"name":"webhooks"')) {
          failures--;
          throw new Error('Connection terminated unexpectedly');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const worker = new DeliveryWorker(
      { ...running.app.ctx, db: running.app.ctx.db.withPlugin(failingOnce) },
      { logger: { warn: (_data, message) => warnings.push(message) } },
    );
    try {
      const demo = await seedDemo(running.app.ctx);
      const token = await clientToken(running, demo);
      expect((await apiOn(running, token, 'POST', '/webhooks', hook(receiver.url, ['USER_UPDATED']))).status).toBe(200);
      const ids = await running.app.ctx.db.transaction().execute((trx) =>
        emitEvent(trx, {
          companyId: demo.companyId,
          eventType: 'USER_UPDATED',
          payload: { userId: 1, message: 'updated' },
          now: clock.now(),
        }),
      );
      expect(ids).toHaveLength(1);
      worker.start();
      await until(() => receiver.received[0], 10_000, 'the delivery claimed by the failed round');
      expect(warnings).toEqual(['webhook delivery round failed']);
      expect(failures).toBe(0);
      // the receiver answers before the worker records the delivery: wait for the record
      const row = await until(
        async () => {
          const [found] = await running.app.ctx.db
            .selectFrom('webhook_deliveries')
            .select(['status', 'attempts', 'lease_owner'])
            .where('company_id', '=', demo.companyId)
            .execute();
          return found?.status === 'PENDING' ? undefined : found;
        },
        10_000,
        'the delivery recorded',
      );
      expect(row).toEqual({ status: 'DELIVERED', attempts: 1, lease_owner: null });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await worker.stop();
      await running.close();
      await receiver.stop();
      await fresh.close();
    }
  }, 60_000);
});

// ---- production mode ------------------------------------------------------------------------------------

describe('webhook addresses in production mode', () => {
  it('refuses loopback, private and link-local targets unless allowed by configuration', async () => {
    const receiver = await new Receiver().start();
    const clock = new ManualClock('2026-11-21T10:00:00Z');
    const strict = await startService({ clock, config: { mode: 'production', signingSecret: 'x'.repeat(40) } });
    const open = await startService({
      clock,
      config: { mode: 'production', signingSecret: 'x'.repeat(40), webhookAllowPrivate: true },
    });
    try {
      for (const url of [
        receiver.url,
        'http://localhost:8080/hook',
        'http://10.0.0.5/hook',
        'http://[::1]/hook',
        'http://169.254.169.254/latest/meta-data',
      ]) {
        const refused = await strict.api('POST', '/webhooks', hook(url, ['PAYMENT_UPDATED']));
        expect(refused.status, url).toBe(400);
        expect(refused.body.errors[0]).toMatchObject({
          field: 'url',
          message: expect.stringContaining('loopback, private or link-local'),
        });
      }
      // a name is checked against the address it resolves to, on every connection
      await strict.app.ctx.db
        .insertInto('webhooks')
        .values({
          company_id: strict.demo.companyId,
          uuid: randomUUID(),
          url: receiver.url.replace('127.0.0.1', 'localhost'),
          authentication_type: 'NONE',
          shared_secret: null,
          hash_function: null,
          created_at: '2026-11-21T10:00:00.000',
          version: '2026-11-21T10:00:00.000',
        })
        .execute();
      const uuid = (
        await strict.app.ctx.db
          .selectFrom('webhooks')
          .select('uuid')
          .where('company_id', '=', strict.demo.companyId)
          .executeTakeFirstOrThrow()
      ).uuid;
      await strict.app.ctx.db
        .insertInto('webhook_subscriptions')
        .values({ company_id: strict.demo.companyId, event_type: 'PAYMENT_UPDATED', webhook_uuid: uuid })
        .execute();
      await strict.app.ctx.db.transaction().execute((trx) =>
        emitEvent(trx, {
          companyId: strict.demo.companyId,
          eventType: 'PAYMENT_UPDATED',
          payload: { paymentId: 1, message: 'x' },
          now: clock.now(),
        }),
      );
      strict.app.services.webhooks.worker.wake();
      const attempt = await until(async () =>
        (await strict.api('GET', `/webhooks/${uuid}/deliveries`)).body.results.find(
          (d: { attempts: number }) => d.attempts === 1,
        ),
      );
      // the company reads its delivery log: the internal address is not told
      expect(attempt.lastError).toMatch(/localhost resolves to an address webhooks may not reach/);
      expect(attempt.lastError).not.toMatch(/127\.0\.0\.1|::1/);
      expect(attempt.lastResponseStatus).toBeUndefined();
      expect(receiver.received).toHaveLength(0);

      const allowed = await open.api('POST', '/webhooks', hook(receiver.url, ['PAYMENT_UPDATED']));
      expect(allowed.status).toBe(200);
      await open.app.ctx.db.transaction().execute((trx) =>
        emitEvent(trx, {
          companyId: open.demo.companyId,
          eventType: 'PAYMENT_UPDATED',
          payload: { paymentId: 2, message: 'y' },
          now: clock.now(),
        }),
      );
      open.app.services.webhooks.worker.wake();
      const got = await until(() => receiver.received[0]);
      expect(got.body.payload.paymentId).toBe(2);
    } finally {
      await strict.close();
      await open.close();
      await receiver.stop();
    }
  }, 120_000);
});
