import { TAG_NAME } from '../public/constants';
import type { ScimGeneratorElement } from '../element/element';
import { loadFailureOf, showLoadFailure } from '../element/load-failure';

let defining: Promise<typeof ScimGeneratorElement> | undefined;

/**
 * Loads the element's chunk, which defines `<scim-generator>`, and resolves with the class the
 * page's registry holds for the tag. The ES entry calls it once the tag is on the page; call it
 * yourself for the class (e.g. to subclass it) or for a tag the entry cannot see. A failed load
 * rejects, and a later call tries again.
 */
export function defineScimGenerator(): Promise<typeof ScimGeneratorElement> {
  defining ??= import('./define')
    .then(() => customElements.whenDefined(TAG_NAME) as Promise<typeof ScimGeneratorElement>)
    .catch((error: unknown) => {
      defining = undefined;
      throw error;
    });
  return defining;
}

const isParent = (node: Node): node is Element | Document | DocumentFragment =>
  node.nodeType === Node.ELEMENT_NODE || node.nodeType === Node.DOCUMENT_NODE || node.nodeType === Node.DOCUMENT_FRAGMENT_NODE;

/**
 * Calls `found` once, as soon as a `<scim-generator>` is in `document` or joins it: in the page, or
 * in an open shadow root whose host is in the page or joins it (a shadow root attached later to a
 * host already in the page is not seen: call defineScimGenerator() there) and `wanted` takes it.
 * Then stops watching.
 * Returns the function that stops watching without calling `found`.
 */
export function whenTagAppears(document: Document, found: () => void, wanted: (tag: Element) => boolean = () => true): () => void {
  const observers: MutationObserver[] = [];
  const watched = new WeakSet<Node>();
  let done = false;
  const stop = () => {
    done = true;
    observers.splice(0).forEach((observer) => observer.disconnect());
  };
  const finish = () => {
    if (done) return;
    stop();
    found();
  };

  /** Whether `node` is or holds the tag; watches the open shadow roots in it as well. */
  const holdsTag = (node: Node): boolean => {
    if (!isParent(node)) return false;
    if (((node as Element).localName === TAG_NAME && wanted(node as Element)) || [...node.querySelectorAll(TAG_NAME)].some(wanted)) return true;
    const elements = node.nodeType === Node.ELEMENT_NODE ? [node as Element, ...node.querySelectorAll('*')] : [...node.querySelectorAll('*')];
    return elements.some((element) => element.shadowRoot !== null && watch(element.shadowRoot));
  };

  /** Whether `root` holds the tag now; else watches it for additions. */
  const watch = (root: Document | ShadowRoot): boolean => {
    if (done || watched.has(root)) return false;
    watched.add(root);
    if (holdsTag(root)) return true;
    const observer = new MutationObserver((records) => {
      if (records.some((record) => [...record.addedNodes].some(holdsTag))) finish();
    });
    observer.observe(root, { childList: true, subtree: true });
    observers.push(observer);
    return false;
  };

  if (watch(document)) finish();
  return stop;
}

/**
 * Defines the element once a tag is on the page (see whenTagAppears). A failed load is shown in
 * each tag present, with a Try again button, and the loader watches on: a tag added later, or the
 * button, loads again.
 */
export function defineWhenTagAppears(document: Document): void {
  let stopWatching: (() => void) | undefined;
  const load = () => {
    stopWatching?.();
    showLoadFailure(document);
    defineScimGenerator().catch((error: unknown) => {
      showLoadFailure(document, { error, retry: load });
      stopWatching = whenTagAppears(document, load, (tag) => !loadFailureOf(tag));
    });
  };
  stopWatching = whenTagAppears(document, load);
}
