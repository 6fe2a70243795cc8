import { API_KEY_STORAGE_NAME } from '../src/public/constants';

/** What `POST /api/keys` answers. */
export interface IssuedKey {
  key: string;
  plan: string;
  limit: number;
}

/** The key in `localStorage['apikey']`, with its plan when this demo stored it. */
export interface StoredKey {
  key: string;
  plan?: string;
  limit?: number;
}

/** Plan and limit of the stored key, tied to it by its last characters so a key stored by anyone else is not mislabelled. */
const PLAN_STORAGE_NAME = 'scim-generator-demo:key-plan';
const FINGERPRINT_LENGTH = 6;

interface PlanRecord {
  plan: string;
  limit: number;
  keyEnd: string;
}

export function readStoredKey(storage: Storage = localStorage): StoredKey | null {
  const key = storage.getItem(API_KEY_STORAGE_NAME)?.trim();
  if (!key) return null;
  const record = parsePlanRecord(storage.getItem(PLAN_STORAGE_NAME));
  return record && key.endsWith(record.keyEnd) ? { key, plan: record.plan, limit: record.limit } : { key };
}

export function storeKey({ key, plan, limit }: IssuedKey, storage: Storage = localStorage): void {
  storage.setItem(API_KEY_STORAGE_NAME, key);
  const record: PlanRecord = { plan, limit, keyEnd: key.slice(-FINGERPRINT_LENGTH) };
  storage.setItem(PLAN_STORAGE_NAME, JSON.stringify(record));
  announceKeyChange();
}

export function forgetKey(storage: Storage = localStorage): void {
  storage.removeItem(API_KEY_STORAGE_NAME);
  storage.removeItem(PLAN_STORAGE_NAME);
  announceKeyChange();
}

/**
 * Browsers send a `storage` event to the other documents of the origin, never to the one that
 * wrote; this page sends it to itself, so its widgets drop a notice about the previous key.
 */
function announceKeyChange(): void {
  dispatchEvent(new StorageEvent('storage', { key: API_KEY_STORAGE_NAME }));
}

/** Calls `listener` when this page or another tab stores or forgets the key. */
export function onStoredKeyChange(listener: () => void): void {
  addEventListener('storage', listener);
}

function parsePlanRecord(text: string | null): PlanRecord | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    if (typeof value !== 'object' || value === null) return null;
    const { plan, limit, keyEnd } = value as Record<string, unknown>;
    return typeof plan === 'string' && typeof limit === 'number' && typeof keyEnd === 'string' && keyEnd
      ? { plan, limit, keyEnd }
      : null;
  } catch {
    return null;
  }
}

export function isIssuedKey(value: unknown): value is IssuedKey {
  if (typeof value !== 'object' || value === null) return false;
  const { key, plan, limit } = value as Record<string, unknown>;
  return typeof key === 'string' && key.length > 0 && typeof plan === 'string' && typeof limit === 'number';
}
