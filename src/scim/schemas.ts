/** The resource types and the shapes of the records this element sends (RFC 7643). */
import type { ENTERPRISE_USER_SCHEMA } from '../constants';

/** A guard for one of a few values. */
function isOneOf<T extends string>(values: readonly T[]): (value: unknown) => value is T {
  return (value): value is T => (values as readonly unknown[]).includes(value);
}

export const RESOURCE_TYPES = ['Users', 'Groups'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const isResourceType = /* @__PURE__ */ isOneOf(RESOURCE_TYPES);

/** The record profiles: which attributes a record carries, and in which IdP's dialect. */
export const PROFILES = ['basic', 'full', 'entra', 'okta'] as const;
export type ProfileName = (typeof PROFILES)[number];

export const isProfileName = /* @__PURE__ */ isOneOf(PROFILES);

/** How each item is sent: the spec's one POST, or in the order of the profile's IdP. */
export const FLOWS = ['create', 'idp'] as const;
export type Flow = (typeof FLOWS)[number];

export const isFlow = /* @__PURE__ */ isOneOf(FLOWS);

/**
 * Where the records' attributes come from: the profile alone, or the profile's values fitted to
 * the schema the server publishes at /ResourceTypes and /Schemas (RFC 7644 §4).
 */
export const SCHEMA_SOURCES = ['profile', 'discover'] as const;
export type SchemaSource = (typeof SCHEMA_SOURCES)[number];

export const isSchemaSource = /* @__PURE__ */ isOneOf(SCHEMA_SOURCES);

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

export function isUser(record: ScimRecord): record is ScimUser {
  return 'userName' in record;
}

/**
 * The text a result line shows for a record that was created. A record fitted to a server's schema
 * (`schema="discover"`) has only what the server declares, so even `name` may be missing.
 */
export function recordName(record: ScimRecord): string {
  return isUser(record) ? (record.displayName ?? record.name?.formatted ?? record.userName) : record.displayName;
}
