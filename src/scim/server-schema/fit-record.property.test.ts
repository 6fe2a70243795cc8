// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scimmySchemaDefinition } from '../../../demo/sandbox/scim/schema-definition';
import { createRecordGenerator } from '../generate';
import { PROFILES } from '../profiles/names';
import { readResourceType, readSchemaDefinition, type ResourceSchema } from './definitions';
import { resourceSchemaOf } from './read-schema';

// Issue 23: whatever schema a server publishes (RFC 7643 §7), the records fitted to it validate
// against it in scimmy, an independent SCIM implementation (types, required attributes, canonical
// values), and carry nothing the schema leaves undeclared or marks readOnly.

interface AttributeJson {
  name: string;
  type: string;
  multiValued: boolean;
  required: boolean;
  mutability: string;
  uniqueness: string;
  caseExact: boolean;
  canonicalValues?: unknown[];
  referenceTypes?: string[];
  subAttributes?: readonly AttributeJson[];
}

// Names the profiles use too, so that the filler must keep or replace the profile's values; and
// names of nothing. scimmy adds id, externalId and meta to every schema itself.
const NAME = fc.oneof(
  fc.constantFrom('userName', 'displayName', 'name', 'emails', 'active', 'title', 'givenName', 'value', 'type', 'primary', 'costCenter', 'department', 'members'),
  fc.stringMatching(/^[a-z][A-Za-z0-9]{0,8}$/).filter((name) => !['id', 'externalid', 'meta', 'schemas'].includes(name.toLowerCase())),
);
const SIMPLE_TYPES = ['string', 'boolean', 'decimal', 'integer', 'dateTime', 'binary', 'reference'] as const;

function attributeArbitrary(types: readonly string[], subAttributes?: fc.Arbitrary<AttributeJson[]>): fc.Arbitrary<AttributeJson> {
  return fc
    .record({
      name: NAME,
      type: fc.constantFrom(...types),
      multiValued: fc.boolean(),
      required: fc.boolean(),
      mutability: fc.constantFrom('readWrite', 'readOnly', 'immutable', 'writeOnly'),
      uniqueness: fc.constantFrom('none', 'server', 'global'),
      caseExact: fc.boolean(),
      canonical: fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 3 }),
      useCanonical: fc.boolean(),
      referenceTypes: fc.subarray(['external', 'uri', 'User', 'Group'], { minLength: 1 }),
      subAttributes: subAttributes ?? fc.constant<AttributeJson[]>([]),
    })
    .map(({ canonical, useCanonical, referenceTypes, subAttributes, ...attribute }) => ({
      ...attribute,
      // A readOnly attribute is the server's to set: no client could send a required one.
      required: attribute.required && attribute.mutability !== 'readOnly',
      // RFC 7643 §2.3.6: binary values are case-exact and not unique.
      caseExact: attribute.caseExact || attribute.type === 'binary',
      uniqueness: attribute.type === 'binary' ? 'none' : attribute.uniqueness,
      ...(attribute.type === 'string' && useCanonical ? { canonicalValues: canonical } : {}),
      ...(attribute.type === 'reference' ? { referenceTypes } : {}),
      ...(attribute.type === 'complex' ? { subAttributes } : {}),
    }));
}

const uniqueByName = (attribute: fc.Arbitrary<AttributeJson>, maxLength: number) =>
  fc.uniqueArray(attribute, { maxLength, selector: ({ name }) => name.toLowerCase() });
// RFC 7643 §2.3.8: a complex attribute's sub-attributes are not complex.
const SUB_ATTRIBUTES = uniqueByName(attributeArbitrary(SIMPLE_TYPES), 4);
const ATTRIBUTES = uniqueByName(attributeArbitrary([...SIMPLE_TYPES, 'complex'], SUB_ATTRIBUTES), 8);

const CORE = 'urn:ietf:params:scim:schemas:test:2.0:Thing';
const extensionId = (index: number) => `urn:ietf:params:scim:schemas:extension:test${index}:2.0:Thing`;

const SERVER = fc.record({
  core: ATTRIBUTES,
  extensions: fc.array(
    fc
      .record({ attributes: ATTRIBUTES, required: fc.boolean() })
      // A required extension with nothing a client may write cannot be met by any record.
      .filter(({ attributes, required }) => !required || attributes.some(({ mutability }) => mutability !== 'readOnly')),
    { maxLength: 2 },
  ),
  resourceType: fc.constantFrom('Users' as const, 'Groups' as const),
  profile: fc.constantFrom(...PROFILES),
  seed: fc.nat(),
});

/** The paths in `value` that `attributes` leave undeclared or mark readOnly. */
function strays(attributes: readonly AttributeJson[], value: Record<string, unknown>, path: string): string[] {
  return Object.entries(value).flatMap(([name, given]) => {
    const attribute = attributes.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
    if (!attribute || attribute.mutability === 'readOnly') return [`${path}${name}`];
    const values = (Array.isArray(given) ? given : [given]) as unknown[];
    return values.flatMap((one) =>
      attribute.type === 'complex' && typeof one === 'object' && one !== null ? strays(attribute.subAttributes ?? [], one as Record<string, unknown>, `${path}${name}.`) : [],
    );
  });
}

describe('records fitted to a random server schema', () => {
  it('validate in scimmy and carry nothing undeclared or readOnly', () => {
    fc.assert(
      fc.property(SERVER, ({ core, extensions, resourceType, profile, seed }) => {
        const published = [
          { id: CORE, name: 'Thing', attributes: core },
          ...extensions.map(({ attributes }, index) => ({ id: extensionId(index), name: `Extension${index}`, attributes })),
        ];
        const endpoint = `/${resourceType}`;
        const resourceTypeJson = {
          name: 'Thing',
          endpoint,
          schema: CORE,
          schemaExtensions: extensions.map(({ required }, index) => ({ schema: extensionId(index), required })),
        };
        const server = {
          resourceTypes: [resourceTypeJson].map(readResourceType).filter((type) => type !== undefined),
          schemas: published.map(readSchemaDefinition).filter((schema) => schema !== undefined),
        };
        const reading = resourceSchemaOf(server, resourceType, 'https://scim.example.com/scim/v2');
        expect(reading.ok).toBe(true);
        const schema = (reading as { value: ResourceSchema }).value;

        const validator = scimmySchemaDefinition(published[0]);
        extensions.forEach(({ required }, index) => validator.extend(scimmySchemaDefinition(published[index + 1]), required));

        const records = createRecordGenerator(seed)(resourceType, { profile, schema }) as unknown as Record<string, unknown>[];
        expect(records).toHaveLength(10);
        for (const record of records) {
          const { schemas, externalId, ...attributes } = record;
          expect(() => validator.coerce(record, 'in')).not.toThrow();
          expect(schemas).toEqual([CORE, ...extensions.map((_, index) => extensionId(index)).filter((id) => id in record)]);
          for (const [index, { required }] of extensions.entries()) if (required) expect(record).toHaveProperty([extensionId(index)]);
          const extensionValues = extensions.map((_, index) => attributes[extensionId(index)]);
          const coreAttributes = Object.fromEntries(Object.entries(attributes).filter(([name]) => !name.startsWith('urn:')));
          expect(strays(core, coreAttributes, '')).toEqual([]);
          extensions.forEach(({ attributes: declared }, index) => {
            const value = extensionValues[index];
            if (value !== undefined) expect(strays(declared, value as Record<string, unknown>, `${extensionId(index)}:`)).toEqual([]);
          });
          expect(externalId === undefined || typeof externalId === 'string').toBe(true);
        }
      }),
    );
  });
});
