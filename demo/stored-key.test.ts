import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetKey, onStoredKeyChange, readStoredKey, storeKey } from './stored-key';

beforeEach(() => localStorage.clear());

describe('stored key', () => {
  it('stores the key where the element reads it, with the plan it was issued for', () => {
    storeKey({ key: 'k'.repeat(40), plan: 'pro', limit: 1000 });
    expect(localStorage.getItem('apikey')).toBe('k'.repeat(40));
    expect(readStoredKey()).toEqual({ key: 'k'.repeat(40), plan: 'pro', limit: 1000 });
  });

  it('does not label a key stored by someone else with the plan of an earlier one', () => {
    storeKey({ key: 'first-key-abcdef', plan: 'pro', limit: 1000 });
    localStorage.setItem('apikey', 'another-key-123456');
    expect(readStoredKey()).toEqual({ key: 'another-key-123456' });
  });

  it('forgets the key and its plan', () => {
    storeKey({ key: 'first-key-abcdef', plan: 'free', limit: 50 });
    forgetKey();
    expect(localStorage.getItem('apikey')).toBeNull();
    expect(readStoredKey()).toBeNull();
    localStorage.setItem('apikey', 'first-key-abcdef');
    expect(readStoredKey()).toEqual({ key: 'first-key-abcdef' });
  });

  it('tells listeners when the key is stored or forgotten', () => {
    const listener = vi.fn();
    onStoredKeyChange(listener);
    storeKey({ key: 'some-key-abcdef', plan: 'free', limit: 50 });
    forgetKey();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('announces the change as a storage event for "apikey", which the widget on this page hears', () => {
    const keys: (string | null)[] = [];
    const listener = (event: StorageEvent) => keys.push(event.key);
    addEventListener('storage', listener);
    storeKey({ key: 'some-key-abcdef', plan: 'free', limit: 50 });
    forgetKey();
    removeEventListener('storage', listener);
    expect(keys).toEqual(['apikey', 'apikey']);
  });
});
