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

/** Objects declared never to change again (see `unchanging`), with their JSON text once it has been made. */
const texts = new WeakMap<object, string | undefined>();

/**
 * Declares that `value` (an object or array) will never be changed again, e.g. an answer kept in a read cache and
 * shared by every request that reads it: its JSON text is then made once and reused, and a list or page of such
 * answers is written by joining their texts. Returns `value`.
 */
export function unchanging<T extends object>(value: T): T {
  if (!texts.has(value)) texts.set(value, undefined);
  return value;
}

export function stringifyJson(value: unknown): string {
  if (typeof value === 'object' && value !== null && texts.has(value)) return knownText(value);
  return JSON.stringify(value);
}

function knownText(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = joined(value);
    texts.set(value, text);
  }
  return text;
}

/** JSON.stringify's text of `value`, made from the known texts of its unchanging members. */
function joined(value: object): string {
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${member(value[i]) ?? 'null'}`;
    return `${out}]`;
  }
  let out = '';
  for (const key of Object.keys(value)) {
    const text = member((value as Record<string, unknown>)[key]);
    if (text !== undefined) out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${text}`;
  }
  return `{${out}}`;
}

function member(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return JSON.stringify(item);
  return texts.get(item) ?? (texts.has(item) ? knownText(item) : JSON.stringify(item));
}
