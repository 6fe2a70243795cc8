import { parseEmailDomain } from '../scim/records/email-domain';
import type { GeneratorConfig } from './config';
import { localStorageOf, readStoredObject, type StorageOf } from './stored-object';

// The reader's own e-mail domain, one per base URL (a reader with two servers keeps two), kept as a
// JSON object `{ "<base URL>": "<domain>" }`. Storage can be missing or throw (privacy modes,
// sandboxed iframes): that reads as none set, and a domain then cannot be kept.

/** Where the reader's domains are kept: `localStorage[EMAIL_DOMAIN_STORAGE_NAME]`, a JSON object. */
export const EMAIL_DOMAIN_STORAGE_NAME = 'scim-generator-email-domains';
const listeners = new Set<() => void>();

const readAll = (storage: StorageOf) => readStoredObject(EMAIL_DOMAIN_STORAGE_NAME, storage);

/** The reader's domain for `baseUrl`; undefined when none is kept, or what is kept is not a domain name. */
export function storedEmailDomain(baseUrl: string, storage = localStorageOf): string | undefined {
  const all = readAll(storage);
  const value = Object.hasOwn(all, baseUrl) ? all[baseUrl] : undefined;
  if (typeof value !== 'string') return undefined;
  const parsed = parseEmailDomain(value);
  return 'domain' in parsed ? parsed.domain : undefined;
}

/** Keeps `domain` (a valid one: parseEmailDomain) for `baseUrl`, or clears it when undefined; false when storage refused. */
export function storeEmailDomain(baseUrl: string, domain: string | undefined, storage = localStorageOf): boolean {
  try {
    const target = storage();
    if (!target) return false;
    const { [baseUrl]: _replaced, ...others } = readAll(storage);
    target.setItem(EMAIL_DOMAIN_STORAGE_NAME, JSON.stringify(domain === undefined ? others : { ...others, [baseUrl]: domain }));
    return true;
  } catch {
    return false;
  } finally {
    listeners.forEach((listener) => listener());
  }
}

/**
 * The domain a press, the editor's records and a readiness run use: the reader's own for the base
 * URL, else the `email-domain` attribute's (none when neither is set); or, when the attribute's is
 * what would be used and is not a domain name, the message that says so, and no domain is used.
 */
export function emailDomainFor(config: Pick<GeneratorConfig, 'baseUrl' | 'emailDomain'>, storage = localStorageOf): { domain: string | undefined } | { problem: string } {
  const own = storedEmailDomain(config.baseUrl, storage);
  if (own !== undefined || config.emailDomain === undefined) return { domain: own };
  const parsed = parseEmailDomain(config.emailDomain);
  return 'domain' in parsed ? parsed : { problem: `Invalid email-domain: ${parsed.problem}` };
}

/** Calls `listener` when an element of this page, or another tab (`storage` event), changes the kept domains. */
export function subscribeEmailDomains(listener: () => void): () => void {
  // `key` is null when the whole storage was cleared.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === EMAIL_DOMAIN_STORAGE_NAME) listener();
  };
  listeners.add(listener);
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
