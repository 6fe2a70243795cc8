import { Window } from 'happy-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { startRouter, type Page } from './router';

const ORIGIN = 'http://demo.test';

// A fresh window per test: the router's listeners live as long as their document.
let window: Window;
let document: Document;
let generators: HTMLElement;
let keyPage: HTMLElement;
let pages: Page[];

function section(path: string): HTMLElement {
  const element = document.createElement('section');
  element.innerHTML = `<h1 tabindex="-1">${path}</h1>`;
  document.body.append(element);
  return element;
}

function link(href: string, parent: ParentNode = document.body): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  parent.append(anchor);
  return anchor;
}

/** Clicks like a user would; true when the router left the click to the browser. */
function click(target: Element, init: { button?: number; ctrlKey?: boolean } = {}): boolean {
  const event = new window.MouseEvent('click', { bubbles: true, cancelable: true, composed: true, button: 0, ...init });
  return target.dispatchEvent(event as unknown as MouseEvent);
}

function start(path = '/') {
  window.history.replaceState(null, '', path);
  return startRouter(pages, document);
}

beforeEach(() => {
  window = new Window({ url: `${ORIGIN}/`, settings: { navigation: { disableMainFrameNavigation: true } } });
  document = window.document as unknown as Document;
  generators = section('/');
  keyPage = section('/apikey/');
  keyPage.insertAdjacentHTML('beforeend', '<div id="create-new-access-key" tabindex="-1"></div>');
  pages = [
    { path: '/', element: generators, title: 'Generators' },
    { path: '/apikey/', element: keyPage, title: 'API key' },
  ];
});

describe('startRouter', () => {
  it('shows the page the URL names and hides the others', () => {
    start('/apikey/');
    expect(keyPage.hidden).toBe(false);
    expect(generators.hidden).toBe(true);
    expect(document.title).toBe('API key');
  });

  it('follows a same-origin link to a page within the document', () => {
    start();
    expect(click(link('/apikey/'))).toBe(false);
    expect(window.location.pathname).toBe('/apikey/');
    expect(keyPage.hidden).toBe(false);
    expect(generators.hidden).toBe(true);
    expect(document.activeElement?.textContent).toBe('/apikey/');
  });

  it('follows a link clicked inside an open shadow root and focuses the fragment it names', () => {
    start();
    const host = document.createElement('div');
    generators.append(host);
    const shadowLink = link(`${ORIGIN}/apikey/#create-new-access-key`, host.attachShadow({ mode: 'open' }));

    expect(click(shadowLink)).toBe(false);
    expect(window.location.pathname).toBe('/apikey/');
    expect(window.location.hash).toBe('#create-new-access-key');
    expect(keyPage.hidden).toBe(false);
    expect(document.activeElement?.id).toBe('create-new-access-key');
    // The page changed by hiding a section: the element holding the link is still in the document.
    expect(host.isConnected).toBe(true);
  });

  it('leaves modified clicks, new-tab links, downloads, other origins and unknown paths to the browser', () => {
    start();
    const newTab = link('/apikey/');
    newTab.target = '_blank';
    const download = link('/apikey/');
    download.setAttribute('download', '');

    expect(click(link('/apikey/'), { ctrlKey: true })).toBe(true);
    expect(click(link('/apikey/'), { button: 1 })).toBe(true);
    expect(click(newTab)).toBe(true);
    expect(click(download)).toBe(true);
    expect(click(link('https://elsewhere.example/apikey/'))).toBe(true);
    expect(click(link('/docs/'))).toBe(true);
    expect(generators.hidden).toBe(false);
    expect(keyPage.hidden).toBe(true);
  });

  it('shows the page of the history entry on back and forward', () => {
    start();
    click(link('/apikey/'));
    window.history.replaceState(null, '', '/');
    window.dispatchEvent(new window.PopStateEvent('popstate'));
    expect(generators.hidden).toBe(false);
    expect(keyPage.hidden).toBe(true);
  });

  it('takes a path without its trailing slash for the page, and refuses unknown paths', () => {
    const router = start();
    expect(router.show(new URL('/apikey', ORIGIN))).toBe(true);
    expect(keyPage.hidden).toBe(false);
    expect(router.show(new URL('/missing/', ORIGIN))).toBe(false);
    expect(keyPage.hidden).toBe(false);
  });
});
