// A typed client of Tase's API for integrators: openapi-fetch over the types generated from Tase's own OpenAPI
// document (./schema.ts, `npm run client`). Paths, parameters, bodies and answers are checked by the compiler.
//
//   const token = await clientCredentialsToken(base, { clientId, clientSecret, apiKey });
//   const tase = createTaseClient(base, token);
//   const { data, error } = await tase.GET('/products/{productId}', { params: { path: { productId: '12' } } });
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

export type TaseClient = Client<paths>;

/**
 * A client of the API below `base` (e.g. `http://localhost:8080`), sending the access token on every request. Its
 * types are Tase's whole document, so it asks for Tase's additions (`Tase-Additions: include`) unless
 * `realShape` is set, in which answers carry only the real interface's fields.
 */
export function createTaseClient(
  base: string,
  token: string,
  options: { apiVersion?: string; realShape?: boolean } = {},
): TaseClient {
  const prefix = options.apiVersion ? `/${options.apiVersion}/api` : '/api';
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (!options.realShape) headers['tase-additions'] = 'include';
  return createClient<paths>({ baseUrl: `${base}${prefix}`, headers });
}

/** An access token with the client credentials grant and an API key (a technical user's, for integrations). */
export async function clientCredentialsToken(
  base: string,
  credentials: { clientId: string; clientSecret: string; apiKey: string },
): Promise<string> {
  const answer = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      api_key: credentials.apiKey,
    }).toString(),
  });
  const body = (await answer.json()) as { access_token?: string; error_description?: string };
  if (answer.status !== 200 || !body.access_token)
    throw new Error(`token request refused (${answer.status}): ${body.error_description ?? ''}`);
  return body.access_token;
}
