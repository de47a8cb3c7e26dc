// Passkeys (WebAuthn Level 3, W3C) through @simplewebauthn/server: the options of the two ceremonies and the
// checks of their answers. The relying party is the service's public address (TASE_PUBLIC_URL, the tokens'
// issuer): its host is the RP ID a credential is bound to, its origin the only one an answer may come from —
// so a passkey made for another site, or an answer relayed from a look-alike page, is refused.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyRow } from './store.ts';

/** Time the browser and the user have to finish a ceremony (the challenge expires with it). */
export const CEREMONY_SECONDS = 5 * 60;

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Tase' };
}

const transportsOf = (row: PasskeyRow) => JSON.parse(row.transports) as AuthenticatorTransport[];

export function registrationOptions(
  rp: RelyingParty,
  user: { userId: number; username: string; firstName: string; lastName: string },
  existing: PasskeyRow[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(`tase-user-${user.userId}`),
    userName: user.username,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    attestationType: 'none',
    // one device is registered once: the browser refuses to make a second credential on it
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CEREMONY_SECONDS * 1000,
  });
}

export function authenticationOptions(rp: RelyingParty, passkeys: PasskeyRow[]) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    userVerification: 'preferred',
    timeout: CEREMONY_SECONDS * 1000,
  });
}

/** The new credential of a registration answer, or undefined when it does not hold. */
export async function verifiedRegistration(
  rp: RelyingParty,
  challenge: string,
  response: unknown,
): Promise<{ credentialId: string; publicKey: string; signCount: number; transports: string[] } | undefined> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    // a malformed answer, a wrong challenge, origin or RP ID: all the same refusal
    return undefined;
  }
}

/**
 * The authenticator's new signature counter when an assertion holds for the passkey: signed by its key, over this
 * challenge, from this origin and RP ID, with a counter greater than the last one seen (unless the authenticator
 * keeps none, both zero — WebAuthn Level 3 §6.1.1). Undefined otherwise.
 */
export async function verifiedAssertion(
  rp: RelyingParty,
  challenge: string,
  passkey: PasskeyRow,
  response: unknown,
): Promise<number | undefined> {
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: Number(passkey.sign_count),
        transports: transportsOf(passkey),
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}

/** The credential id an answer names (its `id`), if it looks like one. */
export function credentialIdOf(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const id = (response as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 && id.length <= 1400 && /^[A-Za-z0-9_-]+$/.test(id) ? id : undefined;
}
