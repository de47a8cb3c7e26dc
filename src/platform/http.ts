// The HTTP conventions every endpoint shares: JSON with exact decimals, the one error body, 404/405 for
// unknown routes, version aliases and lifecycle headers, bearer authentication and rights.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, OAuthError, apiError, errorItem, type ErrorItem } from './errors.ts';
import { parseJson, stringifyJson } from './json.ts';
import { compileBodyCheck, compileValidator, type HttpPart } from './validation.ts';
import { API_VERSIONS, isPastSupport, lifecycleHeaders, routeInVersion, versionOfUrl, VERSION_ALIASES, LATEST_VERSION } from './versions.ts';
import { ErrorBody, TransactionIdentifierBody } from './schema.ts';
import { requireVersion } from './lock.ts';
import { hasRight, type RightRequirement } from './rights.ts';
import type { Clock } from './clock.ts';
import type { RequestAuth, RouteDef, RouteRequest, TwoFactorGate } from './route.ts';

const API_REALM = 'Tase API';

export interface Authenticator {
  authenticate(token: string): Promise<RequestAuth>;
  /** The same answer synchronously when it is known without I/O (the hot path); undefined otherwise. */
  authenticateCached?(token: string): RequestAuth | undefined;
}

function send(reply: FastifyReply, status: number, items: ErrorItem[], headers: Record<string, string> = {}) {
  if (status === 401 && !headers['www-authenticate']) headers['www-authenticate'] = `Bearer realm="${API_REALM}"`;
  reply.code(status).headers(headers).type('application/json; charset=utf-8');
  return reply.send({ errors: items });
}

export function installConventions(app: FastifyInstance, options: { bodyLimit: number; validateResponses: boolean }): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: options.bodyLimit }, (_req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, parseJson(text));
    } catch (err) {
      done(apiError('MALFORMED_JSON', undefined, { detail: (err as Error).message }), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: options.bodyLimit }, (_req, body, done) => {
    const form: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body as string)) form[key] = value;
    done(null, form);
  });

  app.setValidatorCompiler(({ schema, httpPart }) => compileValidator(schema, httpPart as HttpPart));
  app.setSerializerCompiler(({ schema }) => {
    if (!options.validateResponses) return stringifyJson;
    const check = compileBodyCheck(schema);
    return (data: unknown) => {
      const problems = check(data);
      if (problems.length > 0) throw new Error(`response does not match its documented schema: ${JSON.stringify(problems)}`);
      return stringifyJson(data);
    };
  });

  app.setErrorHandler((error: FastifyError | ApiError | OAuthError, request, reply) => {
    if (error instanceof ApiError) return send(reply, error.status, error.items, { ...error.headers });
    if (error instanceof OAuthError) {
      reply.code(error.status).header('cache-control', 'no-store');
      if (error.status === 401 && request.headers.authorization?.startsWith('Basic ')) {
        reply.header('www-authenticate', `Basic realm="${API_REALM}"`);
      }
      return reply.send({ error: error.error, error_description: error.message, errors: [{ status: error.status, message: error.message }] });
    }
    const code = (error).code;
    switch (code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, [errorItem('UNSUPPORTED_MEDIA_TYPE', undefined, { contentType: request.headers['content-type'] ?? 'none', expected: 'application/json' })]);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, [errorItem('BODY_TOO_LARGE', undefined, { limit: options.bodyLimit })]);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, [errorItem('EMPTY_BODY')]);
    }
    const status = (error).statusCode ?? 500;
    if (status >= 400 && status < 500) return send(reply, status, [{ status, message: error.message }]);
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, [errorItem('INTERNAL_ERROR')]);
  });
}

/** Lets unknown paths answer 404 and known paths with another method answer 405 with `Allow`. */
export class RouteTable {
  readonly #patterns: { method: string; pattern: RegExp }[] = [];
  readonly #shapes = new Map<string, string>();

  add(method: string, url: string): void {
    // One path, one set of parameter names: OpenAPI sees `/x/{id}` and `/x/{ids}` as two clashing paths.
    const shape = url.replace(/:[A-Za-z0-9_]+/g, ':');
    const known = this.#shapes.get(shape);
    if (known !== undefined && known !== url) {
      throw new Error(`routes ${known} and ${url} differ only by parameter names; use the same names on every method`);
    }
    this.#shapes.set(shape, url);
    const source = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
    this.#patterns.push({ method, pattern: new RegExp(`^${source}/?$`) });
  }

  allowed(path: string): string[] {
    return [...new Set(this.#patterns.filter((p) => p.pattern.test(path)).map((p) => p.method))];
  }
}

export function installNotFound(app: FastifyInstance, table: RouteTable): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = table.allowed(path);
    const shownPath = request.originalUrl.split('?')[0];
    if (allowed.length > 0) {
      return send(reply, 405, [errorItem('METHOD_NOT_ALLOWED', undefined, { method: request.method, path: shownPath, allowed: allowed.join(', ') })], {
        allow: allowed.join(', '),
      });
    }
    return send(reply, 404, [errorItem('ROUTE_NOT_FOUND', undefined, { method: request.method, path: shownPath })]);
  });
}

/** Version of each request, its end of support (410 past it) and the Deprecation/Sunset headers before it. */
export function installVersionLifecycle(app: FastifyInstance, clock: Clock): void {
  const headers = new Map(API_VERSIONS.map((v) => [v.id, lifecycleHeaders(v)]));
  // A callback hook (no promise per request); it also returns the request id to the client.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const version = versionOfUrl(request.url);
    if (!version) return done();
    if (isPastSupport(version, clock.now())) {
      const alternatives = [`/latest/api (${LATEST_VERSION})`, `/supported/api (${VERSION_ALIASES.supported})`].join(' or ');
      return done(apiError('API_VERSION_UNSUPPORTED', undefined, { version: version.id, date: version.supportEnds!, alternatives }));
    }
    request.apiVersion = version.id;
    const lifecycle = headers.get(version.id);
    if (lifecycle) reply.headers(lifecycle);
    done();
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/** `GET /products/:productId/defaults/dimensions` → `getProductsByProductIdDefaultsDimensions`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s !== '')
    .map((segment) => (segment.startsWith(':') ? `By${segment[1].toUpperCase()}${segment.slice(2)}` : segment))
    .map((word) => word.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

type HookDone = (err?: Error) => void;

/**
 * The bearer-token check of every protected route (API and root routes alike), as a callback hook with a
 * synchronous fast path: a known token of an unchanged session costs no promise. Sets `request.auth`; with a
 * `right`, answers 403 when the user lacks it.
 */
export function bearerHook(auth: Authenticator, right: RightRequirement | null) {
  const admit = (request: FastifyRequest, identity: RequestAuth): Error | undefined => {
    request.auth = identity;
    if (right && !hasRight(identity.rights, right)) {
      return apiError('FORBIDDEN', undefined, { right: `${right.leaf} (${right.level === 'view' ? 'viewing rights' : 'all rights'})` });
    }
    return undefined;
  };
  const refuse = (err: unknown): Error => {
    if ((err as Error).name !== 'InvalidTokenError') return err as Error;
    return new ApiError([errorItem('UNAUTHORIZED')], { 'www-authenticate': `Bearer realm="${API_REALM}", error="invalid_token"` });
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    const token = bearerToken(request);
    if (token === undefined) return done(new ApiError([errorItem('UNAUTHORIZED')], { 'www-authenticate': `Bearer realm="${API_REALM}"` }));
    let known: RequestAuth | undefined;
    try {
      known = auth.authenticateCached?.(token);
    } catch (err) {
      return done(refuse(err));
    }
    if (known) return done(admit(request, known));
    auth.authenticate(token).then(
      (identity) => done(admit(request, identity)),
      (err) => done(refuse(err)),
    );
  };
}

/** The `version` a request sent: in the body, or as a query parameter where the route has one. */
function sentVersion(request: RouteRequest<never>): unknown {
  const body = request.body as { version?: unknown } | undefined;
  const query = request.query as { version?: unknown } | undefined;
  return body?.version ?? query?.version;
}

/**
 * Registers an endpoint under every API version that has it. A two-factor route (`def.twoFactor`) needs the
 * `twoFactor` gate: after validation it refuses machine-to-machine tokens and answers 202 with the stored
 * transaction instead of running a handler.
 */
export function registerRoute(app: FastifyInstance, def: RouteDef, auth: Authenticator, table: RouteTable, twoFactor?: TwoFactorGate): void {
  const needsAuth = def.auth !== 'none';
  const right = def.right;
  const onRequest = needsAuth ? bearerHook(auth, right) : undefined;

  const { response, consumes, ...parts } = def.schema;
  const documented: Record<string | number, unknown> = { ...(response ?? {}) };
  documented['4XX'] = ErrorBody;
  const routeRequest = (request: FastifyRequest): RouteRequest<never> => ({
    params: request.params as never,
    query: request.query as never,
    body: request.body as never,
    auth: request.auth as RequestAuth,
    apiVersion: request.apiVersion ?? LATEST_VERSION,
    raw: request,
  });
  let handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const spec = def.twoFactor;
  if (spec) {
    if (!twoFactor) throw new Error(`${def.method} ${def.path} is a two-factor route but no two-factor gate was given`);
    if (!needsAuth) throw new Error(`${def.method} ${def.path}: a two-factor route needs a bearer token`);
    twoFactor.declare(spec, { method: def.method, path: def.path, right });
    documented[202] ??= TransactionIdentifierBody;
    handler = async (request, reply) => {
      if (request.auth?.grant === 'client_credentials') throw apiError('TWO_FACTOR_NEEDS_PERSON');
      const started = await twoFactor.start(spec, routeRequest(request), { method: def.method, path: def.path });
      return reply.code(202).send(started);
    };
  } else {
    const run = def.handler;
    const rule = def.version;
    handler = async (request, reply) => {
      const routed = routeRequest(request);
      if (rule) requireVersion(sentVersion(routed), rule);
      return run(routed, reply);
    };
  }

  for (const version of API_VERSIONS) {
    if (!routeInVersion(version.id, def.since, def.removedIn)) continue;
    const url = `/${version.path}/api${def.path}`;
    table.add(def.method, url);
    if (def.method === 'GET') table.add('HEAD', url);
    app.route({
      method: def.method,
      url,
      config: { route: def },
      schema: {
        ...parts,
        ...(consumes ? { consumes } : {}),
        response: documented,
        summary: def.summary,
        description: def.description,
        tags: def.tags,
        deprecated: def.deprecated,
        operationId: def.operationId ?? operationIdOf(def.method, def.path),
        security: needsAuth ? [{ bearerAuth: [] }] : [],
        hide: def.hidden,
      },
      onRequest,
      handler,
    });
  }
}
