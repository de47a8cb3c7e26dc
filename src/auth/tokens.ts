// Access tokens: JWT HS256 with the claims iss aud sub cid jti auth_time iat exp (plus sid, the session the
// token belongs to, which is how logout and revocation reach it). Verified signatures are remembered for
// the token's lifetime so that a hot client pays the HMAC once; validity is still checked on every request.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../platform/clock.ts';

export const ACCESS_TOKEN_SECONDS = 3600;
const ACCESS_TOKEN_MAX_BYTES = 512;

export interface AccessClaims {
  iss: string;
  aud: string;
  sub: string;
  cid: number;
  jti: string;
  sid: number;
  auth_time: number;
  iat: number;
  exp: number;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

const CACHE_LIMIT = 10_000;

export class TokenSigner {
  readonly #key: Uint8Array;
  readonly #issuer: string;
  readonly #clock: Clock;
  readonly #verified = new Map<string, AccessClaims>();

  constructor(key: Uint8Array, issuer: string, clock: Clock) {
    this.#key = key;
    this.#issuer = issuer;
    this.#clock = clock;
  }

  async issueAccessToken(input: {
    clientId: string;
    userId: number;
    companyId: number;
    sessionId: number;
    authTime: number;
  }): Promise<{ token: string; claims: AccessClaims }> {
    const iat = Math.floor(this.#clock.now().getTime() / 1000);
    const claims: AccessClaims = {
      iss: this.#issuer,
      aud: input.clientId,
      sub: String(input.userId),
      cid: input.companyId,
      jti: randomBytes(12).toString('base64url'),
      sid: input.sessionId,
      auth_time: input.authTime,
      iat,
      exp: iat + ACCESS_TOKEN_SECONDS,
    };
    const token = await new SignJWT({ cid: claims.cid, sid: claims.sid, auth_time: claims.auth_time })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(this.#key);
    if (Buffer.byteLength(token) > ACCESS_TOKEN_MAX_BYTES) throw new Error('access token exceeds 512 bytes');
    return { token, claims };
  }

  /** The claims of a token whose signature was verified before and that has not expired; else undefined. */
  verified(token: string): AccessClaims | undefined {
    const cached = this.#verified.get(token);
    return cached && cached.exp > Math.floor(this.#clock.now().getTime() / 1000) ? cached : undefined;
  }

  /** Verifies signature, issuer, algorithm and expiry; throws InvalidTokenError. */
  async verify(token: string): Promise<AccessClaims> {
    const nowSeconds = Math.floor(this.#clock.now().getTime() / 1000);
    const cached = this.#verified.get(token);
    if (cached) {
      if (cached.exp <= nowSeconds) {
        this.#verified.delete(token);
        throw new InvalidTokenError('token expired');
      }
      return cached;
    }
    if (token.length > ACCESS_TOKEN_MAX_BYTES * 2) throw new InvalidTokenError('token too long');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: this.#issuer,
        currentDate: this.#clock.now(),
        requiredClaims: ['iss', 'aud', 'sub', 'jti', 'iat', 'exp'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) throw new InvalidTokenError(err.code);
      throw new InvalidTokenError('malformed token');
    }
    const claims = payload as unknown as AccessClaims;
    if (
      typeof claims.aud !== 'string' ||
      !Number.isSafeInteger(claims.cid) ||
      !Number.isSafeInteger(claims.sid) ||
      !/^\d+$/.test(String(claims.sub)) ||
      typeof claims.auth_time !== 'number'
    ) {
      throw new InvalidTokenError('claims missing');
    }
    if (this.#verified.size >= CACHE_LIMIT) this.#verified.delete(this.#verified.keys().next().value!);
    this.#verified.set(token, claims);
    return claims;
  }
}
