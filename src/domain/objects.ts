// Plain-object helpers every layer shares.

/**
 * Removes the keys whose value is undefined, so that an answer omits an unset field rather than naming it (and a
 * stored JSON document holds no holes). Changes the object in place and answers it, for use on a fresh literal.
 */
export function withoutUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}
