// Validation of ISO 20022 XML against the published schemas kept in `shared/reference/schemas/`, beside the
// repository (libxml2's schema validator compiled to WebAssembly: xmllint-wasm). The schemas are read once.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryPages, validateXML } from 'xmllint-wasm';

const SCHEMAS = join('shared', 'reference', 'schemas');

/** The folder of the schemas: `shared/` lies beside the repository (from src/ or from a build in dist/). */
function schemasFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 6; level++) {
    const candidate = join(folder, SCHEMAS);
    if (existsSync(candidate)) return candidate;
    folder = dirname(folder);
  }
  throw new Error(`the ISO 20022 schemas (${SCHEMAS}) are not beside the repository`);
}

const cache = new Map<string, string>();

/** The text of a schema file of `shared/reference/schemas/`, e.g. `pain.001.001.09.xsd`. */
export function schemaText(file: string): string {
  let text = cache.get(file);
  if (text === undefined) cache.set(file, (text = readFileSync(join(schemasFolder(), file), 'utf8')));
  return text;
}

/** The schema problems of a document: empty when it is valid; each problem with its line. */
export async function schemaProblems(
  xml: string | Uint8Array,
  schema: { name: string; text: string },
): Promise<string[]> {
  const size = typeof xml === 'string' ? Buffer.byteLength(xml) : xml.byteLength;
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: schema.name, contents: schema.text }],
    // room for the document, the schema and the parsed tree
    maxMemoryPages: Math.min(memoryPages.max, memoryPages.MiB * (64 + Math.ceil((size * 12) / 2 ** 20))),
  });
  return result.errors.map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message).trim());
}
