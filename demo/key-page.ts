import type { PlanLimits } from './plans';
import { describeLimit } from './sandbox/shared/describe-limit';
import { KEYS_PATH } from './sandbox/shared/paths';
import { forgetKey, isIssuedKey, onStoredKeyChange, readStoredKey, storeKey } from './stored-key';

export const PLAN_NAMES: Record<string, string> = { free: 'Free', pro: 'Pro' };

export function planName(plan: string | undefined): string {
  return plan === undefined ? 'Unknown plan' : (PLAN_NAMES[plan] ?? plan);
}

/**
 * Marks a button unavailable with aria-disabled rather than `disabled`: a disabled button loses
 * keyboard focus to <body>, and Enter on it would leave a keyboard user nowhere.
 */
function setUnavailable(button: HTMLButtonElement, unavailable: boolean): void {
  if (unavailable) button.setAttribute('aria-disabled', 'true');
  else button.removeAttribute('aria-disabled');
}

const isUnavailable = (button: HTMLButtonElement) => button.getAttribute('aria-disabled') === 'true';

function part<T extends HTMLElement = HTMLElement>(root: ParentNode, name: string): T {
  const element = root.querySelector<T>(`[data-${name}]`);
  if (!element) throw new Error(`The key page has no [data-${name}] element`);
  return element;
}

/**
 * The API key page: the plan cards (radio buttons in `.plan-card` labels, so a click on a card,
 * or the keyboard, selects it), key creation with `POST /api/keys`, and forgetting the key.
 */
export function startKeyPage(page: HTMLElement, limits: Promise<PlanLimits | null>): void {
  const createButton = part<HTMLButtonElement>(page, 'create-key');
  const forgetButton = part<HTMLButtonElement>(page, 'forget-key');
  const error = part(page, 'key-error');
  let windowMs: number | undefined;

  const selectedPlan = () => page.querySelector<HTMLInputElement>('.plan-card input:checked')?.value ?? 'free';
  const showSelectedPlan = () => {
    createButton.textContent = `Create a ${planName(selectedPlan())} key`;
  };
  const showStoredKey = () => {
    const stored = readStoredKey();
    part(page, 'key-present').hidden = !stored;
    part(page, 'key-absent').hidden = Boolean(stored);
    setUnavailable(forgetButton, !stored);
    part(page, 'key-value').textContent = stored?.key ?? '';
    part(page, 'key-plan').textContent = `${planName(stored?.plan)} key`;
    part(page, 'key-limit').textContent =
      stored?.limit === undefined
        ? 'limit unknown'
        : windowMs === undefined
          ? `${stored.limit} requests per window`
          : describeLimit(stored.limit, windowMs);
  };
  const fail = (message: string) => {
    error.textContent = message;
    error.hidden = false;
  };

  createButton.addEventListener('click', async () => {
    if (isUnavailable(createButton)) return;
    setUnavailable(createButton, true);
    error.hidden = true;
    try {
      const response = await fetch(KEYS_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ plan: selectedPlan() }),
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 201 && isIssuedKey(body)) storeKey(body);
      else fail(`The sandbox answered ${response.status} ${response.statusText}`.trim());
    } catch {
      fail('The sandbox could not be reached. Is npm start still running?');
    } finally {
      setUnavailable(createButton, false);
    }
  });
  forgetButton.addEventListener('click', () => {
    if (!isUnavailable(forgetButton)) forgetKey();
  });
  page.addEventListener('change', showSelectedPlan);
  onStoredKeyChange(showStoredKey);

  showSelectedPlan();
  showStoredKey();
  void limits.then((known) => {
    windowMs = known?.windowMs;
    showStoredKey();
  });
}
