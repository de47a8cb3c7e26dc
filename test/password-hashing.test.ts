// Passwords are hashed with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1) by default; a hash made with
// the earlier parameters (N=2^14) still verifies, and the user's next right login replaces it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { startService, type TestService } from './support/service.ts';
import { configFromEnv } from '../src/platform/config.ts';

let svc: TestService;

beforeAll(async () => {
  // the default cost, not the tests' cheaper one
  svc = await startService({ config: { passwordCost: undefined } });
});
afterAll(() => svc?.close());

const hashOf = async (userId: number) =>
  (
    await svc.app.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).password_hash!;

const login = (username: string, password: string) =>
  svc.request('POST', '/authenticator/api/login', { body: { username, password } });

describe('password hashing', () => {
  it('hashes new passwords at N=2^17, r=8, p=1', async () => {
    const user = await svc.admin.createUser({
      username: 'uusi',
      password: 'Uusi-salasana-1',
      firstName: 'U',
      lastName: 'U',
      email: 'u@example.com',
    });
    expect(await hashOf(user.userId)).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await login('uusi', 'Uusi-salasana-1')).status).toBe(200);
    expect((await login('uusi', 'Väärä-salasana-1')).status).toBe(401);
  });

  it('verifies a hash of the earlier parameters and replaces it at the next right login', async () => {
    const user = await svc.admin.createUser({
      username: 'vanha',
      password: 'Vanha-salasana-1',
      firstName: 'V',
      lastName: 'V',
      email: 'v@example.com',
    });
    const salt = randomBytes(16);
    const key = scryptSync('Vanha-salasana-1', salt, 32, { N: 16384, r: 8, p: 1 });
    const legacy = `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    await svc.app.ctx.db
      .updateTable('users')
      .set({ password_hash: legacy })
      .where('user_id', '=', user.userId)
      .execute();

    expect((await login('vanha', 'Väärä-salasana-1')).status).toBe(401);
    expect(await hashOf(user.userId)).toBe(legacy); // a wrong password changes nothing
    expect((await login('vanha', 'Vanha-salasana-1')).status).toBe(200);
    const upgraded = await hashOf(user.userId);
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await login('vanha', 'Vanha-salasana-1')).status).toBe(200);
    expect(await hashOf(user.userId)).toBe(upgraded);
  });

  it('takes TASE_PASSWORD_COST from 14 to 18 only', () => {
    expect(configFromEnv({ TASE_PASSWORD_COST: '16' }).passwordCost).toBe(16);
    expect(configFromEnv({}).passwordCost).toBeUndefined();
    for (const bad of ['13', '19', 'x', '16.5'])
      expect(() => configFromEnv({ TASE_PASSWORD_COST: bad })).toThrow(/TASE_PASSWORD_COST/);
  });
});
