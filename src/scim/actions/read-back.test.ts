import { describe, expect, it, vi } from 'vitest';
import type { ScimResult } from '../http/client';
import { SECOND_LOOK_MS, memberRemoved, readBack, readBackGone, valueIs } from './read-back';

/** A GET answered `status` with `body` as JSON (or, for a string, as text). */
function answer(status: number, body?: unknown, truncated = false): ScimResult {
  const json = typeof body === 'object';
  return {
    status,
    statusText: { 200: 'OK', 404: 'Not Found', 500: 'Internal Server Error' }[status] ?? '',
    ok: status >= 200 && status < 300,
    startedAt: '2026-11-25T00:00:00.000Z',
    durationMs: 1,
    request: { method: 'GET', url: 'https://scim.example.com/scim/v2/Users/u-1', headers: {} },
    response: { status, statusText: '', headers: {}, waitMs: 1, ...(body === undefined ? {} : { body, bodyFormat: json ? 'json' : 'text' }), ...(truncated ? { truncated } : {}) },
  };
}

const title = valueIs('title', (resource) => resource.title, 'Chief Tour Guide');
const noWait = async () => undefined;
const readBackOf = (result: ScimResult, expectations = [title]) => readBack(async () => result, 'https://scim.example.com/scim/v2/Users/u-1', expectations, noWait);

describe('the read-back verdict', () => {
  it('is applied when the GET shows every new value', async () => {
    expect(await readBackOf(answer(200, { id: 'u-1', title: 'Chief Tour Guide' }))).toEqual({ applied: true, differences: [] });
  });

  it('names the value the server kept, or that it has none', async () => {
    expect(await readBackOf(answer(200, { id: 'u-1', title: 'Engineer' }))).toEqual({ applied: false, differences: ['the server still has title "Engineer"'] });
    expect(await readBackOf(answer(200, { id: 'u-1' }))).toEqual({ applied: false, differences: ['the server has no title'] });
  });

  it('says the resource is gone when the GET answers 404', async () => {
    expect(await readBackOf(answer(404, { detail: 'not found' }))).toEqual({
      applied: false,
      differences: ['the resource is gone (the read-back GET answered 404 Not Found)'],
    });
  });

  it('says what came instead of a resource: another status, a body cut short, or no JSON', async () => {
    expect((await readBackOf(answer(500, 'oops'))).differences).toEqual(['the read-back GET answered 500 Internal Server Error']);
    expect((await readBackOf(answer(200, { title: 'Chief Tour Guide' }, true))).differences).toEqual(['the read-back GET answered a body cut short']);
    expect((await readBackOf(answer(200, '<html>'))).differences).toEqual(['the read-back GET answered no JSON resource']);
  });

  it('looks a second time after a short wait when the first GET shows the old value: late is applied, with how late', async () => {
    const waits: number[] = [];
    const answers = [answer(200, { title: 'Engineer' }), answer(200, { title: 'Chief Tour Guide' })];
    const late = await readBack(async () => answers.shift() as ScimResult, 'https://scim.example.com/scim/v2/Users/u-1', [title], async (ms) => void waits.push(ms));
    expect(late).toEqual({ applied: true, differences: [], appliedAfterMs: SECOND_LOOK_MS });
    expect(waits).toEqual([SECOND_LOOK_MS]);
    expect(answers).toEqual([]);
  });

  it('keeps its verdict when the second look still shows the old value, and waits for nothing when the first GET failed', async () => {
    vi.useFakeTimers();
    let gets = 0;
    const kept = readBack(async () => (gets++, answer(200, { title: 'Engineer' })), 'https://scim.example.com/scim/v2/Users/u-1', [title]);
    await vi.advanceTimersByTimeAsync(SECOND_LOOK_MS - 1);
    expect(gets).toBe(1); // the second look waits the whole delay
    await vi.advanceTimersByTimeAsync(1);
    expect(await kept).toEqual({ applied: false, differences: ['the server still has title "Engineer"'] });
    expect(gets).toBe(2);
    vi.useRealTimers();
    const sent: unknown[] = [];
    await readBack(async (request) => (sent.push(request), answer(500, 'oops')), 'https://scim.example.com/scim/v2/Users/u-1', [title], noWait);
    expect(sent).toHaveLength(1);
  });

  it('sends one GET to the resource it changed', async () => {
    const sent: unknown[] = [];
    await readBack(async (request) => (sent.push(request), answer(200, {})), 'https://scim.example.com/scim/v2/Users/u-1', []);
    expect(sent).toEqual([{ method: 'GET', url: 'https://scim.example.com/scim/v2/Users/u-1' }]);
  });
});

describe('a removed member', () => {
  const members = (...ids: string[]) => ({ members: ids.map((value) => ({ value })) });

  it('is applied when the member is gone and the others stay', async () => {
    expect((await readBackOf(answer(200, members('b', 'c')), memberRemoved('a', ['b', 'c']))).applied).toBe(true);
  });

  it('says the member is still in the group', async () => {
    expect((await readBackOf(answer(200, members('a', 'b')), memberRemoved('a', ['b']))).differences).toEqual(['the member is still in the group']);
  });

  it('says the server dropped the other members too', async () => {
    expect((await readBackOf(answer(200, members()), memberRemoved('a', ['b', 'c']))).differences).toEqual(['the server also dropped 2 other members']);
  });

  it('takes a group whose GET lists no members at all as without the member (Entra: returning members is optional)', async () => {
    expect((await readBackOf(answer(200, { id: 'g-1' }), memberRemoved('a', ['b']))).applied).toBe(true);
  });
});

describe('the read-back after a DELETE', () => {
  const url = 'https://scim.example.com/scim/v2/Groups/g-1';
  const goneAfter = (...answers: ScimResult[]) => {
    const sent: unknown[] = [];
    const waits: number[] = [];
    const verdict = readBackGone(async (request) => (sent.push(request), answers.shift() as ScimResult), url, 'group', async (ms) => void waits.push(ms));
    return verdict.then((read) => ({ read, sent, waits }));
  };

  it('is applied when a GET answers 404 (RFC 7644 §3.6), with no second look', async () => {
    const { read, sent, waits } = await goneAfter(answer(404, { detail: 'not found' }));
    expect(read).toEqual({ applied: true, differences: [] });
    expect(sent).toEqual([{ method: 'GET', url }]);
    expect(waits).toEqual([]);
  });

  it('is not applied when both looks still find the resource', async () => {
    const { read, sent, waits } = await goneAfter(answer(200, { id: 'g-1' }), answer(200, { id: 'g-1' }));
    expect(read).toEqual({ applied: false, differences: ['a GET still finds the group'] });
    expect(sent).toHaveLength(2);
    expect(waits).toEqual([SECOND_LOOK_MS]);
  });

  it('is applied late when only the second look answers 404', async () => {
    const { read } = await goneAfter(answer(200, { id: 'g-1' }), answer(404));
    expect(read).toEqual({ applied: true, differences: [], appliedAfterMs: SECOND_LOOK_MS });
  });

  it('says what came instead of a 404 or a resource, without a second look', async () => {
    const { read, waits } = await goneAfter(answer(500, 'oops'));
    expect(read).toEqual({ applied: false, differences: ['the read-back GET answered 500 Internal Server Error'] });
    expect(waits).toEqual([]);
  });
});
