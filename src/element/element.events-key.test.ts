import { describe, expect, it } from 'vitest';
import type { BatchResult, ItemResult } from '../batch/results';
import { API_KEY_TOKEN } from '../scim/secrets/key-token';
import { answer, mountGenerator, press, setUpGeneratorPage } from '../test-support/element';

const page = setUpGeneratorPage();

describe('the key in the events', () => {
  it('shows as Bearer $SCIM_TOKEN in each request, as it always has, never as the call log\'s token', async () => {
    localStorage.setItem('apikey', 'key-of-the-events-test');
    const details: unknown[] = [];
    document.addEventListener('scim-generator-result', (event) => details.push((event as CustomEvent<ItemResult>).detail));
    document.addEventListener('scim-generator-complete', (event) => details.push((event as CustomEvent<BatchResult>).detail));
    press(mountGenerator());
    for (const call of page.server.calls.slice(0, 10)) await answer(call, 201, { body: { id: 'u-1' } });

    const complete = details.at(-1) as BatchResult;
    expect(details).toHaveLength(11);
    expect(complete.results[0]?.request.headers.Authorization).toBe('Bearer $SCIM_TOKEN');
    expect(complete.calls.map((call) => call.request.headers.Authorization)).toEqual(Array(10).fill('Bearer $SCIM_TOKEN'));
    expect((details[0] as ItemResult).calls[0]?.request.headers.Authorization).toBe('Bearer $SCIM_TOKEN');
    expect(JSON.stringify(details)).not.toContain(API_KEY_TOKEN);
  });
});
