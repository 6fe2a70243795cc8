import SCIMMY from 'scimmy';

interface Attribute {
  name: string;
  subAttributes?: Attribute[];
}
interface Definition {
  id: string;
  attributes: Attribute[];
}

/** Lower-cased attribute name -> its lower-cased sub-attribute names, per schema URN. */
type Names = Map<string, Set<string>>;

function namesOf(definition: Definition): [string, Names] {
  const names: Names = new Map();
  for (const attribute of definition.attributes) {
    names.set(attribute.name.toLowerCase(), new Set((attribute.subAttributes ?? []).map((sub) => sub.name.toLowerCase())));
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

/**
 * Whether a path (`userName`, `name.givenName`, a URN-qualified one) names an attribute or
 * sub-attribute of the endpoint's schemas. Inside `emails[…]`, `parent` is `emails`.
 */
export function isAttributePath(endpoint: Endpoint, path: string, parent?: string): boolean {
  if (parent !== undefined) return subAttributesOf(endpoint, parent)?.has(path.toLowerCase()) ?? false;
  const [candidates, rest] = schemaAndRest(endpoint, path);
  const parts = rest.split('.');
  if (parts.length > 2) return false;
  const [name = '', sub] = parts;
  return candidates.some((names) => {
    const subs = names.get(name);
    return subs !== undefined && (sub === undefined || subs.has(sub));
  });
}

/** The sub-attribute names of a (possibly URN-qualified) attribute, if it has any. */
export function subAttributesOf(endpoint: Endpoint, path: string): Set<string> | undefined {
  const [candidates, rest] = schemaAndRest(endpoint, path);
  for (const names of candidates) {
    const subs = names.get(rest);
    if (subs && subs.size > 0) return subs;
  }
  return undefined;
}
