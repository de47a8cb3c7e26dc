// JSON on the wire with exact decimals: numbers with a fraction, an exponent or beyond the safe-integer
// range are parsed from their source text into Decimal; safe integers stay numbers (ids, counts).
import { Decimal } from '../domain/decimal.ts';

type ReviverContext = { source?: string };

function revive(this: unknown, _key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value === 'number' && context?.source !== undefined) {
    const source = context.source;
    if (Number.isSafeInteger(value) && /^-?\d+$/.test(source)) return value;
    return new Decimal(source);
  }
  return value;
}

export function parseJson(text: string): unknown {
  return (JSON.parse as (text: string, reviver: typeof revive) => unknown)(text, revive);
}

/** Objects declared never to change again (see `serializedOnce`), with their JSON as UTF-8 bytes once made. */
const kept = new WeakMap<object, Buffer | undefined>();

/**
 * Declares that `value` (an object or array) will never be changed again, e.g. an answer kept in a read cache and
 * shared by every request that reads it: its JSON is then made once, as the bytes sent, and a list or page of such
 * answers is written by joining their bytes. Returns `value`.
 */
export function serializedOnce<T extends object>(value: T): T {
  if (!kept.has(value)) kept.set(value, undefined);
  return value;
}

export function stringifyJson(value: unknown): string {
  const bytes = keptJson(value);
  return bytes === undefined ? JSON.stringify(value) : bytes.toString('utf8');
}

/**
 * An answer's JSON for the wire: the kept bytes of a value marked serializedOnce — sent as they are, their length known, where a
 * text of ten kilobytes would be measured and encoded again on every request — else the text.
 */
export function serializeJson(value: unknown): string | Buffer {
  const bytes = keptJson(value);
  if (bytes === undefined) return JSON.stringify(value);
  if (bytes.length >= SENT_AS_BYTES) return bytes;
  let text = smallTexts.get(bytes);
  if (text === undefined) smallTexts.set(bytes, (text = bytes.toString('utf8')));
  return text;
}

/**
 * From this size on an answer goes out as its bytes. Node writes a short text in one piece with the headers, but
 * bytes as a second piece (a `writev`): for a single product the text is cheaper, for a page or a batch the bytes.
 */
const SENT_AS_BYTES = 2_048;

/** The texts of kept answers shorter than SENT_AS_BYTES, made once. */
const smallTexts = new WeakMap<Buffer, string>();

function keptJson(value: unknown): Buffer | undefined {
  if (typeof value !== 'object' || value === null || !kept.has(value)) return undefined;
  let bytes = kept.get(value);
  if (bytes === undefined) {
    bytes = joined(value);
    kept.set(value, bytes);
  }
  return bytes;
}

const SYNTAX = {
  openArray: Buffer.from('['),
  closeArray: Buffer.from(']'),
  openObject: Buffer.from('{'),
  closeObject: Buffer.from('}'),
  comma: Buffer.from(','),
  null: Buffer.from('null'),
};

/** JSON.stringify's text of `value` as bytes, made from the kept bytes of its members marked serializedOnce. */
function joined(value: object): Buffer {
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return Buffer.from(JSON.stringify(value));
  const parts: Buffer[] = [];
  if (Array.isArray(value)) {
    parts.push(SYNTAX.openArray);
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(SYNTAX.comma);
      parts.push(member(value[i]) ?? SYNTAX.null);
    }
    parts.push(SYNTAX.closeArray);
    return Buffer.concat(parts);
  }
  parts.push(SYNTAX.openObject);
  for (const key of Object.keys(value)) {
    const bytes = member((value as Record<string, unknown>)[key]);
    if (bytes === undefined) continue;
    if (parts.length > 1) parts.push(SYNTAX.comma);
    parts.push(Buffer.from(`${JSON.stringify(key)}:`), bytes);
  }
  parts.push(SYNTAX.closeObject);
  return Buffer.concat(parts);
}

/** A member's JSON as bytes; undefined where JSON.stringify leaves it out (undefined, a function). */
function member(item: unknown): Buffer | undefined {
  const bytes = keptJson(item);
  if (bytes !== undefined) return bytes;
  const text = JSON.stringify(item) as string | undefined;
  return text === undefined ? undefined : Buffer.from(text);
}
