import SCIMMY from 'scimmy';
import { GROUP_SCHEMA, USER_SCHEMA } from '../../../src/scim/protocol';

interface Attribute {
  name: string;
  type: string;
  config: { caseExact: boolean; multiValued: boolean };
  subAttributes?: Attribute[];
}
interface Definition {
  id: string;
  attributes: Attribute[];
}

/** Lower-cased sub-attribute name -> whether its values compare case-exactly. */
type SubAttributes = Map<string, boolean>;
/** Lower-cased attribute name -> how it compares, whether it is multi-valued, and its sub-attributes, per schema URN. */
type Names = Map<string, { caseExact: boolean; multiValued: boolean; subs: SubAttributes }>;

/** Only strings can compare ignoring case; every other type compares exactly (RFC 7643 §2.3). */
const isCaseExact = ({ type, config }: Attribute) => type !== 'string' || config.caseExact;

function namesOf(definition: Definition): [string, Names] {
  const names: Names = new Map();
  for (const attribute of definition.attributes) {
    const subs = (attribute.subAttributes ?? []).map((sub): [string, boolean] => [sub.name.toLowerCase(), isCaseExact(sub)]);
    names.set(attribute.name.toLowerCase(), { caseExact: isCaseExact(attribute), multiValued: attribute.config.multiValued, subs: new Map(subs) });
  }
  return [definition.id.toLowerCase(), names];
}

/** The schemas whose attributes a client may name, per endpoint, from scimmy's own definitions. */
function schemasFor(definitions: Definition[]): Map<string, Names> {
  return new Map(definitions.map(namesOf));
}
const USER = [SCIMMY.Schemas.User.definition, SCIMMY.Schemas.EnterpriseUser.definition] as Definition[];
const GROUP = [SCIMMY.Schemas.Group.definition] as Definition[];
const SCHEMAS = { users: schemasFor(USER), groups: schemasFor(GROUP), any: schemasFor([...USER, ...GROUP]) };
export type Endpoint = keyof typeof SCHEMAS;

export function endpointOf(path: string): Endpoint {
  if (/^\/users(\/|$)/i.test(path)) return 'users';
  if (/^\/groups(\/|$)/i.test(path)) return 'groups';
  return 'any';
}

/** Splits a leading schema URN off a path: `urn:…:User:name.givenName` -> its schema and `name.givenName`. */
function schemaAndRest(endpoint: Endpoint, path: string): [Names[], string] {
  const lower = path.toLowerCase();
  for (const [urn, names] of SCHEMAS[endpoint]) {
    if (lower.startsWith(`${urn}:`)) return [[names], lower.slice(urn.length + 1)];
  }
  return [[...SCHEMAS[endpoint].values()], lower];
}

const CORE_PREFIXES = [USER_SCHEMA, GROUP_SCHEMA].map((urn) => `${urn.toLowerCase()}:`);

/** A path without a leading core-schema URN: `urn:…:core:2.0:User:emails` is `emails`. */
export function withoutCorePrefix(path: string): string {
  const prefix = CORE_PREFIXES.find((core) => path.toLowerCase().startsWith(core));
  return prefix ? path.slice(prefix.length) : path;
}

/**
 * Whether a path (`userName`, `name.givenName`, a URN-qualified one) names an attribute or
 * sub-attribute of the endpoint's schemas. Inside `emails[…]`, `parent` is `emails`.
 */
export function isAttributePath(endpoint: Endpoint, path: string, parent?: string): boolean {
  return caseExactOf(endpoint, path, parent) !== undefined;
}

/**
 * Whether the values of the attribute a path names compare case-exactly, per its schema
 * definition (`userName` and `emails.value` do not; `id` and `externalId` do).
 */
export function comparesCaseExactly(endpoint: Endpoint, path: string, parent?: string): boolean {
  return caseExactOf(endpoint, path, parent) ?? true;
}

/** caseExact of the attribute or sub-attribute a path names, or undefined where it names none. */
function caseExactOf(endpoint: Endpoint, path: string, parent?: string): boolean | undefined {
  if (parent !== undefined) return subAttributesOf(endpoint, parent)?.get(path.toLowerCase());
  const [candidates, rest] = schemaAndRest(endpoint, path);
  const parts = rest.split('.');
  if (parts.length > 2) return undefined;
  const [name = '', sub] = parts;
  for (const names of candidates) {
    const attribute = names.get(name);
    const caseExact = sub === undefined ? attribute?.caseExact : attribute?.subs.get(sub);
    if (caseExact !== undefined) return caseExact;
  }
  return undefined;
}

/** Whether a (possibly URN-qualified) attribute of the endpoint's schemas is multi-valued (`emails`, `members`). */
export function isMultiValued(endpoint: Endpoint, path: string): boolean {
  const [candidates, rest] = schemaAndRest(endpoint, path);
  return candidates.some((names) => names.get(rest)?.multiValued === true);
}

/** The sub-attributes of a (possibly URN-qualified) attribute, if it has any. */
export function subAttributesOf(endpoint: Endpoint, path: string): SubAttributes | undefined {
  const [candidates, rest] = schemaAndRest(endpoint, path);
  for (const names of candidates) {
    const subs = names.get(rest)?.subs;
    if (subs && subs.size > 0) return subs;
  }
  return undefined;
}
