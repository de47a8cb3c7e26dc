// What the request log may show of a URL. Secrets must not travel in URLs (the interface says so), but a client
// may still send them there — a client secret or an API key in the token URL, the review ticket of the integration
// page — and the log must not keep what the request was refused for carrying.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose value the log never shows. */
const SECRET_NAME = /secret|passw|token|key|code|ticket|signature|session|assertion|otp|auth/i;

export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url.slice(mark + 1).replace(/([^&=]*)=([^&]*)/g, (pair, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // a name that is not valid percent-encoding is still only a name
    }
    return SECRET_NAME.test(decoded) ? `${name}=[redacted]` : pair;
  });
  return `${url.slice(0, mark)}?${query}`;
}

/** Pino's serializer of a request: Fastify's fields, the URL redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fields of a JSON body whose value a record of requests never shows: credentials sent (a client secret, an API
 * key, a password, a webhook's shared secret) and received (access and refresh tokens). Narrower than the URL's
 * list: a body's `code` or `key` is mostly data (a postal code, a reference key).
 */
const SECRET_FIELD = /secret|passw|token|api_?key|signature|assertion|otp/i;

/**
 * False when no field of this JSON text can be a secret one, so redactedBody would give it back unchanged: no text
 * in it, name or value, matches a secret field's name, and no `\u` escape could spell one. A letter is never
 * escaped otherwise, so a name that matches once parsed matches in the text.
 */
export function mayNameSecretField(json: string): boolean {
  return SECRET_FIELD.test(json) || json.includes('\\u');
}

/** A parsed JSON body with the values of its secret fields replaced, at any depth. */
export function redactedBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactedBody);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value))
    return Object.fromEntries(
      Object.entries(value).map(([name, v]) => [
        name,
        SECRET_FIELD.test(name) && (typeof v === 'string' || typeof v === 'number') ? '[redacted]' : redactedBody(v),
      ]),
    );
  return value;
}
