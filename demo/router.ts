/**
 * The demo's two pages are sections of one document; this router shows the one the URL names.
 * Keeping one document matters: the widget's Pro link selects a plan card 500 ms after the click,
 * and a widget removed from the document by a page change would cancel that.
 */
export interface Page {
  /** The path the page answers, with a trailing slash, e.g. `/apikey/`. */
  path: string;
  element: HTMLElement;
  title: string;
}

export interface Router {
  /** Shows the page for `url`; false when no page has that path. */
  show(url: URL, options?: { scroll: boolean }): boolean;
}

function withTrailingSlash(pathname: string): string {
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/** The link a click activated, looking inside open shadow roots too (the widget's links live in one). */
function clickedLink(event: MouseEvent, view: Window & typeof globalThis): HTMLAnchorElement | undefined {
  return event
    .composedPath()
    .find((target): target is HTMLAnchorElement => target instanceof view.HTMLAnchorElement && target.hasAttribute('href'));
}

function isPlainClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function startRouter(pages: readonly Page[], doc: Document = document): Router {
  const view = doc.defaultView;
  if (!view) throw new Error('The router needs a document with a window');
  const pageFor = (url: URL) =>
    url.origin === view.location.origin ? pages.find((page) => page.path === withTrailingSlash(url.pathname)) : undefined;

  const show = (url: URL, { scroll }: { scroll: boolean } = { scroll: true }): boolean => {
    const current = pageFor(url);
    if (!current) return false;
    for (const page of pages) page.element.hidden = page !== current;
    doc.title = current.title;
    doc.querySelectorAll<HTMLAnchorElement>('[data-nav]').forEach((link) => {
      if (link.dataset.nav === current.path) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    });
    if (scroll) {
      const target = url.hash ? doc.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
      if (target) target.scrollIntoView({ block: 'start' });
      else view.scrollTo(0, 0);
      (target ?? current.element.querySelector<HTMLElement>('h1'))?.focus({ preventScroll: true });
    }
    return true;
  };

  doc.addEventListener('click', (event) => {
    if (!isPlainClick(event)) return;
    const link = clickedLink(event, view);
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    const here = new URL(view.location.href);
    // A link to a fragment of the page on screen: the browser scrolls there by itself.
    if (url.hash && url.pathname === here.pathname && url.search === here.search) return;
    if (!pageFor(url)) return;
    event.preventDefault();
    view.history.pushState(null, '', url);
    show(url);
  });
  // Back and forward: the browser restores the scroll position itself, after this event.
  view.addEventListener('popstate', () => show(new URL(view.location.href), { scroll: false }));

  show(new URL(view.location.href), { scroll: Boolean(view.location.hash) });
  return { show };
}
