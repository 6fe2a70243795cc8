// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScimResult } from './client';
import { BODY_STALL_MS } from './read-response';
import { ERROR_SCHEMA, GROUP_SCHEMA } from '../protocol';
import type { ScimGroup } from '../records/schemas';
import { answering, callerWith, hanging, outcome, requestOf, scimJson, signalOf } from '../../test-support/fetch-stub';

const ENDPOINT = 'https://scim.example.com/scim/v2/Groups';
const RECORD: ScimGroup = { schemas: [GROUP_SCHEMA], displayName: 'toys_engineer' };
const KEY = 'k-secret-123';

const send = callerWith({ method: 'POST', url: ENDPOINT, body: RECORD, apiKey: KEY });

function scimError(status: number, body: object, contentType = 'application/scim+json'): () => Response {
  return scimJson(status, body, { 'Content-Type': contentType });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the request', () => {
  it('POSTs the record as SCIM JSON to the URL, with the key as a bearer credential', async () => {
    const fetchStub = answering(() => new Response(null, { status: 201 }));
    await send(fetchStub);

    expect(fetchStub).toHaveBeenCalledTimes(1);
    const { url, init, headers } = requestOf(fetchStub);
    expect(url).toBe(ENDPOINT);
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/scim+json');
    expect(headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(String(init.body))).toEqual(RECORD);
  });

  it('sends no Authorization header at all without a key', async () => {
    const fetchStub = answering(() => new Response(null, { status: 201 }));
    await send(fetchStub, { apiKey: null });

    const { headers } = requestOf(fetchStub);
    expect(headers.has('Authorization')).toBe(false);
    expect([...headers.values()].join(' ')).not.toMatch(/Bearer|null/);
    expect(headers.get('Content-Type')).toBe('application/scim+json');
  });

  it('never uses the HTTP cache, so a read-back is what the server holds now', async () => {
    const fetchStub = answering(() => new Response(null, { status: 201 }));
    await send(fetchStub);

    expect(requestOf(fetchStub).init.cache).toBe('no-store');
  });

  it('puts the key in the Authorization header only, never in the URL or body', async () => {
    const fetchStub = answering(() => new Response(null, { status: 201 }));
    await send(fetchStub);

    const { url, init } = requestOf(fetchStub);
    expect(url).not.toContain(KEY);
    expect(String(init.body)).not.toContain(KEY);
  });
});

describe('statuses', () => {
  it.each([
    [201, true, 'Created'],
    [400, false, 'Bad Request'],
    [401, false, 'Unauthorized'],
    [409, false, 'Conflict'],
    [429, false, 'Too Many Requests'],
    [500, false, 'Internal Server Error'],
  ])('reports %i as ok=%s with its status text', async (status, ok, statusText) => {
    const result = await send(answering(() => new Response(null, { status, statusText })));
    expect(outcome(result)).toEqual({ status, statusText, ok });
  });

  it.each([
    [201, 'Created'],
    [409, 'Conflict'],
    [429, 'Too Many Requests'],
    [503, 'Service Unavailable'],
  ])('falls back to the reason phrase of %i when the status text is empty (HTTP/2)', async (status, phrase) => {
    const result = await send(answering(() => new Response(null, { status, statusText: '' })));
    expect(result.statusText).toBe(phrase);
  });

  it("keeps the server's own status text when there is one", async () => {
    const result = await send(answering(() => new Response(null, { status: 201, statusText: 'Made It' })));
    expect(result.statusText).toBe('Made It');
  });
});

describe('error bodies', () => {
  it('adds the SCIM detail and scimType of an error', async () => {
    const body = { schemas: [ERROR_SCHEMA], status: '409', scimType: 'uniqueness', detail: 'userName is already taken' };
    const result = await send(answering(scimError(409, body)));
    expect(outcome(result)).toEqual({
      status: 409,
      statusText: 'Conflict',
      ok: false,
      detail: 'userName is already taken',
      scimType: 'uniqueness',
    });
  });

  it('reads a SCIM error sent as application/json with a charset', async () => {
    const body = { schemas: [ERROR_SCHEMA], status: '400', detail: 'Attribute employeeNumber must be a string' };
    const result = await send(answering(scimError(400, body, 'application/json; charset=utf-8')));
    expect(result.detail).toBe('Attribute employeeNumber must be a string');
    expect(result).not.toHaveProperty('scimType');
  });

  it('keeps detail and scimType as plain text, HTML and all', async () => {
    const detail = '<img src=x onerror=alert(1)>';
    const result = await send(answering(scimError(400, { detail, scimType: '<b>invalidValue</b>' })));
    expect(result.detail).toBe(detail);
    expect(result.scimType).toBe('<b>invalidValue</b>');
  });

  it('truncates a very long detail', async () => {
    const result = await send(answering(scimError(400, { detail: 'x'.repeat(5000) })));
    expect(result.detail?.length).toBeLessThanOrEqual(300);
    expect(result.detail).toMatch(/^x+…$/);
  });

  it('truncates a very long reason phrase', async () => {
    const result = await send(answering(() => new Response(null, { status: 502, statusText: 'y'.repeat(5000) })));
    expect(result.statusText.length).toBeLessThanOrEqual(300);
    expect(result.statusText).toMatch(/^y+…$/);
  });

  it('redacts the API key when the server echoes it back', async () => {
    const body = { detail: `Key ${KEY} is not valid`, scimType: `bad:${KEY}` };
    const result = await send(answering(scimError(401, body)));
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(result.detail).toBe('Key [redacted] is not valid');
  });

  it('redacts the API key from a reason phrase that echoes it', async () => {
    const result = await send(answering(() => new Response(null, { status: 401, statusText: `Bad key ${KEY}` })));
    expect(result.statusText).toBe('Bad key [redacted]');
  });

  it.each([
    ['an HTML page', '<html><body><h1>500 Internal Server Error</h1></body></html>', 'text/html'],
    ['plain text', 'upstream connect error', 'text/plain'],
    ['invalid JSON', '{"detail": "cut off', 'application/scim+json'],
    ['a JSON array', '["detail"]', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['non-string fields', '{"detail": {"nested": true}, "scimType": 42}', 'application/scim+json'],
    ['JSON under a non-JSON content type', '{"detail": "hidden"}', 'text/html'],
  ])('shows status and reason only for %s', async (_label, body, contentType) => {
    const fetchStub = answering(() => new Response(body, { status: 500, headers: { 'Content-Type': contentType } }));
    expect(outcome(await send(fetchStub))).toEqual({ status: 500, statusText: 'Internal Server Error', ok: false });
  });

  it.each([
    [201, 'text/plain'],
    [500, 'text/html'],
  ])('reads the body of a %i %s answer until the timeout, then cancels it, keeping the status', async (status, contentType) => {
    vi.useFakeTimers();
    const cancel = vi.fn();
    // A stream that never ends and, unlike a real fetch body, ignores the request's abort.
    const neverEnding = new ReadableStream({ start: (stream) => stream.enqueue(new TextEncoder().encode('{"id":')), cancel });
    let result: ScimResult | undefined;
    const fetchStub = answering(() => new Response(neverEnding, { status, headers: { 'Content-Type': contentType } }));
    void send(fetchStub, { timeoutMs: 500 }).then((sent) => (result = sent));

    await vi.advanceTimersByTimeAsync(499);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ status, response: { status, body: '{"id":', bodyFormat: 'text', truncated: true } });
  });

  it(`cuts a body that sends nothing for ${BODY_STALL_MS} ms, long before the timeout`, async () => {
    vi.useFakeTimers();
    const cancel = vi.fn();
    const stalling = new ReadableStream({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"id":'));
        setTimeout(() => stream.enqueue(new TextEncoder().encode('"u-1",')), BODY_STALL_MS - 1);
      },
      cancel,
    });
    let result: ScimResult | undefined;
    void send(answering(() => new Response(stalling, { status: 201 }))).then((sent) => (result = sent));

    await vi.advanceTimersByTimeAsync(2 * BODY_STALL_MS - 2);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ status: 201, ok: true, response: { body: '{"id":"u-1",', truncated: true } });
  });

  it('gives up reading an error body that never ends at the timeout, keeping the status', async () => {
    vi.useFakeTimers();
    // As with the real fetch, aborting the request errors its body stream.
    const fetchStub = vi.fn<typeof fetch>(async (_input, init) => {
      const body = new ReadableStream({
        start(stream) {
          init?.signal?.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 400, headers: { 'Content-Type': 'application/scim+json' } });
    });
    let result: ScimResult | undefined;
    void send(fetchStub, { timeoutMs: 1000 }).then((sent) => (result = sent));

    await vi.advanceTimersByTimeAsync(999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome(result as ScimResult)).toEqual({ status: 400, statusText: 'Bad Request', ok: false });
    expect(result?.response?.truncated).toBe(true);
  });

  it('takes no error detail from the body of a success', async () => {
    const fetchStub = answering(scimError(201, { detail: 'should not show' }));
    expect(outcome(await send(fetchStub))).toEqual({ status: 201, statusText: 'Created', ok: true });
  });
});

describe('faults', () => {
  it('turns a network failure into status 0 "Network error"', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await send(fetchStub);
    expect(result).toMatchObject({ status: 0, statusText: 'Network error', ok: false });
    expect(result.detail).toMatch(/could not be reached/);
  });

  it('turns a fetch that throws synchronously, or rejects with a non-Error, into a network error', async () => {
    const throwing = vi.fn<typeof fetch>(() => {
      throw new TypeError('Failed to construct Request');
    });
    const rejectingWithString = vi.fn<typeof fetch>(() => Promise.reject('reset'));
    expect(await send(throwing)).toMatchObject({ status: 0, statusText: 'Network error' });
    expect(await send(rejectingWithString)).toMatchObject({ status: 0, statusText: 'Network error' });
  });

  it('aborts the call after timeoutMs and reports "Timed out"', async () => {
    vi.useFakeTimers();
    const fetchStub = hanging();
    let result: ScimResult | undefined;
    void send(fetchStub, { timeoutMs: 1000 }).then((sent) => (result = sent));

    await vi.advanceTimersByTimeAsync(999);
    expect(result).toBeUndefined();
    expect(signalOf(fetchStub).aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(signalOf(fetchStub).aborted).toBe(true);
    expect(result).toMatchObject({ status: 0, statusText: 'Timed out', ok: false });
    expect(result?.detail).toContain('1000 ms');
  });

  it('aborts the call when its batch is abandoned and reports "Aborted"', async () => {
    const batch = new AbortController();
    const fetchStub = hanging();
    const pending = send(fetchStub, { signal: batch.signal });

    expect(signalOf(fetchStub).aborted).toBe(false);
    batch.abort();
    expect(signalOf(fetchStub).aborted).toBe(true);
    expect(outcome(await pending)).toEqual({ status: 0, statusText: 'Aborted', ok: false });
  });

  it('reports "Aborted" for a batch abandoned before the call started', async () => {
    const batch = new AbortController();
    batch.abort();
    const fetchStub = hanging();
    expect(outcome(await send(fetchStub, { signal: batch.signal }))).toEqual({ status: 0, statusText: 'Aborted', ok: false });
    expect(signalOf(fetchStub).aborted).toBe(true);
  });

  it('leaves no listener on the batch signal and no timer once the call has ended', async () => {
    vi.useFakeTimers();
    const batch = new AbortController();
    const added = vi.spyOn(batch.signal, 'addEventListener');
    const removed = vi.spyOn(batch.signal, 'removeEventListener');
    const fetchStub = answering(() => new Response(null, { status: 201 }));

    await send(fetchStub, { signal: batch.signal });

    expect(vi.getTimerCount()).toBe(0);
    expect(removed.mock.calls).toEqual(added.mock.calls);
    batch.abort();
    expect(signalOf(fetchStub).aborted).toBe(false);
  });

  it('never rejects, whatever fetch or the body does', async () => {
    const brokenBody = () => {
      const response = new Response('{}', { status: 400, headers: { 'Content-Type': 'application/json' } });
      vi.spyOn(response, 'json').mockRejectedValue(new TypeError('body stream already read'));
      return response;
    };
    const outcomes = await Promise.allSettled([
      send(answering(brokenBody)),
      send(vi.fn<typeof fetch>(() => Promise.reject(new Error('boom')))),
      send(vi.fn<typeof fetch>(() => Promise.reject(undefined))),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(outcomes[0]).toMatchObject({ value: { status: 400, statusText: 'Bad Request', ok: false } });
  });
});
