// Exact decimals for money, rates and quantities. Every amount in Tase is a Decimal (or integer minor
// units in storage); a JS float never carries money.
import { Decimal as DecimalJs } from 'decimal.js';

export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
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

/**
 * An amount in integer minor units (cents): the one representation of minor units everywhere (posting lines,
 * the ledger, reports, SIE). A bigint, so that sums are exact however many amounts they add up.
 */
export type MinorUnits = bigint;

/**
 * Integer minor units read from the database: a column or an aggregate of amount_minor (a number from SQLite, a
 * number or a bigint for PostgreSQL's bigint (src/db/postgres.ts), a string for its numeric sums). The one
 * conversion of stored amounts, made where a store reads them. Anything that is not an exact integer is a broken invariant and
 * throws rather than being truncated.
 */
export function minor(value: unknown): MinorUnits {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not an exact integer number of minor units`);
    return BigInt(value);
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new RangeError(`${typeof value === 'string' ? value : typeof value} is not an integer number of minor units`);
}

/** Amount in minor units (cents) to Decimal with the given scale (exact: a Decimal holds every bigint digit). */
export function fromMinorUnits(units: MinorUnits, scale = 2): Decimal {
  return new Decimal(units.toString()).dividedBy(new Decimal(10).pow(scale));
}

/** Decimal to integer minor units; throws if the value has more decimals than the scale (never truncates). */
export function toMinorUnits(value: Decimal, scale = 2): MinorUnits {
  const units = value.times(new Decimal(10).pow(scale));
  if (!units.isFinite() || !units.isInteger())
    throw new RangeError(`${value.toFixed()} has more than ${scale} decimals`);
  return BigInt(units.toFixed());
}

declare const wireDecimal: unique symbol;

/**
 * A stored exact decimal text made ready for a JSON response (see `jsonDecimal`). It serializes as a number but
 * is no Decimal: its own type, so that it cannot reach arithmetic or a comparison.
 */
export type WireDecimal = { readonly rawJSON: string; readonly [wireDecimal]: true };

/** `T` as answered to the client: any Decimal in it may be a pre-serialised WireDecimal. */
export type Answered<T> = T extends Decimal
  ? Decimal | WireDecimal
  : T extends readonly (infer U)[]
    ? Answered<U>[]
    : T extends object
      ? { [K in keyof T]: Answered<T[K]> }
      : T;

/**
 * A stored exact decimal text ready for a JSON response: it serializes as a bare number with exactly these
 * digits without building a Decimal (which costs a parse per value on large listings).
 */
export function jsonDecimal(text: string): WireDecimal {
  return JSON.rawJSON(text) as WireDecimal;
}
