// The XML schemas the service validates against are kept in the repository (schemas/) exactly as published.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const kept = join(root, 'schemas');
const published = join(root, '..', 'shared', 'reference', 'schemas');

describe('schemas/', () => {
  const files = readdirSync(kept).filter((file) => file.endsWith('.xsd'));

  it('holds the camt, pain and Finvoice schemas', () => {
    expect(files.sort()).toEqual(['Finvoice3.0.xsd', 'camt.053.001.08.xsd', 'pain.001.001.09.xsd']);
  });

  it.each(files)('keeps %s byte for byte as published', (file) => {
    expect(readFileSync(join(kept, file)).equals(readFileSync(join(published, file)))).toBe(true);
  });
});
