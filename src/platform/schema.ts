// Schema building blocks shared by every area. TypeBox schemas validate requests and describe the OpenAPI
// document at the same time, so each helper carries the wire format of one kind of value.
import {
  Type,
  OptionalKind,
  type TSchema,
  type TUnsafe,
  type SchemaOptions,
  type TObject,
  type TProperties,
} from '@sinclair/typebox';
import type { Decimal } from '../domain/decimal.ts';

export { Type };
export type { TSchema, Static } from '@sinclair/typebox';

export interface DecimalOptions extends SchemaOptions {
  /** Most decimals accepted. */
  scale: number;
  minimum?: number | string;
  maximum?: number | string;
}

/**
 * An exact decimal. On the wire a JSON number; parsed from its source text into a Decimal and checked by the
 * `x-decimal` keyword (scale and bounds), so no float ever holds it.
 */
export function DecimalNumber(options: DecimalOptions): TUnsafe<Decimal> {
  const { scale, minimum, maximum, ...rest } = options;
  const bounds: Record<string, unknown> = {};
  if (minimum !== undefined) bounds.minimum = Number(minimum);
  if (maximum !== undefined) bounds.maximum = Number(maximum);
  return Type.Unsafe<Decimal>({
    type: 'number',
    ...bounds,
    ...rest,
    'x-decimal': { scale, minimum: minimum?.toString(), maximum: maximum?.toString() },
  });
}

export const Money = (options: SchemaOptions = {}) => DecimalNumber({ scale: 2, ...options });

export const DateString = (options: SchemaOptions = {}) =>
  Type.String({ format: 'date', examples: ['2026-01-30'], ...options });

export const DateTimeString = (options: SchemaOptions = {}) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?$',
    examples: ['2026-01-30T15:20:00'],
    ...options,
  });

/** Largest int32: ids, page numbers and every other integer parameter stay within it (as in the real service). */
const INT32_MAX = 2147483647;

/** A resource id: positive int32 as in the real service. */
export const Id = (options: SchemaOptions = {}) => Type.Integer({ minimum: 1, maximum: INT32_MAX, ...options });

/** An id where the real interface types it as a plain number (a bare body, a query list): whole, positive, int32. */
export const NumberId = (options: SchemaOptions = {}) =>
  Type.Number({ minimum: 1, maximum: INT32_MAX, multipleOf: 1, ...options });

/** A bare number naming a resource whose id the real interface types as int64 (a product): whole, positive, exact. */
export const NumberId64 = (options: SchemaOptions = {}) =>
  Type.Number({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1, ...options });

/** A single id as a path parameter: decimal digits of a positive int32, else 400 naming the parameter. */
export const PathId = (description: string) =>
  Type.Integer({ minimum: 1, maximum: INT32_MAX, format: 'int32', description });

/** A reference to another resource: an id or null. */
export const RefId = (options: SchemaOptions = {}) => Type.Union([Id(), Type.Null()], { ...options });

/**
 * Largest int64 a JSON number carries exactly (2^53 - 1). Where the real interface types a value as int64, Tase
 * accepts and answers it up to here; beyond, a client's number is no longer the id it meant, so it is refused.
 * Every column such a value is looked up in (ids, their references, salary type codes) is bigint on PostgreSQL
 * and INTEGER (64-bit) on SQLite, and ids come from per-company sequences that may run past 2^31: so the database
 * is asked as for any id, and an id no row has is its plain 404 or 400, with no guard in front of it.
 */
const INT64_SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** A resource id the real interface types as int64: positive and exact in JSON. */
export const Id64 = (options: SchemaOptions = {}) =>
  Type.Integer({ minimum: 1, maximum: INT64_SAFE_MAX, format: 'int64', ...options });

/** A whole number the real interface types as int64 that may be 0 (a code rather than an id). */
export const Int64 = (options: SchemaOptions = {}) =>
  Type.Integer({ minimum: 0, maximum: INT64_SAFE_MAX, format: 'int64', ...options });

/** An int64 id as a path parameter: decimal digits of a positive safe integer, else 400 naming the parameter. */
export const PathId64 = (description: string) =>
  Type.Integer({ minimum: 1, maximum: INT64_SAFE_MAX, format: 'int64', description });

export const Text = (maxLength: number, options: SchemaOptions = {}) => Type.String({ maxLength, ...options });

export const StringEnum = <T extends string[]>(values: [...T], options: SchemaOptions = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: values, ...options });

/**
 * A query value of a vocabulary where Tase also takes several comma-separated (`A,B`): documented as the vocabulary
 * itself, so a client sees the real values, and refused (400 naming the parameter) when any part is outside it.
 */
export const EnumList = <T extends string[]>(values: [...T], options: SchemaOptions = {}) => {
  const one = values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return Type.Union([StringEnum(values), Type.String({ pattern: `^(${one})(,(${one}))*$` })], options);
};

/**
 * Marks what Tase has beyond the real interface, in the OpenAPI document: a field (`Addition(schema)`) or an
 * operation (`...ADDITION` in a route's `schema`). The shape comparison with the real interface reports such
 * additions as intentional.
 */
export const ADDITION = { 'x-tase-addition': true } as const;

export const Addition = <T extends TSchema>(schema: T): T => ({ ...schema, ...ADDITION });

/**
 * An addition the interface specification itself names (e.g. `errors` in a failed two-factor result): kept in the
 * real shape by default (additions.ts), still reported as beyond the real types.
 */
export const NamedBySpec = <T extends TSchema>(schema: T): T => ({
  ...schema,
  ...ADDITION,
  'x-tase-named-by-spec': true,
});

/**
 * Marks a request field Tase requires where the real interface leaves it optional, because the service cannot
 * do without it (the optimistic lock of a route whose version rule is 'required', the id naming what a PUT
 * overwrites). The schema says so with `required`; the shape comparison reports the mark as intentional.
 */
export const STRICTER = { 'x-tase-stricter': true } as const;

export const Stricter = <T extends TSchema>(schema: T): T => ({ ...schema, ...STRICTER });

export const InfoMessage = Type.Object({ message: Type.String() }, { $id: 'InfoMessage', title: 'InfoMessage' });

/** Answer (202) of a two-factor endpoint: the action waits for the user's confirmation. */
export const TransactionIdentifierBody = Type.Object(
  {
    transactionIdentifier: Type.String({
      description:
        'Id of the two-factor transaction: poll `GET /mfatransactionresult/{transactionIdentifier}` or subscribe a webhook.',
    }),
    confirmationApp: Type.String({
      description: 'The application in which the user confirms the action (`TASE_AUTHENTICATOR`).',
    }),
  },
  { $id: 'TransactionIdentifier', title: 'TransactionIdentifier' },
);

export const ErrorBody = Type.Object(
  {
    errors: Type.Array(
      Type.Object({
        status: Type.Integer(),
        message: Type.String(),
        field: Type.Optional(
          Type.String({ description: 'Path of the offending field, e.g. `invoicingInfo.bccAddresses[0]`.' }),
        ),
      }),
    ),
  },
  { $id: 'ErrorBody', title: 'ErrorBody', description: 'Every 4xx answer carries this body.' },
);

export const PagingMeta = Type.Object({
  pageNumber: Type.Integer(),
  pageSize: Type.Integer(),
  resultCount: Type.Integer(),
  totalCount: Type.Integer(),
});

export const Page = <T extends TSchema>(item: T, options: SchemaOptions = {}) =>
  Type.Object({ results: Type.Array(item), meta: PagingMeta }, options);

/** A page whose `totalCount` is given only where it is cheap to know (`pagedCountingCheaply` in paging.ts). */
export const PartlyCountedPage = <T extends TSchema>(item: T, totalCount: string, options: SchemaOptions = {}) =>
  Type.Object(
    {
      results: Type.Array(item),
      meta: Type.Object({
        pageNumber: Type.Integer(),
        pageSize: Type.Integer(),
        resultCount: Type.Integer(),
        totalCount: Type.Optional(Type.Integer({ description: totalCount })),
      }),
    },
    options,
  );

// Bounded so that page × size (the SQL offset) stays far inside a 64-bit integer and exact in a JS number.
export const PagingQuery = {
  page: Type.Optional(
    Type.Integer({ minimum: 0, maximum: INT32_MAX, format: 'int32', description: 'Page number, 0-based.' }),
  ),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 200, format: 'int32', description: 'Page size, default 50, at most 200.' }),
  ),
  previousId: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: INT32_MAX,
      format: 'int32',
      description: 'Keyset paging: the last id received; answers the ids after it.',
    }),
  ),
  orderById: Type.Optional(StringEnum(['ASC', 'DESC'], { description: 'Order by id; default ASC for keyset paging.' })),
};

/**
 * The PATCH body of a resource (JSON merge patch): every property optional and nullable (`null` clears it).
 * Whether the merged result is still valid (required fields present) is checked against the full schema.
 */
export function MergePatchOf<T extends TProperties>(object: TObject<T>, options: SchemaOptions = {}) {
  const properties: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(object.properties)) {
    const { [OptionalKind]: _optional, ...plain } = schema as TSchema & { [OptionalKind]?: string };
    properties[key] = Type.Optional(Type.Union([plain as TSchema, Type.Null()]));
  }
  return Type.Object(properties, { additionalProperties: false, ...options });
}
