import type { GeneratorConfig } from '../page/config';
import type { SendCall } from '../scim/http/call';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import { readServerSchemas, resourceSchemaOf, type Reading, type ServerSchemas } from '../scim/server-schema/read-schema';

// What each SCIM base URL published at /ResourceTypes and /Schemas, shared by every element of the
// page: a server's schema does not change between presses. Only a successful read is kept, so a
// read refused for want of a key is tried again on the next press.
const readSchemas = new Map<string, ServerSchemas>();

/** The server's schema for the batch's resource type, read at most once per page and base URL. */
export async function discoverSchema(config: GeneratorConfig, send: SendCall): Promise<Reading<ResourceSchema>> {
  let server = readSchemas.get(config.baseUrl);
  if (!server) {
    const reading = await readServerSchemas(config.baseUrl, send);
    if (!reading.ok) return reading;
    server = reading.value;
    readSchemas.set(config.baseUrl, server);
  }
  return resourceSchemaOf(server, config.resourceType, config.baseUrl);
}
