// The fixture format of the sandbox as a JSON Schema document (kept in schemas/sandbox-fixture.schema.json), and
// the reading of a fixture file for `tase seed FILE`.
import { Value } from '@sinclair/typebox/value';
import { apiError } from '../platform/errors.ts';
import { Fixture, type FixtureWire } from './schemas.ts';

/** The JSON Schema of a fixture (draft 2020-12). */
export function fixtureJsonSchema(): object {
  return JSON.parse(
    JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...Fixture }, (key, value: unknown) =>
      key === 'x-tase-addition' ? undefined : value,
    ),
  ) as object;
}

/** A fixture from JSON text, checked against its schema; the first problems are named. */
export function parseFixture(text: string): FixtureWire {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw apiError('SANDBOX_SEED_REFUSED', undefined, { detail: `not JSON: ${(err as Error).message}` });
  }
  if (!Value.Check(Fixture, data)) {
    const problems = [...Value.Errors(Fixture, data)].slice(0, 5).map((e) => `${e.path || '/'} ${e.message}`);
    throw apiError('SANDBOX_SEED_REFUSED', undefined, { detail: problems.join('; ') });
  }
  return data;
}
