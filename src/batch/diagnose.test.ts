// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { CallRequest, ScimCall, SendCall } from '../scim/http/call';
import { NETWORK_ERROR, OPAQUE_ANSWER, TIMED_OUT } from '../scim/http/client';
import { diagnoseBatch, explained, type PageFacts } from './diagnose';
import type { ItemResult } from './results';

const BASE = 'https://scim.example.com/scim/v2';
const PAGE: PageFacts = { href: 'https://docs.example.com/try', chromium: true };

function call(status: number, statusText: string, method: 'POST' | 'GET' = 'POST'): ScimCall {
  const headers = { 'Content-Type': 'application/scim+json', Authorization: 'Bearer $SCIM_TOKEN' };
  return { purpose: 'create', item: 0, status, statusText, ok: status === 201, startedAt: '', durationMs: 1, request: { method, url: `${BASE}/Users`, headers } };
}

/** A sender of probes whose answers are, in turn, `outcomes` (true: answered). */
function prober(...outcomes: boolean[]) {
  const sent: CallRequest[] = [];
  const send = vi.fn<SendCall>(async (request) => {
    sent.push(request);
    const answer = outcomes[sent.length - 1];
    const statusText = answer ? (request.mode === 'no-cors' ? OPAQUE_ANSWER : 'Not Found') : NETWORK_ERROR;
    return { ...call(answer && request.mode !== 'no-cors' ? 404 : 0, statusText, 'GET'), purpose: 'probe', item: undefined };
  });
  return { send, sent };
}

describe('diagnoseBatch', () => {
  it('sends no probe when no call needs a diagnosis (timeouts, answers)', async () => {
    const { send } = prober();
    expect(await diagnoseBatch([call(0, TIMED_OUT), call(201, 'Created')], BASE, PAGE, send)).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends no probe when a call of the same method and headers got an answer: the connection failed', async () => {
    const { send } = prober();
    expect(await diagnoseBatch([call(0, NETWORK_ERROR), call(409, 'Conflict')], BASE, PAGE, send)).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
  });

  it('still probes when only a call of another method got an answer (a lookup GET before a refused POST)', async () => {
    const { send } = prober(true);
    expect(await diagnoseBatch([call(200, 'OK', 'GET'), call(0, NETWORK_ERROR)], BASE, PAGE, send)).toBe('cors-preflight');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each([
    [[true], 'cors-preflight', 1],
    [[false, true], 'cors-origin', 2],
    [[false, false], 'unreachable', 2],
  ] as const)('probes %j give %s after %i probes, each a GET of the base URL without a body', async (outcomes, diagnosis, count) => {
    const { send, sent } = prober(...outcomes);
    expect(await diagnoseBatch([call(0, NETWORK_ERROR)], BASE, PAGE, send)).toBe(diagnosis);
    expect(sent).toHaveLength(count);
    expect(sent.every((request) => request.method === 'GET' && request.url === BASE && request.body === undefined)).toBe(true);
    expect(send.mock.calls.every(([, purpose]) => purpose === 'probe')).toBe(true);
  });

  it('names mixed content without a probe', async () => {
    const { send } = prober();
    expect(await diagnoseBatch([call(0, NETWORK_ERROR)], 'http://scim.example.com/scim/v2', PAGE, send)).toBe('mixed-content');
    expect(send).not.toHaveBeenCalled();
  });
});

describe('explained', () => {
  const result = (status: number, statusText: string) => ({ ...call(status, statusText), index: 0, record: {} as ItemResult['record'] });

  it('gives an item that got no answer the diagnosis and its text, and leaves the others alone', () => {
    const failed = explained(result(0, NETWORK_ERROR), 'cors-origin', PAGE, BASE);
    expect(failed).toMatchObject({ status: 0, statusText: 'Blocked by CORS', diagnosis: 'cors-origin' });
    expect(failed.detail).toContain('Access-Control-Allow-Origin: https://docs.example.com');
    const timedOut = result(0, TIMED_OUT);
    expect(explained(timedOut, 'cors-origin', PAGE, BASE)).toBe(timedOut);
    const none = result(0, NETWORK_ERROR);
    expect(explained(none, undefined, PAGE, BASE)).toBe(none);
  });
});
