// The token endpoint (OAuth 2.0, RFC 6749). Form-encoded, client authentication by form fields or HTTP Basic;
// answers and errors in OAuth's JSON shape (errors also carry the service's `errors` list).
import type { FastifyRequest } from 'fastify';
import { Type } from '../platform/schema.ts';
import { OAuthError } from '../platform/errors.ts';
import { route, type RouteDef } from '../platform/route.ts';
import type { AuthService, TokenResponse } from './service.ts';

/** Secrets that must never travel in a URL (they end up in logs and browser history). */
const SECRET_PARAMS = ['client_secret', 'api_key', 'password', 'refresh_token', 'code', 'code_verifier'];

export type GrantHandler = (service: AuthService, form: Record<string, string | undefined>, client: Awaited<ReturnType<AuthService['authenticateClient']>>) => Promise<TokenResponse>;

/** Grants by `grant_type`; the identity area adds authorization_code and refresh_token. */
export const grantHandlers = new Map<string, GrantHandler>([
  ['client_credentials', (service, form, client) => service.clientCredentialsGrant(client, form.api_key)],
]);

function clientCredentialsOf(request: FastifyRequest, form: Record<string, string | undefined>) {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError(401, 'invalid_client', 'Malformed Basic authorization header.');
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  }
  return { id: form.client_id, secret: form.client_secret };
}

const TokenForm = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ description: '`client_credentials`, `authorization_code` or `refresh_token`.' })),
    client_id: Type.Optional(Type.String({ description: 'Client id (or HTTP Basic authentication).' })),
    client_secret: Type.Optional(Type.String()),
    api_key: Type.Optional(Type.String({ description: 'With client_credentials: the API key (bound to one user, company and client).' })),
    code: Type.Optional(Type.String({ description: 'With authorization_code.' })),
    redirect_uri: Type.Optional(Type.String({ description: "With authorization_code: must equal the client's registered redirect address." })),
    code_verifier: Type.Optional(Type.String({ description: 'PKCE (S256) verifier, when a challenge was sent to the login page.' })),
    refresh_token: Type.Optional(Type.String({ description: 'With refresh_token.' })),
  },
  { additionalProperties: true },
);

const TokenAnswer = Type.Object(
  {
    access_token: Type.String({ description: 'JWT HS256, at most 512 bytes, valid 3600 s.' }),
    token_type: Type.Literal('bearer'),
    expires_in: Type.Integer(),
    refresh_token: Type.Optional(Type.String({ description: 'Only for authorization_code; valid 15552000 s.' })),
  },
  { $id: 'TokenResponse', title: 'TokenResponse' },
);

const OAuthErrorBody = Type.Object(
  {
    error: Type.String({ description: 'RFC 6749 §5.2 error code.' }),
    error_description: Type.String(),
    errors: Type.Array(Type.Object({ status: Type.Integer(), message: Type.String(), field: Type.Optional(Type.String()) })),
  },
  { title: 'OAuthError' },
);

export function authRoutes(service: AuthService): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/oauth/token',
      auth: 'none',
      right: null,
      tags: ['Authentication'],
      summary: 'Get an access token',
      description:
        'OAuth 2.0 token endpoint, `application/x-www-form-urlencoded` (with or without a charset parameter). ' +
        'Grants: `client_credentials` with `api_key`, `authorization_code`, `refresh_token`. The client authenticates ' +
        'with `client_id` and `client_secret` form fields or HTTP Basic. Secrets in the URL query are refused.',
      schema: {
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenForm,
        response: { 200: TokenAnswer, 400: OAuthErrorBody, 401: OAuthErrorBody },
      },
      async handler(request, reply) {
        const raw = request.raw;
        const leaked = Object.keys((raw.query ?? {}) as object).filter((k) => SECRET_PARAMS.includes(k));
        if (leaked.length > 0) throw new OAuthError(400, 'invalid_request', `Secrets must not be sent in the URL: ${leaked.join(', ')}.`);
        if (!/^application\/x-www-form-urlencoded\b/i.test(raw.headers['content-type'] ?? '')) {
          throw new OAuthError(400, 'invalid_request', 'The token request must be application/x-www-form-urlencoded.');
        }
        const form = request.body as Record<string, string | undefined>;
        const grant = grantHandlers.get(form.grant_type ?? '');
        if (!grant) throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant_type '${form.grant_type ?? ''}'.`);
        const credentials = clientCredentialsOf(raw, form);
        const client = await service.authenticateClient(credentials.id, credentials.secret);
        const answer = await grant(service, form, client);
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return answer;
      },
    }),
  ];
}
