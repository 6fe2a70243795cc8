import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { COMPLETE_EVENT, RESULT_EVENT } from '../../src/public/event-names';
import type { BatchResult } from '../../src/entries/index';
import { startFaultServer, type FaultServer } from './fault-server';
import { bundleSite, listen, listenSecure, type RunningServer } from './http';

const BUNDLES = {
  es: '<script type="module" src="/dist/scim-generator.js"></script>',
  iife: '<script src="/dist/scim-generator.iife.js"></script>',
};
export type Bundle = keyof typeof BUNDLES;

export const HOST_PATH = '/host.html';

/**
 * A docs page that embeds the element: it records the element's events, every uncaught error and
 * unhandled rejection, and clicks on its plan cards (the Pro hand-off clicks the second match of
 * `plan-card-selector`; two sets of cards tell two elements' hand-offs apart).
 */
function hostPage(bundle: Bundle): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<script>
  window.__events = [];
  window.__problems = [];
  window.__planCardClicks = [];
  addEventListener('error', (event) => __problems.push('uncaught: ' + event.message));
  addEventListener('unhandledrejection', (event) => __problems.push('unhandled rejection: ' + event.reason));
  // A detail holding a body nested thousands deep is more than JSON.stringify can write: keep its type.
  const written = (detail) => {
    try {
      return JSON.stringify(detail);
    } catch (error) {
      return JSON.stringify({ unwritable: String(error) });
    }
  };
  for (const type of ${JSON.stringify([RESULT_EVENT, COMPLETE_EVENT])}) {
    document.addEventListener(type, (event) => __events.push({ type, detail: written(event.detail) }));
  }
</script>
${BUNDLES[bundle]}
</head><body>
<main id="slot"></main>
<aside id="elsewhere"></aside>
<div class="plan-card">Free</div><div class="plan-card">Pro</div>
<div class="other-card">Free</div><div class="other-card">Pro</div>
<script>
  for (const card of document.querySelectorAll('.plan-card, .other-card')) {
    card.addEventListener('click', () => __planCardClicks.push(card.className + ' ' + card.textContent));
  }
</script>
</body></html>`;
}

/** One result line as the user sees it. */
export interface Line {
  part: string;
  status: string;
  statusText: string;
  name: string | null;
  detail: string | null;
  text: string;
}

export interface Host {
  page: Page;
  /** Console messages and page errors of the test so far. */
  console: string[];
  /** Adds `<scim-generator id=…>` with these attributes to the page's main slot. */
  mount(attributes: Record<string, string>, id?: string): Promise<Locator>;
  /** The result lines of one element. */
  lines(id?: string): Locator;
  readLines(id?: string): Promise<Line[]>;
  /** Presses Generate and waits for the batch's complete event. */
  pressAndSettle(id?: string): Promise<void>;
  /** The `scim-generator-complete` events seen so far. */
  completeCount(): Promise<number>;
  /** The detail of the last `scim-generator-complete` event. */
  lastComplete(): Promise<BatchResult>;
  /** Loads the page again (to apply `page.addInitScript`) and waits for the element to be defined. */
  reload(): Promise<void>;
}

interface Servers {
  site: RunningServer;
  faults: FaultServer;
}

export const test = base.extend<{ bundle: Bundle; faults: FaultServer; host: Host }, { servers: Servers; secureSite: boolean }>({
  bundle: ['es', { option: true }],
  /** Serves the host page over https (self-signed: launch the browser with --ignore-certificate-errors). */
  secureSite: [false, { option: true, scope: 'worker' }],
  servers: [
    async ({ secureSite }, use) => {
      const app = bundleSite();
      app.get(HOST_PATH, (req, res) => {
        res.type('html').send(hostPage(req.query.bundle === 'iife' ? 'iife' : 'es'));
      });
      const site = await (secureSite ? listenSecure : listen)(app);
      const faults = await startFaultServer();
      await use({ site, faults });
      await Promise.all([site.close(), faults.close()]);
    },
    { scope: 'worker' },
  ],
  faults: async ({ servers }, use) => {
    servers.faults.reset();
    await use(servers.faults);
  },
  host: async ({ page, servers, bundle }, use) => {
    const messages: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    const open = async () => {
      await page.goto(`${servers.site.url}${HOST_PATH.slice(1)}?bundle=${bundle}`);
    };
    await open();

    const element = (id: string) => page.locator(`scim-generator#${id}`);
    const completeCount = () =>
      page.evaluate(
        (type) => (window as unknown as HostWindow).__events.filter((event) => event.type === type).length,
        COMPLETE_EVENT,
      );
    const host: Host = {
      page,
      console: messages,
      async mount(attributes, id = 'gen') {
        await page.evaluate(
          ({ attributes, id }) => {
            const generator = document.createElement('scim-generator');
            generator.id = id;
            for (const [name, value] of Object.entries(attributes)) generator.setAttribute(name, value);
            document.getElementById('slot')?.append(generator);
          },
          { attributes, id },
        );
        // The ES entry defines the element only once one is on the page.
        await page.evaluate(() => customElements.whenDefined('scim-generator'));
        return element(id);
      },
      lines: (id = 'gen') => element(id).locator('[part~="result"]'),
      readLines: (id = 'gen') =>
        element(id).evaluate((generator) =>
          [...(generator.shadowRoot?.querySelectorAll('[part~="result"]') ?? [])].map((line) => {
            const text = (part: string) => line.querySelector(`[part="${part}"]`)?.textContent ?? null;
            return {
              part: line.getAttribute('part') ?? '',
              status: text('status') ?? '',
              statusText: text('status-text') ?? '',
              name: text('name'),
              detail: text('detail'),
              text: line.textContent ?? '',
            };
          }),
        ),
      async pressAndSettle(id = 'gen') {
        const before = await completeCount();
        await element(id).getByRole('button', { name: /^Generate / }).click();
        await expect.poll(completeCount).toBe(before + 1);
      },
      completeCount,
      async lastComplete() {
        const events = await page.evaluate(() => (window as unknown as HostWindow).__events);
        return JSON.parse(events.filter((event) => event.type === COMPLETE_EVENT).at(-1)?.detail ?? 'null') as BatchResult;
      },
      reload: open,
    };
    await use(host);

    const problems = await page.evaluate(() => (window as unknown as HostWindow).__problems).catch(() => []);
    expect([...pageErrors, ...problems], 'uncaught errors or unhandled rejections in the page').toEqual([]);
  },
});

export interface HostWindow {
  __events: { type: string; detail: string }[];
  __problems: string[];
  /** `<class> <text>` of each plan card clicked, e.g. `plan-card Pro`. */
  __planCardClicks: string[];
  __pwned?: unknown;
}

export { expect };
