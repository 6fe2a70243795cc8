// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { API_KEY_TOKEN } from '../secrets/key-token';
import type { ScimCall } from '../http/call';
import { SNIPPET_TARGETS } from '../snippets';
import type { CheckResult } from './check';
import { checkReportMarkdown } from './report';

const call = (method: 'GET' | 'DELETE', path: string): ScimCall => ({
  purpose: 'check',
  status: 200,
  statusText: 'OK',
  ok: true,
  startedAt: '2026-11-25T00:00:00.000Z',
  durationMs: 1,
  request: { method, url: `https://scim.example.com/scim/v2${path}`, headers: { Authorization: `Bearer ${API_KEY_TOKEN}` } },
});
const READ = call('GET', '/Users/1');
const DELETE = call('DELETE', '/Users/1');
const RESULTS: CheckResult[] = [
  { id: 'read', name: 'Read back', source: 'RFC 7644 §3.4.1', outcome: 'pass', calls: [READ, DELETE] },
  { id: 'none', name: 'No calls', source: 'RFC 7644', outcome: 'skipped', calls: [] },
];

describe('Copy report in each language', () => {
  it.each(SNIPPET_TARGETS.map((target) => [target.label, target] as const))('writes each check\'s calls as %s, in a fence of its language', (_label, target) => {
    const markdown = checkReportMarkdown(RESULTS, '1 passed, 0 failed, 1 skipped', target);
    expect(markdown).toContain(['### Read back', '', `\`\`\`${target.fence}`, target.generate(READ.request), '', target.generate(DELETE.request), '```'].join('\n'));
    expect(markdown).not.toContain('### No calls');
    expect(markdown).not.toContain(API_KEY_TOKEN);
  });
});
