// Passwords are hashed with scrypt (slow by design); machine secrets (client secrets, API keys, refresh
// tokens) are long random strings, so a SHA-256 digest suffices and keeps lookups fast.
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * scrypt's cost as OWASP's Password Storage Cheat Sheet recommends: N=2^17, r=8, p=1 (128 MiB and a fraction of
 * a second per hash). `TASE_PASSWORD_COST` sets log2 N (14 to 18); a stored hash of other parameters still
 * verifies with its own and is replaced at the user's next login (`needsRehash`).
 */
export const DEFAULT_PASSWORD_COST = 17;
const R = 8;
const P = 1;
let cost = DEFAULT_PASSWORD_COST;

/** Sets log2 N of new hashes (the service's setting). */
export function setPasswordCost(log2N: number): void {
  cost = log2N;
}

/** Twice the memory scrypt needs (128 · N · r bytes), so Node's default cap of 32 MiB does not refuse it. */
const maxmem = (n: number, r: number) => 256 * n * r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await scrypt(password.normalize('NFC'), salt, 32, { N: n, r: R, p: P, maxmem: maxmem(n, R) });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(n), Number(r)),
  });
  return timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other parameters than new ones get (replaced at the next right login). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== 2 ** cost || Number(r) !== R || Number(p) !== P;
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
