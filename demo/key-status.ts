import { DEFAULT_API_KEY_PATH } from '../src/constants';
import { planName } from './key-page';
import { onStoredKeyChange, readStoredKey } from './stored-key';

/** The generators page's one line about the stored key, with a link to the key page. */
export function startKeyStatus(line: HTMLElement): void {
  const render = () => {
    const stored = readStoredKey();
    const link = document.createElement('a');
    link.href = DEFAULT_API_KEY_PATH;
    if (stored) {
      link.textContent = 'Manage the key';
      line.replaceChildren(`${stored.plan ? `A ${planName(stored.plan)}` : 'A'} key is stored in this browser. `, link);
    } else {
      link.textContent = 'Create an API key';
      line.replaceChildren('No API key is stored yet. ', link, ' to get 201 Created instead of 401.');
    }
  };
  onStoredKeyChange(render);
  render();
}
