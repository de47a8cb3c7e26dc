// Decodes an answer the way a strict client of the real interface does (Go's DisallowUnknownFields, typed SDKs):
// against the real type of `../shared/reference/real-interface.json`, a field the real type lacks is an error, and
// so is a value of another JSON type, an integer that is not whole or beyond its format, or a string outside the
// real enum. `null` decodes into any field (a strict client reads it as "not set").
import type { RealInterface } from './real-interface.ts';

interface RealField {
  type?: string;
  format?: string;
  enum?: string[];
  ref?: string;
  items?: RealField;
  fields?: Record<string, RealField>;
  additional?: unknown;
}

const INT32 = 2 ** 31;

/** The real document spells a few enum values with stray punctuation (`"PARTLY_PAID,"`): their evident value. */
const evident = (value: string) => value.replace(/^[\s,;]+|[\s,;]+$/g, '');

function enumOf(field: RealField): string[] | undefined {
  if (field.enum) return field.enum.map(evident);
  if (field.type && /^".*"$/.test(field.type)) return field.type.slice(1, -1).split(/,\s*/).map(evident);
  return undefined;
}

/** The real field of a success answer type as the operations list writes it: `Type`, `(Type)[]`. */
export function answerField(type: string): RealField {
  const list = /^\((\w+)\)\[\]$/.exec(type);
  return list ? { type: 'array', items: { ref: list[1] } } : { ref: type };
}

/** Whether the real document types a body for this answer (not `void`, `object`, `File`). */
export function isTypedAnswer(real: RealInterface, type: string): boolean {
  const field = answerField(type);
  return field.ref ? real.types[field.ref] !== undefined : real.types[field.items?.ref ?? ''] !== undefined;
}

/** Every problem a strict client has decoding `value` as `field`, as `path: problem` lines. */
export function strictProblems(real: RealInterface, field: RealField, value: unknown, path = '$'): string[] {
  if (value === null) return [];
  if (field.ref) {
    const type = real.types[field.ref];
    if (!type) return [];
    return objectProblems(real, type.fields, value, path, field.ref);
  }
  switch (field.type) {
    case 'object':
      if (field.fields) return objectProblems(real, field.fields, value, path, 'object');
      return typeof value === 'object' && !Array.isArray(value) ? [] : [`${path}: object expected`];
    case 'array':
      if (!Array.isArray(value)) return [`${path}: array expected, got ${typeof value}`];
      return field.items ? value.flatMap((item, i) => strictProblems(real, field.items!, item, `${path}[${i}]`)) : [];
    case 'number':
      if (typeof value !== 'number') return [`${path}: number expected, got ${JSON.stringify(value)}`];
      if (field.format === 'int32' && (!Number.isInteger(value) || Math.abs(value) >= INT32))
        return [`${path}: int32 expected, got ${value}`];
      if (field.format === 'int64' && !Number.isSafeInteger(value)) return [`${path}: int64 expected, got ${value}`];
      return [];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${path}: boolean expected, got ${JSON.stringify(value)}`];
    case 'string':
    default: {
      const values = enumOf(field);
      if (field.type !== 'string' && !values) return [];
      if (typeof value !== 'string') return [`${path}: string expected, got ${JSON.stringify(value)}`];
      if (values && value !== '' && !values.includes(value)) return [`${path}: '${value}' is not in the real enum`];
      return [];
    }
  }
}

function objectProblems(
  real: RealInterface,
  fields: Record<string, RealField>,
  value: unknown,
  path: string,
  type: string,
): string[] {
  if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: ${type} object expected`];
  const problems: string[] = [];
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    const field = fields[key];
    if (!field) problems.push(`${path}.${key}: unknown field of ${type}`);
    else problems.push(...strictProblems(real, field, member, `${path}.${key}`));
  }
  return problems;
}
