// Hostile requests generated from the service's own OpenAPI document, shared by test/fuzz.test.ts and
// scripts/fuzz.ts: for every operation, wrong types, missing and unknown fields, nulls, deep nesting, huge
// strings and numbers, text outside Windows-1252, bad percent-encodings, huge page numbers and over-long ids,
// and the checks every answer must pass (no 5xx, the error body on every 4xx, no internal paths).
import fc from 'fast-check';
import http from 'node:http';

type Schema = Record<string, any>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** OpenAPI path template below `/api`, e.g. `/products/{productId}`. */
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: Schema };
  secured: boolean;
}

export interface FuzzRequest {
  method: string;
  /** Path and query as sent on the request line (already encoded, possibly wrongly on purpose). */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** Ids and uuids that exist, so that some requests get past the lookup to the rules behind it. */
export interface KnownIds {
  ids: number[];
  uuids: string[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function resolver(doc: Schema) {
  const resolve = (schema: Schema | undefined, depth = 0): Schema => {
    if (!schema || depth > 20) return {};
    if (typeof schema.$ref === 'string') {
      const target = schema.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((node: Schema, key: string) => node?.[key], doc);
      return resolve(target, depth + 1);
    }
    return schema;
  };
  return resolve;
}

/** The operations of an OpenAPI document (paths below `/api`). */
export function operationsOf(doc: Schema): Operation[] {
  const resolve = resolver(doc);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = ((op.parameters ?? []) as Schema[]).map((p) => {
        const parameter = resolve(p);
        return {
          name: parameter.name,
          in: parameter.in,
          required: parameter.required === true,
          schema: resolve(parameter.schema),
        };
      });
      const content = op.requestBody ? (resolve(op.requestBody).content as Schema) : undefined;
      const contentType = content ? Object.keys(content)[0] : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters,
        body:
          content && contentType ? { contentType, schema: expand(content[contentType].schema, resolve) } : undefined,
        secured: (op.security ?? doc.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** Inlines every $ref of a schema (the document's own schemas are small and not recursive). */
function expand(schema: Schema, resolve: (s: Schema | undefined) => Schema, depth = 0): Schema {
  const node = resolve(schema);
  if (depth > 30 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => expand(n, resolve, depth + 1));
  const out: Schema = {};
  for (const [key, value] of Object.entries(node))
    out[key] = value !== null && typeof value === 'object' ? expand(value, resolve, depth + 1) : value;
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Values

const raw = (text: string) => JSON.rawJSON(text);

/** Numbers a float cannot hold, out of every range, or at its edges (sent as their exact text). */
const HOSTILE_NUMBERS = [
  '1e309',
  '-1e309',
  '123456789012345678901234567890',
  '9007199254740993',
  '1e-400',
  '-0',
  '0.1234567890123',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1E+2',
  '5e-324',
];

/** Text outside Windows-1252, control characters, a lone surrogate, and Windows-1252 text that is fine. */
const ODD_TEXT = [
  '\u2212',
  '\u{1F600}',
  'Ω≈ç√',
  '\u0000',
  '\ud800',
  '\u202e',
  'tab\there',
  '€ – “ok”',
  "'; DROP TABLE products; --",
  '../../etc/passwd',
  '%s%n',
  '\r\n',
];

const HUGE_TEXT_LENGTHS = [256, 10_001, 100_000];

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

/** A value that does not belong anywhere valid (or only barely). */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constantFrom(...HOSTILE_NUMBERS).map(raw),
  fc.constantFrom(...ODD_TEXT),
  fc.constantFrom(...HUGE_TEXT_LENGTHS).map((n) => 'x'.repeat(n)),
  fc.constantFrom('', ' ', 'true', '2026-02-30', '9999-99-99T99:99:99', 'NaN', '-1'),
  fc.constantFrom(true, false, 0, -1, 2147483647),
  fc.constantFrom([], {}, [null], { '': null }),
  fc.constantFrom(64, 2000).map((depth) => nested(depth, 1)),
  fc.constantFrom(1000, 20_000).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 3 }),
);

function decimalText(schema: Schema): fc.Arbitrary<unknown> {
  const spec = schema['x-decimal'] ?? {};
  const scale = Math.min(spec.scale ?? 2, 6);
  const min = spec.minimum !== undefined ? Number(spec.minimum) : (schema.minimum ?? -1_000_000);
  const max = spec.maximum !== undefined ? Number(spec.maximum) : (schema.maximum ?? 1_000_000);
  const lo = Math.max(Math.ceil(min), -1_000_000);
  const hi = Math.min(Math.floor(max), 1_000_000);
  return fc
    .tuple(fc.integer({ min: Math.min(lo, hi), max: Math.max(lo, hi) }), fc.integer({ min: 0, max: 10 ** scale - 1 }))
    .map(([whole, fraction]) => {
      const text =
        scale > 0 && whole < hi && whole >= 0 ? `${whole}.${String(fraction).padStart(scale, '0')}` : String(whole);
      return raw(text);
    });
}

/** A value that the schema accepts, as far as the schema alone tells (business rules may still refuse it). */
function plausible(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.constant(null);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return fc.oneof(...branches.map((b: Schema) => plausible(b, depth + 1)));
  if (schema['x-decimal']) return decimalText(schema);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'date') return fc.constantFrom('2026-01-15', '2026-06-30', '2025-12-31');
      if (schema.format === 'date-time') return fc.constant('2026-01-15T10:00:00Z');
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.constant('someone@example.com');
      if (schema.format === 'uri' || schema.format === 'url') return fc.constant('https://example.com/hook');
      if (typeof schema.pattern === 'string')
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length <= (schema.maxLength ?? 200) && s.length >= (schema.minLength ?? 0));
      const minLength = schema.minLength ?? 0;
      return fc.string({
        unit: 'grapheme-ascii',
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 20, 20)),
      });
    }
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1000, -1_000_000);
      const max = Math.min(schema.maximum ?? 1000, 1_000_000);
      return fc.integer({ min: Math.min(min, max), max: Math.max(min, max) });
    }
    case 'number':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1000), max: Math.min(schema.maximum ?? 1000, 1000) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minItems = schema.minItems ?? 0;
      return fc.array(plausible(schema.items ?? {}, depth + 1), {
        minLength: minItems,
        maxLength: Math.max(minItems, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object':
    default: {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties))
        if (!property.readOnly || required.has(key)) record[key] = plausible(property, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
  }
}

type Mutation = 'drop' | 'unknown' | 'null' | 'hostile' | 'wrapArray';

/** Every (container, key) spot of a JSON value, depth-first. */
function spots(
  value: unknown,
  out: { parent: any; key: string | number }[] = [],
  depth = 0,
): { parent: any; key: string | number }[] {
  if (depth > 6 || value === null || typeof value !== 'object' || JSON.isRawJSON(value)) return out;
  for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
    out.push({ parent: value, key });
    spots((value as any)[key], out, depth + 1);
  }
  return out;
}

function mutate(
  value: unknown,
  mutation: Mutation,
  selector: number,
  replacement: unknown,
  unknownName: string,
): unknown {
  const copy = structuredCloneJson(value);
  const places = spots(copy);
  if (places.length === 0 || copy === null || typeof copy !== 'object')
    return mutation === 'unknown' ? { [unknownName]: replacement } : replacement;
  const { parent, key } = places[selector % places.length];
  switch (mutation) {
    case 'drop':
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      break;
    case 'unknown':
      if (
        Array.isArray(parent) ||
        parent[key] === null ||
        typeof parent[key] !== 'object' ||
        Array.isArray(parent[key]) ||
        JSON.isRawJSON(parent[key])
      ) {
        if (!Array.isArray(copy)) (copy as any)[unknownName] = replacement;
      } else parent[key][unknownName] = replacement;
      break;
    case 'null':
      parent[key] = null;
      break;
    case 'hostile':
      parent[key] = replacement;
      break;
    case 'wrapArray':
      parent[key] = [parent[key]];
      break;
  }
  return copy;
}

/** A deep copy that keeps raw JSON numbers as they are. */
function structuredCloneJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || JSON.isRawJSON(value)) return value;
  if (Array.isArray(value)) return value.map(structuredCloneJson);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneJson(v)]));
}

function bodyText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** Texts that are not JSON, or JSON that no schema takes. */
const RAW_BODIES = [
  '',
  ' ',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e309',
  '{"a":1,"a":2}',
  '\u00ff\u00fe{',
  '['.repeat(100_000),
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=utf-16',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json;;;',
  'application/x-www-form-urlencoded',
  '*/*',
];

const BOUNDARY = 'fuzzBoundary7';

interface FormPart {
  name: string;
  value: string;
  fileName?: string;
  type?: string;
}

function multipartText(parts: FormPart[]): string {
  const encoded = parts.map(
    (p) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"` +
      `${p.fileName !== undefined ? `; filename="${p.fileName}"` : ''}\r\n` +
      `${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.value}\r\n`,
  );
  return `${encoded.join('')}--${BOUNDARY}--\r\n`;
}

/** Uploads: well-formed multipart messages whose JSON fields are mutated and whose files are odd, and broken ones. */
function multipartArbitrary(schema: Schema): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  const parts: fc.Arbitrary<FormPart>[] = Object.entries(properties).map(([name, property]) =>
    property.type === 'object'
      ? fc
          .tuple(
            plausible(property),
            fc.constantFrom<Mutation>('drop', 'unknown', 'null', 'hostile', 'wrapArray'),
            fc.nat(),
            hostileValue,
            fc.constantFrom<string | undefined>('application/json', undefined),
          )
          .map(([value, mutation, selector, replacement, type]) => ({
            name,
            value: bodyText(mutate(value, mutation, selector, replacement, 'extra')),
            type,
          }))
      : fc
          .tuple(
            fc.oneof(fc.string(), fc.constantFrom('%PDF-1.4\n%', 'MZ\u0090\u0000', '')),
            fc.constantFrom('a.pdf', '', '../../x', 'x'.repeat(300)),
          )
          .map(([value, fileName]) => ({ name, value, fileName, type: 'application/octet-stream' })),
  );
  parts.push(fc.record({ name: fc.constantFrom('unknown', '', '__proto__'), value: fc.string() }));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.array(fc.oneof(...parts), { maxLength: 4 }).map((p) => ({ body: multipartText(p), contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_BODIES.slice(0, 6), `--${BOUNDARY}\r\n`, `--${BOUNDARY}--`)
        .map((body) => ({ body, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('application/json', ...CONTENT_TYPES)
        .map((type) => ({ body: '{}', contentType: type })),
    },
  );
}

function bodyArbitrary(op: Operation): fc.Arbitrary<{ body?: string; contentType?: string }> {
  if (!op.body) {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc.record({
          body: fc.constantFrom('{}', '{"x":1}', '{'),
          contentType: fc.constantFrom('application/json', 'text/plain'),
        }),
      },
    );
  }
  const { contentType, schema } = op.body;
  if (contentType === 'multipart/form-data') return multipartArbitrary(schema);
  if (contentType !== 'application/json') {
    const form = fc.dictionary(
      fc.constantFrom(...Object.keys(schema.properties ?? { x: 1 }), 'unknown', ''),
      fc.oneof(fc.string(), fc.constantFrom(...ODD_TEXT), fc.constant('x'.repeat(10_000))),
    );
    return fc.oneof(
      form.map((f) => ({ body: new URLSearchParams(f).toString(), contentType })),
      fc.constantFrom('%', '%ZZ=1', 'a=%C3%28', '=&=&', '&&&').map((body) => ({ body, contentType })),
      fc.record({
        body: fc.constantFrom(...RAW_BODIES.slice(0, 6)),
        contentType: fc.constantFrom('application/json', ...CONTENT_TYPES),
      }),
    );
  }
  const mutated = fc
    .tuple(
      plausible(schema),
      fc.constantFrom<Mutation>('drop', 'unknown', 'null', 'hostile', 'hostile', 'hostile', 'wrapArray'),
      fc.nat(),
      hostileValue,
      fc.constantFrom('extra', 'ID', '__proto__', '', 'x'.repeat(300)),
    )
    .map(([value, mutation, selector, replacement, name]) => ({
      body: bodyText(mutate(value, mutation, selector, replacement, name)),
      contentType,
    }));
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 1, arbitrary: hostileValue.map((value) => ({ body: bodyText(value), contentType })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((body) => ({ body, contentType })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(plausible(schema), fc.constantFrom(...CONTENT_TYPES, ''))
        .map(([value, type]) => ({ body: bodyText(value), contentType: type })),
    },
  );
}

// ---------------------------------------------------------------------------------------------------------
// URLs

/** Path segments and query values that are no ids, or encoded wrongly, or far too long. */
const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '2147483648',
  '4294967296',
  '9223372036854775808',
  '99999999999999999999999',
  '1e3',
  '0x10',
  '1.5',
  '%201',
  'abc',
  'null',
  'undefined',
  '%C3%28',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%00',
  '%FF',
  '%E2%88%92',
  '%F0%9F%98%80',
  '..',
  '.',
  '%2E%2E',
  '%2F',
  '1%2C2',
  '1,2,3',
  ',',
  ',,,',
  '[]',
  '%7B%7D',
];
const LONG_SEGMENT_LENGTHS = [300, 2601, 5000, 20_000];

/** Percent-encodes the UTF-8 bytes of a text (a lone surrogate becomes U+FFFD, as in any UTF-8 client). */
function encodeValue(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function segmentArbitrary(parameter: Parameter, known: KnownIds): fc.Arbitrary<string> {
  const isUuid = parameter.schema.format === 'uuid';
  const valid: fc.Arbitrary<string> = isUuid
    ? known.uuids.length > 0
      ? fc.oneof(fc.constantFrom(...known.uuids), fc.uuid())
      : fc.uuid()
    : known.ids.length > 0
      ? fc.constantFrom(...known.ids.map(String))
      : fc.constantFrom('1', '2', '3');
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...LONG_SEGMENT_LENGTHS)
        .chain((n) =>
          fc.constantFrom('1'.repeat(n), 'x'.repeat(n), Array.from({ length: Math.ceil(n / 2) }, () => '1').join(',')),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom(...ODD_TEXT)).map(encodeValue),
    },
  );
}

function queryValueArbitrary(parameter: Parameter): fc.Arbitrary<string> {
  const schema = parameter.schema;
  const plain = plausible(schema.type === 'array' ? (schema.items ?? {}) : schema).map((v) =>
    encodeValue(JSON.isRawJSON(v) ? (v as { rawJSON: string }).rawJSON : String(v)),
  );
  const huge = fc.constantFrom(
    '2147483648',
    '9223372036854775808',
    '99999999999999999999999999',
    '-1',
    '1e400',
    '1.5',
    '0x1F',
    '',
  );
  return fc.oneof(
    { weight: 3, arbitrary: plain },
    { weight: 2, arbitrary: huge },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...ODD_TEXT),
          fc.constant('x'.repeat(5000)),
          fc.string({ unit: 'binary', maxLength: 20 }),
        )
        .map(encodeValue),
    },
  );
}

function queryArbitrary(op: Operation): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const pairs: fc.Arbitrary<string[]>[] = params.map((p) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant([] as string[]) },
      { weight: 3, arbitrary: queryValueArbitrary(p).map((v) => [`${p.name}=${v}`]) },
      {
        weight: 1,
        arbitrary: fc
          .array(queryValueArbitrary(p), { minLength: 2, maxLength: 3 })
          .map((vs) => vs.map((v) => `${p.name}=${v}`)),
      },
    ),
  );
  // huge page numbers on every operation: a paged one must refuse them, another must ignore them
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as string[]) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'page=9223372036854775808',
          'page=99999999999',
          'size=9223372036854775807',
          'page=-1&size=0',
          'previousId=9223372036854775808',
        )
        .map((q) => [q]),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('unknown=1', '%ZZ=1', 'a=%C3%28', '=', '&&', 'a[b]=1', `${'k'.repeat(3000)}=v`)
        .map((q) => [q]),
    },
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([lists, more]) => [...lists.flat(), ...more].join('&'));
}

/** Methods besides the documented one: unsupported on the path, or not HTTP at all. */
const ODD_METHODS = ['OPTIONS', 'TRACE', 'PROPFIND', 'PATCH', 'DELETE', 'PUT', 'POST'];

/** Generates hostile requests for one operation (without the bearer token; the runner adds it). */
function requestArbitrary(op: Operation, known: KnownIds): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const segments = fc.tuple(...pathParams.map((p) => segmentArbitrary(p, known)));
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant(op.method) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
  );
  const headers = fc.oneof(
    { weight: 12, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { 'x-padding': 'p'.repeat(20_000) },
        { 'x-request-id': 'r'.repeat(500) },
        { accept: 'application/xml' },
        { 'content-encoding': 'gzip' },
      ),
    },
  );
  return fc
    .tuple(method, segments, queryArbitrary(op), bodyArbitrary(op), headers)
    .map(([m, values, query, { body, contentType }, extraHeaders]) => {
      let path = op.path;
      pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i])));
      const headersOut: Record<string, string> = { ...extraHeaders };
      if (contentType !== undefined && body !== undefined) headersOut['content-type'] = contentType;
      return { method: m, path: `/api${path}${query ? `?${query}` : ''}`, headers: headersOut, body };
    });
}

// ---------------------------------------------------------------------------------------------------------
// Sending and checking

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** Sends a request as is (no URL normalisation, unlike fetch), with the bearer token when given. */
export function send(base: string, request: FuzzRequest, token?: string): Promise<FuzzAnswer> {
  const url = new URL(base);
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (request.body !== undefined) req.end(request.body);
    else req.end();
  });
}

/** What is wrong with an answer, or undefined: no 5xx, the error body on every 4xx, no internal paths. */
function problemOf(request: FuzzRequest, answer: FuzzAnswer): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (/\/v\d{4}\//.test(answer.text) && !/\/v\d{4}\//.test(request.path))
    return 'the answer echoes an internal /vYYMM path';
  if (answer.text.includes('FST_ERR')) return "the answer carries the framework's own error code";
  if (answer.status < 400) return undefined;
  if (request.method === 'HEAD') return undefined;
  if (!answer.contentType.startsWith('application/json'))
    return `a ${answer.status} answered as ${answer.contentType || 'no content type'}`;
  let body: any;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `a ${answer.status} whose body is not JSON`;
  }
  if (body === null || typeof body !== 'object' || !Array.isArray(body.errors) || body.errors.length === 0)
    return `a ${answer.status} without {errors:[…]}`;
  // the token endpoint also answers in OAuth's own fields (RFC 6749 §5.2)
  const allowedTop = request.path.startsWith('/api/oauth/token')
    ? ['errors', 'error', 'error_description']
    : ['errors'];
  const extra = Object.keys(body).filter((k) => !allowedTop.includes(k));
  if (extra.length > 0) return `a ${answer.status} with unexpected fields ${extra.join(', ')}`;
  for (const item of body.errors) {
    if (item === null || typeof item !== 'object') return 'an error item that is not an object';
    if (!Number.isInteger(item.status) || item.status < 400 || item.status > 499)
      return `an error item with status ${item.status}`;
    if (typeof item.message !== 'string' || item.message === '') return 'an error item without a message';
    if (item.field !== undefined && typeof item.field !== 'string') return 'an error item whose field is not a string';
    const keys = Object.keys(item).filter((k) => !['status', 'message', 'field'].includes(k));
    if (keys.length > 0) return `an error item with unexpected fields ${keys.join(', ')}`;
  }
  return undefined;
}

/** A request as a line that reproduces it with curl (bodies cut to 2,000 characters). */
function describeRequest(base: string, request: FuzzRequest): string {
  const headers = Object.entries(request.headers)
    .map(([k, v]) => ` -H '${k}: ${v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v}'`)
    .join('');
  const shownPath =
    request.path.length > 500 ? `${request.path.slice(0, 500)}…(${request.path.length} characters)` : request.path;
  const body =
    request.body === undefined
      ? ''
      : ` --data-raw '${request.body.length > 2000 ? `${request.body.slice(0, 2000)}…(${request.body.length})` : request.body}'`;
  return `curl -X ${request.method} '${base}${shownPath}'${headers}${body}`;
}

// ---------------------------------------------------------------------------------------------------------
// Unchanged data

export interface Snapshotter {
  take(): Promise<Map<string, string>>;
}

/**
 * The collection GETs of the document (operations without path parameters), read with the largest page: what
 * a refused request must leave unchanged. Answers that change between two reads with nothing written in
 * between (e.g. session information) are left out.
 */
export async function snapshotter(base: string, operations: Operation[], token: string): Promise<Snapshotter> {
  const candidates = operations
    .filter(
      (op) =>
        op.method === 'GET' &&
        op.secured &&
        !op.parameters.some((p) => p.in === 'path' || (p.in === 'query' && p.required)),
    )
    .map((op) => `/api${op.path}${op.parameters.some((p) => p.name === 'size') ? '?size=200' : ''}`);
  const read = async (paths: string[]) => {
    const out = new Map<string, string>();
    for (const path of paths) out.set(path, (await send(base, { method: 'GET', path, headers: {} }, token)).text);
    return out;
  };
  const first = await read(candidates);
  const second = await read(candidates);
  const stable = candidates.filter((p) => first.get(p) === second.get(p));
  return { take: () => read(stable) };
}

/** Paths whose answer differs between two snapshots. */
export function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before.keys()].filter((k) => before.get(k) !== after.get(k));
}

/** Ids and uuids found in the collection answers, for path parameters that reach a resource. */
export function knownIdsOf(snapshot: Map<string, string>): KnownIds {
  const ids = new Set<number>();
  const uuids = new Set<string>();
  for (const text of snapshot.values()) {
    for (const m of text.matchAll(/"id":(\d{1,9})\b/g)) ids.add(Number(m[1]));
    for (const m of text.matchAll(/"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/g)) uuids.add(m[1]);
  }
  return { ids: [...ids].sort((a, b) => a - b).slice(0, 50), uuids: [...uuids].slice(0, 20) };
}

// ---------------------------------------------------------------------------------------------------------
// Running

export interface FuzzFailure {
  problem: string;
  request: string;
}

export interface OperationRun {
  sent: number;
  byStatus: Map<number, number>;
  failures: FuzzFailure[];
  /** A request other than GET was accepted (2xx/3xx): data may have changed legitimately. */
  accepted: boolean;
}

/**
 * Sends `runs` generated requests for one operation (the same ones for the same seed), `concurrency` at a
 * time. Every fifth goes without a token: refusing those must not depend on the input either.
 */
export async function fuzzOperation(
  base: string,
  op: Operation,
  known: KnownIds,
  token: string,
  options: { seed: number; runs: number; concurrency?: number },
): Promise<OperationRun> {
  const requests = fc.sample(requestArbitrary(op, known), { seed: options.seed, numRuns: options.runs });
  const run: OperationRun = { sent: 0, byStatus: new Map(), failures: [], accepted: false };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index];
      const bearer = index % 5 === 4 ? undefined : token;
      let answer: FuzzAnswer;
      try {
        answer = await send(base, request, bearer);
      } catch (err) {
        run.failures.push({ problem: `no answer: ${(err as Error).message}`, request: describeRequest(base, request) });
        continue;
      }
      run.sent++;
      run.byStatus.set(answer.status, (run.byStatus.get(answer.status) ?? 0) + 1);
      if (request.method !== 'GET' && answer.status < 400) run.accepted = true;
      const problem = problemOf(request, answer);
      if (problem)
        run.failures.push({
          problem: `${problem}: ${answer.text.slice(0, 300)}`,
          request: describeRequest(base, request),
        });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 1 }, worker));
  return run;
}

// ---------------------------------------------------------------------------------------------------------
// Cookies, credentials and tickets

/** Pieces of hostile encodings: broken and overlong percent-escapes, text beyond ASCII, separators. */
const ENCODING_PIECES = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C3%28',
  '%00',
  '%FF%FE',
  '%2e%2E',
  'é',
  'ä',
  'ÿ',
  '€',
  '𝄞',
  '\u0080',
  '.',
  '..',
  '=',
  ';',
  ',',
  ':',
  '"',
  '\\',
  ' ',
  '\t',
  '+',
  '/',
  '-',
  '_',
  'a',
  'Z',
  '0',
  'eyJleHAiOjF9',
  'tak_1_1_',
];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.constantFrom(...ENCODING_PIECES), { maxLength: 40 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constantFrom(...ENCODING_PIECES).map((p) => p.repeat(2000)) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
);

/** A header value as a client sends it: the text's UTF-8 bytes, without line breaks. */
const headerValue = (text: string) => Buffer.from(text.replace(/[\r\n]/g, ''), 'utf8').toString('latin1');

/** Text in a query string: its percent-escapes kept as written (broken ones too), the rest escaped. */
const queryValue = (text: string) =>
  [...text].map((c) => (c === '%' || /[A-Za-z0-9._~-]/.test(c) ? c : encodeURIComponent(c))).join('');

/** A signed ticket's shape (payload.signature) with a hostile signature, or hostile text as it is. */
const ticketOf = (text: string, asTicket: boolean) =>
  asTicket ? `${Buffer.from('{"exp":9999999999}').toString('base64url')}.${text}` : text;

const form = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}=${queryValue(v)}`)
    .join('&');

/** The requests that carry a cookie, credentials or a ticket of `text`, on the pages and the token endpoint. */
function encodingRequests(text: string, asTicket: boolean, integrationId: string): FuzzRequest[] {
  const cookieText = headerValue(text);
  const ticket = ticketOf(text, asTicket);
  const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
  const basic = (value: string) => `Basic ${Buffer.from(value, 'utf8').toString('base64')}`;
  return [
    { method: 'GET', path: '/authenticator/api/session', headers: { cookie: `tase_authenticator=${cookieText}` } },
    {
      method: 'POST',
      path: '/authenticator/api/second-factor',
      headers: {
        cookie: `tase_authenticator=${cookieText}`,
        'x-csrf-token': cookieText,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code: text }),
    },
    {
      method: 'GET',
      path: '/authenticator/api/enrolment/totp.svg',
      headers: { cookie: `tase_authenticator=${cookieText}` },
    },
    {
      method: 'GET',
      path: `/login?response_type=code&client_id=tase-demo&state=${queryValue(text)}`,
      headers: { cookie: `tase_login=${cookieText}` },
    },
    {
      method: 'POST',
      path: '/login',
      headers: { ...urlencoded, cookie: `tase_login=${cookieText}` },
      body: form({ username: text, password: text, csrf: text }),
    },
    {
      method: 'POST',
      path: '/api/oauth/token',
      headers: { ...urlencoded, authorization: basic(`${text}:${text}`) },
      body: form({ grant_type: 'client_credentials', api_key: text }),
    },
    { method: 'GET', path: '/api/users', headers: { authorization: headerValue(`Basic ${text}`) } },
    { method: 'GET', path: '/api/users', headers: { authorization: headerValue(`Bearer ${ticket}`) } },
    { method: 'GET', path: `/admin/integrations?ticket=${queryValue(ticket)}`, headers: {} },
    { method: 'GET', path: `/activate/${integrationId}?state=${queryValue(text)}`, headers: {} },
    {
      method: 'POST',
      path: `/activate/${integrationId}`,
      headers: urlencoded,
      body: form({ step: asTicket ? 'accept' : 'password', csrf: ticket, username: text, password: text }),
    },
  ];
}

/**
 * Sends `runs` hostile texts as cookies of the login page and the authenticator, as Basic and Bearer credentials,
 * and as tickets of the review and activation pages (the same ones for the same seed). Pages answer HTML, so the
 * check is the one that holds everywhere: an answer below 500, without the framework's code or a stack trace.
 */
export async function fuzzEncodings(
  base: string,
  options: { seed: number; runs: number; concurrency?: number; integrationId?: string },
): Promise<OperationRun> {
  const integrationId = options.integrationId ?? '00000000-0000-4000-8000-000000000000';
  const texts = fc.sample(fc.tuple(hostileText, fc.boolean()), { seed: options.seed, numRuns: options.runs });
  const requests = texts.flatMap(([text, asTicket]) => encodingRequests(text, asTicket, integrationId));
  const run: OperationRun = { sent: 0, byStatus: new Map(), failures: [], accepted: false };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++];
      let answer: FuzzAnswer;
      try {
        answer = await send(base, request);
      } catch (err) {
        run.failures.push({ problem: `no answer: ${(err as Error).message}`, request: describeRequest(base, request) });
        continue;
      }
      run.sent++;
      run.byStatus.set(answer.status, (run.byStatus.get(answer.status) ?? 0) + 1);
      const problem =
        answer.status >= 500
          ? `status ${answer.status}`
          : answer.text.includes('FST_ERR')
            ? "the answer carries the framework's own error code"
            : /\n\s+at .+:\d+:\d+/.test(answer.text)
              ? 'the answer carries a stack trace'
              : undefined;
      if (problem)
        run.failures.push({
          problem: `${problem}: ${answer.text.slice(0, 300)}`,
          request: describeRequest(base, request),
        });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 1 }, worker));
  return run;
}
