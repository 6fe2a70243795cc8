import type { ScimCall, SendCall } from '../call';
import { isJsonObject, jsonBodyOf } from '../json';
import { scimUrl } from '../scim-url';
import { CUT_BODY, wasCut } from '../cut-body';
import type { ResourceType } from '../schemas';
import {
  readResourceType,
  readSchemaDefinition,
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
  return {
    ok: true,
    value: {
      resourceTypes: types.value.map(readResourceType).filter((type) => type !== undefined),
      schemas: schemas.value.map(readSchemaDefinition).filter((schema) => schema !== undefined),
    },
  };
}

const endpointPath = (endpoint: string) => `/${endpoint.replace(/^\/+|\/+$/g, '')}`;

/** The schemas of the resource type at `/{resourceType}`, each found in `/Schemas` (URNs compared without case). */
export function resourceSchemaOf(server: ServerSchemas, resourceType: ResourceType, baseUrl: string): Reading<ResourceSchema> {
  const type = server.resourceTypes.find((candidate) => endpointPath(candidate.endpoint).toLowerCase() === `/${resourceType.toLowerCase()}`);
  if (!type) return { ok: false, reason: `/ResourceTypes lists no resource type at /${resourceType}` };
  const schemaOf = (urn: string) => server.schemas.find((schema) => schema.id.toLowerCase() === urn.toLowerCase());
  const core = schemaOf(type.schema);
  if (!core) return { ok: false, reason: `/Schemas does not describe ${type.schema}, the schema of /${resourceType}` };
  const extensions: ResourceSchema['extensions'][number][] = [];
  for (const { schema, required } of type.schemaExtensions) {
    const extension = schemaOf(schema);
    if (extension) extensions.push({ ...extension, required });
    else if (required) return { ok: false, reason: `/Schemas does not describe ${schema}, which /${resourceType} requires` };
  }
  const endpoints = Object.fromEntries(server.resourceTypes.map(({ name, endpoint }) => [name, endpointPath(endpoint)]));
  return { ok: true, value: { core, extensions, endpoints, baseUrl } };
}
