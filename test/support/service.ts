// Starts the real service on a loopback port over a fresh database, with a demo company, and offers a small
// HTTP client. Tests talk to it over real HTTP only.
import { buildApp, type App } from '../../src/app.ts';
import { configFromEnv, type Config } from '../../src/platform/config.ts';
import { ManualClock, type Clock } from '../../src/platform/clock.ts';
import { AdminService } from '../../src/company/admin.ts';
import { seedDemo, type DemoCredentials } from '../../src/company/demo.ts';
import { freshDatabase, replicaUrl } from './database.ts';
import type { DatabaseHandle } from '../../src/db/index.ts';

interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

interface RequestOptions {
  token?: string | null;
  body?: unknown;
  /** Raw body text (sent as is). */
  raw?: string;
  headers?: Record<string, string>;
  contentType?: string;
  /**
   * Answers exactly in the real interface's shapes, as a client of the real service gets them. Without it the
   * client asks for Tase's additions (`Tase-Additions: include`): the tests of an area check what Tase has beyond
   * the real types too; test/strict-client.test.ts checks the real shapes.
   */
  realShape?: boolean;
}

export interface TestService {
  app: App;
  base: string;
  clock: Clock;
  admin: AdminService;
  demo: DemoCredentials;
  /** Access token of the demo API key (client credentials), cached. */
  token(): Promise<string>;
  /** A token for another API key. */
  tokenFor(apiKey: string, clientId?: string, clientSecret?: string): Promise<string>;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<Answer<T>>;
  /** Shorthand for `/api` + path with the demo token. */
  api<T = any>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<Answer<T>>;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  config?: Partial<Config>;
  /** A database to serve instead of a fresh one (closed with the service). */
  database?: DatabaseHandle & { url: string };
}

export async function startService(options: StartOptions = {}): Promise<TestService> {
  const database = options.database ?? (await freshDatabase());
  const clock = options.clock ?? new ManualClock(new Date());
  const config: Config = {
    ...configFromEnv({ TASE_MODE: 'sandbox' }),
    databaseUrl: database.url,
    databaseReadUrl: replicaUrl(database.url),
    port: 0,
    logLevel: 'silent',
    validateResponses: true,
    // Tests send bursts far above 60/s: the rate limit is off unless a test sets it (test/identity-rate-limit.test.ts).
    rateLimitPerSecond: 0,
    // Passwords hashed at the least cost the setting takes (2^14): the suite hashes thousands; the default
    // (2^17) and the rehash from one to the other are tested in test/password-hashing.test.ts.
    passwordCost: 14,
    ...options.config,
  };
  const app = await buildApp({ config, clock, database });
  await app.fastify.listen({ port: config.port, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const demo = await seedDemo(app.ctx);
  const admin = new AdminService(app.ctx);

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      ...(opts.realShape ? {} : { 'tase-additions': 'include' }),
      ...opts.headers,
    };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !headers['content-type'])
      headers['content-type'] = opts.contentType ?? 'application/json';
    const response = await fetch(`${base}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = undefined;
    // Plain JSON.parse: numbers compare naturally in assertions; tests of exactness look at `text`.
    if (text && (response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  async function tokenFor(apiKey: string, clientId = demo.clientId, clientSecret = demo.clientSecret): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      api_key: apiKey,
    });
    const answer = await request<{ access_token: string }>('POST', '/api/oauth/token', {
      raw: form.toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    if (answer.status !== 200) throw new Error(`token request failed: ${answer.status} ${answer.text}`);
    return answer.body.access_token;
  }

  // Re-issued when the (movable) clock has passed its expiry.
  let cached: { token: string; exp: number } | undefined;
  const token = async () => {
    if (!cached || cached.exp <= clock.now().getTime() / 1000 + 5) {
      const fresh = await tokenFor(demo.apiKey);
      cached = { token: fresh, exp: JSON.parse(Buffer.from(fresh.split('.')[1], 'base64url').toString()).exp };
    }
    return cached.token;
  };

  return {
    app,
    base,
    clock,
    admin,
    demo,
    token,
    tokenFor,
    request,
    async api(method, path, body, opts = {}) {
      return request(method, `/api${path}`, { token: await token(), body, ...opts });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A second company with its own admin user and API key on the demo client: for tenant-isolation tests. */
export async function otherCompany(
  service: TestService,
  name = 'Other Oy',
  businessForm?: string,
): Promise<{ companyId: number; token: string }> {
  const company = await service.admin.createCompany({ name, businessForm });
  const user = await service.admin.createUser({
    username: `admin${company.companyId}`,
    password: 'Other-pass-1',
    firstName: 'Other',
    lastName: 'Admin',
    email: `o${company.companyId}@example.com`,
  });
  await service.admin.addMember(company.companyId, user.userId, 'ADMIN');
  const key = await service.admin.createApiKey({
    companyId: company.companyId,
    userId: user.userId,
    clientId: service.demo.clientId,
  });
  return { companyId: company.companyId, token: await service.tokenFor(key.apiKey) };
}
