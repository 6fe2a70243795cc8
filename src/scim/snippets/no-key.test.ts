// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answering, scimJson } from '../../test-support/fetch-stub';
import { sendScim } from '../http/client';
import { redactorFor } from '../secrets/redact';
import { SNIPPET_TARGETS } from '.';

const KEY = 'sk-Live-7f3a9c2e+/Zz';
const utf8 = new TextEncoder().encode(KEY);
/** The key in every encoding the element redacts, as a record could hold it. */
const ENCODED = [
  KEY,
  KEY.toUpperCase(),
  btoa(KEY),
  btoa(`user:${KEY}`).replaceAll('+', '-').replaceAll('/', '_'),
  encodeURIComponent(KEY),
  [...utf8].map((byte) => byte.toString(16).padStart(2, '0')).join(''),
  [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  JSON.stringify(KEY),
];

describe('the key in snippets', () => {
  it.each(SNIPPET_TARGETS.map((target) => [target.label, target] as const))('appears in no %s snippet, in any encoding the element knows', async (_label, target) => {
    const fetch = answering(scimJson(201, { id: 'u-1' }));
    const call = await sendScim({
      method: 'POST',
      url: 'https://scim.example.com/scim/v2/Users',
      body: { userName: 'bjensen', notes: ENCODED, [KEY]: ENCODED },
      apiKey: KEY,
      timeoutMs: 1000,
      signal: new AbortController().signal,
      fetch,
    });
    const snippet = target.generate(call.request);
    expect(snippet).toContain('SCIM_TOKEN');
    expect(redactorFor(KEY).text(snippet)).toBe(snippet);
    for (const form of ENCODED) expect(snippet).not.toContain(form);
  });
});
