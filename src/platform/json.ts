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

export function stringifyJson(value: unknown): string {
  return JSON.stringify(value);
}
