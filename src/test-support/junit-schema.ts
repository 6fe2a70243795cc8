import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

/**
 * What libxml2's xmllint (compiled to WebAssembly) finds wrong with `report` against Jenkins' JUnit XML
 * schema (jenkins-junit.xsd beside this file, which says where it comes from): one line per error, none when valid.
 */
export async function junitSchemaErrors(report: string): Promise<string[]> {
  const schema = await readFile(new URL('jenkins-junit.xsd', import.meta.url), 'utf8');
  const result = await validateXML({ xml: { fileName: 'junit.xml', contents: report }, schema: { fileName: 'jenkins-junit.xsd', contents: schema } });
  if (result.valid) return [];
  const errors = result.errors.map(({ rawMessage }) => rawMessage);
  return errors.length > 0 ? errors : [result.rawOutput];
}
