// Writes the JSON Schema of sandbox fixtures to schemas/sandbox-fixture.schema.json (test/sandbox-fixture.test.ts
// checks the file is current): node scripts/fixture-schema.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureJsonSchema } from '../src/sandbox/index.ts';

writeFileSync(
  join(import.meta.dirname, '..', 'schemas', 'sandbox-fixture.schema.json'),
  `${JSON.stringify(fixtureJsonSchema(), null, 2)}\n`,
);
