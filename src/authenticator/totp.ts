// Time-based one-time passwords (RFC 6238) of an authenticator app, through the `otpauth` library: SHA-1, six
// digits, 30-second steps — the parameters every common app (Google Authenticator, Microsoft Authenticator,
// FreeOTP, 1Password) reads from an otpauth:// URI. A code is accepted one step either side of now (RFC 6238
// section 5.2 recommends at most one step of allowed drift) and, by the caller, only once.
//
// The steps are counted by the wall clock, not the service clock: the sandbox moves its clock, the user's phone
// does not.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import bwipjs from 'bwip-js';

const ISSUER = 'Tase';
const PERIOD_SECONDS = 30;
const RECOVERY_CODES = 10;
/** Letters and digits that cannot be mistaken for one another when typed from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totp(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret of 160 bits (RFC 4226 section 4 recommends that length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an app enrols from (typed in or read from the QR code). */
export function totpUri(secret: string, username: string): string {
  return totp(secret, username).toString();
}

/** The QR code of the URI, as SVG. */
export function totpQrSvg(uri: string): string {
  return bwipjs.toSVG({ bcid: 'qrcode', text: uri, scale: 4, paddingwidth: 4, paddingheight: 4 });
}

/** The time step a code of the secret belongs to, within one step of now; undefined for a wrong code. */
export function totpStep(secret: string, code: string, nowMs = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret, 'x').validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** A code is a recovery code when it is not six digits; spaces, dashes and case do not matter. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

export function normalizedRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** New recovery codes, each 10 characters of a 31-letter alphabet (about 50 bits), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const text = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}
