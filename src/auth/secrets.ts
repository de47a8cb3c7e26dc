// Passwords are hashed with scrypt (slow by design); machine secrets (client secrets, API keys, refresh
// tokens) are long random strings, so a SHA-256 digest suffices and keeps lookups fast.
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** Minimum 8 characters, from at least two groups (lower case, upper case, digits, other). */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < 8) return 'The password must be at least 8 characters long.';
  const groups = [/[a-zåäö]/, /[A-ZÅÄÖ]/, /[0-9]/, /[^a-zA-Z0-9åäöÅÄÖ]/].filter((g) => g.test(password)).length;
  if (groups < 2)
    return 'The password must contain characters from at least two groups: lower case, upper case, digits, other.';
  return undefined;
}

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function sameDigest(secret: string, storedDigest: string): boolean {
  const a = Buffer.from(digest(secret));
  const b = Buffer.from(storedDigest);
  return a.length === b.length && timingSafeEqual(a, b);
}
