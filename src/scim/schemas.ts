/** SCIM 2.0 schema URNs (RFC 7643) and the shapes of the records this element sends. */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export const RESOURCE_TYPES = ['Users', 'Groups'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export function isResourceType(value: unknown): value is ResourceType {
  return (RESOURCE_TYPES as readonly unknown[]).includes(value);
}

export interface ScimUser {
  schemas: [typeof USER_SCHEMA, typeof ENTERPRISE_USER_SCHEMA];
  userName: string;
  name: { formatted: string; familyName: string; givenName: string };
  emails: [{ value: string }];
  active: boolean;
  [ENTERPRISE_USER_SCHEMA]: { employeeNumber: string };
}

export interface ScimGroup {
  schemas: [typeof GROUP_SCHEMA];
  displayName: string;
}

export type ScimRecord = ScimUser | ScimGroup;

/** The text a result line shows for a record that was created. */
export function recordName(record: ScimRecord): string {
  return 'displayName' in record ? record.displayName : record.name.formatted;
}
