import { describe, expect, it } from 'vitest';
import { ACME_USER, CORE_GROUP, CORE_USER, RESOURCE_TYPES } from '../../test-support/server-schemas';
import { createRecordGenerator } from '../generate';
import type { ScimUser } from '../records/schemas';
import { readResourceType, readSchemaDefinition, type ResourceSchema } from '../server-schema/definitions';
import { resourceSchemaOf } from '../server-schema/read-schema';
import { readEdits } from './read-edits';

const generated = createRecordGenerator(52)('Users', { profile: 'full' });
const shown = JSON.stringify(generated, null, 2);
const lines = shown.split('\n');
/** The line (from 1) where record `index` (from 0) opens in the shown text. */
const recordLine = (text: string, index: number) => text.split('\n').findIndex((line, at, all) => line === '  {' && all.slice(0, at).filter((l) => l === '  {').length === index) + 1;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

const messageOf = (text: string, schema?: ResourceSchema) => {
  const read = readEdits(text, generated, 'Users', schema);
  if (read.ok) throw new Error('expected a refusal');
  return read.message;
};

function userSchema(): ResourceSchema {
  const server = {
    resourceTypes: RESOURCE_TYPES.map(readResourceType).filter((type) => type !== undefined),
    schemas: [CORE_USER, CORE_GROUP, ACME_USER].map(readSchemaDefinition).filter((schema) => schema !== undefined),
  };
  const reading = resourceSchemaOf(server, 'Users', 'https://scim.example.com/scim/v2');
  if (!reading.ok) throw new Error(reading.reason);
  return reading.value;
}

describe('the records of the editor', () => {
  it('sends the generated records as they are, none marked edited', () => {
    expect(readEdits(shown, generated, 'Users')).toEqual({ ok: true, records: generated, edited: Array(10).fill(false) });
  });

  it('sends an edited record as written, key order kept, and marks only it', () => {
    const records = structuredClone(generated) as unknown as Record<string, unknown>[];
    records[3] = { nickName: 'Ada', ...records[3] };
    const read = readEdits(JSON.stringify(records, null, 2), generated, 'Users');
    if (!read.ok) throw new Error(read.message);
    expect(read.edited).toEqual([false, false, false, true, false, false, false, false, false, false]);
    expect(JSON.stringify(read.records[3])).toBe(JSON.stringify(records[3]));
    expect(Object.keys(read.records[3] ?? {})[0]).toBe('nickName');
  });

  it('names the line, the column and the record where the text stops being JSON', () => {
    const at = lineOf(shown, JSON.stringify((generated[6] as ScimUser).userName)); // the seventh record's userName
    const broken = lines.map((line, index) => (index === at - 1 ? line.replace(/,$/, '') : line)).join('\n');
    expect(messageOf(broken)).toMatch(new RegExp(`^Nothing was sent: the text is not JSON at line ${at + 1}, column \\d+ \\(record 7\\): expected "," or "}"\\.$`));
  });

  it('names the line of an unclosed array and of text after it', () => {
    expect(messageOf(shown.slice(0, -1))).toMatch(new RegExp(`at line ${lines.length}, column \\d+: expected "," or "\\]"\\.$`));
    expect(messageOf(`${shown}\n\nx`)).toContain(`at line ${lines.length + 2}, column 1: expected the end of the text`);
  });

  it('names a record that is not an object, by its place', () => {
    const records: unknown[] = [...generated];
    records[4] = 'Ada';
    const text = JSON.stringify(records, null, 2);
    expect(messageOf(text)).toBe(`Nothing was sent: record 5 (line ${lineOf(text, '"Ada"')}) is a string, not a JSON object.`);
  });

  it('names a record without schemas, and one without its userName', () => {
    const noSchemas = structuredClone(generated) as unknown as Record<string, unknown>[];
    delete noSchemas[8]?.schemas;
    const text = JSON.stringify(noSchemas, null, 2);
    expect(messageOf(text)).toBe(`Nothing was sent: record 9 (line ${recordLine(text, 8)}) has no "schemas": RFC 7643 §3 requires the list of its schemas' URNs.`);
    const noUserName = structuredClone(generated) as unknown as Record<string, unknown>[];
    delete noUserName[0]?.userName;
    expect(messageOf(JSON.stringify(noUserName, null, 2))).toContain('record 1 (line 2) has no "userName" string');
  });

  it('refuses a text that is not an array of ten', () => {
    expect(messageOf('{}')).toBe('Nothing was sent: the text is an object, not a JSON array of 10 records (line 1).');
    expect(messageOf(JSON.stringify(generated.slice(1)))).toBe('Nothing was sent: the text holds 9 records; a press sends 10.');
  });

  it("names an attribute the server's schema lacks, at its own line, and one within an extension", () => {
    const schema = userSchema();
    const fitted = createRecordGenerator(52)('Users', { profile: 'basic', schema });
    const text = JSON.stringify(fitted, null, 2);
    expect(readEdits(text, fitted, 'Users', schema).ok).toBe(true);
    const added = structuredClone(fitted) as unknown as Record<string, unknown>[];
    added[2] = { ...added[2], employeeBadge: 'B-1' };
    const withAttribute = JSON.stringify(added, null, 2);
    expect(readEdits(withAttribute, fitted, 'Users', schema)).toEqual({
      ok: false,
      message: `Nothing was sent: record 3, line ${lineOf(withAttribute, 'employeeBadge')}: the server's schema has no attribute "employeeBadge" (urn:ietf:params:scim:schemas:core:2.0:User).`,
    });
    const inExtension = structuredClone(fitted) as unknown as Record<string, Record<string, unknown>>[];
    (inExtension[5] as Record<string, Record<string, unknown>>)[ACME_USER.id] = { ...inExtension[5]?.[ACME_USER.id], shoeSize: 44 };
    const extended = JSON.stringify(inExtension, null, 2);
    expect(readEdits(extended, fitted, 'Users', schema)).toEqual({
      ok: false,
      message: `Nothing was sent: record 6, line ${lineOf(extended, 'shoeSize')}: the server's schema has no attribute "shoeSize" in ${ACME_USER.id}.`,
    });
  });

  it('reads a 1 MB text in one pass, and names the right line near its end', () => {
    const big = structuredClone(generated) as unknown as Record<string, unknown>[];
    big.forEach((record, index) => (record.notes = Array.from({ length: 1300 }, (_, line) => `record ${index} line ${line} ${'x'.repeat(50)}`)));
    const text = JSON.stringify(big, null, 2);
    expect(text.length).toBeGreaterThan(1_000_000);
    const read = readEdits(text, generated, 'Users');
    if (!read.ok) throw new Error(read.message);
    expect(read.records.map((record) => (record as unknown as { notes: string[] }).notes.length)).toEqual(Array(10).fill(1300));
    const target = lineOf(text, 'record 9 line 1299 ');
    const broken = text.replace('record 9 line 1299 ', 'record 9 line 1299 "');
    expect(messageOf(broken)).toMatch(new RegExp(`at line ${target}, column \\d+ \\(record 10\\)`));
  });
});
