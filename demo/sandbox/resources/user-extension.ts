import { readFileSync } from 'node:fs';
import type SCIMMY from 'scimmy';
import { scimmySchemaDefinition } from '../scim/schema-definition';

/** Names a JSON file holding an RFC 7643 §7 schema: the sandbox then requires it as an extension of every User. */
export const USER_EXTENSION_ENV = 'SANDBOX_USER_EXTENSION';

/**
 * The custom User extension `SANDBOX_USER_EXTENSION` names, if any (for example
 * demo/sandbox/extensions/acme-user.json). It is process-wide, as scimmy's declarations are.
 */
export function userExtensionFromEnv(env: NodeJS.ProcessEnv = process.env): SCIMMY.Types.SchemaDefinition | undefined {
  const file = env[USER_EXTENSION_ENV]?.trim();
  if (!file) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${USER_EXTENSION_ENV}: cannot read ${file} as JSON: ${(error as Error).message}`, { cause: error });
  }
  try {
    return scimmySchemaDefinition(json);
  } catch (error) {
    throw new Error(`${USER_EXTENSION_ENV}: ${file} is not a schema scimmy takes: ${(error as Error).message}`, { cause: error });
  }
}
