// The authenticator: where a person confirms or rejects the two-factor actions started in their name. They log
// in with their username and password (slowed after wrong ones as on the login page) and then confirm with their
// second factor, something they have: a code of the authenticator app they enrolled (TOTP, totp.ts; its secret
// kept encrypted, sealed-secret.ts), one of their passkeys (WebAuthn, passkeys.ts) or one of their single-use
// recovery codes. A session with only the password lists and decides nothing; it may enrol an
// app only while the user has none (the first enrolment, or after an administrator's reset). A new password ends
// the sessions of the old one. The page keeps its own session in a cookie (HttpOnly, SameSite=Strict, only the
// digest of its secret stored) with a CSRF token that every state-changing request must echo in `X-CSRF-Token`.
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDateTime, parseDateTime } from '../platform/clock.ts';
import * as authStore from '../auth/index.ts';
import { digest, identity, randomSecret, sameDigest } from '../auth/index.ts';
import type { Decision, MfaService, PendingTransaction, TransactionState } from '../mfa/index.ts';
import * as store from './store.ts';
import {
  authenticationOptions,
  CEREMONY_SECONDS,
  credentialIdOf,
  registrationOptions,
  relyingParty,
  verifiedAssertion,
  verifiedRegistration,
  type RelyingParty,
} from './passkeys.ts';
import { isPlainSecret, openSecret, sealingKey, sealSecret, type SealingKey } from './sealed-secret.ts';
import {
  isTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizedRecoveryCode,
  totpQrSvg,
  totpStep,
  totpUri,
} from './totp.ts';

export const SESSION_SECONDS = 30 * 60;
/** Time to give the second factor after the password. */
const PASSWORD_STAGE_SECONDS = 5 * 60;

/**
 * Time to confirm an app's enrolment with its first code; an older one is unfinished, no longer confirmed and
 * removed by housekeeping (as long as the longest session that can start one).
 */
export const ENROLMENT_SECONDS = 30 * 60;

/** Where a session stands with the second factor: confirmed, to be given, or to be enrolled first. */
type SecondFactorState = 'CONFIRMED' | 'REQUIRED' | 'ENROL';

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
  secondFactor: SecondFactorState;
}

/** A passkey as its owner sees it in the list of their passkeys. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export class AuthenticatorService {
  readonly #ctx: AppContext;
  readonly #mfa: MfaService;
  readonly #key: SealingKey;
  readonly #rp: RelyingParty;

  constructor(ctx: AppContext, mfa: MfaService) {
    this.#ctx = ctx;
    this.#mfa = mfa;
    this.#key = sealingKey(ctx.signingKey);
    this.#rp = relyingParty(ctx.issuer);
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
      expires_at: isoDateTime(new Date(now.getTime() + PASSWORD_STAGE_SECONDS * 1000)),
      factor_at: null,
    };
    await store.insertSession(this.#ctx.db, row);
    return { session: await this.#session(row, user), cookie: `${id}.${secret}` };
  }

  async #session(row: store.AuthenticatorSessionRow, user: authStore.UserRow): Promise<Session> {
    const enrolled =
      row.factor_at !== null ||
      (await store.factorsOf(this.#ctx.db, Number(user.user_id))).some((f) => f.confirmed_at !== null) ||
      (await store.passkeyCount(this.#ctx.db, Number(user.user_id))) > 0;
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
      secondFactor: row.factor_at !== null ? 'CONFIRMED' : enrolled ? 'REQUIRED' : 'ENROL',
    };
  }

  /** The live session of a cookie, confirmed with the second factor or not; 401 without one. */
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

  /** The live session of a cookie, confirmed with the second factor: 401 otherwise. */
  async confirmedSession(cookie: string | undefined): Promise<Session> {
    return confirmed(await this.session(cookie));
  }

  /**
   * A session whose CSRF token the request echoes (state-changing requests); `stage` 'confirmed' asks for one
   * confirmed with the second factor.
   */
  async sessionForChange(
    cookie: string | undefined,
    csrf: string | undefined,
    stage: 'password' | 'confirmed',
  ): Promise<Session> {
    const session = await this.session(cookie);
    if (!csrf || !sameToken(csrf, session.csrfToken)) throw apiError('AUTHENTICATOR_CSRF');
    return stage === 'confirmed' ? confirmed(session) : session;
  }

  /**
   * Confirms the session with a code of the user's authenticator app or a recovery code. Wrong codes slow the
   * next attempt (src/auth/attempts.ts); a code is accepted once.
   */
  async confirm(session: Session, code: unknown): Promise<Session> {
    if (session.secondFactor === 'CONFIRMED') return session;
    if (typeof code !== 'string' || !code.trim() || code.length > 40) throw apiError('AUTHENTICATOR_CODE_WRONG');
    const userId = session.user.userId;
    const now = this.#now();
    const reservation = await identity.reserveSecondFactorAttempt(this.#ctx.db, userId, now);
    if (!reservation.ok) throw apiError('AUTHENTICATOR_CODE_SLOWED', undefined, { until: reservation.until });
    let right = false;
    if (isTotpCode(code)) {
      const factors = await store.factorsOf(this.#ctx.db, userId);
      for (const factor of factors.filter((f) => f.confirmed_at !== null)) {
        const secret = await this.#secretOf(factor);
        const step = secret === undefined ? undefined : totpStep(secret, code.replace(/\s/g, ''));
        if (step !== undefined && (await store.takeStep(this.#ctx.db, factor.id, step))) {
          right = true;
          break;
        }
      }
    } else {
      right = await store.useRecoveryCode(this.#ctx.db, userId, recoveryDigest(userId, code), isoDateTime(now));
    }
    await reservation.release(right);
    if (!right) throw apiError('AUTHENTICATOR_CODE_WRONG');
    return this.#confirmSession(session, now);
  }

  /** The TOTP secret of a factor; one still stored in plain text (from before encryption) is sealed now. */
  async #secretOf(factor: store.FactorRow): Promise<string | undefined> {
    let secret: string;
    try {
      secret = openSecret(this.#key, factor.secret);
    } catch {
      // sealed under another signing secret (it was changed): the app no longer confirms, the operator resets it
      return undefined;
    }
    if (isPlainSecret(factor.secret))
      await store.rewriteFactorSecret(this.#ctx.db, factor.id, factor.secret, sealSecret(this.#key, secret));
    return secret;
  }

  async #confirmSession(session: Session, now: Date): Promise<Session> {
    const expiresAt = isoDateTime(new Date(now.getTime() + SESSION_SECONDS * 1000));
    await store.confirmSession(this.#ctx.db, session.id, isoDateTime(now), expiresAt);
    return { ...session, secondFactor: 'CONFIRMED', expiresAt };
  }

  /**
   * Starts enrolling an authenticator app: a new secret, its otpauth:// URI (the QR code shows the same). A
   * session with only the password may enrol only while the user has no second factor; to replace an app, the
   * user first confirms with the one they have (or a recovery code).
   */
  async startTotp(session: Session): Promise<{ secret: string; uri: string }> {
    if (session.secondFactor === 'REQUIRED') throw apiError('AUTHENTICATOR_ENROLMENT_CLOSED');
    const secret = newTotpSecret();
    await store.insertPendingFactor(this.#ctx.db, {
      id: randomSecret(12),
      user_id: session.user.userId,
      kind: 'TOTP',
      secret: sealSecret(this.#key, secret),
      last_step: 0,
      created_at: isoDateTime(this.#now()),
      confirmed_at: null,
    });
    return { secret, uri: totpUri(secret, session.user.username) };
  }

  /** The QR code (SVG) of the enrolment under way. */
  async totpQr(session: Session): Promise<string> {
    const pending = await this.#pendingFactor(session);
    const secret = await this.#secretOf(pending);
    if (secret === undefined) throw apiError('AUTHENTICATOR_NO_ENROLMENT');
    return totpQrSvg(totpUri(secret, session.user.username));
  }

  async #pendingFactor(session: Session): Promise<store.FactorRow> {
    if (session.secondFactor === 'REQUIRED') throw apiError('AUTHENTICATOR_ENROLMENT_CLOSED');
    const startedAfter = isoDateTime(new Date(this.#now().getTime() - ENROLMENT_SECONDS * 1000));
    const pending = (await store.factorsOf(this.#ctx.db, session.user.userId)).find(
      (f) => f.confirmed_at === null && f.created_at > startedAfter,
    );
    if (!pending) throw apiError('AUTHENTICATOR_NO_ENROLMENT');
    return pending;
  }

  /**
   * Ends the enrolment with the app's first code: the app becomes the user's second factor (replacing an earlier
   * one), the session is confirmed, and new recovery codes are answered — this once; only their digests are kept.
   */
  async confirmTotp(session: Session, code: unknown): Promise<{ session: Session; recoveryCodes: string[] }> {
    const pending = await this.#pendingFactor(session);
    const userId = session.user.userId;
    const now = this.#now();
    const reservation = await identity.reserveSecondFactorAttempt(this.#ctx.db, userId, now);
    if (!reservation.ok) throw apiError('AUTHENTICATOR_CODE_SLOWED', undefined, { until: reservation.until });
    const secret = await this.#secretOf(pending);
    const step =
      typeof code === 'string' && secret !== undefined ? totpStep(secret, code.replace(/\s/g, '')) : undefined;
    const right = step !== undefined && (await store.takeStep(this.#ctx.db, pending.id, step));
    await reservation.release(right);
    if (!right) throw apiError('AUTHENTICATOR_CODE_WRONG');
    const recoveryCodes = newRecoveryCodes();
    await store.confirmFactor(
      this.#ctx.db,
      pending,
      isoDateTime(now),
      recoveryCodes.map((c) => recoveryDigest(userId, c)),
    );
    return { session: await this.#confirmSession(session, now), recoveryCodes };
  }

  /**
   * Starts enrolling a passkey: the options for the browser's `navigator.credentials.create`, with a challenge
   * kept for this session alone. As with an app, a session with only the password may enrol only while the user
   * has no second factor; a confirmed session may add passkeys.
   */
  async startPasskeyRegistration(session: Session): Promise<unknown> {
    if (session.secondFactor === 'REQUIRED') throw apiError('AUTHENTICATOR_ENROLMENT_CLOSED');
    const existing = await store.passkeysOf(this.#ctx.db, session.user.userId);
    const options = await registrationOptions(this.#rp, session.user, existing);
    await this.#handChallenge(session, 'REGISTRATION', options.challenge);
    return options;
  }

  async #handChallenge(session: Session, ceremony: store.ChallengeRow['ceremony'], challenge: string): Promise<void> {
    const now = this.#now();
    await store.insertChallenge(this.#ctx.db, {
      id: randomSecret(12),
      session_id: session.id,
      user_id: session.user.userId,
      ceremony,
      challenge,
      created_at: isoDateTime(now),
      expires_at: isoDateTime(new Date(now.getTime() + CEREMONY_SECONDS * 1000)),
    });
  }

  /**
   * Ends a passkey's enrolment with the browser's answer: the passkey is the user's, the session is confirmed,
   * and when it is the user's first second factor, new recovery codes are answered — this once.
   */
  async finishPasskeyRegistration(
    session: Session,
    response: unknown,
    name: unknown,
  ): Promise<{ session: Session; passkey: PasskeyView; recoveryCodes?: string[] }> {
    if (session.secondFactor === 'REQUIRED') throw apiError('AUTHENTICATOR_ENROLMENT_CLOSED');
    const now = this.#now();
    const challenge = await store.takeChallenge(this.#ctx.db, session.id, 'REGISTRATION', isoDateTime(now));
    if (!challenge) throw apiError('AUTHENTICATOR_PASSKEY_REFUSED');
    const credential = await verifiedRegistration(this.#rp, challenge.challenge, response);
    if (!credential) throw apiError('AUTHENTICATOR_PASSKEY_REFUSED');
    const userId = session.user.userId;
    const first = session.secondFactor === 'ENROL';
    const recoveryCodes = first ? newRecoveryCodes() : undefined;
    const row: store.PasskeyRow = {
      id: randomSecret(12),
      user_id: userId,
      credential_id: credential.credentialId,
      public_key: credential.publicKey,
      sign_count: credential.signCount,
      transports: JSON.stringify(credential.transports),
      name: passkeyName(name, now),
      created_at: isoDateTime(now),
      last_used_at: null,
    };
    const added = await store.insertPasskey(
      this.#ctx.db,
      row,
      recoveryCodes?.map((c) => recoveryDigest(userId, c)),
    );
    if (!added) throw apiError('AUTHENTICATOR_PASSKEY_REFUSED');
    return { session: await this.#confirmSession(session, now), passkey: passkeyView(row), recoveryCodes };
  }

  /** Starts confirming the session with a passkey: the options for `navigator.credentials.get`. */
  async startPasskeyConfirmation(session: Session): Promise<unknown> {
    const passkeys = await store.passkeysOf(this.#ctx.db, session.user.userId);
    if (passkeys.length === 0) throw apiError('AUTHENTICATOR_NO_PASSKEY');
    const options = await authenticationOptions(this.#rp, passkeys);
    await this.#handChallenge(session, 'AUTHENTICATION', options.challenge);
    return options;
  }

  /**
   * Confirms the session with the browser's assertion: signed by one of the user's own passkeys over the
   * challenge this session was handed (taken once: a replayed assertion finds none), with a growing signature
   * counter. Wrong answers count as wrong codes (slowed after five).
   */
  async confirmWithPasskey(session: Session, response: unknown): Promise<Session> {
    if (session.secondFactor === 'CONFIRMED') return session;
    const userId = session.user.userId;
    const now = this.#now();
    const reservation = await identity.reserveSecondFactorAttempt(this.#ctx.db, userId, now);
    if (!reservation.ok) throw apiError('AUTHENTICATOR_CODE_SLOWED', undefined, { until: reservation.until });
    let right = false;
    const challenge = await store.takeChallenge(this.#ctx.db, session.id, 'AUTHENTICATION', isoDateTime(now));
    const credentialId = credentialIdOf(response);
    const passkey = credentialId ? await store.findPasskey(this.#ctx.db, userId, credentialId) : undefined;
    if (challenge && passkey) {
      const count = await verifiedAssertion(this.#rp, challenge.challenge, passkey, response);
      right = count !== undefined && (await store.takeSignCount(this.#ctx.db, passkey, count, isoDateTime(now)));
    }
    await reservation.release(right);
    if (!right) throw apiError('AUTHENTICATOR_PASSKEY_REFUSED');
    return this.#confirmSession(session, now);
  }

  /** The user's own passkeys. */
  async passkeys(session: Session): Promise<PasskeyView[]> {
    return (await store.passkeysOf(this.#ctx.db, confirmed(session).user.userId)).map(passkeyView);
  }

  /**
   * Removes one of the user's own passkeys. Not their last second factor: with none left, whoever has the
   * password could enrol their own device.
   */
  async removePasskey(session: Session, id: string): Promise<void> {
    const userId = confirmed(session).user.userId;
    const passkeys = await store.passkeysOf(this.#ctx.db, userId);
    if (id.length > 100 || !passkeys.some((p) => p.id === id)) throw notFound('Passkey');
    const apps = (await store.factorsOf(this.#ctx.db, userId)).filter((f) => f.confirmed_at !== null);
    if (passkeys.length === 1 && apps.length === 0) throw apiError('AUTHENTICATOR_LAST_FACTOR');
    if (!(await store.deletePasskey(this.#ctx.db, userId, id))) throw notFound('Passkey');
  }

  /** How many recovery codes the user has left. */
  recoveryCodesLeft(session: Session): Promise<number> {
    return store.unusedRecoveryCodes(this.#ctx.db, confirmed(session).user.userId);
  }

  /**
   * The administrator's reset (`tase admin authenticator reset --user-id N`), for a user who lost their device
   * and codes: their factors, recovery codes and authenticator sessions go; they enrol anew after the password.
   */
  async resetFactors(
    userId: number,
  ): Promise<{ userId: number; factors: number; passkeys: number; recoveryCodes: number; sessions: number }> {
    if (!(await authStore.findUser(this.#ctx.db, userId))) throw notFound('User');
    return { userId, ...(await store.resetFactors(this.#ctx.db, userId)) };
  }

  async logout(session: Session): Promise<void> {
    await store.deleteSession(this.#ctx.db, session.id);
  }

  pending(session: Session): Promise<PendingTransaction[]> {
    return this.#mfa.pendingOf(confirmed(session).user.userId);
  }

  decide(session: Session, transactionId: string, decision: Decision): Promise<TransactionState> {
    if (transactionId.length > 100) throw notFound('Transaction');
    return this.#mfa.decide(transactionId, confirmed(session).user.userId, decision);
  }
}

/** Tells one password of a user from the next (every hash has its own salt), without keeping the hash. */
function passwordStamp(user: authStore.UserRow): string | null {
  return user.password_hash ? digest(user.password_hash) : null;
}

function passkeyName(name: unknown, now: Date): string {
  const given = typeof name === 'string' ? name.trim().slice(0, 100) : '';
  return given || `Passkey ${isoDateTime(now).slice(0, 10)}`;
}

function passkeyView(row: store.PasskeyRow): PasskeyView {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

function confirmed(session: Session): Session {
  if (session.secondFactor !== 'CONFIRMED') throw apiError('AUTHENTICATOR_SECOND_FACTOR_REQUIRED');
  return session;
}

/** A recovery code is kept as a digest, salted by its user (so one digest table never tells two users' codes). */
function recoveryDigest(userId: number, code: string): string {
  return digest(`${userId}:${normalizedRecoveryCode(code)}`);
}

function sameToken(a: string, b: string): boolean {
  return sameDigest(a, digest(b));
}
