import config from '../playwright.config';
import { expect, test } from './support/fault-page';
import { expectWall, REMOTE_HOST, WALLS } from './support/walls';

// An https docs page (self-signed, so the browser ignores certificate errors) calling an http base
// URL by a name that is not local (mapped to the fault server's loopback address).
test.use({
  secureSite: true,
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--ignore-certificate-errors', `--host-resolver-rules=MAP ${REMOTE_HOST} 127.0.0.1`],
  },
});

test('an https page calling an http base URL that is not local: every line says mixed content at once, and nothing is sent', async ({ host, faults }) => {
  const baseUrl = faults.baseUrl('ok').replace('127.0.0.1', REMOTE_HOST);
  expect(host.page.url()).toMatch(/^https:/);
  await expectWall(host, baseUrl, WALLS['mixed-content']);
  expect(faults.requests).toEqual([]);
});

test('an https page calling an http base URL on localhost is not mixed content: the calls go out and get their answers', async ({ host, faults }) => {
  await host.page.evaluate(() => localStorage.setItem('apikey', 'k-local'));
  await host.mount({ 'base-url': faults.baseUrl('ok').replace('127.0.0.1', 'localhost') });
  await host.pressAndSettle();
  for (const line of await host.readLines()) expect(line).toMatchObject({ status: '201', statusText: 'Created' });
});
