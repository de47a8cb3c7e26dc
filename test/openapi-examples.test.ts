// The examples of the OpenAPI document: every request body and every JSON answer of success has one, each is
// valid against its schema, and every request example, sent to a fresh sandbox in the order of
// test/support/example-requests.ts, is answered with success.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { API_VERSIONS } from '../src/platform/versions.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { personToken } from './mfa-helpers.ts';
import { EXAMPLES_CLOCK, STEPS, requestOperations, runSteps } from './support/example-requests.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Doc = { paths: Record<string, Record<string, any>>; components?: unknown };

/** Every place an example belongs: each request body's media types and each success answer with JSON. */
function examplePlaces(doc: Doc): { where: string; schema: unknown; example: unknown }[] {
  const places = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {}))
        places.push({ where: `${at} request ${type}`, schema: media.schema, example: media.example });
      for (const [status, answer] of Object.entries<any>(op.responses ?? {})) {
        const media = answer.content?.['application/json'];
        if (/^2/.test(status) && media)
          places.push({ where: `${at} ${status}`, schema: media.schema, example: media.example });
      }
    }
  return places;
}

let svc: TestService;
const documents = new Map<string, Doc>();

beforeAll(async () => {
  // a fixed clock: the examples' dates lie in its fiscal year, and every write carries the `version` they send
  svc = await startService({ clock: new ManualClock(EXAMPLES_CLOCK) });
  for (const version of API_VERSIONS)
    documents.set(version.id, (await svc.request('GET', `/${version.path}/api/openapi.json`)).body);
}, 60_000);
afterAll(() => svc?.close());

describe('examples of the OpenAPI document', () => {
  it('are given for every request body and every JSON answer of success, in every version', () => {
    for (const [version, doc] of documents) {
      const missing = examplePlaces(doc)
        .filter((p) => p.example === undefined)
        .map((p) => p.where);
      expect(missing, version).toEqual([]);
    }
  });

  it('are valid against their schemas', () => {
    // the versions share most schemas: one validator for each distinct schema over the same components
    const validators = new Map<string, { ajv: Ajv2020; compiled: Map<string, ValidateFunction> }>();
    for (const [version, doc] of documents) {
      const components = JSON.stringify(doc.components ?? {});
      let entry = validators.get(components);
      if (!entry) {
        const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
        // the schemas' `$ref`s point into the document's components, given to ajv once
        ajv.addSchema({ $id: 'tase:document', components: doc.components });
        entry = { ajv, compiled: new Map() };
        validators.set(components, entry);
      }
      const problems: string[] = [];
      for (const { where, schema, example } of examplePlaces(doc)) {
        if (example === undefined) continue;
        const text = JSON.stringify(schema).replaceAll('"#/components/', '"tase:document#/components/');
        let validate = entry.compiled.get(text);
        if (!validate) entry.compiled.set(text, (validate = entry.ajv.compile(JSON.parse(text))));
        if (!validate(example)) problems.push(`${where}: ${entry.ajv.errorsText(validate.errors)}`);
      }
      expect(problems, version).toEqual([]);
    }
  });

  it('send every request example once, in an order that finds what each refers to', () => {
    const doc = documents.get(API_VERSIONS.at(-1)!.id)!;
    const sent = STEPS.flatMap((step) => ('operationId' in step ? [step.operationId] : []));
    expect(sent.length).toBe(new Set(sent).size);
    expect([...requestOperations(doc).keys()].filter((id) => !sent.includes(id))).toEqual([]);
  });

  it('are answered with success when sent to a fresh sandbox', async () => {
    const doc = (await svc.request('GET', '/api/openapi.json')).body;
    // a person's token: the two-factor examples refuse a machine's
    const me = await svc.api('GET', '/users');
    const results = await runSteps(svc, doc, await personToken(svc, me.body.id));
    const failed = results
      .filter((r) => r.status < 200 || r.status > 299)
      .map((r) => `${'operationId' in r.step ? r.step.operationId : r.step.setup} ${r.status} ${r.text.slice(0, 300)}`);
    expect(failed).toEqual([]);
  }, 120_000);
});
