import type { ScimRecord, ScimUser } from './schemas';

export function isUser(record: ScimRecord): record is ScimUser {
  return 'userName' in record;
}

/**
 * The text a result line shows for a record that was created. A record fitted to a server's schema
 * (`schema="discover"`) has only what the server declares, so even `name` may be missing.
 */
export function recordName(record: ScimRecord): string {
  return isUser(record) ? (record.displayName ?? record.name?.formatted ?? record.userName) : record.displayName;
}
