/** The resource types and the shapes of the records this element sends (RFC 7643). */
import type { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from '../constants';

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
