import { createApiKey } from '../demo/sandbox/keys/key-client';
import { PAGE_LINE_START, PAGE_PORT_VARIABLE, SANDBOX_PORT_VARIABLE } from '../examples/static-docs/serve';
import { distIsStale } from '../scripts/fresh-dist';
import { blockingViolations, runAxe } from './support/axe';
import { generateAndExpectCreated } from './support/generator';
import { test as pageErrorsTest, expect } from './support/page-errors';
import { SANDBOX_LISTENING } from '../test/support/sandbox-process';
import { startServerProcess, type ServerProcess } from '../test/support/server-process';

// examples/static-docs as a reader of the README meets it: `npm run example`, a key from the
// sandbox pasted into the page's form, one press.

const PAGE_LINE = new RegExp(`^${PAGE_LINE_START}(\\S+)`);

const test = pageErrorsTest.extend<{ example: ServerProcess }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  example: async ({}, use) => {
    const example = startServerProcess('npm', ['run', 'example'], {
      env: { [PAGE_PORT_VARIABLE]: '0', [SANDBOX_PORT_VARIABLE]: '0', HOST: 'localhost' },
    });
    await use(example);
    await example.stop(); // when the test failed before it stopped it
  },
});

test.beforeEach(async () => {
  // The example would rebuild a stale dist/, emptying it under the other tests that load it.
  expect(await distIsStale(), 'dist/ is missing or older than src/: run `npm run build` first').toBe(false);
});

test('npm run example: a key pasted in the page is saved, a press creates ten users across origins, SIGTERM stops both servers', async ({
  page,
  example,
}, testInfo) => {
  const [, sandboxOrigin = ''] = await example.waitForLine(SANDBOX_LISTENING);
  const [, pageUrl = ''] = await example.waitForLine(PAGE_LINE);
  expect(new URL(pageUrl).origin).not.toBe(sandboxOrigin);

  const key = await createApiKey(sandboxOrigin, 'free');
  await page.goto(pageUrl);
  const form = page.locator('form');
  await form.getByLabel('API key').fill(key);
  await form.getByRole('button', { name: 'Use this key' }).click();
  // The form's <output> is a status region: screen readers announce it.
  await expect(form.getByRole('status')).toHaveText('Key saved.');

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).origin);
  });
  await generateAndExpectCreated(page.locator('scim-generator'));
  expect(posts).toEqual(Array(10).fill(sandboxOrigin));
  // A page readers copy: its form, status and text pass axe, with the element's lines in it.
  expect(blockingViolations(await runAxe(page, testInfo, 'examples/static-docs after a press'))).toEqual([]);

  // The sandbox's log: a browser sends a CORS preflight only for a call to another origin.
  await expect.poll(() => example.lines.filter((line) => /^POST \/scim\/v2\/Users 201 /.test(line))).toHaveLength(10);
  expect(example.lines.some((line) => /^OPTIONS \/scim\/v2\/Users 204 /.test(line))).toBe(true);
  expect(example.lines.join('\n')).not.toContain(key);

  await page.close();
  const exited = example.stop();
  // One process holds both ports (the script's `exec`; `sh -c` would not pass SIGTERM on to node).
  const answers = (url: string) => fetch(url).then(() => true, () => false);
  await expect.poll(async () => (await answers(sandboxOrigin)) || (await answers(pageUrl)), { timeout: 2_000 }).toBe(false);
  expect(await exited).toBe(0);
});
