import { describe, expect, it } from 'vitest';
import { API_KEY_TOKEN, keyParts, shownHeaders, withKeyShown } from './key-token';

const request = { method: 'POST', url: 'https://scim.example.com/scim/v2/Users', headers: { Accept: 'application/scim+json', Authorization: `Bearer ${API_KEY_TOKEN}` }, body: { a: 1 } };
const SHOWN = { Accept: 'application/scim+json', Authorization: 'Bearer $SCIM_TOKEN' };

describe('the key token', () => {
  it('splits a recorded header value around the token, and finds none in other values', () => {
    expect(keyParts(`Bearer ${API_KEY_TOKEN}`)).toEqual({ before: 'Bearer ', after: '' });
    expect(keyParts('application/scim+json')).toBeUndefined();
  });

  it('is shown as $SCIM_TOKEN in headers', () => {
    expect(shownHeaders(request.headers)).toEqual(SHOWN);
  });

  it('is shown as $SCIM_TOKEN in every request of an event, results and calls at any depth, payloads untouched', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 5000; level += 1) deep = [deep];
    const response = { status: 201, headers: {}, body: deep };
    const call = { purpose: 'create', request, response };
    const detail = { results: [{ index: 0, request, response, record: deep, calls: [call] }], calls: [call], action: { call } };

    const shown = withKeyShown(detail);
    expect(shown.results[0]?.request.headers).toEqual(SHOWN);
    expect(shown.results[0]?.calls[0]?.request.headers).toEqual(SHOWN);
    expect(shown.calls[0]?.request).toEqual({ ...request, headers: SHOWN });
    expect(shown.action.call.request.headers).toEqual(SHOWN);
    expect(shown.results[0]?.response).toBe(response);
    expect(shown.results[0]?.record).toBe(deep);
    expect(detail.calls[0]?.request.headers.Authorization).toBe(`Bearer ${API_KEY_TOKEN}`);
  });

  it('keeps a detail that holds no request as it is', () => {
    const detail = { results: [{ index: 0, status: 0 }], done: true };
    expect(withKeyShown(detail)).toBe(detail);
  });
});
