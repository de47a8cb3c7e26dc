import { describe, expect, it } from 'vitest';
import { digest, hashPassword, passwordProblem, sameDigest, verifyPassword } from './secrets.ts';

describe('secrets', () => {
  it('hashes and verifies passwords', async () => {
    const hash = await hashPassword('Secret123');
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    expect(await verifyPassword('secret123', hash)).toBe(false);
  });
  it('enforces the password rule', () => {
    expect(passwordProblem('short1')).toBeDefined();
    expect(passwordProblem('abcdefgh')).toBeDefined();
    expect(passwordProblem('abcdefg1')).toBeUndefined();
    expect(passwordProblem('ABCDEFGh')).toBeUndefined();
  });
  it('compares digests', () => {
    expect(sameDigest('x', digest('x'))).toBe(true);
    expect(sameDigest('y', digest('x'))).toBe(false);
  });
});
