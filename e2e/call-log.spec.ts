import { har as validHar } from 'har-validator';
import { API_KEY_STORAGE_NAME } from '../src/public/constants';
import { pressAction } from './support/actions';
import { expect, test } from './support/fault-page';
import type { RecordedRequest } from './support/fault-server';
import { downloadHar } from './support/har-download';

// The call log in Chromium against a server that records what it receives: the HAR, Details and
// the events hold every call the server got, one for one, and never the key.

const KEY = 'k-call-log-secret-0042';

/** `METHOD /path?query`, as a server receives a request. */
const asReceived = ({ method, url }: { method: string; url: string }) => {
  const { pathname, search } = new URL(url, 'http://x');
  return `${method} ${pathname}${search}`;
};

/** What the server received, preflights left out: the page's calls, in arrival order. */
const received = (requests: RecordedRequest[]) => requests.filter(({ method }) => method !== 'OPTIONS').map(asReceived);

test.beforeEach(async ({ host }) => {
  await host.page.evaluate(([name, key]) => localStorage.setItem(name, key), [API_KEY_STORAGE_NAME, KEY] as const);
});

test('Groups with Add members (okta): the HAR and the complete event hold every call the server received', async ({ host, faults }) => {
  const element = await host.mount({ 'resource-type': 'Groups', profile: 'okta', 'base-url': faults.baseUrl('ok') });
  await element.getByLabel('Add members').check();
  await host.pressAndSettle();
  await expect(host.lines()).toHaveCount(10);
  // The five users the batch creates to be members (the page created none), ten creates and ten member PATCHes.
  await expect.poll(() => received(faults.requests).length).toBe(25);
  const serverGot = received(faults.requests);
  expect(serverGot.filter((request) => request.startsWith('PATCH '))).toHaveLength(10);

  const { har, text } = await downloadHar(host.page, element);
  await expect(validHar(har), 'valid against the HAR 1.2 schema').resolves.toBeTruthy();
  expect(har.log.entries.map(({ request }) => asReceived(request)).sort()).toEqual([...serverGot].sort());
  expect(har.log.entries[0]).toMatchObject({ request: { method: 'POST' }, comment: 'members' });
  expect(text).not.toContain(KEY);

  const complete = await host.lastComplete();
  expect(complete.calls.map(({ request }) => asReceived(request)).sort()).toEqual([...serverGot].sort());
  for (const result of complete.results) {
    expect(result.calls.map(({ purpose, request }) => `${purpose} ${request.method}`)).toEqual(['create POST', 'members PATCH']);
  }
});

test('Users, Deactivate and Delete (each read back): 50 calls in the HAR with the bodies served, and a line\'s Details shows its five', async ({ host, faults }) => {
  const element = await host.mount({ 'base-url': faults.baseUrl('ok') });
  await host.pressAndSettle();
  await pressAction(element, 'Deactivate');
  await pressAction(element, 'Delete');
  const serverGot = received(faults.requests);
  expect(serverGot).toHaveLength(50);

  const { har, text } = await downloadHar(host.page, element);
  expect(har.log.entries).toHaveLength(50);
  expect(har.log.entries.map(({ request }) => asReceived(request)).sort()).toEqual([...serverGot].sort());
  // The fault server answers a PATCH with exactly this text.
  const patched = har.log.entries.filter(({ request }) => request.method === 'PATCH');
  expect(patched.every(({ response }) => response.content.text === '{"active":false}')).toBe(true);
  expect(text).not.toContain(KEY);

  const line = host.lines().first();
  await line.getByRole('button', { name: 'Details' }).click();
  await expect(line.locator('.call-title')).toHaveText([/^Create · POST \/ok\/scim\/v2\/Users$/, /^Deactivate · PATCH /, /^Deactivate · GET /, /^Delete · DELETE /, /^Delete · GET /]);
});
