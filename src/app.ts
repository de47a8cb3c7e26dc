// Builds the service: the database, the shared HTTP conventions, every area's routes and the API documents.
import { DEFAULT_PASSWORD_COST, setPasswordCost } from './auth/index.ts';
import { requestForLog } from './platform/log-redaction.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { randomBytes } from 'node:crypto';
import { editedImage, migrate, openDatabase, type DatabaseHandle } from './db/index.ts';
import type { Config } from './platform/config.ts';
import { ShiftedClock, systemClock, type Clock } from './platform/clock.ts';
import type { AppContext } from './platform/context.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  installConventions,
  installShutdownAnswer,
  installNotFound,
  installVersionLifecycle,
  MAX_PARAM_LENGTH,
  registerRoute,
  RouteTable,
} from './platform/http.ts';
import { API_DESCRIPTION, versionDocuments } from './platform/openapi.ts';
import { API_VERSIONS, LATEST_VERSION, VERSION_ALIASES, canonicalUrl } from './platform/versions.ts';
import { route } from './platform/route.ts';
import { Type } from './platform/schema.ts';
import {
  AREAS,
  allMigrations,
  allRoutes,
  apiExamples,
  apiTags,
  backgroundTasks,
  companyRegister,
  createServices,
  rootRoutes,
  type Services,
  globalTables,
} from './modules.ts';
import { backfillCompanySetup, companySetup } from './platform/company-setup.ts';
import { installRateLimit } from './platform/rate-limit.ts';
import { installMultipart, takesUploads } from './platform/multipart.ts';
import { installBodies } from './platform/body.ts';
import { MAX_ATTACHMENT_BYTES } from './attachments/index.ts';
import { registerRootRoute } from './platform/root-routes.ts';
import { installMetrics } from './platform/metrics.ts';
import { installHealth } from './platform/health.ts';
import { installDrain } from './platform/drain.ts';
import { installDocsPage } from './platform/docs-page.ts';
import { IdempotencyKeys } from './platform/idempotency.ts';

export interface AppOptions {
  config: Config;
  clock?: Clock;
  /** An already open database (tests share one per file); otherwise config.databaseUrl is opened. */
  database?: DatabaseHandle;
  /** An in-memory embedded database starts as a copy of this database file (the sandbox's template). */
  databaseImage?: Uint8Array;
  /** Run migrations before serving (default true). */
  migrate?: boolean;
  /** Start the background work, e.g. the webhook delivery worker (default true). */
  background?: boolean;
}

export interface App {
  fastify: FastifyInstance;
  ctx: AppContext;
  services: Services;
  close(): Promise<void>;
  /**
   * The embedded engine: the database as the bytes of a database file for other instances to start from, without
   * this instance's token signing secret (each makes its own, so no token of one is good at another).
   */
  templateImage?: () => Uint8Array;
  /** Readiness 503 and `Connection: close` on every answer for `graceMs`, then close. */
  drain(graceMs: number): Promise<void>;
}

const SIGNING_SECRET = 'signing_secret';

async function signingKey(database: DatabaseHandle, config: Config): Promise<Uint8Array> {
  if (config.signingSecret) return new TextEncoder().encode(config.signingSecret);
  // Sandbox without a configured secret: one generated on first start and kept in the database, so tokens
  // survive restarts of a local sandbox.
  const db = database.db;
  const existing = await db
    .selectFrom('service_settings')
    .select('value')
    .where('name', '=', SIGNING_SECRET)
    .executeTakeFirst();
  if (existing) return Buffer.from(existing.value, 'base64url');
  const secret = randomBytes(32);
  await db
    .insertInto('service_settings')
    .values({ name: SIGNING_SECRET, value: secret.toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('service_settings')
    .select('value')
    .where('name', '=', SIGNING_SECRET)
    .executeTakeFirstOrThrow();
  return Buffer.from(stored.value, 'base64url');
}

export async function buildApp(options: AppOptions): Promise<App> {
  // Request ids: a random prefix per process and a counter, unique without costing a UUID per request.
  const requestIdPrefix = randomBytes(6).toString('base64url');
  let requestCounter = 0;
  const { config } = options;
  setPasswordCost(config.passwordCost ?? DEFAULT_PASSWORD_COST);
  const clock = options.clock ?? (config.mode === 'sandbox' ? new ShiftedClock() : systemClock);
  const database =
    options.database ??
    openDatabase({
      url: config.databaseUrl,
      listenUrl: config.databaseDirectUrl,
      globalTables: globalTables(),
      image: options.databaseImage,
    });
  if (options.migrate !== false) await migrate(database.db, allMigrations());
  const replica = config.databaseReadUrl
    ? openDatabase({ url: config.databaseReadUrl, listenUrl: false, globalTables: globalTables() })
    : undefined;

  const ctx: AppContext = {
    config,
    db: database.db,
    readDb: replica?.db ?? database.db,
    engine: database.engine,
    changes: database.changes,
    clock,
    signingKey: await signingKey(database, config),
    issuer: config.publicUrl ?? `http://localhost:${config.port}`,
    companySetup: companySetup(AREAS, () => ctx),
    companies: companyRegister(),
  };
  // companies that existed before a setup step did get it now
  if (options.migrate !== false) await backfillCompanySetup(AREAS, ctx);
  const services = createServices(ctx);

  const fastify = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { req: requestForLog } },
    bodyLimit: config.bodyLimitBytes,
    // behind a TLS-terminating proxy: the client's address and https from the proxy's headers, and no one else's
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : (config.trustProxy ?? false),
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given)
        ? given
        : `${requestIdPrefix}-${(++requestCounter).toString(36)}`;
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    // answered by installShutdownAnswer, in the error body
    return503OnClosing: false,
  });

  // whether another process committed is read for each batch of arriving requests (src/db/changes.ts)
  fastify.addHook('onRequest', (request, _reply, done) => {
    database.changes.arrived(request.raw.socket ?? request.raw);
    done();
  });
  installShutdownAnswer(fastify);
  installConventions(fastify, { bodyLimit: config.bodyLimitBytes, validateResponses: config.validateResponses });
  installBodies(fastify, {
    limit: config.bodyLimitBytes,
    timeoutMs: config.bodyTimeoutMs,
    documentTimeoutMs: config.documentTimeoutMs,
  });
  // Node answers a request whose headers come too slowly (408, clientErrorHandler); it looks at its connections
  // every connectionsCheckingInterval, so that is kept well below the timeout. Bodies are timed in body.ts; Node's
  // whole-request timeout is the backstop for a body nobody reads (one sent with a request refused before it).
  fastify.server.headersTimeout = config.headersTimeoutMs;
  fastify.server.requestTimeout = config.headersTimeoutMs + Math.max(config.bodyTimeoutMs, config.documentTimeoutMs);
  // an option of Node's server its types leave out; read when the server starts listening
  (fastify.server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = Math.min(
    1000,
    Math.ceil(config.headersTimeoutMs / 4),
  );
  installVersionLifecycle(fastify, clock);
  installRateLimit(fastify, services.platform.rateLimiter);
  if (config.mode === 'sandbox') {
    services.sandbox.faults.install(fastify);
    services.sandbox.journal.install(fastify);
  }
  installMetrics(fastify, database);
  const drain = installDrain(fastify);
  installHealth(fastify, database.db, drain);

  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tase API',
        version: LATEST_VERSION,
        description: API_DESCRIPTION,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token from POST /oauth/token.',
          },
        },
      },
      tags: apiTags(),
    },
  });

  const table = new RouteTable();
  const routes = allRoutes(ctx, services);
  let documents: ReturnType<typeof versionDocuments> | undefined;
  routes.push(
    route({
      method: 'GET',
      path: '/openapi.json',
      auth: 'none',
      right: null,
      hidden: true,
      tags: ['Service'],
      summary: 'OpenAPI document of this version',
      schema: { response: { 200: Type.Object({}, { additionalProperties: true }) } },
      handler: ({ apiVersion }) => {
        documents ??= versionDocuments(fastify, apiExamples());
        return documents.get(apiVersion);
      },
    }),
  );
  // the upload parser and its hooks only where files are taken: registered for every route they cost every request
  const uploads = routes.filter(takesUploads);
  const idempotency = new IdempotencyKeys(ctx.db, clock);
  for (const def of routes)
    if (!takesUploads(def))
      registerRoute(fastify, def, services.auth, table, services.mfa, config.validateResponses, idempotency);
  await fastify.register(async (withUploads) => {
    await installMultipart(withUploads, { fileSizeLimit: MAX_ATTACHMENT_BYTES });
    for (const def of uploads)
      registerRoute(withUploads, def, services.auth, table, services.mfa, config.validateResponses, idempotency);
  });
  for (const def of rootRoutes(ctx, services)) registerRootRoute(fastify, def, services.auth, table);
  installNotFound(fastify, table);

  installDocsPage(fastify, {
    urls: [...API_VERSIONS].reverse().map((v) => ({
      url: `/${v.path}/api/openapi.json`,
      name: `${v.id}${v.id === LATEST_VERSION ? ' (latest)' : ''}${v.id === VERSION_ALIASES.supported ? ' (supported)' : ''}`,
    })),
    'urls.primaryName': `${LATEST_VERSION} (latest)`,
  } as never);

  if (options.background !== false) {
    for (const task of backgroundTasks(services)) {
      fastify.addHook('onClose', () => task.stop());
      task.start(fastify.log);
    }
  }

  const image = database.image;
  const close = async () => {
    await fastify.close();
    if (!options.database) await database.close();
    await replica?.close();
  };
  return {
    fastify,
    ctx,
    services,
    close,
    templateImage:
      image && (() => editedImage(image(), `delete from service_settings where name = '${SIGNING_SECRET}'`)),
    async drain(graceMs) {
      drain.begin();
      await new Promise((resolve) => setTimeout(resolve, graceMs));
      await close();
    },
  };
}
