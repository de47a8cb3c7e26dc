// The error catalogue and the tags are complete: every error code is answered somewhere and documented, and
// every tag an operation carries is declared in the document's tag list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS } from '../src/platform/errors.ts';
import { API_VERSIONS } from '../src/platform/versions.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  // a day when every version is still supported, so each serves its document
  svc = await startService({ clock: new ManualClock('2026-11-01T00:00:00Z') });
});
afterAll(() => svc.close());

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the error catalogue', () => {
  it('has no code that the service never answers', () => {
    const text = sources(join(process.cwd(), 'src'))
      .filter((path) => !path.endsWith(join('platform', 'errors.ts')))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const unused = Object.keys(ERRORS).filter((code) => !new RegExp(`['"\`]${code}['"\`]`).test(text));
    expect(unused).toEqual([]);
  });

  it('documents every code in the OpenAPI document of every version', async () => {
    for (const version of API_VERSIONS) {
      const doc = await svc.request('GET', `/${version.path}/api/openapi.json`);
      const missing = Object.keys(ERRORS).filter((code) => !doc.text.includes(`\`${code}\``));
      expect(missing, version.id).toEqual([]);
    }
  });
});

describe('tags', () => {
  it('every tag of an operation is declared in the tag list', async () => {
    for (const version of API_VERSIONS) {
      const doc = (await svc.request('GET', `/${version.path}/api/openapi.json`)).body;
      const declared = new Set((doc.tags as { name: string }[]).map((t) => t.name));
      const used = new Set<string>();
      for (const operations of Object.values(doc.paths as Record<string, Record<string, { tags?: string[] }>>)) {
        for (const operation of Object.values(operations)) for (const tag of operation.tags ?? []) used.add(tag);
      }
      expect(
        [...used].filter((tag) => !declared.has(tag)),
        version.id,
      ).toEqual([]);
      expect(used.size).toBeGreaterThan(0);
    }
  });
});
