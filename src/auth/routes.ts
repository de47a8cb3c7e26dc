// The token endpoint (OAuth 2.0, RFC 6749). Form-encoded, client authentication by form fields or HTTP Basic;
// answers and errors in OAuth's JSON shape (errors also carry the service's `errors` list).
import { decodedOrUndefined } from '../platform/cookies.ts';
import { hasControlCharacter } from '../platform/text.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, ADDITION } from '../platform/schema.ts';
import { OAuthError } from '../platform/errors.ts';
import { route, type RouteDef } from '../platform/route.ts';
import { rootRoute, type RootRouteDef } from '../platform/root-routes.ts';
import type { RateLimiter } from '../platform/rate-limit.ts';
import type { AuthService, TokenResponse } from './service.ts';

/** Secrets that must never travel in a URL (they end up in logs and browser history). */
const SECRET_PARAMS = ['client_secret', 'api_key', 'password', 'refresh_token', 'code', 'code_verifier'];

type GrantHandler = (
  service: AuthService,
  form: Record<string, string | undefined>,
  client: Awaited<ReturnType<AuthService['authenticateClient']>>,
) => Promise<TokenResponse>;

/** Grants by `grant_type`. */
const grantHandlers = new Map<string, GrantHandler>([
  ['client_credentials', (service, form, client) => service.clientCredentialsGrant(client, form.api_key)],
  ['authorization_code', (service, form, client) => service.authorizationCodeGrant(client, form)],
  ['refresh_token', (service, form, client) => service.refreshTokenGrant(client, form)],
]);

function clientCredentialsOf(request: FastifyRequest, form: Record<string, string | undefined>) {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError(401, 'invalid_client', 'Malformed Basic authorization header.');
    const id = decodedOrUndefined(decoded.slice(0, colon));
    const secret = decodedOrUndefined(decoded.slice(colon + 1));
    if (id === undefined || secret === undefined || hasControlCharacter(id) || hasControlCharacter(secret))
      throw new OAuthError(401, 'invalid_client', 'Malformed Basic authorization header.');
    return { id, secret };
  }
  return { id: form.client_id, secret: form.client_secret };
}

const TokenForm = Type.Object(
  {
    grant_type: Type.Optional(
      Type.String({ description: '`client_credentials`, `authorization_code` or `refresh_token`.' }),
    ),
    client_id: Type.Optional(Type.String({ description: 'Client id (or HTTP Basic authentication).' })),
    client_secret: Type.Optional(Type.String()),
    api_key: Type.Optional(
      Type.String({ description: 'With client_credentials: the API key (bound to one user, company and client).' }),
    ),
    code: Type.Optional(Type.String({ description: 'With authorization_code.' })),
    redirect_uri: Type.Optional(
      Type.String({ description: "With authorization_code: must equal the client's registered redirect address." }),
    ),
    code_verifier: Type.Optional(
      Type.String({ description: 'PKCE (S256) verifier, when a challenge was sent to the login page.' }),
    ),
    refresh_token: Type.Optional(Type.String({ description: 'With refresh_token.' })),
  },
  { additionalProperties: true },
);

const TokenAnswer = Type.Object(
  {
    access_token: Type.String({ description: 'JWT HS256, at most 512 bytes, valid 3600 s.' }),
    token_type: Type.Literal('bearer'),
    expires_in: Type.Integer(),
    refresh_token: Type.Optional(
      Type.String({
        description:
          'Only for authorization_code: opaque, at most 1024 bytes, valid 15552000 s; stored by the service as a digest only.',
      }),
    ),
  },
  { $id: 'TokenResponse', title: 'TokenResponse' },
);

const OAuthErrorBody = Type.Object(
  {
    // absent only when the request is refused before the endpoint reads it (a body that is not a form)
    error: Type.Optional(Type.String({ description: 'RFC 6749 §5.2 error code.' })),
    error_description: Type.Optional(Type.String()),
    errors: Type.Array(
      Type.Object({ status: Type.Integer(), message: Type.String(), field: Type.Optional(Type.String()) }),
    ),
  },
  { title: 'OAuthError' },
);

const TOKEN_ENDPOINT_DESCRIPTION = `OAuth 2.0 token endpoint (RFC 6749), \`application/x-www-form-urlencoded\` (with or without a charset
parameter). The client authenticates with \`client_id\` and \`client_secret\` form fields or HTTP Basic
(\`client_secret_basic\`). Secrets (client secret, API key, password, code, code verifier, refresh token) in the URL
query are refused. Answers carry \`Cache-Control: no-store\`; errors have the RFC 6749 §5.2 shape
\`{error, error_description}\` (plus the service's \`errors\` list): \`invalid_request\`, \`invalid_client\` (401),
\`invalid_grant\`, \`unsupported_grant_type\`.

**Grants**

- \`client_credentials\` with \`api_key\`: machine-to-machine. An API key is bound to one user, company and client
  (\`tase admin apikey create\`). The only grant for users with the limitation *API login only*; its tokens are
  refused by two-factor endpoints (403).
- \`authorization_code\` with \`code\` and \`redirect_uri\` (must equal the client's one registered address), and
  \`code_verifier\` when the login was started with a PKCE \`code_challenge\` (S256 only). The code comes from the
  login page: send the browser to \`{root}/login?response_type=code&client_id=…&redirect_uri=…&state=…\`
  (optionally \`&code_challenge=…&code_challenge_method=S256\`). The page needs cookies and JavaScript; the user
  enters username and password and picks a company within 5 minutes, and the browser is redirected (302) to
  \`<redirect_uri>?code=…&state=…&expires_in=300\`. Errors on the way (unknown client, wrong redirect address, wrong
  password, expired login) are shown on the page and never sent to the redirect address. Five wrong passwords in
  a row lock the user for 15 minutes. A code is single use and valid 300 s; presenting it again revokes the tokens
  it issued. The answer adds a \`refresh_token\`. Server metadata (RFC 8414):
  \`{root}/.well-known/oauth-authorization-server\`.
- \`refresh_token\` with \`refresh_token\`: a new access token of the same session (no new refresh token). At most
  100 live refresh tokens per (client, company, user): the 101st drops the oldest.

**Tokens.** The access token is a JWT (HS256, at most 512 bytes, valid 3600 s) with the claims \`iss aud sub cid
jti auth_time iat exp\`; it works with every API version. It is checked on every request against its session, so
these take effect on the very next request: \`POST {root}/logout\` (ends the token and its refresh token), a
password change or the user's removal from the company (end both kinds), revocation of the refresh token (ends
the access tokens issued from it) and revocation of the API key.

**Rate limit.** Each client may make \`TASE_RATE_LIMIT\` requests per second (default 60), counted across all
service processes; above it the answer is 429 with \`Retry-After\`. Answers carry the IETF headers
\`RateLimit-Policy: "default";q=60;w=1\` and \`RateLimit: "default";r=<remaining>;t=<seconds to reset>\`.`;

export function authRoutes(service: AuthService, limiter?: RateLimiter): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/oauth/token',
      auth: 'none',
      right: null,
      tags: ['Authentication'],
      summary: 'Get an access token',
      description: TOKEN_ENDPOINT_DESCRIPTION,
      schema: {
        ...ADDITION,
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenForm,
        response: { 200: TokenAnswer, 400: OAuthErrorBody, 401: OAuthErrorBody, 429: OAuthErrorBody },
      },
      async handler(request, reply) {
        const raw = request.raw;
        const leaked = Object.keys(raw.query ?? {}).filter((k) => SECRET_PARAMS.includes(k));
        if (leaked.length > 0)
          throw new OAuthError(400, 'invalid_request', `Secrets must not be sent in the URL: ${leaked.join(', ')}.`);
        if (!/^application\/x-www-form-urlencoded\b/i.test(raw.headers['content-type'] ?? '')) {
          throw new OAuthError(400, 'invalid_request', 'The token request must be application/x-www-form-urlencoded.');
        }
        const form: Record<string, string | undefined> = request.body;
        const grant = grantHandlers.get(form.grant_type ?? '');
        if (!grant)
          throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant_type '${form.grant_type ?? ''}'.`);
        const credentials = clientCredentialsOf(raw, form);
        const client = await service.authenticateClient(credentials.id, credentials.secret);
        if (limiter) await limitTokenRequests(limiter, client.client_id, reply);
        const answer = await grant(service, form, client);
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return answer;
      },
    }),
  ];
}

/** The token endpoint counts against its client's rate limit too, once the client has authenticated. */
async function limitTokenRequests(limiter: RateLimiter, clientId: string, reply: FastifyReply): Promise<void> {
  const decision = await limiter.take(clientId);
  if (!decision) return;
  reply.headers(limiter.headers(decision));
  if (!decision.allowed)
    throw new OAuthError(
      429,
      'too_many_requests',
      `Too many requests: at most ${limiter.limit} requests per second per client.`,
    );
}

/**
 * Root-level endpoints of authentication: `POST {root}/logout` (ends the token's session: the access token,
 * every other access token of the session and its refresh token) and the RFC 8414 server metadata.
 */
export function authRootRoutes(service: AuthService, issuer: string): RootRouteDef[] {
  const metadata = {
    issuer,
    authorization_endpoint: `${issuer}/login`,
    token_endpoint: `${issuer}/api/oauth/token`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    service_documentation: `${issuer}/docs`,
  };
  return [
    rootRoute({
      method: 'POST',
      path: '/logout',
      auth: 'bearer',
      summary: 'Log out: invalidates the access token and its refresh token',
      async handler(request, reply) {
        await service.logout(request.auth!);
        return reply.code(204).header('cache-control', 'no-store').send();
      },
    }),
    rootRoute({
      method: 'GET',
      path: '/.well-known/oauth-authorization-server',
      summary: 'OAuth 2.0 authorization server metadata (RFC 8414)',
      handler: (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(metadata),
    }),
  ];
}
