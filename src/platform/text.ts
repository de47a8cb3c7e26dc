// Text on the wire is UTF-8, but only characters of the Windows-1252 set are allowed (as in the real service,
// whose documents, bank files and e-invoices are single-byte).

const WINDOWS_1252_HIGH = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

function allowed(codePoint: number): boolean {
  if (codePoint < 0x20) return codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d;
  if (codePoint < 0x7f) return true;
  if (codePoint >= 0xa0 && codePoint <= 0xff) return true;
  return WINDOWS_1252_HIGH.has(codePoint);
}

// Fast path: most text is plain ASCII.
const PLAIN = /^[\x20-\x7e\t\n\r]*$/;

export function isWindows1252Text(text: string): boolean {
  if (PLAIN.test(text)) return true;
  for (const ch of text) {
    if (!allowed(ch.codePointAt(0)!)) return false;
  }
  return true;
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether text holds a control character (a NUL among them). Credentials and cookies the service hands out never
 * do, and a NUL would reach SQL, where PostgreSQL refuses it in text: such a value is refused as malformed.
 */
export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/** A parsed JSON object, or parameters parsed into an object without Object's prototype (Fastify's). */
function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** Paths of every string in a parsed JSON value that holds a character outside Windows-1252. */
export function findInvalidText(value: unknown, path = '', found: string[] = [], limit = 50): string[] {
  if (found.length >= limit) return found;
  if (typeof value === 'string') {
    if (!isWindows1252Text(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => findInvalidText(item, `${path}[${i}]`, found, limit));
  } else if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isWindows1252Text(key)) found.push(path ? `${path}.${key}` : key);
      findInvalidText(item, path ? `${path}.${key}` : key, found, limit);
    }
  }
  return found;
}
