// The route mechanism itself, on a small app of test routes over real HTTP: version availability of a route,
// and 5xx answers that never leak internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  installConventions,
  installNotFound,
  installVersionLifecycle,
  registerRoute,
  RouteTable,
  operationIdOf,
} from '../src/platform/http.ts';
import { route, type RequestAuth } from '../src/platform/route.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { canonicalUrl } from '../src/platform/versions.ts';
import { Type } from '../src/platform/schema.ts';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify({ logger: false, rewriteUrl: (req) => canonicalUrl(req.url ?? '/') });
  installConventions(app, { bodyLimit: 1024, validateResponses: false });
  installVersionLifecycle(app, new ManualClock('2026-11-01T00:00:00Z'));
  const table = new RouteTable();
  const noAuth = {
    authenticate: async (): Promise<RequestAuth> => {
      throw new Error('unused');
    },
  };
  const defs = [
    route({
      method: 'GET',
      path: '/newthing',
      since: '26.10',
      auth: 'none',
      right: null,
      tags: ['T'],
      summary: 'new',
      schema: {},
      handler: () => ({ ok: true }),
    }),
    route({
      method: 'GET',
      path: '/oldthing',
      removedIn: '26.08',
      auth: 'none',
      right: null,
      tags: ['T'],
      summary: 'old',
      schema: {},
      handler: () => ({ ok: true }),
    }),
    route({
      method: 'GET',
      path: '/broken',
      auth: 'none',
      right: null,
      tags: ['T'],
      summary: 'fails',
      schema: {},
      handler: () => {
        throw new Error('connection string postgres://secret@db failed at /srv/app.ts:12');
      },
    }),
    route({
      method: 'POST',
      path: '/echo',
      auth: 'none',
      right: null,
      tags: ['T'],
      summary: 'echo',
      schema: { body: Type.Object({ a: Type.String() }) },
      handler: ({ body }) => body,
    }),
  ];
  for (const def of defs) registerRoute(app, def, noAuth, table);
  installNotFound(app, table);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(() => app.close());

describe('routes by version', () => {
  it('a route answers only in the versions that have it', async () => {
    expect((await fetch(`${base}/v2610/api/newthing`)).status).toBe(200);
    expect((await fetch(`${base}/api/newthing`)).status).toBe(200);
    const older = await fetch(`${base}/v2608/api/newthing`);
    expect(older.status).toBe(404);
    expect(((await older.json()) as { errors: { status: number }[] }).errors[0].status).toBe(404);
    expect((await fetch(`${base}/supported/api/newthing`)).status).toBe(404);
    expect((await fetch(`${base}/v2605/api/oldthing`)).status).toBe(200);
    expect((await fetch(`${base}/v2608/api/oldthing`)).status).toBe(404);
  });
});

describe('server errors', () => {
  it('answer 500 with the error body and nothing of the cause', async () => {
    const answer = await fetch(`${base}/api/broken`);
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({
      errors: [{ status: 500, message: expect.stringContaining('Internal server error') }],
    });
    expect(text).not.toMatch(/secret|postgres|\.ts/);
  });

  it('bodies over the limit answer 413', async () => {
    const answer = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(2000) }),
    });
    expect(answer.status).toBe(413);
  });
});

describe('operation ids', () => {
  it('are derived from method and path', () => {
    expect(operationIdOf('GET', '/products/:productId/defaults/dimensions')).toBe(
      'getProductsByProductIdDefaultsDimensions',
    );
    expect(operationIdOf('POST', '/oauth/token')).toBe('postOauthToken');
  });
});
