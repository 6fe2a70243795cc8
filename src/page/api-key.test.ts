import { afterEach, describe, expect, it, vi } from 'vitest';
import { readApiKey } from './api-key';
import { watchApiKey } from '../batch/watch-api-key';
import { API_KEY_STORAGE_NAME } from '../public/constants';

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

describe('watchApiKey', () => {
  const storageEvent = (key: string | null) => new StorageEvent('storage', { key });
  const setVisibility = (state: DocumentVisibilityState) =>
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);

  it('reports a key another tab stored, and a key it removed', () => {
    const onChange = vi.fn();
    const stop = watchApiKey(onChange);
    localStorage.setItem('apikey', 'new-key');
    dispatchEvent(storageEvent('apikey'));
    localStorage.removeItem('apikey');
    dispatchEvent(storageEvent('apikey'));
    expect(onChange.mock.calls).toEqual([['new-key'], [null]]);
    stop();
  });

  it('reports a key stored in this document when the window regains focus or becomes visible', () => {
    const onChange = vi.fn();
    const stop = watchApiKey(onChange);
    localStorage.setItem('apikey', 'first');
    dispatchEvent(new FocusEvent('focus'));
    localStorage.setItem('apikey', 'second');
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onChange.mock.calls).toEqual([['first'], ['second']]);
    stop();
  });

  it('stays quiet when the key is unchanged, another storage item changed, or the page was hidden', () => {
    localStorage.setItem('apikey', 'same');
    const onChange = vi.fn();
    const stop = watchApiKey(onChange);
    dispatchEvent(storageEvent('apikey'));
    dispatchEvent(new FocusEvent('focus'));
    localStorage.setItem('apikey', 'changed');
    dispatchEvent(storageEvent('something-else'));
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onChange).not.toHaveBeenCalled();
    stop();
  });

  it('counts storage.clear() in another tab (a storage event without a key)', () => {
    localStorage.setItem('apikey', 'old');
    const onChange = vi.fn();
    const stop = watchApiKey(onChange);
    localStorage.clear();
    dispatchEvent(storageEvent(null));
    expect(onChange.mock.calls).toEqual([[null]]);
    stop();
  });

  it('stops reporting once stopped', () => {
    const onChange = vi.fn();
    watchApiKey(onChange)();
    localStorage.setItem('apikey', 'later');
    dispatchEvent(storageEvent('apikey'));
    dispatchEvent(new FocusEvent('focus'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
