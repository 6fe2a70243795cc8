import { API_KEY_STORAGE_NAME, TAG_NAME } from '../src/public/constants';
import { OWN_BASE_URL_NAME, OwnServerStorage } from './own-server-storage';

// The own-server card's frame. Its element reads `localStorage['apikey']`, as everywhere; so that
// the reader's key is never the sandbox's (which the generators page sends to the sandbox), this
// document's localStorage is replaced, before the element loads, by one that keeps every name under
// the demo's own prefix. The element itself, its attributes and how it reads its key are unchanged.
const storage = new OwnServerStorage(window.localStorage);
Object.defineProperty(window, 'localStorage', { value: storage, configurable: true });

function part<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`demo/own-server.html lacks ${selector}`);
  return found;
}
const form = part<HTMLFormElement>('[data-own-server-form]');
const status = part('[data-own-server-status]');
const slot = part('[data-own-server-element]');
const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;

/** Tells the element in this document that its key changed (a document gets no `storage` event for its own writes). */
const announceKeyChange = () => dispatchEvent(new StorageEvent('storage', { key: API_KEY_STORAGE_NAME }));

/** The element, for the base URL stored: a new one when the base URL or the resource type changes. */
function render(): void {
  const baseUrl = storage.getItem(OWN_BASE_URL_NAME);
  const keyStored = storage.getItem(API_KEY_STORAGE_NAME) !== null;
  status.textContent = !baseUrl
    ? 'Enter your base URL and key to get the generator.'
    : keyStored
      ? `A key is stored in this browser for ${baseUrl}; it goes only to that base URL, in the Authorization header.`
      : `No key is stored for ${baseUrl}: enter one to send with the calls.`;
  if (!baseUrl) return slot.replaceChildren();
  const element = document.createElement(TAG_NAME);
  element.setAttribute('base-url', baseUrl);
  element.setAttribute('resource-type', field('resource-type').value);
  // The "not authenticated" notice links to the key field, not to the sandbox's key page.
  element.setAttribute('api-key-url', '#key');
  slot.replaceChildren(element);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  storage.setItem(OWN_BASE_URL_NAME, field('base-url').value.trim());
  storage.setItem(API_KEY_STORAGE_NAME, field('key').value.trim());
  field('key').value = '';
  announceKeyChange();
  render();
});
document.querySelector('[data-own-server-clear]')?.addEventListener('click', () => {
  storage.removeItem(API_KEY_STORAGE_NAME);
  announceKeyChange();
  render();
});
field('resource-type').addEventListener('change', render);
field('base-url').value = storage.getItem(OWN_BASE_URL_NAME) ?? '';

void import('../src/entries/index').then(render);
