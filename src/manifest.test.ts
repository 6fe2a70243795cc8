// @vitest-environment node
// custom-elements.json: current, valid, and shown truthfully by the README's tables.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE, describeElement, manifestText } from '../scripts/manifest';

const require = createRequire(import.meta.url);
const checkedIn = readFileSync(MANIFEST_FILE, 'utf8');
const element = describeElement();

/** The backticked names in the first column of the README table whose first header cell is `header`. */
function readmeTable(header: string): string[] {
  const lines = readFileSync('README.md', 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${header} |`));
  if (start < 0) throw new Error(`README.md has no table headed "${header}"`);
  const rows = lines.slice(start + 2);
  const end = rows.findIndex((line) => !line.startsWith('|'));
  return rows.slice(0, end < 0 ? undefined : end).map((row) => /^\|\s*`([^`]+)`/.exec(row)?.[1] ?? row);
}

describe('custom-elements.json', () => {
  it('is what `npm run manifest` generates from the tables', () => {
    expect(checkedIn).toBe(manifestText());
  });

  it('is valid against the Custom Elements Manifest schema', () => {
    const schema: unknown = JSON.parse(readFileSync(require.resolve('custom-elements-manifest/schema.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(schema as object);
    expect(validate(JSON.parse(checkedIn)), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });
});

describe('README tables', () => {
  it.each([
    ['attribute', element.attributes],
    ['event', element.events],
    ['part', element.cssParts],
    ['custom property', element.cssProperties],
  ])('the %s table lists what the manifest lists', (header, described) => {
    expect(readmeTable(header).sort()).toEqual(described.map(({ name }) => name).sort());
  });
});
