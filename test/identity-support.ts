// Drives the login page over plain HTTP (cookies and the CSRF token by hand) and the token endpoint, for the
// identity tests. The browser test drives the same page in Chromium.
import { createHash, randomBytes } from 'node:crypto';
import type { TestService } from './support/service.ts';

export interface PageAnswer {
  status: number;
  html: string;
  location: string | null;
  cookie: string | undefined;
  headers: Headers;
}

export function csrfOf(html: string): string | undefined {
  return /<meta name="csrf-token" content="([^"]+)">/.exec(html)?.[1];
}

export function errorOf(html: string): string | undefined {
  const text = /<p class="error" role="alert" id="error">([^<]*)<\/p>/.exec(html)?.[1];
  return text
    ?.replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

function cookieFrom(headers: Headers, previous: string | undefined): string | undefined {
  const set = headers.get('set-cookie');
  if (!set) return previous;
  const value = /^tase_login=([^;]*)/.exec(set)?.[1];
  return value ? `tase_login=${value}` : undefined;
}

export async function page(
  svc: TestService,
  method: 'GET' | 'POST',
  path: string,
  options: { cookie?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<PageAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const response = await fetch(`${svc.base}${path}`, { method, headers, body, redirect: 'manual' });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get('location'),
    cookie: cookieFrom(response.headers, options.cookie),
    headers: response.headers,
  };
}

export function loginPath(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, v);
  return `/login?${query.toString()}`;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface LoginOptions {
  clientId?: string;
  redirectUri?: string;
  username?: string;
  password?: string;
  companyId?: number;
  state?: string;
  challenge?: string;
}

/** Runs the whole login flow and answers the redirect's code (throws with the page's error otherwise). */
export async function loginForCode(
  svc: TestService,
  options: LoginOptions = {},
): Promise<{ code: string; location: URL }> {
  const start = await page(
    svc,
    'GET',
    loginPath({
      response_type: 'code',
      client_id: options.clientId ?? svc.demo.clientId,
      redirect_uri: options.redirectUri ?? svc.demo.redirectUri,
      state: options.state,
      ...(options.challenge ? { code_challenge: options.challenge, code_challenge_method: 'S256' } : {}),
    }),
  );
  if (start.status !== 200) throw new Error(`login page: ${start.status} ${errorOf(start.html)}`);
  const csrf = csrfOf(start.html)!;
  const password = await page(svc, 'POST', '/login', {
    cookie: start.cookie,
    form: {
      step: 'password',
      csrf,
      username: options.username ?? svc.demo.username,
      password: options.password ?? svc.demo.password,
    },
  });
  if (password.status !== 200 || !password.html.includes('company-form'))
    throw new Error(`password step: ${password.status} ${errorOf(password.html) ?? password.html.slice(0, 500)}`);
  const company = await page(svc, 'POST', '/login', {
    cookie: password.cookie,
    form: { step: 'company', csrf, companyId: String(options.companyId ?? svc.demo.companyId) },
  });
  if (company.status !== 302 || !company.location)
    throw new Error(`company step: ${company.status} ${errorOf(company.html)}`);
  const location = new URL(company.location);
  return { code: location.searchParams.get('code')!, location };
}

export async function tokenRequest(
  svc: TestService,
  form: Record<string, string | undefined>,
  options: { basic?: [string, string]; query?: string } = {},
) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, v);
  const headers: Record<string, string> = {};
  if (options.basic)
    headers.authorization = `Basic ${Buffer.from(`${options.basic[0]}:${options.basic[1]}`).toString('base64')}`;
  return svc.request('POST', `/api/oauth/token${options.query ?? ''}`, {
    raw: body.toString(),
    contentType: 'application/x-www-form-urlencoded',
    headers,
  });
}

/** Exchanges a code with the demo client. */
export async function exchangeCode(svc: TestService, code: string, extra: Record<string, string | undefined> = {}) {
  return tokenRequest(svc, {
    grant_type: 'authorization_code',
    client_id: svc.demo.clientId,
    client_secret: svc.demo.clientSecret,
    redirect_uri: svc.demo.redirectUri,
    code,
    ...extra,
  });
}

/** Login + code exchange: an access and a refresh token of the demo user. */
export async function personTokens(
  svc: TestService,
  options: LoginOptions = {},
): Promise<{ access: string; refresh: string }> {
  const { code } = await loginForCode(svc, options);
  const answer = await exchangeCode(svc, code);
  if (answer.status !== 200) throw new Error(`code exchange: ${answer.status} ${answer.text}`);
  return { access: answer.body.access_token, refresh: answer.body.refresh_token };
}

export async function refresh(svc: TestService, refreshToken: string) {
  return tokenRequest(svc, {
    grant_type: 'refresh_token',
    client_id: svc.demo.clientId,
    client_secret: svc.demo.clientSecret,
    refresh_token: refreshToken,
  });
}

export function claimsOf(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}
