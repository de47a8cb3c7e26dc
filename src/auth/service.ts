// Rules of authentication: the client-credentials grant with an API key, and the check of an access token on
// every request (signature, expiry, and the session it belongs to: revoked sessions end on the next request).
import type { AppContext } from '../platform/context.ts';
import type { RequestAuth } from '../platform/route.ts';
import { normalizeRights, type Rights } from '../platform/rights.ts';
import { isoDateTime } from '../platform/clock.ts';
import { allocateId } from '../db/index.ts';
import { OAuthError } from '../platform/errors.ts';
import { InvalidTokenError, TokenSigner, ACCESS_TOKEN_SECONDS } from './tokens.ts';
import { sameDigest } from './secrets.ts';
import * as store from './store.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token?: string;
}

const API_KEY = /^tak_(\d{1,15})_(\d{1,15})_([A-Za-z0-9_-]{20,200})$/;

export function formatApiKey(companyId: number, id: number, secret: string): string {
  return `tak_${companyId}_${id}_${secret}`;
}

export class AuthService {
  readonly signer: TokenSigner;
  readonly #ctx: AppContext;
  readonly #rightsCache = new Map<string, Rights>();

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.signer = new TokenSigner(ctx.signingKey, ctx.issuer, ctx.clock);
  }

  async authenticateClient(clientId: string | undefined, clientSecret: string | undefined): Promise<store.OAuthClientRow> {
    if (!clientId || !clientSecret) throw new OAuthError(401, 'invalid_client', 'client_id and client_secret are required.');
    const client = await store.findClient(this.#ctx.db, clientId);
    if (!client || !sameDigest(clientSecret, client.secret_digest)) {
      throw new OAuthError(401, 'invalid_client', 'Unknown client or wrong client secret.');
    }
    return client;
  }

  async clientCredentialsGrant(client: store.OAuthClientRow, apiKey: string | undefined): Promise<TokenResponse> {
    if (!apiKey) throw new OAuthError(400, 'invalid_request', 'api_key is required with grant_type=client_credentials.');
    const match = API_KEY.exec(apiKey);
    const key = match ? await store.findApiKey(this.#ctx.db, Number(match[1]), Number(match[2])) : undefined;
    if (!match || !key || key.revoked_at || !sameDigest(match[3], key.secret_digest)) {
      throw new OAuthError(400, 'invalid_grant', 'Unknown or revoked API key.');
    }
    if (key.client_id !== client.client_id) throw new OAuthError(400, 'invalid_grant', 'The API key belongs to another client.');
    const membership = await store.findMembership(this.#ctx.db, key.company_id, key.user_id);
    if (!membership || !membership.active) throw new OAuthError(400, 'invalid_grant', 'The user of this API key no longer belongs to the company.');
    return this.startSession({ companyId: key.company_id, userId: key.user_id, clientId: client.client_id, grant: 'client_credentials' });
  }

  /** Creates a session and its first access token. */
  async startSession(input: { companyId: number; userId: number; clientId: string; grant: RequestAuth['grant']; refreshDigest?: string; refreshExpiresAt?: string }): Promise<TokenResponse> {
    const now = this.#ctx.clock.now();
    const authTime = Math.floor(now.getTime() / 1000);
    const sessionId = await this.#ctx.db.transaction().execute(async (trx) => {
      const id = await allocateId(trx, input.companyId, 'auth_sessions');
      await store.insertSession(trx, {
        company_id: input.companyId,
        id,
        user_id: input.userId,
        client_id: input.clientId,
        grant_type: input.grant,
        auth_time: authTime,
        created_at: isoDateTime(now),
        refresh_digest: input.refreshDigest ?? null,
        refresh_expires_at: input.refreshExpiresAt ?? null,
        revoked_at: null,
        revoked_reason: null,
      });
      return id;
    });
    const { token } = await this.signer.issueAccessToken({ ...input, sessionId, authTime });
    return { access_token: token, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS };
  }

  /** Resolves the bearer token of a request; throws InvalidTokenError for anything not valid now. */
  async authenticate(token: string): Promise<RequestAuth> {
    const claims = await this.signer.verify(token);
    const session = await store.sessionForRequest(this.#ctx.db, claims.cid, claims.sid);
    if (!session) throw new InvalidTokenError('unknown session');
    if (session.revoked_at) throw new InvalidTokenError('session revoked');
    if (!session.active) throw new InvalidTokenError('user removed from company');
    if (String(session.user_id) !== claims.sub || session.client_id !== claims.aud) throw new InvalidTokenError('claims do not match session');
    return {
      companyId: claims.cid,
      userId: Number(claims.sub),
      clientId: claims.aud,
      sessionId: claims.sid,
      tokenId: claims.jti,
      grant: session.grant_type as RequestAuth['grant'],
      authTime: claims.auth_time,
      rights: this.#rights(session.rights),
    };
  }

  #rights(json: string): Rights {
    let rights = this.#rightsCache.get(json);
    if (!rights) {
      rights = normalizeRights(JSON.parse(json));
      if (this.#rightsCache.size > 1000) this.#rightsCache.clear();
      this.#rightsCache.set(json, rights);
    }
    return rights;
  }
}
