import { isJsonObject } from '../scim/http/json';

// What a page keeps across reloads lives in localStorage, which can be missing or throw (privacy
// modes, sandboxed iframes): read, that is nothing kept.

/** Where a page's storage is: the browser's localStorage, or a test's. */
export type StorageOf = () => Storage | undefined;
export const localStorageOf: StorageOf = () => globalThis.localStorage;

/** The JSON object kept at `localStorage[name]`; an empty one when none is kept, what is kept is not one, or storage is missing or throws. */
export function readStoredObject(name: string, storage: StorageOf): Record<string, unknown> {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(name) ?? '{}');
    return isJsonObject(stored) ? stored : {};
  } catch {
    return {};
  }
}
