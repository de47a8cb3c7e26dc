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

/**
 * JSON.stringify's text of `value` as bytes, made from the kept bytes of its members marked serializedOnce. A
 * list marked but not made yet (a page's results) is written into the same bytes instead of into bytes of its
 * own: a page costs one copy of its products' bytes, not one per level.
 */
function joined(value: object): Buffer {
  const parts: Buffer[] = [];
  collect(value, parts);
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}

function collect(value: object, parts: Buffer[]): void {
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    parts.push(Buffer.from(JSON.stringify(value)));
    return;
  }
  if (Array.isArray(value)) {
    parts.push(SYNTAX.openArray);
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(SYNTAX.comma);
      if (!member(value[i], parts)) parts.push(SYNTAX.null);
    }
    parts.push(SYNTAX.closeArray);
    return;
  }
  parts.push(SYNTAX.openObject);
  let first = true;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const name = `${first ? '' : ','}${JSON.stringify(key)}:`;
    if (isKept(item)) {
      parts.push(Buffer.from(name));
      member(item, parts);
    } else {
      // JSON.stringify leaves out a member whose text is undefined (undefined, a function, a toJSON answering it)
      const text = JSON.stringify(item) as string | undefined;
      if (text === undefined) continue;
      parts.push(Buffer.from(name + text));
    }
    first = false;
  }
  parts.push(SYNTAX.closeObject);
}

function isKept(item: unknown): item is object {
  return typeof item === 'object' && item !== null && kept.has(item);
}

/** Adds a member's JSON as bytes; false (nothing added) where JSON.stringify leaves it out. */
function member(item: unknown, parts: Buffer[]): boolean {
  if (isKept(item)) {
    // a list not made yet goes into the bytes being made; anything else is made once and kept (a product)
    if (Array.isArray(item) && kept.get(item) === undefined) collect(item, parts);
    else parts.push(keptJson(item)!);
    return true;
  }
  const text = JSON.stringify(item) as string | undefined;
  if (text === undefined) return false;
  parts.push(Buffer.from(text));
  return true;
}
