import type { ScimCall, SendCall } from '../http/call';
import { isJsonObject, jsonBodyOf } from '../http/json';
import { scimUrl } from '../http/scim-url';
import { CUT_BODY, wasCut } from '../http/cut-body';
import type { ResourceType } from '../records/schemas';
import {
  readResourceType,
  readSchemaDefinition,
  UnusableSchema,
  type ResourceSchema,
  type ResourceTypeDefinition,
  type SchemaDefinition,
} from './definitions';

/** What a server publishes of its resource types and schemas (RFC 7644 §4). */
export interface ServerSchemas {
  resourceTypes: ResourceTypeDefinition[];
  schemas: SchemaDefinition[];
}

export type Reading<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The resources a discovery endpoint listed: a ListResponse's `Resources`, or a bare JSON array, which some servers send. */
function listed(call: ScimCall, endpoint: string): Reading<unknown[]> {
  if (!call.ok) return { ok: false, reason: `GET ${endpoint} answered ${call.status} ${call.statusText}`.trim() };
  if (wasCut(call)) return { ok: false, reason: `GET ${endpoint} answered ${call.status} ${call.statusText}, ${CUT_BODY}` };
  const body = jsonBodyOf(call);
  if (Array.isArray(body)) return { ok: true, value: body };
  const resources = isJsonObject(body) ? body.Resources : undefined;
  if (Array.isArray(resources)) return { ok: true, value: resources };
  return { ok: false, reason: `GET ${endpoint} did not answer a JSON list of resources` };
}

/** Reads `/ResourceTypes` and `/Schemas`, both at once. */
export async function readServerSchemas(baseUrl: string, send: SendCall): Promise<Reading<ServerSchemas>> {
  const read = async (endpoint: string) => listed(await send({ method: 'GET', url: scimUrl(baseUrl, [endpoint]) }, 'discover'), `/${endpoint}`);
  const [types, schemas] = await Promise.all([read('ResourceTypes'), read('Schemas')]);
  if (!types.ok) return types;
  if (!schemas.ok) return schemas;
  try {
    return {
      ok: true,
      value: {
        resourceTypes: types.value.map(readResourceType).filter((type) => type !== undefined),
        schemas: schemas.value.map(readSchemaDefinition).filter((schema) => schema !== undefined),
      },
    };
  } catch (error) {
    if (error instanceof UnusableSchema) return { ok: false, reason: error.message };
    throw error;
  }
}

// Common attributes (RFC 7643 §3.1): an extension's URN is a key of the resource beside them.
export const COMMON_ATTRIBUTES = ['schemas', 'id', 'externalId', 'meta'];

const endpointPath = (endpoint: string) => `/${endpoint.replace(/^\/+|\/+$/g, '')}`;

/** The schemas of the resource type at `/{resourceType}`, each found in `/Schemas` (URNs compared without case). */
export function resourceSchemaOf(server: ServerSchemas, resourceType: ResourceType, baseUrl: string): Reading<ResourceSchema> {
  const type = server.resourceTypes.find((candidate) => endpointPath(candidate.endpoint).toLowerCase() === `/${resourceType.toLowerCase()}`);
  if (!type) return { ok: false, reason: `/ResourceTypes lists no resource type at /${resourceType}` };
  const schemaOf = (urn: string) => server.schemas.find((schema) => schema.id.toLowerCase() === urn.toLowerCase());
  const core = schemaOf(type.schema);
  if (!core) return { ok: false, reason: `/Schemas does not describe ${type.schema}, the schema of /${resourceType}` };
  const extensions: ResourceSchema['extensions'][number][] = [];
  // An extension's attributes go under its URN (RFC 7643 §3.3), so a URN that is also an attribute's name cannot be sent.
  const taken = new Set([...COMMON_ATTRIBUTES, ...core.attributes.map(({ name }) => name)].map((name) => name.toLowerCase()));
  for (const { schema, required } of type.schemaExtensions) {
    if (taken.has(schema.toLowerCase())) {
      return { ok: false, reason: `/ResourceTypes names the extension ${JSON.stringify(schema)} of /${resourceType}, which is also the name of a core attribute` };
    }
    const extension = schemaOf(schema);
    if (extension) extensions.push({ ...extension, required });
    else if (required) return { ok: false, reason: `/Schemas does not describe ${schema}, which /${resourceType} requires` };
  }
  const endpoints = new Map(server.resourceTypes.map(({ name, endpoint }) => [name, endpointPath(endpoint)]));
  return { ok: true, value: { core, extensions, endpoints, baseUrl } };
}
