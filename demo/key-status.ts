import { DEFAULT_API_KEY_PATH } from '../src/public/constants';
import { planName } from './key-page';
import { CURRENT_KEY_PATH } from './sandbox/shared/paths';
import { onStoredKeyChange, readStoredKey } from './stored-key';

/**
 * Whether the sandbox still knows `key`: a key expires after a day unused, the fair share of the
 * cap on keys may evict it, and its database file may have been deleted. Unknown when the sandbox
 * cannot be asked.
 */
async function sandboxKnows(key: string): Promise<boolean | undefined> {
  try {
    const response = await fetch(CURRENT_KEY_PATH, { headers: { Authorization: `Bearer ${key}` } });
    return response.ok ? true : response.status === 401 ? false : undefined;
  } catch {
    return undefined;
  }
}

/** The generators page's one line about the stored key, with a link to the key page. */
export function startKeyStatus(line: HTMLElement): void {
  let shown = 0;
  const render = () => {
    const generation = ++shown;
    const stored = readStoredKey();
    const link = document.createElement('a');
    link.href = DEFAULT_API_KEY_PATH;
    if (!stored) {
      link.textContent = 'Create an API key';
      line.replaceChildren('No API key is stored yet. ', link, ' to get 201 Created instead of 401.');
      return;
    }
    link.textContent = 'Manage the key';
    line.replaceChildren(`${stored.plan ? `A ${planName(stored.plan)}` : 'A'} key is stored in this browser. `, link);
    void sandboxKnows(stored.key).then((known) => {
      if (known !== false || generation !== shown) return;
      link.textContent = 'Create a new key';
      line.replaceChildren('The stored key is no longer known to the sandbox: it expired unused, was evicted to make room for new keys, or the sandbox database was deleted, so presses get 401. ', link);
    });
  };
  onStoredKeyChange(render);
  render();
}
