// The real shape by default: an answer of an operation the real interface has carries exactly the real type's
// fields, so a client that decodes strictly (unknown fields forbidden) works unchanged. What Tase adds — fields
// marked `x-tase-addition` in the schemas (schema.ts) — is sent only to a client that asks for it with the request
// header `Tase-Additions: include`. A PUT of such a client, which never saw the additions, keeps their stored
// values instead of clearing them (see `keepUnseenAdditions`). Tase's own operations are not affected.
import type { FastifyRequest } from 'fastify';

/** The request header that asks for Tase's additions in answers of real operations. */
export const ADDITIONS_HEADER = 'tase-additions';
const INCLUDE = 'include';

type Schema = Record<string, unknown>;
type Projector = (value: unknown) => unknown;

export function wantsAdditions(request: FastifyRequest): boolean {
  const value = request.headers[ADDITIONS_HEADER];
  return typeof value === 'string' && value.trim().toLowerCase() === INCLUDE;
}

const isAddition = (schema: Schema): boolean =>
  schema['x-tase-addition'] === true && schema['x-tase-named-by-spec'] !== true;

/** A plain JSON object of an answer: not an array, not a value with its own JSON form (a Decimal, a Date). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** The variants of a union (`anyOf`/`oneOf`), or the schema itself. */
function variants(schema: Schema): Schema[] {
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return union ? union.flatMap(variants) : [schema];
}

/**
 * The fields of the object variants of `schema`, merged: a field is an addition only where every variant that has
 * it marks it so (a real variant's field is never dropped), and its schema is the union of the variants' schemas.
 */
function objectFields(schema: Schema): { fields: Map<string, Schema[]>; additions: Set<string>; map?: Schema } {
  const fields = new Map<string, Schema[]>();
  const real = new Set<string>();
  let map: Schema | undefined;
  for (const variant of variants(schema)) {
    for (const part of [variant, ...((variant.allOf as Schema[] | undefined) ?? [])]) {
      const properties = part.properties as Record<string, Schema> | undefined;
      for (const [key, property] of Object.entries(properties ?? {})) {
        if (!isAddition(property)) real.add(key);
        fields.set(key, [...(fields.get(key) ?? []), property]);
      }
      if (typeof part.additionalProperties === 'object') map = part.additionalProperties as Schema;
    }
  }
  const additions = new Set([...fields.keys()].filter((key) => !real.has(key)));
  return { fields, additions, map };
}

function itemSchemas(schema: Schema): Schema[] {
  return variants(schema).flatMap((variant) => (typeof variant.items === 'object' ? [variant.items as Schema] : []));
}

/**
 * The function that removes Tase's additions from an answer of `schema`, or undefined when the schema has none
 * (the answer is then sent as it is, at no cost). Built once per route and status.
 */
export function additionsProjector(schema: Schema | undefined, depth = 0): Projector | undefined {
  if (!schema || depth > 32) return undefined;
  const { fields, additions, map } = objectFields(schema);
  const nested = new Map<string, Projector>();
  for (const [key, schemas] of fields) {
    if (additions.has(key)) continue;
    const project = additionsProjector(schemas.length === 1 ? schemas[0] : { anyOf: schemas }, depth + 1);
    if (project) nested.set(key, project);
  }
  const mapValues = map ? additionsProjector(map, depth + 1) : undefined;
  const items = itemSchemas(schema);
  const item =
    items.length === 0 ? undefined : additionsProjector(items.length === 1 ? items[0] : { anyOf: items }, depth + 1);
  if (additions.size === 0 && nested.size === 0 && !mapValues && !item) return undefined;
  return (value) => {
    if (Array.isArray(value)) return item ? (value as unknown[]).map((entry) => item(entry)) : (value as unknown);
    if (!isPlainObject(value)) return value;
    const projected: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (additions.has(key)) continue;
      const project = nested.get(key) ?? (fields.has(key) ? undefined : mapValues);
      projected[key] = project ? project(value[key]) : value[key];
    }
    return projected;
  };
}

/** Whether `schema` (a request body) has a field marked as an addition anywhere. */
export function hasAdditions(schema: Schema | undefined, depth = 0): boolean {
  if (!schema || depth > 32) return false;
  const { fields, additions, map } = objectFields(schema);
  if (additions.size > 0) return true;
  for (const schemas of fields.values()) if (schemas.some((s) => hasAdditions(s, depth + 1))) return true;
  return hasAdditions(map, depth + 1) || itemSchemas(schema).some((s) => hasAdditions(s, depth + 1));
}

/**
 * A PUT body of a client that did not ask for additions, completed with the stored values of the additions it
 * never saw: PUT removes an optional field left out, and a strict client of the real interface cannot send what it
 * does not know. Array items are paired by `id` (new items, without an id, have nothing stored).
 */
export function keepUnseenAdditions(schema: Schema, body: unknown, current: unknown, depth = 0): unknown {
  if (depth > 32) return body;
  if (Array.isArray(body)) {
    if (!Array.isArray(current)) return body;
    const items = itemSchemas(schema);
    if (items.length === 0) return body;
    const itemSchema = items.length === 1 ? items[0] : { anyOf: items };
    const stored = new Map<unknown, unknown>();
    for (const entry of current) if (isPlainObject(entry) && entry.id !== undefined) stored.set(entry.id, entry);
    return body.map((entry: unknown) =>
      isPlainObject(entry) && entry.id !== undefined && stored.has(entry.id)
        ? keepUnseenAdditions(itemSchema, entry, stored.get(entry.id), depth + 1)
        : entry,
    );
  }
  if (!isPlainObject(body) || !isPlainObject(current)) return body;
  const { fields, additions } = objectFields(schema);
  const completed: Record<string, unknown> = { ...body };
  for (const key of additions) {
    if (!(key in body) && current[key] !== undefined && current[key] !== null) completed[key] = current[key];
  }
  for (const [key, schemas] of fields) {
    if (additions.has(key) || !(key in body)) continue;
    completed[key] = keepUnseenAdditions(
      schemas.length === 1 ? schemas[0] : { anyOf: schemas },
      body[key],
      current[key],
      depth + 1,
    );
  }
  return completed;
}
