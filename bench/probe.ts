/** The element's generate button (its part `button`): the element has other buttons, e.g. the readiness runs'. */
export const GENERATE_BUTTON_IN_ROOT = 'button[part~="button"]';
export const GENERATE_BUTTON = `scim-generator ${GENERATE_BUTTON_IN_ROOT}`;

/**
 * Runs in the bench page before any of its scripts (as a string: the page gets no bundler
 * helpers). It timestamps, with `performance.now()`, the moment the element's button first
 * appears in its shadow root, each press (a capturing click listener on the document sees it
 * before the element does), each fetch call, and each result line as it enters the DOM. It counts
 * the calls made before the click has bubbled up to the window, that is, in the press's own task.
 * With `#press-at-once` in the URL it presses the button in the same task the button appears.
 */
export const PROBE_SCRIPT = `(() => {
  const probe = { buttonAt: null, pressAt: null, lineAt: [], callAt: [], callsDuringPress: null };
  window.__scimBench = probe;
  const fetch = window.fetch;
  window.fetch = function (...args) {
    probe.callAt.push(performance.now());
    return fetch.apply(this, args);
  };
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    if (this.localName !== 'scim-generator') return root;
    new MutationObserver(() => {
      const button = root.querySelector('${GENERATE_BUTTON_IN_ROOT}');
      if (probe.buttonAt === null && button) {
        probe.buttonAt = performance.now();
        if (location.hash === '#press-at-once') button.click();
      }
      if (probe.pressAt === null) return;
      const lines = root.querySelectorAll('li').length;
      while (probe.lineAt.length < lines) probe.lineAt.push(performance.now());
    }).observe(root, { childList: true, subtree: true });
    return root;
  };
  document.addEventListener('click', () => {
    probe.pressAt = performance.now();
    probe.lineAt = [];
    probe.callAt = [];
  }, true);
  window.addEventListener('click', () => {
    probe.callsDuringPress = probe.callAt.length;
  });
})();`;

/** What the page reports about one load and one press, in milliseconds. */
export interface Readings {
  /** nextHopProtocol of the entry script: `h2` or `http/1.1`. */
  protocol: string;
  /** From the request for the entry script to the button in the DOM. */
  scriptStartToButton: number;
  pressToFirstLine: number;
  pressToTenthLine: number;
  /** From the press to the first and to the last of the ten SCIM calls made. */
  pressToFirstCall: number;
  pressToLastCall: number;
  /** SCIM calls made while the click event was being dispatched. */
  callsDuringPress: number;
}

/** Evaluated in the page once ten lines are shown. */
export const READINGS_EXPRESSION = `(() => {
  const probe = window.__scimBench;
  const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/dist/scim-generator.js'));
  return {
    protocol: entry.nextHopProtocol,
    scriptStartToButton: probe.buttonAt - entry.startTime,
    pressToFirstLine: probe.lineAt[0] - probe.pressAt,
    pressToTenthLine: probe.lineAt[9] - probe.pressAt,
    pressToFirstCall: probe.callAt[0] - probe.pressAt,
    pressToLastCall: probe.callAt[9] - probe.pressAt,
    callsDuringPress: probe.callsDuringPress,
  };
})()`;

/** Ten bare fetch() calls, timed from the first call to each response. */
export interface FetchReadings {
  toFirstResponse: number;
  toTenthResponse: number;
}

/** Sends ten POSTs like the element's (same headers, a body of a user's size) straight from page script. */
export const BARE_FETCHES_EXPRESSION = `(async () => {
  const url = document.querySelector('scim-generator').getAttribute('base-url') + '/Users';
  const headers = { 'Content-Type': 'application/scim+json', Accept: 'application/scim+json', Authorization: 'Bearer ' + localStorage.getItem('apikey') };
  const body = JSON.stringify({ userName: 'x'.repeat(400) });
  const start = performance.now();
  const calls = Array.from({ length: 10 }, () =>
    fetch(url, { method: 'POST', headers, body, credentials: 'omit' }).then(() => performance.now() - start));
  const times = (await Promise.all(calls)).sort((a, b) => a - b);
  const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/dist/scim-generator.js'));
  return { protocol: entry.nextHopProtocol, toFirstResponse: times[0], toTenthResponse: times[9] };
})()`;

export const TEN_LINES_SHOWN = 'window.__scimBench.lineAt.length >= 10';

/** True once the element's idle-time preload has fetched `count` lazy chunks (the batch runtime and the views). */
export function lazyChunksFetched(count: number): string {
  return `performance.getEntriesByType('resource').filter((e) => e.name.includes('/dist/chunks/')).length >= ${count}`;
}

/** Resolves once the fetched chunks have run: importing the same URL waits for that module. */
export const LAZY_CHUNKS_RUN = `(async () => {
  const chunks = performance.getEntriesByType('resource').filter((e) => e.name.includes('/dist/chunks/'));
  await Promise.all(chunks.map((chunk) => import(chunk.name)));
})()`;

/** Presses the button `count` times in a row, each time waiting for the batch to complete. */
export function pressAndCompleteExpression(count: number): string {
  return `(async () => {
    const element = document.querySelector('scim-generator');
    const button = element.shadowRoot.querySelector('${GENERATE_BUTTON_IN_ROOT}');
    for (let i = 0; i < ${count}; i++) {
      const complete = new Promise((done) => element.addEventListener('scim-generator-complete', done, { once: true }));
      button.click();
      await complete;
    }
    performance.clearResourceTimings();
  })()`;
}
