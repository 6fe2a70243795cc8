import { useSyncExternalStore } from 'react';
import { TAG_NAME } from '../public/constants';
import { snippetTarget, type SnippetTarget } from '../scim/snippets';

/** Where the language chosen for Copy as and Copy report is kept: `localStorage[SNIPPET_LANGUAGE_STORAGE_NAME]`. */
export const SNIPPET_LANGUAGE_STORAGE_NAME = `${TAG_NAME}:snippet-language`;

const listeners = new Set<() => void>();
/** The choice of this page when storage is blocked (privacy modes, sandboxed iframes) and cannot keep it. */
let unstored: string | null = null;

function stored(): string | null {
  try {
    return globalThis.localStorage?.getItem(SNIPPET_LANGUAGE_STORAGE_NAME) ?? unstored;
  } catch {
    return unstored;
  }
}

/** Every chooser and Copy button of the page follows a choice made here, or in another tab. */
function subscribe(listener: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === SNIPPET_LANGUAGE_STORAGE_NAME || event.key === null) listener();
  };
  listeners.add(listener);
  addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', fromOtherTab);
  };
}

export function chooseSnippetTarget(id: string): void {
  unstored = id;
  try {
    globalThis.localStorage?.setItem(SNIPPET_LANGUAGE_STORAGE_NAME, id);
  } catch {
    // Kept for this page only.
  }
  listeners.forEach((listener) => listener());
}

/** The language Copy as and Copy report write calls in, as the reader last chose it (cURL at first). */
export function useSnippetTarget(): SnippetTarget {
  return snippetTarget(useSyncExternalStore(subscribe, stored, () => null));
}
