// Exact decimals for money, rates and quantities. Every amount in Tase is a Decimal (or integer minor
// units in storage); a JS float never carries money.
import { Decimal as DecimalJs } from 'decimal.js';

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Decimal = DecimalJs;

declare global {
  interface JSON {
    rawJSON(text: string): { readonly rawJSON: string };
    isRawJSON(value: unknown): boolean;
  }
}

// JSON.stringify emits a Decimal as a bare JSON number with exactly its digits (Node 24's JSON.rawJSON).
(DecimalJs.prototype as unknown as { toJSON(): unknown }).toJSON = function toJSON(this: DecimalJs) {
  return JSON.rawJSON(this.toFixed());
};

export function isDecimal(value: unknown): value is Decimal {
  return DecimalJs.isDecimal(value);
}

/** Amount in minor units (cents) to Decimal with the given scale. */
export function fromMinorUnits(units: number | bigint | string, scale = 2): Decimal {
  return new Decimal(units.toString()).dividedBy(new Decimal(10).pow(scale));
}

/** Decimal to integer minor units; throws if the value has more decimals than the scale. */
export function toMinorUnits(value: Decimal, scale = 2): number {
  const units = value.times(new Decimal(10).pow(scale));
  if (!units.isInteger()) throw new RangeError(`${value.toFixed()} has more than ${scale} decimals`);
  if (units.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${value.toFixed()} is too large`);
  return units.toNumber();
}

/** Canonical text of a decimal for storage: no exponent, no trailing zeros beyond the value. */
export function decimalText(value: Decimal): string {
  return value.toFixed();
}

export function decimalFrom(text: string | number | null | undefined): Decimal | undefined {
  if (text === null || text === undefined || text === '') return undefined;
  return new Decimal(text);
}

/**
 * A stored exact decimal text ready for a JSON response: it serializes as a bare number with exactly these
 * digits without building a Decimal (which costs a parse per value on large listings). Not for arithmetic.
 */
export function jsonDecimal(text: string): Decimal {
  return JSON.rawJSON(text) as unknown as Decimal;
}
