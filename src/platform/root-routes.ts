// Routes at the service root, outside the versioned API prefix: pages a browser opens (`{root}/login`, an
// authenticator page) and the few protocol endpoints the interface places at the root (`POST {root}/logout`,
// `{root}/.well-known/oauth-authorization-server`). They are not versioned and not in the per-version OpenAPI
// documents (describe them in the description of a versioned endpoint instead).
//
// An area contributes them from `rootRoutes(...)` in src/modules.ts, like its versioned routes:
//
//   rootRoute({ method: 'GET', path: '/login', auth: 'none', summary: 'Login page', handler: (request, reply) =>
//     reply.type('text/html; charset=utf-8').send(html) })
//
// With `auth: 'bearer'` the access token is checked exactly as on the API (401 with the error body otherwise)
// and `request.auth` is set; the per-client rate limit then applies too. Handlers get Fastify's request and reply
// as they are: an HTML page sets its own content type and headers. Form posts
// (`application/x-www-form-urlencoded`) arrive parsed into `request.body` as a string record.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerHook, type Authenticator, type RouteTable } from './http.ts';

export interface RootRouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Absolute path from the root, e.g. `/login`. Must not start with a version prefix or `/api`. */
  path: string;
  /** 'none' (default): no token needed. */
  auth?: 'bearer' | 'none';
  summary: string;
  handler(this: void, request: FastifyRequest, reply: FastifyReply): unknown;
}

/**
 * Pages where a person signs in or confirms a payment are never framed by another site (clickjacking), plugins and
 * a changed base URL are refused; a page may still tighten its own policy.
 */
const PAGE_SECURITY_HEADERS = {
  'content-security-policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

function pageHeaders(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.headers(PAGE_SECURITY_HEADERS);
  done();
}

export function rootRoute(def: RootRouteDef): RootRouteDef {
  return def;
}

export function registerRootRoute(
  app: FastifyInstance,
  def: RootRouteDef,
  auth: Authenticator,
  table: RouteTable,
): void {
  if (/^\/(api|latest|supported|v\d{4})(\/|$)/.test(def.path))
    throw new Error(`root route ${def.path} collides with the API prefix`);
  const onRequest = def.auth === 'bearer' ? bearerHook(auth, null) : undefined;
  table.add(def.method, def.path);
  if (def.method === 'GET') table.add('HEAD', def.path);
  app.route({
    method: def.method,
    url: def.path,
    schema: { hide: true, summary: def.summary },
    onRequest,
    preHandler: pageHeaders,
    handler: def.handler,
  });
}
