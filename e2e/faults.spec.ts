import { expect, test, type Host, type HostWindow, type Line } from './support/fault-page';
import { MARKUP, SCIM_400_DETAIL, SCIM_409_DETAIL, type Fault } from './support/fault-server';

// Every call of these tests crosses origins: the page is served by one loopback port, the SCIM
// API by the fault server on another, as on a docs site that embeds the element.

async function pressForTenLines(host: Host): Promise<Line[]> {
  await host.pressAndSettle();
  await expect(host.lines()).toHaveCount(10);
  return host.readLines();
}

// A refused connection, a server without CORS and the other walls: e2e/walls.spec.ts.
test('a server that resets every connection gives ten Unreachable lines, found by two probes it reset too', async ({ host, faults }) => {
  await host.mount({ 'base-url': faults.baseUrl('reset') });
  for (const line of await pressForTenLines(host)) {
    expect(line).toMatchObject({ part: 'result error', status: '0', statusText: 'Unreachable', name: null });
  }
  expect(faults.posts().every((post) => post.ending === 'reset-by-server')).toBe(true);
  expect(faults.requests.filter(({ method }) => method === 'GET').map(({ ending }) => ending)).toEqual(['reset-by-server', 'reset-by-server']);
});

test('a server that never answers: each call is aborted at the timeout and says so', async ({ host, faults }) => {
  // Long enough for the calls to reach the server on a busy machine, so that it sees them closed.
  await host.mount({ 'base-url': faults.baseUrl('hang'), timeout: '1000' });
  const lines = await pressForTenLines(host);
  for (const line of lines) {
    expect(line).toMatchObject({ part: 'result error', status: '0', statusText: 'Timed out' });
    expect(line.detail).toContain('1000 ms');
  }
  await expect.poll(() => faults.posts().map((post) => post.ending)).not.toContain('open');
  expect(faults.posts().length).toBeGreaterThan(0);
  expect(faults.posts().every((post) => post.ending === 'closed-by-client')).toBe(true);
});

test('a body that never ends does not keep the connections: the next press gets through', async ({ host, faults }) => {
  // The browser opens at most six connections to a server; a call that kept one would leave the
  // next calls waiting until they time out. The element cuts a body that stalls for a second.
  await host.mount({ 'base-url': faults.baseUrl('unfinished-body'), timeout: '3000' });
  for (let press = 1; press <= 2; press++) {
    for (const line of await pressForTenLines(host)) expect(line).toMatchObject({ status: '201', statusText: 'Created' });
    expect(faults.posts()).toHaveLength(10 * press);
  }
  await expect.poll(() => faults.posts().map((post) => post.ending)).toEqual(faults.posts().map(() => 'closed-by-client'));
});

const scimErrors: { fault: Fault; status: string; statusText: string; scimType: string; detail: string }[] = [
  { fault: 'scim-400', status: '400', statusText: 'Bad Request', scimType: 'invalidValue', detail: SCIM_400_DETAIL },
  { fault: 'scim-409', status: '409', statusText: 'Conflict', scimType: 'uniqueness', detail: SCIM_409_DETAIL },
];
for (const { fault, status, statusText, scimType, detail } of scimErrors) {
  test(`a SCIM ${status} error shows status, reason, scimType and detail`, async ({ host, faults }) => {
    await host.mount({ 'base-url': faults.baseUrl(fault) });
    for (const line of await pressForTenLines(host)) {
      expect(line).toMatchObject({ part: 'result error', status, statusText, name: null });
      expect(line.detail).toBe(`— ${scimType}: ${detail}`);
    }
  });
}

test('an HTML 500 page shows status and reason only, and none of its markup', async ({ host, faults }) => {
  const generator = await host.mount({ 'base-url': faults.baseUrl('html-500') });
  for (const line of await pressForTenLines(host)) {
    expect(line).toMatchObject({ part: 'result error', status: '500', statusText: 'Internal Server Error' });
    expect(line.detail).toBeNull();
    expect(line.text).not.toContain('Oops');
  }
  await expect(generator.locator('img, h1, script')).toHaveCount(0);
  expect(await host.page.evaluate(() => (window as unknown as HostWindow).__pwned)).toBeUndefined();
});

test('a 201 with an empty reason phrase shows 201 Created', async ({ host, faults }) => {
  const statusText = await host.page.evaluate(
    async (url) => (await fetch(url, { method: 'POST', body: '{}' })).statusText,
    `${faults.baseUrl('empty-reason')}/Users`,
  );
  expect(statusText, 'Chromium really sees an empty reason phrase').toBe('');

  await host.mount({ 'base-url': faults.baseUrl('empty-reason') });
  for (const line of await pressForTenLines(host)) {
    expect(line).toMatchObject({ part: 'result success', status: '201', statusText: 'Created' });
    expect(line.name).toMatch(/\S/);
  }
});

test('one press with mixed faults shows each kind on its own line', async ({ host, faults }) => {
  await host.mount({ 'base-url': faults.baseUrl('mix') });
  const lines = await pressForTenLines(host);
  const kinds = lines.map((line) => `${line.part} ${line.status} ${line.statusText}`).sort();
  expect(kinds).toEqual(
    [
      'result success 201 Created',
      'result error 409 Conflict',
      'result error 500 Internal Server Error',
      'result error 400 Bad Request',
      'result error 0 Network error',
    ]
      .flatMap((kind) => [kind, kind])
      .sort(),
  );
});

test('server text full of markup is shown as text and never runs', async ({ host, faults }) => {
  const generator = await host.mount({ 'base-url': faults.baseUrl('script-text') });
  for (const line of await pressForTenLines(host)) {
    expect(line).toMatchObject({ part: 'result error', status: '400', statusText: MARKUP });
    expect(line.detail).toBe(`— ${MARKUP}: ${MARKUP}`);
  }
  await expect(generator.locator('img')).toHaveCount(0);
  expect(await host.page.evaluate(() => (window as unknown as HostWindow).__pwned)).toBeUndefined();
});

for (const baseUrl of ['javascript:alert(1)', 'ftp://x', `javascript:${MARKUP}`, 'http://user:secret@127.0.0.1/scim/v2']) {
  test(`base-url "${baseUrl}" is refused in the element and nothing is sent`, async ({ host }) => {
    const pageOrigin = new URL(host.page.url()).origin;
    const sent: string[] = [];
    host.page.on('request', (request) => {
      // Loading the bundle's own chunks from the page's server is not sending anything.
      if (request.method() !== 'GET' || new URL(request.url()).origin !== pageOrigin) sent.push(request.url());
    });
    const generator = await host.mount({ 'base-url': baseUrl });
    await expect(generator.getByRole('alert')).toHaveText(
      `Invalid base-url: "${baseUrl}" is not an http(s) URL without credentials`,
    );
    await expect(generator.getByRole('button')).toHaveCount(0);
    await expect(generator.locator('img')).toHaveCount(0);
    expect(sent).toEqual([]);
  });
}

for (const timeout of ['abc', '0', '-5', '1.5', '1e99']) {
  test(`timeout "${timeout}" is refused in the element and nothing is sent`, async ({ host, faults }) => {
    const generator = await host.mount({ 'base-url': faults.baseUrl('ok'), timeout });
    await expect(generator.getByRole('alert')).toHaveText(`Invalid timeout: "${timeout}" is not a whole number of milliseconds above 0`);
    await expect(generator.getByRole('button')).toHaveCount(0);
    expect(faults.requests).toEqual([]);
  });
}

test('a javascript: api-key-url never becomes the link of the 401 notice', async ({ host, faults }) => {
  const generator = await host.mount({ 'base-url': faults.baseUrl('unauthorized'), 'api-key-url': 'javascript:alert(1)' });
  await host.pressAndSettle();
  const link = generator.getByRole('link', { name: 'here' });
  await expect(link).toHaveAttribute('href', new URL('/apikey/', host.page.url()).href);
  await expect(host.lines()).toHaveCount(0);
});

test('the API key travels only in the Authorization header to the base URL', async ({ host, faults }) => {
  const key = 'sk-live-7f3a9c2e51d04b8b';
  const pageRequests: { url: string; headers: Record<string, string> }[] = [];
  host.page.on('request', async (request) => pageRequests.push({ url: request.url(), headers: await request.allHeaders() }));
  await host.page.evaluate((key) => localStorage.setItem('apikey', key), key);

  const generator = await host.mount({ 'base-url': faults.baseUrl('mix') });
  await pressForTenLines(host);
  await generator.evaluate((element, baseUrl) => element.setAttribute('base-url', baseUrl), faults.baseUrl('echo-key'));
  for (const line of await pressForTenLines(host)) {
    expect(line).toMatchObject({ part: 'result error', status: '400', statusText: 'Bad credential Bearer [redacted]' });
    expect(line.detail).toBe('— invalidValue: Token rejected: Bearer [redacted]');
  }

  const posts = faults.posts();
  expect(posts).toHaveLength(20);
  const mentionsKey = (value: unknown) => JSON.stringify(value).includes(key);
  for (const post of posts) {
    const { authorization, ...otherHeaders } = post.headers;
    expect(authorization).toBe(`Bearer ${key}`);
    expect(mentionsKey([post.url, post.body, otherHeaders]), `${post.url}: key outside Authorization`).toBe(false);
  }
  const preflights = faults.requests.filter((request) => request.method === 'OPTIONS');
  expect(mentionsKey(preflights), 'key in a preflight').toBe(false);
  for (const request of pageRequests) {
    expect(request.url).not.toContain(key);
    if (!request.url.startsWith(faults.origin)) expect(mentionsKey(request.headers), `key sent to ${request.url}`).toBe(false);
  }
  const events = await host.page.evaluate(() => (window as unknown as HostWindow).__events);
  expect(events).toHaveLength(22);
  expect(mentionsKey(events), 'key in an event detail').toBe(false);
  // Chromium's own network log repeats the reason phrase the server chose; no page code can touch it.
  const pageConsole = host.console.filter((message) => !message.startsWith('Failed to load resource:'));
  expect(mentionsKey(pageConsole), 'key in a console message').toBe(false);
  const shownText = await generator.evaluate((element) => element.shadowRoot?.textContent ?? '');
  expect(mentionsKey(shownText), 'key shown in the element').toBe(false);
  expect(mentionsKey(await host.page.locator('body').innerText()), 'key shown in the page').toBe(false);
});

test('a server that repeats the key in capitals shows it redacted all the same', async ({ host, faults }) => {
  const key = 'sk-live-7f3a9c2e51d04b8b';
  await host.page.evaluate((key) => localStorage.setItem('apikey', key), key);
  const generator = await host.mount({ 'base-url': faults.baseUrl('echo-key-upper') });
  for (const line of await pressForTenLines(host)) {
    expect(line).toMatchObject({ status: '400', detail: '— invalidValue: Token rejected: BEARER [redacted]' });
  }
  const shownText = await generator.evaluate((element) => element.shadowRoot?.textContent ?? '');
  expect(shownText.toLowerCase()).not.toContain(key);
});

test('a stored key that cannot be a header value sends nothing and says so, on every line', async ({ host, faults }) => {
  await host.page.evaluate(() => localStorage.setItem('apikey', 'ключ-🔑'));
  await host.mount({ 'base-url': faults.baseUrl('ok') });
  for (const line of await pressForTenLines(host)) {
    expect(line).toMatchObject({ part: 'result error', status: '0', statusText: 'Unusable API key' });
    expect(line.detail).not.toMatch(/could not be reached/);
  }
  expect(faults.posts()).toHaveLength(0);
});

for (const fault of ['redirect-307', 'redirect-302'] as const) {
  test(`a ${fault.slice(-3)} redirect to another origin is not followed: ten Redirected lines, and that origin receives nothing`, async ({ host, faults }) => {
    await host.mount({ 'base-url': faults.baseUrl(fault) });
    for (const line of await pressForTenLines(host)) {
      expect(line).toMatchObject({ part: 'result error', status: '0', statusText: 'Redirected' });
      expect(line.detail).toMatch(/redirects are not followed/);
    }
    expect(faults.posts()).toHaveLength(10);
    expect(faults.requests.filter((request) => !request.url.startsWith(`/${fault}/`))).toEqual([]);
  });
}

test("server text is isolated from the line's direction: a U+202E cannot reorder the line", async ({ host, faults }) => {
  await host.mount({ 'base-url': faults.baseUrl('scim-409') });
  await pressForTenLines(host);
  const isolation = await host
    .lines()
    .first()
    .evaluate((line) =>
      ['status-text', 'detail'].map((part) => getComputedStyle(line.querySelector(`[part~="${part}"]`) as Element).unicodeBidi),
    );
  expect(isolation).toEqual(['isolate', 'isolate']);
});
