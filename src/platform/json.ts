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

/**
 * JSON.stringify's text of `value` as bytes, made from the kept bytes of its members marked serializedOnce. A
 * list marked but not made yet (a page's results), or a list of kept answers, is written into the same bytes
 * instead of into bytes of its own: a page costs one copy of its products' bytes, not one per level. The pieces
 * are gathered first (texts between kept bytes joined as one text) and copied once into bytes of their total
 * length.
 */
function joined(value: object): Buffer {
  const parts = new Parts();
  collect(value, parts);
  return parts.bytes();
}

/** The pieces of a JSON text being made: kept bytes, and the texts between them. */
class Parts {
  readonly #pieces: (Buffer | string)[] = [];
  #text = '';
  #length = 0;

  text(text: string): void {
    this.#text += text;
  }

  kept(bytes: Buffer): void {
    if (this.#text !== '') this.#flush();
    this.#pieces.push(bytes);
    this.#length += bytes.length;
  }

  #flush(): void {
    this.#pieces.push(this.#text);
    this.#length += Buffer.byteLength(this.#text);
    this.#text = '';
  }

  bytes(): Buffer {
    if (this.#text !== '') this.#flush();
    const pieces = this.#pieces;
    if (pieces.length === 1 && typeof pieces[0] !== 'string') return pieces[0];
    const out = Buffer.allocUnsafe(this.#length);
    let at = 0;
    for (const piece of pieces) {
      if (typeof piece === 'string') at = writeText(out, piece, at);
      else {
        out.set(piece, at);
        at += piece.length;
      }
    }
    return out;
  }
}

/**
 * Writes `text` as UTF-8 at `at`; answers the end. A short ASCII text (a comma between answers) is written byte by
 * byte: a call into the encoder costs more than the text.
 */
function writeText(out: Buffer, text: string, at: number): number {
  if (text.length <= 8) {
    let ascii = true;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) ascii = false;
    if (ascii) {
      for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
      return at + text.length;
    }
  }
  return at + out.write(text, at, 'utf8');
}

function collect(value: object, parts: Parts): void {
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    parts.text(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    parts.text('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.text(',');
      if (!member(value[i], parts)) parts.text('null');
    }
    parts.text(']');
    return;
  }
  parts.text('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (isKept(item) || isListOfKept(item)) {
      parts.text(`${first ? '' : ','}${JSON.stringify(key)}:`);
      member(item, parts);
    } else {
      // JSON.stringify leaves out a member whose text is undefined (undefined, a function, a toJSON answering it)
      const text = JSON.stringify(item) as string | undefined;
      if (text === undefined) continue;
      parts.text(`${first ? '' : ','}${JSON.stringify(key)}:${text}`);
    }
    first = false;
  }
  parts.text('}');
}

function isKept(item: unknown): item is object {
  return typeof item === 'object' && item !== null && kept.has(item);
}

/** A list not marked whose first member is kept (a page's results): joined from its members' bytes. */
function isListOfKept(item: unknown): item is unknown[] {
  return Array.isArray(item) && item.length > 0 && isKept(item[0]);
}

/** Adds a member's JSON; false (nothing added) where JSON.stringify leaves it out. */
function member(item: unknown, parts: Parts): boolean {
  if (typeof item === 'object' && item !== null) {
    // one lookup for a kept answer whose bytes are made (each product of a page)
    const bytes = kept.get(item);
    if (bytes !== undefined) {
      parts.kept(bytes);
      return true;
    }
    if (kept.has(item)) {
      // a list not made yet goes into the bytes being made; anything else is made once and kept
      if (Array.isArray(item)) collect(item, parts);
      else parts.kept(keptJson(item)!);
      return true;
    }
    if (isListOfKept(item)) {
      collect(item, parts);
      return true;
    }
  }
  const text = JSON.stringify(item) as string | undefined;
  if (text === undefined) return false;
  parts.text(text);
  return true;
}
