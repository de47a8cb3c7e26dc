// Helpers of the two-factor, authenticator and webhook tests: people with passwords and their person
// (authorization code) tokens, obtained through the real code exchange of the token endpoint.
import type { App } from '../src/app.ts';
import type { TestService } from './support/service.ts';

export const PASSWORD = 'Secret-pass-1';

export interface Client {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** A person's access token (grant authorization_code) for a user in a company. */
export async function personTokenOn(
  app: App,
  base: string,
  client: Client,
  userId: number,
  companyId: number,
): Promise<string> {
  const code = await app.services.auth.issueCode({
    companyId,
    userId,
    clientId: client.clientId,
    redirectUri: client.redirectUri,
    codeChallenge: null,
    authTime: Math.floor(app.ctx.clock.now().getTime() / 1000),
  });
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uri: client.redirectUri,
  });
  const answer = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (answer.status !== 200 || !body.access_token)
    throw new Error(`code exchange failed: ${answer.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export function personToken(svc: TestService, userId: number, companyId = svc.demo.companyId): Promise<string> {
  return personTokenOn(svc.app, svc.base, svc.demo, userId, companyId);
}

/** A new user with a password, an ADMIN of the company, and a person token. */
export async function person(svc: TestService, username: string, companyId = svc.demo.companyId) {
  const created = await svc.admin.createUser({
    username,
    password: PASSWORD,
    firstName: 'Test',
    lastName: 'Person',
    email: `${username}@example.com`,
  });
  await svc.admin.addMember(companyId, created.userId, 'ADMIN');
  return { ...created, token: await personToken(svc, created.userId, companyId) };
}

/** Waits until `check` answers a value (polling); fails after `timeoutMs`. */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
