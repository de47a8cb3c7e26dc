// One validator for every endpoint: Ajv over the TypeBox schemas, all failures reported together with their
// field paths, exact decimals (`x-decimal`), and the Windows-1252 text rule.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Decimal, isDecimal } from '../domain/decimal.ts';
import { ApiError, errorItem, type ErrorItem } from './errors.ts';
import { findInvalidText } from './text.ts';
import { Readable } from 'node:stream';

const addFormats = addFormatsModule as unknown as (ajv: Ajv, formats?: string[]) => Ajv;

interface DecimalKeyword {
  scale: number;
  minimum?: string;
  maximum?: string;
}

function addDecimalKeyword(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: 'x-decimal',
    modifying: true,
    errors: true,
    validate: function validateDecimal(
      this: unknown,
      spec: DecimalKeyword,
      data: unknown,
      _parent: unknown,
      cxt?: { parentData: Record<string | number, unknown>; parentDataProperty: string | number },
    ): boolean {
      const self = validateDecimal as unknown as { errors: Partial<ErrorObject>[] | null };
      const fail = (message: string) => {
        self.errors = [{ keyword: 'x-decimal', message, params: {} }];
        return false;
      };
      let value: Decimal;
      if (isDecimal(data)) value = data;
      else if (JSON.isRawJSON(data)) value = new Decimal((data as { rawJSON: string }).rawJSON);
      else if (typeof data === 'number' && Number.isSafeInteger(data)) value = new Decimal(data);
      else if (typeof data === 'string' && /^-?\d+(\.\d+)?$/.test(data)) value = new Decimal(data);
      else return fail('must be a number');
      if (!value.isFinite()) return fail('must be a finite number');
      if (value.decimalPlaces() > spec.scale) return fail(`must have at most ${spec.scale} decimals`);
      if (spec.minimum !== undefined && value.lessThan(spec.minimum)) return fail(`must be >= ${spec.minimum}`);
      if (spec.maximum !== undefined && value.greaterThan(spec.maximum)) return fail(`must be <= ${spec.maximum}`);
      if (cxt && cxt.parentData !== undefined) cxt.parentData[cxt.parentDataProperty] = value;
      return true;
    },
  });
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/**
 * Decimals are validated by `x-decimal` alone: drop the documentation-only `type` and bounds beside it. In a
 * request (`int32`), an integer without its own bounds gets int32's, so no unbounded integer reaches SQL.
 */
function forValidation(schema: unknown, int32 = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => forValidation(s, int32));
  if (schema === null || typeof schema !== 'object') return schema;
  const source = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const isDecimalNode = 'x-decimal' in source;
  if (int32 && source.type === 'integer' && source.format !== 'int64') {
    if (source.minimum === undefined && source.exclusiveMinimum === undefined) out.minimum = INT32_MIN;
    if (source.maximum === undefined && source.exclusiveMaximum === undefined) out.maximum = INT32_MAX;
  }
  for (const [key, value] of Object.entries(source)) {
    if (isDecimalNode && (key === 'type' || key === 'minimum' || key === 'maximum')) continue;
    // no $refs between route schemas: ids would only clash when a schema is compiled for several routes
    if (key === '$id') continue;
    if (key === 'examples' || key === 'example' || key === 'description') {
      out[key] = value;
      continue;
    }
    out[key] = forValidation(value, int32);
  }
  return out;
}

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
    allowUnionTypes: true,
    // the schemas are the service's own (checked as OpenAPI by the tests); checking each against the meta-schema
    // before compiling it was half of a compilation
    validateSchema: false,
  });
  addFormats(ajv, ['date', 'date-time', 'email', 'uri', 'uuid']);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX,
  });
  // int64 values travel as JSON numbers, so only the safe integers are the values a client meant
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  addDecimalKeyword(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const paramAjv = makeAjv(true);

/** JSON-pointer instance path to the field notation of error bodies: `rows[0].name`. */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

function toItems(errors: ErrorObject[], prefix: string): ErrorItem[] {
  const items: ErrorItem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    // anyOf/oneOf failures repeat their branches' errors; the branch errors carry the detail.
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    let item: ErrorItem;
    if (e.keyword === 'required') {
      const field = prefix + fieldPath(e.instancePath, (e.params as { missingProperty: string }).missingProperty);
      item = errorItem('REQUIRED_FIELD_MISSING', field);
    } else if (e.keyword === 'additionalProperties') {
      const field = prefix + fieldPath(e.instancePath, (e.params as { additionalProperty: string }).additionalProperty);
      item = errorItem('UNKNOWN_FIELD', field);
    } else {
      const field = prefix + fieldPath(e.instancePath);
      let detail = e.message ?? 'is invalid';
      if (e.keyword === 'enum')
        detail = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
      if (e.keyword === 'type' && (e.params as { type: string }).type === 'null') continue;
      item = errorItem('VALIDATION_FAILED', field || undefined, {
        detail: `${field ? `'${field}' ` : 'Body '}${detail}.`,
      });
    }
    const key = `${item.field}|${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

export type HttpPart = 'body' | 'querystring' | 'params' | 'headers';

type Validator = (data: unknown) => { error?: Error; value?: unknown };
const compiled = new WeakMap<object, Map<string, Validator>>();

/** Compiles once per schema and part: a route registered under several API versions shares its validator. */
export function compileValidator(schema: unknown, httpPart: HttpPart | undefined) {
  const key = httpPart ?? 'body';
  let byPart = compiled.get(schema as object);
  if (!byPart) compiled.set(schema as object, (byPart = new Map<string, Validator>()));
  let validator = byPart.get(key);
  if (!validator) byPart.set(key, (validator = lazily(() => buildValidator(schema, httpPart))));
  return validator;
}

/**
 * A function built on its first call. Compiling every route's schemas took most of a start (hundreds of Ajv
 * compilations before the first request); each is compiled when its route is first asked instead.
 */
function lazily<F extends (data: unknown) => unknown>(build: () => F): F {
  let built: F | undefined;
  return ((data: unknown) => (built ??= build())(data)) as F;
}

type SchemaNode = Record<string, unknown>;

function acceptsNull(schema: SchemaNode | undefined): boolean {
  if (!schema) return true;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  const branches = (schema.anyOf ?? schema.oneOf) as SchemaNode[] | undefined;
  return Array.isArray(branches) && branches.some(acceptsNull);
}

/**
 * "Validation of an optional field runs only when it has content": an optional property sent as an empty
 * string, or as null where null is not a value of its own (a reference id), is treated as left out.
 */
function dropEmptyOptionals(schema: SchemaNode | undefined, data: unknown): void {
  if (!schema || data === null || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    const items = schema.items as SchemaNode | undefined;
    if (items) for (const item of data) dropEmptyOptionals(items, item);
    return;
  }
  const properties = schema.properties as Record<string, SchemaNode> | undefined;
  if (!properties) return;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const record = data as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    const property = properties[key];
    if (!property) continue;
    if (!required.has(key) && (value === '' || (value === null && !acceptsNull(property)))) delete record[key];
    else dropEmptyOptionals(property, value);
  }
}

/**
 * Names of the integer parameters of a query or path schema: their text must be decimal digits, since the
 * coercion alone would also take `1e3`, `0x10` or ` 7`.
 */
function integerParameters(schema: SchemaNode): string[] {
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  return Object.keys(properties).filter((name) => properties[name].type === 'integer');
}

function nonDecimalIntegers(names: string[], data: unknown): ErrorItem[] {
  if (names.length === 0 || data === null || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  return names
    .filter((name) => typeof record[name] === 'string' && !/^-?[0-9]+$/.test(record[name]))
    .map((name) => errorItem('VALIDATION_FAILED', name, { detail: `'${name}' must be an integer.` }));
}

function buildValidator(schema: unknown, httpPart: HttpPart | undefined): Validator {
  const isBody = httpPart === 'body';
  const ajv = isBody ? bodyAjv : paramAjv;
  const validate: ValidateFunction = ajv.compile(forValidation(schema, true) as object);
  // path parameters too: a NUL byte from `%00` would reach SQL, where PostgreSQL refuses it in text
  const checkText = httpPart === 'body' || httpPart === 'querystring' || httpPart === 'params';
  const integers = isBody ? [] : integerParameters(schema as SchemaNode);
  return (data: unknown) => {
    if (isBody && (data === null || data === undefined)) {
      return { error: new ApiError([errorItem('EMPTY_BODY')]) };
    }
    if (isBody && data instanceof Readable) {
      const media = (schema as SchemaNode).contentMediaType;
      if (media === 'application/xml') return { value: data };
      return {
        error: new ApiError([
          errorItem('UNSUPPORTED_MEDIA_TYPE', undefined, {
            contentType: 'application/xml',
            expected: 'application/json',
          }),
        ]),
      };
    }
    if (isBody) dropEmptyOptionals(schema as SchemaNode, data);
    const notDigits = nonDecimalIntegers(integers, data);
    const ok = validate(data);
    const items = ok ? [] : toItems(validate.errors ?? [], '');
    for (const item of notDigits) if (!items.some((i) => i.field === item.field)) items.push(item);
    if (checkText) {
      for (const field of findInvalidText(data)) items.push(errorItem('INVALID_CHARACTERS', field));
    }
    if (items.length > 0) return { error: new ApiError(items) };
    return { value: data };
  };
}

/** Validates a value against a schema outside a route (e.g. stored JSON, responses in tests). */
export function compileBodyCheck(schema: unknown): (data: unknown) => ErrorItem[] {
  return lazily(() => {
    const validate = bodyAjv.compile(forValidation(schema) as object);
    return (data: unknown) => (validate(data) ? [] : toItems(validate.errors ?? [], ''));
  });
}
