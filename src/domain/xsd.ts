// Validation of XML against the published schemas (ISO 20022 camt and pain, Finvoice 3.0), kept in the
// repository's `schemas/` folder as published (test/schemas.test.ts keeps them identical to the originals), so
// the service needs nothing beside the repository. libxml2's schema validator compiled to WebAssembly
// (xmllint-wasm) does the validation. The schemas are read once.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The file of a schema in the repository's `schemas/` folder, found upwards from this module: from src/domain,
 * or from dist/src/domain when the service runs built (dist/ has a package.json of its own, so not that).
 */
function schemaFile(file: string): string {
  let folder = import.meta.dirname;
  for (;;) {
    const candidate = join(folder, 'schemas', file);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`the schema ${file} is not in the repository's schemas/ folder`);
    folder = parent;
  }
}

const cache = new Map<string, string>();

/** The text of a schema file of `schemas/`, e.g. `pain.001.001.09.xsd`. */
export function schemaText(file: string): string {
  let text = cache.get(file);
  if (text === undefined) cache.set(file, (text = readFileSync(schemaFile(file), 'utf8')));
  return text;
}

/** A schema problem: its message, and its line when known. */
export interface SchemaProblem {
  line?: number;
  message: string;
}

/** The schema problems of a document (named `fileName` in the messages), each with its line when known. */
export async function schemaFailures(
  xml: string | Uint8Array,
  schema: { name: string; text: string },
  fileName = 'document.xml',
): Promise<SchemaProblem[]> {
  // loaded when first used: most starts of the service validate no XML
  const { memoryPages, validateXML } = await import('xmllint-wasm');
  const size = typeof xml === 'string' ? Buffer.byteLength(xml) : xml.byteLength;
  const result = await validateXML({
    xml: [{ fileName, contents: xml }],
    schema: [{ fileName: schema.name, contents: schema.text }],
    // room for the document, the schema and the parsed tree
    maxMemoryPages: Math.min(memoryPages.max, memoryPages.MiB * (64 + Math.ceil((size * 12) / 2 ** 20))),
  });
  return result.errors.map((e) => ({ ...(e.loc ? { line: e.loc.lineNumber } : {}), message: e.message }));
}

/** The schema problems of a document: empty when it is valid; each problem with its line. */
export async function schemaProblems(
  xml: string | Uint8Array,
  schema: { name: string; text: string },
): Promise<string[]> {
  return (await schemaFailures(xml, schema)).map((p) => (p.line ? `line ${p.line}: ${p.message}` : p.message).trim());
}
