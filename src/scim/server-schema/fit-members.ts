import type { PatchRequest } from '../http/client';
import { isJsonObject } from '../http/json';
import type { ScimRecord } from '../records/schemas';
import type { ResourceSchema } from './definitions';

type JsonObject = Record<string, unknown>;

/**
 * The members a profile gave a group (in its create body, or in the PATCH that adds them), as the
 * server's schema declares them (`schema="discover"`): each member keeps only the sub-attributes of
 * `members` the schema declares and lets a client write (RFC 7643 §7: `readOnly` is the server's), so
 * `display`, which RFC 7643 §8.7.1's Group schema does not declare, is not sent where it is not
 * declared. A schema without `members` gets none. Runs after the fitter of the records, since
 * members are given once the users are known.
 */
export function fitMembers(schema: ResourceSchema, records: ScimRecord[], patches: (PatchRequest | undefined)[]): { records: ScimRecord[]; patches: (PatchRequest | undefined)[] } {
  const declared = schema.core.attributes.find(({ name }) => name.toLowerCase() === 'members');
  const names = new Set((declared?.subAttributes ?? []).filter(({ mutability }) => mutability !== 'readOnly').map(({ name }) => name.toLowerCase()));
  const member = (value: unknown): JsonObject => Object.fromEntries(Object.entries(isJsonObject(value) ? value : {}).filter(([name]) => names.has(name.toLowerCase())));
  const members = (value: unknown) => (Array.isArray(value) ? value.map(member) : value);
  return {
    records: records.map((record) => {
      if (!('members' in record)) return record;
      const { members: given, ...rest } = record;
      return declared ? ({ ...rest, members: members(given) } as ScimRecord) : (rest as ScimRecord);
    }),
    patches: patches.map((patch) => {
      if (!patch || !declared) return undefined;
      return { ...patch, Operations: patch.Operations.map((operation) => (operation.path?.toLowerCase() === 'members' ? { ...operation, value: members(operation.value) } : operation)) };
    }),
  };
}
