// Compares Tase's OpenAPI document with the real interface's types (`../shared/reference/real-interface.json`):
// for every operation both have (method + path, parameter names ignored), the query parameters, the request
// body and each success response, following references, arrays and nested objects.
//
// What counts as a difference, from the point of view of a client written for the real interface:
//   missing   a real field (or query parameter, or body) that Tase's schema lacks;
//   type      another type or format (an int32/int64 real number is our integer, a real number without
//             format our exact decimal; a real date-time our `YYYY-MM-DDThh:mm:ss` string), or a success
//             status Tase does not answer;
//   required  a request field Tase requires that the real interface leaves optional, unless marked
//             `x-tase-stricter: true` (src/platform/schema.ts): the service cannot do without it;
//   enum      a real enum value Tase refuses in a request, or a value Tase may answer that the real
//             vocabulary lacks.
// Fields and operations Tase has beyond the real interface are additions: intentional when marked with
// `x-tase-addition: true` (src/platform/schema.ts), unmarked otherwise.
// The real paging envelopes (`…SearchResult`: `{results, meta: SearchResultMetaData}`) have Tase's page shape,
// so they compare field by field like any other object. Path parameters are not compared (the real document
// types the same id as a string in one operation and a number in the next).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface RealField {
  type?: string;
  format?: string;
  enum?: string[];
  required?: boolean;
  ref?: string;
  items?: RealField;
  fields?: Record<string, RealField>;
  additional?: unknown;
}

interface RealOperation {
  method: string;
  path: string;
  operation: string;
  params: Record<string, RealField>;
  responses: { status: number; type: string; description?: string }[];
}

export interface RealInterface {
  source: string;
  operations: RealOperation[];
  types: Record<string, { fields: Record<string, RealField> }>;
}

type Schema = Record<string, any>;
type OpenApiDoc = { paths: Record<string, Record<string, Schema>>; components?: { schemas?: Record<string, Schema> } };

type DifferenceKind = 'missing' | 'type' | 'required' | 'enum';

export interface Difference {
  /** `METHOD /path` as the real interface writes it. */
  operation: string;
  kind: DifferenceKind;
  /** `query`, `request` or `response <status>`. */
  where: string;
  /** Dotted field path, `[]` for array items; empty for the body itself. */
  path: string;
  detail: string;
  /** For `enum`: the values concerned. */
  values?: string[];
}

interface Addition {
  operation: string;
  where: string;
  path: string;
  marked: boolean;
}

interface OperationAddition {
  operation: string;
  marked: boolean;
}

export interface Comparison {
  /** Operations both have, as `METHOD /path`. */
  compared: string[];
  differences: Difference[];
  additions: Addition[];
  /** Operations only Tase serves. */
  ourOperations: OperationAddition[];
}

export interface ComparisonCounts {
  operationsCompared: number;
  operationsWithDifferences: number;
  missingFields: number;
  typeMismatches: number;
  overRequiredFields: number;
  refusedEnumValues: number;
  /** Values Tase documents in an answer that the real vocabulary lacks. */
  foreignEnumValues: number;
  markedAdditions: number;
  unmarkedAdditions: number;
  markedOperations: number;
  unmarkedOperations: number;
}

const ADDITION_KEY = 'x-tase-addition';
const STRICTER_KEY = 'x-tase-stricter';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root is two levels above this file; `shared/` lies beside the repository. */
const REAL_INTERFACE_FILE = resolve(here, '..', '..', '..', 'shared', 'reference', 'real-interface.json');

export function loadRealInterface(file = REAL_INTERFACE_FILE): RealInterface {
  return JSON.parse(readFileSync(file, 'utf8')) as RealInterface;
}

/** `/ledgerreceipts/{receiptId}` and `/ledgerreceipts/:id` both become `/ledgerreceipts/{}`. */
function normalisePath(path: string): string {
  return path
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/:[A-Za-z0-9_]+/g, '{}')
    .replace(/\/+$/, '');
}

export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${normalisePath(path)}`;

const DATE_TIME_PATTERN = /^\^\\d\{4\}-\\d\{2\}-\\d\{2\}T/;

class Comparer {
  readonly differences: Difference[] = [];
  readonly additions: Addition[] = [];
  private seen = new Set<string>();
  private real: RealInterface;
  private ours: OpenApiDoc;
  private operation: string;

  constructor(real: RealInterface, ours: OpenApiDoc, operation: string) {
    this.real = real;
    this.ours = ours;
    this.operation = operation;
  }

  deref(schema: Schema | undefined): Schema | undefined {
    let current = schema;
    for (let i = 0; current && typeof current.$ref === 'string' && i < 20; i++) {
      const name = current.$ref.replace(/^#\/components\/schemas\//, '');
      current = this.ours.components?.schemas?.[name];
    }
    return current;
  }

  /** Our schema with references resolved, `null` branches dropped and `allOf` merged. */
  plain(schema: Schema | undefined, want?: string): Schema | undefined {
    let s = this.deref(schema);
    if (!s) return s;
    if (Array.isArray(s.allOf)) {
      const parts = s.allOf.map((p: Schema) => this.plain(p)).filter(Boolean) as Schema[];
      const merged: Schema = { ...s, allOf: undefined };
      for (const part of parts) {
        Object.assign(merged, {
          ...part,
          properties: { ...merged.properties, ...part.properties },
          required: [...(merged.required ?? []), ...(part.required ?? [])],
        });
      }
      s = merged;
    }
    const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (Array.isArray(branches)) {
      const options = branches.map((b) => this.plain(b)).filter((b): b is Schema => !!b && b.type !== 'null');
      if (options.length === 1) return { ...options[0], [ADDITION_KEY]: s[ADDITION_KEY] ?? options[0][ADDITION_KEY] };
      if (options.length > 1 && options.every((o) => o.type === 'object')) {
        return {
          type: 'object',
          properties: Object.assign({}, ...options.map((o) => o.properties ?? {})),
          required: [],
        };
      }
      return options.find((o) => ourType(o) === want) ?? options[0];
    }
    if (Array.isArray(s.type)) {
      const types = s.type.filter((t: string) => t !== 'null');
      return { ...s, type: types.length === 1 ? types[0] : types };
    }
    return s;
  }

  private report(kind: DifferenceKind, where: string, path: string, detail: string, values?: string[]) {
    this.differences.push({ operation: this.operation, kind, where, path, detail, ...(values ? { values } : {}) });
  }

  /** Compares one value: `real` as the real interface types it, `schema` as Tase documents it. */
  compare(real: RealField, schema: Schema | undefined, where: string, path: string, isRequest: boolean): void {
    const realKind = realKindOf(real, this.real);
    if (realKind === 'skip') return;
    const ours = this.plain(
      schema,
      realKind === 'int' || realKind === 'decimal' ? (realKind === 'int' ? 'integer' : 'number') : realKind,
    );
    if (!ours) {
      this.report('missing', where, path, 'no schema');
      return;
    }
    const oursKind = ourType(ours);
    if (oursKind === 'any') return;
    if (realKind === 'object') {
      if (oursKind !== 'object')
        return this.report('type', where, path, `object in the real interface, ${oursKind} here`);
      return this.compareObject(real, ours, where, path, isRequest);
    }
    if (realKind === 'array') {
      if (oursKind !== 'array')
        return this.report('type', where, path, `array in the real interface, ${oursKind} here`);
      if (real.items) this.compare(real.items, ours.items, where, `${path}[]`, isRequest);
      return;
    }
    if (realKind === 'map') {
      if (oursKind !== 'object') this.report('type', where, path, `map in the real interface, ${oursKind} here`);
      return;
    }
    const expected = realKind === 'int' ? 'integer' : realKind === 'decimal' ? 'number' : realKind;
    if (oursKind !== expected) {
      return this.report(
        'type',
        where,
        path,
        `${describeReal(real)} in the real interface, ${oursKind}${ours.format ? ` (${ours.format})` : ''} here`,
      );
    }
    if (realKind === 'int' && real.format === 'int64' && !holdsInt64(ours, isRequest)) {
      return this.report('type', where, path, `int64 in the real interface, ${describeOurInt(ours)} here`);
    }
    if (realKind === 'string') {
      const realFormat = normaliseFormat(real.format);
      const ourFormat = normaliseFormat(
        ours.format ??
          (typeof ours.pattern === 'string' && DATE_TIME_PATTERN.test(ours.pattern) ? 'date-time' : undefined),
      );
      if (realFormat !== ourFormat) {
        this.report(
          'type',
          where,
          path,
          `format ${realFormat ?? 'none'} in the real interface, ${ourFormat ?? 'none'} here`,
        );
      }
      // stray punctuation is read away on both sides: a value spelled as the real source spells it still matches
      const ourValues = (ours.enum as unknown[] | undefined)?.map((v) => evidentValue(String(v)));
      this.compareEnum(realEnum(real), ourValues, where, path, isRequest);
    }
  }

  private compareEnum(
    realValues: string[] | undefined,
    ourValues: unknown[] | undefined,
    where: string,
    path: string,
    isRequest: boolean,
  ) {
    if (realValues && !ourValues) {
      // A free string where the real interface has a vocabulary: a request with a value outside it is let in,
      // and a client cannot tell from the document which values an answer carries.
      return this.report(
        'enum',
        where,
        path,
        `a vocabulary of ${realValues.length} in the real interface, a free string here`,
      );
    }
    if (isRequest) {
      if (!realValues || !ourValues) return;
      // '' is how the real vocabularies spell "not set"; an empty optional value counts as left out here.
      const refused = realValues.filter((v) => v !== '' && !ourValues.includes(v));
      if (refused.length > 0)
        this.report(
          'enum',
          where,
          path,
          `refuses ${refused.length} real value(s): ${refused.slice(0, 8).join(', ')}${refused.length > 8 ? ', …' : ''}`,
          refused,
        );
    } else if (realValues) {
      const foreign = (ourValues ?? []).map(String).filter((v) => !realValues.includes(v));
      if (foreign.length > 0)
        this.report(
          'enum',
          where,
          path,
          `may answer ${foreign.length} value(s) the real interface lacks: ${foreign.slice(0, 8).join(', ')}`,
          foreign,
        );
    }
  }

  private compareObject(real: RealField, ours: Schema, where: string, path: string, isRequest: boolean) {
    const fields = realFieldsOf(real, this.real);
    const visit = `${where}|${real.ref ?? path}|${JSON.stringify(ours.title ?? Object.keys(ours.properties ?? {}))}`;
    if (this.seen.has(visit)) return;
    this.seen.add(visit);
    const properties = (ours.properties ?? {}) as Record<string, Schema>;
    const required = new Set<string>((ours.required as string[] | undefined) ?? []);
    const freeForm =
      Object.keys(properties).length === 0 &&
      ours.additionalProperties !== false &&
      ours.additionalProperties !== undefined;
    if (freeForm && Object.keys(fields).length > 0)
      return this.report('type', where, path, 'typed object in the real interface, free-form object here');
    for (const [name, field] of Object.entries(fields)) {
      const at = path ? `${path}.${name}` : name;
      if (!(name in properties)) {
        this.report('missing', where, at, `${describeReal(field)} missing`);
        continue;
      }
      if (isRequest && required.has(name) && field.required !== true && properties[name][STRICTER_KEY] !== true)
        this.report('required', where, at, 'required here, optional in the real interface');
      this.compare(field, properties[name], where, at, isRequest);
    }
    for (const [name, schema] of Object.entries(properties)) {
      if (name in fields) continue;
      this.additions.push({
        operation: this.operation,
        where,
        path: path ? `${path}.${name}` : name,
        marked: isMarked(this.deref(schema) ?? schema, schema),
      });
    }
  }

  compareQuery(real: RealField | undefined, parameters: Schema[]) {
    const realFields = real?.fields ?? {};
    const query = parameters.filter((p) => p.in === 'query');
    const byName = new Map(query.map((p) => [p.name as string, p]));
    for (const [name, field] of Object.entries(realFields)) {
      const parameter = byName.get(name);
      if (!parameter) {
        this.report('missing', 'query', name, `${describeReal(field)} query parameter missing`);
        continue;
      }
      if (parameter.required === true && field.required !== true)
        this.report('required', 'query', name, 'required here, optional in the real interface');
      this.compare(field, parameter.schema, 'query', name, true);
    }
    for (const parameter of query) {
      if (parameter.name in realFields) continue;
      this.additions.push({
        operation: this.operation,
        where: 'query',
        path: parameter.name,
        marked: isMarked(parameter.schema ?? {}, parameter),
      });
    }
  }
}

type RealKind = 'object' | 'array' | 'map' | 'int' | 'decimal' | 'string' | 'boolean' | 'skip';

function realKindOf(field: RealField, real: RealInterface): RealKind {
  if (field.ref) return real.types[field.ref] ? 'object' : 'skip';
  switch (field.type) {
    case 'object':
      return field.fields ? 'object' : field.additional !== undefined ? 'map' : 'skip';
    case 'array':
      return 'array';
    case 'number':
      return field.format === 'int32' || field.format === 'int64' ? 'int' : 'decimal';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    default:
      // A literal such as `"EUR"` is a one-value string vocabulary.
      return typeof field.type === 'string' && /^".*"$/.test(field.type) ? 'string' : 'skip';
  }
}

function realFieldsOf(field: RealField, real: RealInterface): Record<string, RealField> {
  if (field.ref) return real.types[field.ref]?.fields ?? {};
  return field.fields ?? {};
}

function realEnum(field: RealField): string[] | undefined {
  if (field.enum) return field.enum.map(evidentValue);
  if (field.type && /^".*"$/.test(field.type)) return field.type.slice(1, -1).split(/,\s*/).map(evidentValue);
  return undefined;
}

/**
 * A real enum value as it was evidently meant: the real document has values with stray punctuation or spaces
 * (`"PARTLY_PAID,"` in the report requests), left over from how it was written. Tase accepts and answers the
 * evident value, so the comparison reads the real one the same way; a value of punctuation alone is kept.
 */
function evidentValue(value: string): string {
  const trimmed = value.replace(/^[\s,;:.]+|[\s,;:.]+$/g, '');
  return trimmed === '' ? value : trimmed;
}

// A real int64 is exact in a JSON number up to 2^53 - 1, so our schema must reach that far: a bound at int32, or
// the int32 format, cuts real ids short. A request's integer without a bound of its own is validated as int32
// (src/platform/validation.ts), so there only an explicit bound or the int64 format holds an int64.
function holdsInt64(schema: Schema, isRequest: boolean): boolean {
  if (schema.format === 'int32') return false;
  if (schema.maximum === undefined) return !isRequest || schema.format === 'int64';
  return schema.maximum >= Number.MAX_SAFE_INTEGER;
}

function describeOurInt(schema: Schema): string {
  if (schema.format === 'int32' || schema.maximum === undefined) return 'int32';
  return `at most ${schema.maximum}`;
}

function describeReal(field: RealField): string {
  if (field.ref) return field.ref;
  if (field.type === 'array') return `${field.items ? describeReal(field.items) : 'unknown'}[]`;
  return `${field.type ?? 'unknown'}${field.format ? ` (${field.format})` : ''}`;
}

function normaliseFormat(format: string | undefined): string | undefined {
  if (format === 'url') return 'uri';
  return format;
}

function ourType(schema: Schema): string {
  if ('x-decimal' in schema) return 'number';
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join('|');
  if (schema.properties) return 'object';
  if (schema.enum) return 'string';
  return 'any';
}

function isMarked(...schemas: Schema[]): boolean {
  return schemas.some((s) => s?.[ADDITION_KEY] === true);
}

function jsonSchemaOf(content: Schema | undefined): Schema | undefined {
  if (!content) return undefined;
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
}

/** The real success answers: their status and the field describing their body. */
function realAnswers(operation: RealOperation): { status: number; field: RealField }[] {
  return operation.responses
    .filter((r) => r.status >= 200 && r.status < 300)
    .map((r) => {
      const list = /^\((\w+)\)\[\]$/.exec(r.type);
      if (list) return { status: r.status, field: { type: 'array', items: { ref: list[1] } } };
      return { status: r.status, field: { ref: r.type } };
    });
}

export function compareInterfaces(real: RealInterface, ours: OpenApiDoc): Comparison {
  const realOps = new Map(real.operations.map((o) => [operationKey(o.method, o.path), o]));
  const comparison: Comparison = { compared: [], differences: [], additions: [], ourOperations: [] };
  for (const [path, item] of Object.entries(ours.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      const realOp = realOps.get(operationKey(method, path));
      if (!realOp) {
        comparison.ourOperations.push({
          operation: `${method.toUpperCase()} ${path}`,
          marked: operation[ADDITION_KEY] === true,
        });
        continue;
      }
      const name = `${realOp.method} ${realOp.path}`;
      comparison.compared.push(name);
      const comparer = new Comparer(real, ours, name);
      comparer.compareQuery(realOp.params.query, (operation.parameters ?? []) as Schema[]);
      const body = realOp.params.data;
      const ourBody = jsonSchemaOf(operation.requestBody?.content);
      if (body && !ourBody)
        comparer.differences.push({
          operation: name,
          kind: 'missing',
          where: 'request',
          path: '',
          detail: `${describeReal(body)} body not accepted`,
        });
      else if (body) comparer.compare(body, ourBody, 'request', '', true);
      for (const answer of realAnswers(realOp)) {
        const response = operation.responses?.[String(answer.status)];
        if (!response) {
          comparer.differences.push({
            operation: name,
            kind: 'type',
            where: `response ${answer.status}`,
            path: '',
            detail: `status ${answer.status} not answered`,
          });
          continue;
        }
        if (answer.field.ref && !real.types[answer.field.ref]) continue; // void, object, File: no typed body
        comparer.compare(answer.field, jsonSchemaOf(response.content), `response ${answer.status}`, '', false);
      }
      comparison.differences.push(...comparer.differences);
      comparison.additions.push(...comparer.additions);
    }
  }
  return comparison;
}

/** The comparison restricted to some operations (`METHOD /path` in the real spelling or normalised). */
export function restrictTo(comparison: Comparison, keep: (operation: string) => boolean): Comparison {
  return {
    compared: comparison.compared.filter(keep),
    differences: comparison.differences.filter((d) => keep(d.operation)),
    additions: comparison.additions.filter((a) => keep(a.operation)),
    ourOperations: comparison.ourOperations.filter((o) => keep(o.operation)),
  };
}

export function countComparison(comparison: Comparison): ComparisonCounts {
  const of = (kind: DifferenceKind) => comparison.differences.filter((d) => d.kind === kind);
  const values = (list: Difference[]) => list.reduce((n, d) => n + (d.values?.length ?? 1), 0);
  return {
    operationsCompared: comparison.compared.length,
    operationsWithDifferences: new Set(comparison.differences.map((d) => d.operation)).size,
    missingFields: of('missing').length,
    typeMismatches: of('type').length,
    overRequiredFields: of('required').length,
    refusedEnumValues: values(of('enum').filter((d) => !d.where.startsWith('response'))),
    foreignEnumValues: values(of('enum').filter((d) => d.where.startsWith('response'))),
    markedAdditions: comparison.additions.filter((a) => a.marked).length,
    unmarkedAdditions: comparison.additions.filter((a) => !a.marked).length,
    markedOperations: comparison.ourOperations.filter((o) => o.marked).length,
    unmarkedOperations: comparison.ourOperations.filter((o) => !o.marked).length,
  };
}

/** One line per difference, for failure messages and the test log. */
export function describeDifferences(differences: Difference[]): string {
  return differences
    .map((d) => `${d.operation} ${d.where}${d.path ? ` ${d.path}` : ''}: ${d.kind}: ${d.detail}`)
    .join('\n');
}
