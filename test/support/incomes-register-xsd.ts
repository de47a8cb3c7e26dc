// Validation of Incomes Register records against the register's own schemas (test/fixtures/incomes-register),
// with xmllint compiled to WebAssembly: the answer libxml2 gives, without a system xmllint.
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const FOLDER = new URL('../fixtures/incomes-register/', import.meta.url);
const file = (fileName: string) => ({ fileName, contents: readFileSync(new URL(fileName, FOLDER), 'utf8') });
const COMMON = ['IRCommonTypes.xsd', 'xmldsig-core-schema.xsd'].map(file);

async function errorsAgainst(xml: string, root: string, types: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: xml }],
    schema: [file(root)],
    preload: [file(types), ...COMMON],
    // a batch of a thousand reports is a few megabytes of tree
    maxMemoryPages: 16384,
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** The schema errors of an earnings payment record (WageReportsToIR): none when the register's schema accepts it. */
export const incomesRegisterErrors = (xml: string) =>
  errorsAgainst(xml, 'WageReportsToIR.xsd', 'WageReportsToIRTypes.xsd');

/** The schema errors of a cancellation record (InvalidationsToIR): none when the register's schema accepts it. */
export const incomesRegisterCancellationErrors = (xml: string) =>
  errorsAgainst(xml, 'InvalidationsToIR.xsd', 'InvalidationsToIRTypes.xsd');
