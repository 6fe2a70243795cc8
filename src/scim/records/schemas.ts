/** The resource types and the shapes of the records this element sends (RFC 7643). */
import type { ENTERPRISE_USER_SCHEMA } from '../protocol';

export const RESOURCE_TYPES = ['Users', 'Groups'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const isResourceType = (value: unknown): value is ResourceType => (RESOURCE_TYPES as readonly unknown[]).includes(value);

/** How each item is sent: the spec's one POST, or in the order of the profile's IdP. */
export const FLOWS = ['create', 'idp'] as const;
export type Flow = (typeof FLOWS)[number];

/**
 * Where the records' attributes come from: the profile alone, or the profile's values fitted to
 * the schema the server publishes at /ResourceTypes and /Schemas (RFC 7644 §4).
 */
export const SCHEMA_SOURCES = ['profile', 'discover'] as const;
export type SchemaSource = (typeof SCHEMA_SOURCES)[number];

/** An entry of `emails` or `phoneNumbers` (RFC 7643 §4.1.2). */
export interface ScimMultiValue {
  value: string;
  type?: string;
  primary?: boolean;
}

export interface ScimAddress {
  type: string;
  formatted?: string;
  streetAddress?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  primary?: boolean;
}

export interface ScimName {
  formatted?: string;
  familyName: string;
  givenName: string;
  middleName?: string;
  honorificPrefix?: string;
}

export interface EnterpriseUser {
  employeeNumber?: string;
  costCenter?: string;
  organization?: string;
  division?: string;
  department?: string;
}

export interface ScimUser {
  schemas: string[];
  externalId?: string;
  userName: string;
  name: ScimName;
  displayName?: string;
  title?: string;
  userType?: string;
  preferredLanguage?: string;
  locale?: string;
  timezone?: string;
  active: boolean;
  emails: ScimMultiValue[];
  phoneNumbers?: ScimMultiValue[];
  addresses?: ScimAddress[];
  /** Sent empty by Entra ID. */
  roles?: never[];
  /** Sent empty by Okta; read-only, so servers ignore it. */
  groups?: never[];
  /** Sent empty by authentik when the user's avatar is not a URL. */
  photos?: never[];
  /** Okta's placeholder password. */
  password?: string;
  [ENTERPRISE_USER_SCHEMA]?: EnterpriseUser;
  /** Entra ID names the resource type in its create requests. */
  meta?: { resourceType: 'User' };
}

/** A group member: a user that exists on the server. */
export interface ScimMember {
  value: string;
  display?: string;
  /** The member's URI; Entra ID's documented requests send null. */
  $ref?: string | null;
}

export interface ScimGroup {
  schemas: string[];
  externalId?: string;
  displayName: string;
  members?: ScimMember[];
  meta?: { resourceType: 'Group' };
}

export type ScimRecord = ScimUser | ScimGroup;
