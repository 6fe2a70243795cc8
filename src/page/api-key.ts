import { API_KEY_STORAGE_NAME } from '../public/constants';

/**
 * The API key stored by the provider's key page, or null when there is none. Storage can be
 * missing or throw (privacy modes, sandboxed iframes); that counts as no key.
 */
export function readApiKey(storage: () => Storage | undefined = () => globalThis.localStorage): string | null {
  try {
    const key = storage()?.getItem(API_KEY_STORAGE_NAME)?.trim();
    return key ? key : null;
  } catch {
    return null;
  }
}
