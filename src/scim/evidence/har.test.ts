// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { API_KEY_PLACEHOLDER } from '../secrets/key-token';
import { SCIM_CONTENT_TYPE } from '../protocol';
import type { ScimCall } from '../http/call';
import { sendScim, type ScimCallOptions } from '../http/client';
import { har as validHar } from 'har-validator';
import { harFileName, harOf } from './har';

const URL = 'https://scim.example.com/scim/v2/Users';
const KEY = 'k-secret-key-0123';
const CREATOR = { name: 'scim-generator', version: '0.1.0' };

/** A real logged call: sendScim against a stubbed fetch, as the call log records it. */
async function logged(options: Omit<ScimCallOptions, 'timeoutMs' | 'signal'>, purpose: ScimCall['purpose']): Promise<ScimCall> {
  return { purpose, item: 2, ...(await sendScim({ timeoutMs: 1000, signal: new AbortController().signal, ...options })) };
}

/** A logged create. */
function call(response: () => Response | Promise<Response>, body: unknown = { userName: 'bjensen' }): Promise<ScimCall> {
  return logged({ method: 'POST', url: `${URL}?x=1`, body, apiKey: KEY, fetch: async () => response() }, 'create');
}

/** A logged DELETE: no request body, and no key. */
function remove(response: () => Response): Promise<ScimCall> {
  return logged({ method: 'DELETE', url: `${URL}/42`, apiKey: null, fetch: async () => response() }, 'delete');
}

const created = () =>
  new Response(JSON.stringify({ id: '42', userName: 'bjensen', note: 'ü' }), {
    status: 201,
    headers: { 'Content-Type': SCIM_CONTENT_TYPE },
  });

describe('harOf', () => {
  it('writes a HAR 1.2 log with one entry per call: request, response, bodies and timings', async () => {
    const result = await call(created);
    const har = harOf([result, result], CREATOR);

    expect(har.log).toMatchObject({ version: '1.2', creator: CREATOR, pages: [] });
    expect(har.log.entries).toHaveLength(2);
    const [entry] = har.log.entries;
    expect(entry?.startedDateTime).toBe(result.startedAt);
    expect(new Date(entry?.startedDateTime ?? '').toISOString()).toBe(entry?.startedDateTime);
    expect(entry?.time).toBe(result.durationMs);
    expect(entry?.request).toMatchObject({
      method: 'POST',
      url: `${URL}?x=1`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      queryString: [{ name: 'x', value: '1' }],
      postData: { mimeType: SCIM_CONTENT_TYPE, text: '{"userName":"bjensen"}' },
      headersSize: -1,
      bodySize: 22,
    });
    expect(entry?.request.headers).toContainEqual({ name: 'Authorization', value: `Bearer ${API_KEY_PLACEHOLDER}` });
    expect(entry?.response).toMatchObject({ status: 201, statusText: 'Created', redirectURL: '', headersSize: -1 });
    expect(entry?.response.content).toEqual({
      size: 44, // UTF-8 bytes: 43 characters, and the ü takes two bytes
      mimeType: SCIM_CONTENT_TYPE,
      text: '{"id":"42","userName":"bjensen","note":"ü"}',
    });
    const timings = entry?.timings;
    expect(timings && timings.send + timings.wait + timings.receive).toBe(entry?.time);
    expect(entry?.comment).toBe('create, item 3');
  });

  it('keeps each response body as the text the server sent, not re-serialized', async () => {
    const served = '{ "userName" : "bjensen",\n  "id":"42" ,"emails":[ ]}\n';
    const answered = await call(() => new Response(served, { status: 201, headers: { 'Content-Type': SCIM_CONTENT_TYPE } }));
    const [entry] = harOf([answered], CREATOR).log.entries;
    expect(entry?.response.content.text).toBe(served);
    expect(entry?.response.content.size).toBe(new TextEncoder().encode(served).length);
  });

  it('never holds the key in any letter case, even when the server echoes it', async () => {
    const echo = await call(
      () =>
        new Response(JSON.stringify({ detail: `bad key ${KEY}, ${KEY.toUpperCase()}` }), {
          status: 401,
          headers: { 'Content-Type': 'application/json', 'X-Echo': KEY.toUpperCase() },
        }),
    );
    const text = JSON.stringify(harOf([echo], CREATOR)).toLowerCase();
    expect(text).not.toContain(KEY.toLowerCase());
    expect(text).toContain('[redacted]');
  });

  it('records a call that got no response with status 0 and why, as Chromium does', async () => {
    const failed = await call(() => Promise.reject(new TypeError('Failed to fetch')));
    const [entry] = harOf([failed], CREATOR).log.entries;
    expect(entry?.response).toMatchObject({ status: 0, bodySize: 0, content: { size: 0, mimeType: '' } });
    expect(entry?.response._error).toMatch(/^Network error: /);
  });

  it('keeps a text body as text and a call without a body without postData', async () => {
    const html = await remove(() => new Response('<h1>gone</h1>', { status: 500, headers: { 'Content-Type': 'text/html' } }));
    const [entry] = harOf([html], CREATOR).log.entries;
    expect(entry?.request).not.toHaveProperty('postData');
    expect(entry?.request.bodySize).toBe(0);
    expect(entry?.response.content).toEqual({ size: 13, mimeType: 'text/html', text: '<h1>gone</h1>' });
  });
});

describe('harOf, read by har-validator (the HAR 1.2 JSON schema)', () => {
  it('is a valid HAR for answered, failed, redacted and body-less calls together', async () => {
    const calls = await Promise.all([
      call(created),
      call(() => Promise.reject(new TypeError('Failed to fetch'))),
      call(() => new Response(JSON.stringify({ detail: `bad key ${KEY}` }), { status: 401 })),
      remove(() => new Response(null, { status: 204 })),
    ]);
    await expect(validHar(harOf(calls, CREATOR))).resolves.toBeTruthy();
  });

  it('is refused when an entry lacks what HAR 1.2 requires (so the check above can fail)', async () => {
    const har = harOf([await call(created)], CREATOR);
    const [entry] = har.log.entries;
    await expect(validHar({ log: { ...har.log, entries: [{ ...entry, timings: undefined }] } })).rejects.toMatchObject({ errors: expect.any(Array) });
  });
});

describe('harFileName', () => {
  it('names the file by the time, with no characters a file system refuses', () => {
    expect(harFileName(new Date('2026-11-22T10:30:00.123Z'))).toBe('scim-generator-2026-11-22T10-30-00.har');
  });
});
