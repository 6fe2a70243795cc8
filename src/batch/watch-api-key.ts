import { API_KEY_STORAGE_NAME } from '../public/constants';
import { readApiKey } from '../page/api-key';

// In the lazily loaded runtime: the watch matters only once a batch has been sent with a key.

/**
 * Calls `onChange` with the stored key each time it differs from the last one read: when another
 * tab writes it (`storage` event), and when this document regains focus or visibility (a key page
 * in another window of the same origin). A page that writes the key in this same document gets no
 * `storage` event from the browser, so it dispatches one itself. Returns the function that stops
 * watching.
 */
export function watchApiKey(onChange: (key: string | null) => void, view: Window = window): () => void {
  const read = () => readApiKey(() => view.localStorage);
  let last = read();
  const check = () => {
    const key = read();
    if (key === last) return;
    last = key;
    onChange(key);
  };
  // `key` is null when the whole storage was cleared.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === API_KEY_STORAGE_NAME) check();
  };
  const onVisibilityChange = () => {
    if (view.document.visibilityState === 'visible') check();
  };
  view.addEventListener('storage', onStorage);
  view.addEventListener('focus', check);
  view.document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    view.removeEventListener('storage', onStorage);
    view.removeEventListener('focus', check);
    view.document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
