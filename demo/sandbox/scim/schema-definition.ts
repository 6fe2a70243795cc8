import SCIMMY from 'scimmy';
import { isPlainObject } from './plain-object';

/**
 * An RFC 7643 §7 schema, as a server publishes it at /Schemas, made into scimmy's own definition,
 * so that scimmy validates resources against it. The sandbox declares its custom extension with
 * this; the tests validate generated records with it.
 */
export function scimmySchemaDefinition(json: unknown): SCIMMY.Types.SchemaDefinition {
  if (!isPlainObject(json) || typeof json.id !== 'string' || typeof json.name !== 'string') {
    throw new TypeError('A schema needs a string `id` (its URN) and a string `name`');
  }
  const description = typeof json.description === 'string' ? json.description : '';
  return new SCIMMY.Types.SchemaDefinition(json.name, json.id, description, attributes(json.attributes, json.id));
}

function attributes(json: unknown, parent: string): SCIMMY.Types.Attribute[] {
  if (json === undefined) return [];
  if (!Array.isArray(json)) throw new TypeError(`The attributes of ${parent} must be a list`);
  return json.map((attribute) => scimmyAttribute(attribute, parent));
}

function scimmyAttribute(json: unknown, parent: string): SCIMMY.Types.Attribute {
  if (!isPlainObject(json) || typeof json.name !== 'string' || typeof json.type !== 'string') {
    throw new TypeError(`Each attribute of ${parent} needs a string \`name\` and \`type\``);
  }
  const config = {
    multiValued: json.multiValued === true,
    required: json.required === true,
    caseExact: json.caseExact === true,
    mutable: scimmyMutable(json.mutability),
    returned: typeof json.returned === 'string' ? json.returned : true,
    uniqueness: typeof json.uniqueness === 'string' ? json.uniqueness : 'none',
    description: typeof json.description === 'string' ? json.description : '',
    ...(Array.isArray(json.canonicalValues) ? { canonicalValues: json.canonicalValues } : {}),
    ...(Array.isArray(json.referenceTypes) ? { referenceTypes: json.referenceTypes } : {}),
  };
  // scimmy refuses a type RFC 7643 does not name.
  return new SCIMMY.Types.Attribute(json.type as SCIMMY.Types.Attribute.ValidAttributeTypes, json.name, config, attributes(json.subAttributes, `${parent}:${json.name}`));
}

/**
 * scimmy names `mutability` `mutable`. It takes RFC 7643's values there, but reads any string as
 * "not mutable" when a resource is built (scimmy 1.3.5 then refuses a readWrite complex value as
 * "already defined"), so readWrite and readOnly go in as its own booleans.
 */
function scimmyMutable(mutability: unknown): boolean | string {
  if (mutability === undefined || mutability === 'readWrite') return true;
  if (mutability === 'readOnly') return false;
  return String(mutability);
}
