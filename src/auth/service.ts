// Rules of authentication: the grants of the token endpoint (client credentials with an API key, authorization
// code, refresh token), the check of an access token on every request (signature, expiry, and the session it
// belongs to: a revoked session ends on the next request, in every process, because the check reads the
// database), and revocation (logout, password change, removal from a company, API key revocation).
//
// A session is one row of auth_sessions. Every access token names its session (`sid`); an authorization-code
// session also holds the digest of its refresh token. Revoking the session therefore ends the refresh token
// and every access token issued from it at once.
import type { AppContext } from '../platform/context.ts';
import type { RequestAuth } from '../platform/route.ts';
import { normalizeRights, type Rights } from '../platform/rights.ts';
import { isoDateTime, parseDateTime } from '../platform/clock.ts';
import { allocateId, type Db } from '../db/index.ts';
import { OAuthError } from '../platform/errors.ts';
import { ReadCache } from '../db/read-cache.ts';
import { InvalidTokenError, type AccessClaims, TokenSigner, ACCESS_TOKEN_SECONDS } from './tokens.ts';
import { digest, randomSecret, sameDigest } from './secrets.ts';
import * as store from './store.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token?: string;
}

export const REFRESH_TOKEN_SECONDS = 15_552_000;
const REFRESH_TOKEN_MAX_BYTES = 1024;
/** Live refresh tokens kept per (client, company, user); the 101st drops the oldest. */
const REFRESH_TOKENS_PER_GRANT = 100;
export const CODE_SECONDS = 300;

const API_KEY = /^tak_(\d{1,15})_(\d{1,15})_([A-Za-z0-9_-]{20,200})$/;
/** Refresh tokens and codes are opaque: `<prefix>_<companyId>_<rowId>_<secret>`; only the secret's digest is stored. */
const REFRESH_TOKEN = /^trt_(\d{1,15})_(\d{1,15})_([A-Za-z0-9_-]{20,200})$/;
const AUTH_CODE = /^tac_(\d{1,15})_(\d{1,15})_([A-Za-z0-9_-]{20,200})$/;

export function formatApiKey(companyId: number, id: number, secret: string): string {
  return `tak_${companyId}_${id}_${secret}`;
}

/** BASE64URL(SHA-256(verifier)), the PKCE S256 transformation (RFC 7636 §4.2). */
function pkceChallenge(verifier: string): string {
  return digest(verifier);
}

const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** Tables whose writes can end a session's validity: any write to them invalidates cached session states. */
const SESSION_TABLES = ['auth_sessions', 'company_users', 'users', 'api_keys', 'companies'] as const;

type Form = Record<string, string | undefined>;

export class AuthService {
  readonly signer: TokenSigner;
  readonly #ctx: AppContext;
  readonly #rightsCache = new Map<string, Rights>();
  readonly #sessions: ReadCache<store.SessionState>;

  constructor(ctx: AppContext) {
    this.#sessions = new ReadCache(ctx.changes, SESSION_TABLES);
    this.#ctx = ctx;
    this.signer = new TokenSigner(ctx.signingKey, ctx.issuer, ctx.clock);
  }

  #now(): Date {
    return this.#ctx.clock.now();
  }

  async authenticateClient(
    clientId: string | undefined,
    clientSecret: string | undefined,
  ): Promise<store.OAuthClientRow> {
    if (!clientId || !clientSecret)
      throw new OAuthError(401, 'invalid_client', 'client_id and client_secret are required.');
    const client = await store.findClient(this.#ctx.db, clientId);
    if (!client || !sameDigest(clientSecret, client.secret_digest)) {
      throw new OAuthError(401, 'invalid_client', 'Unknown client or wrong client secret.');
    }
    return client;
  }

  // ---- client_credentials ----------------------------------------------------------------------------

  async clientCredentialsGrant(client: store.OAuthClientRow, apiKey: string | undefined): Promise<TokenResponse> {
    if (!apiKey)
      throw new OAuthError(400, 'invalid_request', 'api_key is required with grant_type=client_credentials.');
    const match = API_KEY.exec(apiKey);
    const key = match ? await store.findApiKey(this.#ctx.db, Number(match[1]), Number(match[2])) : undefined;
    if (!match || !key || key.revoked_at || !sameDigest(match[3], key.secret_digest)) {
      throw new OAuthError(400, 'invalid_grant', 'Unknown or revoked API key.');
    }
    if (key.client_id !== client.client_id)
      throw new OAuthError(400, 'invalid_grant', 'The API key belongs to another client.');
    const membership = await store.findMembership(this.#ctx.db, key.company_id, key.user_id);
    if (!membership || !membership.active)
      throw new OAuthError(400, 'invalid_grant', 'The user of this API key no longer belongs to the company.');
    const { sessionId, authTime } = await this.#ctx.db.transaction().execute((trx) =>
      this.#insertSession(trx, {
        companyId: key.company_id,
        userId: key.user_id,
        clientId: client.client_id,
        grant: 'client_credentials',
        apiKeyId: key.id,
      }),
    );
    return this.#accessTokenAnswer({
      companyId: key.company_id,
      userId: key.user_id,
      clientId: client.client_id,
      sessionId,
      authTime,
    });
  }

  // ---- authorization_code ----------------------------------------------------------------------------

  /** Issues a single-use code for a finished login (called by the login page). */
  async issueCode(input: {
    companyId: number;
    userId: number;
    clientId: string;
    redirectUri: string;
    codeChallenge: string | null;
    authTime: number;
  }): Promise<string> {
    const now = this.#now();
    const secret = randomSecret(32);
    const id = await this.#ctx.db.transaction().execute(async (trx) => {
      const codeId = await allocateId(trx, input.companyId, 'auth_codes');
      await store.insertCode(trx, {
        company_id: input.companyId,
        id: codeId,
        user_id: input.userId,
        client_id: input.clientId,
        redirect_uri: input.redirectUri,
        code_digest: digest(secret),
        code_challenge: input.codeChallenge,
        auth_time: input.authTime,
        created_at: isoDateTime(now),
        expires_at: isoDateTime(new Date(now.getTime() + CODE_SECONDS * 1000)),
        used_at: null,
        session_id: null,
      });
      return codeId;
    });
    return `tac_${input.companyId}_${id}_${secret}`;
  }

  /**
   * Exchanges a code, as a list of named checks: known code → not used before (a reuse revokes what the code
   * issued) → same client → not expired → registered redirect address → PKCE → user still may log in →
   * consumed atomically together with the new session.
   */
  async authorizationCodeGrant(client: store.OAuthClientRow, form: Form): Promise<TokenResponse> {
    const code = await this.#knownCode(form.code);
    await this.#refuseReuse(code);
    if (code.client_id !== client.client_id)
      throw new OAuthError(400, 'invalid_grant', 'The authorization code was issued to another client.');
    if (parseDateTime(code.expires_at).getTime() <= this.#now().getTime()) {
      throw new OAuthError(400, 'invalid_grant', 'The authorization code has expired (codes are valid 5 minutes).');
    }
    checkRedirectUri(form.redirect_uri, client);
    checkPkce(form.code_verifier, code.code_challenge);
    await this.#checkUserMayLogIn(code.company_id, code.user_id);
    return this.#consumeAndStart(code, client);
  }

  async #knownCode(value: string | undefined): Promise<store.AuthCodeRow> {
    if (!value) throw new OAuthError(400, 'invalid_request', 'code is required with grant_type=authorization_code.');
    const match = AUTH_CODE.exec(value);
    const row = match ? await store.findCode(this.#ctx.db, Number(match[1]), Number(match[2])) : undefined;
    if (!match || !row || !sameDigest(match[3], row.code_digest))
      throw new OAuthError(400, 'invalid_grant', 'Unknown authorization code.');
    return row;
  }

  async #refuseReuse(code: store.AuthCodeRow): Promise<void> {
    if (!code.used_at) return;
    if (code.session_id !== null) {
      await store.revokeSession(
        this.#ctx.db,
        code.company_id,
        Number(code.session_id),
        isoDateTime(this.#now()),
        'authorization code reused',
      );
    }
    throw new OAuthError(
      400,
      'invalid_grant',
      'The authorization code has been used already; the tokens it issued are revoked.',
    );
  }

  async #checkUserMayLogIn(companyId: number, userId: number): Promise<void> {
    const membership = await store.findMembership(this.#ctx.db, companyId, userId);
    if (!membership?.active) throw new OAuthError(400, 'invalid_grant', 'The user no longer belongs to the company.');
    const user = await store.findUser(this.#ctx.db, userId);
    if (!user) throw new OAuthError(400, 'invalid_grant', 'Unknown user.');
    if (user.api_login_only)
      throw new OAuthError(
        400,
        'invalid_grant',
        "The user has the limitation 'API login only': only client credentials with an API key are allowed.",
      );
  }

  async #consumeAndStart(code: store.AuthCodeRow, client: store.OAuthClientRow): Promise<TokenResponse> {
    const now = this.#now();
    const refreshSecret = randomSecret(32);
    const issued = await this.#ctx.db.transaction().execute(async (trx) => {
      if (!(await store.consumeCode(trx, code.company_id, code.id, isoDateTime(now)))) return undefined;
      const session = await this.#insertSession(trx, {
        companyId: code.company_id,
        userId: code.user_id,
        clientId: client.client_id,
        grant: 'authorization_code',
        authTime: Number(code.auth_time),
        refreshDigest: digest(refreshSecret),
        refreshExpiresAt: isoDateTime(new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000)),
      });
      await store.setCodeSession(trx, code.company_id, code.id, session.sessionId);
      // The 101st live refresh token of this (client, company, user) drops the oldest.
      const surplus = await store.refreshSessionsBeyond(
        trx,
        code.company_id,
        client.client_id,
        code.user_id,
        isoDateTime(now),
        REFRESH_TOKENS_PER_GRANT,
      );
      for (const id of surplus)
        await store.revokeSession(trx, code.company_id, id, isoDateTime(now), 'refresh token limit');
      return session;
    });
    if (!issued) {
      // Lost a race with a concurrent exchange of the same code: a reuse.
      const again = await store.findCode(this.#ctx.db, code.company_id, code.id);
      if (again) await this.#refuseReuse(again);
      throw new OAuthError(400, 'invalid_grant', 'The authorization code has been used already.');
    }
    const refreshToken = `trt_${code.company_id}_${issued.sessionId}_${refreshSecret}`;
    if (Buffer.byteLength(refreshToken) > REFRESH_TOKEN_MAX_BYTES) throw new Error('refresh token exceeds 1024 bytes');
    const answer = await this.#accessTokenAnswer({
      companyId: code.company_id,
      userId: code.user_id,
      clientId: client.client_id,
      sessionId: issued.sessionId,
      authTime: issued.authTime,
    });
    return { ...answer, refresh_token: refreshToken };
  }

  // ---- refresh_token ---------------------------------------------------------------------------------

  /** A new access token of the same session; the refresh token itself stays (the answer carries none). */
  async refreshTokenGrant(client: store.OAuthClientRow, form: Form): Promise<TokenResponse> {
    if (!form.refresh_token)
      throw new OAuthError(400, 'invalid_request', 'refresh_token is required with grant_type=refresh_token.');
    const match = REFRESH_TOKEN.exec(form.refresh_token);
    const session = match ? await store.findSession(this.#ctx.db, Number(match[1]), Number(match[2])) : undefined;
    const invalid = () => new OAuthError(400, 'invalid_grant', 'Unknown, expired or revoked refresh token.');
    if (!match || !session || !session.refresh_digest || !sameDigest(match[3], session.refresh_digest)) throw invalid();
    if (session.revoked_at) throw invalid();
    if (!session.refresh_expires_at || parseDateTime(session.refresh_expires_at).getTime() <= this.#now().getTime())
      throw invalid();
    if (session.client_id !== client.client_id)
      throw new OAuthError(400, 'invalid_grant', 'The refresh token was issued to another client.');
    await this.#checkUserMayLogIn(session.company_id, session.user_id);
    return this.#accessTokenAnswer({
      companyId: session.company_id,
      userId: session.user_id,
      clientId: client.client_id,
      sessionId: session.id,
      authTime: Number(session.auth_time),
    });
  }

  // ---- sessions ---------------------------------------------------------------------------------------

  async #insertSession(
    trx: Db,
    input: {
      companyId: number;
      userId: number;
      clientId: string;
      grant: RequestAuth['grant'];
      authTime?: number;
      refreshDigest?: string;
      refreshExpiresAt?: string;
      apiKeyId?: number;
    },
  ): Promise<{ sessionId: number; authTime: number }> {
    const now = this.#now();
    const authTime = input.authTime ?? Math.floor(now.getTime() / 1000);
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
      api_key_id: input.apiKeyId ?? null,
    });
    return { sessionId: id, authTime };
  }

  async #accessTokenAnswer(input: {
    companyId: number;
    userId: number;
    clientId: string;
    sessionId: number;
    authTime: number;
  }): Promise<TokenResponse> {
    const { token } = await this.signer.issueAccessToken(input);
    return { access_token: token, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS };
  }

  /** POST {root}/logout: ends the session of the token (its refresh token and every access token of it). */
  async logout(auth: RequestAuth): Promise<void> {
    await store.revokeSession(this.#ctx.db, auth.companyId, auth.sessionId, isoDateTime(this.#now()), 'logout');
  }

  /** Resolves the bearer token of a request; throws InvalidTokenError for anything not valid now. */
  async authenticate(token: string): Promise<RequestAuth> {
    const claims = await this.signer.verify(token);
    return this.#identity(claims, await this.#sessionState(claims.cid, claims.sid));
  }

  /**
   * The same answer without waiting, when both the token's signature and its session state are known to be
   * current (the cached path of most requests); undefined when `authenticate` has to look.
   */
  authenticateCached(token: string): RequestAuth | undefined {
    const claims = this.signer.verified(token);
    if (!claims) return undefined;
    const state = this.#sessions.peek(`${claims.cid}:${claims.sid}`);
    return state ? this.#identity(claims, state) : undefined;
  }

  #identity(claims: AccessClaims, session: store.SessionState | undefined): RequestAuth {
    if (!session) throw new InvalidTokenError('unknown session');
    if (session.revoked_at) throw new InvalidTokenError('session revoked');
    if (!session.active) throw new InvalidTokenError('user removed from company');
    if (String(session.user_id) !== claims.sub || session.client_id !== claims.aud)
      throw new InvalidTokenError('claims do not match session');
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

  /**
   * The session and the membership of its user: one point read, or none while nothing they depend on can have
   * changed (ctx.changes: exact on the embedded engine, never cached on PostgreSQL where other processes write).
   */
  #sessionState(companyId: number, sessionId: number): Promise<store.SessionState | undefined> {
    return this.#sessions.get(`${companyId}:${sessionId}`, () =>
      store.sessionForRequest(this.#ctx.db, companyId, sessionId),
    );
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

/** The redirect address of a code exchange must be sent and equal the client's one registered address. */
function checkRedirectUri(given: string | undefined, client: store.OAuthClientRow): void {
  if (!given)
    throw new OAuthError(400, 'invalid_request', 'redirect_uri is required with grant_type=authorization_code.');
  if (given !== client.redirect_uri)
    throw new OAuthError(400, 'invalid_grant', "redirect_uri is not the client's registered redirect address.");
}

/** PKCE (RFC 7636, S256 only): a code issued with a challenge needs the matching verifier, and only then. */
function checkPkce(verifier: string | undefined, challenge: string | null): void {
  if (challenge === null) {
    if (verifier !== undefined)
      throw new OAuthError(
        400,
        'invalid_grant',
        'code_verifier sent, but the login was started without a code_challenge.',
      );
    return;
  }
  if (!verifier)
    throw new OAuthError(
      400,
      'invalid_grant',
      'code_verifier is required: the login was started with a code_challenge.',
    );
  if (!PKCE_VERIFIER.test(verifier) || pkceChallenge(verifier) !== challenge)
    throw new OAuthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
}
