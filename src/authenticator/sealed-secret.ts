// TOTP secrets are kept encrypted: whoever reads the database (a backup, a replica, a leaked dump) cannot make
// the user's codes from it. AES-256-GCM (NIST SP 800-38D) with a fresh 96-bit nonce per write; the key is derived
// with HKDF-SHA-256 (RFC 5869) from the service's signing secret, with an `info` naming this use, so the key that
// signs tokens is never used as such for encryption. A stored value reads `v1.<nonce>.<ciphertext>.<tag>`
// (base64url); a row written before encryption holds the base32 secret itself, is still read, and is rewritten
// sealed by the service at its next use.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';
const INFO = 'tase authenticator totp secret v1';

export type SealingKey = Buffer & { readonly __sealingKey: unique symbol };

export function sealingKey(signingKey: Uint8Array): SealingKey {
  return Buffer.from(hkdfSync('sha256', signingKey, Buffer.alloc(0), INFO, 32)) as SealingKey;
}

export function sealSecret(key: SealingKey, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const text = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + [nonce, text, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** Whether a stored value is still the plain secret of a row written before encryption. */
export function isPlainSecret(stored: string): boolean {
  return !stored.startsWith(PREFIX);
}

/** The secret of a stored value (sealed or, from before encryption, plain); throws when the key does not open it. */
export function openSecret(key: SealingKey, stored: string): string {
  if (isPlainSecret(stored)) return stored;
  const [nonce, text, tag] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
}
