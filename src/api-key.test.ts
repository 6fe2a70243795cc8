import { afterEach, describe, expect, it, vi } from 'vitest';
import { readApiKey } from './api-key';
import { API_KEY_STORAGE_NAME } from './constants';

function storageHolding(value: string | null): () => Storage {
  return () => ({ getItem: (name: string) => (name === API_KEY_STORAGE_NAME ? value : null) }) as Storage;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('readApiKey', () => {
  it('reads localStorage["apikey"] by default', () => {
    expect(readApiKey()).toBeNull();
    localStorage.setItem('apikey', 'stored-key');
    expect(readApiKey()).toBe('stored-key');
  });

  it('returns null when the page has no localStorage', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(readApiKey()).toBeNull();
  });

  it('returns null when touching localStorage throws', () => {
    vi.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    });
    expect(readApiKey()).toBeNull();
  });

  it('returns the stored key, trimmed', () => {
    expect(readApiKey(storageHolding('abc123'))).toBe('abc123');
    expect(readApiKey(storageHolding('  abc123\n'))).toBe('abc123');
  });

  it.each([
    ['no stored key', storageHolding(null)],
    ['an empty key', storageHolding('')],
    ['a whitespace key', storageHolding(' \t\n ')],
    ['no storage at all', () => undefined],
    [
      'a storage getter that throws (sandboxed iframe)',
      () => {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    ],
    [
      'getItem that throws (privacy mode)',
      () =>
        ({
          getItem: () => {
            throw new DOMException('Access denied', 'SecurityError');
          },
        }) as unknown as Storage,
    ],
  ])('returns null for %s', (_label, storage) => {
    expect(readApiKey(storage)).toBeNull();
  });
});
