// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answering, callerWith, outcome, requestOf, scimJson } from '../../test-support/fetch-stub';
import { MAX_BODY_BYTES } from './read-response';
import { ERROR_SCHEMA, USER_SCHEMA } from '../protocol';
import { API_KEY_TOKEN } from '../secrets/key-token';

const ENDPOINT = 'https://scim.example.com/scim/v2/Users';
const RECORD = { schemas: [USER_SCHEMA], userName: 'jane.doe@example.com' };
const KEY = 'sk-Live-7f3a9c2e';

const call = callerWith({ method: 'POST', url: ENDPOINT, body: RECORD, apiKey: KEY });

const CREATED = { ...RECORD, id: 'u-42', meta: { resourceType: 'User', location: `${ENDPOINT}/u-42` } };

afterEach(() => {
  vi.useRealTimers();
});

describe('any SCIM call', () => {
  it.each(['GET', 'DELETE'] as const)('sends a %s without a body or content type', async (method) => {
    const fetchStub = answering(() => new Response(null, { status: 204 }));
    const result = await call(fetchStub, { method, url: `${ENDPOINT}/u-42`, body: undefined });

    const { url, init, headers } = requestOf(fetchStub);
    expect([url, init.method, init.body, headers.has('Content-Type')]).toEqual([`${ENDPOINT}/u-42`, method, undefined, false]);
    expect(headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(result.request).toEqual({
      method,
      url: `${ENDPOINT}/u-42`,
      headers: { Accept: 'application/scim+json', Authorization: `Bearer ${API_KEY_TOKEN}` },
    });
    expect(outcome(result)).toEqual({ status: 204, statusText: 'No Content', ok: true });
  });

  it('sends a PATCH body as SCIM JSON and records it with the key replaced by its token', async () => {
    const patch = { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] };
    const fetchStub = answering(scimJson(200, CREATED));
    const result = await call(fetchStub, { method: 'PATCH', url: `${ENDPOINT}/u-42`, body: patch });

    expect(JSON.parse(String(requestOf(fetchStub).init.body))).toEqual(patch);
    expect(result.request).toEqual({
      method: 'PATCH',
      url: `${ENDPOINT}/u-42`,
      headers: { 'Content-Type': 'application/scim+json', Accept: 'application/scim+json', Authorization: `Bearer ${API_KEY_TOKEN}` },
      body: patch,
    });
  });

  it('omits credentials and does not follow redirects', async () => {
    const fetchStub = answering(() => new Response(null, { status: 201 }));
    await call(fetchStub);
    expect(requestOf(fetchStub).init).toMatchObject({ credentials: 'omit', redirect: 'manual' });
  });
});

describe('what comes back', () => {
  it('gives the id, meta.location, readable headers and the parsed body of a 201', async () => {
    const fetchStub = answering(scimJson(201, CREATED, { ETag: 'W/"1"', Location: 'https://elsewhere.example/u-42' }));
    const result = await call(fetchStub);

    expect(outcome(result)).toEqual({ status: 201, statusText: 'Created', ok: true, id: 'u-42', location: `${ENDPOINT}/u-42` });
    expect(result.response).toMatchObject({
      status: 201,
      statusText: 'Created',
      headers: { 'content-type': 'application/scim+json', etag: 'W/"1"', location: 'https://elsewhere.example/u-42' },
      body: CREATED,
      bodyFormat: 'json',
    });
    expect(result.response).not.toHaveProperty('truncated');
  });

  it('takes the location from the Location header when the body has no meta.location', async () => {
    const result = await call(answering(scimJson(201, { id: 'u-7' }, { Location: `${ENDPOINT}/u-7` })));
    expect(result).toMatchObject({ id: 'u-7', location: `${ENDPOINT}/u-7` });
  });

  it('keeps the whole body of an error, beside its detail and scimType', async () => {
    const error = { schemas: [ERROR_SCHEMA], status: '409', scimType: 'uniqueness', detail: 'taken', extra: [1, 2] };
    const result = await call(answering(scimJson(409, error)));
    expect(result).toMatchObject({ detail: 'taken', scimType: 'uniqueness', response: { body: error, bodyFormat: 'json' } });
    expect(result).not.toHaveProperty('id');
  });

  it('keeps a body that is not JSON as text', async () => {
    const html = '<h1>Bad gateway</h1>';
    const result = await call(answering(() => new Response(html, { status: 502, headers: { 'Content-Type': 'text/html' } })));
    expect(result.response).toMatchObject({ body: html, bodyFormat: 'text' });
  });

  it(`cuts a body longer than ${MAX_BODY_BYTES} bytes, marks it, and stops reading`, async () => {
    const pulled = vi.fn();
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({ pull: (stream) => (pulled(), stream.enqueue(chunk)) });
    const result = await call(answering(() => new Response(endless, { status: 201, headers: { 'Content-Type': 'application/json' } })));

    expect(result.response).toMatchObject({ bodyFormat: 'text', truncated: true });
    expect(result.response?.body).toBe('a'.repeat(MAX_BODY_BYTES));
    expect(pulled.mock.calls.length).toBeLessThan(8);
  });

  it(`keeps a body of exactly ${MAX_BODY_BYTES} bytes whole`, async () => {
    const body = JSON.stringify({ id: 'u-1', pad: 'p'.repeat(MAX_BODY_BYTES - 21) });
    expect(new TextEncoder().encode(body).byteLength).toBe(MAX_BODY_BYTES);
    const result = await call(answering(() => new Response(body, { status: 201, headers: { 'Content-Type': 'application/json' } })));
    expect(result.response).toMatchObject({ bodyFormat: 'json', body: JSON.parse(body) });
    expect(result.response).not.toHaveProperty('truncated');
  });

  it('measures the time to the headers and to the end of the body', async () => {
    vi.useFakeTimers();
    const fetchStub = vi.fn<typeof fetch>(async () => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      const body = new ReadableStream({
        start: (stream) => void setTimeout(() => (stream.enqueue(new TextEncoder().encode('{}')), stream.close()), 80),
      });
      return new Response(body, { status: 201, headers: { 'Content-Type': 'application/scim+json' } });
    });
    const pending = call(fetchStub);
    await vi.advanceTimersByTimeAsync(200);
    const result = await pending;
    expect(result.durationMs).toBe(200);
    expect(result.response?.waitMs).toBe(120);
    expect(Date.parse(result.startedAt)).toBeLessThanOrEqual(Date.now());
  });
});

describe('the key never appears in a result', () => {
  it('is hidden in the reason phrase, headers and body, in any letter case', async () => {
    const echo = {
      detail: `bad ${KEY.toUpperCase()}`,
      nested: [{ [KEY]: KEY.toLowerCase() }],
      meta: { location: `${ENDPOINT}?k=${KEY}` },
    };
    const fetchStub = answering(() =>
      new Response(JSON.stringify(echo), {
        status: 201,
        statusText: `OK ${KEY}`,
        headers: { 'Content-Type': 'application/json', 'X-Echo': `Bearer ${KEY}` },
      }),
    );
    const result = await call(fetchStub);

    expect(JSON.stringify(result).toLowerCase()).not.toContain(KEY.toLowerCase());
    expect(result.response?.body).toEqual({
      detail: 'bad [redacted]',
      nested: [{ '[redacted]': '[redacted]' }],
      meta: { location: `${ENDPOINT}?k=[redacted]` },
    });
    expect(result.location).toBe(`${ENDPOINT}?k=[redacted]`);
  });

  it('is hidden when the server echoes it inside JSON escapes', async () => {
    const key = 'abc"def\\ghi';
    const result = await call(answering(scimJson(400, { detail: `got ${key}` })), { apiKey: key });
    expect(result.detail).toBe('got [redacted]');
    expect(JSON.stringify(result)).not.toContain(JSON.stringify(key).slice(1, -1));
  });
});

describe('a stored key that cannot be sent', () => {
  it.each([
    ['non-ISO-8859-1 characters', 'ключ-🔑'],
    ['a CR LF', 'sk-live\r\nX-Injected: 1'],
    ['a NUL', 'sk-live\u0000tail'],
  ])('with %s: nothing is sent and the result says the key is unusable', async (_label, key) => {
    const fetchStub = answering(() => new Response(null, { status: 201 }));
    const result = await call(fetchStub, { apiKey: key });

    expect(fetchStub).not.toHaveBeenCalled();
    expect(outcome(result)).toEqual({
      status: 0,
      statusText: 'Unusable API key',
      ok: false,
      detail: 'The stored API key has characters an HTTP header cannot carry, so nothing was sent',
    });
    expect(result).not.toHaveProperty('response');
  });

  it('sends a key with Latin-1 letters and inner spaces or tabs', async () => {
    const fetchStub = answering(() => new Response(null, { status: 201 }));
    expect((await call(fetchStub, { apiKey: 'clé secrète\tÿ' })).status).toBe(201);
    expect(requestOf(fetchStub).headers.get('Authorization')).toBe('Bearer clé secrète\tÿ');
  });
});

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])('a readable %i is an error that names its target, resolved against the URL', async (status) => {
    const result = await call(answering(() => new Response(null, { status, headers: { Location: '/elsewhere/Users' } })));
    expect(result).toMatchObject({ status, ok: false, response: { status } });
    expect(result.detail).toBe(
      'Redirected to https://scim.example.com/elsewhere/Users; redirects are not followed, so the configured server did not carry out this call',
    );
  });

  it('an opaque redirect (what a browser gives for redirect: manual) says it was redirected, target unknown', async () => {
    const opaque = () => Object.defineProperty(Response.error(), 'type', { value: 'opaqueredirect' });
    const result = await call(answering(opaque));
    expect(outcome(result)).toEqual({
      status: 0,
      statusText: 'Redirected',
      ok: false,
      detail:
        'The server answered with a redirect (the browser does not tell the page where to); redirects are not followed, so the configured server did not carry out this call',
    });
  });
});
