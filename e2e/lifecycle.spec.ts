import { expect, test, type Host, type HostWindow } from './support/fault-page';
import type { FaultServer, RecordedRequest } from './support/fault-server';
import { heapAfterGc, liveObjects } from '../test/support/heap';

// The classic-script build, as a CMS embeds it; faults.spec.ts covers the ES module build.
test.use({ bundle: 'iife' });

const recordNames = (posts: RecordedRequest[]) =>
  posts.map((post) => (JSON.parse(post.body) as { name: { formatted: string } }).name.formatted);

/** Presses without waiting for the batch, until the fault server holds at least one new call. */
async function pressUntilHeld(host: Host, faults: FaultServer, id = 'gen'): Promise<void> {
  const before = faults.posts().length;
  await host.page.locator(`scim-generator#${id}`).getByRole('button', { name: /^Generate / }).click();
  await expect.poll(() => faults.posts().length).toBeGreaterThan(before);
}

const endings = (posts: RecordedRequest[]) => [...new Set(posts.map((post) => post.ending))];

/** Waits until the fault server's record of calls and their endings has not changed for 500 ms. */
async function untilQuiet(faults: FaultServer): Promise<void> {
  let seen = '';
  let since = Date.now();
  await expect
    .poll(
      () => {
        const now = JSON.stringify(faults.posts().map((post) => post.ending));
        if (now !== seen) [seen, since] = [now, Date.now()];
        return Date.now() - since >= 500;
      },
      { intervals: [100] },
    )
    .toBe(true);
}

test('a press during a batch replaces it: its calls go on, none of its lines or events appear, and what it created is listed under its press, to delete', async ({ host, faults }) => {
  await host.mount({ 'base-url': faults.baseUrl('hold') });
  await pressUntilHeld(host, faults);
  await untilQuiet(faults);
  const heldOfFirstPress = recordNames(faults.posts());
  // The second press's calls wait behind the first's held ones (HTTP/1.1 allows a browser six connections to a host).
  await host.page.locator('scim-generator#gen').getByRole('button', { name: /^Generate / }).click();
  await expect(host.lines()).toHaveCount(0);
  await untilQuiet(faults);
  faults.release();
  // Aborting a POST the server may have taken would leave a resource no line names: the browser closed none.
  await expect.poll(() => faults.posts().length).toBe(20);
  await expect.poll(() => endings(faults.posts())).toEqual(['answered']);
  await expect.poll(host.completeCount).toBe(1);

  const posts = faults.posts();
  await expect(host.lines()).toHaveCount(10);
  const lines = await host.readLines();
  const names = lines.map((line) => line.name ?? '');
  expect(new Set(names).size).toBe(10);
  expect(names.every((name) => recordNames(posts).includes(name))).toBe(true);
  expect(names.filter((name) => heldOfFirstPress.includes(name))).toEqual([]);
  expect(lines.every((line) => line.part === 'result success' && line.status === '201')).toBe(true);
  const earlier = host.page.locator('scim-generator#gen').locator('[part~="earlier"]');
  await expect(earlier.locator('[part~="earlier-status"]')).toHaveText('Press 1 made 10 users that are still on the server.');
  await expect(earlier.getByRole('button', { name: 'Delete' })).toBeVisible();
});

test('removing the element mid-batch aborts its calls, and a new element works at once', async ({ host, faults }) => {
  const removed = await host.mount({ 'base-url': faults.baseUrl('hold') }, 'removed');
  await pressUntilHeld(host, faults, 'removed');
  await removed.evaluate((element) => element.remove());
  await expect.poll(() => endings(faults.posts())).toEqual(['closed-by-client']);

  await host.mount({ 'base-url': faults.baseUrl('ok') }, 'fresh');
  await host.pressAndSettle('fresh');
  await expect(host.lines('fresh')).toHaveCount(10);
  expect((await host.readLines('fresh')).every((line) => line.statusText === 'Created')).toBe(true);
  expect(endings(faults.posts().filter((post) => post.fault === 'hold'))).toEqual(['closed-by-client']);
  expect(await host.completeCount()).toBe(1);
});

test('removing the element cancels its pending Pro plan-card click', async ({ host, faults }) => {
  // api-key-url is this page, so following a notice link only changes the fragment.
  const attributes = { 'base-url': faults.baseUrl('rate-limited'), 'api-key-url': host.page.url() };
  const removed = await host.mount(attributes, 'removed');
  const control = await host.mount({ ...attributes, 'plan-card-selector': '.other-card' }, 'control');
  await host.pressAndSettle('removed');
  await host.pressAndSettle('control');
  const proLink = (element: typeof removed) => element.getByRole('link', { name: 'Create a Pro Access key' });

  // Clicked and removed in one task: on a busy machine, two Playwright calls can take longer than
  // the plan-card delay, and the timer would fire before the removal this test is about.
  await proLink(removed).evaluate((link: HTMLElement) => {
    link.click();
    (link.getRootNode() as ShadowRoot).host.remove();
  });
  await proLink(control).click();
  // The control's timer was set after the removed element's, with the same delay: once it has
  // fired, the removed element's timer would have fired too.
  const clicks = () => host.page.evaluate(() => (window as unknown as HostWindow).__planCardClicks);
  await expect.poll(clicks).toContain('other-card Pro');
  expect(await clicks()).toEqual(['other-card Pro']);
});

test('moving the element mid-batch neither repeats nor loses a call or a line', async ({ host, faults }) => {
  const generator = await host.mount({ 'base-url': faults.baseUrl('hold') });
  await pressUntilHeld(host, faults);
  await generator.evaluate((element) => document.getElementById('elsewhere')?.append(element));
  await expect(host.page.locator('#elsewhere scim-generator')).toHaveCount(1);

  faults.release();
  await expect.poll(host.completeCount).toBe(1);
  await expect(host.lines()).toHaveCount(10);
  expect(faults.posts()).toHaveLength(10);
  expect((await host.readLines()).map((line) => line.name).sort()).toEqual(recordNames(faults.posts()).sort());
  const results = await host.page.evaluate(
    () => (window as unknown as HostWindow).__events.filter((event) => event.type === 'scim-generator-result').length,
  );
  expect(results).toBe(10);
});

test('a hundred presses leave the heap flat', async ({ host, faults }) => {
  test.slow(); // a thousand calls
  // Creates answered 200 (a resource the server had): nothing a press makes is left for Delete, so no
  // press is kept (what one leaves on the server stays deletable from the page, about 3.4 KB a press).
  const generator = await host.mount({ 'base-url': faults.baseUrl('existing-200') });
  const cdp = await host.page.context().newCDPSession(host.page);
  const press = (times: number) =>
    generator.evaluate(async (element, times) => {
      const button = element.shadowRoot?.querySelector('button');
      if (!button) throw new Error('no Generate button');
      for (let i = 0; i < times; i++) {
        const done = new Promise((resolve) => element.addEventListener('scim-generator-complete', resolve, { once: true }));
        button.click();
        await done;
        (window as unknown as HostWindow).__events.length = 0; // the page's own log, not the element's memory
      }
    }, times);
  const measure = async () => ({
    heap: await heapAfterGc(cdp),
    records: await liveObjects(cdp, 'Object.prototype', '(o) => typeof o.userName === "string" && Array.isArray(o.schemas)'),
    abortControllers: await liveObjects(cdp, 'AbortController.prototype'),
  });

  await press(10);
  const after10 = await measure();
  await press(90);
  const after100 = await measure();
  await expect(host.lines()).toHaveCount(10);
  expect(faults.posts()).toHaveLength(1000);

  const withoutCode = ({ heap }: typeof after10) => heap.usedBytes - heap.compiledCodeBytes;
  test.info().annotations.push({
    type: 'heap',
    description:
      `JS heap after GC: ${after10.heap.usedBytes} B after 10 presses, ${after100.heap.usedBytes} B after 100; ` +
      `less compiled code ${withoutCode(after10)} B → ${withoutCode(after100)} B; ` +
      `live records ${after10.records} → ${after100.records}, ` +
      `live AbortControllers ${after10.abortControllers} → ${after100.abortControllers}`,
  });
  // Exact: only the last batch's ten records and its AbortController outlive a press. Keeping
  // every batch's results (about 3.4 KB a press, measured) fails here at once.
  expect(after100.records).toBe(after10.records);
  expect(after100.abortControllers).toBe(after10.abortControllers);
  // For anything else kept per press (DOM, React trees, closures): the heap less V8's compiled
  // code (which grows as functions get hot, about 0.5 MB by press 100, then stays) within 10%.
  // Measured about +1%; 10% is about 230 KB, so a leak of 2.6 KB a press or more fails.
  expect(after10.heap.compiledCodeBytes).toBeGreaterThan(0);
  expect(withoutCode(after100)).toBeLessThan(withoutCode(after10) * 1.1);
});

/** What the page's storage gives for the key: the value, `missing` or the name of what it throws. */
const probeStoredKey = () => {
  try {
    return typeof localStorage === 'undefined' ? 'missing' : JSON.stringify(localStorage.getItem('apikey'));
  } catch (error) {
    return (error as Error).name;
  }
};

const storageCases: { name: string; script: () => void; probe: string }[] = [
  {
    name: 'localStorage that throws',
    script: () =>
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      }),
    probe: 'SecurityError',
  },
  {
    name: 'no localStorage at all',
    script: () => Object.defineProperty(window, 'localStorage', { value: undefined }),
    probe: 'missing',
  },
  { name: 'an empty stored key', script: () => localStorage.setItem('apikey', ''), probe: '""' },
  { name: 'a whitespace stored key', script: () => localStorage.setItem('apikey', ' \t\n '), probe: '" \\t\\n "' },
];
for (const { name, script, probe } of storageCases) {
  test(`${name} means no key: no Authorization header and no error`, async ({ host, faults }) => {
    await host.page.addInitScript(script);
    await host.reload();
    expect(await host.page.evaluate(probeStoredKey)).toBe(probe);
    await host.mount({ 'base-url': faults.baseUrl('ok') });
    await host.pressAndSettle();
    await expect(host.lines()).toHaveCount(10);
    expect((await host.readLines()).every((line) => line.part === 'result success')).toBe(true);
    expect(faults.posts()).toHaveLength(10);
    for (const post of faults.posts()) expect(post.headers).not.toHaveProperty('authorization');
  });
}
