// The login page's flow (the authorization endpoint of the authorization code grant), as small named steps:
//
//   start:    no secrets in the URL → known client → its registered redirect address → response_type=code →
//             PKCE parameters (S256 only) → a new flow kept in the cookie only (+ CSRF token), valid 5 minutes
//   password: the flow of the cookie → not expired → CSRF token → same origin → password, slowed after wrong
//             ones per username and client address (src/auth/attempts.ts) → not 'API login only' → has
//             companies → the flow is stored (a row of login_flows) with the user
//   company:  the flow → not expired → CSRF → same origin → password step done → a company of the user →
//             a single-use code → 302 to the redirect address with code, state and expires_in=300
//
// Every failure is a LoginProblem, shown on the page. Nothing is ever sent to a redirect address that was not
// verified as the client's registered one.
import type { AppContext } from '../platform/context.ts';
import { isoDateTime, parseDateTime } from '../platform/clock.ts';
import { hasControlCharacter } from '../platform/text.ts';
import * as authStore from '../auth/index.ts';
import {
  CODE_SECONDS,
  digest,
  identity,
  randomSecret,
  sameDigest,
  type AuthService,
  type LoginFlowRow,
  type OAuthClientRow,
} from '../auth/index.ts';
import * as store from './store.ts';

const LOGIN_FLOW_SECONDS = 300;
export const COOKIE = 'tase_login';
/** The cookie of a flow not stored yet (before the password): this prefix and the flow, base64url JSON. */
const PENDING = 'p.';
/** Browsers keep cookies of up to 4,096 bytes, name and attributes included. */
const MAX_COOKIE = 3800;

/** A flow before the password: nonce, client, redirect address, state, PKCE challenge, expiry (ms). */
interface PendingFlow {
  n: string;
  c: string;
  r: string;
  s: string | null;
  x: string | null;
  e: number;
}

const URL_SECRETS = ['password', 'client_secret', 'api_key', 'refresh_token', 'code', 'code_verifier'];
const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A failure shown on the page. `restart` is the login URL to start over with (only for a verified client). */
export class LoginProblem extends Error {
  override name = 'LoginProblem';
  readonly status: number;
  readonly restart?: string;
  readonly clientName?: string;
  /** The password form is shown again (wrong password: the user may retry in the same flow). */
  readonly retryPassword: boolean;
  constructor(
    message: string,
    options: { status?: number; restart?: string; clientName?: string; retryPassword?: boolean } = {},
  ) {
    super(message);
    this.status = options.status ?? 400;
    this.restart = options.restart;
    this.clientName = options.clientName;
    this.retryPassword = options.retryPassword ?? false;
  }
}

export interface FlowCookie {
  value: string;
  maxAgeSeconds: number;
}

export interface PasswordPage {
  kind: 'password';
  clientName: string;
  csrf: string;
  cookie: FlowCookie;
  redirectOrigin: string;
}

export interface CompanyPage {
  kind: 'company';
  clientName: string;
  csrf: string;
  cookie: FlowCookie;
  redirectOrigin: string;
  companies: { companyId: number; name: string }[];
}

export interface Redirect {
  kind: 'redirect';
  location: string;
}

interface LoadedFlow {
  flow: LoginFlowRow;
  client: OAuthClientRow;
  restart: string;
  /** A row of login_flows (after the password); otherwise the flow of a pending cookie. */
  stored: boolean;
}

/** The flow of a pending cookie as a row not stored yet; undefined when it is not one. */
function pendingFlow(encoded: string): LoginFlowRow | undefined {
  if (encoded.length > MAX_COOKIE) return undefined;
  let pending: Partial<PendingFlow>;
  try {
    pending = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<PendingFlow>;
  } catch {
    return undefined;
  }
  if (
    !pending ||
    typeof pending !== 'object' ||
    typeof pending.n !== 'string' ||
    typeof pending.c !== 'string' ||
    typeof pending.r !== 'string' ||
    typeof pending.e !== 'number' ||
    !Number.isFinite(pending.e) ||
    (pending.s !== null && typeof pending.s !== 'string') ||
    (pending.x !== null && (typeof pending.x !== 'string' || !PKCE_CHALLENGE.test(pending.x))) ||
    // the cookie is not signed: texts the service never wrote (a NUL would reach SQL) make it no flow
    [pending.n, pending.c, pending.r, pending.s].some((text) => text != null && hasControlCharacter(text))
  )
    return undefined;
  const expires = new Date(pending.e);
  if (Number.isNaN(expires.getTime())) return undefined;
  return {
    id: '',
    secret_digest: '',
    csrf_digest: digest(digest(pending.n)),
    client_id: pending.c,
    redirect_uri: pending.r,
    state: pending.s,
    code_challenge: pending.x,
    user_id: null,
    auth_time: null,
    created_at: isoDateTime(new Date(pending.e - LOGIN_FLOW_SECONDS * 1000)),
    expires_at: isoDateTime(expires),
  };
}

export class LoginService {
  readonly #ctx: AppContext;
  readonly #auth: AuthService;

  constructor(ctx: AppContext, auth: AuthService) {
    this.#ctx = ctx;
    this.#auth = auth;
  }

  #now(): Date {
    return this.#ctx.clock.now();
  }

  // ---- start ------------------------------------------------------------------------------------------

  async start(query: Record<string, string | undefined>): Promise<PasswordPage> {
    refuseSecretsInUrl(query);
    const client = await this.#verifiedClient(query.client_id);
    checkRedirectAddress(query.redirect_uri, client);
    if (query.response_type !== 'code')
      throw new LoginProblem("response_type must be 'code'.", { clientName: client.name });
    const challenge = pkceParameters(query, client.name);
    const state = query.state ?? null;
    if (state !== null && state.length > 2000)
      throw new LoginProblem('state is longer than 2000 characters.', { clientName: client.name });

    // Nothing is stored until the password is right: the flow so far lives in the cookie. It needs no
    // signature, since it holds only what anyone may ask of GET /login; the CSRF token is a digest of its
    // random nonce (double submit: another site can neither read the cookie nor set it).
    const nonce = randomSecret(24);
    const pending: PendingFlow = {
      n: nonce,
      c: client.client_id,
      r: client.redirect_uri,
      s: state,
      x: challenge,
      e: this.#now().getTime() + LOGIN_FLOW_SECONDS * 1000,
    };
    const value = `${PENDING}${Buffer.from(JSON.stringify(pending)).toString('base64url')}`;
    if (value.length > MAX_COOKIE)
      throw new LoginProblem('state is too long to keep in the login cookie.', { clientName: client.name });
    return {
      kind: 'password',
      clientName: client.name,
      csrf: digest(nonce),
      cookie: { value, maxAgeSeconds: LOGIN_FLOW_SECONDS },
      redirectOrigin: new URL(client.redirect_uri).origin,
    };
  }

  async #verifiedClient(clientId: string | undefined): Promise<OAuthClientRow> {
    if (!clientId) throw new LoginProblem('client_id is missing from the login address.');
    const client = await authStore.findClient(this.#ctx.db, clientId);
    if (!client) throw new LoginProblem('Unknown client: the application that sent you here is not registered.');
    return client;
  }

  // ---- password ---------------------------------------------------------------------------------------

  async password(
    cookie: string | undefined,
    form: Record<string, string | undefined>,
    origin: OriginCheck,
    address: string,
  ): Promise<CompanyPage | PasswordPage> {
    const { flow, client, restart, stored } = await this.#liveFlow(cookie);
    checkCsrf(form.csrf, flow, restart, client.name);
    checkOrigin(origin, restart, client.name);
    const user = await this.#checkPassword(form.username ?? '', form.password ?? '', client.name, address);
    if (user.api_login_only) {
      throw new LoginProblem(
        "This user has the limitation 'API login only' and can use the API only with an API key.",
        { clientName: client.name, restart },
      );
    }
    const companies = await authStore.membershipsOfUser(this.#ctx, user.user_id);
    if (companies.length === 0)
      throw new LoginProblem('The user does not belong to any company.', { clientName: client.name, restart });

    // A new flow secret once the user is known (the pre-login cookie no longer continues the flow).
    const secret = randomSecret(24);
    const authTime = Math.floor(this.#now().getTime() / 1000);
    if (stored) {
      await store.updateFlow(this.#ctx.db, flow.id, {
        secret_digest: digest(secret),
        user_id: user.user_id,
        auth_time: authTime,
      });
    } else {
      flow.id = randomSecret(12);
      await store.insertFlow(this.#ctx.db, {
        ...flow,
        secret_digest: digest(secret),
        user_id: user.user_id,
        auth_time: authTime,
      });
    }
    const left = Math.max(1, Math.floor((parseDateTime(flow.expires_at).getTime() - this.#now().getTime()) / 1000));
    return {
      kind: 'company',
      clientName: client.name,
      csrf: form.csrf!,
      cookie: { value: `${flow.id}.${secret}`, maxAgeSeconds: left },
      redirectOrigin: new URL(flow.redirect_uri).origin,
      companies: companies.map((c) => ({ companyId: c.companyId, name: c.name })),
    };
  }

  async #checkPassword(
    username: string,
    password: string,
    clientName: string,
    address: string,
  ): Promise<authStore.UserRow> {
    const wrong = () => new LoginProblem('Wrong username or password.', { clientName, retryPassword: true });
    if (!username || !password || username.length > 100 || password.length > 200) throw wrong();
    const check = await identity.checkPassword(this.#ctx.db, username, password, this.#now(), address);
    if (check.outcome === 'slowed') throw slowedProblem(check.until, this.#now(), clientName);
    if (check.outcome === 'wrong') throw wrong();
    return check.user;
  }

  // ---- company ----------------------------------------------------------------------------------------

  async company(
    cookie: string | undefined,
    form: Record<string, string | undefined>,
    origin: OriginCheck,
  ): Promise<Redirect> {
    const { flow, client, restart } = await this.#liveFlow(cookie);
    checkCsrf(form.csrf, flow, restart, client.name);
    checkOrigin(origin, restart, client.name);
    if (flow.user_id === null || flow.auth_time === null)
      throw new LoginProblem('Log in with your username and password first.', { clientName: client.name, restart });
    const companyId = Number(form.companyId);
    const membership =
      Number.isSafeInteger(companyId) && companyId > 0
        ? await authStore.findMembership(this.#ctx.db, companyId, Number(flow.user_id))
        : undefined;
    if (!membership?.active)
      throw new LoginProblem('Choose one of your companies.', { clientName: client.name, restart });

    const code = await this.#auth.issueCode({
      companyId,
      userId: Number(flow.user_id),
      clientId: flow.client_id,
      redirectUri: flow.redirect_uri,
      codeChallenge: flow.code_challenge,
      authTime: Number(flow.auth_time),
    });
    await store.deleteFlow(this.#ctx.db, flow.id);
    const params = new URLSearchParams({ code });
    if (flow.state !== null) params.set('state', flow.state);
    params.set('expires_in', String(CODE_SECONDS));
    return { kind: 'redirect', location: `${flow.redirect_uri}?${params.toString()}` };
  }

  // ---- the flow of a cookie ---------------------------------------------------------------------------

  async #liveFlow(cookie: string | undefined): Promise<LoadedFlow> {
    if (!cookie)
      throw new LoginProblem(
        'This page needs cookies: allow cookies for this site and start the login again from the application.',
      );
    const invalid = () => new LoginProblem('This login is no longer valid: start it again from the application.');
    let flow: LoginFlowRow | undefined;
    let stored = false;
    if (cookie.startsWith(PENDING)) {
      flow = pendingFlow(cookie.slice(PENDING.length));
    } else {
      const [id, secret] = cookie.split('.');
      flow = id && secret && id.length <= 100 ? await store.findFlow(this.#ctx.db, id) : undefined;
      if (flow && !sameDigest(secret, flow.secret_digest)) flow = undefined;
      stored = true;
    }
    if (!flow) throw invalid();
    const client = await authStore.findClient(this.#ctx.db, flow.client_id);
    if (!client || client.redirect_uri !== flow.redirect_uri)
      throw new LoginProblem('The application of this login is no longer registered.');
    const restart = loginUrl({
      response_type: 'code',
      client_id: flow.client_id,
      redirect_uri: flow.redirect_uri,
      state: flow.state ?? undefined,
      ...(flow.code_challenge ? { code_challenge: flow.code_challenge, code_challenge_method: 'S256' } : {}),
    });
    if (parseDateTime(flow.expires_at).getTime() <= this.#now().getTime()) {
      if (stored) await store.deleteFlow(this.#ctx.db, flow.id);
      throw new LoginProblem('The login took longer than 5 minutes and has expired. Start again.', {
        clientName: client.name,
        restart,
      });
    }
    return { flow, client, restart, stored };
  }
}

/** The request's Origin header (when sent) and its own host, to refuse posts from other sites. */
export interface OriginCheck {
  origin: string | undefined;
  host: string | undefined;
}

function refuseSecretsInUrl(query: Record<string, string | undefined>): void {
  const leaked = URL_SECRETS.filter((k) => query[k] !== undefined);
  if (leaked.length > 0) throw new LoginProblem(`Secrets must not be sent in the URL: ${leaked.join(', ')}.`);
}

function checkRedirectAddress(given: string | undefined, client: OAuthClientRow): void {
  if (!given) throw new LoginProblem('redirect_uri is missing from the login address.', { clientName: client.name });
  if (given !== client.redirect_uri) {
    throw new LoginProblem(
      'The redirect address is not the one registered for this application; the login cannot continue.',
      { clientName: client.name },
    );
  }
}

function pkceParameters(query: Record<string, string | undefined>, clientName: string): string | null {
  const challenge = query.code_challenge;
  const method = query.code_challenge_method;
  if (challenge === undefined) {
    if (method !== undefined)
      throw new LoginProblem('code_challenge_method was sent without a code_challenge.', { clientName });
    return null;
  }
  if (method !== 'S256')
    throw new LoginProblem("PKCE: only code_challenge_method 'S256' is supported.", { clientName });
  if (!PKCE_CHALLENGE.test(challenge))
    throw new LoginProblem('PKCE: code_challenge must be 43 base64url characters (S256).', { clientName });
  return challenge;
}

function checkCsrf(token: string | undefined, flow: LoginFlowRow, restart: string, clientName: string): void {
  if (!token || !sameDigest(token, flow.csrf_digest)) {
    throw new LoginProblem('The form could not be verified (this page needs JavaScript). Start again.', {
      status: 403,
      restart,
      clientName,
    });
  }
}

function checkOrigin(check: OriginCheck, restart: string, clientName: string): void {
  if (check.origin === undefined) return;
  let host: string | undefined;
  try {
    host = new URL(check.origin).host;
  } catch {
    host = undefined;
  }
  if (!host || host !== check.host)
    throw new LoginProblem('The form was sent from another site.', { status: 403, restart, clientName });
}

function slowedProblem(until: string, now: Date, clientName: string): LoginProblem {
  const seconds = Math.max(1, Math.ceil((parseDateTime(until).getTime() - now.getTime()) / 1000));
  return new LoginProblem(`Too many wrong passwords: try again in ${seconds} s.`, {
    status: 429,
    clientName,
    retryPassword: true,
  });
}

/** The relative login address with the given parameters (for "start again" links). */
function loginUrl(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const key of [
    'response_type',
    'client_id',
    'redirect_uri',
    'state',
    'code_challenge',
    'code_challenge_method',
  ]) {
    const value = query[key];
    if (value !== undefined) params.set(key, value);
  }
  return `login?${params.toString()}`;
}
