// Validation of Incomes Register messages against the register's own schema (test/fixtures/incomes-register),
// with xmllint compiled to WebAssembly: the answer libxml2 gives, without a system xmllint.
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const FOLDER = new URL('../fixtures/incomes-register/', import.meta.url);
const file = (fileName: string) => ({ fileName, contents: readFileSync(new URL(fileName, FOLDER), 'utf8') });
const ROOT = file('WageReportsToIR.xsd');
const IMPORTED = ['WageReportsToIRTypes.xsd', 'IRCommonTypes.xsd', 'xmldsig-core-schema.xsd'].map(file);

/** The schema errors of a message: none when the register's schema accepts it. */
export async function incomesRegisterErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: xml }],
    schema: [ROOT],
    preload: IMPORTED,
    // a batch of a thousand reports is a few megabytes of tree
    maxMemoryPages: 16384,
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
