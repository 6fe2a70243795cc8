import { describe, expect, it } from 'vitest';
import { GROUP_SCHEMA, PATCH_OP_SCHEMA } from '../protocol';
import type { ScimGroup } from '../records/schemas';
import { readSchemaDefinition, type ResourceSchema, type SchemaDefinition } from './definitions';
import { fitMembers } from './fit-members';

const attribute = (name: string, more: Record<string, unknown> = {}) => ({ name, type: 'string', multiValued: false, required: false, mutability: 'immutable', uniqueness: 'none', ...more });

/** A Group schema as RFC 7643 §8.7.1 gives it: members' value, $ref and type, no display. */
function groupSchema(members: object[] | undefined): ResourceSchema {
  const core = readSchemaDefinition({
    id: GROUP_SCHEMA,
    name: 'Group',
    attributes: [attribute('displayName', { mutability: 'readWrite' }), ...(members ? [attribute('members', { type: 'complex', multiValued: true, subAttributes: members })] : [])],
  }) as SchemaDefinition;
  return { core, extensions: [], endpoints: new Map(), baseUrl: 'https://scim.example.com/scim/v2' } as unknown as ResourceSchema;
}

const RFC_MEMBERS = [attribute('value'), attribute('$ref', { type: 'reference', referenceTypes: ['User', 'Group'] }), attribute('type', { canonicalValues: ['User', 'Group'] }), attribute('meta', { mutability: 'readOnly' })];
const group: ScimGroup = { schemas: [GROUP_SCHEMA], displayName: 'Ops', members: [{ value: 'u1', display: 'Ada L', $ref: 'https://scim.example.com/scim/v2/Users/u1' }] };
const patch = { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value: 'u1', display: 'ada@example.com' }] }] };

describe('members fitted to the server schema', () => {
  it("sends only the members' sub-attributes the schema declares: no display where RFC 7643's Group schema has none", () => {
    const fitted = fitMembers(groupSchema(RFC_MEMBERS), [group], [patch]);
    expect(fitted.records).toEqual([{ ...group, members: [{ value: 'u1', $ref: 'https://scim.example.com/scim/v2/Users/u1' }] }]);
    expect(fitted.patches[0]?.Operations).toEqual([{ op: 'add', path: 'members', value: [{ value: 'u1' }] }]);
  });

  it('keeps display where the schema declares it', () => {
    const fitted = fitMembers(groupSchema([...RFC_MEMBERS, attribute('display')]), [group], [patch]);
    expect(fitted.records).toEqual([group]);
    expect(fitted.patches).toEqual([patch]);
  });

  it('sends no members to a server whose Group schema has none', () => {
    const fitted = fitMembers(groupSchema(undefined), [group], [patch]);
    expect(fitted.records).toEqual([{ schemas: [GROUP_SCHEMA], displayName: 'Ops' }]);
    expect(fitted.patches).toEqual([undefined]);
  });
});
