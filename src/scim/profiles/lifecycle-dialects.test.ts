import { describe, expect, it } from 'vitest';
import type { UserChange } from '../actions/user-changes';
import type { PatchRequest } from '../http/client';
import { ENTERPRISE_USER_SCHEMA } from '../protocol';
import { PROFILE_MODULES } from './index';

// The bodies of Update, Remove members and Rename exactly as each IdP's documentation prints them,
// with the documents' own values. Compared as JSON text after parsing, so key order, case and value
// types all count (`Replace` is not `replace`).

const asSent = (body: unknown) => JSON.stringify(body);
const asDocumented = (text: string) => JSON.stringify(JSON.parse(text));

/** A change as Update makes one, with the document's path and value. */
function change(path: string, value: string, write: UserChange['write'] = () => undefined): UserChange {
  return { path, attribute: path, value, read: () => undefined, write };
}

describe('entra: Microsoft, "Tutorial: Develop and plan provisioning for a SCIM endpoint" (use-scim-to-provision-users-and-groups.md)', () => {
  const { dialect } = PROFILE_MODULES.entra;

  it('Update is "Update User [Multi-valued properties]": a Replace per attribute, the filtered path for the work e-mail', () => {
    const request = dialect.update([change('emails[type eq "work"].value', 'updatedEmail@microsoft.com'), change('name.familyName', 'updatedFamilyName')]);
    expect('patch' in request && asSent(request.patch)).toBe(
      asDocumented(`{
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [
          { "op": "Replace", "path": "emails[type eq \\"work\\"].value", "value": "updatedEmail@microsoft.com" },
          { "op": "Replace", "path": "name.familyName", "value": "updatedFamilyName" }
        ]
      }`),
    );
  });

  it('Update names an enterprise attribute by its URN path, as the compatibility page\'s examples do', () => {
    const request = dialect.update([change(`${ENTERPRISE_USER_SCHEMA}:department`, 'Tech Infrastructure')]);
    expect('patch' in request && request.patch.Operations).toEqual([
      { op: 'Replace', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Tech Infrastructure' },
    ]);
  });

  it('Remove members is "Update Group [Remove Members]"', () => {
    expect(asSent(dialect['remove-members']('f648f8d5ea4e4cd38e9c'))).toBe(
      asDocumented(`{
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [{ "op": "Remove", "path": "members", "value": [{ "$ref": null, "value": "f648f8d5ea4e4cd38e9c" }] }]
      }`),
    );
  });

  it('Rename is "Update Group [Non-member attributes]"', () => {
    expect(asSent(dialect.rename({ id: 'fa2ce26709934589afc5', displayName: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName' }))).toBe(
      asDocumented(`{
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [{ "op": "Replace", "path": "displayName", "value": "1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName" }]
      }`),
    );
  });
});

describe('okta: Okta, "SCIM 2.0 Protocol Reference" (okta-developer-docs, reference/scim/scim-20)', () => {
  const { dialect } = PROFILE_MODULES.okta;

  it('Update is "Update a specific User (PUT)": the user as the GET returned it, with the changed attribute', () => {
    const retrieved = JSON.parse(`{
      "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
      "id": "23a35c27-23d3-4c03-b4c5-6443c09e7173",
      "userName": "test.user@okta.local",
      "name": { "givenName": "Another", "middleName": "", "familyName": "User" },
      "emails": [{ "primary": true, "value": "test.user@okta.local", "type": "work", "display": "test.user@okta.local" }],
      "active": true,
      "groups": [],
      "meta": { "resourceType": "User" }
    }`) as Record<string, unknown>;
    const middleName = change('name.middleName', 'Excited', (resource, value) => {
      (resource.name as Record<string, unknown>).middleName = value;
    });
    const request = dialect.update([middleName]);
    expect('put' in request && asSent(request.put(retrieved))).toBe(
      asDocumented(`{
        "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
        "id": "23a35c27-23d3-4c03-b4c5-6443c09e7173",
        "userName": "test.user@okta.local",
        "name": { "givenName": "Another", "middleName": "Excited", "familyName": "User" },
        "emails": [{ "primary": true, "value": "test.user@okta.local", "type": "work", "display": "test.user@okta.local" }],
        "active": true,
        "groups": [],
        "meta": { "resourceType": "User" }
      }`),
    );
    expect((retrieved.name as Record<string, unknown>).middleName).toBe(''); // the GET's body is not changed in place
  });

  it('Remove members is the remove operation of "Update specific Group membership"', () => {
    expect(asSent(dialect['remove-members']('89bb1940-b905-4575-9e7f-6f887cfb368e'))).toBe(
      asDocumented(`{
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [{ "op": "remove", "path": "members[value eq \\"89bb1940-b905-4575-9e7f-6f887cfb368e\\"]" }]
      }`),
    );
  });

  it('Rename is "Update a specific Group name": a path-less replace with the id and the new displayName', () => {
    expect(asSent(dialect.rename({ id: 'abf4dd94-a4c0-4f67-89c9-76b03340cb9b', displayName: 'Test SCIMv2' }))).toBe(
      asDocumented(`{
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [{ "op": "replace", "value": { "id": "abf4dd94-a4c0-4f67-89c9-76b03340cb9b", "displayName": "Test SCIMv2" } }]
      }`),
    );
  });
});

describe.each(['basic', 'full'] as const)('%s: RFC 7644 §3.5.2', (profile) => {
  const { dialect } = PROFILE_MODULES[profile];

  it('Update is a replace per attribute, its path naming it (§3.5.2.3)', () => {
    const request = dialect.update([change('title', 'Tour Guide'), change(`${ENTERPRISE_USER_SCHEMA}:department`, 'Tours')]);
    expect('patch' in request && asSent(request.patch)).toBe(
      asDocumented(`{
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [
          { "op": "replace", "path": "title", "value": "Tour Guide" },
          { "op": "replace", "path": "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", "value": "Tours" }
        ]
      }`),
    );
  });

  it('Remove members is §3.5.2.2\'s own example: remove with a value filter, no value', () => {
    expect(asSent(dialect['remove-members']('2819c223-7f76-453a-919d-413861904646'))).toBe(
      asDocumented(`{
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [{ "op": "remove", "path": "members[value eq \\"2819c223-7f76-453a-919d-413861904646\\"]" }]
      }`),
    );
  });

  it('Rename is a replace of displayName (§3.5.2.3)', () => {
    expect((dialect.rename({ id: 'g-1', displayName: 'tours_guide' }) as PatchRequest).Operations).toEqual([{ op: 'replace', path: 'displayName', value: 'tours_guide' }]);
  });

  it('escapes a member id as a JSON string in the filter (§3.4.2.2), so no id can end the filter early', () => {
    expect((dialect['remove-members']('a"] or value pr["') as PatchRequest).Operations[0]?.path).toBe('members[value eq "a\\"] or value pr[\\""]');
  });
});
