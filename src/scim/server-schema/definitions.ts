import { isJsonObject } from '../http/json';

/**
 * What a server publishes of its schema (RFC 7643 §6 ResourceType, §7 Schema), read leniently:
 * an attribute whose name or type cannot be read is left out, so the filler neither sends nor fills it.
 */

/** The attribute types of RFC 7643 §2.3. */
export const ATTRIBUTE_TYPES = ['string', 'boolean', 'decimal', 'integer', 'dateTime', 'binary', 'reference', 'complex'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export interface SchemaAttribute {
  name: string;
  type: AttributeType;
  multiValued: boolean;
  required: boolean;
  /** Empty when the server gives none. */
  canonicalValues: readonly unknown[];
  /** `readWrite` when the server does not say (RFC 7643 §7). */
  mutability: string;
  /** `none` when the server does not say (RFC 7643 §7). */
  uniqueness: string;
  referenceTypes: readonly string[];
  subAttributes: readonly SchemaAttribute[];
}

export interface SchemaDefinition {
  /** The schema's URN, e.g. `urn:ietf:params:scim:schemas:core:2.0:User`. */
  id: string;
  attributes: readonly SchemaAttribute[];
}

/** One resource type's schemas, as the filler needs them. */
export interface ResourceSchema {
  core: SchemaDefinition;
  extensions: readonly (SchemaDefinition & { required: boolean })[];
  /** Each resource type's endpoint by its name (`User` → `/Users`), for `reference` values; a Map, so any name is an ordinary key. */
  endpoints: ReadonlyMap<string, string>;
  /** The SCIM base URL, for `reference` values that name a resource type. */
  baseUrl: string;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry) => typeof entry === 'string') : []);

// RFC 7643 §2.3.8: a complex attribute's sub-attributes are not complex. Servers nest one level
// more now and then; deeper is no schema the filler can follow, and reading it all could overflow the stack.
const MAX_NESTING = 3;

/** Why a server's schema cannot be used at all; read-schema.ts turns it into the fallback note's reason. */
export class UnusableSchema extends Error {}

/**
 * One attribute of a Schema resource, or undefined when it has no name or no known type; `depth`
 * is 1 for an attribute of the schema, and `top` names that attribute.
 */
function readAttribute(json: unknown, depth: number, top?: string): SchemaAttribute | undefined {
  if (!isJsonObject(json) || typeof json.name !== 'string' || !json.name) return undefined;
  if (depth > MAX_NESTING) {
    throw new UnusableSchema(`/Schemas nests the attribute ${JSON.stringify(top)} more than ${MAX_NESTING} levels deep: RFC 7643 §2.3.8 allows sub-attributes one level below an attribute`);
  }
  const type = ATTRIBUTE_TYPES.find((known) => known === json.type);
  if (!type) return undefined;
  return {
    name: json.name,
    type,
    multiValued: json.multiValued === true,
    required: json.required === true,
    canonicalValues: Array.isArray(json.canonicalValues) ? json.canonicalValues : [],
    mutability: typeof json.mutability === 'string' ? json.mutability : 'readWrite',
    uniqueness: typeof json.uniqueness === 'string' ? json.uniqueness : 'none',
    referenceTypes: strings(json.referenceTypes),
    subAttributes: readAttributes(json.subAttributes, depth + 1, top ?? json.name),
  };
}

function readAttributes(json: unknown, depth: number, top?: string): SchemaAttribute[] {
  return Array.isArray(json) ? json.map((attribute) => readAttribute(attribute, depth, top)).filter((attribute) => attribute !== undefined) : [];
}

/** A Schema resource (RFC 7643 §7), or undefined without an `id`; throws UnusableSchema when it nests too deep. */
export function readSchemaDefinition(json: unknown): SchemaDefinition | undefined {
  if (!isJsonObject(json) || typeof json.id !== 'string') return undefined;
  return { id: json.id, attributes: readAttributes(json.attributes, 1) };
}

/** A ResourceType resource (RFC 7643 §6), or undefined without its name, endpoint and schema. */
export function readResourceType(
  json: unknown,
): { name: string; endpoint: string; schema: string; schemaExtensions: { schema: string; required: boolean }[] } | undefined {
  if (!isJsonObject(json) || typeof json.name !== 'string' || typeof json.endpoint !== 'string' || typeof json.schema !== 'string') {
    return undefined;
  }
  const schemaExtensions = (Array.isArray(json.schemaExtensions) ? json.schemaExtensions : [])
    .filter(isJsonObject)
    .filter((extension) => typeof extension.schema === 'string')
    .map((extension) => ({ schema: extension.schema as string, required: extension.required === true }));
  return { name: json.name, endpoint: json.endpoint, schema: json.schema, schemaExtensions };
}

export type ResourceTypeDefinition = NonNullable<ReturnType<typeof readResourceType>>;
