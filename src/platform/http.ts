// The HTTP conventions every endpoint shares: JSON with exact decimals, the one error body, 404/405 for
// unknown routes, version aliases and lifecycle headers, bearer authentication and rights.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, OAuthError, apiError, errorItem, type ErrorItem } from './errors.ts';
import { parseJson, serializeJson } from './json.ts';
import { compileBodyCheck, compileValidator, type HttpPart } from './validation.ts';
import {
  API_VERSIONS,
  isPastSupport,
  lifecycleHeaders,
  routeInVersion,
  versionOfUrl,
  VERSION_ALIASES,
  LATEST_VERSION,
} from './versions.ts';
import { ErrorBody, TransactionIdentifierBody } from './schema.ts';
import { requireVersion } from './lock.ts';
import { hasRight, type RightRequirement } from './rights.ts';
import type { Clock } from './clock.ts';
import type { RequestAuth, RouteDef, RouteRequest, TwoFactorGate } from './route.ts';
import { ADDITIONS_HEADER, additionsProjector, keepUnseenAdditions, wantsAdditions } from './additions.ts';
import { OPTIONAL_BODY, VERSION_RULE } from './openapi.ts';
import { OptionalKind, Type, type TObject } from '@sinclair/typebox';
import { IdempotencyHeaders, type IdempotencyKeys } from './idempotency.ts';
import { databaseUnavailable, isConcurrentWriteConflict } from '../db/index.ts';

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

export function installConventions(
  app: FastifyInstance,
  options: { bodyLimit: number; validateResponses: boolean },
): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (_req, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, parseJson(text));
      } catch (err) {
        const detail = err instanceof RangeError ? 'it is nested too deeply' : (err as Error).message;
        done(apiError('MALFORMED_JSON', undefined, { detail }), undefined);
      }
    },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (_req, body, done) => {
      const form: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) form[key] = value;
      done(null, form);
    },
  );

  // XML files (bank statements) stay a stream for the route that reads them; other routes refuse them (validation.ts)
  for (const type of ['application/xml', 'text/xml'])
    app.addContentTypeParser(type, (_req, payload, done) => done(null, payload));

  app.setValidatorCompiler(({ schema, httpPart }) => compileValidator(schema, httpPart as HttpPart));
  // The serializer may answer bytes (the kept JSON of an answer marked serializedOnce, json.ts): Fastify sends a Buffer as it
  // is, its length as the content length; its types only name a string.
  const serialize = serializeJson as (data: unknown) => string;
  app.setSerializerCompiler(({ schema }) => {
    if (!options.validateResponses) return serialize;
    const check = compileBodyCheck(schema);
    return (data: unknown) => {
      // an answer in the real shape was checked against the full schema before its additions were removed
      if (typeof data === 'object' && data !== null && projectedAnswers.has(data)) return serialize(data);
      const problems = check(data);
      if (problems.length > 0)
        throw new Error(`response does not match its documented schema: ${JSON.stringify(problems)}`);
      return serialize(data);
    };
  });

  app.setErrorHandler((error: FastifyError | ApiError | OAuthError, request, reply) => {
    if (error instanceof ApiError) return send(reply, error.status, error.items, { ...error.headers });
    if (error instanceof OAuthError) {
      reply.code(error.status).header('cache-control', 'no-store');
      if (error.status === 401 && request.headers.authorization?.startsWith('Basic ')) {
        reply.header('www-authenticate', `Basic realm="${API_REALM}"`);
      }
      return reply.send({
        error: error.error,
        error_description: error.message,
        errors: [{ status: error.status, message: error.message }],
      });
    }
    const code = error.code;
    switch (code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, [
          errorItem('UNSUPPORTED_MEDIA_TYPE', undefined, {
            contentType: request.headers['content-type'] ?? 'none',
            expected: 'application/json',
          }),
        ]);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, [errorItem('BODY_TOO_LARGE', undefined, { limit: options.bodyLimit })]);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, [errorItem('EMPTY_BODY')]);
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, [errorItem('CONTENT_LENGTH_MISMATCH')]);
    }
    const status = error.statusCode ?? 500;
    // never the framework's own message: it may echo internal paths
    if (status >= 400 && status < 500)
      return send(reply, status, [
        { ...errorItem('REQUEST_REFUSED', undefined, { reason: STATUS_CODES[status] ?? status }), status },
      ]);
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, 503, [errorItem('DATABASE_UNAVAILABLE')], { 'retry-after': '1' });
    }
    // A race the code did not foresee (each one found gets its own answer, e.g. test/concurrent-writes.test.ts):
    // a 409 the client can retry rather than a 500, logged so that it can be found.
    if (isConcurrentWriteConflict(error)) {
      request.log.warn({ err: error }, 'concurrent write refused');
      return send(reply, 409, [errorItem('CONCURRENT_WRITE')]);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, [errorItem('INTERNAL_ERROR')]);
  });
}

/** Answers whose additions were removed after they were checked against their full schema (with validateResponses). */
const projectedAnswers = new WeakSet<object>();

/**
 * The preSerialization hook of a real operation whose answers have additions: they go out in the real shape unless
 * the client asked for the additions (additions.ts). Undefined where no answer of the route has an addition.
 */
function realShapeHook(response: Record<string | number, unknown>, validate: boolean) {
  const projectors = new Map<
    number,
    { project: (value: unknown) => unknown; check?: ReturnType<typeof compileBodyCheck> }
  >();
  for (const [status, schema] of Object.entries(response)) {
    if (!/^2\d\d$/.test(status)) continue;
    const project = additionsProjector(schema as Record<string, unknown>);
    if (project) projectors.set(Number(status), { project, check: validate ? compileBodyCheck(schema) : undefined });
  }
  if (projectors.size === 0) return undefined;
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: Error | null, value?: unknown) => void,
  ) => {
    reply.header('vary', ADDITIONS_HEADER);
    const projector = projectors.get(reply.statusCode);
    if (!projector || wantsAdditions(request) || typeof payload !== 'object' || payload === null)
      return done(null, payload);
    if (projector.check) {
      const problems = projector.check(payload);
      if (problems.length > 0)
        return done(new Error(`response does not match its documented schema: ${JSON.stringify(problems)}`));
    }
    const projected = projector.project(payload);
    if (typeof projected === 'object' && projected !== null) projectedAnswers.add(projected);
    done(null, projected);
  };
}

/** Longest path parameter the router takes (a batch of 200 ids fits); longer is 414. */
export const MAX_PARAM_LENGTH = 2600;

/**
 * Errors the router raises before any route (a bad percent-encoding, an over-long path parameter), in the one
 * error body. Fastify's own answer would echo the internal `/vYYMM/...` path.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  let item: ErrorItem;
  if (error.code === 'FST_ERR_BAD_URL') {
    item = errorItem('BAD_URL_ENCODING');
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    item = errorItem('URI_TOO_LONG', undefined, {
      detail: `a path segment holds at most ${MAX_PARAM_LENGTH} characters`,
    });
  } else {
    reply.log.error({ err: error }, 'request failed');
    item = errorItem('INTERNAL_ERROR');
  }
  void send(reply, item.status, [item]);
}

/** The error body written straight to the socket, for requests Node's HTTP parser refuses before Fastify sees them. */
function rawErrorAnswer(item: ErrorItem): string {
  const body = JSON.stringify({ errors: [item] });
  return (
    `HTTP/1.1 ${item.status} ${STATUS_CODES[item.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** What Node's parser refuses (headers too large, a malformed request line, a timeout), in the error body. */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let item: ErrorItem;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // the request line alone (the URL) over the limit is a URL too long
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
    const lineEnd = packet?.indexOf('\r\n') ?? 0;
    const urlTooLong =
      packet !== undefined &&
      /^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1')) &&
      (lineEnd < 0 || lineEnd >= maxHeaderSize);
    item = !urlTooLong
      ? errorItem('HEADERS_TOO_LARGE', undefined, { limit: maxHeaderSize })
      : errorItem('URI_TOO_LONG', undefined, {
          detail: `the request line and headers hold at most ${maxHeaderSize} bytes`,
        });
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    item = errorItem('REQUEST_TIMEOUT');
  } else {
    item = errorItem('MALFORMED_REQUEST', undefined, { reason: error.code ?? 'unknown' });
  }
  if (socket.writable) socket.write(rawErrorAnswer(item));
  socket.destroy();
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
      return send(
        reply,
        405,
        [
          errorItem('METHOD_NOT_ALLOWED', undefined, {
            method: request.method,
            path: shownPath,
            allowed: allowed.join(', '),
          }),
        ],
        {
          allow: allowed.join(', '),
        },
      );
    }
    return send(reply, 404, [errorItem('ROUTE_NOT_FOUND', undefined, { method: request.method, path: shownPath })]);
  });
}

/**
 * While the server shuts down, a request that still arrives on an open connection is answered 503 in the error
 * body (Fastify's own 503 has its own shape), and its connection is closed; requests in flight complete.
 */
export function installShutdownAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    done(apiError('SHUTTING_DOWN'));
  });
}

/** Version of each request, its end of support (410 past it) and the Deprecation/Sunset headers before it. */
export function installVersionLifecycle(app: FastifyInstance, clock: Clock): void {
  const headers = new Map(API_VERSIONS.map((v) => [v.id, lifecycleHeaders(v)]));
  // A callback hook (no promise per request); it also returns the request id to the client.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // no answer is ever to be read as another type than it declares (an uploaded file, a JSON body)
    reply.header('x-content-type-options', 'nosniff');
    const version = versionOfUrl(request.url);
    if (!version) return done();
    if (version.supportEnds !== null && isPastSupport(version, clock.now())) {
      const alternatives = [`/latest/api (${LATEST_VERSION})`, `/supported/api (${VERSION_ALIASES.supported})`].join(
        ' or ',
      );
      return done(
        apiError('API_VERSION_UNSUPPORTED', undefined, {
          version: version.id,
          date: version.supportEnds,
          alternatives,
        }),
      );
    }
    request.apiVersion = version.id;
    const lifecycle = headers.get(version.id);
    if (lifecycle) reply.headers(lifecycle);
    done();
  });
}

/**
 * The previous request's header and token on each connection. A client sends the same header request after
 * request: the same token is then the string already taken from it, whose hash the caches keyed by tokens kept
 * (hashing a token of ~300 characters and matching the header cost more than the rest of the check).
 */
const lastBearer = new WeakMap<object, { header: string; token: string }>();

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const connection = request.raw.socket;
  const last = connection && lastBearer.get(connection);
  if (last?.header === header) return last.token;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  if (!match) return '';
  if (connection) lastBearer.set(connection, { header, token: match[1] });
  return match[1];
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
      return apiError('FORBIDDEN', undefined, {
        right: `${right.leaf} (${right.level === 'view' ? 'viewing rights' : 'all rights'})`,
      });
    }
    return undefined;
  };
  const refuse = (err: unknown): Error => {
    if ((err as Error).name !== 'InvalidTokenError') return err as Error;
    return new ApiError([errorItem('UNAUTHORIZED')], {
      'www-authenticate': `Bearer realm="${API_REALM}", error="invalid_token"`,
    });
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    const token = bearerToken(request);
    if (token === undefined)
      return done(new ApiError([errorItem('UNAUTHORIZED')], { 'www-authenticate': `Bearer realm="${API_REALM}"` }));
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
/** A body declared `Type.Optional` (an action's optional comment) left out is validated as `{}`. */
function absentBodyAsEmpty(request: FastifyRequest, _reply: FastifyReply, done: HookDone): void {
  request.body ??= {};
  done();
}

export function registerRoute(
  app: FastifyInstance,
  def: RouteDef,
  auth: Authenticator,
  table: RouteTable,
  twoFactor?: TwoFactorGate,
  validateResponses = false,
  idempotency?: IdempotencyKeys,
): void {
  const needsAuth = def.auth !== 'none';
  const right = def.right;
  const onRequest = needsAuth ? bearerHook(auth, right) : undefined;

  const { response, consumes, ...parts } = def.schema;
  const optionalBody = parts.body !== undefined && OptionalKind in parts.body;
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
    const stored = def.keepsAdditions;
    const bodySchema = parts.body as Record<string, unknown> | undefined;
    handler = async (request, reply) => {
      const routed = routeRequest(request);
      if (rule) requireVersion(sentVersion(routed), rule);
      if (stored && bodySchema && !wantsAdditions(request)) {
        routed.body = keepUnseenAdditions(bodySchema, routed.body, await stored(routed)) as never;
      }
      return run(routed, reply);
    };
  }
  const preSerialization = def.schema['x-tase-addition'] ? undefined : realShapeHook(documented, validateResponses);
  const keyed = idempotency && def.method === 'POST' && needsAuth ? idempotency : undefined;
  if (keyed) handler = keyed.wrap(handler);
  const headers = keyed
    ? parts.headers
      ? Type.Composite([parts.headers as TObject, IdempotencyHeaders])
      : IdempotencyHeaders
    : parts.headers;

  const operationId = def.operationId ?? operationIdOf(def.method, def.path);
  for (const version of API_VERSIONS) {
    if (!routeInVersion(version.id, def.since, def.removedIn)) continue;
    const url = `/${version.path}/api${def.path}`;
    table.add(def.method, url);
    if (def.method === 'GET') table.add('HEAD', url);
    app.route({
      method: def.method,
      url,
      config: { route: def },
      ...(def.bodyLimit !== undefined && def.bodyLimit > app.initialConfig.bodyLimit!
        ? { bodyLimit: def.bodyLimit }
        : {}),
      schema: {
        ...parts,
        ...(headers ? { headers } : {}),
        ...(consumes ? { consumes } : {}),
        ...(optionalBody ? { [OPTIONAL_BODY]: true } : {}),
        ...(def.version ? { [VERSION_RULE]: def.version } : {}),
        response: documented,
        summary: def.summary,
        description: def.description,
        tags: def.tags,
        deprecated: def.deprecated,
        operationId,
        security: needsAuth ? [{ bearerAuth: [] }] : [],
        hide: def.hidden,
      },
      onRequest,
      ...(preSerialization ? { preSerialization } : {}),
      ...(keyed ? { onSend: (request, reply, payload) => keyed.beforeSend(request, reply, payload) } : {}),
      ...(optionalBody ? { preValidation: absentBodyAsEmpty } : {}),
      handler,
    });
  }
}
