// The authenticator: where a person confirms or rejects the two-factor actions started in their name. They log
// in with their own username and password (slowed after wrong ones as on the login page; a new password ends
// the sessions of the old one); the page keeps its own
// session in a cookie (HttpOnly, SameSite=Strict, only the digest of its secret stored) with a CSRF token
// that every state-changing request must echo in `X-CSRF-Token`.
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDateTime, parseDateTime } from '../platform/clock.ts';
import * as authStore from '../auth/index.ts';
import { digest, identity, randomSecret, sameDigest } from '../auth/index.ts';
import type { Decision, MfaService, PendingTransaction, TransactionState } from '../mfa/index.ts';
import * as store from './store.ts';

export const SESSION_SECONDS = 30 * 60;

interface AuthenticatorUser {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
}

export interface Session {
  id: string;
  user: AuthenticatorUser;
  csrfToken: string;
  expiresAt: string;
}

export class AuthenticatorService {
  readonly #ctx: AppContext;
  readonly #mfa: MfaService;

  constructor(ctx: AppContext, mfa: MfaService) {
    this.#ctx = ctx;
    this.#mfa = mfa;
  }

  #now(): Date {
    return this.#ctx.clock.now();
  }

  /** The service clock's time (the page counts the time left of each transaction from it). */
  now(): string {
    return isoDateTime(this.#now());
  }

  /** Checks the credentials; answers the new session and its cookie value (`id.secret`). */
  async login(username: unknown, password: unknown, address: string): Promise<{ session: Session; cookie: string }> {
    const wrong = () => apiError('AUTHENTICATOR_LOGIN_FAILED');
    if (
      typeof username !== 'string' ||
      typeof password !== 'string' ||
      !username ||
      !password ||
      username.length > 100 ||
      password.length > 200
    )
      throw wrong();
    // slowed after wrong passwords by the login page's rule (src/auth/attempts.ts)
    const now = this.#now();
    const check = await identity.checkPassword(this.#ctx.db, username, password, now, address);
    if (check.outcome === 'slowed') throw apiError('AUTHENTICATOR_SLOWED', undefined, { until: check.until });
    if (check.outcome === 'wrong') throw wrong();
    const user = check.user;
    if (user.api_login_only) throw apiError('AUTHENTICATOR_API_LOGIN_ONLY');

    const id = randomSecret(12);
    const secret = randomSecret(32);
    const row: store.AuthenticatorSessionRow = {
      id,
      secret_digest: digest(secret),
      csrf_token: randomSecret(24),
      user_id: Number(user.user_id),
      password_stamp: passwordStamp(user),
      created_at: isoDateTime(now),
      expires_at: isoDateTime(new Date(now.getTime() + SESSION_SECONDS * 1000)),
    };
    await store.insertSession(this.#ctx.db, row);
    return { session: this.#session(row, user), cookie: `${id}.${secret}` };
  }

  #session(row: store.AuthenticatorSessionRow, user: authStore.UserRow): Session {
    return {
      id: row.id,
      user: {
        userId: Number(user.user_id),
        username: user.username,
        firstName: user.first_name,
        lastName: user.last_name,
      },
      csrfToken: row.csrf_token,
      expiresAt: row.expires_at,
    };
  }

  /** The live session of a cookie; 401 without one. */
  async session(cookie: string | undefined): Promise<Session> {
    const required = () => apiError('AUTHENTICATOR_SESSION_REQUIRED');
    const [id, secret] = (cookie ?? '').split('.');
    if (!id || !secret) throw required();
    const row = await store.findSession(this.#ctx.db, id);
    if (!row || !sameDigest(secret, row.secret_digest)) throw required();
    if (parseDateTime(row.expires_at).getTime() <= this.#now().getTime()) {
      await store.deleteSession(this.#ctx.db, id);
      throw required();
    }
    const user = await authStore.findUser(this.#ctx.db, Number(row.user_id));
    // a new password ends the sessions opened with the old one (whoever knew it is signed out)
    if (!user || passwordStamp(user) !== row.password_stamp) {
      await store.deleteSession(this.#ctx.db, id);
      throw required();
    }
    return this.#session(row, user);
  }

  /** A session whose CSRF token the request echoes (state-changing requests). */
  async sessionForChange(cookie: string | undefined, csrf: string | undefined): Promise<Session> {
    const session = await this.session(cookie);
    if (!csrf || !sameToken(csrf, session.csrfToken)) throw apiError('AUTHENTICATOR_CSRF');
    return session;
  }

  async logout(session: Session): Promise<void> {
    await store.deleteSession(this.#ctx.db, session.id);
  }

  pending(session: Session): Promise<PendingTransaction[]> {
    return this.#mfa.pendingOf(session.user.userId);
  }

  decide(session: Session, transactionId: string, decision: Decision): Promise<TransactionState> {
    if (transactionId.length > 100) throw notFound('Transaction');
    return this.#mfa.decide(transactionId, session.user.userId, decision);
  }
}

/** Tells one password of a user from the next (every hash has its own salt), without keeping the hash. */
function passwordStamp(user: authStore.UserRow): string | null {
  return user.password_hash ? digest(user.password_hash) : null;
}

function sameToken(a: string, b: string): boolean {
  return sameDigest(a, digest(b));
}
