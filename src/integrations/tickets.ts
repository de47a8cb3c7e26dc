// Signed tickets of the integration pages: a JSON payload with an expiry, HMAC-SHA256 with the service's signing
// key under a purpose name (a ticket of one page is never valid on another). They stand in for server-side flow
// state: whoever holds one may take the next step of the page it was issued for, until it expires.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TicketCheck<T> = { ok: true; payload: T } | { ok: false; reason: 'invalid' | 'expired' };

export function signedTickets<T extends object>(purpose: string, key: Uint8Array, now: () => Date) {
  const mac = (payload: string) => createHmac('sha256', key).update(`${purpose}.${payload}`).digest('base64url');
  return {
    issue(payload: T, seconds: number): string {
      const text = JSON.stringify({ ...payload, exp: now().getTime() + seconds * 1000 });
      const encoded = Buffer.from(text).toString('base64url');
      return `${encoded}.${mac(encoded)}`;
    },
    read(value: string | undefined): TicketCheck<T> {
      const [encoded, signature] = (value ?? '').split('.');
      const expected = encoded ? mac(encoded) : '';
      if (
        !encoded ||
        !signature ||
        // compared as bytes: a signature of other characters may have the same length and other bytes
        Buffer.byteLength(signature) !== Buffer.byteLength(expected) ||
        !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      )
        return { ok: false, reason: 'invalid' };
      const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString()) as T & { exp: number };
      if (payload.exp <= now().getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, payload };
    },
  };
}
