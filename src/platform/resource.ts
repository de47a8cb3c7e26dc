// PUT and PATCH semantics shared by every resource. PUT overwrites: an optional field left out is removed.
// PATCH is a JSON merge patch (RFC 7396): a field left out keeps its value, `null` clears it, nested objects
// merge, arrays are replaced. Read-only fields in a request must equal the stored value.
import { Decimal, isDecimal } from '../domain/decimal.ts';
import { withoutUndefined } from '../domain/objects.ts';
import { ApiError, errorItem, type ErrorItem } from './errors.ts';
import { staleVersionItem } from './lock.ts';

type Json = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !isDecimal(v);

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: Json = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isDecimal(a) || isDecimal(b)) {
    if (a === null || a === undefined || b === null || b === undefined) return false;
    try {
      return new Decimal(a as never).equals(new Decimal(b as never));
    } catch {
      return false;
    }
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!sameValue(a[k], b[k])) return false;
    return true;
  }
  return a === b;
}

/**
 * Checks the read-only fields present in a request against the stored representation. `version` is the
 * optimistic lock: a stale one is reported as STALE_VERSION.
 */
export function checkReadOnly(request: Json, stored: Json, fields: readonly string[]): void {
  const items: ErrorItem[] = [];
  for (const field of fields) {
    if (!(field in request) || request[field] === undefined) continue;
    const sent = request[field];
    if (field === 'version') {
      if (sent !== stored.version) items.push(staleVersionItem());
    } else if (!sameValue(sent, stored[field])) {
      items.push(errorItem('READ_ONLY_FIELD_CHANGED', field));
    }
  }
  if (items.length > 0) throw new ApiError(items);
}

/** Removes the undefined fields, so that responses omit unset fields (in place; answers the object). */
export const compact: <T extends Json>(object: T) => T = withoutUndefined;
