// Reading a cookie of a request. A value that is not valid percent-encoding, or that decodes to a control
// character, was not set by this service (its cookies hold URL-safe tokens): it is read as no cookie (the page
// then starts afresh), never as an error of the server.
import type { FastifyRequest } from 'fastify';
import { hasControlCharacter } from './text.ts';

export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = decodedOrUndefined(part.slice(eq + 1).trim());
      return value === undefined || hasControlCharacter(value) ? undefined : value;
    }
  }
  return undefined;
}

/** `decodeURIComponent`, or undefined for text that is not valid percent-encoded UTF-8. */
export function decodedOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
