// @vitest-environment node
// custom-elements.json: current, valid, and shown truthfully by the documented tables (README.md or docs/).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE, describeElement, manifestText } from '../../scripts/manifest';
import { ACTION_KINDS } from '../scim/actions/table';
import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT } from './event-names';
import { documentedFrom } from '../test-support/documentation';

const require = createRequire(import.meta.url);
const checkedIn = readFileSync(MANIFEST_FILE, 'utf8');
const element = describeElement();

/** The backticked names in the first column of the documented table whose first header cell is `header`. */
function documentedTable(header: string): string[] {
  const [, , ...rows] = documentedFrom((line) => line.startsWith(`| ${header} |`), `a table headed "${header}"`);
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

  it.each([ACTION_RESULT_EVENT, ACTION_COMPLETE_EVENT])('names every kind of the action table in %s', (name) => {
    const description = element.events.find((event) => event.name === name)?.description ?? '';
    for (const kind of ACTION_KINDS) expect(description).toContain(`\`${kind}\``);
  });
});

describe('the documented tables', () => {
  it.each([
    ['attribute', element.attributes],
    ['event', element.events],
    ['part', element.cssParts],
    ['custom property', element.cssProperties],
  ])('the %s table lists what the manifest lists', (header, described) => {
    expect(documentedTable(header).sort()).toEqual(described.map(({ name }) => name).sort());
  });
});
