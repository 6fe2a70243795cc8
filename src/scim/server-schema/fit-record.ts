import type { SimpleFaker } from '@faker-js/faker';
import { isJsonObject } from '../http/json';
import type { ScimRecord } from '../records/schemas';
import type { ResourceSchema, SchemaAttribute } from './definitions';
import { simpleValue } from './values';

type JsonObject = Record<string, unknown>;

/** The value of `name` in `object`: attribute names are case-insensitive (RFC 7643 §2.1). */
function valueOf(object: JsonObject, name: string): unknown {
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : object[key];
}

/** Every string the profile put in the record, by its attribute's name in lower case (the first of each name). */
function stringsByName(object: JsonObject, found = new Map<string, string>()): Map<string, string> {
  for (const [name, value] of Object.entries(object)) {
    if (typeof value === 'string' && !found.has(name.toLowerCase())) found.set(name.toLowerCase(), value);
    else if (isJsonObject(value)) stringsByName(value, found);
  }
  return found;
}

/** Whether a value the profile made can stand as one value of `attribute` (canonical values are kept to). */
function fits(attribute: SchemaAttribute, value: unknown): boolean {
  if (attribute.canonicalValues.length > 0 && !attribute.canonicalValues.includes(value)) return false;
  switch (attribute.type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isSafeInteger(value);
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value);
    case 'dateTime':
      return typeof value === 'string' && XSD_DATE_TIME.test(value);
    case 'binary':
      return typeof value === 'string' && BASE64.test(value);
    case 'reference':
      return typeof value === 'string' && isReference(attribute, value);
    default:
      return typeof value === 'string';
  }
}

// RFC 7643 §2.3.5 (xsd:dateTime) and §2.3.6 (base64).
const XSD_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** An absolute http(s) URL, which for a reference to a resource type must name that type's endpoint (RFC 7643 §7). */
function isReference({ referenceTypes }: SchemaAttribute, value: string): boolean {
  try {
    if (!/^https?:$/.test(new URL(value).protocol)) return false;
  } catch {
    return false; // URL.canParse is newer than the browsers the element supports
  }
  return referenceTypes.some((type) => type === 'external' || type === 'uri' || value.includes(`/${type}`));
}

// Common attributes (RFC 7643 §3.1): the filler writes `schemas` itself; `id` and `meta` are the server's.
const SERVER_ASSIGNED = new Set(['schemas', 'id', 'meta']);

/**
 * Returns the fitter of one batch's records to a server's schema (`schema="discover"`). It keeps
 * what the profile made where the schema declares it with a fitting type, never sends a readOnly
 * attribute or one the schema does not declare, fills every required attribute (and every
 * attribute of a required extension) by its type, and lists the extensions used in `schemas`.
 * Values of `uniqueness: server` or `global` that it makes differ across the batch; an address it
 * makes is at `emailDomain`, when there is one.
 */
export function recordFitter(schema: ResourceSchema, faker: SimpleFaker, emailDomain?: string): (record: ScimRecord) => ScimRecord {
  const taken = new Set<string>();

  return (record) => {
    const given = record as unknown as JsonObject;
    const profileStrings = stringsByName(given);

    /** A new simple value: the profile's string of the same name where it fits, else one by type and name. */
    const newSimpleValue = (attribute: SchemaAttribute, path: string): unknown => {
      const named = attribute.type === 'string' ? profileStrings.get(attribute.name.toLowerCase()) : undefined;
      const first = named !== undefined && fits(attribute, named) ? named : simpleValue(attribute, faker, schema, emailDomain);
      if (attribute.uniqueness === 'none') return first;
      let value = first;
      for (let attempt = 0; taken.has(`${path} ${String(value).toLowerCase()}`); attempt++) {
        // A schema can ask for more unique values than it allows (a unique boolean): the server will say so.
        if (attempt === 100) return value;
        value = simpleValue(attribute, faker, schema, emailDomain);
      }
      taken.add(`${path} ${String(value).toLowerCase()}`);
      return value;
    };

    const newValue = (attribute: SchemaAttribute, path: string): unknown => {
      const one = () => (attribute.type === 'complex' ? Object.fromEntries(fitObject(attribute.subAttributes, {}, 'all', path)) : newSimpleValue(attribute, path));
      return attribute.multiValued ? [one()] : one();
    };

    const fitOne = (attribute: SchemaAttribute, value: unknown, path: string): unknown => {
      if (attribute.type !== 'complex') return fits(attribute, value) ? value : undefined;
      if (!isJsonObject(value)) return undefined;
      const fitted = fitObject(attribute.subAttributes, value, 'required', path);
      return fitted.size > 0 ? Object.fromEntries(fitted) : undefined;
    };

    /** The profile's value fitted to `attribute`, or undefined when none of it fits. */
    const fitValue = (attribute: SchemaAttribute, value: unknown, path: string): unknown => {
      if (!attribute.multiValued) return Array.isArray(value) ? undefined : fitOne(attribute, value, path);
      if (!Array.isArray(value)) return undefined;
      const values = value.map((one) => fitOne(attribute, one, path)).filter((one) => one !== undefined);
      return values.length > 0 ? values : undefined;
    };

    /**
     * `given`'s attributes that `attributes` declare, fitted; then the missing ones filled: `required`
     * or `all`. A Map, so a name such as `__proto__` or `constructor` is an ordinary key; Object.fromEntries
     * then makes each an own property.
     */
    function fitObject(attributes: readonly SchemaAttribute[], given: JsonObject, fill: 'required' | 'all', path: string): Map<string, unknown> {
      const fitted = new Map<string, unknown>();
      for (const attribute of attributes) {
        if (attribute.mutability === 'readOnly' || (path === schema.core.id && SERVER_ASSIGNED.has(attribute.name))) continue;
        const attributePath = `${path}:${attribute.name}`;
        const value = valueOf(given, attribute.name);
        const kept = value === undefined || value === null ? undefined : fitValue(attribute, value, attributePath);
        if (kept !== undefined) fitted.set(attribute.name, kept);
        else if (attribute.required || fill === 'all') fitted.set(attribute.name, newValue(attribute, attributePath));
      }
      return fitted;
    }

    const schemas = [schema.core.id];
    const fitted = new Map<string, unknown>([['schemas', schemas], ...fitObject(schema.core.attributes, given, 'required', schema.core.id)]);
    // externalId is common to every resource (RFC 7643 §3.1), so servers often leave it out of /Schemas.
    const declaresExternalId = schema.core.attributes.some(({ name }) => name.toLowerCase() === 'externalid');
    if (!declaresExternalId && typeof given.externalId === 'string') fitted.set('externalId', given.externalId);
    for (const extension of schema.extensions) {
      const value = valueOf(given, extension.id);
      if (!extension.required && !isJsonObject(value)) continue;
      const attributes = fitObject(extension.attributes, isJsonObject(value) ? value : {}, extension.required ? 'all' : 'required', extension.id);
      if (!extension.required && attributes.size === 0) continue;
      fitted.set(extension.id, Object.fromEntries(attributes));
      schemas.push(extension.id);
    }
    return Object.fromEntries(fitted) as unknown as ScimRecord;
  };
}
