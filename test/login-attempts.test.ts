// Brute force and flooding of the password pages, over real HTTP from several client addresses (the whole of
// 127.0.0.0/8 reaches the service on Linux, so each address below is a separate client to it): concurrent
// attempts cannot overrun the count, unknown users and wrong passwords answer alike and in the same time, an
// attacker slowed elsewhere does not keep the real user from confirming a payment, GET /login stores nothing,
// and a new password ends the authenticator's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { csrfOf, errorOf, loginPath } from './identity-support.ts';
import { confirmSecondFactor, PASSWORD, person } from './mfa-helpers.ts';

const clock = new ManualClock(new Date());
let svc: TestService;

beforeAll(async () => {
  // production mode: two-factor transactions wait for a person's decision (the sandbox scripts them)
  svc = await startService({
    clock,
    config: { mode: 'production', signingSecret: 'login-attempts-test-secret-0123456789' },
  });
});

afterAll(async () => {
  await svc?.close();
});

interface Answer {
  status: number;
  text: string;
  cookie: string | undefined;
  ms: number;
}

/** One request from the client address `from`. */
function send(
  from: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(path, svc.base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: from,
        headers: {
          ...options.headers,
          ...(options.body !== undefined ? { 'content-length': Buffer.byteLength(options.body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const set = res.headers['set-cookie']?.[0];
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            cookie: set ? set.split(';')[0] : undefined,
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const authenticatorLogin = (from: string, username: string, password: string) =>
  send(from, 'POST', '/authenticator/api/login', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

async function loginPage(from: string): Promise<{ cookie: string; csrf: string }> {
  const start = await send(
    from,
    'GET',
    loginPath({ response_type: 'code', client_id: svc.demo.clientId, redirect_uri: svc.demo.redirectUri }),
  );
  expect(start.status).toBe(200);
  return { cookie: start.cookie!, csrf: csrfOf(start.text)! };
}

const passwordPost = (from: string, flow: { cookie: string; csrf: string }, username: string, password: string) =>
  send(from, 'POST', '/login', {
    headers: { cookie: flow.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ step: 'password', csrf: flow.csrf, username, password }).toString(),
  });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

describe('password attempts', () => {
  it('checks at most five of 40 concurrent wrong passwords on one login flow, the rest are slowed', async () => {
    await person(svc, 'target');
    const flow = await loginPage('127.0.0.2');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => passwordPost('127.0.0.2', flow, 'target', `wrong-pass-${i}`)),
    );
    const checked = count(answers, 400);
    console.log(`login page: ${checked} of 40 concurrent wrong passwords checked`);
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + count(answers, 429)).toBe(40);
    for (const a of answers) if (a.status === 400) expect(errorOf(a.text)).toBe('Wrong username or password.');
    // the right password does not get through either until the delay has passed
    const right = await passwordPost('127.0.0.2', flow, 'target', PASSWORD);
    expect(right.status).toBe(429);
    expect(errorOf(right.text)).toMatch(/^Too many wrong passwords: try again in \d+ s\.$/);
    clock.advance(60_000);
    const later = await passwordPost('127.0.0.2', await loginPage('127.0.0.2'), 'target', PASSWORD);
    expect(later.status).toBe(200);
    expect(later.text).toContain('company-form');
  });

  it('checks at most five of 40 concurrent wrong passwords on the authenticator', async () => {
    await person(svc, 'target2');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => authenticatorLogin('127.0.0.3', 'target2', `wrong-pass-${i}`)),
    );
    expect(count(answers, 401)).toBeLessThanOrEqual(5);
    expect(count(answers, 401) + count(answers, 429)).toBe(40);
  });

  it('answers an unknown user, a wrong password and a user under attack alike, in the same time', async () => {
    await person(svc, 'known');
    await person(svc, 'attacked');
    // someone elsewhere has been guessing the password of `attacked`
    for (let i = 0; i < 12; i++) await authenticatorLogin('127.0.0.4', 'attacked', `guess-${i}`);
    expect((await authenticatorLogin('127.0.0.4', 'attacked', 'guess-x')).status).toBe(429);

    const kinds = {
      unknown: ['nobody-by-this-name', 'wrong-pass-1'],
      wrong: ['known', 'wrong-pass-1'],
      attacked: ['attacked', 'wrong-pass-1'],
    } as const;
    const times: Record<string, number[]> = { unknown: [], wrong: [], attacked: [] };
    const bodies = new Set<string>();
    const statuses = new Set<number>();
    // each round from its own address (below both free counts), the kinds interleaved so load hits them alike
    for (let round = 0; round < 11; round++) {
      const from = `127.0.1.${10 + round}`;
      for (const [kind, [username, password]] of Object.entries(kinds)) {
        const answer = await authenticatorLogin(from, username, password);
        statuses.add(answer.status);
        bodies.add(answer.text);
        times[kind].push(answer.ms);
      }
    }
    expect([...statuses]).toEqual([401]);
    expect(bodies.size).toBe(1);
    const medians = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    const slowest = Math.max(...Object.values(medians));
    const fastest = Math.min(...Object.values(medians));
    // a locked or unknown user skipping the password hash answers in a fraction of the time of a real check
    expect(fastest, JSON.stringify(medians)).toBeGreaterThan(slowest * 0.5);
    console.log('authenticator login medians (ms):', JSON.stringify(medians));

    // the login page too: same status and the same error for each
    const pageAnswers = await Promise.all(
      Object.values(kinds).map(async ([username, password]) =>
        passwordPost('127.0.2.1', await loginPage('127.0.2.1'), username, password),
      ),
    );
    expect(new Set(pageAnswers.map((a) => a.status))).toEqual(new Set([400]));
    expect(new Set(pageAnswers.map((a) => errorOf(a.text)))).toEqual(new Set(['Wrong username or password.']));
  });

  it('lets the real user approve a two-factor transaction while an attacker is being slowed', async () => {
    const payer = await person(svc, 'payer');
    const transaction = await svc.request('PUT', '/api/users', {
      token: payer.token,
      body: { firstName: 'Paula', lastName: 'Payer', email: 'payer@example.com' },
    });
    const id = transaction.body.transactionIdentifier as string;
    expect(id).toBeTruthy();

    const attacker = await Promise.all(
      Array.from({ length: 30 }, (_, i) => authenticatorLogin('127.0.0.5', 'payer', `guess-${i}`)),
    );
    expect(count(attacker, 429)).toBeGreaterThanOrEqual(25);
    expect((await authenticatorLogin('127.0.0.5', 'payer', PASSWORD)).status).toBe(429);

    const login = await authenticatorLogin('127.0.0.6', 'payer', PASSWORD);
    expect(login.status, login.text).toBe(200);
    const csrf = (await confirmSecondFactor(svc, 'payer', login.cookie!, JSON.parse(login.text))).csrfToken as string;
    const listed = await send('127.0.0.6', 'GET', '/authenticator/api/transactions', {
      headers: { cookie: login.cookie! },
    });
    expect(
      JSON.parse(listed.text).transactions.map((t: { transactionIdentifier: string }) => t.transactionIdentifier),
    ).toContain(id);
    const approved = await send('127.0.0.6', 'POST', `/authenticator/api/transactions/${id}/approve`, {
      headers: { cookie: login.cookie!, 'x-csrf-token': csrf },
    });
    expect(approved.status, approved.text).toBe(200);
    expect(JSON.parse(approved.text).state).toBe('COMPLETED');
  });

  it('stores no login flow for 1,000 GET /login', async () => {
    const rows = async () =>
      Number(
        (
          await svc.app.ctx.db
            .selectFrom('login_flows')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await rows();
    const path = (i: number) =>
      loginPath({
        response_type: 'code',
        client_id: svc.demo.clientId,
        redirect_uri: svc.demo.redirectUri,
        state: `state-${i}`,
      });
    for (let batch = 0; batch < 50; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => send('127.0.0.7', 'GET', path(batch * 20 + i))),
      );
      for (const a of answers) expect(a.status).toBe(200);
    }
    expect((await rows()) - before).toBeLessThanOrEqual(0);
  });

  it('ends the authenticator sessions of a user when the password changes', async () => {
    const mover = await person(svc, 'mover');
    const login = await authenticatorLogin('127.0.0.8', 'mover', PASSWORD);
    expect(login.status).toBe(200);
    const session = () =>
      send('127.0.0.8', 'GET', '/authenticator/api/session', { headers: { cookie: login.cookie! } });
    expect((await session()).status).toBe(200);
    await svc.admin.setPassword(mover.userId, 'Another-pass-2');
    const after = await session();
    expect(after.status).toBe(401);
    expect(JSON.parse(after.text).errors[0].message).toBe('Log in to the authenticator first.');
  });
});
