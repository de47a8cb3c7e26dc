// The OpenAPI document of every version is generated from the route schemas and must be lint-clean under
// Redocly's recommended rules (no errors, no warnings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { API_VERSIONS } from '../src/platform/versions.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';

const run = promisify(execFile);
let svc: TestService;
let dir: string;

beforeAll(async () => {
  // a day when every version is still supported, so each serves its document
  svc = await startService({ clock: new ManualClock('2026-11-01T00:00:00Z') });
  dir = mkdtempSync(join(tmpdir(), 'tase-openapi-'));
});
afterAll(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('OpenAPI documents', () => {
  it('are OpenAPI 3.1 with only the paths of their version', async () => {
    for (const version of API_VERSIONS) {
      const doc = await svc.request('GET', `/${version.path}/api/openapi.json`);
      expect(doc.status).toBe(200);
      expect(doc.body.openapi).toBe('3.1.0');
      expect(doc.body.info.version).toBe(version.id);
      expect(doc.body.servers[0].url).toBe(`/${version.path}/api`);
      for (const path of Object.keys(doc.body.paths)) expect(path).not.toMatch(/^\/(v\d{4}|latest|supported)\//);
    }
  });

  it('are lint-clean under @redocly/cli', async () => {
    const files: string[] = [];
    for (const version of API_VERSIONS) {
      const doc = await svc.request('GET', `/${version.path}/api/openapi.json`);
      const file = join(dir, `openapi-${version.path}.json`);
      writeFileSync(file, doc.text);
      files.push(file);
    }
    const redocly = join(process.cwd(), 'node_modules', '.bin', 'redocly');
    const result = await run(redocly, [
      'lint',
      '--config',
      join(process.cwd(), 'redocly.yaml'),
      '--format',
      'stylish',
      ...files,
    ]).catch((err) => err);
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    expect(output, output).not.toMatch(/\b(error|warning)\s{2,}/);
    expect(result.code ?? 0, output).toBe(0);
  }, 60_000);
});
