// The element's attributes by their HTML names, each with the property r2wc maps it to: the part of
// the attribute table (attribute-table.ts) that the ES entry exports, in a module of its own so that
// the entry carries this map and not the rest of the rows.

/** Attribute name → property: what r2wc maps, in the table's order. */
export const ATTRIBUTES = {
  'resource-type': 'resourceType',
  'base-url': 'baseUrl',
  'api-key-url': 'apiKeyUrl',
  timeout: 'timeout',
  'plan-card-selector': 'planCardSelector',
  profile: 'profile',
  flow: 'flow',
  schema: 'schema',
  editor: 'editor',
  seed: 'seed',
  readiness: 'readiness',
  'email-domain': 'emailDomain',
} as const;
