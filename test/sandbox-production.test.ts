// The sandbox exists only in sandbox mode: in production its endpoints, its page and its two-factor header are
// not there. And the fixture format's JSON Schema in the repository is the one the service checks against.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type TestService } from './support/service.ts';
import { fixtureJsonSchema, parseFixture } from '../src/sandbox/index.ts';
import { personToken } from './mfa-helpers.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService({
    config: { mode: 'production', signingSecret: 'a-production-signing-secret-of-32-bytes!' },
  });
});
afterAll(() => svc.close());

describe('the sandbox in production mode', () => {
  it('has none of its endpoints, no page and no operation in the document', async () => {
    for (const [method, path] of [
      ['GET', '/sandbox/clock'],
      ['POST', '/sandbox/clock'],
      ['GET', '/sandbox/mfa'],
      ['PUT', '/sandbox/mfa'],
      ['POST', '/sandbox/reset'],
      ['POST', '/sandbox/seed'],
      ['GET', '/sandbox/snapshots'],
      ['POST', '/sandbox/snapshots'],
      ['POST', '/sandbox/snapshots/x/restore'],
      ['DELETE', '/sandbox/snapshots/x'],
      ['GET', '/sandbox/faults'],
      ['GET', '/sandbox/requests'],
      ['POST', '/sandbox/faults'],
      ['DELETE', '/sandbox/faults/1'],
      ['GET', '/sandbox/webhooks/deliveries'],
      ['POST', '/sandbox/webhooks/deliveries/00000000-0000-4000-8000-000000000000/replay'],
    ]) {
      const answer = await svc.api(method, path, method === 'GET' ? undefined : {});
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.errors[0].message).toContain('No endpoint');
    }
    expect((await fetch(`${svc.base}/sandbox/webhooks`)).status).toBe(404);
    const document = await svc.request('GET', '/api/openapi.json');
    expect(Object.keys(document.body.paths).filter((p) => p.startsWith('/sandbox'))).toEqual([]);
  });

  it('leaves two-factor transactions pending whatever the sandbox header says', async () => {
    const created = await svc.admin.createUser({
      username: 'prod-person',
      password: 'Secret-pass-1',
      firstName: 'Prod',
      lastName: 'Person',
      email: 'prod@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, created.userId, 'ADMIN');
    const token = await personToken(svc, created.userId);
    const started = await svc.request('PUT', '/api/users', {
      token,
      body: { firstName: 'Prod', lastName: 'Person', email: 'prod@example.com' },
      headers: { 'X-Tase-Sandbox-Mfa': 'REJECT' },
    });
    expect(started.status).toBe(202);
    const state = await svc.request('GET', `/api/mfatransactionresult/${started.body.transactionIdentifier}`, {
      token,
    });
    expect(state.status).toBe(202);
  });
});

describe('the fixture format', () => {
  it('is kept current in schemas/sandbox-fixture.schema.json (node scripts/fixture-schema.ts writes it)', () => {
    const file = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'schemas', 'sandbox-fixture.schema.json'), 'utf8'),
    );
    expect(file).toEqual(fixtureJsonSchema());
  });

  it('accepts the example and names the problems of a bad fixture', () => {
    const example = readFileSync(join(import.meta.dirname, '..', 'examples', 'sandbox-fixture.json'), 'utf8');
    expect(parseFixture(example).companies[0].name).toBe('Fixture Oy');
    expect(() => parseFixture('{')).toThrow(/not JSON/);
    expect(() => parseFixture('{"companies":[{"name":"X","users":[],"extra":1}]}')).toThrow(/companies\/0/);
  });
});
