// The authenticator's second factor: the password alone confirms nothing; a user enrols an authenticator app
// (TOTP, RFC 6238 — the codes here come from a TOTP generator, as the phone's app makes them), confirms each
// login with its code (each code once) or with a single-use recovery code, wrong codes slow the next attempt, and
// an administrator's `tase admin authenticator reset` lets a user who lost the device enrol anew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../src/db/index.ts';
import { globalTables } from '../src/modules.ts';
import { startService, type TestService } from './support/service.ts';
import { freshDatabase, testEngine } from './support/database.ts';
import { PASSWORD, person, totpCode } from './mfa-helpers.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tase-second-factor-'));
let svc: TestService;
let databaseUrl: string;

beforeAll(async () => {
  // a database the `tase` command reaches too (an SQLite file, or the PostgreSQL test database)
  if (testEngine === 'sqlite') {
    databaseUrl = join(dir, 'tase.sqlite');
    svc = await startService({
      database: { ...openDatabase({ url: databaseUrl, globalTables: globalTables() }), url: databaseUrl },
      config: { mode: 'production', signingSecret: 'x'.repeat(40) },
    });
  } else {
    const database = await freshDatabase();
    databaseUrl = database.url;
    svc = await startService({ database, config: { mode: 'production', signingSecret: 'x'.repeat(40) } });
  }
});

afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function passwordLogin(username: string) {
  const answer = await svc.request('POST', '/authenticator/api/login', { body: { username, password: PASSWORD } });
  expect(answer.status, answer.text).toBe(200);
  const cookie = answer.headers.get('set-cookie')!.split(';')[0];
  const headers = { cookie, 'x-csrf-token': answer.body.csrfToken as string };
  return {
    body: answer.body,
    cookie,
    post: (path: string, body?: unknown) => svc.request('POST', `/authenticator/api${path}`, { headers, body }),
    get: (path: string) => svc.request('GET', `/authenticator/api${path}`, { headers: { cookie } }),
  };
}

/** Enrols an app for a user: its secret, the recovery codes, and the step its first code used. */
async function enrol(username: string) {
  const session = await passwordLogin(username);
  expect(session.body.secondFactor).toBe('ENROL');
  const started = await session.post('/enrolment/totp');
  expect(started.status, started.text).toBe(200);
  const now = Date.now();
  const done = await session.post('/enrolment/totp/confirm', { code: totpCode(started.body.secret, now) });
  expect(done.status, done.text).toBe(200);
  return {
    secret: started.body.secret as string,
    recoveryCodes: done.body.recoveryCodes as string[],
    step: Math.floor(now / 30_000),
  };
}

const startAction = (token: string, firstName: string) =>
  svc.request('PUT', '/api/users', { token, body: { firstName, lastName: 'Person', email: 'p@example.com' } });

describe('the second factor of the authenticator', () => {
  it('lists and decides nothing with the password alone', async () => {
    const ville = await person(svc, 'ville');
    const id = (await startAction(ville.token, 'Ville')).body.transactionIdentifier as string;
    const session = await passwordLogin('ville');
    expect(session.body.secondFactor).toBe('ENROL');
    const listed = await session.get('/transactions');
    expect(listed.status).toBe(401);
    expect(listed.body.errors[0].message).toBe('Confirm with your authenticator app or a recovery code first.');
    expect((await session.post(`/transactions/${id}/approve`)).status).toBe(401);
    expect((await session.post(`/transactions/${id}/reject`)).status).toBe(401);
    // no factor enrolled: no code confirms
    expect((await session.post('/second-factor', { code: '123456' })).status).toBe(401);
    expect((await svc.request('GET', `/api/mfatransactionresult/${id}`, { token: ville.token })).status).toBe(202);
  });

  it('enrols an app from its otpauth URI or QR code; the first right code answers ten recovery codes, kept as digests', async () => {
    const kaisa = await person(svc, 'kaisa');
    const id = (await startAction(kaisa.token, 'Kaisa')).body.transactionIdentifier as string;
    const session = await passwordLogin('kaisa');
    const started = await session.post('/enrolment/totp');
    expect(started.status).toBe(200);
    const secret = started.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.uri).toMatch(
      new RegExp(`^otpauth://totp/Tase:kaisa\\?issuer=Tase&secret=${secret}&algorithm=SHA1&digits=6&period=30$`),
    );
    expect((await svc.request('GET', started.body.qr as string)).status).toBe(401); // the session's own
    const image = await svc.request('GET', started.body.qr as string, { headers: { cookie: session.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.text).toMatch(/^<svg /);

    const wrong = await session.post('/enrolment/totp/confirm', { code: totpCode(secret, Date.now() - 120_000) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].message).toBe('Wrong or already used code.');
    const done = await session.post('/enrolment/totp/confirm', { code: totpCode(secret) });
    expect(done.status, done.text).toBe(200);
    expect(done.body.secondFactor).toBe('CONFIRMED');
    const codes = done.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await svc.app.ctx.db
      .selectFrom('authenticator_recovery_codes')
      .select('code_digest')
      .where('user_id', '=', kaisa.userId)
      .execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((c) => row.code_digest.includes(c.replace('-', '')))).toBe(false);

    expect((await session.get('/transactions')).body.transactions).toHaveLength(1);
    expect((await session.post(`/transactions/${id}/approve`)).body.state).toBe('COMPLETED');
  });

  it("confirms a later login with the app's code, each code once; a password-only session cannot enrol another app", async () => {
    await person(svc, 'otto');
    const device = await enrol('otto');
    const session = await passwordLogin('otto');
    expect(session.body.secondFactor).toBe('REQUIRED');
    expect((await session.post('/enrolment/totp')).status).toBe(403);
    expect((await session.get('/enrolment/totp.svg')).status).toBe(403);
    // the enrolment's code was used: it does not confirm again
    const used = totpCode(device.secret, device.step * 30_000);
    expect((await session.post('/second-factor', { code: used })).status).toBe(401);
    const next = totpCode(device.secret, (device.step + 1) * 30_000);
    const [first, second] = await Promise.all([
      session.post('/second-factor', { code: next }),
      (await passwordLogin('otto')).post('/second-factor', { code: next }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 401]);
    expect((await session.get('/transactions')).status).toBe(first.status === 200 ? 200 : 401);
  });

  it("keeps the app's secret encrypted at rest; a row from before encryption is still read and sealed at its next use", async () => {
    const pirjo = await person(svc, 'pirjo');
    const device = await enrol('pirjo');
    const stored = () =>
      svc.app.ctx.db
        .selectFrom('authenticator_factors')
        .select('secret')
        .where('user_id', '=', pirjo.userId)
        .executeTakeFirstOrThrow();
    const sealed = (await stored()).secret;
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain(device.secret);
    expect(Buffer.from(sealed.split('.')[2], 'base64url').toString('latin1')).not.toContain(device.secret);

    // as an earlier version stored it: the base32 secret itself
    await svc.app.ctx.db
      .updateTable('authenticator_factors')
      .set({ secret: device.secret })
      .where('user_id', '=', pirjo.userId)
      .execute();
    const session = await passwordLogin('pirjo');
    const code = totpCode(device.secret, (device.step + 1) * 30_000);
    expect((await session.post('/second-factor', { code })).status).toBe(200);
    const resealed = (await stored()).secret;
    expect(resealed).toMatch(/^v1\./);
    expect(resealed).not.toBe(sealed); // a fresh nonce
    expect(resealed).not.toContain(device.secret);
  });

  it('refuses malformed passkey answers with 401, never a 5xx; without a passkey there is nothing to confirm with', async () => {
    await person(svc, 'hostile');
    const session = await passwordLogin('hostile');
    const hostile = [undefined, null, 'x', 12, [], {}, { id: 'A'.repeat(5000) }, { id: 'AAAA', response: 'x' }];
    for (const response of hostile) {
      expect((await session.post('/passkeys/registration/options')).status).toBe(200);
      const answer = await session.post('/passkeys/registration', { response, name: 'n'.repeat(500) });
      expect(answer.status, answer.text).toBe(401);
      expect(answer.body.errors[0].message).toBe('The passkey was not accepted: try again.');
    }
    const none = await session.post('/passkeys/authentication/options');
    expect(none.status).toBe(409);
    expect((await session.post('/passkeys/authentication', { response: { id: 'AAAA' } })).status).toBe(401);
    expect((await session.get('/passkeys')).status).toBe(401);
  });

  it('confirms with a recovery code once (dashes and case do not matter)', async () => {
    await person(svc, 'reeta');
    const device = await enrol('reeta');
    const code = device.recoveryCodes[3];
    const first = await passwordLogin('reeta');
    const confirmed = await first.post('/second-factor', { code: code.toUpperCase().replace('-', ' ') });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await first.get('/transactions')).status).toBe(200);
    const again = await passwordLogin('reeta');
    expect((await again.post('/second-factor', { code })).status).toBe(401);
    expect((await again.post('/second-factor', { code: device.recoveryCodes[4] })).status).toBe(200);
  });

  it('slows the next code after repeated wrong ones, the right code too', async () => {
    await person(svc, 'arvaaja');
    const device = await enrol('arvaaja');
    const session = await passwordLogin('arvaaja');
    for (let i = 0; i < 5; i++) expect((await session.post('/second-factor', { code: '000000' })).status).toBe(401);
    const slowed = await session.post('/second-factor', { code: totpCode(device.secret, Date.now() + 30_000) });
    expect(slowed.status).toBe(429);
    expect(slowed.body.errors[0].message).toMatch(/^Too many wrong codes: try again after /);
  });

  it('lets a user who lost the device enrol anew after `tase admin authenticator reset`', async () => {
    const lost = await person(svc, 'lost');
    const device = await enrol('lost');
    const before = await passwordLogin('lost');
    expect((await before.post('/second-factor', { code: device.recoveryCodes[0] })).status).toBe(200);

    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TASE_MODE: 'production',
      TASE_SIGNING_SECRET: 'Kq8vN2xR7tLm4pZw9sYd3fGh6jBc5nVa',
      LOG_LEVEL: 'silent',
    };
    const reset = await run(
      process.execPath,
      ['src/main.ts', 'admin', 'authenticator', 'reset', '--user-id', String(lost.userId)],
      { env },
    );
    expect(JSON.parse(reset.stdout)).toEqual({
      userId: lost.userId,
      factors: 1,
      passkeys: 0,
      recoveryCodes: 10,
      sessions: 2,
    });

    expect((await before.get('/session')).status).toBe(401);
    expect((await (await passwordLogin('lost')).post('/second-factor', { code: device.recoveryCodes[1] })).status).toBe(
      401,
    );
    await enrol('lost');
    await expect(
      run(process.execPath, ['src/main.ts', 'admin', 'authenticator', 'reset', '--user-id', '999999'], { env }),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/User/) });
  }, 180_000);
});
