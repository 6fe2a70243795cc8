import { TAG_NAME } from '../public/constants';

// What the loader shows in each tag when the element's chunk did not load. The tag is not defined
// yet, so the note is a light-DOM child; the element, once defined, renders only its shadow root.
const NOTE = 'data-scim-generator-load-failure';

/** Every `<scim-generator>` in `root` and in the open shadow roots within it. */
const tagsIn = (root: ParentNode): Element[] =>
  [...root.querySelectorAll('*')].flatMap((element) => [
    ...(element.localName === TAG_NAME ? [element] : []),
    ...(element.shadowRoot ? tagsIn(element.shadowRoot) : []),
  ]);

/** The tag's note of a failed load, if it shows one (a watcher then waits for other tags). */
export const loadFailureOf = (tag: Element): Element | null => tag.querySelector(`:scope>[${NOTE}]`);

/**
 * Removes each tag's note of a failed load; with `failure`, shows in each tag present *Could not load
 * the element: … Try again*, whose button calls `retry`.
 */
export function showLoadFailure(document: Document, failure?: { error: unknown; retry: () => void }): void {
  for (const tag of tagsIn(document)) {
    loadFailureOf(tag)?.remove();
    if (!failure) continue;
    const note = document.createElement('p');
    const button = document.createElement('button');
    note.setAttribute(NOTE, '');
    note.setAttribute('role', 'alert');
    button.textContent = 'Try again';
    button.onclick = failure.retry;
    note.append(`Could not load the element: ${(failure.error as Error)?.message ?? failure.error} `, button);
    tag.append(note);
  }
}
